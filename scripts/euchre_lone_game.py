"""Learn euchre's lone-march bonus at 6-7 from whole games (issue 11: going alone near game).

At 6 or 7 of 10 only a lone march wins the game in one hand (a march with the partner, 2,
falls short): the lone march's bonus is then worth the game, not the 2 points the alone count
(fitted on single hands, the start of a game) prices it at.  The heuristic adds a bonus B
(thousandths of a point) to the alone gain there, one while the opponents are short of a
march from the game and one once they are a march from it (at 8 or 9: their next march wins)
(euchre/players.pxd eu_goes_alone, EUBidTables.lone_game, set by ``euchre_lone_game_bonus``).
This script measures, for each pair of bonuses,
the chance of winning the game that B gives one team, by paired whole games:

* the games are played step by step (EuchreState.policy_step, every seat heuristic), hand k of
  game g dealt on stream (g << 8) | k of ``--seed``, the first dealer g % 4, the game over after
  the hand in which a team reaches 10 (RULES.md);
* the bonus is on one team only: the players read the score through ``game_score``, and the
  team without the rule is shown 5 instead of 6 or 7 (its other flags, at 8 and 9, are the
  same: nothing else it decides reads 5 to 7 differently);
* each game is played three times on the same deals: no team with the rule (the baseline),
  team 0 with it, team 1 with it (scripts/paired_games.py).

    python scripts/euchre_lone_game.py --games 200000 --bonus 0,0 0,1000 " -500,0"

(a pair that starts with a minus sign takes a leading space, or argparse reads it as an option)

prints, per pair (far,near), the mean gain in game-win probability with its standard error, and how many of
alone calls the rule side made and how many games changed.  The shipped values are
EU_LONE_GAME_FAR and EU_LONE_GAME_NEAR
(euchre/players.pxd); the figures behind it are in its docstring.
"""
from __future__ import annotations

import argparse
import time

from paired_games import paired_gain, print_row

from cardsim.euchre import euchre as core
from cardsim.rules import make_rules

TARGET = 10


def play_game(rules, seed: int, game: int, rule_team: int | None) -> tuple[int, int]:
    """Game ``game`` of ``seed`` played out by heuristic seats; ``rule_team`` (0, 1 or None)
    sees its own score at 6-7, the other team sees 5 there.  Returns (winning team, alone
    calls of the rule team)."""
    score = [0, 0]
    dealer = game % 4
    alones = 0
    k = 0
    while max(score) < TARGET:
        state = core.EuchreState(rules, 4, seed, dealer, (game << 8) | k)
        state.game_score = [s if team == rule_team or not 6 <= s <= 7 else 5 for team, s in enumerate(score)]
        while state.phase != "done":
            state.policy_step("heuristic")
        if state.maker_alone and state.maker % 2 == rule_team:
            alones += 1
        points = state.team_points
        score[0] += points[0]
        score[1] += points[1]
        dealer = (state.dealer + 1) % 4
        k += 1
    return (0 if score[0] > score[1] else 1), alones


def measure(bonus: tuple[int, int], games: int, seed: int, base: list[int]) -> tuple[float, float, int, int]:
    """paired_gain of ``bonus`` on one team: (mean gain, its standard error, alone calls of the
    rule team, games that changed)."""
    rules = make_rules("euchre")
    before = core.euchre_lone_game_bonus("euchre", bonus)
    try:
        return paired_gain(lambda g, team: play_game(rules, seed, g, team), games, base)
    finally:
        core.euchre_lone_game_bonus("euchre", before)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bonus", nargs="+", default=["0,0", "0,1000", "0,4000"],
                        help="bonus pairs to try, far,near in thousandths of a point")
    args = parser.parse_args(argv)
    rules = make_rules("euchre")
    start = time.process_time()
    base = [play_game(rules, args.seed, g, None)[0] for g in range(args.games)]
    print(f"{args.games} games, seed {args.seed}: baseline team 0 wins {base.count(0) / args.games:.4f}"
          f" ({time.process_time() - start:.1f} s)")
    print(f"{'far,near':>12} {'gain':>9} {'se':>8} {'z':>6} {'alones':>10} {'changed':>8}")
    for text in args.bonus:
        bonus = tuple(int(x) for x in text.split(","))
        print_row(text, *measure(bonus, args.games, args.seed, base))


if __name__ == "__main__":
    main()
