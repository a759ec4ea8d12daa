"""The private compiled core under one name: what the Python layer imports, re-exported from the
core's modules (setup.py's MODULES; docs/adding-a-game.md).  Use cardsim.Game instead.

The core itself is several extension modules: the game contract (cardsim._contract), dealing
(cardsim._deal), the whole-game driver (cardsim._games), conditioned bid odds
(cardsim._odds_conditions) and one folder per game family (cardsim.pinochle, cardsim.euchre, cardsim.spades).
"""
from cardsim._contract import (
    HAVE_THREADS, POLICIES,
)
from cardsim._deal import (
    constrained_deal, constrained_deals, constrained_deal_masks, constrained_deal_count, plain_deals,
    take_deals, select_path,
)
from cardsim._games import (
    GameKind, simulate_games,
)
from cardsim.pinochle.common import (
    MELD_NAMES, PINOCHLE_RANKS, parse_card_points, pinochle_meld_breakdown, pinochle_meld_many,
    pinochle_card_name, pinochle_auction_action_name,
)
from cardsim.pinochle.cutthroat import (
    CP_RECORD_DTYPE, pinochle_legal_in_position, simulate_cutthroat_pinochle, cutthroat_pinochle_odds,
    CutthroatPinochleState, CP_GAME_DTYPE, cutthroat_pinochle_game_kind, cutthroat_pinochle_hand_deals,
)
from cardsim.pinochle.partnership import (
    partnership_pinochle_odds, PP_RECORD_DTYPE, simulate_partnership_pinochle, PartnershipPinochleState,
    PP_GAME_DTYPE, partnership_pinochle_game_kind, partnership_pinochle_hand_deals,
)
from cardsim.pinochle.two_hand import (
    two_hand_pinochle_odds, two_hand_pinochle_odds_deals, TWO_HAND_KINDS, TWO_HAND_DECLARATIONS,
    TWO_HAND_FROM_TABLE, TWO_HAND_TABLE_ACTION, TWO_HAND_DECLARE_ACTION, TWO_HAND_EXCHANGE_ACTION,
    TWO_HAND_DRAW_ACTION, TH_RECORD_DTYPE, pinochle_meld_counts, simulate_two_hand_pinochle,
    TwoHandPinochleState, TH_GAME_DTYPE, two_hand_pinochle_game_kind, two_hand_pinochle_hand_deals,
)
from cardsim.euchre.euchre import (
    EUCHRE_PHASES, CUTTHROAT_EUCHRE_RECORD_DTYPE, EUCHRE_RECORD_DTYPE, simulate_cutthroat_euchre,
    simulate_euchre, euchre_score, EUCHRE_ODDS_ACTIONS, EUCHRE_ODDS_COLUMNS, EU_ACTION_NAMES, euchre_odds,
    euchre_odds_deals, euchre_odds_summary, EuchreState, CUTTHROAT_EUCHRE_GAME_DTYPE, EUCHRE_GAME_DTYPE,
    euchre_game_kind, euchre_hand_deals,
)
from cardsim.spades.spades import (
    SP_BID_KIND_NAMES, SPADES_SPECIAL_BIDS, SP_RECORD_DTYPE, spades_table, spades_record_dtype,
    simulate_spades, spades_score, SpadesState, spades_estimate, set_spades_bid_table, spades_bid_tables,
    spades_nil_limits, _load_spades_bid_tables, spades_bid_params, spades_features, spades_count, spades_nil_suit_terms,
)
from cardsim.spades.games import (
    SP_GAME_DTYPE, SP_TOURNAMENT_DTYPE, simulate_spades_games, spades_game_kind,
    spades_hand_deals, spades_game_odds,
)
from cardsim.spades.odds import (
    spades_odds, spades_odds_deals, spades_nil_exposure,
)
from cardsim._odds_conditions import (
    DealConditions, odds_conditioned, odds_conditioned_hands, odds_candidates,
)

__all__ = [
    "HAVE_THREADS", "POLICIES", "constrained_deal", "constrained_deals", "constrained_deal_masks",
    "constrained_deal_count", "plain_deals", "take_deals", "select_path", "MELD_NAMES", "PINOCHLE_RANKS", "parse_card_points",
    "pinochle_meld_breakdown", "pinochle_meld_many", "pinochle_card_name", "pinochle_auction_action_name",
    "CP_RECORD_DTYPE", "pinochle_legal_in_position", "simulate_cutthroat_pinochle", "cutthroat_pinochle_odds",
    "CutthroatPinochleState", "partnership_pinochle_odds", "PP_RECORD_DTYPE", "simulate_partnership_pinochle",
    "PartnershipPinochleState", "two_hand_pinochle_odds", "two_hand_pinochle_odds_deals", "TWO_HAND_KINDS",
    "TWO_HAND_DECLARATIONS", "TWO_HAND_FROM_TABLE", "TWO_HAND_TABLE_ACTION", "TWO_HAND_DECLARE_ACTION",
    "TWO_HAND_EXCHANGE_ACTION", "TWO_HAND_DRAW_ACTION", "TH_RECORD_DTYPE", "pinochle_meld_counts",
    "simulate_two_hand_pinochle", "TwoHandPinochleState", "EUCHRE_PHASES", "CUTTHROAT_EUCHRE_RECORD_DTYPE",
    "EUCHRE_RECORD_DTYPE", "simulate_cutthroat_euchre", "simulate_euchre", "euchre_score",
    "EUCHRE_ODDS_ACTIONS", "EUCHRE_ODDS_COLUMNS", "EU_ACTION_NAMES", "euchre_odds", "euchre_odds_deals",
    "euchre_odds_summary",
    "EuchreState", "SP_BID_KIND_NAMES", "SPADES_SPECIAL_BIDS", "SP_RECORD_DTYPE", "spades_table",
    "spades_record_dtype", "simulate_spades", "spades_score", "SpadesState", "SP_GAME_DTYPE",
    "SP_TOURNAMENT_DTYPE", "simulate_spades_games", "spades_odds",
    "spades_odds_deals", "GameKind", "simulate_games", "CP_GAME_DTYPE", "cutthroat_pinochle_game_kind",
    "cutthroat_pinochle_hand_deals", "PP_GAME_DTYPE", "partnership_pinochle_game_kind",
    "partnership_pinochle_hand_deals", "TH_GAME_DTYPE", "two_hand_pinochle_game_kind",
    "two_hand_pinochle_hand_deals", "CUTTHROAT_EUCHRE_GAME_DTYPE", "EUCHRE_GAME_DTYPE", "euchre_game_kind",
    "euchre_hand_deals", "spades_estimate", "set_spades_bid_table", "spades_bid_tables", "spades_nil_limits",
    "spades_bid_params", "spades_features", "spades_count", "spades_nil_suit_terms", "spades_nil_exposure",
    "spades_game_kind", "spades_hand_deals", "spades_game_odds", "DealConditions", "odds_conditioned", "odds_conditioned_hands", "odds_candidates",
]
