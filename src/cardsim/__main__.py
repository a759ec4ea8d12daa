"""``python -m cardsim``: the same command line as ``cardsim``."""
from .cli import main

if __name__ == "__main__":
    main()
