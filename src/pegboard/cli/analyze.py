"""``pegboard analyze``: every discard of a hand with its expected hand, crib and net value.

Register with ``app.command("analyze")(analyze)``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from pegboard.analysis import DiscardAnalysis, analyze_discards
from pegboard.analysis.discards import PLAYERS, TOSSES
from pegboard.analysis.question import hint_tosses
from pegboard.cards import Card, card_names, parse_cards
from pegboard.cli.cards_display import cards_text
from pegboard.errors import CardError, OptionError
from pegboard.games.cribbage.deal import hand_size

__all__ = ["analysis_json", "analysis_table", "analyze"]


def _role(dealer: bool, pone: bool, partner_deals: bool) -> str:
    chosen = [
        name
        for name, on in (("dealer", dealer), ("pone", pone), ("partner-deals", partner_deals))
        if on
    ]
    if not chosen:
        raise OptionError("say who deals: give --dealer or --pone (or --partner-deals)")
    if len(chosen) > 1:
        given = " and ".join(f"--{name}" for name in chosen)
        raise OptionError(f"give only one of --dealer, --pone and --partner-deals, not {given}")
    return "partner" if chosen[0] == "partner-deals" else chosen[0]


MINUS = "\N{MINUS SIGN}"
"""The one minus sign of the table (the crib against you and a negative net alike)."""


def signed(value: float, plus: bool = False) -> str:
    """``value`` to two places with the table's minus sign (and ``+`` if ``plus``)."""
    text = f"{abs(value):.2f}"
    if value < 0 and text != "0.00":
        return MINUS + text
    return ("+" if plus else "") + text


def _crib_owner(role: str) -> str:
    return {"dealer": "your crib", "pone": "opponent's crib", "partner": "partner's crib"}[role]


def analysis_json(
    hand: list[Card], role: str, players: int, tosses: str, results: list[DiscardAnalysis]
) -> dict[str, Any]:
    return {
        "hand": card_names(hand),
        "role": role,
        "players": players,
        "tosses": tosses,
        "discards": [r.to_json() for r in results],
    }


def analysis_table(
    hand: list[Card], role: str, players: int, tosses: str, results: list[DiscardAnalysis]
) -> Table:
    title = Text.assemble("Discards from ", cards_text(str(c) for c in hand))
    caption = f"{players} players, {_crib_owner(role)}, {tosses} tosses"
    table = Table(title=title, caption=caption)
    table.add_column("Discard")
    table.add_column("Keep")
    table.add_column("Hand", justify="right")
    table.add_column("Crib", justify="right")
    table.add_column("Net", justify="right")
    for i, r in enumerate(results):
        table.add_row(
            cards_text(str(c) for c in r.discard),
            cards_text(str(c) for c in r.keep),
            f"{r.hand:.2f}",
            Text(
                signed(r.crib_sign * r.crib, plus=True), style="green" if r.crib_sign > 0 else "red"
            ),
            Text(signed(r.net), style="bold" if i == 0 else ""),
        )
    return table


def analyze(
    cards: Annotated[
        list[str],
        typer.Argument(
            metavar="CARDS...",
            help="Your hand: 6 cards (2 players) or 5, like 5H 5C 5S JD 7C 9D "
            '(or one quoted "5H 5C 5S JD 7C 9D").',
        ),
    ],
    dealer: Annotated[bool, typer.Option("--dealer", help="You deal: the crib is yours.")] = False,
    pone: Annotated[
        bool, typer.Option("--pone", help="An opponent deals: the crib counts against you.")
    ] = False,
    players: Annotated[int, typer.Option("--players", "-n", help="Players: 2, 3 or 4.")] = 2,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print only JSON: every discard, best first.")
    ] = False,
    partner_deals: Annotated[
        bool,
        typer.Option("--partner-deals", help="4 players in teams: your partner's crib, for you."),
    ] = False,
    tosses: Annotated[
        str | None,
        typer.Option(
            "--tosses",
            help="The other players' crib cards: random (uniform unseen cards) or strong "
            "(2 players: the toss a strong player would make). Default: strong with 2 "
            "players, random with 3 or 4, as the hint in play.",
        ),
    ] = None,
) -> None:
    """Every discard with its expected hand, crib and net value, best first."""
    hand = parse_cards(" ".join(cards))
    if players in PLAYERS and len(hand) != hand_size(players):  # the cards first: then who deals
        size = hand_size(players)
        raise CardError(f"with {players} players a hand has {size} cards, not {len(hand)}")
    role = _role(dealer, pone, partner_deals)
    if tosses is None:
        tosses = hint_tosses(players)  # the model play's hint uses, so the two agree
    if tosses not in TOSSES:
        raise OptionError(f"--tosses must be one of {', '.join(TOSSES)}, not {tosses!r}")
    results = analyze_discards(
        hand,
        dealer=role == "dealer",
        players=players,
        partner_deals=role == "partner",
        tosses="strong" if tosses == "strong" else "random",
    )
    if json_out:
        typer.echo(json.dumps(analysis_json(hand, role, players, tosses, results)))
        return
    Console().print(analysis_table(hand, role, players, tosses, results))
