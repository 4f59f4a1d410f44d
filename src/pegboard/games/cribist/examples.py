"""Cribist's worked example for its rules page: a trick won and counted."""

from __future__ import annotations

from pegboard.cards import parse_cards
from pegboard.core.examples import Example, example, group, line
from pegboard.games.cribist.rules import trick_winner
from pegboard.scoring import score_trick


def cribist_trick() -> Example:
    names = ["Ann", "Bob", "Cid", "Dee"]
    trump = "CDHS".index("H")
    cards = parse_cards("5D 4D 6S 5H")
    winner = trick_winner(list(enumerate(cards)), trump)
    score = score_trick(cards, trump)
    return example(
        "A trick",
        f"Hearts are trumps. Ann leads a diamond, Bob follows, Cid has no diamond and plays a "
        f"spade, Dee has none either and trumps. {names[winner]} wins the trick and scores "
        f"its four cards: {score.total} points.",
        [group(f"{name} plays", [card]) for name, card in zip(names, cards, strict=True)],
        [line("", item.cards, [item]) for item in score.items],
    )


def examples() -> list[Example]:
    return [cribist_trick()]
