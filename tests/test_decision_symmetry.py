"""The heuristic players' decisions never depend on the suit order (issue 11).

For every game, a hand and its twin (the same deal with the suits renamed by a renaming
that leaves the rules unchanged) are played side by side, decision by decision: at each
step the heuristic chooses in the original and in the twin, and the twin's choice must be
the renamed original choice.  Where the two differ, the test accepts the twin's choice
only when a renaming of the game's group fixes everything the acting heuristic reads (its
hand, the cards played, the trick, the voids shown, trump, the upcard when naming a suit)
and maps the renamed choice onto the twin's: the two suits are truly equivalent there, and
either choice is correct.  The twin is then forced along the renamed original, so the two
hands stay twins to the end.

Renamings that leave the rules unchanged: pinochle, hearts with clubs (the pinochle meld
ties spades to diamonds); euchre, the two suits of a colour, and the two colours together
(the left bower is the jack of trump's colour); spades, the three side suits, less those
the options set apart (prize jacks: J♦ and J♣ score alike, J♥ removes bags).
"""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from cardsim import Game

SUITS = "SHDC"


def perm(text: str) -> dict[str, str]:
    """'HC' style cycles -> a suit mapping: 'SCHD'[i] is where SUITS[i] goes."""
    return dict(zip(SUITS, text))


PINOCHLE_GROUP = [perm("SHDC"), perm("SCDH")]
EUCHRE_GROUP = [perm("".join(p)) for p in itertools.permutations(SUITS)
                if all(SUITS.index(p[SUITS.index(s)]) == 3 - SUITS.index(p[3 - SUITS.index(s)]) for s in SUITS)]
assert len(EUCHRE_GROUP) == 8


def spades_group(game: str, rules: dict) -> list[dict[str, str]]:
    """Renamings of the side suits that keep the deck (removed twos) and the prize jacks."""
    deck = Game(game, **rules).deal(seed=0).deck
    removed = set(deck.removed)
    prize = " ".join(Game(game, **rules).rules.get("prize_jacks") or ())
    out = []
    for p in itertools.permutations("HDC"):
        m = dict(zip("HDC", p), S="S")
        role = {"H": "H" if "JH" in prize else "-", "D": "P" if "JD" in prize else "-",
                "C": "P" if "JC" in prize else "-"}
        if all(role[s] == role[m[s]] for s in "HDC") and {rename_card(c, m) for c in removed} == removed:
            out.append(m)
    return out


def rename_card(code: str, m: dict[str, str]) -> str:
    return code[:-1] + m[code[-1]] if code[-1] in m else code


def rename_cards(text: str, m: dict[str, str]) -> str:
    return " ".join(rename_card(c, m) for c in str(text).split())


def rename_deal(deal: dict, m: dict[str, str]) -> dict:
    out = {}
    for key, value in deal.items():
        if key == "hands":
            out[key] = [rename_cards(h, m) for h in value]
        elif key in ("widow", "upcard", "kitty", "dummy", "stock"):
            out[key] = rename_cards(value, m)
        else:
            out[key] = value
    return out


def rename_action(hand, action: int, m: dict[str, str], twin) -> int:
    name = hand.action_to_string(action)
    if len(name) == 2 and name[-1] in m and name[0] in "A23456789TJQK":
        return twin.string_to_action(rename_card(name, m))
    if name in SUITS:                                      # euchre round 2
        return twin.string_to_action(m[name])
    if name.startswith("trump ") and name[-1] in m:        # pinochle
        return twin.string_to_action("trump " + m[name[-1]])
    return action


def effective_suit(card: str, trump: str | None, game: str) -> str:
    """The suit a card follows as: in euchre the jack of trump's colour belongs to trump."""
    if "euchre" in game and trump and card[0] == "J":
        partner = SUITS[3 - SUITS.index(trump)]
        if card[1] == partner:
            return trump
    return card[-1]


class Tracker:
    """What the heuristic at each seat reads: cards played, voids shown."""

    def __init__(self, game: str, seats: int):
        self.game, self.played, self.voids = game, Counter(), [set() for _ in range(seats)]

    def before_play(self, hand, seat: int, card: str) -> None:
        trump = hand_trump(hand)
        self.played[card] += 1
        if hand.trick:
            led = effective_suit(hand.trick[0][1], trump, self.game)
            mine = effective_suit(card, trump, self.game)
            if mine != led:
                self.voids[seat].add(led)
                if "pinochle" in self.game and mine != trump:
                    self.voids[seat].add(trump)


def hand_trump(hand) -> str | None:
    t = getattr(hand, "trump", None)
    if t is None or t == -1:
        return None
    return t if isinstance(t, str) else SUITS[t]


def view(hand, tracker: Tracker, seat: int, naming: bool) -> tuple:
    """Everything the acting heuristic reads that a renaming could change."""
    trump = hand_trump(hand)
    played = Counter(tracker.played)
    if hand.__class__.__name__ == "CutthroatPinochleHand" and seat == hand.bidder and hand.discard is not None:
        played.update(str(hand.discard).split())
    v = [Counter(str(hand.hands[seat]).split()), played, trump]
    if "euchre" in tracker.game:
        if naming:
            v.append(str(hand.upcard))
    else:
        v.append([frozenset(x) for x in tracker.voids])
    return tuple(v)


def rename_view(v: tuple, m: dict[str, str]) -> tuple:
    out = [Counter({rename_card(c, m): n for c, n in v[0].items()}),
           Counter({rename_card(c, m): n for c, n in v[1].items()}),
           m[v[2]] if v[2] else None]
    if len(v) > 3:
        out.append(rename_card(v[3], m) if isinstance(v[3], str) else [frozenset(m[s] for s in x) for x in v[3]])
    return tuple(out)


def is_card_action(name: str) -> bool:
    return len(name) == 2 and name[0] in "A23456789TJQK" and name[1] in SUITS


def equivalent(twin, tracker: Tracker, seat: int, expected: list[int], theirs: list[int],
               group: list[dict[str, str]]) -> bool:
    """Is the twin's choice ``theirs`` as good as ``expected`` by a renaming that fixes what the
    heuristic reads?  One card (a play): the renaming fixes the whole view.  Several cards put
    away (a discard, a merge, cards passed), with the trump they name: the heuristic drops
    cards one at a time and a tie may arise mid-way between suits alike only in what is left,
    so the renaming fixes the cards played and the voids, and maps the named trump and the
    cards kept onto the twin's."""
    names_e = [twin.action_to_string(a) for a in expected]
    names_t = [twin.action_to_string(a) for a in theirs]
    naming = any(x in SUITS or x.startswith("trump ") for x in names_t)
    v = view(twin, tracker, seat, naming)
    cards_t = [x for x in names_t if is_card_action(x)]
    if len(cards_t) <= 1 or len(expected) != len(theirs):
        for tau in group:
            if rename_view(v, tau) == v and sorted(rename_action(twin, a, tau, twin) for a in expected) == sorted(theirs):
                return True
        return False

    def decision(names: list[str]) -> tuple:
        kept = Counter(v[0])
        kept.subtract(Counter(x for x in names if is_card_action(x)))
        others = sorted(x for x in names if not is_card_action(x))
        return +kept, others

    kept_e, others_e = decision(names_e)
    kept_t, others_t = decision(names_t)
    fixed = v[1:] if not naming else v[1:2] + v[3:]
    for tau in group:
        rv = rename_view(v, tau)
        if (rv[1:] if not naming else rv[1:2] + rv[3:]) != fixed:
            continue
        kept = Counter({rename_card(c, tau): n for c, n in kept_e.items()})
        others = sorted(x[:-1] + tau[x[-1]] if x[-1:] in tau and (x in SUITS or x.startswith("trump ")) else x
                        for x in others_e)
        if kept == kept_t and others == others_t:
            return True
    return False


def play_twins(game_name: str, rules: dict, seed: int, m: dict[str, str], group: list[dict[str, str]]) -> tuple[int, int]:
    """Play a hand and its renamed twin side by side; returns (decisions, equivalent divergences)."""
    game = Game(game_name, **rules)
    hand = game.deal(seed=seed, dealer=seed % 3)
    twin = game.deal(seed=seed, dealer=seed % 3, cards=rename_deal(hand.deal, m))
    seats = len(hand.hands)
    track_h, track_t = Tracker(game_name, seats), Tracker(game_name, seats)
    decisions = divergences = 0
    while hand.to_act is not None:
        seat = hand.to_act
        assert twin.to_act == seat
        probe_h, probe_t = hand.clone(), twin.clone()
        n = len(hand.history)
        probe_h.step("heuristic")
        probe_t.step("heuristic")
        mine = probe_h.history[n:]
        theirs = probe_t.history[n:]
        if any(isinstance(a, dict) for a in mine + theirs):
            return decisions, divergences   # a redeal: the twins' streams deal differently
        expected = [rename_action(hand, a, m, twin) for a in mine]
        decisions += 1
        if sorted(expected) != sorted(theirs):
            ok = equivalent(twin, track_t, seat, expected, theirs, group)
            assert ok, (game_name, rules, seed, m, hand.phase, seat, [twin.action_to_string(a) for a in expected],
                        [twin.action_to_string(a) for a in theirs], view(twin, track_t, seat, True))
            divergences += 1
        for a, b in zip(mine, expected):
            name = hand.action_to_string(a)
            if is_card_action(name) and (hand.phase in ("play",)):
                track_h.before_play(hand, seat, name)
                track_t.before_play(twin, seat, twin.action_to_string(b))
            hand.apply(a)
            twin.apply(b)
    assert twin.to_act is None
    return decisions, divergences


CASES = [   # about a thousand hands a game, every decision of each
    ("cutthroat-pinochle", {}, PINOCHLE_GROUP, 700),
    ("cutthroat-pinochle", {"army_scoring": True, "must_beat": "trump_led"}, PINOCHLE_GROUP, 300),
    ("partnership-pinochle", {}, PINOCHLE_GROUP, 1000),
    ("euchre", {}, EUCHRE_GROUP, 1000),
    ("cutthroat-euchre", {}, EUCHRE_GROUP, 1000),
    # the learned alone and defend-alone thresholds (euchre/players.pxd) where the options use them
    ("euchre", {"allow_lone_defender": True}, EUCHRE_GROUP, 300),
    ("cutthroat-euchre", {"lone_march_points": 4}, EUCHRE_GROUP, 300),
    ("spades", {}, spades_group("spades", {}), 700),
    ("spades", {"prize_jacks": ["JD", "JC"]}, spades_group("spades", {"prize_jacks": ["JD", "JC"]}), 300),
    # cutthroat's defaults (no 2C, J♦ and J♣ prizes) leave no two side suits alike
    ("cutthroat-spades", {"prize_jacks": []}, spades_group("cutthroat-spades", {"prize_jacks": []}), 1000),
]


def two_hand_view(hand) -> tuple:
    """What the two-hand heuristic at the seat to act reads that a renaming could change: its
    cards, both tables, the cards played (tricks taken and the trick), trump, the upcard, and
    in the last 12 tricks the opponent's cards (every card is known then)."""
    seat = hand.to_act
    played = Counter(c for t in hand.taken for c in str(t).split()) + Counter(c for _, c in hand.trick)
    opp = Counter(str(hand.hands[1 - seat]).split()) if hand.phase == "play" else Counter()
    return (Counter(str(hand.hands[seat]).split()), Counter(str(hand.tables[seat]).split()),
            Counter(str(hand.tables[1 - seat]).split()), played, hand.trump, hand.upcard, opp)


def rename_two_hand_view(v: tuple, m: dict[str, str]) -> tuple:
    return tuple(Counter({rename_card(c, m): n for c, n in x.items()}) if isinstance(x, Counter)
                 else (rename_card(x, m) if x and len(x) == 2 else (m[x] if x else x)) for x in v)


def rename_two_hand_action(hand, action: int, m: dict[str, str], twin) -> int:
    """A card (in hand or from the table) or a marriage, renamed; other actions as they are."""
    name = hand.action_to_string(action)
    if name[:2][-1:] in m and name[0] in "AKQJT9" and (len(name) == 2 or name.endswith(" from table")):
        return twin.string_to_action(rename_card(name[:2], m) + name[2:])
    if name.startswith("marriage_") and name[-1] in m:
        return twin.string_to_action(name[:-1] + m[name[-1]])
    return action


def play_two_hand_twins(seed: int, m: dict[str, str]) -> tuple[int, int]:
    """A two-hand deal and its renamed twin (stock order kept), decision by decision; a twin's
    different choice passes only where the renaming fixes everything the heuristic reads."""
    game = Game("two-hand-pinochle")
    hand = game.deal(seed=seed, dealer=seed % 2)
    twin = game.deal(seed=seed, dealer=seed % 2, cards=rename_deal(hand.deal, m))
    decisions = divergences = 0
    while hand.to_act is not None:
        assert twin.to_act == hand.to_act and twin.phase == hand.phase
        probe_h, probe_t = hand.clone(), twin.clone()
        n = len(hand.history)
        probe_h.step("heuristic")
        probe_t.step("heuristic")
        mine, theirs = probe_h.history[n:], probe_t.history[n:]
        expected = [rename_two_hand_action(hand, a, m, twin) for a in mine]
        decisions += 1
        if expected != theirs:
            v = two_hand_view(twin)
            ok = rename_two_hand_view(v, m) == v and [rename_two_hand_action(twin, a, m, twin) for a in expected] == theirs
            assert ok, (seed, hand.phase, [twin.action_to_string(a) for a in expected],
                        [twin.action_to_string(a) for a in theirs], v)
            divergences += 1
        for a, b in zip(mine, expected):
            hand.apply(a)
            twin.apply(b)
    assert twin.to_act is None and twin.scores == hand.scores
    return decisions, divergences


def test_two_hand_renamed_twin_decides_the_renamed_way():
    decisions = divergences = 0
    for i in range(300):
        d, v = play_two_hand_twins(1000 + i, perm("SCDH"))
        decisions += d
        divergences += v
    assert decisions > 40 * 300
    assert divergences < decisions // 20, (divergences, decisions)


@pytest.mark.parametrize("game,rules,group,hands", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_renamed_twin_decides_the_renamed_way(game, rules, group, hands):
    decisions = divergences = 0
    maps = [g for g in group if any(g[s] != s for s in SUITS)]
    assert maps, "the game has no renaming to test"
    for i in range(hands):
        d, v = play_twins(game, rules, 1000 + i, maps[i % len(maps)], group)
        decisions += d
        divergences += v
    assert decisions > 10 * hands
    assert divergences < decisions // 20, (divergences, decisions)
