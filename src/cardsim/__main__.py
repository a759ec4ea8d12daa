"""``python -m cardsim`` and the ``cardsim`` script: the command line of :mod:`cardsim.cli`.

``cardsim --version`` alone is answered here, before click and the commands are imported
(the start-up target of issue 15: it needs nothing else); any other command line goes to
:func:`cardsim.cli.main`, which prints the same version line for ``--version`` elsewhere.
"""
from __future__ import annotations

import sys


def main() -> None:
    """Run the command line (``--version`` alone without loading click)."""
    if sys.argv[1:] == ["--version"]:
        from . import __version__

        print(f"cardsim, version {__version__}")  # click's version_option format, prog_name="cardsim"
        return
    from .cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
