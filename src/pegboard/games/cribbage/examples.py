"""Cribbage's worked examples for its rules page: a hand counted and a pegging sequence."""

from __future__ import annotations

from pegboard.cards import VALUE_OF, Card, parse_card, parse_cards
from pegboard.core.examples import Example, example, group, line
from pegboard.scoring import score_pegging, score_show


def counted_hand() -> Example:
    hand, starter = parse_cards("4C 5H 5D JS"), parse_card("6S")
    score = score_show(hand, starter, crib=False)
    return example(
        "A hand counted item by item",
        f"Your four cards with the starter; the show scores {score.total} in all.",
        [group("Hand", hand), group("Starter", [starter])],
        [line("", item.cards, [item]) for item in score.items],
    )


def pegging_sequence() -> Example:
    plays = [("Ann", "7H"), ("Bob", "8C"), ("Ann", "6D"), ("Bob", "9S"), ("Ann", "AS")]
    played: list[Card] = []
    lines = []
    for who, name in plays:
        played.append(parse_card(name))
        count = sum(VALUE_OF[card] for card in played)
        score = score_pegging(played)
        lines.append(line(f"{who} plays, the count is {count}", played[-1:], score.items))
    return example(
        "A pegging sequence",
        "Ann and Bob take turns; each card scores with the cards before it in the count.",
        [group("The count", played)],
        lines,
        running=False,
    )


def examples() -> list[Example]:
    return [counted_hand(), pegging_sequence()]
