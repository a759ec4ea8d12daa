"""A change to one game family rebuilds only that family's modules (issue 10): the dependency graph
that cythonize itself uses to decide what to regenerate (Cython.Build.Dependencies), read from
the sources.  The cross-game modules that run every game's inline code (conditioned bid odds, PIMC)
are rebuilt too; no other family's module is."""
from __future__ import annotations

import ast
import os
import pathlib

import pytest

SRC = pathlib.Path(__file__).resolve().parents[1] / "src"
FAMILIES = ("pinochle", "euchre", "spades")
# the modules that compile every game's inline play (cardsim._odds_conditions: conditioned bid odds of
# every game; cardsim.solver._pimc: PIMC card play in euchre and spades)
CROSS_GAME = {"_odds_conditions", "solver._pimc"}
# pinochle/cards.pxd holds the card-mask helpers every 48- and 52-card game uses, not only pinochle's
SHARED_HEADERS = {"pinochle/cards.pxd"}


def modules() -> list[str]:
    tree = ast.parse((SRC.parent / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "MODULES" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no MODULES list")


@pytest.fixture(scope="module")
def dependents() -> dict[str, set[str]]:
    """source file (relative to src/cardsim) -> the compiled modules that Cython regenerates when it changes."""
    dependencies = pytest.importorskip("Cython.Build.Dependencies")
    if not (SRC / "cardsim" / "pinochle" / "cutthroat.pyx").exists():
        pytest.skip("needs the source checkout")
    cwd = os.getcwd()
    os.chdir(SRC)
    try:
        tree = dependencies.create_dependency_tree()
        found: dict[str, set[str]] = {}
        for name in modules():
            pyx = f"cardsim/{name.replace('.', '/')}.pyx"
            for path in tree.all_dependencies(pyx):
                rel = pathlib.Path(path).resolve()
                if SRC / "cardsim" in rel.parents:
                    found.setdefault(rel.relative_to(SRC / "cardsim").as_posix(), set()).add(name)
    finally:
        os.chdir(cwd)
    return found


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_file_rebuilds_only_its_family_and_the_cross_game_modules(family, dependents):
    files = [f for f in dependents if f.startswith(family + "/") and f not in SHARED_HEADERS]
    assert files, f"no {family} sources found"
    for path in files:
        others = {m for m in dependents[path] if not m.startswith(family + ".") and m not in CROSS_GAME}
        assert not others, f"a change to {path} also rebuilds {sorted(others)}"


def test_each_family_module_depends_on_its_own_source(dependents):
    for name in modules():
        pyx = f"{name.replace('.', '/')}.pyx"
        assert dependents.get(pyx) == {name}, (pyx, dependents.get(pyx))

