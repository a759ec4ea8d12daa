"""The ``cardsim`` command line: games, rules, deal, meld, simulate.

Every bad input is a :class:`~cardsim.errors.CardsimError`; :class:`CardsimGroup`
turns it into one line ``error: <message>`` on stderr and exit status 2.  Tables go
to stdout through rich; the progress bar goes to stderr.
"""
from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from typing import TYPE_CHECKING

import click
from click.core import ParameterSource

from . import __version__, atomic
from .errors import CardsimError
from .rules import GAMES, get_game, make_rules

if TYPE_CHECKING:  # imported where used, so that `cardsim --version` and `--help` start fast
    from threading import Thread

    from rich.console import Console
    from rich.progress import Progress

    from .cards import CardSet
    from .game import Game

# Commands whose module is imported only when the command runs (or its own help is shown).
LAZY_COMMANDS = {"bid": "cardsim.cli_bid:bid", "compare": "cardsim.cli_compare:compare_command",
                 "solve": "cardsim.cli_solve:solve"}
# Their one-line help in `cardsim --help` (the first sentence of each one's help), so that listing
# them imports none of them; tests/test_startup.py checks it against the commands themselves.
LAZY_SHORT_HELP = {
    "bid": "How likely each bid is to make with CARDS, and which bid is worth making.",
    "compare": "Compare rule variants of GAME on the same deals: paired differences with 95% intervals.",
    "solve": "Exact values with every card known: the table of a deal, or a position and its cards.",
}

MAX_HANDS = 10**9
MAX_THREADS = 1024
REDEAL_CAP = 1000  # the core's CP_MAX_REDEALS / EU_MAX_REDEALS: a hand redealt more ends as no contest
PROGRESS_AFTER_S = 1.0  # show a progress bar only for runs longer than this


# -- plumbing -------------------------------------------------------------------
class CardsimGroup(click.Group):
    """A click group that reports any bad input (CardsimError, click's usage errors) as one
    line and exit status 2, and an interrupt (Ctrl-C, SIGTERM) as one line saying what
    became of the output file; the commands of ``LAZY_COMMANDS`` are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            import importlib
            module, _, attribute = LAZY_COMMANDS[cmd_name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help``: a lazy command not imported yet shows its line from
        LAZY_SHORT_HELP (shortened as click shortens the real one), so listing imports nothing."""
        rows: list[tuple[str, click.Command]] = []
        for name in self.list_commands(ctx):
            if name in LAZY_COMMANDS and name not in self.commands:
                rows.append((name, click.Command(name, help=LAZY_SHORT_HELP[name])))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command))
        if rows:
            limit = formatter.width - 6 - max(len(name) for name, _ in rows)
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in rows])

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        with atomic.handle_sigterm():
            if not standalone_mode:
                return super().main(args, prog_name, complete_var, standalone_mode, **extra)
            try:
                rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            except click.ClickException as exc:
                click.echo(f"error: {usage_line(exc)}", err=True)
                sys.exit(exc.exit_code)
            except click.Abort:
                click.echo("error: aborted", err=True)
                sys.exit(1)
            sys.exit(rv if isinstance(rv, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CardsimError as exc:
            message = " ".join(str(exc).splitlines()) or type(exc).__name__
            click.echo(f"error: {message}{out_note(ctx, message)}", err=True)
            ctx.exit(2)
        except MemoryError:
            click.echo(f"error: out of memory: try fewer --hands{out_note(ctx)}", err=True)
            ctx.exit(2)
        except (KeyboardInterrupt, atomic.Interrupted) as exc:
            signum = getattr(exc, "signum", signal.SIGINT)
            what = "SIGTERM" if signum == signal.SIGTERM else "Ctrl-C"
            click.echo(f"interrupted ({what}){out_note(ctx) or ''}", err=True)
            ctx.exit(128 + int(signum))


_CARD_LIKE = re.compile(r"(?:10|[AKQJT2-9])[SHDC\u2660-\u2667]|J[1-3]", re.IGNORECASE)


def usage_line(exc: click.ClickException) -> str:
    """One line for one of click's own errors, with where to look for help."""
    message = " ".join(exc.format_message().split())
    if isinstance(exc, click.UsageError) and "unexpected extra argument" in message:
        extra = message[message.find("(") + 1:message.rfind(")")].split()
        if extra and all(_CARD_LIKE.fullmatch(token.strip(",")) for token in extra):
            message += '; quote the cards as one argument, e.g. "AS TS KS QS ..."'
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click.UsageError):
        message += f" (see '{ctx.command_path if ctx is not None else 'cardsim'} --help')"
    return message


def out_note(ctx: click.Context, message: str = "") -> str:
    """What became of --out after a failure: not written, and whether a previous file is kept."""
    root = ctx.find_root()
    out = root.meta.get("cardsim.out")
    if out is None or "nothing was written" in message or "untouched" in message:
        return ""
    kept = "; the previous file is untouched" if root.meta.get("cardsim.out_existed") else ""
    return f"; {out} was not written{kept}"


def prefetch(*modules: str) -> Thread:
    """Import ``modules`` in a thread of their own, now, and return it.

    For what a command needs only after its run (rich, to print the tables): the core's batch
    calls release the GIL, so the imports go on while the trials run instead of after them
    (``cardsim bid``: rich's console and table are ~30 ms of CPU that no longer wait for the run).
    Python's import locks make a module imported here and asked for meanwhile wait, not load twice.
    """
    def load() -> None:
        for name in modules:
            try:
                importlib.import_module(name)
            except ImportError:  # pragma: no cover - the import where it is needed reports it
                return
    import threading
    thread = threading.Thread(target=load, name="cardsim-prefetch")
    thread.start()
    return thread


def stderr_console() -> Console:
    from rich.console import Console
    return Console(stderr=True)


def stdout_console() -> Console:
    """Rich console on stdout; piped output gets wide lines rather than wrapped cells."""
    from rich.console import Console
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = 200
    return console


def print_table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[Any]],
                no_wrap: Sequence[str] = ()) -> None:
    """A rich table on stdout; cells are plain text (no markup), None shows as blank."""
    from rich.table import Table
    from rich.text import Text
    console = stdout_console()
    if title:
        console.print(Text(title))
    table = Table()
    for name in columns:
        table.add_column(name, no_wrap=name in no_wrap)
    for row in rows:
        table.add_row(*(Text("" if cell is None else str(cell)) for cell in row))
    console.print(table)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, default=str))


def complete_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    return [name for name in GAMES if name.startswith(incomplete)]


# -- shared options ---------------------------------------------------------------
def game_argument(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.argument("game", metavar="GAME", shell_complete=complete_game)(f)


def rule_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """--preset, --rules and --set: the effective rules of GAME, passed to Game()/make_rules()."""
    f = click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
                     help="Set one rule option (repeatable); see `cardsim rules GAME --list`.")(f)
    f = click.option("--rules", "rules_file", metavar="FILE",
                     help="TOML rules file, e.g. one written by `cardsim rules GAME`.")(f)
    f = click.option("--preset", metavar="NAME", help="Named rule preset (see `cardsim games`).")(f)
    return f


def json_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")(f)


def cluster_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """--scheduler and --workers: run the chunks on Dask through the shared runner (cardsim.runner)."""
    f = click.option("--workers", type=int, default=None,
                     help="Start a Dask LocalCluster of N worker processes on this machine.")(f)
    f = click.option("--scheduler", metavar="tcp://HOST:PORT", default=None,
                     help="Run the chunks on an existing Dask cluster (docs/compare.md).")(f)
    return f


def check_range(name: str, value: int, low: int, high: int) -> int:
    if not low <= value <= high:
        raise CardsimError(f"{name} must be from {low} to {high}, got {value}")
    return value


# -- commands ------------------------------------------------------------------------
@click.group(cls=CardsimGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardsim")
def main() -> None:
    """Fast simulator of trick-taking card games.

    \b
    Example:
      cardsim games
      cardsim simulate cutthroat-pinochle --hands 100000 --json
    """


@main.command()
def games() -> None:
    """List every game: players, whether it is implemented, presets.

    \b
    Example:
      cardsim games
    """
    from .game import implemented_games
    ready = set(implemented_games())
    rows = []
    for spec in GAMES.values():
        presets = [f"{p} (default)" if p == spec.default_preset else p for p in spec.presets]
        rows.append((spec.name, spec.players, "yes" if spec.name in ready else "no", spec.title,
                     ", ".join(presets) or "-"))
    print_table(None, ("game", "players", "implemented", "title", "presets"), rows, no_wrap=("game",))


@main.command()
@game_argument
@rule_options
@click.option("--list", "as_list", is_flag=True, help="List the options (type, default, allowed values).")
def rules(game: str, preset: str | None, rules_file: str | None, sets: tuple[str, ...], as_list: bool) -> None:
    """Print the effective rules of GAME as a TOML rules file.

    The output can be edited and fed back with --rules FILE. The rules of each
    game, every option explained, are in docs/rules/<game>.md.

    \b
    Example:
      cardsim rules cutthroat-pinochle --set min_bid=20 > house.toml
      cardsim simulate cutthroat-pinochle --rules house.toml
      cardsim rules cutthroat-pinochle --list
    """
    effective = make_rules(game, preset=preset, rules_file=rules_file, sets=sets)
    if not as_list:
        click.echo(effective.to_toml(), nl=False)
        return
    spec = get_game(game)
    changed = any(effective[opt.name] != opt.default for opt in spec.options)
    columns = ("option", "type", "default", "allowed", "help") + (("value",) if changed else ())
    rows = []
    for opt in spec.options:
        row = [opt.name, opt.kind, opt.format(opt.default), opt.allowed, opt.help]
        if changed:
            value = effective[opt.name]
            row.append(opt.format(value) if value != opt.default else "")
        rows.append(row)
    print_table(f"{spec.title} options", columns, rows, no_wrap=("option",))


@main.command()
@game_argument
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deal (0 .. 2**64-1).")
@click.option("--dealer", type=int, default=0, show_default=True, help="Seat of the dealer.")
@rule_options
@json_option
def deal(game: str, seed: int, dealer: int, preset: str | None, rules_file: str | None,
         sets: tuple[str, ...], as_json: bool) -> None:
    """Deal one hand of GAME and show every seat's cards and the widow (euchre: dummy, upcard, kitty).

    Redeals (e.g. five nines) happen automatically; the dealer moves left on each.

    \b
    Example:
      cardsim deal cutthroat-pinochle --seed 7 --dealer 2
      cardsim deal euchre --seed 7
    """
    from .game import Game
    the_game = Game(game, preset=preset, rules_file=rules_file, sets=sets)
    hand = the_game.deal(seed=seed, dealer=dealer)
    widow = getattr(hand, "widow", None)
    to_act = getattr(hand, "to_act", None)
    extra = hand.extra_rows() if hasattr(hand, "extra_rows") else []  # euchre: dummy, upcard, kitty; two-hand: upcard
    if as_json:
        data = {"game": the_game.name, "seed": seed, "dealer": hand.dealer,
                "redeals": getattr(hand, "redeals", 0), "to_act": to_act,
                "hands": [list(cards) for cards in hand.hands]}
        if widow is not None or not extra:
            data["widow"] = list(widow) if widow is not None else None
        data.update({name: list(cards) for name, cards in extra})
        echo_json(data)
        return
    rows: list[tuple[int | str, str, str, int]] = []
    for seat, cards in enumerate(hand.hands):
        role = ", ".join(r for r, yes in (("dealer", seat == hand.dealer), ("first to act", seat == to_act)) if yes)
        rows.append((seat, role, by_suit(cards), len(cards)))
    if widow:
        rows.append(("widow", "", by_suit(widow), len(widow)))
    rows += [(name, "", by_suit(cards), len(cards)) for name, cards in extra]
    title = (f"{get_game(game).title}, seed {seed}: dealer seat {hand.dealer}, "
             f"redeals {getattr(hand, 'redeals', 0)}")
    print_table(title, ("seat", "role", "cards", "n"), rows, no_wrap=("cards",))


def by_suit(cards: CardSet) -> str:
    """Card codes grouped by suit (S H D C, high first), two spaces between suits."""
    from .cards import SUITS
    return "  ".join(str(cards.suit(s)) for s in SUITS if cards.suit(s))


def meld_sizes(the_game: Game) -> tuple[int, ...]:
    """Card counts `meld` accepts: a dealt hand, or with a widow the hand plus widow."""
    hand = the_game.deal(seed=0)
    size = len(hand.hands[0])
    widow = len(getattr(hand, "widow", ()) or ())
    return (size, size + widow) if widow else (size,)


@main.command()
@game_argument
@click.argument("cards", metavar="CARDS")
@click.option("--trump", required=True, metavar="SUIT", help="Trump suit: S H D C (or spades, ♠, ...).")
@rule_options
@json_option
def meld(game: str, cards: str, trump: str, preset: str | None, rules_file: str | None,
         sets: tuple[str, ...], as_json: bool) -> None:
    """Show the meld of one hand (CARDS, one argument) in a trump suit.

    CARDS are codes like AS TS 10H 9D separated by spaces or commas: a dealt hand
    (15 cards in Cutthroat Pinochle, 16 with widow=false), or with a widow the
    bidder's hand plus the widow (18).

    \b
    Example:
      cardsim meld cutthroat-pinochle --trump S \\
        "AS TS KS QS JS QS 9S AH KH JD AD AC KC QC JC"
    """
    from .game import Game
    the_game = Game(game, preset=preset, rules_file=rules_file, sets=sets)
    if not the_game.has_meld:
        raise CardsimError(f"{the_game.name} has no meld: the meld command is for the pinochle games")
    hand = the_game.cards(cards)
    sizes = meld_sizes(the_game)
    if len(hand) not in sizes:
        wanted = f"{sizes[0]} cards (a dealt hand)"
        if len(sizes) > 1:
            wanted += f" or {sizes[1]} (hand plus widow)"
        raise CardsimError(f"{the_game.name} meld needs {wanted}, got {len(hand)}")
    result = the_game.meld(hand, trump)
    if as_json:
        echo_json(result.to_dict())
        return
    rows: list[tuple[str, int | str, int]] = [(name, n, result.points[name]) for name, n in result.counts.items() if n]
    rows.append(("total", "", result.total))
    print_table(f"meld of {result.cards}, trump {result.trump}", ("meld", "count", "points"), rows)


class LazyProgress:
    """A progress bar on ``console`` that appears once a run looks longer than ``after`` seconds.

    Called as ``progress(done, total)`` between chunks; shows nothing unless the
    console is a terminal and the time so far or the estimated total exceeds ``after``.
    ``console`` may be a function that makes it (say ``stderr_console``): it is then made at the
    first call that could show the bar, not before the run (rich loads meanwhile: prefetch).
    """

    def __init__(self, console: Console | Callable[[], Console], after: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._console, self.clock = console, clock
        self.after = PROGRESS_AFTER_S if after is None else after
        self.started = clock()
        self.bar: Progress | None = None
        self.task: Any = None

    @property
    def console(self) -> Console:
        if callable(self._console):
            self._console = self._console()
        return self._console

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if done >= total or not self.console.is_terminal:
                return
            elapsed = self.clock() - self.started
            if elapsed <= self.after and elapsed * total / max(done, 1) <= self.after:
                return
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn,
                                       TextColumn, TimeElapsedColumn, TimeRemainingColumn)
            self.bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                                TaskProgressColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                                console=self.console, transient=True)
            self.bar.start()
            self.task = self.bar.add_task("simulate", total=total)
        self.bar.update(self.task, completed=done)

    def __enter__(self) -> "LazyProgress":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def check_out(path: str) -> Path:
    """Refuse a bad --out before a long run rather than after it: empty, a directory, an
    unknown extension, no such directory, not writable, a read-only file."""
    if not path.strip():
        raise CardsimError("--out '' is not a file name: give one ending in .csv, .npz or .parquet")
    out = Path(path)
    if out.is_dir() or path.endswith(("/", os.sep)):
        raise CardsimError(f"cannot write {path!r}: it is a directory; give a file name ending in "
                           f".csv, .npz or .parquet")
    from .records import check_suffix
    check_suffix(out)
    atomic.check_writable(out)
    return out


def summary_rows(summary: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """Scalars in a value column; per-seat lists spread over seat columns."""
    seats = max((len(v) for v in summary.values() if isinstance(v, list)), default=0)
    rows = []
    for key, value in summary.items():
        if isinstance(value, list):
            rows.append([key, "", *value, *[""] * (seats - len(value))])
        else:
            rows.append([key, "-" if value is None else value, *[""] * seats])
    return ["figure", "value", *(f"seat {i}" for i in range(seats))], rows


@main.command()
@game_argument
@click.option("--hands", "n_hands", type=int, default=10_000, show_default=True, help="Hands to play.")
@click.option("--policy", default="heuristic", show_default=True, help="Player for every seat: random or heuristic.")
@click.option("--policy-seats", metavar="P0,P1,...", help="One policy per seat, e.g. heuristic,random,random.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the batch (0 .. 2**64-1).")
@click.option("--threads", type=int, default=None, help="Worker threads, 1..1024.  [default: all cores]")
@click.option("--out", metavar="FILE", help="Write one record per hand to FILE (.csv, .npz or .parquet).")
@click.option("--unit", type=click.Choice(["hand", "game", "tournament"]), default="hand", show_default=True,
              help="What --hands counts: hands, whole games, or tournaments (games until one side has wins_needed wins).")
@click.option("--hand-scores", "hand_scores", metavar="FILE",
              help="With --unit game: write each hand's points and the scores after it, one row per hand, to FILE.")
@click.option("--deals", "deals", metavar="FILE",
              help="Write each hand's deal (dealer, every seat's cards as masks) to FILE; with --unit game "
                   "every hand of every game, as the histories start from it.")
@click.option("--histories", "histories", metavar="FILE",
              help="With --unit hand or game: write every action of every hand (the contract's integers, "
                   "docs/actions.md), one row per action, to FILE.")
@cluster_options
@rule_options
@json_option
def simulate(game: str, n_hands: int, policy: str, policy_seats: str | None, seed: int, threads: int | None,
             out: str | None, unit: str, hand_scores: str | None, deals: str | None, histories: str | None,
             scheduler: str | None,
             workers: int | None, preset: str | None,
             rules_file: str | None, sets: tuple[str, ...], as_json: bool) -> None:
    """Play many hands of GAME and summarize them.

    The results depend only on the rules, policies and --seed, not on --threads.

    \b
    Example:
      cardsim simulate cutthroat-pinochle --hands 1000000 --seed 1
      cardsim simulate cutthroat-pinochle --hands 50000 --preset army \\
        --policy-seats heuristic,random,random --out hands.csv --json
      cardsim simulate cutthroat-spades --set players=5 --set jokers=2 --hands 10000 --unit game
      cardsim simulate euchre --hands 10000 --unit game --out games.csv --hand-scores hands.csv
      cardsim simulate spades --hands 100000 --out hands.parquet --deals deals.parquet
      cardsim simulate euchre --hands 1000 --unit game --histories actions.csv --deals deals.csv
    """
    check_range("--hands", n_hands, 1, MAX_HANDS)
    if threads is None:
        threads = os.cpu_count() or 1
    check_range("--threads", threads, 1, MAX_THREADS)
    ctx = click.get_current_context()
    if policy_seats is not None and ctx.get_parameter_source("policy") is not ParameterSource.DEFAULT:
        raise CardsimError("give --policy or --policy-seats, not both: --policy-seats sets every seat")
    import numpy as np

    from .game import Game
    from .records import RecordWriter, record_meta
    from .cli_solve import split_policies
    from .runner import Runner, check_cluster_options, chunk_ranges, simulate_range
    if hand_scores is not None and unit != "game":
        raise CardsimError(f"--hand-scores needs --unit game, got --unit {unit}")
    check_cluster_options(scheduler, workers)
    out_path = check_out(out) if out is not None else None
    if deals is not None and unit not in ("hand", "game"):
        raise CardsimError(f"--deals needs --unit hand or game, got --unit {unit}")
    if histories is not None and unit not in ("hand", "game"):
        raise CardsimError(f"--histories needs --unit hand or game, got --unit {unit}")
    scores_path = check_out(hand_scores) if hand_scores is not None else None
    deals_path = check_out(deals) if deals is not None else None
    histories_path = check_out(histories) if histories is not None else None
    the_game = Game(game, preset=preset, rules_file=rules_file, sets=sets)
    policies: str | list[str] = policy
    if policy_seats is not None:
        policies = split_policies(policy_seats)
    from .cli_solve import batch_takes, solver_simulate
    from .solver.players import is_solver_policy
    if any(is_solver_policy(p) for p in ([policies] if isinstance(policies, str) else policies)):
        if unit == "hand" and out is None and histories is None and deals is None and \
                not batch_takes(the_game, policies):
            # players only the Python path has (pinochle's pimc(eval=solve)):
            # hand by hand, a summary of the means
            solver_simulate(the_game, n_hands, policies, seed, out, unit, as_json)
            return
        # the core's batches (cardsim.solver._pimc), as for core players: the same hands, summary and threads
    # records stream through in chunks: memory does not grow with --hands
    summarizer = the_game.summarizer(unit, policy=policies, seed=seed)
    the_game.iter_simulate(0, policy=policies, seed=seed, threads=threads, unit=unit)  # checks the arguments now
    with contextlib.ExitStack() as stack:
        runner = stack.enter_context(Runner(scheduler=scheduler, workers=workers, threads=threads))
        step = the_game._step(unit)
        tasks = ((the_game.name, the_game.rules.to_dict(), unit, seed, start, count, summarizer.policy)
                 for start, count in chunk_ranges(n_hands, step))
        chunks = runner.map(simulate_range, tasks)
        progress = stack.enter_context(LazyProgress(stderr_console()))
        writer = None
        if out_path is not None:
            meta = record_meta(the_game.name, seed, summarizer.policy, the_game.rules)
            writer = RecordWriter(out_path, the_game.unit_dtype(unit), meta)
            ctx.find_root().meta.update({"cardsim.out": str(out_path), "cardsim.out_existed": out_path.exists()})
            stack.enter_context(writer)
        scores_writer = None
        if scores_path is not None:
            scores_dtype = the_game.hand_scores(np.zeros(0, the_game.unit_dtype("game"))).dtype
            scores_writer = RecordWriter(scores_path, scores_dtype,
                                         record_meta(the_game.name, seed, summarizer.policy, the_game.rules))
            stack.enter_context(scores_writer)
        deals_writer = None
        if deals_path is not None:
            from .batch_histories import rows_dtype
            deals_dtype = the_game.hand_deals(0).dtype if unit == "hand" else rows_dtype(the_game.name, the_game.seats,
                                                                                         unit)
            deals_writer = RecordWriter(deals_path, deals_dtype,
                                        record_meta(the_game.name, seed, summarizer.policy, the_game.rules))
            stack.enter_context(deals_writer)
        histories_writer = None
        if histories_path is not None:
            from .batch_histories import actions_dtype
            histories_writer = RecordWriter(histories_path, actions_dtype(unit),
                                            record_meta(the_game.name, seed, summarizer.policy, the_game.rules))
            stack.enter_context(histories_writer)
        done = capped = actions_done = 0
        for chunk in chunks:
            if writer is not None:
                writer.write(chunk)
            if scores_writer is not None:
                scores_writer.write(the_game.hand_scores(chunk, start=done, policy=policies, seed=seed,
                                                         threads=threads))
            if histories_writer is not None or (deals_writer is not None and unit == "game"):
                deal_rows, actions = the_game.histories(chunk, unit=unit, start=done, policy=policies, seed=seed,
                                                        threads=threads, offset=actions_done)
                actions_done += len(actions)
                if histories_writer is not None:
                    histories_writer.write(actions)
                if deals_writer is not None and unit == "game":
                    deals_writer.write(deal_rows)
            if deals_writer is not None and unit == "hand":
                deals_writer.write(the_game.hand_deals(len(chunk), start=done, policy=policies, seed=seed,
                                                       threads=threads))
            summarizer.add(chunk)
            if unit == "hand" and "redeals" in (chunk.dtype.names or ()):
                capped += int(np.count_nonzero(chunk["redeals"] > REDEAL_CAP))
            done += len(chunk)
            progress(done, n_hands)
    if out_path is not None:
        ctx.find_root().meta.pop("cardsim.out", None)
        click.echo(f"wrote {summarizer.count} records to {out_path}", err=True)
    if scores_path is not None:
        click.echo(f"wrote the hand scores of {summarizer.count} games to {scores_path}", err=True)
    if deals_path is not None:
        click.echo(f"wrote the deals of {summarizer.count} {unit}s to {deals_path}", err=True)
    if histories_path is not None:
        click.echo(f"wrote the {actions_done} actions of {summarizer.count} {unit}s to {histories_path}", err=True)
    if capped:
        click.echo(f"warning: {capped} of {summarizer.count} hands ended with no contest after {REDEAL_CAP} "
                   f"redeals (the core's cap): under these rules hands are rarely bid or made", err=True)
    summary = summarizer.summary()
    if as_json:
        echo_json(summary)
        return
    columns, rows = summary_rows(summary)
    print_table(f"{get_game(game).title}: {summarizer.count} {unit}s", columns, rows, no_wrap=("figure",))

