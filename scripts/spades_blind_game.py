"""Learn spades' bids for the game (issue 11: blind bids and nil by the score).

The heuristic's sp_game_bid (spades/players.pxd; SPBidTables.game, shipped in SP_GAME_SHIPPED,
set by ``spades_game_rule``) has four rules per game shape, each (GAP, REACH[, BAR]): it holds
for a seat at least GAP behind the leader while the leader is within REACH of target_score
(``nil_ahead``: the seat leads by at least GAP and is within REACH itself).  ``blind_nil`` and
``blind6`` bid the blind bid, before looking; ``nil_behind`` / ``nil_ahead`` set nil's bar to
BAR (nil where the learned nil log-odds x 100000 exceed it, instead of 0); blind nil's third value
1 (partnership) holds the rule only for the team's second bidder (the partner has bid).  Near the end of a
game a side far behind loses anyway with a hand's usual points: the chance of winning is in the
variance, which a blind bid or a nil buys.  This script measures, for each rule, the chance of
winning the game it gives one side, by paired whole games:

* the games are played step by step (SpadesState.policy_step, every seat heuristic), hand k
  of game g dealt on stream (g << 10) | k of ``--seed`` with the game so far (scores, bags,
  blind 6 used), the first dealer g % seats, the game over after the hand in which one side
  alone is at the top with 500 or more (RULES.md; a tie plays on; games past ``--cap`` hands
  count as unfinished);
* the rule is on one side only: while a seat of another side bids, the rule is set to never
  (the other rules stay as shipped, on every side);
* each game is played once with no side using the rule (the baseline), then once per side
  (team in partnership, seat in cutthroat) with the rule on it (scripts/paired_games.py).

    python scripts/spades_blind_game.py --games 20000 --rule 75,100 50,100
    python scripts/spades_blind_game.py --game cutthroat-spades --games 10000 --kind blind6 --rule 50,250
    python scripts/spades_blind_game.py --kind nil_behind --rule 1,200,-400000
    python scripts/spades_blind_game.py --games 20000 --against 75,100 --rule 75,100,1 50,100,1

prints, per rule, the mean gain in game-win probability with its standard error, the bids of
the rule's kind the rule side made and how many games changed.  The figures behind the shipped
values are in sp_game_bid's docstring.
"""
from __future__ import annotations

import argparse
import time

from paired_games import paired_gain, print_row

from cardsim.rules import make_rules
from cardsim.spades import spades as core

NEVER = (core.SPADES_GAME_NEVER, 0, 0)
GAMES = {"spades": ("spades", {}, 0), "cutthroat-spades": ("cutthroat-spades", {}, 1),
         "cutthroat-spades-4": ("cutthroat-spades", {"players": 4}, 2),
         "cutthroat-spades-5": ("cutthroat-spades", {"players": 5}, 2),
         "cutthroat-spades-5-jokers": ("cutthroat-spades", {"players": 5, "jokers": 2}, 2)}   # name, options, sp_game_bid's shape
COUNTED = {"blind_nil": "blind_nil", "blind6": "blind6", "nil_behind": "nil", "nil_ahead": "nil"}


def play_game(rules, seed: int, game: int, rule_side: int | None, kind: str, shape: int,
              rule: tuple[int, ...], cap: int) -> tuple[int, int]:
    """Game ``game`` of ``seed`` played out by heuristic seats, the game rule ``kind``
    (core.SPADES_GAME_RULES) of ``shape`` set to ``rule`` for ``rule_side`` (a team in
    partnership, else a seat; None: nobody) only.  Returns (the winning side or -1 unfinished,
    the rule side's bids of the kind the rule is about)."""
    target, seats = rules["target_score"], rules.get("players", 4)
    partnership = "players" not in rules
    sides = 2 if partnership else seats
    counted = core.SP_BID_KIND_NAMES.index(COUNTED[kind])

    def side_of(seat):
        return seat % 2 if partnership else seat

    scores, bags, blind6 = [0] * seats, [0] * seats, [0] * seats
    dealer, made = game % seats, 0
    for k in range(cap):
        state = core.SpadesState(rules, seed, dealer, (game << 10) | k, scores, bags, blind6)
        while state.phase == "bidding":
            core.spades_game_rule(shape, kind, rule if side_of(state.to_act) == rule_side else NEVER)
            state.policy_step("heuristic")
        while state.phase != "done":
            state.policy_step("heuristic")
        made += sum(1 for s in range(seats) if side_of(s) == rule_side and state.kinds[s] == counted)
        scores = [a + b for a, b in zip(scores, state.score)]
        bags, blind6 = state.bags_after, state.blind6_used
        top = max(scores[:sides])
        if top >= target and scores[:sides].count(top) == 1:
            return scores.index(top), made
        dealer = (dealer + 1) % seats
    return -1, made


def measure(name: str, kind: str, rule: tuple[int, ...], games: int, seed: int, base: list[int] | list[list[int]],
            cap: int) -> tuple[float, float, int, int]:
    """paired_gain of the game rule ``kind`` set to ``rule`` on one side of game ``name``
    (GAMES): (mean gain, its standard error, the rule side's bids of the kind, games that changed)."""
    game, options, shape = GAMES[name]
    rules = make_rules(game, **options)
    sides = 2 if game == "spades" else rules["players"]
    return paired_gain(lambda g, side: play_game(rules, seed, g, side, kind, shape, rule, cap), games, base, sides)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), default="spades")
    parser.add_argument("--kind", choices=core.SPADES_GAME_RULES, default="blind_nil",
                        help="the game rule to learn (spades/players.pxd sp_game_bid)")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cap", type=int, default=200, help="most hands a game plays")
    parser.add_argument("--against", default=None, metavar="GAP,REACH[,BAR]",
                        help="measure each rule against this one on the same side (paired, side by side) "
                             "instead of against no rule")
    parser.add_argument("--rule", nargs="+", default=["100,100", "50,100", "100,1000"],
                        help="rules to try, GAP,REACH in points (nil's: GAP,REACH,BAR, the bar in nil's"
                             " log-odds x 100000)")
    args = parser.parse_args(argv)
    game, options, shape = GAMES[args.game]
    rules = make_rules(game, **options)
    shipped = core.spades_game_rule(shape, args.kind)
    try:
        start = time.process_time()
        base: list[int] | list[list[int]]
        if args.against:
            against = tuple(int(x) for x in args.against.split(","))
            sides = 2 if game == "spades" else rules["players"]
            base = [[play_game(rules, args.seed, g, side, args.kind, shape, against, args.cap)[0] for side in range(sides)]
                    for g in range(args.games)]
            print(f"{args.game} {args.kind}, {args.games} games, seed {args.seed}: against {args.against} on the same"
                  f" side ({time.process_time() - start:.1f} s)")
        else:
            base = [play_game(rules, args.seed, g, None, args.kind, shape, NEVER, args.cap)[0]
                    for g in range(args.games)]
            print(f"{args.game} {args.kind}, {args.games} games, seed {args.seed}: baseline side 0 wins"
                  f" {base.count(0) / args.games:.4f}, unfinished {base.count(-1)} ({time.process_time() - start:.1f} s)")
        print(f"{'gap,reach':>12} {'gain':>9} {'se':>8} {'z':>6} {COUNTED[args.kind]:>10} {'changed':>8}")
        for text in args.rule:
            rule = tuple(int(x) for x in text.split(","))
            print_row(text, *measure(args.game, args.kind, rule, args.games, args.seed, base, args.cap))
    finally:
        core.spades_game_rule(shape, args.kind, shipped)


if __name__ == "__main__":
    main()
