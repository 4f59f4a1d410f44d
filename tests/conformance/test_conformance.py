"""Every registered game, over many option sets: random playouts to the end, no empty legal
action lists before the end, no hidden card in any view or event, and exact replay."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any, Literal

import pytest
from shapes import declared_actions, declared_events, declared_view, fits_one_of, misfits

from pegboard.cards import card_names, parse_card
from pegboard.core import Action, Game, game_names, get_spec
from pegboard.core.wire import Leave, Seen, TableView, TimeUp
from pegboard.errors import OptionError
from pegboard.records import check_record, replay

CARD_TOKEN = re.compile(r'"([A2-9TJQK][CDHS])"')


def option_sets(name: str) -> Iterator[tuple[int, dict[str, object]]]:
    """Defaults for every player count, then each option moved off its default alone."""
    spec = get_spec(name)
    for players in spec.players:
        yield players, {}
        for option in spec.options:
            if option.kind == "bool":
                variants: list[object] = [not option.default]
            elif option.kind == "int":
                variants = [v for v in (option.min, 31) if v is not None and v != option.default]
            else:
                variants = [c for c in option.choices if c != option.default]
            for value in variants:
                try:
                    spec.resolve(players, {option.name: value})
                except OptionError:
                    continue
                yield players, {option.name: value}


CASES = [
    (name, players, options) for name in game_names() for players, options in option_sets(name)
]


def cards_in(data: Any) -> set[str]:
    return set(CARD_TOKEN.findall(json.dumps(data)))


class DriverPart(Seen):
    """What ``Game.view`` adds to the rules' view: ``TableView`` less the game's keys."""

    table_talk: Literal["phrases", "free"]


def check_view(game: Game, seat: int | None, view: TableView) -> None:
    """The rules' view fits the game's declared view type (``Rules[..., ..., ItsView]``) key by
    key, and what the driver adds to it fits core/wire.py's ``Seen`` and ``table_talk``."""
    own = game.rules.view(seat)
    wrong = misfits(own, declared_view(type(game.rules)), f"seat {seat}'s view")
    driver = {k: v for k, v in view.items() if k not in own or k in DriverPart.__annotations__}
    wrong += misfits(driver, DriverPart, f"what the driver adds to seat {seat}'s view")
    assert not wrong, wrong


def check_no_leak(game: Game, since: int) -> None:
    """Views now (each fitting the game's view type), and the events of this step from its
    last deal on, show no secret card."""
    batch = game.events[since:]
    deals = [i for i, e in enumerate(batch) if e["type"] == "deal"]
    start = since + (deals[-1] if deals else 0)
    for seat in [None, *range(game.players)]:
        secret = {str(c) for c in game.rules.secret_cards(seat)}
        view = game.view(seat)
        check_view(game, seat, view)
        leaked = cards_in(view) & secret
        assert not leaked, f"view of seat {seat} shows hidden {leaked}"
        leaked = cards_in(game.events_for(seat, start)) & secret
        assert not leaked, f"events for seat {seat} show hidden {leaked}"


def check_actions(game: Game, seat: int, legal: list[Action]) -> None:
    """Every legal action is one of the game's declared action types, is its own canonical
    form, and plays only a card of the seat's hand (``Rules.hand``, which the env encodes by)."""
    shapes = declared_actions(type(game.rules))
    hand = card_names(game.rules.hand(seat))
    for action in legal:
        assert fits_one_of(action, shapes), f"{action} is none of {shapes}"
        assert game.rules.canonical(action) == action
        assert action["type"] != "play" or action["card"] in hand, (action, hand)


def random_playout(game: Game, rng: random.Random) -> None:
    for _ in range(20_000):
        if game.outcome is not None:
            return
        assert game.to_act, "nobody to act before the end"
        before = game.version
        roll = rng.random()
        if game.rules.timed and roll < 0.01:
            game.time_up()
        elif roll < 0.02:
            game.timeout()
        elif roll < 0.0225 and game.players > 2:
            game.leave(rng.choice(game.to_act))
        else:
            seat = rng.choice(game.to_act)
            legal = game.legal_actions(seat)
            assert legal, f"seat {seat} must act but has no legal action"
            assert game.view(seat)["legal"] == legal
            check_actions(game, seat, legal)
            game.apply(seat, rng.choice(legal))
        check_no_leak(game, before)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=lambda v: str(v))
def test_random_playouts_end_replay_and_never_leak(
    name: str, players: int, options: dict[str, object]
) -> None:
    for seed in range(3):
        game = Game(get_spec(name), players, seed, options)
        random_playout(game, random.Random(seed))
        outcome = game.outcome
        assert outcome is not None
        assert sorted(set(outcome.ranks))[0] == 1
        shapes = (*declared_actions(type(game.rules)), Leave, TimeUp)
        for entry in game.actions:
            assert fits_one_of(entry["action"], shapes), entry
        kinds = declared_events(type(game.rules))
        for event in game.events:
            assert fits_one_of(event, kinds), f"{event} is none of {kinds}"
        record = json.loads(json.dumps(game.record()))
        check_record(record)
        again = replay(record)
        assert again.events == game.events
        assert again.outcome == outcome


@pytest.mark.parametrize("name", game_names())
def test_leaving_until_one_player_remains(name: str) -> None:
    spec = get_spec(name)
    players = max(spec.players)
    game = Game(spec, players, 11, {})
    rng = random.Random(11)
    for _ in range(30):
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    leavers = []
    while game.outcome is None:
        seat = next(s for s in range(players) if game.rules.in_game(s))
        game.leave(seat)
        leavers.append(seat)
    ranks = game.outcome.ranks
    assert [ranks[s] for s in leavers] == sorted((ranks[s] for s in leavers), reverse=True)
    assert game.outcome.reason == "leave"
    assert replay(json.loads(json.dumps(game.record()))).outcome == game.outcome


def test_card_tokens_are_cards() -> None:
    """The leak check reads card tokens out of JSON; make sure the pattern reads real cards."""
    assert {str(parse_card(t)) for t in cards_in({"a": ["5H", "TD", "KS"], "b": "x"})} == {
        "5H",
        "TD",
        "KS",
    }
