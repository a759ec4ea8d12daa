"""Batches are reproducible: the records depend on the seed (and hand index) alone.

Game.simulate promises: hand ``i`` depends only on ``(seed, i)``; its dealer is
``i % seats``, moving left on redeals; so the records are the same for any number
of threads, and (it follows) for any batch length and any split into chunks.  It
does not promise that ``Game.deal(seed=...)`` replays a batch hand, so that is not
tested here.
"""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import CardsimError, Game, HandRecords
from cardsim.game import CHUNK_HANDS

GAME = "cutthroat-pinochle"
POLICIES = ("random", "heuristic")
SIZES = (1, 63, 64, 65, 1000, CHUNK_HANDS + 777)  # the last one spans two chunks


def raw(records: HandRecords) -> bytes:
    return records.array.tobytes()


@pytest.fixture(scope="module")
def game():
    return Game(GAME)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("n", SIZES)
def test_same_seed_same_bytes_for_any_threads(game, policy, n):
    one = game.simulate(n, policy=policy, seed=7, threads=1)
    assert len(one) == n
    for threads in (2, 3):
        other = game.simulate(n, policy=policy, seed=7, threads=threads)
        assert raw(other) == raw(one), f"threads={threads} changed the records"
    assert raw(game.simulate(n, policy=policy, seed=7)) == raw(one)  # default threads


@pytest.mark.parametrize("policy", POLICIES)
def test_hand_depends_only_on_seed_and_index(game, policy):
    """A shorter batch is a prefix of a longer one, across the chunk boundary too."""
    n = CHUNK_HANDS + 300
    long = game.simulate(n, policy=policy, seed=11, threads=2)
    for m in (1, 64, 999, CHUNK_HANDS, CHUNK_HANDS + 1):
        short = game.simulate(m, policy=policy, seed=11, threads=1)
        assert short.array.tobytes() == long.array[:m].tobytes(), m


@pytest.mark.parametrize("policy", POLICIES)
def test_dealer_follows_index_and_redeals(game, policy):
    records = game.simulate(30_000, policy=policy, seed=3, threads=2)
    i = np.arange(len(records))
    assert (records["dealer"] == (i + records["redeals"]) % 3).all()
    assert (records["redeals"] > 0).any()  # the promise was tested with redeals present


@pytest.mark.parametrize("policy", POLICIES)
def test_different_seeds_differ(game, policy):
    batches = [raw(game.simulate(2000, policy=policy, seed=s, threads=2)) for s in (0, 1, 2, 2**63, 2**64 - 1)]
    assert len(set(batches)) == len(batches)
    # not only the bytes: the hands themselves differ (bids, scores)
    a = game.simulate(2000, policy=policy, seed=0, threads=1)
    b = game.simulate(2000, policy=policy, seed=1, threads=1)
    assert (a["score"] != b["score"]).any(axis=1).mean() > 0.5


def test_policies_differ(game):
    r = game.simulate(5000, policy="random", seed=4, threads=2)
    h = game.simulate(5000, policy="heuristic", seed=4, threads=2)
    assert raw(r) != raw(h)


def test_rules_change_the_records():
    a = Game(GAME).simulate(3000, policy="random", seed=4, threads=2)
    b = Game(GAME, must_beat="never").simulate(3000, policy="random", seed=4, threads=2)
    assert raw(a) != raw(b)


def test_policy_per_seat(game):
    mixed = ["random", "heuristic", "random"]
    one = game.simulate(CHUNK_HANDS + 50, policy=mixed, seed=9, threads=1)
    two = game.simulate(CHUNK_HANDS + 50, policy=mixed, seed=9, threads=3)
    assert raw(one) == raw(two)
    assert one.policy == mixed
    assert raw(game.simulate(500, policy=["random"] * 3, seed=9, threads=1)) == raw(
        game.simulate(500, policy="random", seed=9, threads=2))
    assert raw(one) != raw(game.simulate(CHUNK_HANDS + 50, policy="random", seed=9, threads=2))
    # seat order matters
    assert raw(game.simulate(5000, policy=["heuristic", "random", "random"], seed=9, threads=2)) != raw(
        game.simulate(5000, policy=["random", "random", "heuristic"], seed=9, threads=2))
    for bad in (["random"], ["random"] * 4, []):
        with pytest.raises(CardsimError):
            game.simulate(10, policy=bad, seed=1)
    with pytest.raises(CardsimError):
        game.simulate(10, policy=["random", "clever", "random"], seed=1)
    with pytest.raises(CardsimError):
        game.simulate(10, policy="clever", seed=1)


def test_records_metadata_and_empty(game):
    records = game.simulate(0, seed=5)
    assert len(records) == 0 and records.dtype.names == game.record_fields
    records = game.simulate(10, policy="heuristic", seed=5, threads=1)
    assert records.seed == 5 and records.policy == ["heuristic"] * 3 and records.game == GAME


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "1", True, None])
def test_bad_seed(game, seed):
    with pytest.raises(CardsimError):
        game.simulate(10, seed=seed)


@pytest.mark.parametrize("threads", [0, -2, 1.0, "2", True])
def test_bad_threads(game, threads):
    with pytest.raises(CardsimError):
        game.simulate(10, seed=1, threads=threads)


def test_bad_n(game):
    with pytest.raises(CardsimError):
        game.simulate(-1, seed=1)


def test_numpy_integer_seed_and_threads(game):
    a = game.simulate(300, seed=np.uint64(12), threads=np.int64(2))
    b = game.simulate(300, seed=12, threads=1)
    assert raw(a) == raw(b)


def test_progress_reports_every_chunk(game):
    calls = []
    n = 2 * CHUNK_HANDS + 10
    game.simulate(n, policy="random", seed=1, threads=2, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(CHUNK_HANDS, n), (2 * CHUNK_HANDS, n), (n, n)]


def test_step_api_is_deterministic(game):
    """Game.deal with the same seed and dealer deals the same cards and plays out the same."""
    for seed in (0, 1, 12345, 2**64 - 1):
        for dealer in range(3):
            for policy in POLICIES:
                a = game.deal(seed=seed, dealer=dealer)
                b = game.deal(seed=seed, dealer=dealer)
                assert a.hands == b.hands and a.widow == b.widow and a.dealer == b.dealer
                assert a.play_out(policy).result() == b.play_out(policy).result()
    assert game.deal(seed=1).hands != game.deal(seed=2).hands


@pytest.mark.parametrize("policy", ("random", ["random", "heuristic", "random"]))
def test_cutthroat_hands_played_in_groups_match_hands_played_alone(policy):
    """The core plays random cutthroat hands in groups (their tricks side by side): hand i's record
    is the same whatever hands share its group, in a short group at a batch's end, or alone."""
    from cardsim import _core

    game = Game("cutthroat-pinochle", dealer_may_bid=True)
    policies = [policy] * 3 if isinstance(policy, str) else policy

    def core(start: int, n: int) -> np.ndarray:
        out = np.zeros(n, dtype=_core.CP_RECORD_DTYPE)
        _core.simulate_cutthroat_pinochle(game.rules, 5, start, out, policies, 1)
        return out

    batch = core(0, 41)
    assert (batch["trump"] >= 0).sum() > 30  # hands that reached the tricks
    assert core(7, 34).tobytes() == batch[7:].tobytes()  # grouped another way
    assert b"".join(core(i, 1).tobytes() for i in range(41)) == batch.tobytes()
