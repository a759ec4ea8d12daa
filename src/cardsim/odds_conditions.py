"""Bid odds conditioned on what the player knows (docs/bid-odds.md, "Conditioning").

Every game's ``bid_odds`` takes:

* ``known={place: cards}``: cards known to lie in a place (a seat number, or ``"widow"``,
  ``"kitty"``, ``"dummy"``, ``"stock"`` where the game has one);
* ``voids={seat: suits}``: suits a seat holds none of (euchre: effective suits with the
  upcard's suit as trump, so a void in that suit includes the left bower);
* ``auction=[...]``: the calls before the player's turn, from the dealer's left;
  ``auction_slack`` (spades): a seat's bid agrees when the policy's is within that many tricks;
* ``constraints=[...]``: ready-made constraints the core checks per deal, each
  ``"SEAT:WHAT OP N"``: WHAT a suit letter (its length), ranks such as ``"A"`` or ``"AK"``
  (how many of them), or ``meld`` / ``meld/H`` (pinochle: the best meld, or with that trump);
  OP ``>=``, ``<=``, ``=``, or ``=LO-HI``;
* ``accept=fn``: ``fn(deals)`` gets a batch of candidate deals, a dict from place (seat
  numbers, ``"widow"`` ...) to uint64 numpy arrays of card masks, and returns a boolean array;
* ``min_acceptance``: the least share of deals the auction, constraints and ``accept`` may
  keep (default 0.001); below it the run stops with one line instead of waiting.

The known cards and voids are dealt exactly: the unseen cards go uniformly to the deals
consistent with them (the core's constrained dealer), no rejection.  The auction, the
constraints and ``accept`` keep or reject whole deals (rejection sampling on each trial's
own stream), so the kept deals are an exact sample of the conditional law; they are
independent, so the effective sample size is the number of trials kept.

>>> from cardsim import bid_odds
>>> odds = bid_odds("euchre", "9H TH AC KC 9S", upcard="JH", dealer=0, seat=0, trials=300, seed=1,
...                 threads=1, auction=["pass", "pass", "pass"], known={1: "JD"})
>>> odds.conditions["auction"], odds.conditions["known"]
('pass pass pass', {'seat 1': 'JD'})
>>> 0 < odds.conditions["acceptance"] <= 1
True
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

import numpy as np

from . import _core
from .cards import SUITS, CardSet
from .errors import CardsimError

MIN_ACCEPTANCE = 0.001
PILOT = 20_000           # candidate deals that estimate the acceptance before a run
ATTEMPTS_FACTOR = 100    # a trial tries at most ATTEMPTS_FACTOR / min_acceptance deals
PLACE_NAMES = ("widow", "kitty", "dummy", "stock")
SAME_COLOUR = {0: 3, 3: 0, 1: 2, 2: 1}  # S-C, H-D


@dataclass
class Conditions:
    """What a conditioned run deals from, and what its results record."""

    game: str
    places: list[str]                   # "seat 0", ..., then "widow" / "dummy" / "kitty" / "stock"
    core: Any                           # _core.DealConditions
    description: dict[str, Any]
    rejection: bool                     # auction, constraints or accept: some deals are rejected
    accept: Callable[..., Any] | None
    min_acceptance: float
    max_attempts: int
    first_bid: int | None = None        # pinochle: the lowest bid the player can make now
    round2_only: bool = False           # euchre: the auction has reached round 2
    candidate_next: int = 0
    pending: list[int] = field(default_factory=list)
    attempts: int = 0                   # deals tried so far
    used: int = 0                       # accepted candidates handed to trials so far

    def place_key(self, p: int) -> int | str:
        name = self.places[p]
        return int(name.split()[1]) if name.startswith("seat ") else name

    def text(self) -> str:
        """One line for a table's title."""
        return conditions_text(self.description)


def conditions_text(d: Mapping[str, Any]) -> str:
    """What a run was conditioned on, in one line (a table's title)."""
    parts = [f"{place} holds {cards}" for place, cards in d.get("known", {}).items()]
    parts += [f"{seat} void in {suits}" for seat, suits in d.get("voids", {}).items()]
    if "auction" in d:
        parts.append(f"auction {d['auction']!r}" + (f" (slack {d['auction_slack']})" if d.get("auction_slack")
                                                    else ""))
    parts += list(d.get("constraints", []))
    if d.get("accept"):
        parts.append(f"accept={d['accept']}")
    line = "conditioned on: " + "; ".join(parts)
    if "acceptance" in d:
        line += (f" (kept {d['trials']:,} of {d['attempts']:,} deals: acceptance {d['acceptance']:.2%}, "
                 f"effective sample size {d['effective_sample_size']:,})")
    return line


def _place_list(game: Any, seat: int, dealer: int, blind: bool) -> tuple[list[str], list[int]]:
    """Place names and how many cards each holds in all (the player's seat: 0 unless blind)."""
    name, rules = game.name, game.rules
    if name == "cutthroat-pinochle":
        size = int(rules["hand_size"]) if "hand_size" in rules else (15 if rules["widow"] else 16)
        places, sizes = [f"seat {s}" for s in range(3)], [size] * 3
        if rules["widow"]:
            places.append("widow")
            sizes.append(3)
    elif name == "partnership-pinochle":
        places, sizes = [f"seat {s}" for s in range(4)], [12] * 4
    elif name == "two-hand-pinochle":
        places, sizes = ["seat 0", "seat 1", "stock"], [12, 12, 23]
    elif name == "euchre":
        places, sizes = [f"seat {s}" for s in range(4)] + ["kitty"], [5] * 4 + [3]
    elif name == "cutthroat-euchre":
        places, sizes = [f"seat {s}" for s in range(3)] + ["dummy", "kitty"], [5] * 4 + [3]
    else:  # spades games
        seats, hand_size, _deck, sits_out, _ = _core.spades_table(rules)
        places = [f"seat {s}" for s in range(seats)]
        sizes = [hand_size - (1 if sits_out and s == dealer else 0) for s in range(seats)]
    if not blind:
        sizes[seat] = 0
    return places, sizes


def _suit_mask(game: Any, suit: int, trump: int | None) -> int:
    """The cards of ``suit`` in this deck (euchre with ``trump``: effective suits)."""
    full = _deck_mask(game)
    lane = 0xFFFF << (16 * suit)
    if trump is None:
        return full & lane
    jack = 1 << 2  # euchre ranks 9 T J Q K A: the jack is rank 2
    mask = full & lane
    if suit == trump:
        mask |= jack << (16 * SAME_COLOUR[trump])
    elif suit == SAME_COLOUR[trump]:
        mask &= ~(jack << (16 * suit))
    return mask


def _deck_mask(game: Any) -> int:
    if game.name in ("spades", "cutthroat-spades"):
        return int(_core.spades_table(game.rules)[2])
    return int(game.deck.full_mask)


def _parse_place(game: Any, places: list[str], key: Any, what: str) -> int:
    if isinstance(key, (int, np.integer)) and not isinstance(key, bool):
        name = f"seat {int(key)}"
    elif isinstance(key, str) and key.strip().isdigit():
        name = f"seat {int(key)}"
    elif isinstance(key, str) and key.strip().lower() in PLACE_NAMES:
        name = key.strip().lower()
    else:
        raise CardsimError(f"{what}: {key!r} is not a place of {game.name} ({', '.join(places)})")
    if name not in places:
        raise CardsimError(f"{what}: {game.name} has no {name} (its places: {', '.join(places)})")
    return places.index(name)


def _pairs(value: Any, what: str) -> list[tuple[Any, Any]]:
    """A mapping, or an iterable of "PLACE:VALUE" strings (the CLI's form), as pairs."""
    if value is None:
        return []
    if isinstance(value, Mapping):
        return list(value.items())
    if isinstance(value, str):
        value = [value]
    out = []
    for item in value:
        if isinstance(item, str) and ":" in item:
            place, _, rest = item.partition(":")
            out.append((place.strip(), rest.strip()))
        elif isinstance(item, tuple) and len(item) == 2:
            out.append(item)
        else:
            raise CardsimError(f"{what} takes PLACE:VALUE (such as 1:AS), got {item!r}")
    return out


def _take_copies(game: Any, cards: CardSet, pool: int, where: str, hand: CardSet, taken: dict[str, str]) -> int:
    """Physical bits for ``cards`` from ``pool`` (pinochle: a free copy of each), else one line."""
    if game.deck.copies == 1:
        clash = cards.mask & ~pool
        if clash:
            code = game.deck.code((clash & -clash).bit_length() - 1)
            raise CardsimError(_clash_text(code, where, hand, taken))
        return cards.mask
    out = 0
    for code in sorted(set(cards)):
        bit = game.deck.parse_code(code)
        free = [b for b in (bit, bit + 1) if (pool >> b) & 1]
        need = cards.count(code)
        if need > len(free):
            raise CardsimError(_clash_text(code, where, hand, taken))
        for b in free[:need]:
            out |= 1 << b
    return out


def _clash_text(code: str, where: str, hand: CardSet, taken: dict[str, str]) -> str:
    others = [place for place, cards in taken.items() if code in cards.split()]
    if others:
        return f"known card {code} at {where} is also known at {others[0]} (no copy of it is left)"
    if code in hand:
        return f"known card {code} at {where} is in the player's hand (no copy of it is left)"
    return f"known card {code} at {where} is the turned-up card"


def _hall_text(places: list[str], barred: list[int], capacities: list[int], hidden: int) -> str:
    """Why no deal fits: the smallest set of places more cards may go only to than it holds."""
    n = len(places)
    bits = [b for b in range(64) if (hidden >> b) & 1]
    allowed = [sum(1 << p for p in range(n) if capacities[p] and not (barred[p] >> b) & 1) for b in bits]
    for subset in sorted(range(1, 1 << n), key=lambda s: (bin(s).count("1"), s)):
        confined = sum(1 for m in allowed if m & ~subset == 0)
        room = sum(capacities[p] for p in range(n) if (subset >> p) & 1)
        if confined > room:
            names = " and ".join(places[p] for p in range(n) if (subset >> p) & 1)
            return (f"no deal fits the known cards and voids: {confined} unseen cards can only go to "
                    f"{names}, which {'hold' if bin(subset).count('1') > 1 else 'holds'} {room} more")
    return "no deal fits the known cards and voids"


# -- auctions ------------------------------------------------------------------------------

def _tokens(auction: Any) -> list[str]:
    if isinstance(auction, str):
        return [t for t in re.split(r"[\s,]+", auction.strip()) if t]
    return [str(t).strip() for t in auction]


def _pinochle_auction(game: Any, tokens: list[str], seat: int, dealer: int) -> tuple[list[int], int]:
    """Calls (bid, or -1 for a pass) checked against the rules; the lowest bid open to the player."""
    r = game.rules
    seats = game.seats
    min_bid, inc = int(r["min_bid"]), int(r["bid_increment"])
    cutthroat = game.name == "cutthroat-pinochle"
    out_seats = set() if not cutthroat or r["dealer_may_bid"] else {dealer}
    acted: set[int] = set()
    high, high_bidder = -1, -1
    to_act = (dealer + 1) % seats
    calls = []
    for i, token in enumerate(tokens):
        s = to_act
        need = min_bid if high < 0 else high + inc
        where = f"call {i + 1} ({token!r}, seat {s})"
        if token.lower() in ("pass", "p", "-"):
            forced = (cutthroat and r["all_pass"] == "first_forced" and s == (dealer + 1) % seats and s not in acted)
            forced |= (r["all_pass"] == "dealer_forced" and s == dealer and high < 0
                       and len(out_seats | {s}) == seats)
            if forced:
                raise CardsimError(f"{where}: seat {s} may not pass here (all_pass={r['all_pass']})")
            calls.append(-1)
            out_seats.add(s)
        else:
            try:
                bid = int(token)
            except ValueError:
                raise CardsimError(f"{where}: a call is a bid (a number) or pass") from None
            if bid < need:
                raise CardsimError(f"{where}: the lowest bid there is {need}")
            if bid > min_bid + 399:
                raise CardsimError(f"{where}: bids go up to {min_bid + 399}")
            calls.append(bid)
            high, high_bidder = bid, s
        acted.add(s)
        if len(out_seats) == seats:
            raise CardsimError(f"the auction ends at {where}: everybody passed before seat {seat}'s turn")
        if high >= 0 and len(out_seats | {high_bidder}) == seats:
            raise CardsimError(f"the auction ends at {where}: seat {high_bidder} won it before seat {seat}'s turn")
        to_act = (s + 1) % seats
        while to_act in out_seats:
            to_act = (to_act + 1) % seats
    if to_act != seat:
        raise CardsimError(f"the auction {' '.join(tokens)!r} does not end at seat {seat}'s turn: seat {to_act} "
                           f"is to act after it (calls go from the dealer's left, seat {(dealer + 1) % seats})")
    if cutthroat and not r["dealer_may_bid"] and seat == dealer:
        raise CardsimError(f"seat {seat} is the dealer, who may not bid (dealer_may_bid=false)")
    return calls, (min_bid if high < 0 else high + inc)


def _euchre_auction(game: Any, tokens: list[str], seat: int, dealer: int) -> tuple[list[int], bool]:
    seats = game.seats
    first = (seat - dealer - 1) % seats
    for i, token in enumerate(tokens):
        if token.lower() not in ("pass", "p", "-"):
            raise CardsimError(f"call {i + 1} ({token!r}, seat {(dealer + 1 + i) % seats}) ends the bidding before "
                               f"seat {seat}'s turn: an auction up to the player's turn has only passes")
    if len(tokens) not in (first, first + seats):
        raise CardsimError(f"the auction does not end at seat {seat}'s turn: {len(tokens)} calls; seat {seat} "
                           f"acts after {first} passes (round 1) or {first + seats} (round 2), "
                           f"from the dealer's left")
    return [-1] * len(tokens), len(tokens) == first + seats


def _spades_code(game: Any, token: str, held: int, behind: int, where: str) -> int:
    from .spades.hand import KIND_NAMES
    r = game.rules
    text = token.lower().replace("-", "_").replace(" ", "_")
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= held:
            raise CardsimError(f"{where}: a regular bid is 1 to {held} tricks")
        return n
    aliases = {"bn": "blind_nil", "b6": "blind6", "blind_6": "blind6"}
    text = aliases.get(text, text)
    if text not in KIND_NAMES[1:]:
        raise CardsimError(f"{where}: a bid is a number or one of {', '.join(KIND_NAMES[1:])}")
    kind = KIND_NAMES.index(text)
    ok = {1: r["allow_nil"], 2: r["allow_blind_nil"],
          3: r["blind6_limit"] != 0 and held >= 6 and behind >= r["blind6_behind"],
          4: r.get("allow_one_for_50", False), 5: r.get("allow_two_for_40", False) and held >= 2,
          6: r.get("allow_moon", False) and r.get("moon_tricks", 99) <= held}[kind]
    if not ok:
        raise CardsimError(f"{where}: {text} is not open there under these rules")
    tricks = {3: 6, 4: 1, 5: 2, 6: int(r.get("moon_tricks", 0))}.get(kind, 0)
    return kind << 5 | tricks


def _spades_auction(game: Any, tokens: list[str], seat: int, dealer: int, scores: list[int]) -> list[int]:
    seats, hand_size, _deck, sits_out, _ = _core.spades_table(game.rules)
    first = (seat - dealer - 1) % seats
    if len(tokens) != first:
        raise CardsimError(f"the auction does not end at seat {seat}'s turn: {len(tokens)} bids, but {first} "
                           f"seat{'s' if first != 1 else ''} bid before seat {seat} (from the dealer's left)")
    calls = []
    for i, token in enumerate(tokens):
        s = (dealer + 1 + i) % seats
        held = hand_size - 1 if sits_out and s == dealer else hand_size
        calls.append(_spades_code(game, token, held, max(scores) - scores[s], f"bid {i + 1} ({token!r}, seat {s})"))
    return calls


# -- constraints ---------------------------------------------------------------------------

_CONSTRAINT = re.compile(r"^\s*(\w+)\s*:\s*([\w/]+)\s*(>=|<=|=)\s*(\d+)(?:\s*-\s*(\d+))?\s*$")


def _parse_constraint(game: Any, places: list[str], text: Any,
                      trump: int | None) -> tuple[str, tuple[int, int, int, int]]:
    if not isinstance(text, str):
        raise CardsimError(f"a constraint is a string such as '1:S>=4', got {text!r}")
    m = _CONSTRAINT.match(text)
    if not m:
        raise CardsimError(f"constraint {text!r}: write PLACE:WHAT OP N, such as 1:S>=4, 2:A<=1, 1:meld>=20, 2:H=1-3")
    place = _parse_place(game, places, m.group(1), f"constraint {text!r}")
    what, op, a, b = m.group(2), m.group(3), int(m.group(4)), m.group(5)
    if b is not None and op != "=":
        raise CardsimError(f"constraint {text!r}: a range is written =LO-HI")
    lo, hi = {">=": (a, 10_000), "<=": (0, a), "=": (a, int(b) if b is not None else a)}[op]
    if lo > hi:
        raise CardsimError(f"constraint {text!r}: the range {lo}-{hi} is empty")
    if what.lower().startswith("meld"):
        if game.name not in ("cutthroat-pinochle", "partnership-pinochle"):
            raise CardsimError(f"constraint {text!r}: meld constraints are for cutthroat and partnership pinochle")
        if not places[place].startswith("seat "):
            raise CardsimError(f"constraint {text!r}: meld is a seat's")
        t = -1
        if "/" in what:
            suit = what.split("/", 1)[1].upper()
            if suit not in SUITS:
                raise CardsimError(f"constraint {text!r}: {suit!r} is not a suit (S H D C)")
            t = SUITS.index(suit)
        return "meld", (place, t, lo, hi)
    if len(what) == 1 and what.upper() in SUITS:
        return "count", (place, _suit_mask(game, SUITS.index(what.upper()), trump), lo, hi)
    ranks = game.deck.ranks
    mask = 0
    for ch in what.upper():
        if ch not in ranks:
            raise CardsimError(f"constraint {text!r}: {what!r} is neither a suit (S H D C) nor ranks of "
                               f"this deck ({' '.join(ranks)}), nor meld")
        for s in range(4):
            for c in range(game.deck.copies):
                mask |= 1 << game.deck.bit(ranks.index(ch), s, c)
    return "count", (place, mask & _deck_mask(game), lo, hi)


# -- the whole thing -----------------------------------------------------------------------

def build_conditions(game: Any, hand: CardSet | None, seat: int, dealer: int, policies: list[str], *,
                     known: Any = None, voids: Any = None, auction: Any = None, auction_slack: Any = None,
                     constraints: Any = None, accept: Callable[..., Any] | None = None,
                     min_acceptance: Any = None, upcard_bit: int | None = None,
                     scores: list[int] | None = None, blind: bool = False) -> Conditions | None:
    """The Conditions of a run, or None when nothing conditions it (the plain trials then run)."""
    if all(v is None for v in (known, voids, auction, constraints, accept)) and auction_slack is None:
        if min_acceptance is not None:
            raise CardsimError("min_acceptance applies to an auction, constraints or accept: none is given")
        return None
    name = game.name
    spades = name in ("spades", "cutthroat-spades")
    euchre = name in ("euchre", "cutthroat-euchre")
    places, sizes = _place_list(game, seat, dealer, blind)
    trump = (upcard_bit >> 4) if euchre and upcard_bit is not None else None
    hand_mask = 0 if hand is None else int(hand.mask)
    pool = _deck_mask(game) & ~hand_mask & ~(0 if upcard_bit is None else 1 << upcard_bit)
    n_places = len(places)
    known_bb = [0] * n_places
    described_known: dict[str, str] = {}
    for key, cards in _pairs(known, "known"):
        p = _parse_place(game, places, key, "known")
        if places[p] == f"seat {seat}" and not blind:
            raise CardsimError(f"known: seat {seat} is the player's own seat (its cards are the hand)")
        cs = game.cards(cards)
        if not len(cs):
            raise CardsimError(f"known: no cards given for {places[p]}")
        bits = _take_copies(game, cs, pool, places[p], hand if hand is not None else game.cards(""),
                            described_known)
        pool &= ~bits
        known_bb[p] |= bits
        previous = described_known.get(places[p])
        described_known[places[p]] = f"{previous} {cs}" if previous else str(cs)
    capacities = []
    for p in range(n_places):
        held = bin(known_bb[p]).count("1")
        if held > sizes[p]:
            what = "the player's seat" if sizes[p] == 0 else places[p]
            raise CardsimError(f"known: {held} cards at {places[p]}, but {what} holds {sizes[p]} unseen cards")
        capacities.append(sizes[p] - held)
    barred = [0] * n_places
    described_voids: dict[str, str] = {}
    for key, suits in _pairs(voids, "voids"):
        p = _parse_place(game, places, key, "voids")
        if not places[p].startswith("seat "):
            raise CardsimError(f"voids are per seat; {places[p]} is not a seat")
        if places[p] == f"seat {seat}" and not blind:
            raise CardsimError(f"voids: seat {seat} is the player's own seat (its cards are the hand)")
        letters = str(suits).replace(" ", "").replace(",", "").upper()
        if not letters or any(ch not in SUITS for ch in letters):
            raise CardsimError(f"voids: {suits!r} is not a list of suits (S H D C)")
        for ch in letters:
            lane = _suit_mask(game, SUITS.index(ch), trump)
            if known_bb[p] & lane:
                clash = known_bb[p] & lane
                code = game.deck.code((clash & -clash).bit_length() - 1)
                raise CardsimError(f"voids: {places[p]} is void in {ch} but is known to hold {code}")
            barred[p] |= lane
        described_voids[places[p]] = "".join(dict.fromkeys(described_voids.get(places[p], "") + letters))
    description: dict[str, Any] = {}
    if described_known:
        description["known"] = described_known
    if described_voids:
        description["voids"] = described_voids
        if trump is not None:
            description["voids_trump"] = SUITS[trump]
    calls: list[int] = []
    first_bid = None
    round2 = False
    slack = 0
    if auction_slack is not None:
        if not spades:
            raise CardsimError(f"auction_slack is for the spades games, not {name}")
        if not isinstance(auction_slack, (int, np.integer)) or isinstance(auction_slack, bool) or \
                not 0 <= auction_slack <= 13:
            raise CardsimError(f"auction_slack must be an integer from 0 to 13, got {auction_slack!r}")
        slack = int(auction_slack)
    if auction is not None:
        tokens = _tokens(auction)
        if name == "two-hand-pinochle":
            raise CardsimError("two-hand-pinochle has no auction (trump is the turned-up card)")
        if name in ("cutthroat-pinochle", "partnership-pinochle"):
            calls, first_bid = _pinochle_auction(game, tokens, seat, dealer)
        elif euchre:
            calls, round2 = _euchre_auction(game, tokens, seat, dealer)
        else:
            calls = _spades_auction(game, tokens, seat, dealer, scores or [0] * game.seats)
        description["auction"] = " ".join(tokens)
        if spades:
            description["auction_slack"] = slack
    elif auction_slack is not None:
        raise CardsimError("auction_slack needs an auction")
    counts: list[tuple[int, int, int, int]] = []
    melds: list[tuple[int, int, int, int]] = []
    described_constraints: list[str] = []
    if constraints is not None:
        for text in ([constraints] if isinstance(constraints, str) else list(constraints)):
            kind, spec = _parse_constraint(game, places, text, trump)
            (melds if kind == "meld" else counts).append(spec)
            described_constraints.append(str(text).strip())
        description["constraints"] = described_constraints
    if accept is not None:
        if not callable(accept):
            raise CardsimError(f"accept must be a function of a batch of deals, got {accept!r}")
        description["accept"] = getattr(accept, "__name__", "function")
    floor = MIN_ACCEPTANCE
    if min_acceptance is not None:
        if isinstance(min_acceptance, bool) or not isinstance(min_acceptance, (int, float, np.integer, np.floating)) \
                or not 0 < min_acceptance <= 1:
            raise CardsimError(f"min_acceptance must be a number above 0 and at most 1, got {min_acceptance!r}")
        floor = float(min_acceptance)
    check_mask = sum(1 << s for s in range(game.seats) if s != seat and policies[s] == "heuristic")
    hidden = pool  # the unseen cards less the known ones
    rejection = bool(calls and check_mask) or bool(counts) or bool(melds) or accept is not None
    max_attempts = int(ATTEMPTS_FACTOR / floor) if rejection else 1
    try:
        core = _core.DealConditions(hidden, barred, capacities, known_bb, calls, check_mask if calls else 0, slack,
                                    max_attempts, counts, melds)
    except ValueError as exc:
        if "no deal fits" in str(exc):
            raise CardsimError(_hall_text(places, barred, capacities, hidden)) from None
        raise CardsimError(str(exc)) from None
    return Conditions(name, places, core, description, rejection, accept, floor, max_attempts, first_bid, round2)


def _solver_trials(core: Any, game: Any, hand_mask: int, seat: int, dealer: int, seed: int,
                   policies: list[str], threads: int, ids: np.ndarray, out: np.ndarray, tries: np.ndarray,
                   solver: list[tuple[Any, ...]], **extra: Any) -> None:
    """Conditioned trials ``ids`` with PIMC or oracle seats (every game): the core keeps each
    trial's deal exactly as odds_conditioned does (the same ids, the same deals), and
    cardsim.solver._pimc plays it as its unconditioned trials play theirs."""
    from ._odds_conditions import hand_bytes
    from .solver import _pimc
    hands = np.zeros((len(ids), hand_bytes(game.name)), dtype=np.uint8)
    deal = {k: v for k, v in extra.items() if k in ("upcard", "scores", "blind")}
    _core.odds_conditioned_hands(game.name, game.rules, core, hand_mask, seat, dealer, seed, ids, hands, tries,
                                 policies, threads, **deal)
    if (tries < 0).any():
        return
    if "euchre" in game.name:
        _pimc.euchre_odds_pimc_hands(game.rules, game.seats, seat, seed, ids, hands, out, solver, threads)
    elif "pinochle" in game.name:
        _pimc.pinochle_odds_pimc_hands(game.name, game.rules, seat, seed, ids, hands, out, solver, threads)
    else:
        _pimc.spades_odds_pimc_hands(game.rules, seat, extra["codes"], seed, ids, hands, out, solver, threads)


def conditioned_trials(core: Any, game: Any, hand_mask: int, seat: int, dealer: int, seed: int,
                       policies: list[str], threads: int, width: int, solver: list[tuple[Any, ...]] | None,
                       extra: dict[str, Any], ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The columns and tries of conditioned trials ``ids`` (a pure function of its arguments, so a
    Dask worker runs it as well: ``core`` is the run's DealConditions, which pickles)."""
    out = np.zeros((len(ids), width), dtype=np.int16)
    tries = np.zeros(len(ids), dtype=np.int64)
    if solver is None:
        _core.odds_conditioned(game.name, game.rules, core, hand_mask, seat, dealer, seed, ids, out, tries,
                               policies, threads, **extra)
    else:
        _solver_trials(core, game, hand_mask, seat, dealer, seed, policies, threads, ids, out, tries, solver,
                       **extra)
    return out, tries


class ConditionedRun:
    """``run(start, n)`` of a conditioned run (trials ``start .. start+n-1``, or with ``accept``
    the next n kept deals), in three parts so that a Dask cluster plays the trials: ``ids`` and
    ``kept`` run here, in trial order (they count the deals tried), ``trials`` anywhere.
    ``solver`` (per seat, cardsim.solver.players.check_batch_policies): PIMC or oracle seats play,
    ``policies`` then being the seats' bidding policies (the auction's check)."""

    def __init__(self, cond: Conditions, game: Any, hand_mask: int, seat: int, dealer: int, seed: int,
                 policies: list[str], threads: int, width: int, solver: list[tuple[Any, ...]] | None,
                 extra: dict[str, Any]) -> None:
        self.cond = cond
        self._args = (game, hand_mask, seat, dealer, seed, policies, threads)
        self.extra = extra
        self.trials = functools.partial(conditioned_trials, cond.core, *self._args, width, solver, extra)

    def ids(self, start: int, n: int) -> np.ndarray:
        if self.cond.accept is None:
            return np.arange(start, start + n, dtype=np.int64)
        ids = _accepted_ids(self.cond, *self._args, n, **self.extra)
        self.cond.core.with_attempts(1)
        return ids

    def kept(self, out: np.ndarray, tries: np.ndarray) -> np.ndarray:
        cond = self.cond
        if (tries < 0).any():
            raise CardsimError(_floor_text(cond, f"a trial found no kept deal in {cond.max_attempts:,} tries"))
        cond.attempts += int(tries.sum()) if cond.accept is None else 0
        return out

    def __call__(self, start: int, n: int) -> np.ndarray:
        return self.kept(*self.trials(self.ids(start, n)))


def _floor_text(cond: Conditions, what: str) -> str:
    return (f"conditioning on {cond.text().removeprefix('conditioned on: ')} keeps too few deals: {what}, "
            f"below the floor of {cond.min_acceptance:.2%} (min_acceptance / --min-acceptance)")


def _candidates(cond: Conditions, game: Any, hand_mask: int, seat: int, dealer: int, seed: int, policies: list[str],
                threads: int, start: int, n: int, **extra: Any) -> tuple[np.ndarray, np.ndarray]:
    deals = np.zeros((n, len(cond.places)), dtype=np.uint64)
    passed = np.zeros(n, dtype=np.uint8)
    extra = {k: v for k, v in extra.items() if k in ("upcard", "scores", "blind")}
    _core.odds_candidates(game.name, game.rules, cond.core, hand_mask, seat, dealer, seed, start, deals, passed,
                          policies, threads, **extra)
    return deals, passed.astype(bool)


def _apply_accept(cond: Conditions, deals: np.ndarray, keep: np.ndarray) -> np.ndarray:
    batch = {cond.place_key(p): deals[keep, p].copy() for p in range(len(cond.places))}
    try:
        verdict = cond.accept(batch)  # type: ignore[misc]
    except CardsimError:
        raise
    except Exception as exc:
        raise CardsimError(f"accept raised {type(exc).__name__}: {exc}") from None
    verdict = np.asarray(verdict)
    if verdict.shape != (int(keep.sum()),) or verdict.dtype != np.bool_:
        raise CardsimError(f"accept must return a boolean array of shape ({int(keep.sum())},), one per deal, got "
                           f"{verdict.dtype} of shape {verdict.shape}")
    out = keep.copy()
    out[keep] = verdict
    return out


def _accepted_ids(cond: Conditions, game: Any, hand_mask: int, seat: int, dealer: int, seed: int,
                  policies: list[str], threads: int, n: int, **extra: Any) -> np.ndarray:
    """The next ``n`` candidates (in id order) that the core and ``accept`` keep."""
    while len(cond.pending) < n:
        seen = cond.candidate_next
        rate = (cond.used + len(cond.pending) + 1) / cond.attempts if cond.attempts else 0.5
        batch = int(min(200_000, max(2_000, 1.2 * (n - len(cond.pending)) / max(rate, cond.min_acceptance))))
        deals, keep = _candidates(cond, game, hand_mask, seat, dealer, seed, policies, threads, seen, batch, **extra)
        if keep.any():
            keep = _apply_accept(cond, deals, keep)
        ids = np.flatnonzero(keep) + seen
        cond.candidate_next += batch
        need = n - len(cond.pending)
        if len(ids) >= need:  # count the attempts up to the last candidate used
            cond.attempts += int(ids[need - 1] - seen + 1)
            cond.pending.extend(int(i) for i in ids[:need])
            cond.candidate_next = int(ids[need - 1]) + 1
        else:
            cond.attempts += batch
            cond.pending.extend(int(i) for i in ids)
        kept_so_far = len(cond.pending) + cond.used
        if cond.attempts >= PILOT and kept_so_far / cond.attempts < cond.min_acceptance:
            raise CardsimError(_floor_text(cond, f"{kept_so_far:,} of {cond.attempts:,} deals kept"))
    ids = np.array(cond.pending[:n], dtype=np.int64)
    del cond.pending[:n]
    cond.used += n
    return ids


def pilot(cond: Conditions, game: Any, hand_mask: int, seat: int, dealer: int, seed: int, policies: list[str],
          threads: int, **extra: Any) -> None:
    """Estimate the acceptance of the core's rejection (auction, constraints) on PILOT candidate
    deals before a run, and stop with one line when it is under the floor."""
    if not cond.rejection or cond.accept is not None:
        return
    _deals, keep = _candidates(cond, game, hand_mask, seat, dealer, seed, policies, threads, 0, PILOT, **extra)
    kept = int(keep.sum())
    if kept < cond.min_acceptance * PILOT:
        raise CardsimError(_floor_text(cond, f"{'none' if not kept else f'{kept:,}'} of {PILOT:,} deals kept"))


def finish(cond: Conditions, trials: int) -> dict[str, Any]:
    """The description with the run's acceptance, for a result's ``conditions``."""
    d = dict(cond.description)
    attempts = max(cond.attempts, trials)
    d["trials"] = trials
    d["attempts"] = attempts
    d["acceptance"] = round(trials / attempts, 6)
    d["effective_sample_size"] = trials
    cond.description = d
    return d


#: the keyword arguments every game's bid odds take for conditioning
CONDITION_KEYS = ("known", "voids", "auction", "auction_slack", "constraints", "accept", "min_acceptance")


def trial_runner(cond: Conditions | None, plain: Callable[[int, int], np.ndarray], game: Any, hand_mask: int, seat: int,
           dealer: int, seed: int, policies: list[str], threads: int, width: int,
           solver: list[tuple[Any, ...]] | None = None, **extra: Any) -> Callable[[int, int], np.ndarray]:
    """The ``run(start, n)`` of sample_trials: ``plain`` without conditions, else the conditioned
    trials (after the pilot that checks the acceptance floor)."""
    if cond is None:
        return plain
    pilot(cond, game, hand_mask, seat, dealer, seed, policies, threads, **extra)
    return ConditionedRun(cond, game, hand_mask, seat, dealer, seed, policies, threads, width, solver, extra)
