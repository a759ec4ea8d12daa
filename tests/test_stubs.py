"""The type stubs of the compiled modules (``_core.pyi``, ``_contract.pyi``, ``_games.pyi``) match the modules.

For each compiled module: every public name is in its stub and every name its stub declares
exists; every public method and property a class defines itself (its own ``__dict__``) is in
the stub's class, and the other way round; and for every function and method whose signature
the module shows (``inspect.signature``, or the signature line Cython embeds in ``__doc__``),
the stub has the same parameter names, in order, with defaults in the same places.
Constructors (Cython's ``__cinit__``) show no signature and are not checked.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import re
import types

import pytest

MODULES = ["cardsim._core", "cardsim._contract", "cardsim._games", "cardsim.solver._solver"]


def stub_path(module: types.ModuleType) -> pathlib.Path:
    return pathlib.Path(module.__file__).parent / (module.__name__.rsplit(".", 1)[1] + ".pyi")


class Stub:
    """What a .pyi declares: top-level names, imported names, classes with their members,
    and each function's parameters as (name, has default) pairs."""

    def __init__(self, path: pathlib.Path) -> None:
        tree = ast.parse(path.read_text(), filename=str(path))
        self.names: set[str] = set()
        self.imported: set[str] = set()
        self.functions: dict[str, list[tuple[str, bool]]] = {}
        self.classes: dict[str, dict[str, list[tuple[str, bool]] | None]] = {}
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                self.imported.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, ast.FunctionDef):
                self.names.add(node.name)
                self.functions[node.name] = self.params(node)
            elif isinstance(node, ast.ClassDef):
                self.names.add(node.name)
                self.classes[node.name] = self.members(node)
            else:
                self.names.update(self.assigned(node))

    @staticmethod
    def assigned(node: ast.stmt) -> list[str]:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            return [node.target.id]
        if isinstance(node, ast.Assign):
            return [t.id for t in node.targets if isinstance(t, ast.Name)]
        return []

    @classmethod
    def members(cls, node: ast.ClassDef) -> dict[str, list[tuple[str, bool]] | None]:
        """Member name -> parameters (methods, without self) or None (attributes, properties)."""
        out: dict[str, list[tuple[str, bool]] | None] = {}
        for item in node.body:
            if isinstance(item, ast.FunctionDef):
                is_property = any(isinstance(d, ast.Name) and d.id == "property" for d in item.decorator_list)
                out[item.name] = None if is_property else cls.params(item)[1:]
            else:
                for name in cls.assigned(item):
                    out[name] = None
        return out

    @staticmethod
    def params(node: ast.FunctionDef) -> list[tuple[str, bool]]:
        a = node.args
        positional = a.posonlyargs + a.args
        first_default = len(positional) - len(a.defaults)
        out = [(p.arg, i >= first_default) for i, p in enumerate(positional)]
        if a.vararg:
            out.append(("*" + a.vararg.arg, False))
        out += [(p.arg, d is not None) for p, d in zip(a.kwonlyargs, a.kw_defaults)]
        if a.kwarg:
            out.append(("**" + a.kwarg.arg, False))
        return out


def _split_top(text: str) -> list[str]:
    """Split ``text`` at the commas outside brackets (``int8_t[:, ::1] out`` is one parameter)."""
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return parts


def runtime_params(func: object, name: str) -> list[tuple[str, bool]] | None:
    """(name, has default) of ``func``'s parameters, self included; None if it shows none."""
    try:
        sig = inspect.signature(func)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        sig = None
    if sig is not None:
        prefix = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}
        return [(prefix.get(p.kind, "") + p.name, p.default is not inspect.Parameter.empty)
                for p in sig.parameters.values()]
    # The signature line Cython embeds (embedsignature), C types and all:
    # "constrained_deals(cards, ..., int8_t[:, ::1] out, int threads=1)".
    first = (getattr(func, "__doc__", None) or "").split("\n", 1)[0]
    match = re.match(rf"^(?:\w+\.)?{re.escape(name)}\((.*)\)(?:\s*->.*)?$", first)
    if not match:
        return None
    out = []
    for part in _split_top(match.group(1)):
        head, _, default = part.partition("=")
        ident = re.findall(r"\**\w+", head)[-1]
        out.append((ident, bool(default.strip())))
    return out


def is_public_function(obj: object) -> bool:
    return callable(obj) and not isinstance(obj, type) and hasattr(obj, "__name__")


def module_cases() -> list[tuple[str, types.ModuleType, Stub]]:
    cases = []
    for name in MODULES:
        module = importlib.import_module(name)
        cases.append((name, module, Stub(stub_path(module))))
    return cases


CASES = module_cases()
IDS = [name for name, _, _ in CASES]


def public_names(module: types.ModuleType) -> list[str]:
    """The module's own public names: not modules, not things it imported from elsewhere."""
    out = []
    for name, obj in vars(module).items():
        if name.startswith("_") or isinstance(obj, types.ModuleType):
            continue
        home = getattr(obj, "__module__", None) if isinstance(obj, type) or is_public_function(obj) else None
        if home is not None and home != module.__name__:
            continue
        out.append(name)
    return sorted(out)


def stub_name(module: types.ModuleType) -> str:
    return stub_path(module).name


@pytest.mark.parametrize(("name", "module", "stub"), CASES, ids=IDS)
def test_every_public_name_is_in_the_stub(name: str, module: types.ModuleType, stub: Stub) -> None:
    missing = [n for n in public_names(module) if n not in stub.names]
    assert not missing, "\n".join(f"{name}.{n} is not in {stub_name(module)}: add it" for n in missing)


@pytest.mark.parametrize(("name", "module", "stub"), CASES, ids=IDS)
def test_every_stub_name_exists(name: str, module: types.ModuleType, stub: Stub) -> None:
    stale = sorted(n for n in stub.names if not hasattr(module, n))
    assert not stale, "\n".join(
        f"{stub_name(module)} declares {n}, which {name} does not have: remove or rename it" for n in stale)


def class_cases() -> list[tuple[str, type, types.ModuleType, Stub]]:
    out = []
    for name, module, stub in CASES:
        for cls_name in public_names(module):
            cls = getattr(module, cls_name)
            if isinstance(cls, type):
                out.append((f"{name}.{cls_name}", cls, module, stub))
    return out


CLASS_CASES = class_cases()


@pytest.mark.parametrize(("qualname", "cls", "module", "stub"), CLASS_CASES, ids=[c[0] for c in CLASS_CASES])
def test_every_class_member_is_in_the_stub(qualname: str, cls: type, module: types.ModuleType,
                                           stub: Stub) -> None:
    if cls.__name__ not in stub.classes:
        pytest.fail(f"{qualname} is not a class in {stub_name(module)}: add it")
    declared = stub.classes[cls.__name__]
    own = sorted(n for n in vars(cls) if not n.startswith("_"))
    missing = [n for n in own if n not in declared]
    assert not missing, "\n".join(
        f"{qualname}.{n} is not in class {cls.__name__} of {stub_name(module)}: add it" for n in missing)
    stale = sorted(n for n in declared if not n.startswith("__") and not hasattr(cls, n))
    assert not stale, "\n".join(
        f"class {cls.__name__} of {stub_name(module)} declares {n}, which {qualname} does not have: "
        "remove or rename it" for n in stale)


def signature_cases() -> list[tuple[str, object, list[tuple[str, bool]], str]]:
    """(qualified name, runtime function, stub parameters, stub file) of every function and
    method the stubs declare with parameters."""
    out = []
    for name, module, stub in CASES:
        for fname, params in stub.functions.items():
            if hasattr(module, fname):
                out.append((f"{name}.{fname}", getattr(module, fname), params, stub_name(module)))
        for cls_name, members in stub.classes.items():
            cls = getattr(module, cls_name, None)
            if cls is None:
                continue
            for mname, params in members.items():
                if params is None or mname.startswith("__") or mname not in vars(cls):
                    continue
                out.append((f"{name}.{cls_name}.{mname}", vars(cls)[mname], [("self", False)] + params,
                            stub_name(module)))
    return out


SIGNATURE_CASES = signature_cases()


def test_signatures_can_be_read() -> None:
    """The comparison below is not vacuous: the signatures of nearly all functions show."""
    readable = [q for q, f, _, _ in SIGNATURE_CASES if runtime_params(f, q.rsplit(".", 1)[1]) is not None]
    assert len(SIGNATURE_CASES) > 60
    assert len(readable) == len(SIGNATURE_CASES), sorted(
        set(q for q, _, _, _ in SIGNATURE_CASES) - set(readable))


@pytest.mark.parametrize(("qualname", "func", "params", "stub_file"), SIGNATURE_CASES,
                         ids=[c[0] for c in SIGNATURE_CASES])
def test_stub_parameters_match(qualname: str, func: object, params: list[tuple[str, bool]], stub_file: str) -> None:
    actual = runtime_params(func, qualname.rsplit(".", 1)[1])
    if actual is None:
        pytest.skip(f"{qualname} shows no signature")

    def show(ps: list[tuple[str, bool]]) -> str:
        return "(" + ", ".join(n + ("=..." if d else "") for n, d in ps) + ")"

    assert params == actual, f"{qualname}{show(params)} in {stub_file}, but the module has {qualname}{show(actual)}"


def test_embedded_signature_line_is_read() -> None:
    """The fallback for functions inspect cannot read: Cython's embedded signature line."""

    class Opaque:
        """constrained_deals(cards, uint64_t seed, int8_t[:, ::1] out, int threads=1, *args, **kw) -> None

        Text."""

        @property
        def __signature__(self) -> None:
            raise ValueError("no signature")

        def __call__(self) -> None: ...

    assert runtime_params(Opaque(), "constrained_deals") == [
        ("cards", False), ("seed", False), ("out", False), ("threads", True), ("*args", False), ("**kw", False)]
    assert runtime_params(Opaque(), "other_name") is None
