"""A play's review reads only what the seat could see: relabel a card hidden from it (the
other player's discard, swapped with a card nobody was dealt) and its review is unchanged."""

from __future__ import annotations

import copy
from typing import Any

from games import play_game
from pegboard.cards import RANK_OF, parse_card, parse_cards
from pegboard.core import Game
from pegboard.core.wire import Record
from pegboard.records import replay, replay_steps
from pegboard.review import review_record
from pegboard.scoring import score_show


def relabel_hidden(record: Record, seat: int) -> Record:
    """The same game with one card of the other seat's first discard swapped, in the deck and
    in that discard, for a card of the same rank left in the deck (not the starter) that leaves
    the crib's count as it was: every score, and so the rest of the game, is unchanged."""
    other = 1 - seat
    events = record["events"]
    deal = next(e for e in events if e["type"] == "deal")
    starter = next(e for e in events if e["type"] == "starter")["card"]
    thrown = next(e for e in events if e["type"] == "discard" and e["seat"] == other)["cards"]
    dealt = {c for hand in deal["hands"] for c in hand} | set(deal["crib"]) | {starter}
    shuffle = next(step["shuffle"] for step in record["chance"] if "shuffle" in step)
    crib = crib_shown(record)
    cut = parse_card(starter)

    def crib_total(cards: list[str]) -> int:
        return score_show([c for c in parse_cards(cards) if c != cut], cut, crib=True).total

    hidden, stranger = next(
        (card, other_card)
        for card in thrown
        for other_card in shuffle
        if other_card not in dealt
        and RANK_OF[parse_card(other_card)] == RANK_OF[parse_card(card)]
        and crib_total([other_card if c == card else c for c in crib]) == crib_total(crib)
    )
    swap = {hidden: stranger, stranger: hidden}
    changed = copy.deepcopy(record)
    for step in changed["chance"]:
        if "shuffle" in step:
            step["shuffle"] = [swap.get(c, c) for c in step["shuffle"]]
            break
    for entry in changed["actions"]:
        action = entry["action"]
        if entry["seat"] == other and action["type"] == "discard":
            cards = sorted((swap.get(c, c) for c in action["cards"]), key=_order)
            entry["action"] = {**action, "cards": cards}
            break
    game = replayed(changed)
    changed["events"] = [dict(e) for e in game.events]
    changed["outcome"] = game.outcome.to_json() if game.outcome is not None else None
    return changed


def _order(name: str) -> int:
    return int(parse_card(name))


def replayed(record: Record) -> Game:
    *_, game = replay_steps(record)
    return game


def crib_shown(record: Record) -> list[str]:
    cards: list[str] = next(
        e["cards"] for e in record["events"] if e["type"] == "show" and e["crib"]
    )
    return cards


def first_hand(review: Any, seat: int, phase: str) -> list[Any]:
    return [d for d in review.decisions if d.seat == seat and d.hand == 1 and d.phase == phase]


def test_relabelling_a_hidden_card_leaves_the_seats_review_unchanged() -> None:
    record = play_game("cribbage", ["expert", "expert"], 11)
    changed = relabel_hidden(record, seat=0)
    replay(changed)  # a legal game
    # The swap is real: the other seat discarded another card, and the crib showed it.
    assert changed["chance"] != record["chance"]
    assert crib_shown(record) != crib_shown(changed)
    before, after = review_record(record), review_record(changed)
    plays = first_hand(before, 0, "play")
    assert len(plays) >= 2
    for phase in ("discard", "play"):
        mine, theirs = first_hand(before, 0, phase), first_hand(after, 0, phase)
        assert [d.view for d in mine] == [d.view for d in theirs]
        assert [d.options for d in mine] == [d.options for d in theirs]
        assert [(d.chosen, d.best, d.cost) for d in mine] == [
            (d.chosen, d.best, d.cost) for d in theirs
        ]
