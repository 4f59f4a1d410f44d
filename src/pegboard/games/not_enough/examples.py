"""Cribbage is not Enough's worked examples for its rules page: the Tops, the powers, the
Intel bonus, the battle for the crib and the cradle."""

from __future__ import annotations

from pegboard.cards import parse_card, parse_cards
from pegboard.core.examples import Example, example, group, line
from pegboard.games.not_enough.cradle import magic_sums, robbing_colour
from pegboard.games.not_enough.might import muster, single_highest
from pegboard.games.not_enough.points import crib_items, cut_items, intel_bonus
from pegboard.games.not_enough.powers import COLOURS, POWERS, default_powers


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


def examples() -> list[Example]:
    return [tops(), powers_example(), intel_example(), battle_example(), cradle_example()]
