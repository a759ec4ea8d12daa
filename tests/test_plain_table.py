"""cardsim.plain_table draws, for output that is not a terminal, exactly what rich draws."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardsim.cli import print_table
from cardsim.plain_table import plain_table

CHARS = "abc XYZ 0123456789.%+-<>=()/'"


def rich_table(columns: list[str], rows: list[list[str]], width: int) -> str:
    console = Console(file=io.StringIO(), width=width, highlight=False, force_terminal=False, color_system=None)
    table = Table()
    for name in columns:
        table.add_column(name)
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    console.print(table)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def random_text(rng: random.Random, longest: int) -> str:
    return "".join(rng.choice(CHARS) for _ in range(rng.randint(0, longest)))


def test_random_tables_match_rich() -> None:
    rng = random.Random(7)
    drawn = 0
    for _ in range(600):
        ncols, nrows, width = rng.randint(1, 7), rng.randint(0, 5), rng.choice([200, 80, 40])
        columns = [random_text(rng, 12) for _ in range(ncols)]
        rows = [[random_text(rng, 15) for _ in range(ncols)] for _ in range(nrows)]
        plain = plain_table(columns, rows, width)
        if plain is not None:
            drawn += 1
            assert plain == rich_table(columns, rows, width), (columns, rows, width)
        else:  # only a table too wide for the console is left to rich here
            assert sum(max([len(c), *(len(r[i]) for r in rows)]) + 3 for i, c in enumerate(columns)) + 1 > width
    assert drawn > 300


@pytest.mark.parametrize("columns, rows", [
    (["a", "b"], [["x"]]),              # a short row
    (["suit"], [["\u2660"]]),            # not ASCII: rich measures it
    (["a"], [["two\nlines"]]),           # not printable
    ([], []),
])
def test_what_rich_must_lay_out(columns: list[str], rows: list[list[str]]) -> None:
    assert plain_table(columns, rows, 200) is None


def test_print_table_piped_is_richs(capsys: pytest.CaptureFixture[str]) -> None:
    rows = [[16, "0.994", "0.994 .. 0.995", None], [17, "0.966", "0.964 .. 0.967", "+50.5"]]
    print_table("title line\nsecond line", ["bid", "P(make)", "95% interval", "expected score"], rows)
    plain = capsys.readouterr().out
    expected = "title line\nsecond line\n" + rich_table(["bid", "P(make)", "95% interval", "expected score"],
                                                        [["" if c is None else str(c) for c in r] for r in rows], 200)
    assert plain == expected
    print_table(None, ["suit"], [["\u2660 spades"]])  # rich's path: the same frame
    assert capsys.readouterr().out == rich_table(["suit"], [["\u2660 spades"]], 200)
