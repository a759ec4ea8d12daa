"""The players behave as their docstrings say (statistically, on fixed seeds)."""
import numpy as np
import pytest

from cardsim import Game, _core
from cardsim.cards import PINOCHLE


def test_heuristic_beats_random_players():
    game = Game("cutthroat-pinochle")
    records = game.simulate(20_000, policy=["heuristic", "random", "random"], seed=2, threads=1)
    mean = records["score"].mean(axis=0)
    assert mean[0] > mean[1] + 10 and mean[0] > mean[2] + 10


def test_heuristic_bids_close_to_what_it_makes():
    records = Game("cutthroat-pinochle").simulate(20_000, policy="heuristic", seed=3, threads=1).array
    contracts = records[records["bidder"] >= 0]
    assert 0.75 < contracts["made"].mean() < 0.99  # neither reckless nor timid
    assert contracts["bid"].mean() > 18


def test_random_player_bids_are_legal_raises():
    records = Game("cutthroat-pinochle").simulate(5_000, policy="random", seed=4, threads=1).array
    contracts = records[records["bidder"] >= 0]
    assert (contracts["bid"] >= 16).all()
    assert not records["thrown_in"].any()  # the random player never concedes


def test_defenders_feed_each_other_counters():
    """Heuristic defenders take 11.9 of the 25 trick points on this batch (seeds fixed); a
    defence that stops feeding counters to its partner's safe tricks takes about 11.0."""
    records = Game("cutthroat-pinochle").simulate(10_000, policy="heuristic", seed=5, threads=1).array
    played = records[(records["bidder"] >= 0) & ~records["thrown_in"]]
    bidder_points = played["trick_points"][np.arange(len(played)), played["bidder"]]
    defenders = played["trick_points"].sum(axis=1) - bidder_points
    assert defenders.mean() > 11.6  # 11.93 here; its standard error is 0.04


# -- hand-made positions: what the Cutthroat Pinochle heuristic plays (cardsim.players) -----
#
# Seat 0 bids and names spades trump (dealer 2: seat 0 bids first; the others pass), takes
# the widow and discards it again; seat 0 leads trick 1, then seats 1 and 2 follow.  Each
# seat's hearts and spades are given; the diamonds and clubs fill the hands (the defenders
# first), so they play no part in a heart trick.  Each position has one right card.

TRUMP_S = 0


def card_bit(code: str, taken: int) -> int:
    """A physical bit of ``code`` not yet in ``taken`` (a pinochle card has two copies)."""
    bit = PINOCHLE.parse_code(code)
    return bit if not taken >> bit & 1 else bit + 1


def position(bidder: str, seat1: str, seat2: str, **options):
    """The step state after the auction and declare, seat 0 to lead."""
    taken = 0
    hands = []
    for cards in (bidder, seat1, seat2):
        mask = 0
        for code in cards.split():
            bit = card_bit(code, taken)
            assert not taken >> bit & 1, f"a third {code}"
            mask |= 1 << bit
            taken |= 1 << bit
        hands.append(mask)
    fill = [b for b in range(64) if PINOCHLE.full_mask >> b & 1 and not taken >> b & 1]
    # diamonds and clubs first to the defenders; the bidder takes the rest (its widow among them)
    fill.sort(key=lambda b: (b >> 4) < 2)
    state = _core.CutthroatPinochleState(Game("cutthroat-pinochle", **options).rules, 1, 2)
    size = state.hand_size
    for s in (1, 2):
        need = size - bin(hands[s]).count("1")
        assert need >= 0 and all(b >> 4 >= 2 for b in fill[:need]), "give the defenders more hearts and spades"
        hands[s] |= sum(1 << b for b in fill[:need])
        fill = fill[need:]
    widow = sum(1 << b for b in fill[:3])
    hands[0] |= sum(1 << b for b in fill[3:])
    state.set_deal(tuple(hands), widow)
    state.auction_act(state.min_bid())
    while state.phase == "auction":  # the others pass (by default the dealer may not bid)
        state.auction_act(-1)
    assert state.bidder == 0 and state.phase == "declare"
    state.declare(TRUMP_S, widow, False)  # the widow's cards go back: the hand is as given
    assert state.phase == "play" and state.to_act == 0
    return state


def play(state, code: str) -> None:
    held = state.hands[state.to_act]
    bit = PINOCHLE.parse_code(code)
    bit = bit if held >> bit & 1 else bit + 1
    legal = state.legal_mask()
    assert held >> bit & 1 and (legal >> bit & 1 or legal >> (bit ^ 1) & 1), f"{code} is not legal here"
    state.play(bit)


def heuristic_card(state) -> str:
    """The card the heuristic plays now (checked legal), as a code."""
    legal = state.legal_mask()
    before = state.hands[state.to_act]
    state.policy_step("heuristic")
    played = before & ~_hand_of(state, before)
    assert bin(played).count("1") == 1
    bit = played.bit_length() - 1
    assert legal >> bit & 1 or legal >> (bit ^ 1) & 1, "the heuristic played an illegal card"
    return PINOCHLE.code(bit)


def _hand_of(state, before: int) -> int:
    """The hand, after one play, of the seat that held ``before``."""
    for hand in state.hands:
        if hand & before == hand and bin(before & ~hand).count("1") == 1:
            return hand
    raise AssertionError("no seat played one card")


def test_defender_feeds_its_richest_counter_to_its_partners_safe_trick():
    """Seat 2 plays last on a trick its partner is winning: it throws a counter (the king, the
    lowest-ranked counter it holds), not a nine or jack."""
    state = position("9H QH QH", "AH QS", "KH JH 9H TS")
    play(state, "9H")
    play(state, "AH")
    assert heuristic_card(state) == "KH"


def test_defender_ducks_its_cheapest_card_under_a_winning_bidder():
    """The bidder's ace wins; a defender that cannot beat it gives the nine, not its ten."""
    state = position("AH QS", "TH 9H KS", "QH JH 9S 9S")
    play(state, "AH")
    assert heuristic_card(state) == "9H"


def test_last_defender_trumps_with_its_cheapest_winning_trump():
    """Void in hearts behind a winning bidder: it trumps with the nine of trump, not the ace."""
    state = position("KH TH", "9H JH QS", "9S JS AS")
    play(state, "KH")
    play(state, "9H")
    assert heuristic_card(state) == "9S"


def test_second_seat_trumps_with_a_sure_winner_when_others_are_to_play():
    """Void in hearts with a player still to come: it trumps with a sure winner, the ace."""
    state = position("KH TH", "9S AS KS", "9H JH QH")
    play(state, "KH")
    assert heuristic_card(state) == "AS"


def test_bidder_leads_a_sure_trump_winner_while_defenders_hold_trump():
    """The defenders hold both tens of trump: of the bidder's trumps only the aces are sure
    winners (its king is not), and it leads one."""
    state = position("AS 9S JS AH KS", "TS 9H 9H", "TS JH TH")
    assert heuristic_card(state) == "AS"


def test_defender_leads_a_sure_winner_in_a_suit_no_opponent_is_void_in():
    """Seat 1 wins trick 1 and leads: its ace of hearts (a sure winner: no unseen heart beats
    it) rather than its cheapest card.  The bidder holds the four aces of diamonds and
    clubs, so no other card of seat 1 is a sure winner."""
    state = position("9S AD AD AC AC", "AS AH QS QH 9H", "JH JH TS 9H QH")
    play(state, "9S")
    play(state, "AS")  # seat 1 takes the trick with the ace of trump
    play(state, "TS")
    assert state.to_act == 1 and not state.trick
    assert heuristic_card(state) == "AH"


@pytest.mark.parametrize("must_beat, card", [("always", "AH"), ("never", "KH")])
def test_defender_heuristic_keeps_to_must_beat(must_beat, card):
    """Feeding its partner's trick (the ten of hearts wins), seat 2 holding A K J of hearts
    must still beat the ten when must_beat=always: the ace is its only legal card."""
    state = position("9H QH", "TH 9S", "AH KH JH QS", must_beat=must_beat)
    play(state, "9H")
    play(state, "TH")
    assert heuristic_card(state) == card


def test_heuristic_plays_only_legal_cards_in_every_must_beat_mode():
    """Thousands of heuristic plays, each checked against the legal set of the moment."""
    for must_beat in ("always", "trump_led", "never"):
        game = Game("cutthroat-pinochle", must_beat=must_beat)
        for k in range(60):
            state = _core.CutthroatPinochleState(game.rules, 77, k % 3, k)
            while state.phase != "done":
                if state.phase == "play":
                    legal = state.legal_mask()
                    before = state.hands[state.to_act]
                    state.policy_step("heuristic")
                    played = before & ~_hand_of(state, before)
                    bit = played.bit_length() - 1
                    assert legal >> bit & 1 or legal >> (bit ^ 1) & 1, (must_beat, k)
                else:
                    state.policy_step("heuristic")


# -- the documented follow rules, checked at every such decision of heuristic hands ------------
#
# cardsim.players: a defender (a partner, in Partnership Pinochle) whose partner is winning
# a trick it plays last on throws its richest card (most points, lowest rank, trump last);
# a player that cannot win a trick its partner is not winning gives up its cheapest card
# (trump costs most, then counters, then rank).  Worked out here from the cards alone.

RANK_POINTS = (0, 0, 0, 1, 1, 1)  # 9 J Q K T A: the counters are A, T, K


def rank(bit: int) -> int:
    return (bit & 15) >> 1


def beats(card: int, best: int, trump: int) -> bool:
    if card >> 4 == best >> 4:
        return rank(card) > rank(best)  # an identical card played later does not win
    return card >> 4 == trump


def distinct(mask: int) -> list[int]:
    """One bit per distinct card (copy 0's position) of a physical mask."""
    return sorted({b & ~1 for b in range(64) if mask >> b & 1})


def richest(cards: list[int], trump: int) -> set[int]:
    """The richest cards (equals in every suit: the tie between suits goes by what the player
    sees of them, never the suit order; tests/test_decision_symmetry.py checks that part)."""
    value = {c: 16 * RANK_POINTS[rank(c)] - rank(c) - (32 if c >> 4 == trump else 0) for c in cards}
    top = max(value.values())
    return {c for c in cards if value[c] == top}


def cheapest(cards: list[int], trump: int) -> set[int]:
    """The cheapest cards (ties between suits: as in richest)."""
    cost = {c: (20 if c >> 4 == trump else 0) + 6 * RANK_POINTS[rank(c)] + rank(c) for c in cards}
    low = min(cost.values())
    return {c for c in cards if cost[c] == low}


def follow_decisions(name: str, hands: int, seed: int, **options):
    """(kind, expected, played) at each last-to-play feed and each hopeless follow of heuristic hands."""
    game = Game(name, **options)
    seats = game.seats
    make = {"cutthroat-pinochle": _core.CutthroatPinochleState, "partnership-pinochle": _core.PartnershipPinochleState}
    out = []
    for k in range(hands):
        state = make[name](game.rules, seed, k % seats, k)
        while state.phase != "done":
            trick = state.trick
            if state.phase != "play" or not trick:
                state.policy_step("heuristic")
                continue
            s, t = state.to_act, state.trump
            legal = distinct(state.legal_mask())
            best_i = 0
            for i in range(1, len(trick)):
                if beats(trick[i], trick[best_i], t):
                    best_i = i
            winner = (state.leader + best_i) % seats
            friend = (winner == (s + 2) % 4) if seats == 4 else (s != state.bidder and winner != state.bidder)
            before = state.hands[s]
            state.policy_step("heuristic")
            played = distinct(before & ~state.hands[s])[0]
            if len(legal) < 2:
                continue
            if friend and len(trick) == seats - 1:
                out.append(("feed", richest(legal, t), played))
            elif not friend and not any(beats(c, trick[best_i], t) for c in legal):
                out.append(("duck", cheapest(legal, t), played))
    return out


@pytest.mark.parametrize("name, options", [("cutthroat-pinochle", {}), ("cutthroat-pinochle", {"must_beat": "never"}),
                                           ("partnership-pinochle", {}),
                                           ("partnership-pinochle", {"must_beat": "always", "pass_cards": 0})])
def test_heuristic_feeds_partners_tricks_and_ducks_as_documented(name, options):
    decisions = follow_decisions(name, 150, 61, **options)
    feeds = [d for d in decisions if d[0] == "feed"]
    ducks = [d for d in decisions if d[0] == "duck"]
    assert len(feeds) > 100 and len(ducks) > 100
    wrong = [(kind, [PINOCHLE.code(w) for w in want], PINOCHLE.code(got)) for kind, want, got in decisions
             if got not in want]
    assert not wrong, wrong[:10]
    assert sum(len(want) > 1 for _, want, _ in decisions) > 20   # ties between suits do occur
