"""Print a game's option and preset tables from the code, in the format of docs/rules/<game>.md.

A help for writing the rules pages, not their source: the pages under docs/rules/ are the
reviewed contract, and tests/test_rules_docs.py compares them with the code.  The
``meaning`` column printed here is the option's one-line help; the pages say it in words.

    PYTHONPATH=src python scripts/rules_tables.py                  # every game
    PYTHONPATH=src python scripts/rules_tables.py cutthroat-spades # one game
"""
from __future__ import annotations

import sys

from cardsim.rules import GAMES, Option, get_game


def default_cell(opt: Option) -> str:
    """The default as the pages write it: the ``--set`` text in backticks, ``""`` when empty."""
    text = opt.format(opt.default)
    return f"`{text}`" if text else '`""`'


def allowed_cell(opt: Option) -> str:
    """What the option accepts, in the form the test reads back."""
    if opt.kind == "int":
        low = "" if opt.min is None else str(opt.min)
        high = "" if opt.max is None else str(opt.max)
        return f"{low}..{high}"
    if opt.kind == "bool":
        return "`true`, `false`"
    if opt.kind == "enum":
        return ", ".join(f"`{choice}`" for choice in opt.choices)
    if opt.kind == "cards":
        codes = ", ".join(f"`{code}`" for code in opt.choices)
        return f"any of {codes}" if codes else "card codes"
    return "text"


def options_table(game: str) -> str:
    spec = get_game(game)
    lines = ["| option | default | allowed | meaning |", "|---|---|---|---|"]
    for opt in spec.options:
        lines.append(f"| `{opt.name}` | {default_cell(opt)} | {allowed_cell(opt)} | {opt.help} |")
    return "\n".join(lines)


def presets_table(game: str) -> str:
    spec = get_game(game)
    if not spec.presets:
        return "No presets."
    lines = ["| preset | sets |", "|---|---|"]
    for name in spec.presets:
        values = spec.preset_values(name)
        label = f"`{name}` (default)" if name == spec.default_preset else f"`{name}`"
        sets = ", ".join(f"`{key}={spec.option(key).format(value)}`" for key, value in values.items())
        lines.append(f"| {label} | {sets or 'nothing (the table defaults)'} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    for game in argv or list(GAMES):
        print(f"# {game}\n\n## Presets\n\n{presets_table(game)}\n\n## Options\n\n{options_table(game)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
