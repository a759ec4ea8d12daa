# cython: language_level=3
"""Exact uniform constrained dealing: the types and the entry points of module
cardsim._constrained_deal (the method and its exactness: _constrained_deal.pyx and
docs/constrained-dealing.md).

cd_prepare / cd_prepare_masks build a DealPlan (once per set of constraints), cd_sample /
cd_sample_masks draw one uniform consistent deal from it (reads the plan only: one plan
serves every thread), cd_build_rows rebuilds its draw tables.  Compiled once in their own
module; a module that cimports them calls them through a pointer (a plan or a deal is
thousands of instructions: the call costs nothing), instead of compiling the dealer again.
"""
from libc.stdint cimport int8_t, uint64_t
from cardsim._rng cimport Rng

cdef enum:
    CD_MAX_CARDS = 64
    CD_MAX_PLACES = 8
    CD_MAX_TABLE = 16384          # memo entries (states of the levels 1 .. n_groups-2) a plan holds
    CD_MAX_ROWS = 16384           # draw-table rows a plan holds (more needed: those states draw by scanning)
    # what cd_prepare returns
    CD_OK = 0
    CD_BAD_INPUT = -1             # cards not 0..64, places not 1..8, a negative room, a card id not 0..63 or twice, a mask bit >= places
    CD_CAPACITY_MISMATCH = -2     # the rooms do not add up to the number of cards
    CD_NO_PLACE = -3              # a card whose mask is empty
    CD_INFEASIBLE = -4            # no assignment satisfies every mask and room
    CD_TOO_LARGE = -5             # the memo would need more than CD_MAX_TABLE entries

ctypedef struct DealPlan:
    int n_cards                                 # hidden cards (input order is the order of place_of)
    int n_places                                # places 0 .. n_places-1
    int n_groups                                # groups of unfixed cards sharing a mask, in dealing order
    int capacity[CD_MAX_PLACES]                 # room per place once the fixed cards are in
    int8_t card[CD_MAX_CARDS]                   # per card: its id, a bit 0..63 of the card encoding
    int8_t fixed_place[CD_MAX_CARDS]            # per card: its place when pruning fixed it, else -1
    uint64_t fixed_bb[CD_MAX_PLACES]            # the fixed cards per place, as card bits
    int8_t member[CD_MAX_CARDS]                 # input indices of the unfixed cards, group by group
    int group_start[CD_MAX_CARDS + 1]           # group g's cards are member[group_start[g]:group_start[g+1]]
    int group_mask[CD_MAX_CARDS]                # places group g may go to (each with room)
    int later_mask[CD_MAX_CARDS + 1]            # places some group >= g may go to; 0 at n_groups
    int n_dims[CD_MAX_CARDS]                    # memo level g: how many places index it
    int dim_place[CD_MAX_CARDS][CD_MAX_PLACES]  # memo level g: those places
    int dim_stride[CD_MAX_CARDS][CD_MAX_PLACES] # memo level g: their mixed-radix strides
    int table_offset[CD_MAX_CARDS]              # memo level g: its first entry in table; -1: not memoised
    int table_used                              # entries of table in use
    int n_fixed                                 # cards that pruning fixed
    int8_t fixed_card[CD_MAX_CARDS]             # their input indices
    double total                                # consistent assignments (see Exactness)
    double fact[CD_MAX_CARDS + 1]               # k! (exact in a double up to 22!)
    double table[CD_MAX_TABLE]                  # count(g, r) per memoised level and state; -1 until computed
    int root_first                              # the start state's draw table: rows root_first ..; -1: none
    int root_rows                               # its row count
    int row_first[CD_MAX_TABLE]                 # per memo state: first row of its draw table; -1: none (scan)
    int row_count[CD_MAX_TABLE]                 # per memo state: rows of its draw table
    int rows_used                               # rows in use
    double row_cum[CD_MAX_ROWS]                 # a draw-table row: the running sum of the row weights so far
    uint64_t row_x[CD_MAX_ROWS]                 # a draw-table row: the group's row, byte p = cards to place p

ctypedef struct CDSplit:
    int n_open                        # places of the group that a later group may use too
    int open_place[CD_MAX_PLACES]     # those places, ascending
    int bound[CD_MAX_PLACES]          # room of open place j
    int suffix[CD_MAX_PLACES + 1]     # room of open places j.. together
    int rem[CD_MAX_PLACES]            # cards of the group still to place when open place j is reached
    int x[CD_MAX_PLACES]              # the row: cards of the group per place (by place)
    double base_den                   # prod x[p]! over the forced (closing) places


cdef int cd_prepare(DealPlan* plan, const int* cards, const int* allowed, int n_cards,
                    const int* capacity, int n_places) noexcept nogil

cdef int cd_prepare_masks(DealPlan* plan, uint64_t hidden_bb, const uint64_t* barred_bb,
                          const int* capacity, int n_places) noexcept nogil

cdef void cd_build_rows(DealPlan* plan, int limit) noexcept nogil

cdef void cd_sample(const DealPlan* plan, Rng* rng, int8_t* place_of) noexcept nogil

cdef void cd_sample_masks(const DealPlan* plan, Rng* rng, uint64_t* place_bb) noexcept nogil
