"""Rules: the option tables, validation, --set strings, presets, layering and TOML files."""
from __future__ import annotations

import doctest
import pickle
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from cardsim import rules as rules_module
from cardsim.errors import RulesError
from cardsim.pinochle import options as pinochle_tables
from cardsim import implemented_games
from cardsim.rules import GAMES, GameSpec, Option, Rules, get_game, load_rules, load_rules_file, make_rules

MELD_DEFAULTS = {
    "meld_run": 15, "meld_double_run": 150, "meld_trump_marriage": 4, "meld_marriage": 2, "meld_dix": 1,
    "meld_aces": 10, "meld_double_aces": 100, "meld_kings": 8, "meld_double_kings": 80, "meld_queens": 6,
    "meld_double_queens": 60, "meld_jacks": 4, "meld_double_jacks": 40, "meld_pinochle": 4,
    "meld_double_pinochle": 30,
}

EXPECTED_DEFAULTS = {
    "cutthroat-pinochle": {
        "widow": True, "redeal_nines": 5, "min_bid": 16, "bid_increment": 1, "dealer_may_bid": False,
        "all_pass": "redeal", "discard_counts": True, "bidder_needs_trump_marriage": False,
        **MELD_DEFAULTS,
        "must_beat": "always", "card_points": "A=1,T=1,K=1", "last_trick_points": 1, "save_meld_points": 1,
        "dix_always_counts": True, "target_score": 150, "army_scoring": False, "wins_needed": 5,
    },
    "two-hand-pinochle": {
        "meld_run": 150, "meld_trump_marriage": 40, "meld_marriage": 20, "meld_dix": 10, "meld_aces": 100,
        "meld_kings": 80, "meld_queens": 60, "meld_jacks": 40, "meld_pinochle": 40,
        "card_points": "A=10,T=10,K=5,Q=5", "last_trick_points": 10, "target_score": 1000, "wins_needed": 5,
    },
    "partnership-pinochle": {
        "min_bid": 16, "bid_increment": 1, "all_pass": "dealer_forced", "pass_cards": 3, **MELD_DEFAULTS,
        "must_beat": "trump_led", "card_points": "A=1,T=1,K=1", "last_trick_points": 1, "save_meld_points": 1,
        "target_score": 300, "wins_needed": 5,
    },
    "cutthroat-euchre": {
        "dealer_pickup": "optional", "stick_the_dealer": False, "allow_lone_defender": True, "march_points": 3,
        "lone_march_points": 3, "euchre_points": 2, "lone_defender_euchre_points": 2,
        "lone_defender_march_points": 4, "target_score": 10, "wins_needed": 5,
    },
    "euchre": {
        "dealer_pickup": "always", "stick_the_dealer": False, "allow_lone_defender": False, "march_points": 2,
        "lone_march_points": 4, "euchre_points": 2, "lone_defender_euchre_points": 2,
        "lone_defender_march_points": 4, "target_score": 10, "wins_needed": 5,
    },
    "cutthroat-spades": {
        "players": 3, "jokers": 0, "allow_nil": True, "allow_blind_nil": True, "blind6_limit": 1,
        "blind6_behind": 50, "allow_one_for_50": True, "allow_two_for_40": True, "allow_moon": True,
        "moon_tricks": 14, "bag_mode": "limit", "bag_limit": 10, "bag_penalty": "held", "prize_jacks": ("JD", "JC"),
        "prize_jack_points": 10, "multiple_prize_jacks": "void", "break_spades": True, "target_score": 500,
        "wins_needed": 5,
    },
    "spades": {
        "allow_nil": True, "allow_blind_nil": True, "failed_nil_tricks": "ignored", "blind6_limit": 0,
        "blind6_behind": 50, "allow_one_for_50": False, "allow_two_for_40": False, "allow_moon": False,
        "moon_tricks": 13, "bag_mode": "limit", "bag_limit": 10, "bag_penalty": "carry", "prize_jacks": (),
        "prize_jack_points": 10, "multiple_prize_jacks": "void", "break_spades": True, "target_score": 500,
        "wins_needed": 5,
    },
}

ALL_PRESETS = [(name, preset) for name, spec in GAMES.items() for preset in (None, *spec.presets)]


def raises(fn, *fragments: str) -> str:
    """Call fn, expect a one-line RulesError holding every fragment; return the message."""
    with pytest.raises(RulesError) as info:
        fn()
    message = str(info.value)
    assert "\n" not in message, message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


# -- the tables ---------------------------------------------------------------
def test_all_seven_games_are_declared():
    """Which have an engine is cardsim.implemented_games() (the core's registry), not the table."""
    assert set(GAMES) == set(EXPECTED_DEFAULTS)
    assert "cutthroat-pinochle" in implemented_games() and set(implemented_games()) <= set(GAMES)
    assert {"cutthroat-euchre", "euchre", "two-hand-pinochle", "partnership-pinochle"} <= set(implemented_games())
    for name, spec in GAMES.items():
        assert isinstance(spec, GameSpec) and spec.name == name and spec.title and spec.section


def test_cutthroat_pinochle_option_names_in_order():
    assert GAMES["cutthroat-pinochle"].option_names == tuple(EXPECTED_DEFAULTS["cutthroat-pinochle"])


@pytest.mark.parametrize("game", sorted(EXPECTED_DEFAULTS))
def test_defaults(game):
    assert dict(Rules(game)) == EXPECTED_DEFAULTS[game]
    assert dict(make_rules(game)) == EXPECTED_DEFAULTS[game]


@pytest.mark.parametrize("game", sorted(EXPECTED_DEFAULTS))
def test_every_option_is_well_formed(game):
    for opt in GAMES[game].options:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", opt.name)
        assert opt.help and "\n" not in opt.help
        assert opt.validate(opt.default) == opt.default
        assert opt.validate(opt.parse(opt.format(opt.default))) == opt.default
        if opt.kind == "enum":
            assert opt.default in opt.choices


def test_default_preset_restates_the_table_defaults():
    for name, spec in GAMES.items():
        assert make_rules(name) == Rules(name) == make_rules(name, preset=spec.default_preset)


# The defaults against the rules: tests/test_rules_docs.py compares every option, default,
# range, choice and preset with the tables of docs/rules/<game>.md (inside the repository, so
# nothing skips on a clean clone); the old cross-check against ../shared/RULES.md moved there.


def test_spades_presets():
    official = make_rules("cutthroat-spades", preset="official")
    assert official == make_rules("cutthroat-spades")
    c300 = make_rules("cutthroat-spades", preset="classic-300")
    assert (c300.target_score, c300.bag_limit, c300.blind6_limit, c300.prize_jacks, c300.wins_needed) == (
        300, 5, 1, ("JC",), 3)
    assert c300.bag_mode == "limit"
    assert make_rules("cutthroat-spades", preset="classic-300-per-bag") == c300.replace(bag_mode="per_bag")
    long = make_rules("cutthroat-spades", preset="long-500")
    assert (long.target_score, long.bag_limit, long.blind6_limit, long.prize_jacks, long.wins_needed) == (
        500, 10, -1, ("JD", "JC", "JH"), 5)
    # the presets take the seed's readings of issue 9 (RULES.md 3 names no other)
    for preset in (official, c300, long):
        assert (preset.bag_penalty, preset.multiple_prize_jacks, preset.break_spades) == ("held", "void", True)
    # legacy: the engine's readings before issue 9, on top of the official preset
    legacy = make_rules("cutthroat-spades", preset="legacy")
    assert legacy == official.replace(bag_penalty="limit", multiple_prize_jacks="each")
    assert set(get_game("cutthroat-spades").presets) == {"official", "classic-300", "classic-300-per-bag",
                                                          "long-500", "legacy"}
    partnership = make_rules("spades")
    assert (partnership.bag_penalty, partnership.failed_nil_tricks, partnership.multiple_prize_jacks) == (
        "carry", "ignored", "void")
    assert make_rules("spades", preset="legacy") == partnership.replace(bag_penalty="limit",
                                                                         multiple_prize_jacks="each")
    assert get_game("spades").default_preset is None and set(get_game("spades").presets) == {"legacy"}


def test_pinochle_presets():
    spec = get_game("cutthroat-pinochle")
    assert spec.default_preset == "standard" and set(spec.presets) == {"standard", "army", "no-widow", "legacy"}
    assert make_rules("cutthroat-pinochle", preset="army") == Rules("cutthroat-pinochle", army_scoring=True)
    assert make_rules("cutthroat-pinochle", preset="no-widow") == Rules("cutthroat-pinochle", widow=False)


#: cutthroat-pinochle's defaults before issue 9 (the dealer could bid), which "legacy" restores.
CUTTHROAT_OLD_DEFAULTS = {**EXPECTED_DEFAULTS["cutthroat-pinochle"], "dealer_may_bid": True}


def test_cutthroat_legacy_preset_restores_the_old_defaults():
    legacy = make_rules("cutthroat-pinochle", preset="legacy")
    assert legacy.to_dict() == CUTTHROAT_OLD_DEFAULTS
    assert legacy == Rules("cutthroat-pinochle", dealer_may_bid=True) != make_rules("cutthroat-pinochle")
    # the old combinations work again under legacy, and later layers still win
    assert make_rules("cutthroat-pinochle", preset="legacy", all_pass="dealer_forced").all_pass == "dealer_forced"
    assert not make_rules("cutthroat-pinochle", preset="legacy", sets=["dealer_may_bid=false"]).dealer_may_bid


# -- games and names ------------------------------------------------------------
def test_get_game():
    assert get_game("Cutthroat_Pinochle") is GAMES["cutthroat-pinochle"]
    raises(lambda: get_game("bridge"), "unknown game 'bridge'", "choose one of", "cutthroat-pinochle", "spades")
    raises(lambda: make_rules("pinochel"), "unknown game 'pinochel'")
    raises(lambda: Rules("hearts"), "unknown game 'hearts'")


def test_unknown_option():
    msg = raises(lambda: make_rules("cutthroat-pinochle", min_bd=20),
                 "unknown option 'min_bd' for cutthroat-pinochle", "did you mean min_bid?", "options: widow, ")
    assert "army_scoring" in msg
    raises(lambda: make_rules("cutthroat-pinochle", sets=["nonsense=1"]), "unknown option 'nonsense'")
    raises(lambda: make_rules("euchre", players=4), "unknown option 'players' for euchre")
    raises(lambda: make_rules("spades", jokers=2), "unknown option 'jokers' for spades")


def test_unknown_preset():
    raises(lambda: make_rules("cutthroat-pinochle", preset="fast"),
           "unknown preset 'fast' for cutthroat-pinochle", "standard, army, no-widow, legacy")
    raises(lambda: make_rules("euchre", preset="x"), "unknown preset 'x' for euchre", "has none")


# -- values ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "game, option, value, fragments",
    [
        ("cutthroat-pinochle", "min_bid", "16", ["option min_bid: '16' is not an integer", "1..1000"]),
        ("cutthroat-pinochle", "min_bid", True, ["option min_bid: True is not an integer"]),
        ("cutthroat-pinochle", "min_bid", 16.0, ["option min_bid: 16.0 is not an integer"]),
        ("cutthroat-pinochle", "min_bid", 0, ["option min_bid: 0 is out of range", "1..1000"]),
        ("cutthroat-pinochle", "bid_increment", 0, ["option bid_increment: 0 is out of range"]),
        ("cutthroat-pinochle", "redeal_nines", 9, ["option redeal_nines: 9 is out of range: allowed an integer 0..8"]),
        ("cutthroat-pinochle", "meld_run", -1, ["option meld_run: -1 is out of range"]),
        ("cutthroat-pinochle", "widow", 1, ["option widow: 1 is not a boolean", "true or false"]),
        ("cutthroat-pinochle", "widow", "yes", ["option widow: 'yes' is not a boolean"]),
        ("cutthroat-pinochle", "must_beat", "sometimes",
         ["option must_beat: 'sometimes' is not one of always, trump_led, never"]),
        ("cutthroat-pinochle", "all_pass", 3, ["option all_pass: 3 is not one of redeal, first_forced, dealer_forced"]),
        ("partnership-pinochle", "all_pass", "first_forced",
         ["option all_pass: 'first_forced' is not one of dealer_forced, redeal"]),
        ("cutthroat-pinochle", "card_points", 1, ["option card_points: 1 is not a string"]),
        ("cutthroat-pinochle", "card_points", "A=1,X=2", ["option card_points: 'A=1,X=2' is not valid", "rank 'X'",
                                                          "A T K Q J 9"]),
        ("cutthroat-pinochle", "card_points", "A:1", ["expected RANK=POINTS pairs"]),
        ("cutthroat-pinochle", "card_points", "", ["expected RANK=POINTS pairs"]),
        ("cutthroat-pinochle", "card_points", "A=1,A=2", ["rank A is given twice"]),
        ("cutthroat-pinochle", "card_points", "A=101", ["points for A must be an integer 0..100"]),
        ("cutthroat-pinochle", "card_points", "A=-1", ["points for A must be an integer 0..100"]),
        ("cutthroat-spades", "prize_jacks", "JS", ["option prize_jacks: 'JS' is not one of JD, JC, JH"]),
        ("cutthroat-spades", "bag_penalty", "all", ["option bag_penalty: 'all' is not one of held, limit, carry"]),
        ("spades", "failed_nil_tricks", "partner",
         ["option failed_nil_tricks: 'partner' is not one of ignored, bags, contract"]),
        ("cutthroat-spades", "multiple_prize_jacks", "none",
         ["option multiple_prize_jacks: 'none' is not one of void, each"]),
        ("spades", "break_spades", "maybe", ["option break_spades: 'maybe' is not a boolean"]),
        ("cutthroat-spades", "prize_jacks", "XX", ["option prize_jacks: 'XX' is not a card code", "S H D C"]),
        ("cutthroat-spades", "prize_jacks", ["JD", "jd"], ["option prize_jacks: 'jd' is listed twice"]),
        ("cutthroat-spades", "prize_jacks", 7, ["option prize_jacks: 7 is not a list of card codes"]),
        ("cutthroat-spades", "prize_jacks", ["JD", 7], ["is not a list of card codes"]),
        ("cutthroat-spades", "bag_mode", "per-bag", ["option bag_mode: 'per-bag' is not one of limit, per_bag"]),
        ("cutthroat-spades", "players", 6, ["option players: 6 is out of range: allowed an integer 3..5"]),
        ("cutthroat-spades", "blind6_limit", -2, ["option blind6_limit: -2 is out of range"]),
        ("cutthroat-euchre", "dealer_pickup", "never", ["option dealer_pickup: 'never' is not one of optional, always"]),
    ],
)
def test_bad_values(game, option, value, fragments):
    raises(lambda: make_rules(game, **{option: value}), *fragments)
    raises(lambda: Rules(game).replace(**{option: value}), *fragments)


def test_card_points_are_normalized():
    r = make_rules("cutthroat-pinochle", card_points=" k=2, 10=3 ,a=4,q=0 ")
    assert r.card_points == "A=4,T=3,K=2,Q=0"
    assert pinochle_tables.parse_card_points(r.card_points) == {"A": 4, "T": 3, "K": 2, "Q": 0}


def test_cards_are_normalized_to_tuples():
    r = make_rules("cutthroat-spades", prize_jacks=["jh", "J♦"])
    assert r.prize_jacks == ("JH", "JD")
    assert make_rules("cutthroat-spades", prize_jacks="").prize_jacks == ()
    assert make_rules("cutthroat-spades", prize_jacks=()).to_dict()["prize_jacks"] == []
    opt = Option("hand", "cards", (), "any cards")
    assert opt.parse("10h, Q♠ j1  2c") == ["TH", "QS", "J1", "2C"]


# -- --set strings -----------------------------------------------------------------
@pytest.mark.parametrize(
    "game, text, option, value",
    [
        ("cutthroat-pinochle", "min_bid=20", "min_bid", 20),
        ("cutthroat-pinochle", "min_bid = 21 ", "min_bid", 21),
        ("cutthroat-pinochle", "redeal_nines=0", "redeal_nines", 0),
        ("cutthroat-spades", "blind6_limit=-1", "blind6_limit", -1),
        ("cutthroat-pinochle", "widow=false", "widow", False),
        ("cutthroat-pinochle", "widow=NO", "widow", False),
        ("cutthroat-pinochle", "widow=off", "widow", False),
        ("cutthroat-pinochle", "widow=0", "widow", False),
        ("cutthroat-pinochle", "army_scoring=True", "army_scoring", True),
        ("cutthroat-pinochle", "army_scoring=yes", "army_scoring", True),
        ("cutthroat-pinochle", "army_scoring=on", "army_scoring", True),
        ("cutthroat-pinochle", "army_scoring=1", "army_scoring", True),
        ("cutthroat-pinochle", "must_beat=trump_led", "must_beat", "trump_led"),
        ("cutthroat-pinochle", "all_pass= first_forced", "all_pass", "first_forced"),
        ("cutthroat-pinochle", "card_points=A=10,T=10,K=5,Q=5", "card_points", "A=10,T=10,K=5,Q=5"),
        ("cutthroat-spades", "prize_jacks=JD,JC,JH", "prize_jacks", ("JD", "JC", "JH")),
        ("cutthroat-spades", "prize_jacks=jc jh", "prize_jacks", ("JC", "JH")),
        ("cutthroat-spades", "prize_jacks=", "prize_jacks", ()),
    ],
)
def test_set_strings(game, text, option, value):
    assert make_rules(game, sets=[text])[option] == value


def test_set_parse_returns_plain_values():
    spec = get_game("cutthroat-spades")
    assert spec.option("prize_jacks").parse("jd,jc") == ["JD", "JC"]
    assert spec.option("players").parse("5") == 5
    assert spec.option("allow_moon").parse("off") is False


@pytest.mark.parametrize(
    "text, fragments",
    [
        ("min_bid", ["expected key=value, got 'min_bid'"]),
        ("=20", ["expected key=value, got '=20'"]),
        ("min_bid=twenty", ["option min_bid: 'twenty' is not an integer"]),
        ("min_bid=", ["option min_bid: '' is not an integer"]),
        ("min_bid=3.5", ["option min_bid: '3.5' is not an integer"]),
        ("min_bid=0", ["option min_bid: 0 is out of range"]),
        ("widow=maybe", ["option widow: 'maybe' is not a boolean", "yes/no"]),
        ("must_beat=sometimes", ["option must_beat: 'sometimes' is not one of always, trump_led, never"]),
        ("card_points=A=x", ["option card_points: 'A=x' is not valid"]),
        ("minbid=20", ["unknown option 'minbid'", "did you mean min_bid?"]),
    ],
)
def test_bad_set_strings(text, fragments):
    raises(lambda: make_rules("cutthroat-pinochle", sets=[text]), *fragments)


def test_single_set_string_is_not_split_into_characters():
    assert make_rules("cutthroat-pinochle", sets="min_bid=30").min_bid == 30


# -- layering ------------------------------------------------------------------------
def write(tmp_path: Path, text: str, name: str = "rules.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_layering_order(tmp_path):
    game = "cutthroat-pinochle"
    path = write(tmp_path, 'min_bid = 18\nbid_increment = 2\nmeld_dix = 3\n')
    r = make_rules(game, preset="army", rules_file=path)
    assert (r.army_scoring, r.min_bid, r.bid_increment) == (True, 18, 2)  # preset, then file
    r = make_rules(game, rules_file=path, sets=["min_bid=19", "bid_increment=5"])
    assert (r.min_bid, r.bid_increment, r.meld_dix) == (19, 5, 3)  # --set over file
    r = make_rules(game, rules_file=path, sets=["min_bid=19"], min_bid=20)
    assert (r.min_bid, r.bid_increment) == (20, 2)  # keyword over --set
    r = make_rules(game, sets=["min_bid=19", "min_bid=17"])
    assert r.min_bid == 17  # later --set wins
    # The file overrides a preset value.
    path = write(tmp_path, "army_scoring = false\n")
    assert make_rules(game, preset="army", rules_file=path).army_scoring is False


def test_file_preset(tmp_path):
    path = write(tmp_path, 'game = "cutthroat-spades"\npreset = "classic-300"\nbag_limit = 7\n')
    r = make_rules("cutthroat-spades", rules_file=path)
    assert (r.target_score, r.bag_limit, r.wins_needed) == (300, 7, 3)
    r = make_rules("cutthroat-spades", rules_file=path, preset="long-500")  # the argument wins
    assert (r.target_score, r.bag_limit, r.blind6_limit) == (500, 7, -1)
    assert load_rules(path) == make_rules("cutthroat-spades", rules_file=path)


def test_checks_run_after_all_layers():
    make_rules("cutthroat-pinochle", all_pass="dealer_forced", dealer_may_bid=True)
    # the default dealer may not bid (seed 000), so dealer_forced alone is a contradiction
    raises(lambda: make_rules("cutthroat-pinochle", all_pass="dealer_forced"),
           "all_pass=dealer_forced needs dealer_may_bid=true")
    raises(lambda: make_rules("cutthroat-pinochle", all_pass="dealer_forced", dealer_may_bid=False),
           "all_pass=dealer_forced needs dealer_may_bid=true")
    raises(lambda: make_rules("cutthroat-pinochle", sets=["all_pass=dealer_forced"], dealer_may_bid=False),
           "dealer_may_bid=true")
    raises(lambda: Rules("cutthroat-pinochle", dealer_may_bid=False).replace(all_pass="dealer_forced"),
           "dealer_may_bid=true")
    # A later layer may repair what an earlier one would have broken.
    r = make_rules("cutthroat-pinochle", sets=["dealer_may_bid=false"], all_pass="first_forced")
    assert not r.dealer_may_bid


@pytest.mark.parametrize("players, jokers, ok", [
    (5, 0, True), (5, 2, True), (5, 3, True), (5, 1, False), (3, 2, False), (4, 3, False), (3, 0, True),
])
def test_spades_jokers_check(players, jokers, ok):
    make = lambda: make_rules("cutthroat-spades", players=players, jokers=jokers)  # noqa: E731
    if ok:
        assert make().jokers == jokers
    elif jokers == 1:
        raises(make, "option jokers: 1 is not one of 0, 2, 3")
    else:
        raises(make, f"jokers={jokers} needs players=5")


# -- the Rules object -------------------------------------------------------------------
def test_rules_mapping_and_attributes():
    r = make_rules("cutthroat-pinochle", min_bid=20)
    assert isinstance(r, Mapping)
    assert r.game == "cutthroat-pinochle" and r.spec is GAMES["cutthroat-pinochle"]
    assert r["min_bid"] == r.min_bid == r.get("min_bid") == 20
    assert list(r) == list(GAMES["cutthroat-pinochle"].option_names) and len(r) == len(list(r))
    assert "widow" in r and "players" not in r
    with pytest.raises(AttributeError):
        r.players
    with pytest.raises(KeyError):
        r["players"]
    assert not hasattr(r, "_nothing")


def test_rules_are_immutable():
    r = make_rules("cutthroat-pinochle")
    with pytest.raises(AttributeError):
        r.min_bid = 30
    with pytest.raises(TypeError):
        r["min_bid"] = 30  # type: ignore[index]
    d = r.to_dict()
    d["min_bid"] = 30
    assert r.min_bid == 16


def test_rules_equality_hash_replace_pickle_repr():
    a = make_rules("cutthroat-pinochle", min_bid=20)
    b = Rules("cutthroat-pinochle", {"min_bid": 20})
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != make_rules("cutthroat-pinochle") and a != dict(a)
    c = a.replace(min_bid=16)
    assert c == make_rules("cutthroat-pinochle") and a.min_bid == 20
    assert make_rules("euchre") != make_rules("cutthroat-euchre")
    assert pickle.loads(pickle.dumps(a)) == a
    spades = make_rules("cutthroat-spades", preset="long-500")
    assert pickle.loads(pickle.dumps(spades)) == spades and hash(spades) == hash(make_rules(
        "cutthroat-spades", preset="long-500"))
    assert repr(a) == "Rules('cutthroat-pinochle', min_bid=20)"
    assert repr(make_rules("spades")) == "Rules('spades')"
    assert eval(repr(spades), {"Rules": Rules}) == spades


def test_to_dict_round_trips_through_keywords():
    for game, preset in ALL_PRESETS:
        r = make_rules(game, preset=preset)
        assert make_rules(game, **r.to_dict()) == r


# -- TOML ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game, preset", ALL_PRESETS)
def test_toml_round_trip(tmp_path, game, preset):
    r = make_rules(game, preset=preset)
    text = r.to_toml()
    assert text.splitlines()[1] == f'game = "{game}"'
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert len(lines) == 1 + len(r)
    for opt in r.spec.options:  # each option under its help comment
        at = text.splitlines().index(next(line for line in text.splitlines() if line.startswith(f"{opt.name} = ")))
        assert text.splitlines()[at - 1].startswith(f"# {opt.help}")
    path = write(tmp_path, text)
    assert load_rules(path) == r
    assert make_rules(game, rules_file=path) == r
    assert make_rules(game, preset=None, rules_file=path, sets=()) == r


def test_toml_round_trip_of_changed_values(tmp_path):
    r = make_rules("cutthroat-pinochle", all_pass="first_forced", card_points="A=10,T=10,K=5,Q=5,9=0",
                   widow=False, target_score=1000)
    path = write(tmp_path, r.to_toml())
    assert load_rules(path) == r
    assert "[default: 150]" in r.to_toml()
    s = make_rules("cutthroat-spades", prize_jacks=(), players=5, jokers=3)
    assert "prize_jacks = []" in s.to_toml()
    path = write(tmp_path, s.to_toml(), "s.toml")
    assert load_rules(path) == s
    assert load_rules(path, "cutthroat-spades") == s


def test_load_rules_file_returns_raw_values(tmp_path):
    path = write(tmp_path, 'game = "cutthroat-spades"\npreset = "official"\nprize_jacks = ["jd"]\n')
    assert load_rules_file(path) == {"game": "cutthroat-spades", "preset": "official", "prize_jacks": ["jd"]}
    assert make_rules("cutthroat-spades", rules_file=path).prize_jacks == ("JD",)
    assert load_rules_file(write(tmp_path, "whatever = 1\n", "x.toml")) == {"whatever": 1}  # no game: not checked


@pytest.mark.parametrize(
    "text, fragments",
    [
        ("min_bid = \n", ["bad TOML", "line 1"]),
        ("widow = true\nmin_bid = = 3\n", ["bad TOML", "line 2"]),
        ('min_bid = "16"\n', ["option min_bid: '16' is not an integer"]),
        ("widow = 1\n", ["option widow: 1 is not a boolean"]),
        ('must_beat = "sometimes"\n', ["option must_beat: 'sometimes' is not one of"]),
        ("min_bd = 3\n", ["unknown option 'min_bd'", "did you mean min_bid?"]),
        ('game = "spades"\n', ["it is for game 'spades', not 'cutthroat-pinochle'"]),
        ('game = "bridge"\n', ["unknown game 'bridge'"]),
        ("game = 3\n", ["game must be a string"]),
        ('preset = "fast"\n', ["unknown preset 'fast'"]),
        ("preset = 1\n", ["preset must be a string"]),
        ("[meld]\nrun = 15\n", ["[meld] is a table"]),
    ],
)
def test_bad_rules_files(tmp_path, text, fragments):
    path = write(tmp_path, text)
    raises(lambda: make_rules("cutthroat-pinochle", rules_file=path), f"rules file '{path}'", *fragments)
    raises(lambda: load_rules_file(path, "cutthroat-pinochle"), f"rules file '{path}'", *fragments)


def test_unreadable_rules_files(tmp_path):
    missing = tmp_path / "missing.toml"
    raises(lambda: make_rules("cutthroat-pinochle", rules_file=missing), f"cannot read rules file '{missing}'",
           "No such file")
    raises(lambda: load_rules(tmp_path), f"cannot read rules file '{tmp_path}'")
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"min_bid = 16 # \xff\xfe\n")
    raises(lambda: load_rules_file(binary), "not UTF-8")
    raises(lambda: load_rules(write(tmp_path, "min_bid = 16\n")), "no game =", "no game given")


# -- odds and ends ---------------------------------------------------------------------------
def test_table_mistakes_fail_at_declaration():
    with pytest.raises(RulesError):
        Option("x", "int", 0, "help", min=1)
    with pytest.raises(ValueError):
        Option("x", "float", 0.5, "help")
    with pytest.raises(ValueError):
        Option("x", "enum", "a", "help")
    with pytest.raises(ValueError):
        Option("x", "bool", True, "two\nlines")
    opt = Option("x", "int", 1, "help")
    with pytest.raises(ValueError):
        GameSpec("g", "G", "s", 2, (opt, opt))
    with pytest.raises(RulesError):
        GameSpec("g", "G", "s", 2, (opt,), presets={"p": {"y": 1}})
    with pytest.raises(ValueError):
        GameSpec("g", "G", "s", 2, (opt,), presets={}, default_preset="p")


def test_option_allowed_and_format():
    spec = get_game("cutthroat-spades")
    assert spec.option("players").allowed == "an integer 3..5"
    assert spec.option("allow_moon").allowed == "true or false"
    assert spec.option("bag_mode").allowed == "one of limit, per_bag"
    assert spec.option("prize_jacks").format(("JD", "JC")) == "JD,JC"
    assert spec.option("allow_moon").format(False) == "false"


@pytest.mark.parametrize("module", ["cardsim.spades.options", "cardsim.pinochle.options", "cardsim.euchre.options",
                                    "cardsim.games.pinochle", "cardsim.games", "cardsim.pinochle", "cardsim.rules"])
def test_any_module_may_be_imported_first(module):
    src = str(Path(rules_module.__file__).resolve().parents[1])
    code = f"import {module}, cardsim.rules as r; assert len(r.GAMES) == 7"
    subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": src})


def test_doctests():
    for module in (rules_module, pinochle_tables):
        failed, tried = doctest.testmod(module)
        assert tried and not failed
