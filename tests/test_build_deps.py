"""A change to one game family rebuilds only that family's modules (issue 10): the dependency graph
that cythonize itself uses to decide what to regenerate (Cython.Build.Dependencies), read from
the sources.  The cross-game modules (conditioned bid odds, PIMC) are rebuilt too by a change to a
family's engine or module declarations; no other family's module is.  A change to a family's
players, odds trials or play-outs rebuilds that family's modules only: the cross-game modules call
them through the family module's exported functions (``eu_ext_*`` in euchre/play.pxd, ...)."""
from __future__ import annotations

import ast
import glob
import os
import pathlib
import re
from collections.abc import Iterator

import pytest

SRC = pathlib.Path(__file__).resolve().parents[1] / "src"
FAMILIES = ("pinochle", "euchre", "spades")
# the modules that play every game (cardsim._odds_conditions: conditioned bid odds of every game;
# cardsim.solver._pimc: PIMC and oracle card play): they compile the engines' inline code (a hand's
# struct, its legal cards and plays) and call the rest through each family's module; and the solver's
# search of two-hand pinochle's stock phase (cardsim.solver._stock: the two-hand engine's moves, the
# trick-play solver at its leaves)
CROSS_GAME = {"_odds_conditions", "solver._pimc", "solver._stock"}
# the headers of the players, the odds trials and the play-outs: compiled in their family's modules only
FAMILY_ONLY_HEADERS = {
    "euchre/players.pxd", "euchre/odds.pxd",
    "spades/players.pxd", "spades/scoring.pxd", "spades/bid_tables.pxd",
    "pinochle/cutthroat_players.pxd", "pinochle/partnership_players.pxd", "pinochle/two_hand_players.pxd",
    "pinochle/cutthroat_odds.pxd", "pinochle/games_odds.pxd", "pinochle/world.pxd", "pinochle/resample.pxd",
}
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


def test_a_players_or_odds_header_rebuilds_no_cross_game_module(dependents):
    for path in sorted(FAMILY_ONLY_HEADERS):
        assert path in dependents, f"{path}: no module cimports it (renamed?)"
        family = path.split("/")[0]
        assert all(m.startswith(family + ".") for m in dependents[path]), (path, sorted(dependents[path]))


def test_the_spades_python_face_parses_no_players_header(dependents):
    """spades.spades, the Python face split from its hot module spades.play, cimports the bid tables'
    layout (spades/bid_tables.pxd) and spades.play's exports, not the players nor the scoring: Cython
    parses none of their inline code for it, and a change to them rebuilds spades.play, not the face."""
    assert "spades.spades" in dependents["spades/bid_tables.pxd"]
    for header in ("spades/players.pxd", "spades/scoring.pxd"):
        assert "spades.play" in dependents[header] and "spades.spades" not in dependents[header], header


def test_each_family_module_depends_on_its_own_source(dependents):
    for name in modules():
        pyx = f"{name.replace('.', '/')}.pyx"
        assert dependents.get(pyx) == {name}, (pyx, dependents.get(pyx))



# A Cython C file in miniature: a def function's wrapper and body, a def function whose body holds a
# parallel loop, a cdef function, one of Cython's inline helpers, a type slot and the module init.
GENERATED = """/* Generated by Cython 3.3.1 */
static PyObject *__pyx_pw_7cardsim_3foo_1run(PyObject *__pyx_self, PyObject *__pyx_args);
static PyObject *__pyx_pf_7cardsim_3foo_run(CYTHON_UNUSED PyObject *__pyx_self);
static CYTHON_INLINE int __Pyx_PyInt_As_int(PyObject *);
static int __Pyx_ParseKeywords(PyObject *kwds);
static uint64_t __pyx_f_7cardsim_3foo_play(uint64_t __pyx_v_x) {
  return __pyx_v_x + 1;
}
static PyObject *__pyx_pw_7cardsim_3foo_1run(PyObject *__pyx_self, PyObject *__pyx_args) {
  return __pyx_pf_7cardsim_3foo_run(__pyx_self);
}
static PyObject *__pyx_pf_7cardsim_3foo_run(CYTHON_UNUSED PyObject *__pyx_self) {
  return NULL;
}
static PyObject *__pyx_pf_7cardsim_3foo_2batch(PyObject *__pyx_self) {
                #pragma omp parallel
  return NULL;
}
static void __pyx_tp_dealloc_7cardsim_3foo_State(PyObject *o) {
}
static CYTHON_SMALL_CODE int __pyx_pymod_exec_foo(PyObject *__pyx_pyinit_module) {
  return 0;
}
"""


@pytest.fixture(scope="module")
def setup_code() -> dict[str, object]:
    """setup.py's ``cold_glue`` and its settings (those statements alone: no build, no compiler check)."""
    tree = ast.parse((SRC.parent / "setup.py").read_text())

    def wanted(node: ast.stmt) -> bool:
        if isinstance(node, ast.FunctionDef):
            return node.name in ("cold_glue", "glue_level", "needed_inline", "module_sources", "cython_c_file_stale")
        name = getattr(node.targets[0], "id", "") if isinstance(node, ast.Assign) else ""
        return name.startswith(("COLD_", "_COLD_")) or name in (
            "_PF_DEF", "MODULES", "LIGHT", "BUDGET_BOUND",  # (COLD_GLUE reads both)
            "_CIMPORT", "_INLINE_HEAD", "_TOP_LEVEL", "_WORD", "_PROSE",  # (needed_inline's)
            "_NUMPY_CIMPORT")  # (cython_c_file_stale's)

    body = [node for node in tree.body if wanted(node)]
    code: dict[str, object] = {"re": re, "os": os, "glob": glob, "numpy": pytest.importorskip("numpy"), "Iterator": Iterator}
    exec(compile(ast.Module(body=body, type_ignores=[]), "setup.py", "exec"), code)
    assert "cold_glue" in code
    return code


def test_cythons_glue_is_marked_cold_and_the_per_card_code_is_not(setup_code, tmp_path):
    c_file = tmp_path / "foo.c"
    c_file.write_text(GENERATED)
    cold_glue = setup_code["cold_glue"]
    attr = setup_code["COLD_MACRO"] + " "
    assert cold_glue(str(c_file)) == 7
    text = c_file.read_text()
    marked = {re.search(r"(\w+)\(", line).group(1) for line in text.splitlines()  # type: ignore[union-attr]
              if attr in line and not line.startswith("#")}
    assert marked == {"__pyx_pw_7cardsim_3foo_1run", "__pyx_pf_7cardsim_3foo_run", "__Pyx_ParseKeywords",
                      "__pyx_tp_dealloc_7cardsim_3foo_State", "__pyx_pymod_exec_foo"}
    assert f"static {attr}PyObject *__pyx_pw_7cardsim_3foo_1run(" in text  # declaration and definition alike
    assert f"static CYTHON_SMALL_CODE {attr}int __pyx_pymod_exec_foo(" in text
    assert text.startswith("/* Generated by Cython")  # Cython still knows the file as its own
    assert text.index(setup_code["COLD_DEFINE"].format(level="Os")) < text.index(attr)  # the macro defined before its first use
    assert cold_glue(str(c_file)) == 0 and c_file.read_text() == text  # once only


# A property's getter as Cython writes it (slot, wrapper, body) for State.to_act and State.phase.
GETTERS = """/* Generated by Cython 3.3.1 */
static PyObject *__pyx_pw_7cardsim_3foo_5State_6to_act_1__get__(PyObject *__pyx_v_self);
static PyObject *__pyx_pw_7cardsim_3foo_5State_6to_act_1__get__(PyObject *__pyx_v_self) {
}
static PyObject *__pyx_pf_7cardsim_3foo_5State_6to_act___get__(PyObject *__pyx_v_self) {
}
static PyObject *__pyx_getprop_7cardsim_3foo_5State_to_act(PyObject *o, CYTHON_UNUSED void *x) {
}
static PyObject *__pyx_pf_7cardsim_3foo_5State_5phase___get__(PyObject *__pyx_v_self) {
}
static PyObject *__pyx_getprop_7cardsim_3foo_5State_phase(PyObject *o, CYTHON_UNUSED void *x) {
}
"""


def test_a_warm_propertys_getter_keeps_the_modules_level(setup_code, tmp_path):
    """WARM_GLUE's properties (the Python step loop's reads of a split family's face): their getter's slot,
    wrapper and body are left unmarked by ``cold_glue``; another property's getter is marked."""
    c_file = tmp_path / "foo.c"
    c_file.write_text(GETTERS)
    assert setup_code["cold_glue"](str(c_file), "O0", ("State.to_act",)) == 2  # type: ignore[operator]
    attr = setup_code["COLD_MACRO"] + " "
    marked = {re.search(r"(\w+)\(", line).group(1) for line in c_file.read_text().splitlines()  # type: ignore[union-attr]
              if attr in line and not line.startswith("#")}
    assert marked == {"__pyx_pf_7cardsim_3foo_5State_5phase___get__", "__pyx_getprop_7cardsim_3foo_5State_phase"}


def test_a_module_keeps_the_inline_functions_it_can_reach_and_no_other(setup_code, tmp_path, monkeypatch):
    """setup.py's ``needed_inline``: what ``prune_headers`` keeps of the headers' inline functions when
    Cython compiles a module (the rest it never compiles): those named in the module, in a header's
    declarations or in the body of one kept; not one named only in a comment or a docstring."""
    folder = tmp_path / "src" / "cardsim"
    folder.mkdir(parents=True)
    (folder / "game.pyx").write_text("from cardsim.cards cimport *\n\ndef run():\n    return play(1)  # not tidy()\n")
    (folder / "cards.pxd").write_text(
        "from cardsim.bits cimport low\n"
        "cdef enum:\n    SIZE = 4\n\n"
        "cdef inline int play(int x) noexcept nogil:\n    \"\"\"Unlike tidy(), it plays.\"\"\"\n    return low(x)\n\n"
        "# tidy: the shuffle's cleanup\n"
        "cdef inline int tidy(int x) noexcept nogil:\n    return low(x) + 1\n\n"
        "cdef struct Table:\n    int marks[SIZE]\n")
    (folder / "bits.pxd").write_text(
        "cdef inline int low(int x) noexcept nogil:\n    return x & 1\n\n"
        "cdef inline int high(\n        int x) noexcept nogil:\n    return x >> 1\n")
    monkeypatch.chdir(tmp_path)
    assert setup_code["needed_inline"]("game") == {"play", "low"}


def test_the_files_a_module_is_regenerated_for_are_those_cythonize_tracks(setup_code):
    """setup.py decides itself whether a module's C file is stale (``cython_c_file_stale``, from
    ``module_sources``) instead of cythonize's dependency scan: the cardsim files must be the same as in
    cythonize's tree, and every other file there one of Cython's own headers (they change with Cython's
    version, which the check reads from the C file) or numpy's (checked where the module cimports numpy)."""
    dependencies = pytest.importorskip("Cython.Build.Dependencies")
    if not (SRC / "cardsim" / "pinochle" / "cutthroat.pyx").exists():
        pytest.skip("needs the source checkout")
    cython_includes = pathlib.Path(dependencies.__file__).resolve().parents[1] / "Includes"
    numpy_folder = pathlib.Path(setup_code["numpy"].__file__).resolve().parent  # type: ignore[attr-defined]
    cwd = os.getcwd()
    try:
        os.chdir(SRC)
        tree = dependencies.create_dependency_tree()
        tracked = {name: {pathlib.Path(p).resolve() for p in tree.all_dependencies(f"cardsim/{name.replace('.', '/')}.pyx")}
                   for name in modules()}
        os.chdir(SRC.parent)
        for name in modules():
            sources = list(setup_code["module_sources"](name))  # type: ignore[operator]
            ours = {pathlib.Path(path).resolve() for path, _text in sources}
            assert {p for p in tracked[name] if SRC / "cardsim" in p.parents} == ours, name
            others = {p for p in tracked[name] if SRC / "cardsim" not in p.parents}
            assert all(cython_includes in p.parents or p.parent == numpy_folder for p in others), (name, others)
            if any(p.parent == numpy_folder for p in others):
                assert any(setup_code["_NUMPY_CIMPORT"].search(text) for _path, text in sources), name  # type: ignore[attr-defined]
    finally:
        os.chdir(cwd)


def test_a_c_file_is_stale_when_missing_foreign_or_older_than_a_source(setup_code, tmp_path, monkeypatch):
    from Cython import __version__ as cython_version

    folder = tmp_path / "src" / "cardsim"
    folder.mkdir(parents=True)
    (folder / "game.pyx").write_text("from cardsim.cards cimport *\n")
    (folder / "cards.pxd").write_text("cdef enum:\n    SIZE = 4\n")
    c_file = folder / "game.c"
    monkeypatch.chdir(tmp_path)
    stale = setup_code["cython_c_file_stale"]
    assert stale("game", str(c_file))  # missing
    c_file.write_text("/* Generated by Cython 0.0.1 */\n")
    assert stale("game", str(c_file))  # another Cython's
    c_file.write_text(f"/* Generated by Cython {cython_version} */\n")
    assert not stale("game", str(c_file))
    later = c_file.stat().st_mtime + 10
    os.utime(folder / "cards.pxd", (later, later))  # a header it cimports changed
    assert stale("game", str(c_file))
    os.utime(c_file, (later + 1, later + 1))
    assert not stale("game", str(c_file))
