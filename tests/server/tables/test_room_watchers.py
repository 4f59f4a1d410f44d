"""The watchers: each gets its own message, or everyone the same messages in order; all are let
go with a reason, and people without a seat can be sent away while the players stay."""

from __future__ import annotations

import asyncio
from typing import Any

from pegboard.server.http.protocol import GONE, RESTART
from pegboard.server.tables.watchers import Watchers


class Client:
    def __init__(self, slot: int | None) -> None:
        self.slot = slot
        self.got: list[dict[str, Any]] = []
        self.ended: int | None = None

    async def send(self, message: dict[str, Any]) -> None:
        self.got.append(message)

    async def end(self, code: int = GONE) -> None:
        self.ended = code


def test_each_watcher_gets_its_own_message_or_none() -> None:
    ann, bob, spectator = Client(0), Client(1), Client(None)
    watchers = Watchers()
    for client in (ann, bob, spectator):
        watchers.add(client)

    def for_players(client: Any) -> dict[str, Any] | None:
        return {"slot": client.slot} if client.slot is not None else None

    asyncio.run(watchers.send_each(for_players))
    assert (ann.got, bob.got, spectator.got) == ([{"slot": 0}], [{"slot": 1}], [])
    assert len(watchers) == 3


def test_everyone_gets_the_same_messages_in_their_order() -> None:
    ann, spectator = Client(0), Client(None)
    watchers = Watchers()
    watchers.add(ann)
    watchers.add(spectator)
    told = [{"type": "commit", "hand": 2}, {"type": "reveal", "hand": 1}]
    asyncio.run(watchers.send_all(told))
    asyncio.run(watchers.send_all([]))  # nothing to tell: nothing sent
    assert ann.got == spectator.got == told


def test_letting_go_ends_every_connection_with_its_reason() -> None:
    ann, spectator = Client(0), Client(None)
    watchers = Watchers()
    watchers.add(ann)
    watchers.add(spectator)
    asyncio.run(watchers.let_go(RESTART))
    assert (ann.ended, spectator.ended) == (RESTART, RESTART)
    assert len(watchers) == 0


def test_spectators_are_told_and_sent_away_and_the_players_stay() -> None:
    ann, spectator = Client(0), Client(None)
    watchers = Watchers()
    watchers.add(ann)
    watchers.add(spectator)
    asyncio.run(watchers.send_spectators_away({"type": "error", "code": "no-watching"}))
    assert spectator.got == [{"type": "error", "code": "no-watching"}]
    assert spectator.ended == GONE
    assert (ann.got, ann.ended) == ([], None)
    assert list(watchers) == [ann]


def test_a_watcher_gone_meanwhile_is_not_sent_to_twice() -> None:
    ann, bob = Client(0), Client(1)
    watchers = Watchers()
    watchers.add(ann)
    watchers.add(bob)
    for client in watchers:  # iterating goes over a copy: leaving meanwhile is safe
        watchers.discard(client)
    assert len(watchers) == 0
    watchers.discard(ann)  # twice: nothing happens
