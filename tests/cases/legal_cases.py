"""Hand-worked legal-card cases for Cutthroat Pinochle (docs/cutthroat-pinochle.md, Play).

Each case: (hand, trick so far in play order, trump, must_beat, expected legal codes).
Rank order A > T > K > Q > J > 9; an identical card does not beat.
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
