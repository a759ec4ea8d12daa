"""The rules pages docs/rules/<game>.md against the option tables of the code.

The pages are the reviewed contract of every game's options: each ends with an
``## Options`` table (``| option | default | allowed | meaning |``) and has a
``## Presets`` section.  This test reads them and compares them with
``cardsim.rules.GAMES``: the same options, defaults, ranges and choices, the same
presets with the same values, and every ``name=value`` written in a page's prose a
valid value of that option.  Everything it reads is inside the repository, so it
runs (never skips) on a clean clone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardsim.errors import RulesError
from cardsim.rules import GAMES, GameSpec, Option

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"
README = Path(__file__).resolve().parents[1] / "README.md"
GAME_NAMES = sorted(GAMES)

_HEADING = re.compile(r"^## (.+)$", re.M)
_TICKED = re.compile(r"`([^`]*)`")
_PROSE_SETTING = re.compile(r"`([a-z][a-z0-9_]*)=([^`]*)`")


@dataclass(frozen=True)
class Row:
    """One row of a page's Options table, as written."""

    line: int
    option: str
    default: str
    allowed: str
    meaning: str


def page(game: str) -> str:
    return (DOCS / f"{game}.md").read_text(encoding="utf-8")


def sections(text: str) -> dict[str, str]:
    """The body of each ``## `` section by its heading (later ``###`` stay inside)."""
    heads = list(_HEADING.finditer(text))
    return {m.group(1).strip(): text[m.end(): heads[i + 1].start() if i + 1 < len(heads) else len(text)]
            for i, m in enumerate(heads)}


def table_rows(body: str, header: list[str]) -> list[list[str]]:
    """The cells of the first markdown table in ``body``, which must have exactly ``header``."""
    lines = [line.strip() for line in body.strip().splitlines()]
    tables = [i for i, line in enumerate(lines) if line.startswith("|")]
    assert tables, "no table"
    start = tables[0]
    cells = [cell.strip() for cell in lines[start].strip("|").split("|")]
    assert cells == header, f"table header {cells} is not {header}"
    assert re.fullmatch(r"\|(\s*:?-{3,}:?\s*\|)+", lines[start + 1]), "no |---| line under the header"
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        row = [cell.strip() for cell in line.strip().strip("|").split("|")]
        assert len(row) == len(header), f"row {line!r} has {len(row)} cells, not {len(header)}"
        rows.append(row)
    return rows


def ticked(cell: str) -> str:
    """The text of a cell that must be one backticked value (``""`` stands for the empty text)."""
    match = re.fullmatch(r"`([^`]*)`", cell)
    assert match, f"{cell!r} is not one `value` in backticks"
    return "" if match.group(1) == '""' else match.group(1)


def options_rows(game: str) -> list[Row]:
    text = page(game)
    heads = _HEADING.findall(text)
    assert heads and heads[-1] == "Options", f"{game}.md must end with its ## Options section"
    body = sections(text)["Options"]
    rows = table_rows(body, ["option", "default", "allowed", "meaning"])
    assert body.strip().splitlines()[-1].startswith("|"), f"{game}.md: nothing may follow the Options table"
    return [Row(i, ticked(r[0]), r[1], r[2], r[3]) for i, r in enumerate(rows)]


def parse_value(opt: Option, text: str):
    """A page's value text in the option's own normal form (as ``--set`` reads it)."""
    return opt.validate(opt.parse(text))


# -- the pages are there ----------------------------------------------------------------
def test_one_page_per_game_and_an_index():
    pages = {p.stem for p in DOCS.glob("*.md")} - {"README"}
    assert pages == set(GAMES)
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert f"]({game}.md)" in index, f"docs/rules/README.md does not link {game}.md"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_page_covers_the_game(game):
    """The parts every page has, and links to the page that pins cardsim's readings."""
    heads = [h.lower() for h in sections(page(game))]
    for needed in ("players", "deal", "play", "scoring", "game end", "readings", "presets", "options"):
        assert any(needed in h for h in heads), f"{game}.md has no section on {needed}"
    assert re.search(r"\]\(\.\./[a-z-]+\.md\)", page(game)), f"{game}.md links no docs/<game>.md"
    assert page(game).startswith(f"# {GAMES[game].title} (`{game}`)")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_spec_section_names_the_page(game):
    spec: GameSpec = GAMES[game]
    assert spec.section.startswith(f"docs/rules/{game}.md"), spec.section
    assert "RULES.md" not in spec.section


def test_readme_points_to_the_rules_pages():
    text = README.read_text(encoding="utf-8")
    assert "docs/rules/" in text
    assert "../shared/RULES.md" not in text


def test_cli_rules_help_points_to_the_rules_pages():
    from click.testing import CliRunner

    from cardsim.cli import main

    result = CliRunner().invoke(main, ["rules", "--help"])
    assert result.exit_code == 0, result.output
    assert "docs/rules/" in result.output and "shared/RULES.md" not in result.output


# -- the Options tables ---------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_options_are_the_code_options(game):
    spec = GAMES[game]
    rows = options_rows(game)
    names = [row.option for row in rows]
    assert len(set(names)) == len(names), f"{game}.md lists an option twice"
    missing = sorted(set(spec.option_names) - set(names))
    extra = sorted(set(names) - set(spec.option_names))
    assert not missing and not extra, f"{game}: in the code, not the page: {missing}; in the page, not the code: {extra}"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_defaults_are_the_code_defaults(game):
    spec = GAMES[game]
    wrong = []
    for row in options_rows(game):
        if row.option not in spec.option_names:
            continue
        opt = spec.option(row.option)
        try:
            documented = parse_value(opt, ticked(row.default))
        except RulesError as exc:
            wrong.append(f"{row.option}: default {row.default} is not a value ({exc})")
            continue
        if documented != opt.default:
            wrong.append(f"{row.option}: page {opt.format(documented)!r}, code {opt.format(opt.default)!r}")
    assert not wrong, f"{game}: " + "; ".join(wrong)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_allowed_values_are_the_code_values(game):
    spec = GAMES[game]
    wrong = []
    for row in options_rows(game):
        if row.option not in spec.option_names:
            continue
        opt = spec.option(row.option)
        assert row.meaning, (game, row.option)
        if opt.kind == "int":
            match = re.fullmatch(r"(-?\d+)?\.\.(-?\d+)?", row.allowed)
            found = (int(match.group(1)), int(match.group(2))) if match and match.group(1) and match.group(2) else None
            if found != (opt.min, opt.max):
                wrong.append(f"{row.option}: allowed {row.allowed!r}, code {opt.min}..{opt.max}")
        elif opt.kind == "bool":
            if sorted(_TICKED.findall(row.allowed)) != ["false", "true"]:
                wrong.append(f"{row.option}: allowed {row.allowed!r}, a bool is `true`, `false`")
        elif opt.kind in ("enum", "cards"):
            if set(_TICKED.findall(row.allowed)) != set(opt.choices):
                wrong.append(f"{row.option}: allowed {row.allowed!r}, code {', '.join(opt.choices)}")
        else:
            if not row.allowed:
                wrong.append(f"{row.option}: says nothing of what it allows")
    assert not wrong, f"{game}: " + "; ".join(wrong)


# -- presets -------------------------------------------------------------------------------
def documented_presets(game: str) -> dict[str, tuple[bool, dict[str, str]]]:
    """Preset name -> (marked default, the `key=value` texts of its row)."""
    body = sections(page(game)).get("Presets")
    assert body is not None, f"{game}.md has no ## Presets section"
    if not body.strip().startswith("|"):
        assert body.strip().rstrip(".").lower() in ("none", "no presets"), f"{game}.md: Presets is neither a table nor 'None.'"
        return {}
    found = {}
    for name_cell, sets_cell in table_rows(body, ["preset", "sets"]):
        match = re.fullmatch(r"`([a-z0-9-]+)`( \(default\))?", name_cell)
        assert match, f"{game}.md: preset cell {name_cell!r}"
        values = dict(_PROSE_SETTING.findall(sets_cell))
        found[match.group(1)] = (bool(match.group(2)), values)
    return found


@pytest.mark.parametrize("game", GAME_NAMES)
def test_presets_are_the_code_presets(game):
    spec = GAMES[game]
    documented = documented_presets(game)
    missing = sorted(set(spec.presets) - set(documented))
    extra = sorted(set(documented) - set(spec.presets))
    assert not missing and not extra, f"{game}: presets in the code, not the page: {missing}; in the page, not the code: {extra}"
    for name, (marked_default, texts) in documented.items():
        assert marked_default == (name == spec.default_preset), f"{game}: (default) mark on preset {name}"
        values = {key: parse_value(spec.option(key), text) for key, text in texts.items()}
        assert values == spec.preset_values(name), f"{game}: preset {name}: page {values}, code {spec.preset_values(name)}"


# -- the prose ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_NAMES)
def test_settings_in_the_prose_are_valid(game):
    """Every `name=value` of this game's options written in the page is a value the option takes."""
    spec = GAMES[game]
    for key, text in _PROSE_SETTING.findall(page(game)):
        if key in spec.option_names:
            parse_value(spec.option(key), text.strip('"'))


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("name", [*GAME_NAMES, "README"])
def test_links_resolve(name):
    """Relative links of the pages reach a file, and a #section of a page that exists."""
    path = DOCS / f"{name}.md"
    for target in re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8")):
        if "://" in target:
            continue
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        assert linked.is_file(), f"{name}.md links {target}: no such file"
        if anchor:
            heads = [_anchor(h) for h in re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), re.M)]
            assert anchor in heads, f"{name}.md links {target}: no such section"


@pytest.mark.parametrize("game, heading", [("cutthroat-pinochle", "Meld"), ("two-hand-pinochle", "Melds")])
def test_meld_tables_state_the_meld_defaults(game, heading):
    """The meld table in the prose says what the meld_<name> defaults say."""
    spec = GAMES[game]
    rows = table_rows(sections(page(game))[heading], ["meld", "cards", "points"])
    seen = set()
    for names, _cards, points in rows:
        melds = [ticked(name.strip()) for name in names.split(" / ")]
        values = [int(p) for p in points.split(" / ")]
        assert len(melds) == len(values), (game, names, points)
        for meld, value in zip(melds, values):
            assert spec.option(f"meld_{meld}").default == value, (game, meld)
            seen.add(f"meld_{meld}")
    assert seen == {name for name in spec.option_names if name.startswith("meld_")}, game
