"""Players over the solver: ``oracle`` and ``pimc(worlds=32,eval=solve)``.

``oracle``
    Sees every card and plays the card the solver finds best for its side (an upper
    bound on card play, not a fair player).  Among equally good cards it plays the
    heuristic's choice when that is one of them, else the lowest.
``pimc(worlds=N,eval=solve|playout,seed=S)``
    Perfect-information Monte Carlo: at each card it samples ``N`` worlds consistent with
    what its seat has seen (the contract's exact ``resample``: its own cards, the cards
    played, the upcard, the voids and absent cards the play proves), values every legal
    card in each world, by the solver (``eval=solve``) or by playing the hand out with the
    heuristic for everyone (``eval=playout``), and plays the best on average (ties: the
    heuristic's card, else the lowest).  Worlds are drawn from streams keyed by ``seed``
    and the position, so a decision is reproducible.

Both take the card play only; every other decision (bids, trump, discards, passes, throw-in,
alone) is the heuristic's.  In the core's batches and bid odds (cardsim.solver._pimc, every game;
the pinochle games by play-outs only, their oracle one heuristic play-out of the true deal per
card) spades' ``bids=pimc`` also bids by PIMC and ``value=score`` judges play-outs by the hand's score
(the default of spades play-outs there, and of ``bids=pimc``).  Values are the side's tricks
(euchre, spades) or trick points (pinochle).  Every game has resampling; in cutthroat and
partnership pinochle ``eval=playout`` runs in the core (the state's ``pimc_playout``: worlds,
play-outs and means in one call).  Two-hand pinochle: ``eval=playout`` takes every decision of
the card play in both phases, the stock tricks with the melds, the dix exchange and the draw
after each, and the last 12 tricks, in the core (the state's ``pimc_values``: worlds drawn from
the deal and the history as the seat saw them, as ``resample`` draws them, valued by the seat's
final score less the opponent's); the oracle and ``eval=solve`` play its last 12 tricks (the
solver's phase), the heuristic before.  ``play_hand`` and ``act`` read ``pimc`` with the hand's
game: its default evaluation is the game's (default_eval).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from ..errors import CardsimError
from .positions import EUCHRE_GAMES, card_bit_to_action, euchre_effective, position

_PIMC = re.compile(r"^pimc(?:\((.*)\))?$")
_ORACLE = re.compile(r"^oracle(?:\(tricks=(.*)\))?$")


@dataclass(frozen=True)
class SolverPolicy:
    """A parsed solver player: ``kind`` oracle or pimc, with PIMC's worlds, eval and seed."""

    kind: str
    worlds: int = 32
    eval: str = "solve"
    seed: int = 0
    bids: str = "heuristic"     # spades batches: "pimc" also bids by PIMC (cardsim.solver._pimc)
    value: str = "tricks"       # spades batch play-outs: "score" values the seat's score for the hand
    default_value: str = field(default="tricks", compare=False, repr=False)  # the game's: the name says others
    tricks: int = 0             # oracle(tricks=N): solve with at most N tricks left, the heuristic's card before

    @property
    def name(self) -> str:
        """The full form, which parses back to this player in its game (a value other than the
        game's default is named: spades play-outs default to score, so tricks is named there)."""
        if self.kind == "oracle":
            return f"oracle(tricks={self.tricks})" if self.tricks else "oracle"
        tail = (",bids=pimc" if self.bids == "pimc" else "") + (
            f",value={self.value}" if self.value == "score" or self.value != self.default_value else "")
        return f"pimc(worlds={self.worlds},eval={self.eval},seed={self.seed}{tail})"


#: the games whose core batches and bid odds play pimc and oracle (cardsim.solver._pimc)
BATCH_GAMES = ("euchre", "cutthroat-euchre", "spades", "cutthroat-spades", "cutthroat-pinochle",
               "partnership-pinochle", "two-hand-pinochle")
#: the pinochle games among them: PIMC by heuristic play-outs only, the oracle by one heuristic
#: play-out of the true deal per card (a full-depth pinochle solve takes seconds an early position)
PINOCHLE_BATCH_GAMES = ("cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle")
POLICY_HELP = "heuristic, random, oracle, oracle(tricks=N) or pimc(worlds=N,eval=solve|playout,seed=S)"


def default_eval(game: str | None) -> str:
    """PIMC's evaluation when the policy does not name one: the solver in euchre (5 cards: fast),
    heuristic play-outs elsewhere (a full-depth solve of an early spades position costs far more)."""
    return "solve" if game is None or game in EUCHRE_GAMES else "playout"


def is_solver_policy(name: str) -> bool:
    text = name.replace(" ", "")
    return bool(_ORACLE.match(text) or _PIMC.match(text))


def parse_policy(name: str, game: str | None = None) -> SolverPolicy:
    """``oracle`` or ``pimc(worlds=..,eval=..,seed=..)`` (any order, all optional) -> SolverPolicy;
    ``eval`` left out: :func:`default_eval` of ``game``."""
    text = name.replace(" ", "")
    oracle = _ORACLE.match(text)
    if oracle:
        if oracle.group(1) is None:
            return SolverPolicy("oracle")
        if not oracle.group(1).isdigit() or not 1 <= int(oracle.group(1)) <= 64:
            raise CardsimError(f"oracle tricks must be 1..64 (solve with at most that many tricks left), "
                               f"got {oracle.group(1)!r}")
        return SolverPolicy("oracle", tricks=int(oracle.group(1)))
    m = _PIMC.match(text)
    if not m:
        raise CardsimError(f"unknown solver policy {name!r}: oracle or pimc(worlds=32,eval=solve|playout,seed=0)")
    params: dict[str, Any] = {}
    for part in filter(None, (m.group(1) or "").split(",")):
        key, _, value = part.partition("=")
        if key == "worlds":
            if not value.isdigit() or not 1 <= int(value) <= 4096:
                raise CardsimError(f"pimc worlds must be 1..4096, got {value!r}")
            params["worlds"] = int(value)
        elif key == "eval":
            if value not in ("solve", "playout"):
                raise CardsimError(f"pimc eval must be solve or playout, got {value!r}")
            params["eval"] = value
        elif key == "bids":
            if value not in ("heuristic", "pimc"):
                raise CardsimError(f"pimc bids must be heuristic or pimc, got {value!r}")
            params["bids"] = value
        elif key == "value":
            if value not in ("tricks", "score"):
                raise CardsimError(f"pimc value must be tricks or score, got {value!r}")
            params["value"] = value
        elif key == "seed":
            if not value.isdigit():
                raise CardsimError(f"pimc seed must be a non-negative integer, got {value!r}")
            params["seed"] = int(value)
        else:
            raise CardsimError(f"pimc takes worlds, eval, seed, bids and value, not {key!r}")
    params.setdefault("eval", default_eval(game))
    if params.get("bids") == "pimc" or (game in ("spades", "cutthroat-spades") and params["eval"] == "playout"):
        # spades play-outs are judged by the hand's score (nil, contracts, bags), as PIMC bids are
        params.setdefault("value", "score")
        params["default_value"] = "score"
    return SolverPolicy("pimc", **params)


def check_batch_policies(game: str, policy: str | Sequence[str],
                         seats: int) -> tuple[list[str], list[tuple[Any, ...]] | None]:
    """One policy for every seat, or one per seat, for a batch or bid odds of ``game``: the
    checked names (solver players in their full form, e.g. ``pimc(worlds=32,eval=solve,seed=0)``)
    and, when any seat is a solver player, each seat's (kind, worlds, eval, seed) for the core
    (cardsim.solver._pimc); None when every seat is a core policy.  One-line CardsimError for an
    unknown policy, a bad parameter, or a solver player in a game whose core lacks it."""
    from ..players import POLICIES
    policies = [policy] * seats if isinstance(policy, str) else list(policy)
    if len(policies) != seats:
        raise CardsimError(f"give one policy or {seats} (one per seat), got {len(policies)}")
    names: list[str] = []
    spec: list[tuple[Any, ...]] = []
    for p in policies:
        if not isinstance(p, str):
            raise CardsimError(f"a policy is a name ({POLICY_HELP}), got {p!r}")
        if is_solver_policy(p):
            sp = parse_policy(p, game)
            if (sp.bids == "pimc" or sp.value == "score") and game not in ("spades", "cutthroat-spades"):
                raise CardsimError(f"pimc bids=pimc and value=score are for spades (the core's PIMC bidding and "
                                   f"score play-outs); {game} bids by the heuristic and counts tricks")
            if sp.value == "score" and sp.eval != "playout":
                raise CardsimError("pimc value=score needs eval=playout (the solver counts tricks)")
            if game in PINOCHLE_BATCH_GAMES and sp.kind == "pimc" and sp.eval != "playout":
                raise CardsimError(f"{game} batches and bid odds play pimc with eval=playout (heuristic play-outs; "
                                   f"a full-depth pinochle solve takes seconds a decision), not eval={sp.eval}")
            if game in PINOCHLE_BATCH_GAMES and sp.tricks:
                raise CardsimError(f"oracle(tricks=N) is not available for {game} batches: its oracle values each "
                                   f"card by a heuristic play-out of the true deal (use oracle)")
            names.append(sp.name)
            spec.append((sp.kind, sp.worlds, sp.eval, sp.seed, sp.bids, sp.value, sp.tricks))
        elif p in POLICIES:
            names.append(p)
            spec.append((p, 1, "solve", 0))
        else:
            raise CardsimError(f"unknown policy {p!r}: {POLICY_HELP}")
    if all(kind in POLICIES for kind, *_ in spec):
        return names, None
    if game not in BATCH_GAMES:
        solver = next(n for n in names if n not in POLICIES)
        raise CardsimError(f"{solver} is not available for {game}: the core plays pimc and oracle in "
                           f"{', '.join(BATCH_GAMES)} batches and bid odds (here: heuristic or random)")
    return names, spec


def bidding_policies(names: Sequence[str]) -> list[str]:
    """The core policy each seat bids with: a solver player bids as the heuristic."""
    return ["heuristic" if is_solver_policy(p) else p for p in names]


def _heuristic_choice(hand: Any) -> int:
    probe = hand.clone()
    probe.step("heuristic")
    return int(probe.history[-1])


def _pick(hand: Any, values: dict[int, float], maximise: bool) -> int:
    best = max(values.values()) if maximise else min(values.values())
    tied = [a for a, v in values.items() if abs(v - best) < 1e-9]
    if len(tied) == 1:
        return tied[0]
    preferred = _heuristic_choice(hand)
    return preferred if preferred in tied else min(tied)


def oracle_action(hand: Any) -> int:
    """The oracle's card for the seat to act (a hand in its card play)."""
    seat = hand.to_act
    pos = position(hand, seat)
    values = {card_bit_to_action(hand, b): float(v) for b, v in pos.move_values().items()}
    return _pick(hand, values, bool(pos.max_side >> seat & 1))


_M64 = 0xFFFFFFFFFFFFFFFF


def _mix(z: int) -> int:
    """SplitMix64's finaliser (as the core's mix64)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def _world_key(hand: Any, seat: int, seed: int) -> int:
    """The key of a decision's worlds: the seed and the position (the history length), never
    anything the seat cannot see."""
    return _mix(_mix(seed + 0x632BE59BD9B4E019) ^ (len(hand.history) * 0x9E3779B97F4A7C15 + seat))


def _worlds(hand: Any, seat: int, n: int, seed: int, key: int | None = None) -> list[Any]:
    """``n`` resampled states for ``seat``, keyed by the seed and the position (the deal's seed
    and the history length), never by anything the seat cannot see; ``key`` given: world w is
    drawn with seed ``key + GAMMA * (w + 1)``, as the core's batch PIMC draws it
    (cardsim.solver._pimc)."""
    if key is None:
        key = _world_key(hand, seat, seed)
    return [hand._state.resample(seat, (key + 0x9E3779B97F4A7C15 * (w + 1)) & 0xFFFFFFFFFFFFFFFF)[0]
            for w in range(n)]


def two_hand_deal_order(hand: Any) -> list[int]:
    """A two-hand hand's deal as the core's 48 card bits (non-dealer's 12, dealer's 12, the
    upcard, the stock top first): what ``pimc_values`` replays the history from."""
    dealer, hands, extras, _ = hand._dealt
    bits = [b for m in (hands[1 - dealer], hands[dealer]) for b in range(64) if m >> b & 1]
    return bits + [extras["upcard"].bit_length() - 1] + list(hand._dealt_stock)


def pimc_action(hand: Any, policy: SolverPolicy, key: int | None = None, core: bool = True) -> int:
    """PIMC's card for the seat to act (see the module docstring); ``key``: the decision key
    of the core's batch PIMC (the reference its tests compare with).  ``core=False``: the
    worlds and play-outs from Python (the reference the core's pinochle play-outs are tested
    and timed against; two-hand's card play in its last 12 tricks only)."""
    if policy.value != "tricks" or policy.bids != "heuristic":
        raise CardsimError("pimc value=score and bids=pimc play in the core's batches (Game.simulate, bid odds), "
                           "not hand by hand")
    seat = hand.to_act
    if not hasattr(hand._state, "resample"):
        raise CardsimError(f"pimc needs resampling, which {hand.rules.game} does not have yet: use oracle")
    if core and policy.eval == "playout" and hand.rules.game == "two-hand-pinochle":  # every phase, in the core
        order = two_hand_deal_order(hand) if hand._state.phase != "play" else None
        acts, means, _ = hand._state.pimc_values(seat, policy.worlds, _world_key(hand, seat, policy.seed), order)
        return _pick(hand, dict(zip(acts, means)), True)
    pos = position(hand, seat)
    if core and policy.eval == "playout" and hasattr(hand._state, "pimc_playout"):  # pinochle: all in the core
        acts, means = hand._state.pimc_playout(seat, policy.worlds, _world_key(hand, seat, policy.seed),
                                               pos.count_side)
        return _pick(hand, dict(zip(acts, means)), bool(pos.max_side >> seat & 1))
    bits = pos.legal()
    actions = [card_bit_to_action(hand, b) for b in bits]
    worlds = _worlds(hand, seat, policy.worlds, policy.seed, key)
    if policy.eval == "solve":
        euchre = hand.rules.game in EUCHRE_GAMES
        trump = hand._state.trump if euchre else 0
        rows = np.array([[euchre_effective(h, trump) if euchre else h for h in w.hands] for w in worlds],
                        dtype=np.uint64)
        totals = pos.move_values_many(rows, bits).mean(axis=0)
    else:
        totals = np.zeros(len(actions))
        count, _ = pos.count_side, pos.max_side
        for w in worlds:
            world = object.__new__(type(hand))
            world.__dict__.update(hand.__dict__)
            world._state = w
            base = _side_total(world, count)
            for j, action in enumerate(actions):
                child = world.clone()
                child.apply(action)
                child.play_out("heuristic")
                totals[j] += _side_total(child, count) - base
        totals /= len(worlds)
    values = {a: float(v) for a, v in zip(actions, totals)}
    return _pick(hand, values, bool(pos.max_side >> seat & 1))


def _side_total(hand: Any, side: int) -> int:
    """What ``side`` has taken so far; a finished pinochle hand: its trick points, the last
    trick's bonus included (the won cards alone leave it out, which made the Python play-outs
    misvalue the last trick)."""
    from . import _so_far
    from .positions import PINOCHLE_GAMES
    if hand.to_act is None and hand.rules.game in PINOCHLE_GAMES:
        return sum(t for s, t in enumerate(hand._state.trick_points) if side >> s & 1)
    return _so_far(hand, side)


def act(hand: Any, policy: str | SolverPolicy) -> None:
    """One decision of the seat to act: the solver player's card in the card play (two-hand
    PIMC play-outs: every decision of both phases, the meld ones included), the heuristic's
    choice otherwise."""
    p = parse_policy(policy, hand.rules.game) if isinstance(policy, str) else policy
    two_hand_pimc = p.kind == "pimc" and p.eval == "playout" and hand.rules.game == "two-hand-pinochle"
    if hand._state.phase != "play" and not two_hand_pimc:
        hand.step("heuristic")
        return
    hand.apply(core_action(hand, p))


def core_action(hand: Any, p: SolverPolicy) -> int:
    """The solver player's card, by the core (cardsim.solver._pimc.pimc_decision: the same card as
    oracle_action / pimc_action, from the same worlds, without a Python call per world) in euchre
    and spades; by the Python players elsewhere."""
    if p.tricks and (hand.rules.game not in BATCH_GAMES or hand.rules.game in PINOCHLE_BATCH_GAMES):
        solved = [g for g in BATCH_GAMES if g not in PINOCHLE_BATCH_GAMES]
        raise CardsimError(f"oracle(tricks=N) plays in {', '.join(solved)} (the core's oracle); "
                           f"{hand.rules.game} has the full-depth oracle")
    if hand.rules.game not in BATCH_GAMES or hand.rules.game in PINOCHLE_BATCH_GAMES or p.value != "tricks" \
            or p.bids != "heuristic":
        return oracle_action(hand) if p.kind == "oracle" else pimc_action(hand, p)
    from ._pimc import pimc_decision
    key = _world_key(hand, hand.to_act, p.seed) if p.kind == "pimc" else 0
    return int(pimc_decision(hand._state, (p.kind, p.worlds, p.eval, p.seed, p.bids, p.value, p.tricks), key))


def play_hand(hand: Any, policies: Sequence[str]) -> Any:
    """Play ``hand`` to the end, each seat by its policy (core names or solver players); pimc's
    evaluation when the policy names none is its game's (default_eval: the solver in euchre,
    play-outs elsewhere)."""
    parsed: list[Any] = [parse_policy(p, hand.rules.game) if is_solver_policy(p) else p for p in policies]
    while hand.to_act is not None:
        p = parsed[hand.to_act]
        if isinstance(p, SolverPolicy):
            act(hand, p)
        else:
            hand.step(p)
    return hand


def simulate(game: Any, n_hands: int, policy: Sequence[str], *, seed: int = 0,
             progress: Any = None) -> dict[str, Any]:
    """Play ``n_hands`` hands with solver players in some seats (hand by hand, from Python:
    each decision of a solver player costs far more than the loop).  Hand ``i`` is dealt as
    ``game.deal(seed=seed + i, dealer=i % seats)``, so two runs with different players see
    the same deals.  Returns the mean of every per-seat figure of the hands' ``result()``
    (points, tricks, scores ...) and the hands' results."""
    from ..game import check_count
    n = check_count(n_hands)
    seats = game.seats
    policies = list(policy)
    if len(policies) != seats:
        raise CardsimError(f"give {seats} policies, one per seat, got {len(policies)}")
    for p in policies:
        if is_solver_policy(p):
            parse_policy(p)
        elif p not in ("heuristic", "random"):
            raise CardsimError(f"unknown policy {p!r}: heuristic, random, oracle or pimc(...)")
    results = []
    for i in range(n):
        hand = game.deal(seed=seed + i, dealer=i % seats)
        play_hand(hand, policies)
        results.append(hand.result())
        if progress is not None:
            progress(i + 1, n)
    summary: dict[str, Any] = {"game": game.name, "hands": n, "policy": policies, "seed": seed}
    if results:
        for key, value in results[0].items():
            if isinstance(value, list) and value and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                         for v in value):
                summary["mean_" + key] = [float(np.mean([r[key][s] for r in results])) for s in range(len(value))]
    return {"summary": summary, "results": results}
