"""Every compiled module that can run a heuristic player points that player's learned tables at
the shared store when it is loaded.

The players read their learned tables (pinochle bid ceilings and throw-in, the euchre auction,
the spades bids) through a per-module pointer declared ``static`` in a header
(``PIN_TABLES`` in pinochle/bid_tables.pxd, ``EU_TABLES`` in euchre/players.pxd, ``SP_TABLES`` in
spades/bid_tables.pxd).  A module that compiles those headers in but never sets its pointer plays
silently different decisions (the players fall back to their formulas): the partnership PIMC
batch once played wrong auctions for this reason.  So: a module whose cimports reach the header
sets the pointer at module level.  The sources are read as text; nothing here is compiled.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "cardsim"
CIMPORT = re.compile(r"^\s*(?:from\s+cardsim\.([\w.]+)\s+cimport|cimport\s+cardsim\.([\w.]+))", re.M)
#: the pointer each header declares, by the header's path under src/cardsim
POINTERS = {"pinochle/bid_tables.pxd": "PIN_TABLES", "euchre/players.pxd": "EU_TABLES",
            "spades/bid_tables.pxd": "SP_TABLES"}


def headers_reached(source: Path) -> set[str]:
    """The cardsim headers ``source`` cimports, directly or through other headers."""
    seen: set[str] = set()
    todo = [source]
    while todo:
        for match in CIMPORT.finditer(todo.pop().read_text()):
            pxd = SRC / ((match.group(1) or match.group(2)).replace(".", "/") + ".pxd")
            name = pxd.relative_to(SRC).as_posix()
            if pxd.exists() and name not in seen:
                seen.add(name)
                todo.append(pxd)
    return seen


MODULES = sorted(SRC.glob("**/*.pyx"))


@pytest.mark.skipif(not MODULES, reason="no .pyx sources next to the installed package")
@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.relative_to(SRC).as_posix())
def test_module_sets_the_table_pointers_it_compiles_in(module: Path) -> None:
    text = module.read_text()
    for header, pointer in POINTERS.items():
        if header in headers_reached(module):
            assert re.search(rf"^{pointer} = ", text, re.M), (
                f"{module.relative_to(SRC)} compiles in {header} but never sets {pointer} at module level")


def test_the_check_sees_the_players() -> None:
    """The closure really follows cimports (otherwise the test above passes vacuously): each
    family's module reaches its players' header, spades.play reaches the spades tables through the
    players' header (players.pxd, then bid_tables.pxd), and solver._pimc reaches the pinochle tables
    through two headers (common.pxd, then bid_tables.pxd)."""
    assert "euchre/players.pxd" in headers_reached(SRC / "euchre" / "euchre.pyx")
    assert "spades/players.pxd" in headers_reached(SRC / "spades" / "play.pyx")
    assert "spades/bid_tables.pxd" in headers_reached(SRC / "spades" / "play.pyx")
    assert "pinochle/bid_tables.pxd" in headers_reached(SRC / "pinochle" / "partnership.pyx")
    assert "pinochle/bid_tables.pxd" in headers_reached(SRC / "solver" / "_pimc.pyx")
