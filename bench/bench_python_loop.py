"""A Python loop that chooses every action, as MCTS, PIMC or a learning agent does: cardsim's
game contract against OpenSpiel's Python loop, side by side in one run.

    python bench/bench_python_loop.py [--hands N] [--repeats R] [--openspiel-python PATH]

Each hand is dealt (cardsim: ``Game(g).deal(seed=i)``; OpenSpiel: ``new_initial_state()``
with every chance node resolved by a uniformly random choice among ``chance_outcomes()``,
all of which are equally likely in these games) and played to the end by choosing uniformly
at random among the legal integer actions (``random.Random`` seeded per repeat).  Prints
hands per second, the median of R repeats, both per CPU second of the process that plays
(``time.process_time``: steady on a shared machine) and per wall-clock second, and the ratio
cardsim / OpenSpiel for euchre and spades (the issue's target: at least 2x).  The other
cardsim games on the contract are timed too, for information.  Then ``clone()`` and
``pickle`` round trips per second of a mid-hand state (half-way through a seeded random
playthrough), for both libraries, each the median of R repeats, interleaved: cardsim's hand
(``pickle.dumps(hand)``) and, for scale, its bare core state (``hand._state``: the struct bytes
alone, no ``to_dict()``; "state rt/s").  ``--baseline SRC`` times the copies of another cardsim
tree too (its ``src`` folder, built in place: say the previous main) in a subprocess, beside
this one's ("base hand rt/s"), interleaved with the others.

OpenSpiel (``pip install open-spiel``) is a bench-only dependency and may live in another
interpreter: ``--openspiel-python PATH`` runs that half in a subprocess of PATH (this same
file, in worker mode), and the repeats are interleaved (cardsim, OpenSpiel, cardsim, ...)
so that load on the machine falls on both alike.  Without it, or when PATH cannot import
``pyspiel``, only cardsim's figures are printed, with a note.
"""
from __future__ import annotations

import argparse
import json
import pickle
import random
import statistics
import subprocess
import sys
import time
from typing import Any, Callable

TARGET = 2.0  # cardsim's loop at least this many times OpenSpiel's (issue 10)
COMPARED = ("euchre", "spades")  # the games both libraries have, same names in both
MID_HAND_SEED = 7


def timed(fn: Callable[[], int]) -> dict[str, float]:
    """Run ``fn`` (it returns how many units it did) and time it, CPU and wall."""
    wall, cpu = time.perf_counter(), time.process_time()
    units = fn()
    return {"units": units, "cpu": max(time.process_time() - cpu, 1e-9),
            "wall": max(time.perf_counter() - wall, 1e-9)}


# -- OpenSpiel side (runs in the OpenSpiel interpreter; imports nothing from cardsim) -----------
class OpenSpielSide:
    def __init__(self) -> None:
        import pyspiel

        self.pyspiel = pyspiel
        self.games: dict[str, Any] = {}

    def game(self, name: str) -> Any:
        if name not in self.games:
            self.games[name] = self.pyspiel.load_game(name)
        return self.games[name]

    @staticmethod
    def _step(state: Any, rng: random.Random) -> None:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))

    def loop(self, name: str, hands: int, seed: int) -> dict[str, float]:
        game = self.game(name)
        rng = random.Random(seed)
        step = self._step

        def run() -> int:
            for _ in range(hands):
                state = game.new_initial_state()
                while not state.is_terminal():
                    step(state, rng)
            return hands

        return timed(run)

    def mid_hand(self, name: str) -> Any:
        game = self.game(name)
        state, rng, actions = game.new_initial_state(), random.Random(MID_HAND_SEED), []
        while not state.is_terminal():  # a whole playthrough, to know its length
            self._step(state, rng)
        actions = state.history()
        state = game.new_initial_state()
        for action in actions[: len(actions) // 2]:
            state.apply_action(action)
        return state

    def copies(self, name: str, n: int) -> dict[str, dict[str, float]]:
        state = self.mid_hand(name)

        def clones() -> int:
            for _ in range(n):
                state.clone()
            return n

        def pickles() -> int:
            for _ in range(n):
                pickle.loads(pickle.dumps(state))
            return n

        assert pickle.loads(pickle.dumps(state)).history() == state.history()
        return {"clone": timed(clones), "pickle": timed(pickles)}


def openspiel_worker() -> None:
    """Worker mode: one JSON request per stdin line, one JSON answer per stdout line."""
    try:
        side = OpenSpielSide()
        import pyspiel
        version = getattr(pyspiel, "__version__", None)
        if version is None:
            try:
                from importlib.metadata import version as dist_version
                version = dist_version("open_spiel")
            except Exception:
                version = "?"
        print(json.dumps({"ready": True, "version": version, "python": sys.version.split()[0]}), flush=True)
    except Exception as exc:  # reported to the parent, which prints a note
        print(json.dumps({"ready": False, "error": f"{type(exc).__name__}: {exc}"}), flush=True)
        return
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "loop":
            answer: Any = side.loop(request["game"], request["hands"], request["seed"])
        else:
            answer = side.copies(request["game"], request["n"])
        print(json.dumps(answer), flush=True)


class OpenSpielProcess:
    """The parent's handle on a worker subprocess (OpenSpiel's, or a baseline cardsim's)."""

    def __init__(self, python: str, mode: str = "--openspiel-worker", env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen([python, __file__, mode], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)
        hello = self._read()
        if not hello.get("ready"):
            self.close()
            raise RuntimeError(hello.get("error", "the worker did not start"))
        self.version, self.python = hello["version"], hello["python"]

    def _read(self) -> dict:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the OpenSpiel worker exited (status {self.proc.wait()})")
        return json.loads(line)

    def ask(self, **request: Any) -> Any:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


# -- cardsim side ------------------------------------------------------------------------------
def cardsim_loop(game: Any, hands: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    choice = rng.choice
    first = seed * hands

    def run() -> int:
        for i in range(first, first + hands):
            hand = game.deal(seed=i)
            while hand.to_act is not None:
                hand.apply(choice(hand.legal_actions()))
        return hands

    return timed(run)


def cardsim_mid_hand(game: Any) -> Any:
    hand, rng = game.deal(seed=MID_HAND_SEED), random.Random(MID_HAND_SEED)
    while hand.to_act is not None:
        hand.apply(rng.choice(hand.legal_actions()))
    history = hand.history
    hand = game.deal(seed=MID_HAND_SEED)
    for action in history[: len(history) // 2]:
        hand.apply(action)
    return hand


def cardsim_copies(game: Any, n: int) -> dict[str, dict[str, float]]:
    hand = cardsim_mid_hand(game)
    state = hand._state

    def clones() -> int:
        for _ in range(n):
            hand.clone()
        return n

    def pickles() -> int:
        for _ in range(n):
            pickle.loads(pickle.dumps(hand))
        return n

    def state_pickles() -> int:
        for _ in range(n):
            pickle.loads(pickle.dumps(state))
        return n

    assert pickle.loads(pickle.dumps(hand)).history == hand.history
    return {"clone": timed(clones), "pickle": timed(pickles), "state": timed(state_pickles)}


def cardsim_worker() -> None:
    """Worker mode for --baseline: the copies of the cardsim on this process's path, one JSON
    request per stdin line, one JSON answer per stdout line."""
    import cardsim
    from cardsim import Game
    print(json.dumps({"ready": True, "version": getattr(cardsim, "__version__", "?"),
                      "python": sys.version.split()[0]}), flush=True)
    games: dict[str, Any] = {}
    for line in sys.stdin:
        request = json.loads(line)
        game = games.setdefault(request["game"], Game(request["game"]))
        print(json.dumps(cardsim_copies(game, request["n"])), flush=True)


def on_contract(game: Any) -> bool:
    hand = game.deal(seed=0)
    try:
        hand.legal_actions()
    except AttributeError:
        return False
    return True


# -- the report ---------------------------------------------------------------------------------
def rates(runs: list[dict[str, float]]) -> tuple[float, float]:
    """Median units per CPU second and per wall second."""
    return (statistics.median(r["units"] / r["cpu"] for r in runs),
            statistics.median(r["units"] / r["wall"] for r in runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=5000, help="hands per repeat, per game and library")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--copies", type=int, default=20000, help="clone() calls and pickle round trips timed")
    parser.add_argument("--openspiel-python", metavar="PATH",
                        help="an interpreter that can import pyspiel (pip install open-spiel)")
    parser.add_argument("--baseline", metavar="SRC",
                        help="another cardsim's src folder (built in place) whose copies are timed beside")
    parser.add_argument("--openspiel-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--cardsim-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.openspiel_worker:
        openspiel_worker()
        return
    if args.cardsim_worker:
        cardsim_worker()
        return

    import cardsim
    from cardsim import Game, implemented_games

    spiel: OpenSpielProcess | None = None
    if args.openspiel_python is None:
        note = "OpenSpiel skipped: no --openspiel-python given"
    else:
        try:
            spiel = OpenSpielProcess(args.openspiel_python)
            note = f"OpenSpiel {spiel.version} (Python {spiel.python}, {args.openspiel_python})"
        except (OSError, RuntimeError) as exc:
            note = f"OpenSpiel skipped: {args.openspiel_python} cannot run it ({exc})"
    print(f"cardsim {getattr(cardsim, '__version__', '')} (Python {sys.version.split()[0]}); {note}")
    print(f"{args.hands:,} hands per repeat, median of {args.repeats} repeats, interleaved; "
          "uniformly random legal actions; rates per CPU second (process_time) and per wall second\n")

    names = [name for name in implemented_games() if name in COMPARED]
    names += [name for name in implemented_games() if name not in COMPARED]
    games = {name: Game(name) for name in names}
    skipped = [name for name, game in games.items() if not on_contract(game)]
    games = {name: game for name, game in games.items() if name not in skipped}

    ours: dict[str, list] = {name: [] for name in games}
    theirs: dict[str, list] = {name: [] for name in COMPARED}
    for name, game in games.items():  # warm up
        cardsim_loop(game, 50, 10_000)
    if spiel is not None:
        for name in COMPARED:
            spiel.ask(op="loop", game=name, hands=50, seed=10_000)
    for r in range(args.repeats):
        for name, game in games.items():
            ours[name].append(cardsim_loop(game, args.hands, r))
            if spiel is not None and name in COMPARED:
                theirs[name].append(spiel.ask(op="loop", game=name, hands=args.hands, seed=r))

    print(f"{'game':<22}{'cardsim hands/s':>26}{'OpenSpiel hands/s':>26}{'ratio (CPU, wall)':>22}")
    print(f"{'':<22}{'CPU':>13}{'wall':>13}{'CPU':>13}{'wall':>13}")
    verdicts = []
    for name in games:
        cpu, wall = rates(ours[name])
        line = f"{name:<22}{cpu:>13,.0f}{wall:>13,.0f}"
        if theirs.get(name):
            os_cpu, os_wall = rates(theirs[name])
            ratio = cpu / os_cpu
            line += f"{os_cpu:>13,.0f}{os_wall:>13,.0f}{ratio:>10.2f}x{wall / os_wall:>10.2f}x"
            verdicts.append(f"{name}: {ratio:.2f}x per CPU second, target {TARGET:.0f}x: "
                            f"{'ok' if ratio >= TARGET else 'BELOW'}")
        print(line)
    for name in skipped:
        print(f"{name:<22}  not on the integer-action contract yet (step API only): skipped")
    if verdicts:
        print("\n" + "\n".join(verdicts))

    baseline: OpenSpielProcess | None = None
    if args.baseline is not None:
        import os
        env = {**os.environ, "PYTHONPATH": os.path.abspath(args.baseline)}
        baseline = OpenSpielProcess(sys.executable, "--cardsim-worker", env)
        print(f"\nbaseline: cardsim {baseline.version} from {args.baseline}")
    print(f"\nmid-hand copies (half-way through a seeded random playthrough), {args.copies:,} each, "
          f"median of {args.repeats} repeats, interleaved, per CPU second")
    print(f"{'game':<22}{'clone/s':>11}{'hand rt/s':>11}{'state rt/s':>12}"
          + (f"{'base hand rt/s':>16}" if baseline else "")
          + (f"{'OpenSpiel clone/s':>19}{'rt/s':>9}" if spiel is not None else ""))
    for name, game in games.items():
        mine, base, other = [], [], []
        for _ in range(args.repeats):
            mine.append(cardsim_copies(game, args.copies))
            if baseline is not None:
                base.append(baseline.ask(game=name, n=args.copies))
            if spiel is not None and name in COMPARED:
                other.append(spiel.ask(op="copies", game=name, n=args.copies))

        def rate(runs: list[dict[str, Any]], key: str) -> float:
            return rates([r[key] for r in runs])[0]

        line = f"{name:<22}{rate(mine, 'clone'):>11,.0f}{rate(mine, 'pickle'):>11,.0f}{rate(mine, 'state'):>12,.0f}"
        if baseline is not None:
            line += f"{rate(base, 'pickle'):>16,.0f}"
        if other:
            line += f"{rate(other, 'clone'):>19,.0f}{rate(other, 'pickle'):>9,.0f}"
        print(line)
    if baseline is not None:
        baseline.close()
    if spiel is not None:
        spiel.close()


if __name__ == "__main__":
    main()
