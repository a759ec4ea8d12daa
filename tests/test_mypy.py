"""``mypy --strict`` finds nothing in src/cardsim (the compiled modules through their stubs).

mypy is in the ``test`` extras, so CI always runs this; it is skipped only where mypy is
not installed.  The configuration is pyproject.toml's ``[tool.mypy]``; mypy's cache lives
in pytest's cache directory, so a second run takes a few seconds.
"""
from __future__ import annotations

import importlib.util
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install '.[test]')")
def test_mypy_strict_finds_no_errors(request: pytest.FixtureRequest) -> None:
    pytest_cache = getattr(request.config, "cache", None)  # absent under -p no:cacheprovider
    cache = pytest_cache.mkdir("mypy") if pytest_cache is not None else ROOT / ".mypy_cache"
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(cache), "--no-error-summary", "--no-color-output", "src/cardsim"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert proc.returncode == 0 and not errors, (
        f"mypy --strict src/cardsim: {len(errors)} error(s)\n{proc.stdout}{proc.stderr}")
