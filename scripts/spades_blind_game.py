"""Learn partnership spades' blind nil for the game (issue 11: blind bids by the score).

The heuristic bids blind nil, before looking, when its team is at least GAP behind the leader
and the leader is within REACH of target_score (spades/players.pxd sp_game_blind_nil,
SPBidTables.game_nil, set by ``spades_game_blind_nil``): near the end of a game a team far
behind loses anyway with a hand's usual points, and blind nil's +200 / -200 buys the chance of
catching up that looking does not.  This script measures, for each (GAP, REACH), the chance
of winning the game the rule gives one team, by paired whole games:

* the games are played step by step (SpadesState.policy_step, every seat heuristic), hand k
  of game g dealt on stream (g << 10) | k of ``--seed`` with the game so far (scores, bags),
  the first dealer g % 4, the game over after the hand in which one team alone is at the top
  with 500 or more (RULES.md; a tie plays on; games past ``--cap`` hands count as unfinished);
* the rule is on one team only: while a seat of the other team bids, the rule is set to never;
* each game is played three times on the same deals: no team with the rule (the baseline),
  team 0 with it, team 1 with it (scripts/paired_games.py).

    python scripts/spades_blind_game.py --games 20000 --rule 100,100 50,100 100,1000

prints, per rule, the mean gain in game-win probability with its standard error, the blind
nils the rule side bid and how many games changed.  The shipped values are SP_GAME_NIL_GAP and
SP_GAME_NIL_REACH (spades/players.pxd); the figures behind them are in sp_game_blind_nil's
docstring.
"""
from __future__ import annotations

import argparse
import time

from paired_games import paired_gain, print_row

from cardsim.rules import make_rules
from cardsim.spades import spades as core

NEVER = (1 << 30, 0)
BLIND_NIL = core.SP_BID_KIND_NAMES.index("blind_nil")
SHAPES = {"spades": 0, "cutthroat-spades": 1}   # sp_bid_shape: four seats in partnership, three seats


def play_game(rules, seed: int, game: int, rule_side: int | None, rule: tuple[int, int],
              cap: int) -> tuple[int, int]:
    """Game ``game`` of ``seed`` played out by heuristic seats, ``rule`` bid by ``rule_side``
    (a team in partnership, else a seat; None: nobody) only.  Returns (the winning side or -1
    unfinished, blind nils of the rule side)."""
    target, seats = rules["target_score"], rules.get("players", 4)
    partnership = "players" not in rules
    shape, sides = (0, 2) if partnership else (1, seats)

    def side_of(seat):
        return seat % 2 if partnership else seat

    scores, bags, blind6 = [0] * seats, [0] * seats, [0] * seats
    dealer, blind_nils = game % seats, 0
    for k in range(cap):
        state = core.SpadesState(rules, seed, dealer, (game << 10) | k, scores, bags, blind6)
        while state.phase == "bidding":
            core.spades_game_blind_nil(shape, rule if side_of(state.to_act) == rule_side else NEVER)
            state.policy_step("heuristic")
        while state.phase != "done":
            state.policy_step("heuristic")
        blind_nils += sum(1 for s in range(seats) if side_of(s) == rule_side and state.kinds[s] == BLIND_NIL)
        scores = [a + b for a, b in zip(scores, state.score)]
        bags, blind6 = state.bags_after, state.blind6_used
        top = max(scores[:sides])
        if top >= target and scores[:sides].count(top) == 1:
            return scores.index(top), blind_nils
        dealer = (dealer + 1) % seats
    return -1, blind_nils


def measure(name: str, rule: tuple[int, int], games: int, seed: int, base: list[int],
            cap: int) -> tuple[float, float, int, int]:
    """paired_gain of ``rule`` on one side of game ``name``: (mean gain, its standard error,
    blind nils of the rule side, games that changed)."""
    rules = make_rules(name)
    sides = 2 if name == "spades" else rules["players"]
    return paired_gain(lambda g, side: play_game(rules, seed, g, side, rule, cap), games, base, sides)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(SHAPES), default="spades")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cap", type=int, default=200, help="most hands a game plays")
    parser.add_argument("--rule", nargs="+", default=["100,100", "50,100", "100,1000"],
                        help="rules to try, GAP,REACH in points")
    args = parser.parse_args(argv)
    rules = make_rules(args.game)
    shape = SHAPES[args.game]
    shipped = core.spades_game_blind_nil(shape)
    try:
        start = time.process_time()
        base = [play_game(rules, args.seed, g, None, NEVER, args.cap)[0] for g in range(args.games)]
        print(f"{args.game}, {args.games} games, seed {args.seed}: baseline side 0 wins"
              f" {base.count(0) / args.games:.4f}, unfinished {base.count(-1)} ({time.process_time() - start:.1f} s)")
        print(f"{'gap,reach':>12} {'gain':>9} {'se':>8} {'z':>6} {'blind nils':>10} {'changed':>8}")
        for text in args.rule:
            rule = tuple(int(x) for x in text.split(","))
            print_row(text, *measure(args.game, rule, args.games, args.seed, base, args.cap))
    finally:
        core.spades_game_blind_nil(shape, shipped)


if __name__ == "__main__":
    main()
