"""The euchre heuristic does what cardsim.players says, on hand-made positions."""
from __future__ import annotations

from cardsim import Game
from cardsim.euchre.hand import CutthroatEuchreHand, EuchreHand

# Dealer 0, seat 1 leads; the kitty is TH (upcard) JS JC KD.
DEAL = ["JH AH KH QH TC", "AS 9C QC KC AC", "9S TS QS KS AD", "9H JD 9D TD QD"]


def ordered(deal, upcard="TH", discard="TC"):
    hand = EuchreHand.from_cards(Game("euchre").rules, deal, upcard=upcard)
    hand.act("order")           # seat 1 makes hearts
    hand.discard(discard)
    hand.act("not alone")
    return hand


def test_never_trumps_a_partners_winning_trick():
    hand = ordered(DEAL)
    hand.play("AS")
    hand.play("9S")
    hand.step("heuristic")      # seat 3, void in spades, partner winning: a plain card
    assert hand.trick[-1] == (3, "9D")


def test_trumps_an_opponents_winning_trick_cheaply():
    hand = ordered(DEAL)
    hand.play("AS")
    hand.step("heuristic")      # seat 2 cannot beat AS: it throws its lowest spade
    assert hand.trick[-1] == (2, "9S")
    hand.play("9D")
    hand.step("heuristic")      # seat 0 (opponent of the maker's team) trumps with its lowest trump
    assert "TH" in hand.taken[0] and hand.tricks == [1, 0, 0, 0]


def test_maker_leads_a_boss_trump():
    deal = ["9S TS QS KS AD", "JH 9C QC KC AC", "AH KH QH AS TC", "9H JD 9D TD QD"]
    hand = ordered(deal, discard="9S")
    hand.step("heuristic")      # the maker pulls trump with the right bower
    assert hand.trick == [(1, "JH")]


def test_merge_keeps_trumps_and_aces():
    game = Game("cutthroat-euchre", dealer_pickup="always")
    for seed in range(200):
        hand = game.deal(seed=seed)
        hand.act("order")
        hand.step("heuristic")          # the dealer discards
        hand.act("not alone")
        held = list(hand.hands[hand.maker])
        hand.step("heuristic")          # the merge
        kept = list(hand.hands[hand.maker])
        left = "J" + {"S": "C", "C": "S", "H": "D", "D": "H"}[hand.trump]
        trumps = [c for c in held if c[1] == hand.trump or c == left]
        aces = [c for c in held if c[0] == "A" and c not in trumps]
        if len(trumps) >= 5:
            assert set(kept) <= set(trumps)
        else:
            assert set(trumps) <= set(kept)
            assert len(set(aces) & set(kept)) == min(len(aces), 5 - len(trumps))


# -- more hand-made positions, one documented behaviour each ---------------------------------

FULL = [r + s for s in "SHDC" for r in "9TJQKA"]


def deal_with(name, fixed, upcard, dealer=0, dummy=None):
    """A deal where the seats in ``fixed`` hold the given cards; the other seats (and the
    cutthroat dummy, unless given) get the cards left over in deck order, 5 each, and the
    kitty the last 3 with the upcard.  The heuristic reads only its own hand, the upcard
    and the cards played, so what the other seats hold does not change its choice."""
    game = Game(name)
    rest = [c for c in FULL if c != upcard and all(c not in h.split() for h in fixed.values())
            and (dummy is None or c not in dummy.split())]
    hands = []
    for seat in range(game.seats):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(" ".join(rest[:5]))
            rest = rest[5:]
    if game.seats == 3:
        if dummy is None:
            dummy, rest = " ".join(rest[:5]), rest[5:]
        return game._engine.hand_class.from_cards(game.rules, hands, upcard=upcard, dummy=dummy, dealer=dealer)
    return EuchreHand.from_cards(game.rules, hands, upcard=upcard, dealer=dealer)


def heuristic_card(hand):
    """(seat, card) the heuristic plays now (also when it completes the trick)."""
    seat, before = hand.to_act, set(hand.hands[hand.to_act])
    hand.step("heuristic")
    (card,) = before - set(hand.hands[seat])
    return seat, card


# Leading.  Dealer 0, seat 1 leads; the kitty is TH (the upcard) JS AC TD.
LEAD_DEAL = ["JH QS TC QC KC", "KH 9H AS KS 9D", "AH 9S TS JC 9C", "JD QH AD KD QD"]


def test_maker_without_a_sure_trump_leads_its_lowest_trump():
    hand = ordered(LEAD_DEAL, discard="QC")     # seat 1 makes hearts holding KH 9H
    hand.step("heuristic")
    assert hand.trick == [(1, "9H")]


def test_defender_leads_its_cheapest_sure_winner_not_trump():
    hand = EuchreHand.from_cards(Game("euchre").rules, LEAD_DEAL, upcard="TH")
    hand.act("pass")
    hand.act("order")                           # seat 2 makes hearts; seat 1 defends
    hand.discard("QC")
    hand.act("not alone")
    hand.step("heuristic")                      # AS and KS are both sure winners (it holds AS): KS
    assert hand.trick == [(1, "KS")]


def test_without_a_sure_winner_leads_the_cheapest_plain_card():
    deal = ["JH AS KS QC KC", "9H TC 9D QS KD", "AH 9S TS JC 9C", "JD QH AD QD KH"]
    hand = EuchreHand.from_cards(Game("euchre").rules, deal, upcard="TH")
    hand.act("pass")
    hand.act("order")
    hand.discard("QC")
    hand.act("not alone")
    hand.step("heuristic")                      # 9D before the equally low trump 9H
    assert hand.trick == [(1, "9D")]


# Following.  Seat 1 makes hearts and leads 9S.

def test_second_hand_wins_with_a_sure_winner():
    deal = ["TS JS 9C TC QC", "9S JH AH KH 9D", "QS AS JC KC AC", "KS JD QH 9H TD"]
    hand = ordered(deal, discard="9C")
    hand.play("9S")
    hand.step("heuristic")                      # QS would win now but KS is out: AS
    assert hand.trick[-1] == (2, "AS")


def test_last_hand_wins_with_its_cheapest_winner():
    deal = ["QS AS 9C TC QC", "9S JH AH KH 9D", "TS JC KC AC QD", "JS JD QH 9H TD"]
    hand = ordered(deal, discard="9C")
    for card in ("9S", "TS", "JS"):
        hand.play(card)
    assert heuristic_card(hand) == (0, "QS")    # seat 0 plays last: QS is enough
    assert hand.tricks == [1, 0, 0, 0]


def test_throws_its_cheapest_card_when_it_cannot_win():
    hand = ordered(DEAL)                        # seat 1 leads a club; seat 2 has no club, no trump
    hand.play("9C")
    hand.step("heuristic")
    assert hand.trick[-1] == (2, "9S")


def test_cutthroat_defender_does_not_overtake_the_other_defender():
    """Cutthroat: the two defenders are partners for the hand.  Seat 1 leads KS, the maker
    follows 9S; seat 0, last, holds AS TS and plays TS."""
    hand = CutthroatEuchreHand.from_cards(Game("cutthroat-euchre").rules,
                                          ["AS TS 9C TC QC", "KS 9D TD QD KD", "9S JH AH KH QH"],
                                          dummy="JS QS 9H JC KC", upcard="TH")
    for action in ("pass", "order", "leave", "not alone", "keep 9S JH AH KH QH", "not alone", "not alone"):
        hand.act(action)
    assert hand.phase == "play" and hand.to_act == 1
    hand.play("KS")
    hand.play("9S")
    assert heuristic_card(hand) == (0, "TS") and hand.tricks == [0, 1, 0]


def test_cutthroat_defender_beats_the_maker():
    """The same cards, but seat 1 is the maker leading KS: seat 0 wins with AS."""
    hand = CutthroatEuchreHand.from_cards(Game("cutthroat-euchre").rules,
                                          ["AS TS 9C TC QC", "KS 9D TD QD KD", "9S JH AH KH QH"],
                                          dummy="JS QS 9H JC KC", upcard="TH")
    for action in ("order", "leave", "not alone", "keep KS 9D TD QD KD", "not alone", "not alone"):
        hand.act(action)
    assert hand.maker == 1 and hand.phase == "play" and hand.to_act == 1
    hand.play("KS")
    hand.play("9S")
    assert heuristic_card(hand) == (0, "AS") and hand.tricks == [1, 0, 0]


# Bidding, the discard, going alone, the merge.

def test_orders_up_a_strong_hand_and_passes_a_weak_one():
    # the dealer's partner (seat 2) orders its strong hand up; the dealer's left (seat 1) with the
    # same cards passes: the learned table (scripts/euchre_bid_table.py) follows the bid odds with
    # the same players, where the other seats then order hearts into its bowers (pass 1.59 net
    # points, order up 1.25, 3,000 trials)
    strong = deal_with("euchre", {2: "JH JD AH 9S 9C"}, upcard="TH")
    strong.act("pass")
    strong.step("heuristic")
    assert strong.maker == 2 and strong.trump == "H"
    weak = deal_with("euchre", {1: "9H TS QC KD 9C"}, upcard="TH")
    weak.step("heuristic")
    assert weak.maker is None and weak.to_act == 2


def test_dealer_discards_a_singleton_to_make_a_void():
    hand = deal_with("euchre", {0: "KS 9D TD QH 9H"}, upcard="TH")
    hand.act("order")                           # seat 1 orders; the dealer takes TH
    hand.step("heuristic")                      # KS (alone in spades) goes before the lower 9D
    assert list(hand.discarded) == ["KS"]


def test_dealer_always_takes_the_upcard():
    hand = deal_with("cutthroat-euchre", {0: "9S TS 9C TC 9D"}, upcard="TH")
    hand.act("order")
    assert hand.phase == "pickup"
    hand.step("heuristic")
    assert hand.picked_up and hand.phase == "discard"


MARCH_HANDS = (("JH JD AH AS AC", True), ("JH JD AH KH 9S", True), ("JH JD AH AS KC", True),
               ("JD AH KH QH AS", True), ("JH AH KH 9S 9C", False), ("AH KH QH TH AS", False),
               ("JH TH KS QC 9D", False))


def test_goes_alone_with_strong_holdings_only():
    """Seat 1 (the dealer's left) orders up 9H.  The bid odds (6,000 deals, the same players)
    put alone above not alone for the four strong holdings: 3.97 against 1.99, 1.77 / 1.35,
    2.33 / 1.44 and 2.36 / 1.42 net points; the last three are outside the alone domain (two
    losers, no bower, one trump), where the heuristic never goes alone."""
    for cards, alone in MARCH_HANDS:
        hand = deal_with("euchre", {1: cards}, upcard="9H")
        hand.act("order")
        hand.step("heuristic")                  # the dealer's discard
        hand.step("heuristic")                  # seat 1: alone or not
        assert hand.maker_alone is alone, cards


def test_cutthroat_maker_goes_alone_only_when_it_pays_a_bonus():
    """Cutthroat by the seed (a lone march pays 3, like a march with the dummy) the maker
    always merges the dummy; under the legacy preset (4) it goes alone with a march hand (the
    hand-set "expected to march" ones), never outside the alone domain."""
    for preset, bonus in ((None, False), ("legacy", True)):
        rules = Game("cutthroat-euchre", preset=preset, dealer_pickup="always").rules
        for cards, alone in MARCH_HANDS[:2] + MARCH_HANDS[4:]:
            base = deal_with("cutthroat-euchre", {1: cards}, upcard="9H")
            hand = CutthroatEuchreHand.from_cards(rules, [" ".join(h) for h in base.hands], upcard="9H",
                                                  dummy=" ".join(base.dummy))
            hand.act("order")
            hand.step("heuristic")              # the dealer's discard
            assert hand.phase == "alone" and hand.to_act == 1
            hand.step("heuristic")
            assert hand.maker_alone is (alone and bonus), (preset, cards)
            assert hand.phase == ("defend" if alone and bonus else "merge")


def test_defender_goes_alone_only_when_it_pays_a_bonus():
    """A defender holding a march hand goes alone when lone_defender_march_points (4)
    is above euchre_points (2), not when the two are equal."""
    for options, alone in (({}, True), ({"lone_defender_march_points": 2}, False)):
        rules = Game("euchre", allow_lone_defender=True, **options).rules
        base = deal_with("euchre", {1: "JH JD AH AS AC"}, upcard="9D")
        hand = EuchreHand.from_cards(rules, [" ".join(h) for h in base.hands], upcard="9D")
        for _ in range(4):
            hand.act("pass")
        hand.act("pass")                        # round 2: seat 1 passes; seat 2 names hearts
        hand.name("H")
        hand.act("not alone")
        assert hand.phase == "defend" and hand.to_act == 1
        hand.step("heuristic")
        assert (hand.lone_defender == 1) is alone, options


def test_stuck_dealer_names_its_best_suit_and_a_free_one_passes():
    for stick, named in ((True, "D"), (False, None)):
        game_rules = Game("euchre", stick_the_dealer=stick).rules
        base = deal_with("euchre", {0: "9C TH QD KD TD"}, upcard="9S")
        hand = EuchreHand.from_cards(game_rules, [" ".join(h) for h in base.hands], upcard="9S")
        for _ in range(7):
            hand.act("pass")
        assert hand.phase == "bid2" and hand.to_act == 0
        hand.step("heuristic")
        assert hand.trump == named and (hand.maker == 0 if named else hand.redeals == 1)


def test_merge_keeps_trumps_then_aces_then_the_best_card():
    for mine, dummy, kept in (
        ("9S TS 9C QH 9H", "AH KD AS TC JD", {"QH", "9H", "AH", "JD", "AS"}),
        # spades and clubs are both of the other colour: 9S and 9C tie, and the tie goes to the
        # suit of the weaker holding (9C TC KC below 9S TS AS), never the suit order; clubs then
        # empty into a void, which keeps TS rather than KC
        ("9S TS 9C TC QH", "AH JD AS KD KC", {"QH", "AH", "JD", "AS", "TS"}),
    ):
        hand = deal_with("cutthroat-euchre", {1: mine}, upcard="TH", dummy=dummy)
        hand.act("order")
        hand.act("leave")
        hand.act("not alone")
        hand.step("heuristic")
        assert set(hand.hands[1]) == kept and len(hand.discarded) == 5


# Near game (players.pxd eu_rules_near_game): the game ends after the hand in which a side reaches
# target_score (10), so once a march with the partner reaches it, going alone only gives up tricks.

def test_goes_alone_only_while_a_lone_march_can_still_count():
    """JH JD AH KH 9S ordering up 9H from the dealer's left (team 1).  At 0-0 alone is right: bid
    odds, 6,000 deals, 1.77 net points alone against 1.35.  At 7 a lone march (4) wins the game and
    a march (2) does not: alone as at 0-0.  At 8 a march wins the game: P(march) is 0.346 with the
    partner against 0.257 alone (same odds), so alone is wrong; at 9 any make wins (P(euchred) 0
    either way).  The opponents' score does not matter here."""
    for score, alone in (([0, 0], True), ([9, 7], True), ([0, 8], False), ([5, 9], False)):
        hand = deal_with("euchre", {1: "JH JD AH KH 9S"}, upcard="9H")
        hand._state.game_score = score
        assert hand._state.game_score == score
        hand.act("order")
        hand.step("heuristic")                  # the dealer's discard
        hand.step("heuristic")                  # seat 1: alone or not
        assert hand.maker_alone is alone, score
        assert hand._state.clone().game_score == score


def test_lone_game_bonus_is_read_only_where_only_a_lone_march_wins():
    """JD KH QH AS AC ordering up 9H from the dealer's left (team 1; in the alone domain, the
    alone count below nothing) plays with the partner at 0-0 and, with the shipped bonuses (0,
    0: scripts/euchre_lone_game.py found every bonus it tried lose games), at 7 too.  A bonus is
    read only where a lone march alone wins the game (team 1 at 6 or 7), the second one only
    with the opponents a march from the game (at 8 or 9)."""
    from cardsim.euchre.euchre import euchre_lone_game_bonus

    def alone(score, bonus):
        before = euchre_lone_game_bonus("euchre", bonus)
        try:
            hand = deal_with("euchre", {1: "JD KH QH AS AC"}, upcard="9H")
            hand._state.game_score = score
            hand.act("order")
            hand.step("heuristic")              # the dealer's discard
            hand.step("heuristic")              # seat 1: alone or not
            return hand.maker_alone
        finally:
            euchre_lone_game_bonus("euchre", before)

    assert euchre_lone_game_bonus("euchre") == (0, 0)
    big = 10**6
    assert [alone(score, None) for score in ([0, 0], [0, 6], [9, 7])] == [False] * 3
    assert [alone(score, (big, 0)) for score in ([0, 0], [0, 5], [0, 6], [7, 7], [8, 7], [0, 8])] == [
        False, False, True, True, False, False]
    assert [alone(score, (0, big)) for score in ([0, 7], [7, 7], [8, 6], [9, 7])] == [False, False, True, True]


def test_defends_alone_only_while_a_lone_defence_can_still_count():
    """The defender of test_defender_goes_alone_only_when_it_pays_a_bonus (team 1) defends alone
    at 0-0 and at 7 (a euchre, 2, falls short of the game), not at 8 (a euchre with the partner
    wins the game)."""
    rules = Game("euchre", allow_lone_defender=True).rules
    base = deal_with("euchre", {1: "JH JD AH AS AC"}, upcard="9D")
    for score, alone in (([0, 0], True), ([9, 7], True), ([3, 8], False)):
        hand = EuchreHand.from_cards(rules, [" ".join(h) for h in base.hands], upcard="9D")
        hand._state.game_score = score
        for _ in range(5):
            hand.act("pass")
        hand.name("H")
        hand.act("not alone")
        hand.step("heuristic")
        assert (hand.lone_defender == 1) is alone, score


def test_whole_games_never_go_alone_once_a_march_wins_the_game():
    """In the core's whole games (the driver hands each hand's players the score so far) no maker
    whose side is at 8 or 9 goes alone, while makers further from the game do."""
    game = Game("euchre")
    records = game.simulate(60, unit="game", seed=4, threads=1, hand_scores=True, histories=True)
    rows, hist = records.hand_scores, records.histories
    assert len(hist) == len(rows)
    near = far = 0
    for i in range(len(rows)):
        hand = hist.replay(i)
        if hand.maker is None:
            continue
        side = hand.maker % 2
        before = int(rows["score"][i][side] - rows["points"][i][side])
        if before >= 8:
            near += 1
            assert not hand.maker_alone, (i, before)
        else:
            far += hand.maker_alone
    assert near > 20 and far > 20
