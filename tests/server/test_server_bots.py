"""Server bots think off the event loop, are checked like people, and keep to their seeds."""

from __future__ import annotations

import queue
from collections.abc import Iterator

import pytest
from harness import Server

from pegboard.bots import Bot, make
from pegboard.bots.base import View
from pegboard.core.chance import ScriptedChance, outcome_from_json
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.core.wire import Action
from pegboard.games.cribbage.views import cribbage_view
from pegboard.server.tables.room import Room


class Gate:
    """Holds every question put to the held bots until the test answers it. The bots ask from
    a worker thread, so this is a thread-safe queue, never a sleep."""

    def __init__(self) -> None:
        self.questions: queue.Queue[View] = queue.Queue()
        self.answers: queue.Queue[Action | None] = queue.Queue()
        self.open = False

    def question(self) -> View:
        return self.questions.get(timeout=5)

    def answer(self, action: Action | None = None) -> None:
        """Answer the question being held: ``action``, or the bot's own move for None."""
        self.answers.put(action)

    def let_go(self) -> None:
        """The bots' own moves from now on, for every question still held or on its way (a
        server asks at most one bot per table at a time)."""
        self.open = True
        for _ in range(8):
            self.answers.put(None)


class Held:
    """A bot that waits for the gate before each move (a deliberately slow bot)."""

    name = "held"

    def __init__(self, bot: Bot, gate: Gate) -> None:
        self.bot = bot
        self.gate = gate

    def act(self, view: View) -> Action:
        if self.gate.open:
            return self.bot.act(view)
        self.gate.questions.put(view)
        answer = self.gate.answers.get(timeout=30)
        return self.bot.act(view) if answer is None else answer


@pytest.fixture
def gate(server: Server) -> Iterator[Gate]:
    """Every "random" bot of this server is held; other bots move at once."""
    held = Gate()

    def make_bot(name: str, seed: int) -> Bot:
        bot = make(name, seed=seed)
        return Held(bot, held) if name == "random" else bot

    server.settings.make_bot = make_bot
    yield held
    held.let_go()  # a held bot must never outlive the test


def test_another_table_is_served_while_a_bot_thinks(server: Server, gate: Gate) -> None:
    slow = server.table(bots=["random", "random"])  # starts at once; its first bot is held
    gate.question()
    fast = server.table(bots=[None, "greedy"])
    with server.player(fast, server.join(fast, "Bob")) as bob:
        bob.receive()
        bob.heard()  # not drain(): the server is never idle while the slow bot is held
        bob.send({"type": "ping"})
        while (message := bob.receive())["type"] != "pong":  # answered while the bot thinks
            assert message["type"] == "update", "the deal may still be on its way to Bob"
        bob.act(bob.view["legal"][0])
        for _ in range(20):
            if len(bob.view["discarded_seats"]) == 2:
                break
            bob.receive()
        assert len(bob.view["discarded_seats"]) == 2, "Bob's discard and the greedy bot's"
        assert gate.questions.empty(), "all the while the slow bot was still thinking"
        version = server.in_room(slow, lambda room: room.game.version if room.game else -1)
        gate.answer()
        after = gate.question()  # the other held bot's turn: the first one's move was made
        assert after["version"] > version, "the slow bot's move"


def bot_seat(room: Room) -> int:
    return next(iter(room.bots))


def test_a_bot_move_made_for_a_state_that_changed_is_dropped(server: Server, gate: Gate) -> None:
    table = server.table(bots=[None, "random"], turn_time=5)
    with server.player(table, server.join(table, "Ann")) as ann:
        ann.receive()
        asked = gate.question()
        assert asked["phase"] == "discard"
        server.advance(5.5, settle=False)  # the turn runs out: the game discards for both
        ann.until(lambda c: c.view["phase"] == "play", then=False)  # the bot is still held
        assert ann.view["phase"] == "play"
        seat = server.in_room(table, bot_seat)
        if seat not in ann.view["to_act"]:
            version = ann.version
            ann.act(ann.view["legal"][0])  # Ann leads; then it is the bot's turn
            ann.until(lambda c: c.version > version, then=False)
        now = server.in_room(table, lambda room: room.game.version if room.game else -1)
        legal = server.in_room(
            table, lambda room: room.game.legal_actions(seat) if room.game else []
        )
        assert legal, "the bot is to play"
        # The held move was made for the discard: answer with a card it may play now, which
        # is still stale. It is dropped, and the bot is asked about the game as it is now.
        gate.answer(legal[-1])
        again = gate.question()
        assert again["phase"] == "play" and again["version"] == now
        assert server.in_room(table, lambda room: room.game.version if room.game else -1) == now
        gate.answer()
        ann.drain()
        assert ann.version > now, "the fresh move is played"
        played = [e for e in ann.events if e["type"] == "play" and e["seat"] == seat]
        assert len(played) == 1


def test_an_all_bot_table_plays_the_game_its_bots_seeds_say(server: Server) -> None:
    table = server.table(bots=["greedy", "random", "greedy"], players=3, score_target=61)
    server.wait_for(
        lambda: server.get(f"/api/tables/{table}/records").json() == [1], "the game", 30
    )
    seed, options, seating = server.in_room(
        table, lambda room: (room.row.seed, room.row.options, list(room.row.seating))
    )
    played = server.get(f"/api/tables/{table}/records/1").json()
    # The same game, without a server: the same deals, each bot from its seed, the first seat
    # to act moves.
    names = ["greedy", "random", "greedy"]
    dealt = ScriptedChance([outcome_from_json(o) for o in played["chance"]])
    game = Game(get_spec("cribbage"), 3, None, options, chance=dealt)
    bots = {s: make(names[slot], seed=seed * 1000 + 8 + s) for s, slot in enumerate(seating)}
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(cribbage_view(game.view(seat))))
    assert game.record()["actions"] == played["actions"]
