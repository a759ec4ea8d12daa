#!/usr/bin/env python3
"""Mutant check: plant small bugs one at a time and make sure the tests catch each one.

Run by hand before a release (not in CI: a mutant of the core needs a rebuild, 40 s or
more each):

    python scripts/mutants.py              # every mutant, one at a time
    python scripts/mutants.py --list       # what is planted where, and which tests should catch it
    python scripts/mutants.py --only spades-bag-outs-count-any-bag --only left-right-of-dealer-swapped
    python scripts/mutants.py --jobs 2     # two mutants at once (each builds its own copy)

Each mutant is one exact snippet of one file and its replacement.  For each, the
repository's files (tracked and untracked, not ignored: the working tree as it is) are
copied into a scratch folder, the snippet is replaced (it must occur exactly once: a
snippet that is gone means the code moved and the mutant needs rewriting, and the run
stops with an error), the core is built there (``python setup.py build_ext --inplace -q``;
a mutant of a Python file reuses the unmutated build of every compiled module), and
``pytest -x -q`` runs the mutant's tests (files or node ids, in the order listed).  A
mutant is *killed* when a test fails, *survived* when they all pass.  First the
unmutated copy is built and every listed test run once (the baseline): a kill means
something only if the tests pass without the bug.  The script
prints a table and exits 1 if any mutant survived or could not be checked.
"""
from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str       # file, relative to the repository root
    old: str        # exact snippet, found exactly once
    new: str        # its replacement
    tests: tuple[str, ...]  # test files (or pytest node ids, run in this order) that must catch it
    about: str = ""


SUMMARY_FIGURES = "tests/test_summaries.py::test_every_summary_figure_recomputed_from_the_records"

MUTANTS: list[Mutant] = [
    # -- the five that passed the suite before issue 17 --------------------------------
    Mutant("cutthroat-heuristic-ignores-must-beat", "src/cardsim/pinochle/cutthroat_players.pxd",
           "    cdef uint64_t legal = cp_legal(h, r)\n    if not (legal & (legal - 1)):",
           "    cdef uint64_t legal = legal_cards(h.hand[h.to_act], h.trick[0] >> 4 if h.n_in_trick else -1,\n"
           "                                      h.trick[h.best], h.trump, MUST_BEAT_NEVER)\n"
           "    if not (legal & (legal - 1)):",
           ("tests/test_players.py::test_defender_heuristic_keeps_to_must_beat",
            "tests/test_players.py::test_heuristic_plays_only_legal_cards_in_every_must_beat_mode"),
           "the cutthroat heuristic computes its own legal set with must_beat ignored"),
    Mutant("defenders-stop-feeding-counters", "src/cardsim/pinochle/cutthroat_players.pxd",
           "        if safe:\n            return cp_richest(legal, t, r.rank_points, key)",
           "        if safe:\n            return cp_cheapest(legal, t, r.rank_points, key)",
           ("tests/test_players.py::test_defender_feeds_its_richest_counter_to_its_partners_safe_trick",
            "tests/test_players.py::test_defenders_feed_each_other_counters"),
           "a cutthroat defender gives its cheapest card to a partner's safe trick"),
    Mutant("spades-bag-outs-count-any-bag", "src/cardsim/spades/games.pyx",
           "g.bag_outs[s] += h.bag_penalty[s] > 0",
           "g.bag_outs[s] += h.bags[s] > 0",
           ("tests/test_whole_game.py::test_spades_bag_outs_count_hands_that_cost_a_bag_penalty",),
           "a spades game counts hands with any bag as bag-outs"),
    Mutant("whole-game-team-scores-to-other-team", "src/cardsim/pinochle/partnership.pyx",
           "    points[0] = h.team_score[0]\n    points[1] = h.team_score[1]",
           "    points[0] = h.team_score[1]\n    points[1] = h.team_score[0]",
           ("tests/test_whole_game.py::test_whole_game_partnership_scores_go_to_the_team_that_scored_them",),
           "Partnership Pinochle whole games credit each hand to the other team"),
    Mutant("left-right-of-dealer-swapped", "src/cardsim/summaries.py",
           'zip(("dealer", "left_of_dealer", "right_of_dealer"), t["by_position"])',
           'zip(("dealer", "right_of_dealer", "left_of_dealer"), t["by_position"])',
           ("tests/test_summaries.py::test_left_and_right_of_the_dealer_are_told_apart",),
           "the cutthroat pinochle summary swaps the dealer's neighbours"),
    # -- rules engines ---------------------------------------------------------------------
    Mutant("trump-marriage-counted-inside-run", "src/cardsim/pinochle/cards.pxd",
           "counts[M_TRUMP_MARRIAGE] = trump_pairs - runs",
           "counts[M_TRUMP_MARRIAGE] = trump_pairs",
           ("tests/test_cutthroat_pinochle_core.py::test_meld_cases",
            "tests/test_cutthroat_pinochle_core.py::test_meld_random_hands_match_reference")),
    Mutant("pinochle-meld-min-becomes-max", "src/cardsim/pinochle/cards.pxd",
           "set_single_or_double(counts, M_PINOCHLE, n if n < i else i)",
           "set_single_or_double(counts, M_PINOCHLE, n if n > i else i)",
           ("tests/test_cutthroat_pinochle_core.py::test_meld_cases",
            "tests/test_cutthroat_pinochle_core.py::test_meld_random_hands_match_reference")),
    Mutant("over-trump-duty-dropped", "src/cardsim/pinochle/cards.pxd",
           "        if (must_beat == MUST_BEAT_ALWAYS or must_beat == MUST_BEAT_TRUMP_LED) and (best >> 4) == trump:",
           "        if False and (must_beat == MUST_BEAT_ALWAYS or must_beat == MUST_BEAT_TRUMP_LED) and (\n"
           "                best >> 4) == trump:",
           ("tests/test_cutthroat_pinochle_core.py::test_legal_cases_in_the_core",
            "tests/test_differential_cutthroat_pinochle.py::test_core_matches_reference"),
           "no seat must over-trump a trumped trick (legal_cards, every pinochle game)"),
    Mutant("cutthroat-set-bidder-loses-half", "src/cardsim/pinochle/cutthroat_engine.pxd",
           "                h.score[s] = -h.high_bid",
           "                h.score[s] = -(h.high_bid // 2)",
           ("tests/test_cutthroat_pinochle_core.py", "tests/test_differential_cutthroat_pinochle.py")),
    Mutant("army-defenders-paid-40", "src/cardsim/pinochle/cutthroat_engine.pxd",
           "h.army[s] = -40 if s == b else 20",
           "h.army[s] = -40 if s == b else 40",
           ("tests/test_whole_game.py::test_army_entries_of_a_batch", "tests/test_cutthroat_pinochle_core.py")),
    Mutant("partnership-save-meld-ignored", "src/cardsim/pinochle/partnership_engine.pxd",
           "counted = h.team_meld[t] if h.team_trick_points[t] >= r.save_meld_points else 0",
           "counted = h.team_meld[t]",
           ("tests/test_partnership_pinochle_core.py", "tests/test_differential_partnership_pinochle.py")),
    Mutant("two-hand-meld-reuse-unmarked", "src/cardsim/pinochle/two_hand_engine.pxd",
           "    h.used[kind] |= chosen\n    if kind == TK_RUN:",
           "    if kind == TK_RUN:",
           ("tests/test_two_hand_pinochle_core.py::test_never_twice_in_one_kind_a_new_marriage_needs_all_new_cards",
            "tests/test_differential_two_hand_pinochle.py::test_core_matches_reference")),
    Mutant("euchre-left-bower-wrong-colour", "src/cardsim/euchre/engine.pxd",
           "cdef int rb = 16 * t + EU_JACK, lb = 16 * (3 - t) + EU_JACK",
           "cdef int rb = 16 * t + EU_JACK, lb = 16 * (t ^ 1) + EU_JACK",
           ("tests/test_euchre_core.py::test_left_bower_beats_the_ace_of_trump",
            "tests/test_euchre_core.py::test_left_bower_does_not_follow_its_printed_suit_and_trumps_it",
            "tests/test_differential_euchre.py::test_core_matches_reference")),
    Mutant("euchre-four-tricks-march", "src/cardsim/euchre/engine.pxd",
           "pts = 1 if side_tricks < EU_TRICKS else",
           "pts = 1 if side_tricks < EU_TRICKS - 1 else",
           ("tests/test_euchre_core.py::test_cutthroat_scoring_rows",
            "tests/test_euchre_core.py::test_euchre_scoring_rows",
            "tests/test_differential_euchre.py::test_core_matches_reference")),
    Mutant("spades-bag-limit-off-by-one", "src/cardsim/spades/scoring.pxd",
           "    if total < r.bag_limit:\n        return 0",
           "    if total <= r.bag_limit:\n        return 0",
           ("tests/test_spades_scoring.py::test_bag_out_exactly_at_the_limit_is_the_same_for_every_bag_penalty",
            "tests/test_spades_scoring.py::test_bag_limit_reached_costs_ten_times_the_limit_and_resets"),
           "reaching bag_limit exactly costs nothing (only going past it does)"),
    Mutant("spades-lead-before-broken", "src/cardsim/spades/engine.pxd",
           "        if h.broken or not r.break_spades:\n            return held",
           "        if True:\n            return held",
           ("tests/test_spades_play_cases.py::test_no_spade_lead_before_spades_are_broken",
            "tests/test_differential_spades.py::test_core_matches_reference"),
           "spades may be led before they are broken"),
    Mutant("spades-nil-made-with-one-trick", "src/cardsim/spades/scoring.pxd",
           "pts = 100 if tricks == 0 else -100",
           "pts = 100 if tricks <= 1 else -100",
           ("tests/test_spades_scoring.py",)),
    Mutant("partnership-trump-led-over-trumps", "src/cardsim/pinochle/partnership.pyx",
           '"trump_led": MUST_BEAT_TRUMP_LEAD_ONLY',
           '"trump_led": MUST_BEAT_TRUMP_LED',
           ("tests/test_partnership_pinochle_core.py::test_issue_9_position_a_trumper_need_not_over_trump",
            "tests/test_differential_partnership_pinochle.py::test_core_matches_reference"),
           "the partnership over-trump bug put back: must_beat=trump_led makes a trumper over-trump"),
    Mutant("spades-prize-jacks-void-ignored", "src/cardsim/spades/scoring.pxd",
           "    return not r.prize_each and n >= 2 and",
           "    return False and not r.prize_each and n >= 2 and",
           ("tests/test_spades_scoring.py::test_two_prize_jacks_captured",
            "tests/test_spades_scoring.py::test_seed_62_two_prize_jacks_score_nothing"),
           "multiple_prize_jacks=void not applied: two prize jacks in one scorer's tricks both pay"),
    # -- players ------------------------------------------------------------------------------
    Mutant("euchre-heuristic-revokes", "src/cardsim/euchre/players.pxd",
           "    cdef uint64_t legal = eu_legal(h)\n    if not (legal & (legal - 1)):\n        return lsb(legal)\n"
           "    cdef int s = h.to_act, t = h.trump\n",
           "    cdef uint64_t legal = h.hand[h.to_act]\n    if not (legal & (legal - 1)):\n        return lsb(legal)\n"
           "    cdef int s = h.to_act, t = h.trump\n",
           ("tests/test_differential_euchre.py::test_core_heuristic_actions_are_legal_in_the_reference",),
           "the euchre heuristic plays from its whole hand, ignoring the duty to follow suit"),
    Mutant("spades-heuristic-ignores-legal", "src/cardsim/spades/players.pxd",
           "    cdef uint64_t legal = sp_legal(h, r)\n    cdef uint64_t unseen = r.deck & ~h.played & ~h.hand[s]",
           "    cdef uint64_t legal = h.hand[h.to_act]\n    cdef uint64_t unseen = r.deck & ~h.played & ~h.hand[s]",
           ("tests/test_differential_spades.py::test_core_heuristic_moves_match_reference",),
           "the spades heuristic plays from its whole hand, ignoring follow suit and broken spades"),
    Mutant("two-hand-heuristic-ignores-follow-and-win", "src/cardsim/pinochle/two_hand_players.pxd",
           "    cdef uint64_t legal = th_legal(h), winners = 0, rest, opp",
           "    cdef uint64_t legal = distinct_cards(h.hand[h.to_act]), winners = 0, rest, opp",
           ("tests/test_differential_two_hand_pinochle.py::test_core_heuristic_moves_match_reference",),
           "the two-hand heuristic plays from its whole hand once the stock is gone (no follow-and-win duty)"),
    Mutant("euchre-round-2-names-the-upcards-suit", "src/cardsim/euchre/players.pxd",
           "        suit = eu_best_suit(h, r, s, h.upcard >> 4, &value)",
           "        suit = eu_best_suit(h, r, s, -1, &value)",
           ("tests/test_differential_euchre.py::test_core_heuristic_actions_are_legal_in_the_reference",),
           "the euchre heuristic may name the turned-down upcard's suit in round 2"),
    # -- summaries ---------------------------------------------------------------------------
    Mutant("euchre-march-rate-counts-four", "src/cardsim/summaries.py",
           't.count("march", maker_side == 5)',
           't.count("march", maker_side >= 4)',
           (f"{SUMMARY_FIGURES}[cutthroat-euchre-hand-7]", f"{SUMMARY_FIGURES}[euchre-hand-9]"),
           "the euchre summary's march rate counts four tricks as a march"),
    Mutant("partnership-summary-other-team", "src/cardsim/summaries.py",
           '    team = contested["bidder"] % 2\n',
           '    team = 1 - contested["bidder"] % 2\n',
           (f"{SUMMARY_FIGURES}[partnership-pinochle-hand-3]", f"{SUMMARY_FIGURES}[partnership-pinochle-hand-4]"),
           "the partnership pinochle summary credits the bidding team's figures to the other team"),
    Mutant("spades-first-leader-is-dealer", "src/cardsim/spades/records.py",
           't.add("leader", np.array([np.count_nonzero(array["leader"] == s)',
           't.add("leader", np.array([np.count_nonzero(array["dealer"] == s)',
           (f"{SUMMARY_FIGURES}[cutthroat-spades-hand-12]",),
           "the spades summary's first-leader rate counts the dealer's seat (told apart where the two of clubs "
           "leads: with the left of the dealer leading, and the dealer rotating, the counts agree)"),
    Mutant("generic-per-seat-means-reversed", "src/cardsim/summaries.py",
           'out[f"mean_{name}"] = [round(float(v) / n, 4) for v in t[name]]',
           'out[f"mean_{name}"] = [round(float(v) / n, 4) for v in t[name][::-1]]',
           (SUMMARY_FIGURES,),
           "every summary's per-seat means come in reverse seat order"),
    # -- odds -----------------------------------------------------------------------------------
    Mutant("odds-interval-too-narrow", "src/cardsim/odds.py",
           "    half = Z95 * np.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom",
           "    half = Z95 * np.sqrt(p * (1 - p) / n) / denom",
           ("tests/test_bid_odds.py",), "a wrong odds interval (the Wald half-width in the Wilson centre)"),
    Mutant("bid-takes-a-short-hand", "src/cardsim/odds.py",
           "    if len(hand) != size:\n        raise CardsimError(f\"a cutthroat-pinochle hand",
           "    if len(hand) > size:\n        raise CardsimError(f\"a cutthroat-pinochle hand",
           ("tests/test_bid_odds.py",), "cardsim bid lets a 14-card Cutthroat Pinochle hand through"),
    # -- the game contract ---------------------------------------------------------------------------
    Mutant("contract-apply-skips-legality", "src/cardsim/_contract.pyx",
           "        if not self.legal_now(a):",
           "        if False:",
           ("tests/test_contract.py::test_bad_actions_get_one_line_and_leave_the_hand",
            "tests/test_contract.py::test_a_history_that_does_not_replay_says_where"),
           "GameState.apply plays an action that is not legal now"),
    # -- CLI ----------------------------------------------------------------------------------------
    Mutant("cli-bad-input-exit-1", "src/cardsim/cli.py",
           '            click.echo(f"error: {message}{out_note(ctx, message)}", err=True)\n            ctx.exit(2)',
           '            click.echo(f"error: {message}{out_note(ctx, message)}", err=True)\n            ctx.exit(1)',
           ("tests/test_cli.py::test_bad_input_is_one_line",),
           "a bad input (CardsimError) exits with status 1, not 2"),
]


def repo_files(root: Path) -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=root,
                         check=True, capture_output=True).stdout.decode()
    return [f for f in out.split("\0") if f and (root / f).is_file()]


def copy_tree(root: Path, dest: Path) -> None:
    for rel in repo_files(root):
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, target)


def apply(mutant: Mutant, tree: Path) -> None:
    path = tree / mutant.path
    if not path.is_file():
        raise LookupError(f"{mutant.name}: {mutant.path} does not exist")
    text = path.read_text()
    count = text.count(mutant.old)
    if count != 1:
        raise LookupError(f"{mutant.name}: the snippet occurs {count} times in {mutant.path} (the code moved?): "
                          f"{mutant.old!r}")
    path.write_text(text.replace(mutant.old, mutant.new))


def build(tree: Path) -> subprocess.CompletedProcess:
    return subprocess.run([PY, "setup.py", "build_ext", "--inplace", "-q"], cwd=tree, capture_output=True, text=True)


def compiled_modules() -> list[str]:
    """The compiled modules setup.py builds (its MODULES list and Cython's shared utility module),
    as paths under src/cardsim without the suffix (``pinochle/cutthroat``)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "MODULES" for t in node.targets):
            return [name.replace(".", "/") for name in ast.literal_eval(node.value)] + ["_cyutility"]
    raise LookupError("setup.py has no MODULES list")


def built_core(tree: Path) -> list[Path]:
    """The built modules of the core (every one of compiled_modules()), or [] when one is missing."""
    found = []
    for name in compiled_modules():
        base = tree / "src" / "cardsim" / name
        files = [*base.parent.glob(f"{base.name}.*.so"), *base.parent.glob(f"{base.name}.*.pyd")]
        if not files:
            return []
        found += files
    return found


def run_tests(tree: Path, tests: tuple[str, ...], timeout: float) -> tuple[int, str]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    try:
        proc = subprocess.run([PY, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests], cwd=tree,
                              env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return -1, "timed out"
    return proc.returncode, proc.stdout + proc.stderr


def first_failure(output: str) -> str:
    for line in output.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return line.split(" - ")[0].split(" ", 1)[1]
    return ""


def check(mutant: Mutant, baseline: Path | None, keep: bool, timeout: float) -> dict:
    start = time.time()
    tree = Path(tempfile.mkdtemp(prefix=f"mutant-{mutant.name}-"))
    try:
        copy_tree(ROOT, tree)
        apply(mutant, tree)
        core_source = mutant.path.endswith((".pyx", ".pxi", ".pxd")) or mutant.path == "setup.py"
        if not core_source and baseline is not None and built_core(baseline):
            for so in built_core(baseline):
                shutil.copy2(so, tree / so.relative_to(baseline))
        else:
            result = build(tree)
            if result.returncode != 0 or not built_core(tree):
                return {"status": "BUILD FAILED", "seconds": time.time() - start,
                        "detail": (result.stderr or result.stdout).strip().splitlines()[-1:]}
        code, output = run_tests(tree, mutant.tests, timeout)
        if code == 1:
            status, detail = "killed", first_failure(output)
        elif code == 0:
            status, detail = "SURVIVED", ""
        else:
            status, detail = f"ERROR (pytest {code})", output.strip().splitlines()[-1:] if output else ""
        return {"status": status, "seconds": time.time() - start, "detail": detail}
    finally:
        if not keep:
            shutil.rmtree(tree, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", metavar="NAME", help="check only this mutant (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--jobs", type=int, default=1, help="mutants checked at once (default 1)")
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the unmutated run (and build every mutant, Python ones included)")
    parser.add_argument("--timeout", type=float, default=1200, help="seconds per mutant's test run")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copies (their paths are printed)")
    args = parser.parse_args(argv)

    names = [m.name for m in MUTANTS]
    assert len(names) == len(set(names)), "mutant names must be unique"
    if args.list:
        for m in MUTANTS:
            print(f"{m.name}\n    {m.path}: {m.old.strip()!r}\n    -> {m.new.strip()!r}\n    caught by: "
                  f"{' '.join(m.tests)}" + (f"\n    ({m.about})" if m.about else ""))
        return 0
    chosen = MUTANTS
    if args.only:
        unknown = sorted(set(args.only) - set(names))
        if unknown:
            print(f"unknown mutant(s): {', '.join(unknown)}; see --list", file=sys.stderr)
            return 2
        chosen = [m for m in MUTANTS if m.name in args.only]
    # every snippet first, so that a moved line stops the run before any build
    missing = []
    for m in chosen:
        path = ROOT / m.path
        count = path.read_text().count(m.old) if path.is_file() else 0
        if count != 1:
            missing.append(f"  {m.name}: snippet found {count} times in {m.path}")
        for t in m.tests:
            if not (ROOT / t.split("::")[0]).is_file():
                missing.append(f"  {m.name}: test file {t} does not exist")
    if missing:
        print("mutants out of date (rewrite them for the code as it is now):\n" + "\n".join(missing), file=sys.stderr)
        return 2

    baseline = None
    if not args.no_baseline:
        baseline = Path(tempfile.mkdtemp(prefix="mutant-baseline-"))
        copy_tree(ROOT, baseline)
        print("baseline: building the unmutated copy ...", flush=True)
        result = build(baseline)
        if result.returncode != 0:
            print(f"baseline build failed:\n{result.stderr}", file=sys.stderr)
            return 2
        tests = tuple(sorted({t for m in chosen for t in m.tests}))
        code, output = run_tests(baseline, tests, args.timeout * 2)
        if code != 0:
            print(f"baseline: the tests fail without any mutant (pytest {code}):\n{output[-3000:]}", file=sys.stderr)
            return 2
        print(f"baseline: {len(tests)} test files pass unmutated", flush=True)

    results: dict[str, dict] = {}

    def one(m: Mutant) -> None:
        results[m.name] = check(m, baseline, args.keep, args.timeout)
        r = results[m.name]
        print(f"  {m.name}: {r['status']} ({r['seconds']:.0f} s)", flush=True)

    try:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            list(pool.map(one, chosen))
    finally:
        if baseline is not None and not args.keep:
            shutil.rmtree(baseline, ignore_errors=True)

    width = max(len(m.name) for m in chosen)
    print(f"\n{'mutant':<{width}}  {'result':<12} {'time':>6}  caught by")
    for m in chosen:
        r = results[m.name]
        detail = r["detail"] if isinstance(r["detail"], str) else " ".join(r["detail"])
        print(f"{m.name:<{width}}  {r['status']:<12} {r['seconds']:>5.0f}s  {detail}")
    bad = [m.name for m in chosen if results[m.name]["status"] != "killed"]
    killed = len(chosen) - len(bad)
    print(f"\n{killed} of {len(chosen)} killed" + (f"; not killed: {', '.join(bad)}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
