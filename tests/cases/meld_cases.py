"""Hand-worked meld cases for Cutthroat Pinochle (RULES.md section 1 at default values).

Each case: (cards, trump, nonzero meld counts, total at default meld values).
Default values: run 15, double_run 150, trump_marriage 4, marriage 2, dix 1,
aces 10/100, kings 8/80, queens 6/60, jacks 4/40, pinochle 4/30.
The totals were worked out by hand; the comment on each case shows the sum.
"""

MELD_CASES = [
    # --- runs
    ("AH TH KH QH JH", "H", {"run": 1}, 15),
    ("AH AH TH TH KH KH QH QH JH JH", "H", {"double_run": 1}, 150),
    # run + a second trump K and Q: the extra pair is a trump marriage, 15 + 4
    ("AS TS KS QS JS KS QS", "S", {"run": 1, "trump_marriage": 1}, 19),
    # run + an extra K only: no second marriage
    ("AD TD KD KD QD JD", "D", {"run": 1}, 15),
    # run + an extra Q only
    ("AH TH KH QH QH JH", "H", {"run": 1}, 15),
    # second copies of A T Q J but one K: one run, K-Q used by the run
    ("AH AH TH TH KH QH QH JH JH", "H", {"run": 1}, 15),
    # A T K Q of trump without J: only the trump marriage
    ("AH TH KH QH", "H", {"trump_marriage": 1}, 4),
    # a complete run outside trump is only a plain marriage
    ("AH TH KH QH JH", "S", {"marriage": 1}, 2),
    # double run with two dix: 150 + 2
    ("AC AC TC TC KC KC QC QC JC JC 9C 9C", "C", {"double_run": 1, "dix": 2}, 152),
    # --- marriages
    ("KC QC", "C", {"trump_marriage": 1}, 4),
    # two trump marriages and a dix: 4 + 4 + 1
    ("KC KC QC QC 9C", "C", {"trump_marriage": 2, "dix": 1}, 9),
    ("KH QH", "S", {"marriage": 1}, 2),
    # marriages in three plain suits: 3 x 2
    ("KH QH KD QD KC QC", "S", {"marriage": 3}, 6),
    # two marriages in one plain suit
    ("KH KH QH QH", "C", {"marriage": 2}, 4),
    # K K Q of one plain suit: one marriage
    ("KD KD QD", "H", {"marriage": 1}, 2),
    # a K and a Q of different suits are no marriage
    ("KD QH", "S", {}, 0),
    # --- dix
    ("9S", "S", {"dix": 1}, 1),
    ("9S 9S 9H", "S", {"dix": 2}, 2),
    ("9H 9D 9C", "S", {}, 0),
    # --- around
    ("AS AH AD AC", "H", {"aces": 1}, 10),
    ("AS AS AH AH AD AD AC AC", "H", {"double_aces": 1}, 100),
    # seven aces: one around only
    ("AS AS AH AH AD AD AC", "H", {"aces": 1}, 10),
    ("AS AH AD", "H", {}, 0),
    ("KS KH KD KC", "S", {"kings": 1}, 8),
    ("KS KS KH KH KD KD KC KC", "S", {"double_kings": 1}, 80),
    ("QS QH QD QC", "D", {"queens": 1}, 6),
    ("QS QS QH QH QD QD QC QC", "D", {"double_queens": 1}, 60),
    ("JS JH JD JC", "C", {"jacks": 1}, 4),
    ("JS JS JH JH JD JD JC JC", "C", {"double_jacks": 1}, 40),
    # --- pinochle
    ("QS JD", "H", {"pinochle": 1}, 4),
    ("QS QS JD JD", "H", {"double_pinochle": 1}, 30),
    ("QS JD JD", "C", {"pinochle": 1}, 4),
    ("QD JS", "C", {}, 0),
    # --- one card in several melds
    # QS: spade marriage 2 + queens 6 + pinochle 4
    ("KS QS QH QD QC JD", "H", {"marriage": 1, "queens": 1, "pinochle": 1}, 12),
    # QS in a spade run and in pinochle: 15 + 4
    ("AS TS KS QS JS JD", "S", {"run": 1, "pinochle": 1}, 19),
    # KS QS of trump: trump marriage 4 + marriages H, D, C 6 + kings 8 + queens 6
    # + pinochle 4
    ("KS KH KD KC QS QH QD QC JD", "S",
     {"trump_marriage": 1, "marriage": 3, "kings": 1, "queens": 1, "pinochle": 1}, 28),
    # --- big hands
    # run 15 + marriages S, D 4 + dix 1 + aces 10 + queens 6 + pinochle 4
    ("AH TH KH QH JH 9H AS AD AC KS QS JD KD QD QC", "H",
     {"run": 1, "marriage": 2, "dix": 1, "aces": 1, "queens": 1, "pinochle": 1}, 40),
    # double run 150 + dix 1 + spade marriage 2 + double pinochle 30
    ("AD AD TD TD KD KD QD QD JD JD 9D QS QS KS", "D",
     {"double_run": 1, "dix": 1, "marriage": 1, "double_pinochle": 1}, 183),
    # trump marriage 4 + 3 marriages 6 + aces 10 + kings 8 + queens 6 + jacks 4 + pinochle 4
    ("AS KS QS JS AH KH QH JH AD KD QD JD AC KC QC JC", "C",
     {"trump_marriage": 1, "marriage": 3, "aces": 1, "kings": 1, "queens": 1,
      "jacks": 1, "pinochle": 1}, 42),
    # double run 150 + double aces 100
    ("AS AS AH AH AD AD AC AC TS TS KS KS QS QS JS JS", "S",
     {"double_run": 1, "double_aces": 1}, 250),
    # double kings 80 + double queens 60 + 2 trump marriages 8 + 6 marriages
    # (2 each in S, D, C) 12 + double pinochle 30 (JD JD) = 190
    ("KS KS KH KH KD KD KC KC QS QS QH QH QD QD QC QC JD JD", "H",
     {"double_kings": 1, "double_queens": 1, "trump_marriage": 2, "marriage": 6,
      "double_pinochle": 1}, 190),
    # nothing at all
    ("9S JH TD 9C", "D", {}, 0),
]
