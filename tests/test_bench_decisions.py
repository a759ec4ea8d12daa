"""bench/decisions.py's readers of a seat's bid ceiling (issue 11): after a partner's pass, the
threshold reader sees the seat's ceiling after that pass (its count of its own with the read of the
pass), which the stepped auction rounds down onto the seat's every third bid."""
from __future__ import annotations

import pytest

from cardsim import Game
from cardsim.pinochle import common
from repo_files import load


def bench():
    return load("bench/decisions.py", "bench_decisions")


def test_the_threshold_after_a_partners_pass_reads_the_ceiling_after_the_pass():
    """A hand-made auction (dealer 3): seat 0 opens at the minimum, seat 1 passes, seat 2 raises by
    one; seat 3, whose partner passed with MIN + 1 open, is measured.  Its threshold with the read
    loaded is exactly its ceiling after the pass (scripts/pinochle_bid_table.py after_pass_ceiling:
    its count of its own + c0 + c1 x (MIN + 1) tenths, rounded), and differs from its threshold
    without the read (its opener's ceiling): the ceiling is fixed once the partner passed, so the
    jump-and-pass probes find it.  The stepped reader (two opponents raising by one, the seat
    calling every third bid) stops up to two below it."""
    decisions = bench()
    game = Game("partnership-pinochle")
    low = int(game.rules["min_bid"])
    tables = common.pinochle_bid_tables()["partnership-pinochle"]
    lib = load("scripts/pinochle_bid_table.py", "pinochle_bid_table")
    hand = game.deal(seed=4, dealer=3)   # seed 3's two ceilings are level with the 9 after-pass trees
    for call in (str(low), "pass", str(low + 1)):
        hand.apply(hand.string_to_action(call))
    assert hand.to_act == 3
    after = lib.after_pass_ceiling(tables["partner_count"], tables["partner"], hand.hands[3].mask, game.rules, low + 1,
                                   tables["partner_trees"])
    moved = decisions.threshold_ceiling(hand.clone(), 3, 1)
    with decisions.partner_read_unloaded(game):
        alone = decisions.threshold_ceiling(hand.clone(), 3, 1)
    assert alone is not None and alone >= low + 4 and after >= low + 4
    assert moved == after != alone
    stepped = decisions._ceiling_from(hand.clone(), 3, 1)
    assert moved - 2 <= stepped <= moved and (stepped - (low + 2)) % 3 == 0


def test_the_blind_rows_looking_tables_keep_every_part_but_the_blind_bids():
    """The blind kind's "look" row reloads the spades tables with the blind bids off
    (``_looking_tables``): every other loaded part stays as it was, whatever parts a later table adds
    (a part left out there once turned cutthroat spades' nil exposure off in that row)."""
    from cardsim import _core
    decisions = bench()
    for name, shape in (("spades", 0), ("cutthroat-spades", 1)):
        before = _core.spades_bid_params()[shape]
        try:
            assert decisions._looking_tables(Game(name)) == (shape, before)
            after = _core.spades_bid_params()[shape]
            assert before is not None and after is not None
            assert {k: v for k, v in after.items() if k not in ("blind_nil", "blind6")} == \
                   {k: v for k, v in before.items() if k not in ("blind_nil", "blind6")}
            assert not any(after.get(k) for k in ("blind_nil", "blind6"))
        finally:
            _core._load_spades_bid_tables()
        assert _core.spades_bid_params()[shape] == before


def test_the_blind_rows_look_row_turns_the_game_rules_off_and_splits_their_scores():
    """The blind kind's "look" row is the seat looking: sp_game_bid's blind rules are off while the
    odds run (with them on, that row bid blind nil far behind near the end, and equalled the blind
    nil row there), and back as they were afterwards.  Scores where a game rule holds are marked,
    since the heuristic's bid there is learned by games won, not by a hand's points."""
    from cardsim.spades.spades import spades_game_rule
    decisions = bench()
    before = {shape: decisions._game_blind_rules(shape) for shape in range(3)}
    rules = before[1]                                   # three seats: blind nil (100, 100), blind 6 (50, 250)
    assert decisions._game_rule_holds(rules, [0, 400, 400], 500)       # 400 behind, leader 100 from home
    assert decisions._game_rule_holds(rules, [0, 300, 300], 500)       # blind 6's zone
    assert not decisions._game_rule_holds(rules, [0, 200, 200], 500)   # leader too far from home
    assert not decisions._game_rule_holds(rules, [400, 420, 420], 500)  # not far enough behind
    off = {k: (decisions.SPADES_GAME_NEVER, 0, 0) for k in decisions.GAME_BLIND_RULES}
    assert not decisions._game_rule_holds(off, [0, 400, 400], 500)
    entries = decisions.spades_blind(Game("cutthroat-spades"), list(range(11, 20)), 200, 1)["blind"]
    assert [e["gap"] for e in entries] == list(decisions.BLIND_GAPS)
    assert [e["game_rule"] for e in entries] == [e["gap"] >= 300 for e in entries]
    far = entries[-1]["scores"]
    assert far["look"] != far["blind_nil"]             # the look row no longer bids blind nil
    assert {shape: decisions._game_blind_rules(shape) for shape in range(3)} == before
    assert spades_game_rule(1, "blind_nil") == before[1]["blind_nil"]


def test_the_blind_kind_judges_the_game_rule_scores_by_games_won():
    """Hand-made scores: at 0 - 300 - 300 (three seats; blind 6's game rule holds) and 0 - 400
    (partnership; blind nil's) the entry is judged by games won from that score, each choice's
    P(win) paired on the same games; at 0 - 0 no rule holds and no games are played.  The report
    splits the entries: by games won where a rule holds (a hand's points kept beside), by a hand's
    points elsewhere; a games-won difference within its paired 95% interval is a tie."""
    decisions = bench()
    entry = decisions.games_won_entry(Game("cutthroat-spades"), [0, 300, 300], 7, "blind6", 4000, 2)
    assert set(entry["p_win"]) == {"blind_nil", "blind6", "look"}
    best = max(entry["p_win"], key=entry["p_win"].get)
    assert entry["recommended"] == best
    assert entry["lost"] == pytest.approx(entry["p_win"][best] - entry["p_win"]["blind6"])
    assert entry["tie"] == (best != "blind6" and entry["lost"] <= decisions.Z_CRIT * entry["lost_se"])
    assert entry["agree"] == (best == "blind6" or entry["tie"])
    same = decisions.games_won_entry(Game("spades"), [0, 400], 7, "look", 4000, 2)
    assert set(same["p_win"]) == {"blind_nil", "look"}
    entries = decisions.spades_blind(Game("spades"), [11, 19], 200, 1, game_trials=2000)["blind"]
    assert [e["gap"] for e in entries] == [0, 25]
    assert not any("games" in e for e in entries)
    ruled = {**entries[0], "game_rule": True, "games": same}
    split = decisions.split_blind(entries[1:] + [ruled])
    assert [e["seed"] for e in split["blind"]] == [19]
    won = split["blind (games won)"][0]
    assert won["agree"] == same["agree"] and won["lost"] == same["lost"]
    assert won["points_agree"] == entries[0]["agree"] and won["points_lost"] == entries[0]["lost"]


@pytest.mark.parametrize("name", ["cutthroat-spades", "spades"])
def test_blind_states_are_real_game_states_behind_near_the_end(name):
    """The blind kind on real games: seeded states of heuristic games, each seat at least
    BLIND_STATE_BEHIND behind a leader within BLIND_STATE_REACH of the target, the heuristic's
    choice the bid its game recorded there (its own bid replayed from that state)."""
    decisions = load("bench/decisions.py", "bench_decisions")
    game = Game(name)
    states = decisions.blind_states(game, 3, 12, games=300)
    assert states == decisions.blind_states(game, 3, 12, games=300)       # fixed by the seed
    target = game.rules["target_score"]
    for st in states:
        side = st["seat"] % 2 if name == "spades" else st["seat"]
        assert max(st["scores"]) - st["scores"][side] >= decisions.BLIND_STATE_BEHIND
        assert max(st["scores"]) >= target - decisions.BLIND_STATE_REACH
        per_seat = [st["scores"][s % 2] for s in range(4)] if name == "spades" else st["scores"]
        bags = [st["bags"][s % 2] for s in range(4)] if name == "spades" else st["bags"]
        used = [st["blind6_used"][s % 2] for s in range(4)] if name == "spades" else st["blind6_used"]
        hand = game.deal(seed=1, dealer=st["dealer"], scores=per_seat, bags=bags, blind6_used=used)
        while hand.to_act != st["seat"]:
            hand.step("heuristic")
        if st["heuristic"] != "look" and name != "spades":   # cutthroat: blind or not needs no cards, no bids
            hand.step("heuristic")
            assert hand.action_to_string(hand.history[-1]) == st["heuristic"]


@pytest.mark.parametrize("text", ["0", "-3", "x"])
def test_a_bad_count_is_argparses_one_line_error(text, monkeypatch, capsys):
    decisions = bench()
    monkeypatch.setattr("sys.argv", ["decisions.py", "--games", "cutthroat-spades", "--blind-states", text])
    with pytest.raises(SystemExit) as stop:
        decisions.main()
    assert stop.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[-1].startswith("decisions.py: error: argument --blind-states: ")
