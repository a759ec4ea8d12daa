"""Game rules: every option of every game declared once, validated in one place.

The option tables live in ``cardsim.games`` (one small module per game family);
this module is the machinery that one table drives: keyword arguments,
``--set key=value`` strings, TOML rules files, presets, and printing the
effective rules back as TOML.

Layering in :func:`make_rules`, later layers win::

    table defaults < preset (or the game's default preset) < rules file
                   < --set strings < keyword options

Every bad name or value raises :class:`~cardsim.errors.RulesError` with one line
that names the option, the value and what is allowed.

>>> rules = make_rules("cutthroat-pinochle", sets=["min_bid=20"], army_scoring=True)
>>> rules.min_bid, rules["army_scoring"], rules.game
(20, True, 'cutthroat-pinochle')
>>> rules
Rules('cutthroat-pinochle', min_bid=20, army_scoring=True)
>>> rules.replace(min_bid=16) == make_rules("cutthroat-pinochle", preset="army")
True
>>> make_rules("cutthroat-pinochle", must_beat="sometimes")
Traceback (most recent call last):
...
cardsim.errors.RulesError: option must_beat: 'sometimes' is not one of always, trump_led, never
"""
from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Union

from .cards import SUIT_SYMBOLS, SUITS
from .errors import RulesError



def _numpy_scalar(value: object, kind: str) -> bool:
    """Whether ``value`` is a numpy integer (``kind="integer"``) or boolean (``"bool_"``);
    numpy is looked up, not imported: a numpy scalar means numpy is loaded already."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, getattr(numpy, kind))

# tomllib, tomli_w and difflib are imported where used (a rules file read or written, a
# misspelt name): the command line's start-up (`cardsim --version`) needs none of them.

__all__ = [
    "Option",
    "GameSpec",
    "GAMES",
    "Rules",
    "get_game",
    "make_rules",
    "load_rules",
    "load_rules_file",
]

KINDS = ("int", "bool", "enum", "str", "cards")
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_SPLIT = re.compile(r"[\s,]+")
_CARD_CODE = re.compile(r"(?:10|[AKQJT2-9])[SHDC]|J[1-3]")
_CARD_CODE_HELP = "rank A K Q J T 10 9 .. 2 and suit S H D C, or a joker J1 J2 J3"

PathLike = Union[str, Path]


def _card_code(token: str) -> str:
    """Canonical code of one card token (``10h`` -> ``TH``, ``Q♠`` -> ``QS``); ValueError if malformed."""
    text = token.strip().upper()
    for symbol, letter in zip(SUIT_SYMBOLS, SUITS):
        text = text.replace(symbol, letter)
    if not _CARD_CODE.fullmatch(text):
        raise ValueError(f"{token!r} is not a card code ({_CARD_CODE_HELP})")
    return "T" + text[2:] if text.startswith("10") else text


@dataclass(frozen=True)
class Option:
    """One rule option: its name, kind, default, one-line help and allowed values.

    ``choices`` lists the names of an ``enum`` (or, for ``cards``, the only codes
    allowed); ``min``/``max`` bound an ``int``.  ``normalize`` (``str`` options only)
    checks a text value and returns its canonical form, raising ``ValueError`` with
    the reason when it is malformed.

    >>> Option("must_beat", "enum", "always", "heading rule", choices=("always", "never")).parse("never")
    'never'
    >>> Option("prize_jacks", "cards", "JD,JC", "prize jacks").parse("jd, 10h J♣")
    ['JD', 'TH', 'JC']
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    normalize: Callable[[str], str] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if self.kind == "enum" and not self.choices:
            raise ValueError(f"option {self.name}: an enum needs choices")
        if "\n" in self.help:
            raise ValueError(f"option {self.name}: help must be one line")
        # The table's own default goes through the same door as user values.
        object.__setattr__(self, "default", self.validate(self.default))

    def _error(self, value: object, what: str) -> RulesError:
        return RulesError(f"option {self.name}: {value!r} {what}")

    @property
    def allowed(self) -> str:
        """What the option accepts, in words (for help texts and error messages)."""
        if self.kind == "int":
            if self.min is not None and self.max is not None:
                return f"an integer {self.min}..{self.max}"
            if self.min is not None:
                return f"an integer >= {self.min}"
            return "an integer" if self.max is None else f"an integer <= {self.max}"
        if self.kind == "bool":
            return "true or false"
        if self.kind == "enum":
            return "one of " + ", ".join(self.choices)
        if self.kind == "cards":
            if self.choices:
                return "card codes from " + ", ".join(self.choices)
            return "card codes separated by commas or spaces"
        return "text"

    def parse(self, text: str) -> Any:
        """The value of a ``--set`` string (ints, true/false/yes/no/on/off/1/0, enum names, card lists)."""
        raw = text.strip()
        if self.kind == "int":
            try:
                number = int(raw)
            except ValueError:
                raise self._error(text, f"is not an integer (allowed: {self.allowed})") from None
            return self.validate(number)
        if self.kind == "bool":
            if raw.lower() in _TRUE:
                return True
            if raw.lower() in _FALSE:
                return False
            raise self._error(text, "is not a boolean: use true/false, yes/no, on/off or 1/0")
        if self.kind == "cards":
            return list(self.validate(raw))
        if self.kind == "enum":
            return self.validate(raw)
        return self.validate(text)

    def validate(self, value: object) -> Any:
        """The normalized value of a Python value (keyword argument or TOML), or RulesError.

        ``cards`` values come back as a tuple of canonical codes so that rules stay hashable.
        """
        if self.kind == "int":
            if _numpy_scalar(value, "integer") and not _numpy_scalar(value, "bool_"):
                value = int(value)  # type: ignore[call-overload]  # numpy scalars work as Python ones (sweeps over np.arange)
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._error(value, f"is not an integer (allowed: {self.allowed})")
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise self._error(value, f"is out of range: allowed {self.allowed}")
            return value
        if self.kind == "bool":
            if _numpy_scalar(value, "bool_"):
                value = bool(value)
            if not isinstance(value, bool):
                raise self._error(value, "is not a boolean: use true or false")
            return value
        if self.kind == "enum":
            # like booleans, enum names are read whatever their case
            key = value.strip().lower() if isinstance(value, str) else None
            for choice in self.choices:
                if key == choice.lower():
                    return choice
            raise self._error(value, f"is not one of {', '.join(self.choices)}")
        if self.kind == "cards":
            return self._validate_cards(value)
        if not isinstance(value, str):
            raise self._error(value, "is not a string")
        if self.normalize is None:
            return value
        try:
            return self.normalize(value)
        except ValueError as exc:
            raise self._error(value, f"is not valid: {exc}") from None

    def _validate_cards(self, value: object) -> tuple[str, ...]:
        if isinstance(value, str):
            tokens = [t for t in _SPLIT.split(value.strip()) if t]
        elif isinstance(value, (list, tuple)) and all(isinstance(t, str) for t in value):
            tokens = list(value)
        else:
            raise self._error(value, "is not a list of card codes")
        codes: list[str] = []
        for token in tokens:
            try:
                code = _card_code(token)
            except ValueError as exc:
                raise RulesError(f"option {self.name}: {exc}") from None
            if self.choices and code not in self.choices:
                raise self._error(token, f"is not one of {', '.join(self.choices)}")
            if code in codes:
                raise self._error(token, "is listed twice")
            codes.append(code)
        return tuple(codes)

    def format(self, value: Any) -> str:
        """The ``--set`` text of a value (the inverse of :meth:`parse`)."""
        if self.kind == "bool":
            return "true" if value else "false"
        if self.kind == "cards":
            return ",".join(value)
        return str(value)


def wins_needed_option(default: int = 5) -> Option:
    """Every game's tournament length: a tournament (``unit="tournament"``) plays games until one
    player or team has won this many (docs/whole-games.md, "Tournaments")."""
    return Option("wins_needed", "int", default, "game wins that take a tournament", min=1, max=1000)


@dataclass(frozen=True)
class GameSpec:
    """A game: its options, presets and cross-option check.

    ``section`` names the page of the game's rules (``docs/rules/<game>.md``) and the
    seed text they follow; ``players`` is
    the number of players or, where an option sets it, a description.
    ``check`` receives the full dict of option values and raises RulesError.
    """

    name: str
    title: str
    section: str
    players: int | str
    options: tuple[Option, ...]
    presets: dict[str, dict[str, object]] = field(default_factory=dict, hash=False)
    default_preset: str | None = None
    check: Callable[[dict[str, Any]], None] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        names = [opt.name for opt in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"game {self.name}: an option is declared twice")
        if self.default_preset is not None and self.default_preset not in self.presets:
            raise ValueError(f"game {self.name}: default preset {self.default_preset!r} is not a preset")
        object.__setattr__(self, "_by_name", {opt.name: opt for opt in self.options})
        # Catch table mistakes at import: every preset must validate and pass the check.
        for preset in (None, *self.presets):
            self.run_check({**self.defaults(), **self.preset_values(preset)})

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(opt.name for opt in self.options)

    def option(self, name: str) -> Option:
        """The option called ``name``, or RulesError naming the options (and a close match)."""
        try:
            found: Option = self._by_name[name]  # type: ignore[attr-defined]
            return found
        except (KeyError, TypeError):
            pass
        import difflib

        close = difflib.get_close_matches(str(name), self.option_names, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise RulesError(
            f"unknown option {name!r} for {self.name}{hint}; options: {', '.join(self.option_names)}"
        )

    def defaults(self) -> dict[str, Any]:
        """The table default of every option, in declaration order."""
        return {opt.name: opt.default for opt in self.options}

    def preset_values(self, preset: str | None) -> dict[str, Any]:
        """The validated overrides of a preset; ``None`` means the default preset (or none)."""
        if preset is None:
            if self.default_preset is None:
                return {}
            preset = self.default_preset
        if not isinstance(preset, str) or preset not in self.presets:
            if not self.presets:
                raise RulesError(f"unknown preset {preset!r} for {self.name}: the game has none; "
                                 f"set options with --set KEY=VALUE or a rules file (--rules)")
            raise RulesError(f"unknown preset {preset!r} for {self.name}: choose one of {', '.join(self.presets)}")
        return {key: self.option(key).validate(value) for key, value in self.presets[preset].items()}

    def run_check(self, values: dict[str, Any]) -> None:
        if self.check is not None:
            self.check(values)


def _registry() -> dict[str, GameSpec]:
    # The tables import Option and GameSpec from here, so they are loaded after them.
    from .euchre import options as euchre
    from .pinochle import options as pinochle
    from .spades import options as spades

    specs = (*pinochle.GAMES, *euchre.GAMES, *spades.GAMES)
    return {spec.name: spec for spec in specs}


def get_game(name: str) -> GameSpec:
    """The game called ``name`` (case and ``_``/``-`` do not matter), or RulesError."""
    key = str(name).strip().lower().replace("_", "-")
    if key in GAMES:
        return GAMES[key]
    import difflib

    close = difflib.get_close_matches(key, GAMES, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise RulesError(f"unknown game {name!r}{hint}: choose one of {', '.join(GAMES)}")


class Rules(Mapping[str, Any]):
    """The effective option values of one game: immutable, hashable, validated.

    A read-only mapping in declaration order; ``rules.min_bid`` works as well as
    ``rules["min_bid"]``.  ``Rules(game)`` holds the table defaults;
    ``Rules(game, values, **options)`` validates every value and runs the game's
    check.  :func:`make_rules` is the usual way in (presets, files, ``--set``).
    """

    __slots__ = ("_game", "_values", "_hash")
    _game: str
    _values: dict[str, Any]
    _hash: int

    def __init__(self, game: str, values: Mapping[str, Any] | None = None, /, **options: Any) -> None:
        spec = get_game(game)
        merged = spec.defaults()
        for key, value in {**(values or {}), **options}.items():
            merged[key] = spec.option(key).validate(value)
        spec.run_check(merged)
        object.__setattr__(self, "_game", spec.name)
        object.__setattr__(self, "_values", merged)
        object.__setattr__(self, "_hash", hash((spec.name, tuple(merged.items()))))

    # -- mapping ----------------------------------------------------------
    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("_"):
            try:
                return self._values[name]
            except KeyError:
                pass
        raise AttributeError(f"{self._game} rules have no option {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Rules are immutable; use rules.replace(name=value)")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the game and its values (validated again on loading)."""
        return (Rules, (self._game, dict(self._values)))

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Rules are immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return self._game == other._game and self._values == other._values

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        defaults = self.spec.defaults()
        changed = "".join(f", {k}={v!r}" for k, v in self._values.items() if v != defaults[k])
        return f"Rules({self._game!r}{changed})"

    # -- the rest ---------------------------------------------------------
    @property
    def game(self) -> str:
        return self._game

    @property
    def spec(self) -> GameSpec:
        return GAMES[self._game]

    def replace(self, **options: Any) -> "Rules":
        """New rules with some options changed (validated and checked again)."""
        return Rules(self._game, self._values, **options)

    def to_dict(self) -> dict[str, Any]:
        """A plain dict copy; card options become lists."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self._values.items()}

    def to_toml(self) -> str:
        """The rules as a TOML rules file: ``game`` then every option under a ``# help`` line."""
        spec = self.spec
        lines = [
            f"# cardsim rules for {spec.title}; the rules: {spec.section}",
            f"game = {_toml_value(self._game)}",
        ]
        for opt in spec.options:
            value = self._values[opt.name]
            note = "" if value == opt.default else f" [default: {opt.format(opt.default) or 'none'}]"
            lines += ["", f"# {opt.help}{note}", f"{opt.name} = {_toml_value(value)}"]
        return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    try:
        import tomli_w
    except ModuleNotFoundError:  # pragma: no cover - a declared dependency; plain scalars need no library
        tomli_w = None  # type: ignore[assignment]
    if tomli_w is not None:
        return tomli_w.dumps({"v": value})[len("v = ") :].strip()
    if isinstance(value, bool):  # pragma: no cover
        return "true" if value else "false"
    if isinstance(value, int):  # pragma: no cover
        return str(value)
    import json  # pragma: no cover - JSON string escapes are valid TOML basic-string escapes

    return json.dumps(value)  # pragma: no cover


# -- rules files ------------------------------------------------------------
def _read_toml(path: PathLike) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise RulesError(f"cannot read rules file {str(path)!r}: {exc.strerror or exc}") from None
    try:
        return tomllib.loads(data.decode("utf-8-sig"))  # a byte-order mark (Windows editors) is fine
    except UnicodeDecodeError:
        raise RulesError(f"rules file {str(path)!r}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        reason = " ".join(str(exc).split())
        raise RulesError(f"rules file {str(path)!r}: bad TOML: {reason}") from None


def load_rules_file(path: PathLike, game: str | None = None) -> dict[str, Any]:
    """The raw values of a TOML rules file, checked.

    The file is flat ``key = value`` lines; it may hold ``game = "..."`` (which must
    match ``game`` when both are given) and ``preset = "..."``.  When the game is
    known (from ``game`` or the file) every key and value is validated.  Any
    problem raises RulesError with one line that names the file.
    """
    table = _read_toml(path)
    where = f"rules file {str(path)!r}"
    file_game = table.get("game")
    preset = table.get("preset")
    for key, value in (("game", file_game), ("preset", preset)):
        if value is not None and not isinstance(value, str):
            raise RulesError(f"{where}: {key} must be a string, got {value!r}")
    try:
        spec = get_game(game) if game is not None else None
        if file_game is not None:
            named = get_game(file_game)
            if spec is not None and named.name != spec.name:
                raise RulesError(f"it is for game {named.name!r}, not {spec.name!r}")
            spec = named
        if spec is not None and preset is not None:
            spec.preset_values(preset)
        for key, value in table.items():
            if key in ("game", "preset"):
                continue
            if isinstance(value, dict):
                raise RulesError(f"[{key}] is a table; a rules file holds only key = value lines")
            if spec is not None:
                spec.option(key).validate(value)
    except RulesError as exc:
        raise RulesError(f"{where}: {exc}") from None
    return table


def _split_set(item: str) -> tuple[str, str]:
    key, sep, value = str(item).partition("=")
    if not sep or not key.strip():
        raise RulesError(f"expected key=value, got {item!r}")
    return key.strip(), value


def make_rules(
    game: str,
    *,
    preset: str | None = None,
    rules_file: PathLike | None = None,
    sets: Iterable[str] = (),
    **options: Any,
) -> Rules:
    """The effective rules of ``game``: defaults < preset < rules file < ``--set`` < keywords.

    ``preset`` None takes the preset named in the rules file, else the game's
    default preset.  ``sets`` are ``key=value`` strings as given to ``--set``.
    """
    spec = get_game(game)
    table: dict[str, Any] = {}
    if rules_file is not None:
        table = dict(load_rules_file(rules_file, spec.name))
        table.pop("game", None)
        file_preset = table.pop("preset", None)
        if preset is None:
            preset = file_preset
    values = spec.defaults()
    values.update(spec.preset_values(preset))
    values.update(table)
    for item in [sets] if isinstance(sets, str) else sets:
        key, text = _split_set(item)
        values[key] = spec.option(key).parse(text)
    values.update(options)
    return Rules(spec.name, values)


def load_rules(path: PathLike, game: str | None = None) -> Rules:
    """Rules from a TOML rules file alone; the game comes from ``game`` or the file's ``game`` line."""
    if game is None:
        game = load_rules_file(path).get("game")
        if game is None:
            raise RulesError(f"rules file {str(path)!r}: no game = \"...\" line and no game given")
    return make_rules(game, rules_file=path)


GAMES: dict[str, GameSpec] = _registry()
