"""Run the docstring examples of the public modules (they are documentation, so they must be true)."""
import doctest
import importlib

import pytest

MODULES = [
    "cardsim.cards",
    "cardsim.rules",
    "cardsim.meld",
    "cardsim.game",
    "cardsim.records",
    "cardsim.pinochle.cutthroat_hand",
    "cardsim.euchre.hand",
    "cardsim.odds",
    "cardsim.euchre.bid_odds",
    "cardsim.pinochle.partnership_hand",
    "cardsim.pinochle.two_hand_hand",
    "cardsim.spades.hand",
    "cardsim.pinochle.bid_odds",
    "cardsim.spades.bid_odds",
    "cardsim.spades.game_odds",
    "cardsim.comparison.run",
    "cardsim.comparison.variants",
    "cardsim.solver",
    "cardsim.solver.positions",
    "cardsim.solver.stock",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples: give it some or take it off the list"
    assert result.failed == 0


def test_each_module_is_listed_once():
    assert len(MODULES) == len(set(MODULES))


def test_readme_examples():
    from pathlib import Path

    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


def test_bench_decisions_examples():
    """bench/decisions.py (a script, not a package module): its ceiling probe agrees with the
    minimum-raise auction where the threshold falls on a step (``threshold_ceiling``)."""
    from repo_files import load

    module = load("bench/decisions.py", "bench_decisions")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0
