"""The scripted deals several test files share, with the play each was worked out for."""

from __future__ import annotations

from cribbage_script import deck

# Two players, seat 0 deals. Seat 1 (the pone) keeps 4C 5D 6H 7S; the dealer keeps 5H 5C TD JS;
# the crib is 2H 8D KD QC; starter 3S.
TWO = deck(["5H 5C TD JS 2H 8D", "4C 5D 6H 7S KD QC"], dealer=0, starter="3S")
TWO_DISCARDS = {0: "2H 8D", 1: "KD QC"}
TWO_PLAY = [
    [(1, "4C"), (0, "5H"), (1, "6H"), (0, "5C"), (1, "7S")],  # 27, then both pass
    [(0, "TD"), (1, "5D"), (0, "JS")],
]

# Three players, seat 0 deals; play order 1, 2, 0. KH goes straight to the crib; starter 2D.
THREE = deck(
    ["KS 5C 5D QH 7C", "9C 6H 4S 8C JC", "TD AH 4D 2S 3H"], dealer=0, starter="2D", crib="KH"
)
THREE_DISCARDS = {1: "JC", 2: "3H", 0: "7C"}
THREE_PLAY = [
    [(1, "9C"), (2, "TD"), (0, "KS"), (2, "AH")],
    [(0, "5C"), (1, "6H"), (2, "4D"), (0, "5D"), (1, "4S"), (2, "2S")],
    [(0, "QH"), (1, "8C")],
]

# Four players, seat 0 deals; play order 1, 2, 3, 0; each discards one card; starter AD.
FOUR = deck(
    ["5H 6H QC KH 7C", "TC AH 5C 8H 2S", "TD 5D 6D 7S 3S", "9S 5S 4C 9D JH"],
    dealer=0,
    starter="AD",
)
FOUR_DISCARDS = {1: "2S", 2: "3S", 3: "JH", 0: "7C"}
FOUR_PLAY = [
    [(1, "TC"), (2, "TD"), (3, "9S"), (1, "AH")],
    [(2, "5D"), (3, "5S"), (0, "5H"), (1, "5C"), (2, "6D"), (3, "4C")],
    [(0, "6H"), (1, "8H"), (2, "7S"), (3, "9D")],
    [(0, "QC"), (0, "KH")],
]
