"""A game's rules page for the web app: the package's own rules text as HTML (the very file
``pegboard rules`` prints), and worked examples whose every number comes from the scoring code.

An example is a title, a sentence, some groups of cards to look at, and lines (cards, what they
score, the running total). The client draws the cards; nothing here is written by hand but words.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from fastapi import APIRouter
from markdown_it import MarkdownIt

from pegboard.cards import VALUE_OF, Card, card_names, parse_card, parse_cards
from pegboard.core.spec import get_spec
from pegboard.games.cribist.rules import trick_winner
from pegboard.games.not_enough.cradle import magic_sums, robbing_colour
from pegboard.games.not_enough.might import muster, single_highest
from pegboard.games.not_enough.points import crib_items, cut_items, intel_bonus
from pegboard.games.not_enough.powers import COLOURS, POWERS, default_powers
from pegboard.scoring import ScoreItem, score_pegging, score_show, score_trick

__all__ = ["router", "rules_html", "rules_page"]

Example = dict[str, Any]

router = APIRouter()


@router.get("/api/rules/{game}")
async def rules(game: str) -> dict[str, Any]:
    return rules_page(game)  # an unknown game is a PegboardError: 400 with its message


def rules_html(markdown: str) -> str:
    """Markdown as HTML: CommonMark plus tables, raw HTML switched off."""
    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return html


@cache
def rules_page(game: str) -> dict[str, Any]:
    spec = get_spec(game)
    return {
        "game": spec.name,
        "title": spec.title,
        "html": rules_html(spec.rules_text()),
        "examples": spec.surface("rules_page")() if "rules_page" in spec.surfaces else [],
    }


def group(label: str, cards: Sequence[Card]) -> dict[str, Any]:
    return {"label": label, "cards": card_names(cards)}


def line(text: str, cards: Sequence[Card] = (), items: Sequence[ScoreItem] = ()) -> Example:
    """One step of an example: what happens, the cards it is about, what it scores."""
    return {
        "text": text,
        "cards": card_names(cards),
        "items": [item.to_json() for item in items],
        "points": sum(item.points for item in items),
    }


def example(
    title: str,
    text: str,
    groups: list[dict[str, Any]],
    lines: list[Example],
    *,
    running: bool = True,
) -> Example:
    """``running``: the lines are one count, so the page adds them up as it goes."""
    return {"title": title, "text": text, "groups": groups, "lines": lines, "running": running}


# -- Cribbage ----------------------------------------------------------------------------------


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


# -- Cribist -----------------------------------------------------------------------------------


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


# -- Cribbage is not Enough ----------------------------------------------------------------------


def tops() -> Example:
    grey, blue = parse_card("JC"), parse_card("QH")
    items = cut_items({"grey": grey, "blue": blue})
    return example(
        "The Tops",
        "Both decks are cut at once. A Jack on either Top pegs 2 for the dealer's team (his nob), "
        "a Queen pegs −2 (her pot): here they cancel out.",
        [group("Grey Top", [grey]), group("Blue Top", [blue])],
        [line("", item.cards, [item]) for item in items],
    )


def powers_example() -> Example:
    table = default_powers()
    hand = parse_cards("KS JC 7S 3C")
    courts = [card for card in hand if table.value(card, "might") or table.value(card, "intel")]
    lines = [
        line(" · ".join(f"{power.title()} {table.value(card, power)}" for power in POWERS), [card])
        for card in courts
    ]
    totals = ", ".join(f"{power.title()} {table.total(hand, power)}" for power in POWERS)
    return example(
        "Intel, Might and Magic",
        "Only court cards (J, Q, K, A) carry powers, three numbers each, printed on the card "
        f"(the table shown at the game). This hand's court cards add up to {totals}; "
        "its 7 and 3 have none.",
        [group("Hand", hand)],
        lines,
    )


def intel_example() -> Example:
    hand, own, enemy = parse_cards("7S 8C 9S 2C"), parse_card("5C"), parse_card("TH")
    items = intel_bonus(hand, own, enemy)
    total = sum(item.points for item in items)
    return example(
        "The intelligence bonus",
        "The player with the most Intel in hand also counts the enemy Top. The 10 lengthens "
        f"the run 7-8-9 to 7-8-9-10, so the run of three is not counted again: {total} more.",
        [group("Hand", hand), group("Own Top", [own]), group("Enemy Top", [enemy])],
        [line("", item.cards, [item]) for item in items],
    )


def battle_example() -> Example:
    table = default_powers()
    kept = [parse_cards("KS 3C 7S 8C"), parse_cards("QH 2D 9H 4D")]
    dealer = 1
    tops = [parse_card("5C"), parse_card("KD")]  # by team: grey (Ann's), blue (Bob's)
    mustered = muster(kept, dealer, tops, {}, None, table)
    assert mustered is not None  # both hands hold Might
    rolls = [[4, 6, 2], [5, 5, 3, 1, 6, 2]]  # say the dice fall so; the totals follow
    dice = mustered.dice
    totals = [sum(r[: dice[s]]) + mustered.bonus[s] for s, r in enumerate(rolls)]
    winner = single_highest(totals)
    names = ["Ann", "Bob"]
    lines = [
        line(
            f"{names[s]} rolls {dice[s]} dice"
            + (" (2 for dealing)" if s == dealer else "")
            + f": {' + '.join(map(str, rolls[s][: dice[s]]))}"
            + (f", plus {mustered.bonus[s]} for their unused Top" if mustered.bonus[s] else "")
            + f" = {totals[s]}",
            kept[s],
        )
        for s in range(2)
    ]
    verdict = (
        f"{names[winner]} is the single highest and wins both crib piles for their team."
        if winner is not None
        else "A tie for the highest: each team keeps its own pile."
    )
    return example(
        "The battle for the crib",
        "Each player rolls a die per point of Might in hand; the dealer rolls 2 more; an unused "
        f"Top adds its Might. {verdict}",
        [group("Ann's Top (grey)", tops[0:1]), group("Bob's Top (blue)", tops[1:2])],
        lines,
        running=False,
    )


def cradle_example() -> Example:
    table = default_powers()
    piles = {"grey": parse_cards("QS 4C"), "blue": parse_cards("5H 6D")}
    sums = magic_sums(piles, table)
    robber = robbing_colour(sums)
    count = crib_items([*piles["grey"], *piles["blue"], parse_card("5C")])
    return example(
        "Rob the cradle, then the crib",
        f"The grey crib cards hold Magic {sums['grey']}, the blue ones {sums['blue']}: the "
        f"{robber} team may ban a colour, add a card, or let it be. Left as it is, a team that "
        "owns all four counts them with its own Top (here the grey 5♣): fifteens, pairs and "
        "runs only.",
        [group(f"{colour.title()} crib pile", piles[colour]) for colour in COLOURS]
        + [group("Grey Top", parse_cards("5C"))],
        [line("", item.cards, [item]) for item in count],
    )


def cribbage_examples() -> list[Example]:
    """Cribbage's worked examples (named by its spec's ``rules_page`` surface)."""
    return [counted_hand(), pegging_sequence()]


def cribist_examples() -> list[Example]:
    return [cribist_trick()]


def not_enough_examples() -> list[Example]:
    return [tops(), powers_example(), intel_example(), battle_example(), cradle_example()]
