"""Variants of one game: a name, the full rules, and the players of each seat.

On the command line a variant is ``"NAME: key=value key=value ..."``: the keys are the
game's rule options (``cardsim rules GAME --list``) and three more, ``policy`` (one
player for every seat, or ``p0,p1,..`` one per seat), ``preset`` and ``rules`` (a
TOML rules file).  Each variant starts from the command's own ``--preset``,
``--rules``, ``--set`` and ``--policy``; its keys override them.
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..errors import CardsimError, RulesError
from ..players import check_policies
from ..rules import get_game, make_rules

SPECIAL_KEYS = ("policy", "preset", "rules")


@dataclass(frozen=True)
class Variant:
    """One side of a comparison: ``rules`` is the full effective rules as a plain dict."""

    name: str
    rules: dict[str, Any]
    policy: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "rules": dict(self.rules), "policy": list(self.policy)}


def parse_variant_text(text: str) -> tuple[str, dict[str, str]]:
    """``"NAME: k=v k=v"`` -> (name, {k: v}) with the values still text.

    >>> parse_variant_text('house: min_bid=20 policy=heuristic,random,random prize_jacks="JD JC"')
    ('house', {'min_bid': '20', 'policy': 'heuristic,random,random', 'prize_jacks': 'JD JC'})
    """
    if not isinstance(text, str) or ":" not in text:
        raise CardsimError(f"a variant is \"NAME: key=value ...\", got {text!r}")
    name, _, rest = text.partition(":")
    name = name.strip()
    if not name:
        raise CardsimError(f"variant {text!r} has no name before the colon")
    try:
        tokens = shlex.split(rest)
    except ValueError as exc:
        raise CardsimError(f"variant {name!r}: {exc}") from None
    settings: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CardsimError(f"variant {name!r}: expected key=value, got {token!r}")
        if key in settings:
            raise CardsimError(f"variant {name!r} sets {key} twice")
        settings[key] = value
    return name, settings


def _resolve(game: str, name: str, settings: Mapping[str, Any], *, preset: str | None, rules_file: Any,
             sets: Sequence[str], policy: str | Sequence[str], seats_of: Any) -> Variant:
    spec = get_game(game)
    settings = dict(settings)
    v_policy = settings.pop("policy", policy)
    v_preset = settings.pop("preset", preset)
    v_rules = settings.pop("rules", rules_file)
    texts, values = [], {}
    for key, value in settings.items():
        canonical = key.strip().lower().replace("-", "_")
        if canonical not in spec.option_names:
            raise RulesError(f"variant {name!r}: {key!r} is not an option of {spec.name} "
                             f"(see `cardsim rules {spec.name} --list`; also policy, preset, rules)")
        if isinstance(value, str):
            texts.append(f"{canonical}={value}")
        else:
            values[canonical] = value
    try:
        rules = make_rules(spec.name, preset=v_preset, rules_file=v_rules, sets=[*sets, *texts], **values)
    except CardsimError as exc:
        raise type(exc)(f"variant {name!r}: {' '.join(str(exc).split())}") from None
    if isinstance(v_policy, str) and "," in v_policy:
        v_policy = [p.strip() for p in v_policy.split(",")]
    try:
        policies = check_policies(v_policy, seats_of(rules))
    except CardsimError as exc:
        raise type(exc)(f"variant {name!r}: {' '.join(str(exc).split())}") from None
    return Variant(name, rules.to_dict(), tuple(policies))


def make_variants(game: str, variants: Iterable[Any] | Mapping[str, Mapping[str, Any]], *,
                  preset: str | None = None, rules_file: Any = None, sets: Sequence[str] = (),
                  policy: str | Sequence[str] = "heuristic") -> list[Variant]:
    """Variants from text (``"a: must_beat=never"``), mappings (``{"name": "a", "must_beat": "never"}``),
    a mapping of name to options, or :class:`Variant` objects; checked: at least two, names
    unique, every key an option, every value valid, the same number of seats."""
    from ..game import Game  # noqa: F401  (the seat count comes from the engine)

    spec = get_game(game)
    if isinstance(variants, Mapping):
        items: list[Any] = [{"name": k, **dict(v)} for k, v in variants.items()]
    elif isinstance(variants, (str, bytes)):
        raise CardsimError("variants must be a list of two or more, e.g. ['a: min_bid=16', 'b: min_bid=20']")
    else:
        items = list(variants)
    out: list[Variant] = []
    for item in items:
        if isinstance(item, Variant):
            out.append(_resolve(spec.name, item.name, {**item.rules, "policy": list(item.policy)},
                                preset=None, rules_file=None, sets=(), policy=policy, seats_of=_seats))
            continue
        if isinstance(item, str):
            name, settings = parse_variant_text(item)
        elif isinstance(item, Mapping):
            settings = dict(item)
            name = settings.pop("name", "")
            if not isinstance(name, str) or not name.strip():
                raise CardsimError(f"a variant given as a mapping needs a 'name', got {item!r}")
            name = name.strip()
        else:
            raise CardsimError(f"a variant is text \"NAME: key=value ...\" or a mapping, got {item!r}")
        out.append(_resolve(spec.name, name, settings, preset=preset, rules_file=rules_file, sets=sets,
                            policy=policy, seats_of=_seats))
    if len(out) < 2:
        raise CardsimError(f"compare needs at least two variants, got {len(out)}: "
                           f"--variant \"a: key=value\" --variant \"b: key=value\"")
    names = [v.name for v in out]
    for n in names:
        if names.count(n) > 1:
            raise CardsimError(f"two variants are named {n!r}: give each a name of its own")
    seats = {len(v.policy) for v in out}
    if len(seats) > 1:
        raise CardsimError(f"the variants seat different numbers of players ({', '.join(map(str, sorted(seats)))}):"
                           f" seat figures cannot be paired")
    return out


def _seats(rules: Any) -> int:
    from ..game import Game

    return Game(rules.game, **rules.to_dict()).seats
