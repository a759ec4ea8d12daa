"""Hand-worked legal-card cases: Cutthroat Pinochle (RULES.md 1, docs/cutthroat-pinochle.md,
Play) in LEGAL_CASES and Partnership Pinochle (RULES.md 5, docs/partnership-pinochle.md)
in PARTNERSHIP_LEGAL_CASES.

Each case: (hand, trick so far in play order, trump, must_beat, expected legal codes).
Rank order A > T > K > Q > J > 9; an identical card does not beat.  The two games
read ``trump_led`` differently: cutthroat's keeps the duty to over-trump, partnership's
heads a trump lead only.
"""

LEGAL_CASES = [
    # ---------------- must_beat=always
    # leading: anything
    ("AS 9H KD", [], "H", "always", "AS 9H KD"),
    # follow and beat: only AS beats TS
    ("AS KS 9S AH", ["TS"], "H", "always", "AS"),
    # follow, several cards beat QS
    ("AS TS KS 9S", ["QS"], "H", "always", "AS TS KS"),
    # follow, cannot beat AS: any spade (no trumping while holding spades)
    ("KS 9S AH", ["AS"], "H", "always", "KS 9S"),
    # an identical ace does not beat: any spade
    ("AS KS", ["AS"], "H", "always", "AS KS"),
    # two copies of the one beating card
    ("AS AS 9S", ["KS"], "H", "always", "AS"),
    # beat the highest spade in the trick (TS), not the led KS
    ("AS TS 9S", ["KS", "TS"], "H", "always", "AS"),
    # third hand cannot beat the AS played second: any spade
    ("TS KS", ["9S", "AS"], "H", "always", "TS KS"),
    # lead already trumped: any spade, no duty to beat the KS
    ("AS 9S AH", ["KS", "9H"], "H", "always", "AS 9S"),
    # void in spades, no trump in the trick: any trump
    ("9H AH KD", ["AS"], "H", "always", "9H AH"),
    # void in spades, trick trumped with TH: over-trump with AH
    ("9H AH KD", ["AS", "TH"], "H", "always", "AH"),
    # void in spades, cannot over-trump TH: still must trump
    ("9H JH KD", ["AS", "TH"], "H", "always", "9H JH"),
    # void in spades, over-trump QH: KH or AH
    ("9H KH AH AC", ["AS", "QH"], "H", "always", "KH AH"),
    # void in spades and hearts: anything
    ("KD QC", ["AS"], "H", "always", "KD QC"),
    # trump led: beat it
    ("AH 9H AS", ["KH"], "H", "always", "AH"),
    # trump led, cannot beat: any trump
    ("QH 9H AS", ["KH"], "H", "always", "QH 9H"),
    # trump led, beat the higher second trump (TH)
    ("AH TH KH", ["QH", "TH"], "H", "always", "AH"),
    # trump led, void in trump: anything
    ("AS KD", ["9H"], "H", "always", "AS KD"),
    # ---------------- must_beat=trump_led
    # plain lead: follow, no duty to beat
    ("AS KS 9S AH", ["TS"], "H", "trump_led", "AS KS 9S"),
    # plain lead trumped: any spade
    ("AS 9S AH", ["KS", "9H"], "H", "trump_led", "AS 9S"),
    # trump led: beat it
    ("AH 9H AS", ["KH"], "H", "trump_led", "AH"),
    # trump led, cannot beat: any trump
    ("QH 9H AS", ["KH"], "H", "trump_led", "QH 9H"),
    # void, no trump in the trick: any trump
    ("9H AH KD", ["AS"], "H", "trump_led", "9H AH"),
    # void, trick holds a trump: over-trump
    ("9H AH KD", ["AS", "TH"], "H", "trump_led", "AH"),
    # void, cannot over-trump: any trump
    ("9H JH KD", ["AS", "TH"], "H", "trump_led", "9H JH"),
    # void in both: anything
    ("KD QC", ["AS"], "H", "trump_led", "KD QC"),
    # ---------------- must_beat=never
    ("AS KS 9S AH", ["TS"], "H", "never", "AS KS 9S"),
    # trump led: any trump, no duty to beat
    ("AH 9H AS", ["KH"], "H", "never", "AH 9H"),
    # void: any trump, no over-trump duty
    ("9H AH KD", ["AS", "TH"], "H", "never", "9H AH"),
    ("9H AH KD", ["AS"], "H", "never", "9H AH"),
    ("KD QC", ["AS"], "H", "never", "KD QC"),
    ("AS 9H KD", [], "H", "never", "AS 9H KD"),
    # ---------------- other trumps
    # clubs trump, diamond lead, hand void in diamonds: over-trump the KC
    ("AC QC 9C JS", ["TD", "KC"], "C", "always", "AC"),
    # spades trump, spade lead: beat the JS
    ("QS 9S AD", ["JS"], "S", "always", "QS"),
]

PARTNERSHIP_LEGAL_CASES = [
    # ---------------- must_beat=trump_led (the default): only a trump lead is headed
    # issue 9's position (seed 5, 45 heuristic steps): void in clubs, the trick trumped
    # with KS: any spade, no duty to over-trump
    ("TS TS KS QS JS", ["AC", "QC", "KS"], "S", "trump_led", "TS KS QS JS"),
    # void, trick trumped with TH, the player holds AH: any trump
    ("9H AH KD", ["AS", "TH"], "H", "trump_led", "9H AH"),
    # void, not yet trumped: any trump (never a plain card)
    ("9H AH KD", ["AS"], "H", "trump_led", "9H AH"),
    # plain lead: follow, no duty to beat the TS
    ("AS KS 9S AH", ["TS"], "H", "trump_led", "AS KS 9S"),
    # plain lead trumped: any spade
    ("AS 9S AH", ["KS", "9H"], "H", "trump_led", "AS 9S"),
    # trump led: beat it
    ("AH 9H AS", ["KH"], "H", "trump_led", "AH"),
    # trump led, three on the table: beat the highest (TH), not the led QH
    ("AH KH 9H", ["QH", "TH", "JH"], "H", "trump_led", "AH"),
    # trump led, the partner (second card) is winning: still head it
    ("AH 9H", ["9H", "TH", "JH"], "H", "trump_led", "AH"),
    # trump led, cannot beat: any trump
    ("KH 9H AS", ["TH"], "H", "trump_led", "KH 9H"),
    # trump led, an identical ace does not beat: any trump
    ("AH 9H", ["AH"], "H", "trump_led", "AH 9H"),
    # trump led, void in trump: anything
    ("AS KD", ["9H"], "H", "trump_led", "AS KD"),
    # void in the led suit and in trump: anything
    ("KD QC", ["AS", "TH"], "H", "trump_led", "KD QC"),
    # leading: anything
    ("AS 9H KD", [], "H", "trump_led", "AS 9H KD"),
    # ---------------- must_beat=always: head every trick and over-trump (as in section 1)
    ("TS TS KS QS JS", ["AC", "QC", "KS"], "S", "always", "TS"),
    ("AS KS 9S AH", ["TS"], "H", "always", "AS"),
    # beat the highest spade on the table (TS), three cards played
    ("AS TS 9S", ["KS", "TS", "QS"], "H", "always", "AS"),
    # the partner's TS is winning: still beat it
    ("AS KS", ["QS", "TS", "9S"], "H", "always", "AS"),
    # cannot beat: any spade
    ("KS 9S AH", ["AS"], "H", "always", "KS 9S"),
    # trick trumped: any spade
    ("AS 9S AH", ["KS", "9H"], "H", "always", "AS 9S"),
    # void, over-trump the TH (the KH played later does not win)
    ("9H AH QD", ["AS", "TH", "KH"], "H", "always", "AH"),
    # void, cannot over-trump: still trump
    ("9H JH KD", ["AS", "TH"], "H", "always", "9H JH"),
    # void, not yet trumped: any trump
    ("9H AH KD", ["AS"], "H", "always", "9H AH"),
    ("AH 9H AS", ["KH"], "H", "always", "AH"),
    ("KD QC", ["AS"], "H", "always", "KD QC"),
    # ---------------- must_beat=never: follow, else trump, no heading
    ("TS TS KS QS JS", ["AC", "QC", "KS"], "S", "never", "TS KS QS JS"),
    ("AS KS 9S AH", ["TS"], "H", "never", "AS KS 9S"),
    ("AH 9H AS", ["KH"], "H", "never", "AH 9H"),
    ("9H AH KD", ["AS", "TH"], "H", "never", "9H AH"),
    ("KD QC", ["AS", "TH", "KH"], "H", "never", "KD QC"),
    # ---------------- other trumps
    # clubs trump, diamond lead, void: any club (no over-trump duty)
    ("AC QC 9C JS", ["TD", "KC", "JD"], "C", "trump_led", "AC QC 9C"),
    ("AC QC 9C JS", ["TD", "KC", "JD"], "C", "always", "AC"),
    # diamonds trump and led: beat the KD
    ("AD QD 9S", ["JD", "KD"], "D", "trump_led", "AD"),
]
