"""Option tables, one module per game family; ``cardsim.rules`` is the machinery they feed.

Each module declares its games' options once (name, kind, default, one-line help,
allowed values), their presets and cross-option checks, as ``GAMES``: a tuple of
``GameSpec``.  ``cardsim.rules.GAMES`` collects them by name.
"""
# The tables import Option and GameSpec from cardsim.rules, which in turn collects the
# tables; loading rules first keeps that order whichever module is imported first.
from .. import rules as _rules  # noqa: F401
