"""Each hand's deal in hand batches (``simulate(n, deals=True)``): the deal the hand played.

Two checks that do not read the core's deal writer: hand 0 of a batch keyed by ``s`` is the
contract hand ``Game.deal(seed=s, dealer=0)`` played by the same players, whose deal (or, after
an all-pass redeal, the last redeal recorded in its history) must be the row; and a chosen deal
built from each row and played by the (deterministic) heuristic must give that hand's record.
"""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import CardsimError, Game, _core

GAMES = ["cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle", "cutthroat-euchre", "euchre",
         "cutthroat-spades", "spades"]
OPTIONS = {"cutthroat-pinochle": {"all_pass": "redeal", "dealer_may_bid": True},
           "partnership-pinochle": {"all_pass": "redeal"}}


def row_as_deal(game: Game, row) -> dict:
    """The row in the contract's deal terms (card strings per place)."""
    deal = {"dealer": int(row["dealer"]), "hands": [str(game.cards(int(m))) for m in row["hands"]]}
    for place in row.dtype.names[2:]:
        deal[place] = str(game.cards(int(row[place])))
    return deal


def played_deal(game: Game, hand) -> dict:
    """The deal the contract hand played: its own, or the last redeal in its history."""
    deal = dict(hand.deal)
    for entry in hand.history:
        if isinstance(entry, dict) and "redeal" in entry:
            deal = dict(entry["redeal"])
    return deal


def same_places(game: Game, got: dict, want: dict) -> None:
    assert got["dealer"] == want["dealer"]
    assert got["hands"] == [str(game.cards(h)) for h in want["hands"]]
    for place in ("widow", "upcard", "kitty", "dummy"):
        if place in got:
            assert got[place] == str(game.cards(want[place])), place
    if "stock" in got:  # the row keeps the stock's cards, not their order
        assert got["stock"] == str(game.cards(want["stock"]))


@pytest.mark.parametrize("name", GAMES)
def test_hand_zero_is_the_contract_hand_of_the_seed(name):
    game = Game(name, **OPTIONS.get(name, {}))
    redealt = 0
    for seed in range(400):  # 40 seeds, and on until a redeal was among them (games with OPTIONS)
        if seed >= 40 and (redealt or name not in OPTIONS):
            break
        policy = "random" if seed % 2 else "heuristic"
        row = game.simulate(1, seed=seed, policy=policy, threads=1, deals=True).deals[0]
        hand = game.deal(seed=seed, dealer=0).play_out(policy)
        same_places(game, row_as_deal(game, row), played_deal(game, hand))
        redealt += any(isinstance(e, dict) for e in hand.history)
    if name in OPTIONS:
        assert redealt >= 1  # an all-pass redeal was among these hands: the row is the last deal


def replayed(game: Game, row, seed: int):
    """The hand dealt as ``row`` played out by the heuristic.  Pinochle: on the core's step state
    with the row's physical masks (a chosen deal through the contract normalises which copy of a
    card a seat holds, and the heuristic's trump tie-break reads the copies); others: the contract."""
    dealer, masks = int(row["dealer"]), [int(m) for m in row["hands"]]
    if game.name == "cutthroat-pinochle":
        state = _core.CutthroatPinochleState(game.rules, seed, dealer, 0)
        state.set_deal(masks, int(row["widow"]), dealer)
    elif game.name == "partnership-pinochle":
        state = _core.PartnershipPinochleState(game.rules, seed, dealer, 0)
        state.set_hands(masks)
    else:
        return game.deal(cards=row_as_deal(game, row), dealer=dealer, seed=seed).play_out("heuristic")._state
    while state.phase != "done":
        state.policy_step("heuristic")
    return state


@pytest.mark.parametrize("name", [g for g in GAMES if g != "two-hand-pinochle"])
def test_each_row_replays_to_its_hand_record(name):
    """(Two-hand's row keeps the stock's cards, not their order: it cannot be replayed.)"""
    game = Game(name, **OPTIONS.get(name, {}))
    records = game.simulate(60, seed=7, policy="heuristic", threads=2, deals=True)
    field = {"cutthroat-pinochle": "score", "partnership-pinochle": "team_score", "cutthroat-euchre": "points",
             "euchre": "points", "cutthroat-spades": "score", "spades": "score"}[name]
    for i in range(len(records)):
        got = list(getattr(replayed(game, records.deals[i], 7), field))
        assert got == list(records[i][field])[:len(got)], (i, got, records[i])


def test_deals_for_any_threads_and_chunks_and_bad_requests():
    game = Game("cutthroat-euchre")
    rows = [game.simulate(500, seed=3, threads=t, deals=True).deals for t in (1, 2, 3)]
    assert rows[0].tobytes() == rows[1].tobytes() == rows[2].tobytes()
    assert game.hand_deals(100, start=200, seed=3, threads=2).tobytes() == rows[0][200:300].tobytes()
    r = rows[0]
    places = np.concatenate([r["hands"], r["kitty"][:, None], r["dummy"][:, None]], axis=1)
    every = np.bitwise_or.reduce(places, axis=1)
    assert len(set(every.tolist())) == 1  # every deal places the whole deck, each card once
    assert all(sum(bin(int(m)).count("1") for m in row) == 24 for row in places)
    assert ((r["upcard"] & r["kitty"]) == r["upcard"]).all()  # the upcard is among the undealt cards
    with pytest.raises(CardsimError, match="deals=True needs unit='hand'"):
        game.simulate(3, unit="game", deals=True)


def test_cli_writes_the_deals(tmp_path):
    from click.testing import CliRunner

    from cardsim.cli import main

    out, deals = tmp_path / "hands.npz", tmp_path / "deals.npz"
    result = CliRunner().invoke(main, ["simulate", "spades", "--hands", "300", "--seed", "5", "--threads", "2",
                                       "--out", str(out), "--deals", str(deals)])
    assert result.exit_code == 0, result.output
    with np.load(deals) as data:
        rows = data["records"]
    assert rows.tobytes() == Game("spades").hand_deals(300, seed=5).tobytes()
    with np.load(out) as data:
        assert (data["records"]["dealer"] == rows["dealer"]).all()
    bad = CliRunner().invoke(main, ["simulate", "spades", "--hands", "3", "--unit", "tournament", "--deals", str(deals)])
    assert bad.exit_code == 2 and "--deals needs --unit hand or game" in bad.output
