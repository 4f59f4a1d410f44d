"""``pegboard score``: count a show hand (or crib) with its starter, item by item."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from pegboard.cards import Card, parse_card, parse_cards
from pegboard.cli.cards_display import card_text, cards_text
from pegboard.errors import CardError
from pegboard.scoring import Score, score_show


def read_hand(cards: str, starter: str | None) -> tuple[list[Card], Card]:
    """4 cards and ``--starter``, or 5 cards with the starter last."""
    hand = parse_cards(cards)
    if starter is None:
        if len(hand) != 5:
            raise CardError(
                f"give 4 cards and --starter, or 5 cards with the starter last; got {len(hand)}"
            )
        return hand[:4], hand[4]
    return hand, parse_card(starter)


def score_table(hand: list[Card], starter: Card, score: Score, *, crib: bool) -> Table:
    title = Text.assemble("Crib " if crib else "Hand ", cards_text(str(c) for c in hand), " + ")
    title.append_text(card_text(str(starter)))
    table = Table(title=title, show_footer=True)
    table.add_column("Kind", footer="Total")
    table.add_column("Cards")
    table.add_column("Points", justify="right", footer=str(score.total))
    for item in score.items:
        table.add_row(item.kind, cards_text(str(c) for c in item.cards), str(item.points))
    return table


def score_command(
    cards: Annotated[
        list[str],
        typer.Argument(
            metavar="CARDS...",
            help='The 4 cards of the hand, like 5H 5C 5S JD (or one quoted "5H 5C 5S JD").',
        ),
    ],
    starter: Annotated[
        str | None, typer.Option("--starter", "-s", help="The starter card, like 5D.")
    ] = None,
    crib: Annotated[
        bool, typer.Option("--crib", help="Count as the crib (a flush needs all 5 cards).")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print only JSON: total and items.")
    ] = False,
) -> None:
    """Count a hand (or the crib) with the starter: fifteens, pairs, runs, flush, nobs."""
    hand, cut = read_hand(" ".join(cards), starter)
    score = score_show(hand, cut, crib=crib)
    if as_json:
        typer.echo(json.dumps(score.to_json()))
        return
    Console().print(score_table(hand, cut, score, crib=crib))
