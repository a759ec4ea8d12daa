# Two-Hand Pinochle's integer actions in the core: the game contract's numbering (docs/actions.md).
#
# 0..23 a card from hand (the copy held off the table), 24..47 the same card played from the
# table, 48..59 the declarations (TD_* order), 60 the dix exchange, 61 done melding (both
# draw).  The step state (two_hand.pyx: TwoHandPinochleState, PIMC, the solver seats) and the
# stock-phase solver (solver/_stock.pyx) list and apply moves through these two functions.

from libc.stdint cimport uint64_t
from cardsim._bits cimport lsb
from cardsim.pinochle.cards cimport pin_card_action, pin_cards_into
from cardsim.pinochle.two_hand_engine cimport *

cdef enum:
    TH_A_TABLE = 24             # + card action: the copy melded on the table
    TH_A_DECLARE = 48           # + declaration (TD_* order)
    TH_A_EXCHANGE = 60          # exchange the dix for the turned-up trump
    TH_A_DRAW = 61              # done melding: both draw
    TH_NUM_ACTIONS = 62


cdef inline int th_table_into(uint64_t codes, int* out) noexcept nogil:
    """The table actions of ``codes`` (copy-0 bits), ascending; returns how many."""
    cdef int n = 0
    while codes:
        out[n] = TH_A_TABLE + pin_card_action(<int>lsb(codes)); n += 1
        codes &= codes - 1
    return n


cdef inline int th_legal_actions(const THHand* h, int* out) noexcept nogil:
    """The legal actions of ``h`` (docs/actions.md), ascending, into ``out``; returns how many."""
    cdef int n = 0, d, melds
    if h.phase == PH_STOCK or h.phase == PH_PLAY:
        n = pin_cards_into(th_legal_hand(h), out)
        return n + th_table_into(th_legal_table(h), out + n)
    if h.phase == PH_MELD:
        melds = 0 if h.melded else th_legal_melds(h, h.to_act)
        for d in range(TH_DECLS):
            if (melds >> d) & 1:
                out[n] = TH_A_DECLARE + d; n += 1
        if th_can_exchange(h, h.to_act):
            out[n] = TH_A_EXCHANGE; n += 1
        out[n] = TH_A_DRAW; n += 1
    return n


cdef inline void th_apply_action(THHand* h, const THRules* r, int action) noexcept nogil:
    """Apply one legal action of ``h`` (checked by the caller)."""
    cdef int card
    if action < TH_A_DECLARE:
        card = action % TH_A_TABLE
        th_play(h, r, (16 * (card // 6) + 2 * (card % 6)) | (TH_FROM_TABLE if action >= TH_A_TABLE else 0))
    elif action < TH_A_EXCHANGE:
        th_declare(h, r, action - TH_A_DECLARE)
    elif action == TH_A_EXCHANGE:
        th_exchange(h, r)
    else:
        th_draw(h, r)
