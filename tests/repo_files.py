"""The repository's scripts and benches as modules, for the tests that read them (they are files,
not part of the installed package)."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load(relative: str, name: str) -> ModuleType:
    """The module of the file at ``relative`` (to the repository root), executed under ``name``."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
