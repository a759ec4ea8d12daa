"""How much bid odds depend on the players: the same odds under several policies, side by side.

``compare_policies(game, cards, ["heuristic", "pimc"], ...)`` runs :func:`cardsim.bid_odds`
once per policy with the same seed and trial count.  Trial ``i`` deals the same unseen cards
under every policy (the deal depends only on ``(seed, i)``), so the columns differ by the
players alone (common random numbers).  Each row is one option of the player (a bid, or a
euchre action) with its P(make) and expected score under each policy; the recommendation
under each policy closes the table.

>>> from cardsim.odds_policies import compare_policies
>>> cmp = compare_policies("euchre", "JH JD AH KH QH", ["heuristic", "random"], upcard="9H",
...                        trials=200, seed=1, threads=1)
>>> [r["recommendation"] for r in cmp.recommendations][0].split(";")[0]
'order up alone'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .errors import CardsimError
from .game import Game


def split_policies(text: str) -> list[str]:
    """``"heuristic,pimc(worlds=16,eval=playout)"`` -> the names, split on commas outside parentheses."""
    out: list[str] = []
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise CardsimError(f"unbalanced parentheses in policies {text!r}")
        elif ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    if depth:
        raise CardsimError(f"unbalanced parentheses in policies {text!r}")
    out.append(text[start:].strip())
    if any(not p for p in out):
        raise CardsimError(f"an empty policy in {text!r}: give names separated by commas, e.g. heuristic,pimc")
    return out


def _options(odds: Any) -> list[tuple[str, float | None, float, str]]:
    """(option, P(make) or None, expected score, the figure's name) per row of one odds result."""
    game = odds.game
    if game in ("euchre", "cutthroat-euchre"):
        return [(f"round {r['round']}: {r['action']}",
                 None if r["trump"] is None else round(r["p_one"] + r["p_march"], 6), r["expected_net"], "net")
                for r in odds.rows]
    if game in ("spades", "cutthroat-spades"):
        return [(f"bid {r['bid']}", r["p_make"], r["expected_score"], "score") for r in odds.rows]
    if game == "two-hand-pinochle":
        rec = odds.recommendation
        return [("win the hand", rec["p_win"], rec["expected_difference"], "difference")]
    return [(f"bid {r['bid']}", r["p_make"], r["expected_score"], "score")
            for r in odds.rows if r["trump"] == "best"]


def _recommendation(odds: Any) -> str:
    rec = odds.recommendation
    if odds.game in ("euchre", "cutthroat-euchre"):
        return str(rec["action"]) if rec["round1"] is None else f"{rec['round1']}; round 2: {rec['round2']}"
    if odds.game in ("spades", "cutthroat-spades"):
        return str(rec["bid"])
    if odds.game == "two-hand-pinochle":
        return f"P(win) {rec['p_win']:.3f}"
    top = rec["highest_positive_bid"]
    return f"bid up to {top}" if top else "pass"


@dataclass
class PolicyComparison:
    """Bid odds of one hand under several policies (see the module docstring)."""

    game: str
    cards: str | None
    trials: int
    seed: int
    policies: list[str]
    odds: list[Any]
    rows: list[dict[str, Any]]
    recommendations: list[dict[str, Any]]

    @property
    def agree(self) -> bool:
        """Every policy recommends the same."""
        return len({r["recommendation"] for r in self.recommendations}) == 1

    def to_dict(self) -> dict[str, Any]:
        """Exactly what ``cardsim bid --policies ... --json`` prints."""
        return {"game": self.game, "cards": self.cards, "trials": self.trials, "seed": self.seed,
                "policies": self.policies, "rows": self.rows, "recommendations": self.recommendations,
                "agree": self.agree, "odds": [o.to_dict() for o in self.odds]}

    def tables(self) -> list[tuple[str, list[str], list[list[Any]]]]:
        first = self.odds[0]
        where = f"upcard {first.upcard}, " if getattr(first, "upcard", None) else ""
        title = (f"{self.game}: {self.cards or 'blind'} ({where}seat {first.seat}, dealer {first.dealer}, "
                 f"{self.trials:,} deals, the same deals under every policy)\n"
                 + "; ".join(f"[{k + 1}] {p}" for k, p in enumerate(self.policies)))
        figure = self.rows[0]["figure"] if self.rows else "score"
        columns = ["option"]
        for k, p in enumerate(self.policies):
            short = p if len(p) <= 12 else f"[{k + 1}]"
            columns += [f"P(make)\n{short}", f"{figure}\n{short}"]
        body: list[list[Any]] = []
        for row in self.rows:
            line: list[Any] = [row["option"]]
            for cell in row["by_policy"]:
                line += ["-" if cell["p_make"] is None else f"{cell['p_make']:.3f}",
                         "-" if cell["expected"] is None else f"{cell['expected']:+.3f}"]
            body.append(line)
        rec: list[Any] = ["recommendation"]
        for r in self.recommendations:
            rec += [r["recommendation"], ""]
        body.append(rec)
        return [(title, columns, body)]

    def advice(self) -> str:
        recs = "; ".join(f"{r['policy']}: {r['recommendation']}" for r in self.recommendations)
        if self.agree:
            return f"recommendation under every policy: {self.recommendations[0]['recommendation']} ({recs})"
        return f"the recommendation depends on the players: {recs}"


def compare_policies(game: str | Game, cards: str | None, policies: Sequence[str] | str, *,
                     trials: int | None = 20_000, precision: float | None = None, seed: int = 0,
                     threads: int | None = None, progress: Callable[[int, int], None] | None = None,
                     rules: dict[str, Any] | None = None, scheduler: str | None = None, workers: int | None = None,
                     **context: Any) -> PolicyComparison:
    """:func:`cardsim.bid_odds` of ``cards`` under each of ``policies`` (a list, or names separated
    by commas), the same seed and trials, side by side.  ``context``: as bid_odds (seat, dealer,
    upcard, scores, blind).  Each policy plays every seat; give a list of per-seat lists for more.
    ``scheduler`` or ``workers``: every policy's trials on one Dask cluster (the same odds)."""
    from .odds import bid_odds
    from .runner import check_cluster_options, using
    names: list[Any] = split_policies(policies) if isinstance(policies, str) else list(policies)
    if len(names) < 2:
        raise CardsimError(f"compare at least two policies, got {len(names)}: e.g. heuristic,pimc")
    if precision is not None:
        raise CardsimError("compare policies with --trials (the same deals under each), not --precision")
    check_cluster_options(scheduler, workers)
    the_game = game if isinstance(game, Game) else Game(game, **(rules or {}))
    results = []
    with using(scheduler, workers):  # one cluster for every policy (bid_odds runs on the active one)
        for k, name in enumerate(names):
            def part(done: int, total: int, k: int = k) -> None:
                if progress is not None:
                    progress(k * total + done, len(names) * total)
            results.append(bid_odds(the_game, cards, trials=trials, seed=seed, threads=threads, policy=name,
                                    progress=part, **context))
    labels = ["/".join(o.policy) if len(set(o.policy)) > 1 else o.policy[0] for o in results]
    options = [_options(o) for o in results]
    order = [opt for opt, *_ in options[0]]
    rows = []
    for opt in order:
        cells = []
        for per in options:
            hit = next((x for x in per if x[0] == opt), None)
            cells.append({"p_make": None if hit is None else hit[1],
                          "expected": None if hit is None else hit[2]})
        rows.append({"option": opt, "figure": options[0][0][3] if options[0] else "score", "by_policy": cells})
    recs = [{"policy": label, "recommendation": _recommendation(o), "reason": o.recommendation.get("reason", "")}
            for label, o in zip(labels, results)]
    return PolicyComparison(the_game.name, results[0].cards, results[0].trials, seed, labels, results, rows, recs)


__all__ = ["PolicyComparison", "compare_policies", "split_policies"]
