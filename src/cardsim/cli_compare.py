"""``cardsim compare``: rule variants side by side on the same deals (docs/compare.md)."""
from __future__ import annotations

import json
from typing import Any

import click
from rich.table import Table
from rich.text import Text

from .cli import LazyProgress, cluster_options, echo_json, game_argument, json_option, rule_options, stderr_console, stdout_console
from .comparison.figures import TEAM_GAMES
from .comparison.report import MIN_STATES, seat_label
from .comparison.run import compare
from .errors import CardsimError


def print_win_probability(console: Any, name: str, wp: dict[str, Any], leading: bool) -> None:
    """P(win) in percent by own score (rows) and the (leading) opponent's score (columns), from
    the start of a hand; cells seen fewer than MIN_STATES times are left blank."""
    width, low, high = wp["bin_width"], wp["lowest"], wp["highest"]
    cells = {(c["score"], c["opponent"]): c for c in wp["cells"]}
    seen = [key for key, c in cells.items() if c["states"] >= MIN_STATES]
    if not seen:
        return
    edges = list(range(low, high + 1, width))
    rows_used = [e for e in edges if min(k[0] for k in seen) <= e <= max(k[0] for k in seen)]
    edges = [e for e in edges if min(k[1] for k in seen) <= e <= max(k[1] for k in seen)]
    table = Table(title=None)
    table.add_column("own \\ opp", justify="right")
    for e in edges:
        table.add_column(str(e), justify="right")
    for own in reversed(rows_used):
        row = [str(own)]
        for opp in edges:
            c = cells.get((own, opp))
            row.append(f"{round(100 * c['win_rate'])}" if c and c["states"] >= MIN_STATES else "")
        table.add_row(*row)
    whom = "the leading opponent's" if leading else "the opponent's"
    console.print(Text(f"{name}: P(win) in % by own score (rows) and {whom} score (columns) at the start of a "
                       f"hand, bins of {width} (blank: fewer than {MIN_STATES} seen)"))
    console.print(table)


def print_comparison(data: dict[str, Any]) -> None:
    console = stdout_console()
    names = [v["name"] for v in data["variants"]]
    console.print(Text(f"{data['game']}: {data['units']} {data['unit']}s per variant, seed {data['seed']}; "
                       f"differences b - a with 95% intervals, * significant after Holm "
                       f"({len(data['differences'])} compared)"))
    table = Table()
    table.add_column("figure", no_wrap=True)
    table.add_column("seat")
    for name in names:
        table.add_column(name, justify="right")
    pairs = sorted({(d["a"], d["b"]) for d in data["differences"]}, key=lambda p: (names.index(p[0]),
                                                                                      names.index(p[1])))
    for a, b in pairs:
        table.add_column(f"{b} - {a}", justify="right")
        table.add_column("95% interval", justify="right")
    index = {(d["figure"], d["seat"], d["a"], d["b"]): d for d in data["differences"]}
    keys = []
    for d in data["differences"]:
        if (d["figure"], d["seat"]) not in keys:
            keys.append((d["figure"], d["seat"]))
    for figure, seat in keys:
        row = [figure, seat_label(figure, seat)]
        for v in data["variants"]:
            value = v["figures"][figure]
            value = value[seat] if seat is not None else value
            row.append("" if value is None else f"{value:.6g}")
        for a, b in pairs:
            d = index[(figure, seat, a, b)]
            if d["estimate"] is None:
                row += ["", ""]
                continue
            row.append(f"{d['estimate']:+.4g}{' *' if d['significant'] else '  '}")
            row.append(f"[{d['ci_low']:+.4g}, {d['ci_high']:+.4g}]")
        table.add_row(*(Text(c) for c in row), style="bold" if any(
            index[(figure, seat, a, b)]["significant"] for a, b in pairs) else None)
    console.print(table)
    if data["unit"] == "game":
        lengths = Table(title=None)
        for column in ("variant", "mean hands", "q10", "q25", "median", "q75", "q90"):
            lengths.add_column(column, justify="right")
        for v in data["variants"]:
            q = v["game_length"]
            lengths.add_row(v["name"], f"{v['figures']['game_length']:.4g}",
                            *(str(q.get(k, "")) for k in ("q10", "q25", "q50", "q75", "q90")))
        console.print(Text("game length in hands"))
        console.print(lengths)
        for v in data["variants"]:
            wp = v.get("win_probability")
            if wp:
                print_win_probability(console, v["name"], wp, len(v["policy"]) > 2 and
                                      data["game"] not in TEAM_GAMES)
    for note in data.get("notes", []):
        console.print(Text(f"note: {note}"))


@click.command(name="compare")
@game_argument
@click.option("--variant", "variants", multiple=True, metavar='"NAME: key=value ..."',
              help="A variant (repeat, two or more): rule options, policy=, preset=, rules=FILE.")
@click.option("--games", type=int, default=None, help="Whole games to play per variant.")
@click.option("--hands", "n_hands", type=int, default=None, help="Hands to play per variant.  [default: 10000]")
@click.option("--precision", type=float, default=None,
              help="Play until every rate's difference is known to +/- this (95%).")
@click.option("--policy", default="heuristic", show_default=True, help="Players of every variant (policy= overrides).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deals (0 .. 2**64-1).")
@click.option("--threads", type=int, default=None, help="Worker threads, 1..1024.  [default: all cores]")
@click.option("--checkpoint", metavar="DIR", default=None, help="Keep the run's progress in DIR; rerun to resume.")
@click.option("--chunk", type=int, default=None, hidden=True,
              help="Units per chunk (default 32768 hands or 1024 games); part of a checkpoint's identity.")
@click.option("--report", metavar="FILE.html", default=None, help="Write a self-contained HTML report.")
@cluster_options
@rule_options
@json_option
def compare_command(game: str, variants: tuple[str, ...], games: int | None, n_hands: int | None,
                    precision: float | None, policy: str, seed: int, threads: int | None, checkpoint: str | None,
                    chunk: int | None, report: str | None, scheduler: str | None, workers: int | None, preset: str | None,
                    rules_file: str | None, sets: tuple[str, ...], as_json: bool) -> None:
    """Compare rule variants of GAME on the same deals: paired differences with 95% intervals.

    Hand (or game) i is dealt alike in every variant, so differences are paired;
    identical variants differ by exactly 0.  Significance marks are corrected for the
    number of figures compared (Holm).  The results depend only on the game, the
    variants, the sample and --seed, not on --threads, --workers or --scheduler.

    \b
    Example:
      cardsim compare cutthroat-pinochle --variant "a: must_beat=always" \\
        --variant "b: must_beat=never" --hands 200000
      cardsim compare spades --variant "short: target_score=250" \\
        --variant "long: target_score=500" --games 20000 --report spades.html
    """
    if len(variants) < 2:
        raise CardsimError(f"compare needs at least two variants, got {len(variants)}: "
                           f"--variant \"a: key=value\" --variant \"b: key=value\"")
    with LazyProgress(stderr_console()) as progress:
        result = compare(game, list(variants), games=games, hands=n_hands, precision=precision, policy=policy,
                         seed=seed, threads=threads, preset=preset, rules_file=rules_file, sets=sets,
                         scheduler=scheduler, workers=workers, checkpoint=checkpoint, progress=progress,
                         chunk=chunk, report=report)
    if report is not None:
        click.echo(f"wrote report {report}", err=True)
    if as_json:
        echo_json(json.loads(result.to_json()))
        return
    print_comparison(result.data)
