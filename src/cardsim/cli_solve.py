"""``cardsim solve``: exact values with every card known (the solver of issue 16)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from .cli import echo_json, game_argument, json_option, print_table, rule_options
from .errors import CardsimError
from .game import Game


def _load_json(text: str, what: str) -> Any:
    """``text`` as JSON, or the JSON file it names (``@file`` or a path ending in .json)."""
    path = text[1:] if text.startswith("@") else text
    if text.startswith("@") or (path.endswith(".json") and Path(path).is_file()):
        try:
            text = Path(path).read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise CardsimError(f"cannot read {what} file {path!r}: {exc.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardsimError(f"{what} is not JSON ({exc.msg} at char {exc.pos}): give a JSON object / list or @FILE") from None


def _history(hand: Any, text: str) -> list[Any]:
    """Actions separated by commas: integers (docs/actions.md) or the hand's action names."""
    out: list[Any] = []
    for token in (t.strip() for t in text.split(",")):
        if not token:
            continue
        if token.lstrip("-").isdigit():
            out.append(int(token))
        else:
            out.append(token)
    return out


def build_hand(the_game: Game, deal: str | None, seed: int, dealer: int, history: str | None) -> Any:
    if deal is None:
        hand = the_game.deal(seed=seed, dealer=dealer)
    else:
        data = _load_json(deal, "--deal")
        if isinstance(data, dict) and {"game", "deal", "history"} <= set(data):
            hand = the_game.hand_from_dict(data)
        elif isinstance(data, (dict, list)):
            hand = the_game.deal(seed=seed, dealer=dealer, cards=data)
        else:
            raise CardsimError("--deal is a JSON object (hand.deal, or a hand's to_dict) or a list of hands")
    if history:
        for i, token in enumerate(_history(hand, history)):
            if hand.to_act is None:
                raise CardsimError(f"--history: action {i} ({token}) comes after the hand is over")
            action = token if isinstance(token, int) else hand.string_to_action(token)
            hand.apply(action)
    return hand


@click.command()
@game_argument
@click.option("--deal", "deal", default=None, metavar="JSON|@FILE",
              help="The deal: a JSON object as hand.deal writes it, a list of each seat's cards, or a hand's "
                   "to_dict (deal and history).  [default: the deal of --seed]")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deal when --deal is not given.")
@click.option("--dealer", type=int, default=0, show_default=True, help="Seat of the dealer.")
@click.option("--history", default=None, metavar="A,B,...",
              help="Actions after the deal (integers or names such as 'order', 'AS'); then every card played "
                   "is reviewed.")
@click.option("--seat", type=int, default=None, help="The side to value (default: maker / bidder, or the seat to act).")
@click.option("--leads/--no-leads", default=True, show_default=True,
              help="Spades tables: also the value of each opening lead (about as long again; a 13-card spades "
                   "deal takes the solver tens of seconds a leader).")
@click.option("--min", "fewest", is_flag=True, default=False,
              help="cutthroat-spades: the fewest tricks --seat can be held to (what a nil needs).")
@click.option("--stock-tricks", type=click.IntRange(0, 12), default=None, metavar="N",
              help="two-hand-pinochle in its stock phase: solve with at most N stock tricks left (the cost grows "
                   "fast with N; docs/solver.md).  [default: 2]")
@rule_options
@json_option
def solve(game: str, deal: str | None, seed: int, dealer: int, history: str | None, seat: int | None,
          leads: bool, fewest: bool, stock_tricks: int | None, preset: str | None, rules_file: str | None,
          sets: tuple[str, ...], as_json: bool) -> None:
    """Exact values with every card known: the table of a deal, or a position and its cards.

    A fresh deal (euchre, spades) gives the table: every trump by every maker, with its
    partner and alone (euchre); each side's tricks for every opening leader and the value
    of each opening lead (spades); the most each seat can guarantee and the fewest it can
    be held to (cutthroat spades).  A hand in its card play (through --history or a hand's
    to_dict) gives the value for the side and each legal card's value, and reviews every
    card played: what best play kept and what the card cost.

    \b
    Example:
      cardsim solve euchre --seed 5
      cardsim solve euchre --seed 5 --history pass,order,... --json
      cardsim solve spades --deal @hand.json
      cardsim solve two-hand-pinochle --seed 3 --history 9C,KC,... --stock-tricks 2
    """
    from .solver import postmortem
    from .solver import solve as solve_hand
    the_game = Game(game, preset=preset, rules_file=rules_file, sets=sets)
    hand = build_hand(the_game, deal, seed, dealer, history)
    if seat is not None and not 0 <= seat < len(hand.hands):
        raise CardsimError(f"--seat must be a seat 0..{len(hand.hands) - 1}, got {seat}")
    reviewed = [r for r in postmortem(hand)] if hand.history else []
    result = (solve_hand(hand, seat, objective="min" if fewest else "max", leads=leads, stock_tricks=stock_tricks)
              if hand.to_act is not None else None)
    if as_json:
        echo_json({"game": the_game.name, "solve": result, "review": reviewed})
        return
    if reviewed:
        print_table(f"{the_game.name}: every card played", ("trick", "seat", "card", "best", "after", "lost"),
                    [(r["trick"], r["seat"], r["card"], r["best"], r["after"], r["lost"] or "") for r in reviewed])
    if result is None:
        return
    if "table" in result:
        rows = result["table"]
        columns = list(rows[0])
        print_table(f"{the_game.name}: the deal's table ({result['unit']})", columns,
                    [[", ".join(map(str, v)) if isinstance(v, list) else v for v in row.values()] for row in rows])
        if "leads" in result:
            print_table(f"opening leads of seat {result['leader']} (tricks for its side)", ("card", "tricks"),
                        sorted(result["leads"].items(), key=lambda kv: -kv[1]))
        return
    if result.get("measure") == "difference":
        seat_ = result["side"][0]
        left = result["stock_tricks_left"]
        print_table(f"{the_game.name}, stock phase ({left} stock trick{'' if left == 1 else 's'} left): seat "
                    f"{result['to_act']} to act; seat {seat_} leads by {result['so_far']} points, {result['rest']} more "
                    f"with best play ({result['total']} in all)", ("action", f"seat {seat_} less the other, in all"),
                    sorted(((a, result["so_far"] + v) for a, v in result["moves"].items()), key=lambda kv: -kv[1]))
        return
    print_table(f"{the_game.name}: seat {result['to_act']} to play; side {result['side']} has {result['so_far']} "
                f"{result['unit']}, makes {result['rest']} more with best play ({result['total']} in all)",
                ("card", f"{result['unit']} in all"),
                sorted(((c, result["so_far"] + v) for c, v in result["moves"].items()), key=lambda kv: -kv[1]))


def split_policies(text: str) -> list[str]:
    """``heuristic,pimc(worlds=8,eval=solve),random`` -> one name per seat (commas inside
    parentheses stay)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += (ch == "(") - (ch == ")")
        cur += ch
    out.append(cur.strip())
    return out


def batch_takes(the_game: Game, policies: str | list[str]) -> bool:
    """Whether the core's batches play ``policies`` (every solver player but pinochle's
    ``pimc(eval=solve)``, which only the Python path plays)."""
    from .solver.players import check_batch_policies
    try:
        check_batch_policies(the_game.name, policies, the_game.seats)
    except CardsimError:
        return False
    return True


def solver_simulate(the_game: Game, n_hands: int, policies: str | list[str], seed: int, out: str | None,
                    unit: str, as_json: bool) -> None:
    """``cardsim simulate`` with solver players the core's batches lack (batch_takes): hand by hand
    from Python (cardsim.solver.players.simulate), a summary of the means."""
    from .cli import LazyProgress, stderr_console
    from .solver.players import simulate as solver_sim
    if out is not None or unit != "hand":
        raise CardsimError("hand by hand, oracle and pimc players simulate hands without --out (the core's "
                           "batches take --out and --unit game)")
    names = [policies] * the_game.seats if isinstance(policies, str) else policies
    with LazyProgress(stderr_console()) as progress:
        result = solver_sim(the_game, n_hands, names, seed=seed, progress=progress)
    summary = result["summary"]
    if as_json:
        echo_json(summary)
        return
    rows = [(k, ", ".join(f"{v:.4f}" for v in vals)) for k, vals in summary.items() if k.startswith("mean_")]
    print_table(f"{the_game.name}: {n_hands} hands, {', '.join(names)}", ("figure (per seat)", "value"), rows)
