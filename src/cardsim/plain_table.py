"""Tables as plain text, drawn with the characters rich draws them with: the path of
``cardsim.cli.print_table`` for output that is not a terminal (a pipe, a file).

Rich lays a table out in Python cell by cell and line by line: ``cardsim bid``'s two tables
(38 rows) took ~20-40 ms, after the trials, longer than the rest of the command's own Python.
Where the output is not a terminal rich draws no styles, and where every cell is printable
ASCII (one character, one column) and the table fits the console's width, rich's table is
plain box drawing (HEAVY_HEAD, one space of padding, cells left-justified); ``plain_table``
writes exactly that, and ``None`` where rich must lay it out (tests/test_plain_table.py checks
it against rich's output).
"""
from __future__ import annotations

from typing import Sequence


def plain_cells(cells: Sequence[str]) -> bool:
    """Whether every cell is printable ASCII (what ``plain_table`` draws as rich does)."""
    return all(cell.isascii() and cell.isprintable() for cell in cells)


def plain_table(columns: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> str | None:
    """The table rich draws for ``columns`` and ``rows`` (strings) on a console ``width`` wide with
    no styles, every line ending in a newline; None when it is not plain (plain_cells), a row's
    length is not the columns', or it would not fit in ``width``."""
    if not columns or any(len(row) != len(columns) for row in rows):
        return None
    if not plain_cells(columns) or not all(plain_cells(row) for row in rows):
        return None
    widths = [max([len(columns[i]), *(len(row[i]) for row in rows)]) for i in range(len(columns))]
    if sum(widths) + 3 * len(widths) + 1 > width:
        return None

    def rule(left: str, middle: str, right: str, fill: str) -> str:
        return left + middle.join(fill * (w + 2) for w in widths) + right + "\n"

    def line(edge: str, cells: Sequence[str]) -> str:
        return edge + edge.join(f" {cell.ljust(w)} " for cell, w in zip(cells, widths)) + edge + "\n"

    return "".join([rule("┏", "┳", "┓", "━"), line("┃", columns), rule("┡", "╇", "┩", "━"),
                    *(line("│", row) for row in rows), rule("└", "┴", "┘", "─")])
