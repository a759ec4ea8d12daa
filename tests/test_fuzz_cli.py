"""Fuzzing the CLI (in process, click's CliRunner) and the Python entry points (issue 14).

Random commands, option names, values, card strings, counts and paths: every run
either succeeds or ends with exit status 2 and one ``error:`` line on stderr; never
a traceback, never a partial file (nor a leftover temporary one).
"""
from __future__ import annotations

import string
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsim import CardSet, Game, atomic
from cardsim.cli import main
from cardsim.errors import CardsimError
from cardsim.rules import GAMES, make_rules

FUZZ = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

GAME_NAMES = [*GAMES, "Cutthroat_Pinochle", "EUCHRE", "pinochle", "", "spades ", "x" * 40]
RANKS = ["A", "K", "Q", "J", "T", "10", "9", "8", "2", "1", "Z", "J1", ""]
SUITS = ["S", "H", "D", "C", "s", "♠", "♥", "X", ""]
card = st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(SUITS))
cards = st.lists(card, max_size=20).map(" ".join) | st.text(max_size=30)
small_int = st.integers(min_value=-3, max_value=40).map(str)
number = small_int | st.sampled_from(["0", "1", "1e3", "1.5", "-0", "abc", "", "99999999999999999999", " 7 "])
option_names = sorted({opt.name for spec in GAMES.values() for opt in spec.options})
set_value = st.sampled_from(["true", "FALSE", "yes", "0", "1", "-1", "1000", "always", "NEVER", "redeal", "JD,JC",
                             "A=1,T=1,K=1", "A=0", "x", "", "=", "3", "5", "14", "17"])
set_item = st.builds(lambda k, v: f"{k}={v}", st.sampled_from(option_names + ["nope", "min_bids", ""]), set_value) \
    | st.text(max_size=12)
OPTIONS = {
    "simulate": ["--hands", "--seed", "--threads", "--policy", "--policy-seats", "--unit", "--set", "--preset", "--out"],
    "deal": ["--seed", "--dealer", "--set", "--preset"],
    "meld": ["--trump", "--set", "--preset"],
    "bid": ["--seat", "--dealer", "--upcard", "--scores", "--trials", "--set", "--policy", "--seed", "--threads"],
    "rules": ["--set", "--preset", "--list"],
    "games": [],
}
VALUES = {
    "--hands": st.sampled_from(["1", "7", "200", "0", "-5", "abc", "1.5", "1000000001"]),
    "--seed": number, "--threads": st.sampled_from(["1", "2", "0", "5000", "x"]),
    "--dealer": number, "--seat": number,
    "--trials": st.sampled_from(["1", "10", "0", "x", "50"]),
    "--policy": st.sampled_from(["heuristic", "random", "RANDOM", "nobody", ""]),
    "--policy-seats": st.sampled_from(["heuristic,random,random", "random", "random,random,random,random", ",", ""]),
    "--unit": st.sampled_from(["hand", "game", "tournament", "season"]),
    "--set": set_item, "--preset": st.sampled_from(["standard", "army", "official", "classic-300", "x", ""]),
    "--trump": st.sampled_from(["S", "h", "♦", "clubs", "X", ""]), "--upcard": card,
    "--scores": st.sampled_from(["0,0", "120,300", "1,2,3", "x", ""]),
}


def check(result, folder: Path | None = None) -> None:
    assert "Traceback" not in result.stderr, result.stderr
    if result.exit_code == 0:
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    else:
        assert result.exit_code == 2, (result.exit_code, result.stderr, result.exception)
        assert isinstance(result.exception, SystemExit), repr(result.exception)
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    if folder is not None:
        assert not [p for p in folder.iterdir() if p.name.startswith(atomic.PREFIX)]


@st.composite
def command_lines(draw, folder: Path) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    args = [command]
    if command != "games":
        args.append(draw(st.sampled_from(GAME_NAMES)))
    if command in ("meld", "bid") and draw(st.booleans()):
        args.append(draw(cards))
    for _ in range(draw(st.integers(0, 4))):
        name = draw(st.sampled_from(OPTIONS[command] + ["--bogus", "--json", "-h"][:2]))
        if name in ("--json", "--list"):
            args.append(name)
        elif name == "--out":
            suffix = draw(st.sampled_from([".csv", ".npz", ".parquet", ".txt", "", "/"]))
            stem = draw(st.sampled_from(["out", "", "missing/out", ".", "a b"]))
            args += [name, str(folder / f"{stem}{suffix}") if stem else draw(st.sampled_from(["", " "]))]
        elif name == "--bogus":
            args.append(name)
        else:
            args += [name, draw(VALUES.get(name, number))]
    if command == "simulate":  # keep runs short: few hands, fewer whole games or tournaments
        whole = any(args[i + 1] in ("game", "tournament") for i, a in enumerate(args[:-1]) if a == "--unit")
        if "--hands" not in args:
            args += ["--hands", "50"]
        for i, a in enumerate(args[:-1]):
            if a == "--hands" and args[i + 1] in ("7", "200", "50"):
                args[i + 1] = "2" if whole else args[i + 1]
    if command == "bid" and "--trials" not in args:
        args += ["--trials", "20"]
    if command in ("simulate", "bid"):
        args += ["--threads", "1"] if "--threads" not in args else []
    return args


def test_fuzz_cli(tmp_path):
    runner = CliRunner()

    @FUZZ
    @given(st.data())
    def one(data):
        args = data.draw(command_lines(tmp_path))
        out = next((args[i + 1] for i, a in enumerate(args[:-1]) if a == "--out"), None)
        before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
        result = runner.invoke(main, args, env={"COLUMNS": None})
        check(result, tmp_path)
        if out and result.exit_code != 0 and Path(out).name in before:
            assert Path(out).read_bytes() == before[Path(out).name]  # a failed run keeps the old file

    one()


def test_fuzz_extra_card_arguments():
    runner = CliRunner()

    @FUZZ
    @given(st.lists(card, min_size=2, max_size=6), st.sampled_from(["meld", "bid"]))
    def one(tokens, command):
        result = runner.invoke(main, [command, "cutthroat-pinochle", *tokens, "--trump", "S"])
        check(result)
        assert result.exit_code == 2

    one()


# -- Python entry points ------------------------------------------------------------------
anything = st.one_of(st.none(), st.booleans(), st.integers(-5, 2000), st.floats(allow_nan=True),
                     st.text(max_size=8), st.lists(st.text(max_size=3), max_size=3),
                     st.sampled_from([np.int64(20), np.bool_(True), np.float64(0.5), np.uint8(3), b"AS", object()]))


@FUZZ
@given(st.sampled_from(sorted(GAMES)), st.sampled_from(option_names + ["nope"]), anything)
def test_fuzz_rules_values(game, name, value):
    try:
        make_rules(game, **{name: value})
    except CardsimError as exc:
        assert "\n" not in str(exc)


@FUZZ
@given(st.one_of(cards, anything, st.integers(-2, 2**64)))
def test_fuzz_cards(value):
    try:
        CardSet(value)
    except CardsimError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=60, deadline=None)
@given(anything, anything, anything)
def test_fuzz_simulate_and_deal(n, seed, dealer):
    game = Game("cutthroat-euchre")
    for call in (lambda: game.simulate(n if not isinstance(n, int) or n < 60 else 3, seed=0, threads=1),
                 lambda: game.simulate(3, seed=seed, threads=1),
                 lambda: game.deal(seed=0, dealer=dealer), lambda: game.deal(seed=seed),
                 lambda: game.deal(seed=0).play(n)):
        try:
            call()
        except CardsimError as exc:
            assert "\n" not in str(exc)


@pytest.mark.parametrize("game", ["cutthroat-pinochle", "euchre", "spades", "two-hand-pinochle"])
def test_fuzz_hand_moves(game):
    @settings(max_examples=40, deadline=None)
    @given(st.lists(anything | card, max_size=6))
    def one(moves):
        hand = Game(game).deal(seed=1)
        for move in moves:
            for act in ("play", "bid"):
                method = getattr(hand, act, None)
                if method is None:
                    continue
                try:
                    method(move)
                except CardsimError as exc:
                    assert "\n" not in str(exc)

    one()
