"""``cardsim bid``: Monte Carlo odds of each bid for a hand (the main job of cardsim)."""
from __future__ import annotations

import click

from .cli import LazyProgress, check_range, echo_json, game_argument, json_option, print_table, rule_options, \
    stderr_console
from .game import Game, check_threads
from .odds import MAX_TRIALS, bid_odds
from .odds_euchre import EuchreOdds

SURE = 0.995  # bids made at least this often are folded into one line of the table


@click.command()
@game_argument
@click.argument("cards", metavar="CARDS")
@click.option("--upcard", default=None, metavar="CARD", help="Euchre games: the turned-up card.")
@click.option("--seat", type=int, default=0, show_default=True, help="The player's seat.")
@click.option("--dealer", type=int, default=None, help="The dealer's seat.  [default: right of the player]")
@click.option("--trials", type=int, default=None, help="Deals to sample.  [default: 20000]")
@click.option("--precision", type=float, default=None,
              help="Instead of --trials: sample until every probability is known to +/- this (95%).")
@click.option("--policy", default="heuristic", show_default=True, help="Players: heuristic or random.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed (0 .. 2**64-1).")
@click.option("--threads", type=int, default=None, help="Worker threads, 1..1024.  [default: all cores]")
@rule_options
@json_option
def bid(game: str, cards: str, upcard: str | None, seat: int, dealer: int | None, trials: int | None, precision: float | None,
        policy: str, seed: int, threads: int | None, preset: str | None, rules_file: str | None,
        sets: tuple[str, ...], as_json: bool) -> None:
    """How likely each bid is to make with CARDS, and which bid is worth making.

    The unseen cards are dealt at random TRIALS times.  Pinochle: each time the player
    wins the auction, sees the widow, names trump, discards, and the hand is played out.
    Euchre games (--upcard required): every action open to the player (pass, order up or
    take up, name each other suit in round 2, alone or not) is played out on each deal.

    \b
    Example:
      cardsim bid cutthroat-pinochle "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D"
      cardsim bid cutthroat-pinochle "AS TS KS ..." --precision 0.005 --json
      cardsim bid euchre "JH JD AH KS 9C" --upcard 9H --dealer 3
    """
    if trials is not None and precision is not None:
        raise click.UsageError("give --trials or --precision, not both")
    if trials is not None:
        check_range("--trials", trials, 1, MAX_TRIALS)
    the_game = Game(game, preset=preset, rules_file=rules_file, sets=sets)
    with LazyProgress(stderr_console()) as progress:
        odds = bid_odds(the_game, cards, trials=20_000 if trials is None else trials, precision=precision,
                        policy=policy, seed=seed, threads=check_threads(threads), progress=progress,
                        seat=seat, dealer=dealer, **({} if upcard is None else {"upcard": upcard}))
    if as_json:
        echo_json(odds.to_dict())
        return
    if isinstance(odds, EuchreOdds):
        print_euchre(odds)
        return
    sure = {r["trump"]: r["bid"] for r in odds.rows if r["p_make"] >= SURE}
    trump_rows = [
        (t["trump"], f"{t['named_rate']:.1%}" if t["trump"] != "best" else "", f"{t['meld_mean']:.1f}",
         f"{t['trick_points_mean']:.1f}", f"{t['total_mean']:.1f}", sure.get(t["trump"], "-"))
        for t in odds.trumps
    ]
    print_table(f"{odds.game}: {odds.cards} (seat {odds.seat}, dealer {odds.dealer}, {odds.trials:,} deals)",
                ("trump", "named", "meld", "trick points", "total", f"sure up to (>= {SURE:.1%})"), trump_rows)
    best = [r for r in odds.rows if r["trump"] == "best" and r["p_make"] < SURE]
    columns = ["bid", "P(make)", "95% interval", "expected score"] + (["expected army"] if odds.army else [])
    rows = [[r["bid"], f"{r['p_make']:.3f}", f"{r['ci_low']:.3f} .. {r['ci_high']:.3f}", f"{r['expected_score']:+.1f}"]
            + ([f"{r['expected_army']:+.1f}"] if odds.army else []) for r in best]
    print_table("bids with the player's best trump", columns, rows)
    rec = odds.recommendation
    click.echo(f"recommendation: bid up to {rec['highest_positive_bid'] or 'nothing (pass)'}; {rec['reason']}")


def print_euchre(odds: EuchreOdds) -> None:
    """One table row per action: P(euchre), P(1 point), P(march) with 95% intervals, expected points."""
    def p(row: dict, name: str) -> str:
        return f"{row[f'p_{name}']:.3f} ({row[f'p_{name}_low']:.3f}..{row[f'p_{name}_high']:.3f})"

    rows = [(r["round"], r["action"], p(r, "euchre"), p(r, "one"), p(r, "march"),
             f"{r['p_defend']:.3f}", f"{r['p_thrown_in']:.3f}", f"{r['expected_points']:.3f}",
             f"{r['expected_net']:+.3f}") for r in odds.rows]
    print_table(f"{odds.game}: {odds.cards}, upcard {odds.upcard} (seat {odds.seat}, dealer {odds.dealer}, "
                f"{odds.trials:,} deals)",
                ("round", "action", "P(euchre)", "P(1 point)", "P(march)", "P(defend)", "P(thrown in)",
                 "points", "net"), rows, no_wrap=("action",))
    rec = odds.recommendation
    click.echo(f"recommendation: {rec['action']}; {rec['reason']}")
