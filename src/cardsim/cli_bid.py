"""``cardsim bid``: Monte Carlo odds of each bid for a hand (the main job of cardsim)."""
from __future__ import annotations

from typing import Any

import click

from .cli import LazyProgress, check_range, cluster_options, prefetch, echo_json, game_argument, json_option, print_table, rule_options, \
    stderr_console
from .errors import CardsimError
from .game import Game, check_threads
from .odds import MAX_TRIALS, bid_odds
from .odds_policies import compare_policies, split_policies

SURE = 0.995  # bids made at least this often are folded into one line of the table


@click.command()
@game_argument
@click.argument("cards", metavar="[CARDS]", required=False)
@click.option("--seat", type=int, default=0, show_default=True, help="The player's seat.")
@click.option("--dealer", type=int, default=None, help="The dealer's seat.  [default: right of the player]")
@click.option("--upcard", default=None, metavar="CARD",
              help="The turned-up card: two-hand-pinochle, cutthroat-euchre and euchre (required there).")
@click.option("--scores", default=None, metavar="A,B,..",
              help="The game's scores so far (spades: one per seat, or per team in partnership spades).")
@click.option("--blind", is_flag=True, default=False,
              help="Spades: judge blind nil and blind 6 before seeing the cards (leave CARDS out).")
@click.option("--known", "known", multiple=True, metavar="PLACE:CARDS",
              help="Cards known to lie in a place: a seat number, or widow, kitty, dummy, stock where the game "
                   "has one (repeatable), e.g. --known \"1:AS KD\".")
@click.option("--void", "voids", multiple=True, metavar="SEAT:SUITS",
              help="Suits a seat holds none of (repeatable), e.g. --void 2:H; euchre: effective suits with the "
                   "upcard's suit as trump.")
@click.option("--auction", default=None, metavar="CALLS",
              help="The calls before the player's turn, from the dealer's left, e.g. \"21 pass\" (pinochle), "
                   "\"pass pass\" (euchre, both rounds), \"3 nil\" (spades): deals are kept where the players' "
                   "bidding agrees.")
@click.option("--auction-slack", type=int, default=None, metavar="K",
              help="Spades: a seat's bid agrees when the policy's is within K tricks.  [default: 0]")
@click.option("--require", "constraints", multiple=True, metavar="PLACE:WHAT OP N",
              help="Keep only deals where a place's suit length, count of ranks, or (pinochle) meld is in range "
                   "(repeatable): 1:S>=5, 2:A<=1, 2:H=1-3, 1:meld>=20, 1:meld/H<=10.")
@click.option("--min-acceptance", type=float, default=None, metavar="P",
              help="Stop with an error when the auction and --require keep fewer than this share of deals.  "
                   "[default: 0.001]")
@click.option("--trials", type=int, default=None, help="Deals to sample.  [default: 20000]")
@click.option("--precision", type=float, default=None,
              help="Instead of --trials: sample until every probability is known to +/- this (95%).")
@click.option("--policy", default="heuristic", show_default=True,
              help="Players: heuristic, random; euchre and spades also oracle and pimc(worlds=N,eval=solve|playout,"
                   "seed=S) (card play by PIMC, the rest by the heuristic).  One name for every seat, or one per "
                   "seat separated by commas.")
@click.option("--policies", default=None, metavar="P1,P2,..",
              help="Sensitivity: the odds under each policy side by side, on the same deals (e.g. heuristic,pimc).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed (0 .. 2**64-1).")
@click.option("--threads", type=int, default=None, help="Worker threads, 1..1024.  [default: all cores]")
@cluster_options
@rule_options
@json_option
def bid(game: str, cards: str | None, seat: int, dealer: int | None, upcard: str | None, scores: str | None,
        blind: bool, known: tuple[str, ...], voids: tuple[str, ...], auction: str | None,
        auction_slack: int | None, constraints: tuple[str, ...], min_acceptance: float | None, trials: int | None,
        precision: float | None, policy: str, policies: str | None, seed: int, threads: int | None,
        scheduler: str | None, workers: int | None, preset: str | None, rules_file: str | None,
        sets: tuple[str, ...], as_json: bool) -> None:
    """How likely each bid is to make with CARDS, and which bid is worth making.

    The unseen cards are dealt at random TRIALS times; each time the player wins the
    auction (sees the widow, names trump, discards or passes), and the hand is played
    out.  Two-hand pinochle has no auction: the odds of outscoring the opponent.
    Euchre games: every action open to the player (pass, order up or take up, name
    each other suit in round 2, alone or not) is played out on each deal.  Spades:
    every bid open to the player is tried on each deal; --blind compares blind nil and
    blind 6 with looking first.

    \b
    Examples:
      cardsim bid cutthroat-pinochle "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D"
      cardsim bid cutthroat-pinochle "AS TS KS ..." --precision 0.005 --json
      cardsim bid partnership-pinochle "AS AS TS KS QS JS 9S AH AD AC KH QH" --seat 1
      cardsim bid two-hand-pinochle "AS AS TS KS QS JS 9S AH AD AC KH QH" --upcard TC
      cardsim bid euchre "JH JD AH KS 9C" --upcard 9H --dealer 3
      cardsim bid cutthroat-spades "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C"
      cardsim bid spades --blind --scores 120,300
      cardsim bid cutthroat-pinochle "..." --set dealer_may_bid=true --dealer 0 --auction "21 pass"
      cardsim bid euchre "9H TH AC KC 9S" --upcard JH --dealer 0 --auction "pass pass pass" --known 1:JD
      cardsim bid euchre "JH AH KS 9C TD" --upcard 9H --policy pimc --trials 500
      cardsim bid euchre "JH AH KS 9C TD" --upcard 9H --policies heuristic,pimc --trials 500
    """
    if trials is not None and precision is not None:
        raise click.UsageError("give --trials or --precision, not both")
    # rich loads while the trials run: its console always (the progress bar's, print_table's), its table
    # and text where the odds are printed as tables
    prefetch("rich.console", *(() if as_json else ("rich.text", "rich.table")))
    if trials is not None:
        check_range("--trials", trials, 1, MAX_TRIALS)
    the_game = Game(game, preset=preset, rules_file=rules_file, sets=sets)
    if cards is None and not blind:
        raise CardsimError("give CARDS (or --blind, where the game has blind bids)")
    context: dict[str, Any] = {"seat": seat, "dealer": dealer, "upcard": upcard, "scores": scores,
                               "blind": blind or None, "known": list(known) or None, "voids": list(voids) or None, "auction": auction,
                               "auction_slack": auction_slack, "constraints": list(constraints) or None,
                               "min_acceptance": min_acceptance}
    players = split_policies(policy)
    if policies is not None:
        if policy != "heuristic":
            raise click.UsageError("give --policy or --policies, not both")
        with LazyProgress(stderr_console) as progress:
            comparison = compare_policies(the_game, cards, split_policies(policies),
                                          trials=20_000 if trials is None else trials, precision=precision, seed=seed,
                                          threads=check_threads(threads), progress=progress, scheduler=scheduler,
                                          workers=workers, **{k: v for k, v in context.items() if v is not None})
        if as_json:
            echo_json(comparison.to_dict())
            return
        for heading, names, lines in comparison.tables():
            print_table(heading, names, lines)
        click.echo(comparison.advice())
        return
    with LazyProgress(stderr_console) as progress:
        odds = bid_odds(the_game, cards, trials=20_000 if trials is None else trials, precision=precision,
                        policy=players[0] if len(players) == 1 else players, seed=seed,
                        threads=check_threads(threads), progress=progress,
                        scheduler=scheduler, workers=workers, **context)
    if as_json:
        echo_json(odds.to_dict())
        return
    for title, columns, rows in odds.tables(SURE):
        print_table(title, columns, rows)
    click.echo(odds.advice())
