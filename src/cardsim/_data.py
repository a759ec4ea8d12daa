"""The package's data files (src/cardsim/data/): the learned bid tables the core loads at import.

Read by path beside this file rather than through ``importlib.resources``, whose import (pathlib,
zipfile, tempfile) costs tens of milliseconds of every command's start-up; the compiled core is
never imported from a zip archive.
"""
from __future__ import annotations

import json
import os
from typing import Any

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def load_json(name: str) -> Any | None:
    """The parsed contents of ``data/<name>``, or None when the file is absent."""
    path = os.path.join(DATA, name)
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)
