"""Whole games to ``target_score`` for every game, played in the core by one batch driver
(``cardsim._games``; each game's hooks sit at the end of its module, e.g. ``pinochle/cutthroat.pyx``).

The conventions of docs/rules/README.md: the dealer moves left after every hand (redeals
included); the game ends after the hand in which a player (or team) reaches
``target_score``; with several there the highest wins; an exact tie for the highest plays
another hand.  Partnership Pinochle: when both teams pass the target in the same hand, the
bidding team wins.  Spades: the same rule on the game so far (bags and blind 6 use carried).
With ``army_scoring`` (Cutthroat Pinochle) the record carries the army ledger: every hand's
entries plus 40 to the winner from each other player.

Game ``i`` of a batch keyed by ``seed`` has first dealer ``i % seats``; its hand ``k`` is
dealt on stream ``i * 10000 + k`` (spades: the whole game on stream ``i``, as a table
plays on with one shuffle after another), so game ``i`` depends on ``(seed, i)`` alone.
``play_game(seed=s, dealer=d)`` is game 0 of the batch keyed by ``s``, with dealer ``d``.
A game not over after 10,000 hands (spades: 1000 + target_score / 10) stops unfinished
(winner -1).

A tournament (``unit="tournament"``, every game) plays games until one side has ``wins_needed``
wins: game g of tournament i is game ``i * 10000 + g`` of the game batch keyed by the same seed,
first dealt by seat g mod seats; an unfinished game ends the tournament unfinished.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import numpy as np

from . import _core, _games
from .errors import CardsimError
from .players import check_policies
from .summaries import Summary, Tally, ratio

MAX_HANDS = 10_000  # hands after which a game (spades aside) stops unfinished: _games.pxd GD_MAX_HANDS
ARMY_GAME_PAYMENT = 40

KindMaker = Callable[[Mapping[str, Any], int, Sequence[str]], Any]  # (rules, seats, policies) -> GameKind

#: each game's glue in the core: (rules, seats, policy names) -> a filled _games.GameKind
GAME_KINDS: dict[str, KindMaker] = {
    "cutthroat-pinochle": lambda r, n, p: _core.cutthroat_pinochle_game_kind(r, p),
    "partnership-pinochle": lambda r, n, p: _core.partnership_pinochle_game_kind(r, p),
    "two-hand-pinochle": lambda r, n, p: _core.two_hand_pinochle_game_kind(r, p),
    "cutthroat-euchre": lambda r, n, p: _core.euchre_game_kind(r, n, p),
    "euchre": lambda r, n, p: _core.euchre_game_kind(r, n, p),
    "cutthroat-spades": lambda r, n, p: _core.spades_game_kind(r, p),
    "spades": lambda r, n, p: _core.spades_game_kind(r, p),
}

#: what the core fills for one game of each (spades: per-seat fields cut to the seats by a view)
GAME_DTYPES: dict[str, np.dtype] = {
    "cutthroat-pinochle": _core.CP_GAME_DTYPE,
    "partnership-pinochle": _core.PP_GAME_DTYPE,
    "two-hand-pinochle": _core.TH_GAME_DTYPE,
    "cutthroat-euchre": _core.CUTTHROAT_EUCHRE_GAME_DTYPE,
    "euchre": _core.EUCHRE_GAME_DTYPE,
    "cutthroat-spades": _core.SP_GAME_DTYPE,
    "spades": _core.SP_GAME_DTYPE,
}

#: games whose sides are two teams (0 = seats 0+2, 1 = seats 1+3)
TEAM_GAMES = ("partnership-pinochle", "euchre", "spades")

#: the sides that can win a game, per game (spades: a record per seat, cut to the seats by its view)
WINNER_SIDES: dict[str, int] = {"cutthroat-pinochle": 3, "partnership-pinochle": 2, "two-hand-pinochle": 2,
                                "cutthroat-euchre": 3, "euchre": 2}


def tournament_dtype(name: str) -> np.dtype:
    """One tournament's record: ``hands`` (over all its games), ``games``, ``wins`` (per side: a
    player, or a team 0 = seats 0+2 / 1 = seats 1+3), ``winner`` (-1: a game was unfinished) and
    ``first_dealer`` (0: game g is first dealt by seat g mod seats)."""
    if name not in WINNER_SIDES:
        return _core.SP_TOURNAMENT_DTYPE
    return np.dtype([("hands", "i4"), ("games", "i2"), ("wins", "i2", (WINNER_SIDES[name],)), ("winner", "i1"),
                     ("first_dealer", "i1")])


def game_kind(name: str, rules: Mapping[str, Any], seats: int, policies: Sequence[str]) -> Any:
    """The core's description of ``name``'s games under ``rules`` with ``policies`` (checked names)."""
    return GAME_KINDS[name](rules, seats, list(policies))


def solver_seats(name: str, seats: int, policies: Sequence[str]) -> tuple[list[str], list[tuple[Any, ...]] | None]:
    """The seats' bidding policies (core names) and, when a seat is a PIMC or oracle player, each
    seat's spec for cardsim.solver._pimc (None when every seat is a core policy)."""
    from .solver.players import bidding_policies, check_batch_policies, is_solver_policy
    if not any(is_solver_policy(p) for p in policies):
        return list(policies), None
    names, spec = check_batch_policies(name, list(policies), seats)
    return bidding_policies(names), spec


def simulate_chunk(name: str) -> Callable[..., None]:
    """The chunk function of ``unit="game"`` batches: (rules, seed, start, records, policies, threads).
    PIMC and oracle seats play their cards through cardsim.solver._pimc (the same driver and
    hooks; hand k of game i keyed for the players by its hand stream i * 10000 + k)."""

    def chunk(rules: Mapping[str, Any], seed: int, start: int, records: np.ndarray, policies: Sequence[str],
              threads: int = 1) -> None:
        seats = len(policies)
        bidders, spec = solver_seats(name, seats, policies)
        kind = game_kind(name, rules, seats, bidders)
        if spec is None:
            _games.simulate_games(kind, seed, start, records, threads)
        else:
            from .solver import _pimc
            _pimc.simulate_games_pimc(kind, seed, start, records, spec, threads)

    chunk.__name__ = f"simulate_{name.replace('-', '_')}_games"
    return chunk


def tournament_chunk(name: str) -> Callable[..., None]:
    """The chunk function of ``unit="tournament"`` batches: (rules, seed, start, records, policies,
    threads); the core fills its own records (cardsim._games.TOURNAMENT_DTYPE), cut here to the
    game's ``tournament_dtype``."""

    def chunk(rules: Mapping[str, Any], seed: int, start: int, records: np.ndarray, policies: Sequence[str],
              threads: int = 1) -> None:
        seats = len(policies)
        bidders, spec = solver_seats(name, seats, policies)
        kind = game_kind(name, rules, seats, bidders)
        raw = np.zeros(len(records), dtype=_games.TOURNAMENT_DTYPE)
        if spec is None:
            _games.simulate_tournaments(kind, seed, start, raw, int(rules["wins_needed"]), threads)
        else:
            from .solver import _pimc
            _pimc.simulate_tournaments_pimc(kind, seed, start, raw, spec, int(rules["wins_needed"]), threads)
        for field in records.dtype.names or ():
            records[field] = raw[field][:, :records.dtype[field].shape[0]] if field == "wins" else raw[field]

    chunk.__name__ = f"simulate_{name.replace('-', '_')}_tournaments"
    return chunk


def tournament_summary() -> Summary:
    """Figures of a batch of tournaments: who wins (per side, as ``wins``' columns), unfinished
    tournaments and the most games one took."""

    def add(t: Tally, array: np.ndarray) -> None:
        sides = array["wins"].shape[1]
        t.add("n", len(array))
        t.count("unfinished", array["winner"] < 0)
        t.add("wins", np.array([np.count_nonzero(array["winner"] == s) for s in range(sides)]))
        t.top("max_games", array["games"])

    def finish(t: Tally) -> dict[str, Any]:
        n = t["n"]
        return {
            "unfinished_rate": ratio(t["unfinished"], n, 6),
            "win_rate": [ratio(c, n, 6) for c in t["wins"]],
            "max_games": t.tops["max_games"],
        }

    return Summary(add, finish)


TOURNAMENT_SUMMARY = tournament_summary()


def hand_scores_dtype(sides: int) -> np.dtype:
    """One row per hand of a game batch: the game's index in the batch, the hand's number in
    the game (0 first), the dealer of the deal played, each side's points in that hand and the
    scores after it."""
    return np.dtype([("game", "i8"), ("hand", "i4"), ("dealer", "i1"), ("points", "i4", (sides,)),
                     ("score", "i4", (sides,))])


def hand_scores(name: str, rules: Mapping[str, Any], seats: int, policies: Sequence[str], seed: int, start: int,
                records: np.ndarray, threads: int = 1, dealer: int = -1) -> np.ndarray:
    """Each hand's scores of games ``start .. start+len(records)-1`` (whose records are
    ``records``): the core plays the games again and writes one row per hand."""
    bidders, spec = solver_seats(name, seats, policies)
    kind = game_kind(name, rules, seats, bidders)
    if spec is None:
        dealers, points, scores = _games.simulate_hand_scores(kind, seed, start, records["hands"], threads, dealer)
    else:
        from .solver import _pimc
        dealers, points, scores = _pimc.simulate_hand_scores_pimc(kind, seed, start, records["hands"], spec, threads,
                                                                  dealer)
    counts = records["hands"].astype(np.int64)
    out = np.zeros(len(dealers), dtype=hand_scores_dtype(kind.sides))
    out["game"] = np.repeat(np.arange(start, start + len(records), dtype=np.int64), counts)
    first = np.repeat(np.cumsum(counts) - counts, counts)
    out["hand"] = np.arange(len(dealers), dtype=np.int64) - first
    out["dealer"] = dealers
    out["points"] = points
    out["score"] = scores
    return out


def game_summary(team_sides: int | None = None) -> Summary:
    """Figures of a batch of whole games: who wins (per side: player, or team 0/1), by position
    (0: the first dealer('s team), 1: the seat to its left('s team), ...), unfinished games, and
    the game length's quantiles and maximum.  Sides are the ``score`` columns unless
    ``team_sides`` says (spades keeps a team's score on both partners)."""

    def add(t: Tally, array: np.ndarray) -> None:
        sides = team_sides or array["score"].shape[1]
        winner, first = array["winner"].astype(np.int64), array["first_dealer"].astype(np.int64)
        t.tops["sides"] = sides
        t.add("n", len(array))
        t.count("unfinished", winner < 0)
        t.add("wins", np.array([np.count_nonzero(winner == s) for s in range(sides)]))
        finished = winner >= 0
        position = (winner[finished] - first[finished]) % sides
        t.add("wins_by_position", np.array([np.count_nonzero(position == k) for k in range(sides)]))
        t.add("length", np.bincount(np.minimum(array["hands"], MAX_HANDS), minlength=MAX_HANDS + 1))
        t.top("max_hands", array["hands"])

    def finish(t: Tally) -> dict[str, Any]:
        n = t["n"]
        cumulative = np.cumsum(t["length"])
        quantiles = {f"p{q}": int(np.searchsorted(cumulative, q / 100 * n)) for q in (10, 25, 50, 75, 90)}
        return {
            "unfinished_rate": ratio(t["unfinished"], n, 6),
            "win_rate": [ratio(c, n, 6) for c in t["wins"]],
            "win_rate_by_position": [ratio(c, n, 6) for c in t["wins_by_position"]],
            "hands_quantiles": quantiles,
            "max_hands": t.tops["max_hands"],
        }

    return Summary(add, finish)


SUMMARIES: dict[str, Summary] = {name: game_summary(2 if name == "spades" else None) for name in GAME_KINDS}


def play_game(name: str, rules: Mapping[str, Any], seats: int, *, seed: int = 0, policy: str | Sequence[str] = "heuristic",
              dealer: int = 0) -> dict[str, Any]:
    """Play one game in the core (game 0 of the batch keyed by ``seed``, first dealer ``dealer``);
    returns the winner (a seat, or a team: 0 = seats 0+2, 1 = seats 1+3), the final scores per
    side, the hands played, the scores after each hand and, with army scoring, the army ledger."""
    if name not in GAME_KINDS:
        raise CardsimError(f"play_game is not implemented for {name}; implemented: {', '.join(GAME_KINDS)}")
    policies = check_policies(policy, seats)
    if isinstance(dealer, (bool, np.bool_)) or not isinstance(dealer, (int, np.integer)) or not 0 <= dealer < seats:
        raise CardsimError(f"dealer {dealer!r} is out of range: seats are 0..{seats - 1}")
    kind = game_kind(name, rules, seats, policies)
    record = np.zeros(1, dtype=kind.record_dtype)
    _games.simulate_games(kind, seed, 0, record, 1, int(dealer))
    if record["winner"][0] < 0:
        raise CardsimError(f"no winner after {int(record['hands'][0])} hands")
    _, _, scores = _games.simulate_hand_scores(kind, seed, 0, record["hands"], 1, int(dealer))
    result: dict[str, Any] = {"winner": int(record["winner"][0]), "scores": scores[-1].tolist(),
                              "hands": int(record["hands"][0]), "history": scores.tolist()}
    if rules.get("army_scoring"):
        result["army"] = record["army"][0].tolist()
    return result
