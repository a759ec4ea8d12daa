"""A change to what setup.py feeds into one module (its glue level, its always_inline marks, its flags)
builds that module again, and only it (issue 10): setup.py's ``build_recipe`` hashes it, each C file
carries the hashes on its second line, and ``cythonize_one`` writes the C again when its C recipe
differs, or the line alone when its compile recipe does (the C's new time has setuptools compile it).
setup.py is loaded whole here, its ``setup()`` call stubbed out: no build."""
from __future__ import annotations

import copy
import os
import pathlib
from collections.abc import Iterator
from typing import Any

import pytest
import setuptools

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def build() -> Iterator[dict[str, Any]]:
    """setup.py's globals, as a build sees them (run in the repository root, ``setup()`` a no-op)."""
    pytest.importorskip("Cython")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(setuptools, "setup", lambda **kwargs: None)
        patch.chdir(ROOT)
        patch.delenv("CARDSIM_DEBUG", raising=False)
        code: dict[str, Any] = {"__name__": "cardsim_setup", "__file__": str(ROOT / "setup.py")}
        exec(compile((ROOT / "setup.py").read_text(), str(ROOT / "setup.py"), "exec"), code)
        yield code


def recipes(build: dict[str, Any]) -> dict[str, tuple[str, str]]:
    return {ext.name: build["build_recipe"](ext) for ext in build["extensions"]}


def changed(before: dict[str, tuple[str, str]], after: dict[str, tuple[str, str]], part: int) -> set[str]:
    return {name for name in before if before[name][part] != after[name][part]}


def test_each_module_has_its_own_recipe_and_it_is_stable(build):
    first = recipes(build)
    assert len(first) == len(build["MODULES"]) + 1  # (and the shared utility)
    assert first == recipes(build)
    assert len({c for c, _compile in first.values()}) > 3  # (glue levels and marks differ between modules)


def test_one_modules_always_inline_marks_or_glue_level_change_its_c_recipe_alone(build, monkeypatch):
    before = recipes(build)
    marks = dict(build["ALWAYS_INLINE"])
    marks["spades.spades"] = (*marks["spades.spades"], "spades.players.sp_heuristic_bid")
    monkeypatch.setitem(build, "ALWAYS_INLINE", marks)
    after = recipes(build)
    assert changed(before, after, 0) == {"cardsim.spades.spades"} and not changed(before, after, 1)
    monkeypatch.setitem(build, "ALWAYS_INLINE", dict(build["ALWAYS_INLINE"]))
    monkeypatch.setitem(build, "BUDGET_BOUND", build["BUDGET_BOUND"] - {"pinochle.two_hand"})  # its glue -Os -> -O0
    after = recipes(build)
    assert changed(before, after, 0) == {"cardsim.spades.spades", "cardsim.pinochle.two_hand"}
    monkeypatch.setitem(build, "COLD_GLUE", build["COLD_GLUE"] - {"spades.odds"})  # its glue at the module's level
    assert changed(before, recipes(build), 0) == {"cardsim.spades.spades", "cardsim.pinochle.two_hand",
                                                  "cardsim.spades.odds"}


def test_one_modules_flags_change_its_compile_recipe_alone(build):
    before = recipes(build)
    ext = next(ext for ext in build["extensions"] if ext.name == "cardsim.pinochle.partnership")
    for attribute, value in (("extra_compile_args", ["-O2", *ext.extra_compile_args[1:]]),
                             ("define_macros", [*ext.define_macros, ("CARDSIM_TRACE", None)]),
                             ("extra_link_args", [*ext.extra_link_args, "-s"])):
        other = copy.copy(ext)
        setattr(other, attribute, value)
        assert build["build_recipe"](other)[0] == before[ext.name][0], attribute
        assert build["build_recipe"](other)[1] != before[ext.name][1], attribute


def test_a_debug_build_changes_every_c_recipe(build, monkeypatch):
    before = recipes(build)
    monkeypatch.setitem(build, "DEBUG", True)
    assert changed(before, recipes(build), 0) == set(before)


def test_the_c_writers_code_counts_not_its_comments_nor_its_place(build, tmp_path, monkeypatch):
    code_of = build["code_of"].__wrapped__  # (not the cached one)
    names = ("cold_glue", "COLD_MARK")
    text = (ROOT / "setup.py").read_text()
    assert "cold_glue" in code_of(names) and "cython_compile" not in code_of(names)
    moved = tmp_path / "setup.py"
    moved.write_text("# a comment\n\n\n" + text.replace("    with open(c_file, encoding=\"utf-8\") as fh:\n        text = fh.read()\n",
                                                     "    # read it\n    with open(c_file, encoding=\"utf-8\") as fh:\n"
                                                     "        text = fh.read()\n", 1))
    monkeypatch.setitem(build, "__file__", str(moved))
    assert moved.read_text() != "# a comment\n\n\n" + text
    assert code_of(names) == build["code_of"](names)
    moved.write_text(text.replace('if text.endswith(COLD_MARK):', 'if text.endswith(COLD_MARK + "\\n"):', 1))
    assert code_of(names) != build["code_of"](names)


def test_the_recipe_line_takes_the_empty_second_line_so_the_c_keeps_its_line_numbers(build, tmp_path):
    c_file = tmp_path / "game.c"
    c_file.write_text("/* Generated by Cython 9.9 */\n\n/* BEGIN: Cython Metadata */\nint x;\n")
    assert build["read_recipe"](str(c_file)) is None and build["read_recipe"](str(tmp_path / "none.c")) is None
    build["write_recipe"](str(c_file), ("c1", "k1"))
    lines = c_file.read_text().split("\n")
    assert len(lines) == 5 and lines[0] == "/* Generated by Cython 9.9 */" and lines[2:] == ["/* BEGIN: Cython Metadata */", "int x;", ""]
    assert build["read_recipe"](str(c_file)) == ("c1", "k1")
    build["write_recipe"](str(c_file), ("c2", "k2"))
    assert build["read_recipe"](str(c_file)) == ("c2", "k2") and len(c_file.read_text().split("\n")) == 5


@pytest.fixture
def game(build, tmp_path, monkeypatch) -> Iterator[dict[str, Any]]:
    """A one-module package in ``tmp_path`` (src/cardsim/game.pyx and a header), its glue cold at -O0 and its
    helper always_inline; ``runs`` records the ``force`` of each ``cython_compile`` call."""
    folder = tmp_path / "src" / "cardsim"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "cards.pxd").write_text("cdef inline int helper(int x) noexcept nogil:\n    return x + 1\n")
    (folder / "game.pyx").write_text("from cardsim.cards cimport helper\n\ndef run(int x):\n    return helper(x)\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(build, "COLD_GLUE", {"game"})
    monkeypatch.setitem(build, "BUDGET_BOUND", set())
    monkeypatch.setitem(build, "ALWAYS_INLINE", {"game": ("cards.helper",)})
    runs: list[bool] = []
    compile_pyx = build["cython_compile"]

    def counted(name: str, pyx: str, force: bool) -> str:
        runs.append(force)
        return compile_pyx(name, pyx, force)

    monkeypatch.setitem(build, "cython_compile", counted)
    yield {"c_file": folder / "game.c", "runs": runs}


def make(build: dict[str, Any], recipe: tuple[str, str]) -> None:
    assert build["cythonize_one"]("cardsim.game", ["src/cardsim/game.pyx"], False, recipe) == ["src/cardsim/game.c"]


def set_back(c_file: pathlib.Path) -> int:
    """Set ``c_file``'s time a minute back and the other files' of its folder two minutes back (the C stays the newest);
    the C's new time."""
    for path in c_file.parent.iterdir():
        past = path.stat().st_mtime_ns - (60 if path == c_file else 120) * 10**9
        os.utime(path, ns=(past, past))
    return c_file.stat().st_mtime_ns


def test_a_modules_c_is_written_again_only_when_its_recipe_differs(build, game):
    c_file, runs = game["c_file"], game["runs"]
    make(build, ("c1", "k1"))
    text = c_file.read_text()
    assert build["read_recipe"](str(c_file)) == ("c1", "k1")
    assert text.endswith(build["COLD_MARK"]) and build["COLD_DEFINE"].format(level="O0") in text
    assert build["INLINE_MACRO"] + " " in text
    past = set_back(c_file)

    make(build, ("c1", "k1"))  # nothing changed: nothing written
    assert c_file.stat().st_mtime_ns == past and runs == [True, False]

    make(build, ("c1", "k2"))  # the compile recipe alone: the line alone, Cython not run again
    assert c_file.stat().st_mtime_ns > past and runs[-1] is False
    assert build["read_recipe"](str(c_file)) == ("c1", "k2")
    assert c_file.read_text().split("\n")[2:] == text.split("\n")[2:]

    build["BUDGET_BOUND"] = {"game"}  # the glue's level -O0 -> -Os: a new C recipe
    make(build, ("c2", "k2"))
    assert runs[-1] is True and build["read_recipe"](str(c_file)) == ("c2", "k2")
    assert build["COLD_DEFINE"].format(level="Os") in c_file.read_text()


def test_a_c_file_without_its_recipe_is_written_again(build, game):
    c_file, runs = game["c_file"], game["runs"]
    make(build, ("c1", "k1"))
    lines = c_file.read_text().split("\n")
    c_file.write_text("\n".join([lines[0], "", *lines[2:]]))  # as Cython left it: a build stopped before its marks
    make(build, ("c1", "k1"))
    assert runs == [True, True] and build["read_recipe"](str(c_file)) == ("c1", "k1")
    assert c_file.read_text().count(build["COLD_MARK"]) == 1
