"""The command line starts without loading what a command does not need (issue 15's start-up
target: `cardsim --version` under 0.12 s): numpy, rich and the compiled core are imported
when a command uses them, and the lazily registered commands are still listed and run."""
from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from cardsim.cli import LAZY_COMMANDS, LAZY_SHORT_HELP, main

HEAVY = ("numpy", "rich", "cardsim._core", "cardsim._contract", "cardsim.game")


def _loaded_after(code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sorted(sys.modules)))"],
                         check=True, capture_output=True, text=True).stdout.split()
    return [name for name in HEAVY if name in out]


def test_version_loads_nothing_heavy() -> None:
    assert _loaded_after("from cardsim.cli import main\n"
                         "try:\n    main(['--version'])\nexcept SystemExit:\n    pass") == []


def test_import_cardsim_is_light_and_names_resolve() -> None:
    assert _loaded_after("import cardsim") == []
    import cardsim
    for name in cardsim.__all__:
        assert getattr(cardsim, name) is not None
    assert set(cardsim.__all__) <= set(dir(cardsim))


def test_help_loads_no_command_module() -> None:
    # the lazy commands' one-line help comes from LAZY_SHORT_HELP: listing them imports none
    code = ("from cardsim.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "import sys\nassert not any(m in sys.modules for m in ('cardsim.cli_bid', 'cardsim.cli_compare', "
            "'cardsim.cli_solve')), sorted(m for m in sys.modules if m.startswith('cardsim'))")
    assert _loaded_after(code) == []


def test_bid_with_core_players_loads_no_solver_and_no_writers() -> None:
    # `cardsim bid` with the heuristic or random players needs neither the solver nor the record
    # writers' csv / zipfile (imported when a command writes a file)
    code = ("import sys\nimport cardsim.cli_bid\nfrom cardsim.odds import odds_policies\n"
            "assert odds_policies('cutthroat-pinochle', 'heuristic', 3) == (['heuristic'] * 3, None)\n"
            "assert odds_policies('euchre', ['random', 'heuristic', 'random', 'random'], 4)[1] is None\n"
            "late = [m for m in ('cardsim.solver', 'cardsim.solver.players', 'zipfile', 'csv') if m in sys.modules]\n"
            "assert not late, late\n"
            "assert odds_policies('euchre', 'pimc', 4)[1] is not None   # a solver player: loaded then")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_lazy_short_help_is_the_commands_own() -> None:
    import importlib

    import click
    assert set(LAZY_SHORT_HELP) == set(LAZY_COMMANDS)
    for name, where in LAZY_COMMANDS.items():
        module, _, attribute = where.partition(":")
        real = getattr(importlib.import_module(module), attribute)
        stand_in = click.Command(name, help=LAZY_SHORT_HELP[name])
        for limit in (20, 45, 60, 74, 200):   # (click shortens to the terminal's width)
            assert stand_in.get_short_help_str(limit) == real.get_short_help_str(limit), (name, limit)
    # and what --help prints for them once they are imported is what it printed before
    before = CliRunner().invoke(main, ["--help"]).output
    for name in LAZY_COMMANDS:
        main.get_command(click.Context(main), name)
    assert CliRunner().invoke(main, ["--help"]).output == before


def test_lazy_commands_are_listed_and_run() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name in LAZY_COMMANDS:
        assert name in result.output
    result = CliRunner().invoke(main, ["bid", "--help"])
    assert result.exit_code == 0 and "cards" in result.output.lower()


def test_unknown_attribute_is_an_attribute_error() -> None:
    import cardsim
    try:
        cardsim.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("expected AttributeError")


def test_version_fast_path_matches_click() -> None:
    # `cardsim --version` is answered by cardsim.__main__ without click; the line is click's
    fast = subprocess.run([sys.executable, "-m", "cardsim", "--version"], check=True, capture_output=True,
                          text=True).stdout
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0 and fast == result.output
    assert _loaded_after("import sys\nsys.argv = ['cardsim', '--version']\n"
                         "from cardsim.__main__ import main as entry\nentry()\n"
                         "assert 'click' not in sys.modules") == []
