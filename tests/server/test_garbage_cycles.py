"""A move makes no reference cycles. Every object in a cycle waits for the garbage collector, and
its collections pause the event loop, so every table at once, for longer the more objects they
walk (docs/benchmarks.md, "Web server load"): a server of thousands of tables holds its tail
only if a move leaves nothing for the collector. The server runs in this process (the harness),
the collector is off while the moves are made, and what it then finds is kept
(``DEBUG_SAVEALL``) and counted."""

from __future__ import annotations

import gc
import time
import types
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from harness import Client, Server
from test_server_closing import GONE, ann_at_the_results

from pegboard.server.tables.settings import INTERMISSION

MOVES = 120  # about a hand of Cribbage and more: discards, pegging, the show's readies
SOCKETS = 10  # sockets opened and closed one after another
TABLES = 5  # tables made and joined one after another
ALLOWED = 0.05  # cycles per move: at most one object in twenty moves (the socket's own rare ones)


def lockstep(clients: list[Client], moves: int) -> int:
    """Make ``moves`` moves one at a time: the first client with something to do plays its
    first legal action, then every client reads until it has that change. The moves made."""
    made = 0
    while made < moves:
        mover = next((c for c in clients if c.view.get("legal")), None)
        if mover is None or any(c.view.get("outcome") is not None for c in clients):
            return made
        changed = moved_on(mover.version)
        mover.act(mover.view["legal"][0])
        for client in clients:
            client.until(changed)
        made += 1
    return made


def moved_on(version: int) -> Callable[[Client], bool]:
    return lambda client: client.version > version


def kind(thing: object) -> str:
    """A garbage object's type, and where it comes from when it is code."""
    name = f"{type(thing).__module__}.{type(thing).__qualname__}"
    if isinstance(thing, types.FrameType):
        return f"{name} {thing.f_code.co_qualname} ({thing.f_code.co_filename})"
    if isinstance(thing, types.CoroutineType):
        return f"{name} {thing.cr_code.co_qualname}"
    return name


@contextmanager
def garbage_kept() -> Iterator[list[object]]:
    """The collector off in the block; then what it finds, kept rather than freed."""
    gc.collect()
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    gc.disable()
    found: list[object] = []
    try:
        yield found
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found.extend(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.set_threshold(*thresholds)
        if enabled:
            gc.enable()


def cycles_per_move(server: Server, play: Callable[[list[Client]], int]) -> tuple[float, str]:
    table = server.table(score_target=121)
    tokens = [server.join(table, "Ann"), server.join(table, "Bob")]
    with server.player(table, tokens[0]) as ann, server.player(table, tokens[1]) as bob:
        clients = [ann, bob]
        for client in clients:
            client.until(lambda c: bool(c.view))
        lockstep(clients, 10)  # the first moves warm what is built once (caches, imports)
        with garbage_kept() as garbage:
            moves = play(clients)
        found = Counter(kind(thing) for thing in garbage).most_common(15)
    assert moves >= MOVES // 2, "the game must go on long enough to count"
    return len(garbage) / moves, "\n".join(f"{n} {what}" for what, n in found)


def test_a_move_leaves_no_reference_cycles(server: Server) -> None:
    per_move, found = cycles_per_move(server, lambda clients: lockstep(clients, MOVES))
    assert per_move <= ALLOWED, f"{per_move:.2f} objects in cycles a move:\n{found}"


def test_chat_and_refused_actions_leave_no_reference_cycles(server: Server) -> None:
    """A chat message and an action the table refuses (a stale one, a wrong one) answer too."""

    def play(clients: list[Client]) -> int:
        made = 0
        for _ in range(MOVES // 4):
            ann = clients[0]
            ann.send({"type": "chat", "text": "well played"})
            ann.send({"type": "act", "version": -1, "action": {"type": "discard"}})  # stale
            ann.send({"type": "act", "version": ann.version, "action": {"type": "nonsense"}})
            ann.until(lambda c: len(c.errors) + len(c.chat) >= 3)  # said, or refused past its limit
            ann.errors.clear()
            ann.chat.clear()
            made += lockstep(clients, 2)
        return made

    per_move, found = cycles_per_move(server, play)
    assert per_move <= ALLOWED, f"{per_move:.2f} objects in cycles a move:\n{found}"


def test_a_finished_table_leaves_no_reference_cycles(server: Server) -> None:
    """Its room (and its clocks, its bots' turns, its writer, their tasks) is freed as soon as
    the lobby lets it go, by reference counting alone: a server that freezes its survivors
    (``gc.freeze``) would otherwise keep every finished table for good."""
    with ann_at_the_results(server) as (table, _, ann):
        ann.drain()
        room = weakref.ref(server.on_loop(lambda lobby: lobby.rooms[table]))
        with garbage_kept() as garbage:
            ann.send({"type": "leave"})  # no rematch: the table finishes when the results end
            ann.drain()
            server.advance(INTERMISSION + 1)
            assert ann.closed_with() == GONE
            server.wait_for(lambda: table not in server.open_tables(), "the lobby lets it go")
            freed = eventually(lambda: room() is None)
        found = Counter(kind(thing) for thing in garbage if ours(thing)).most_common(15)
    assert freed and not found, "the finished room waits for the collector, in cycles of:\n" + (
        "\n".join(f"{n} {what}" for what, n in found)
    )


def eventually(condition: Callable[[], bool], timeout: float = 2.0) -> bool:
    """Whether ``condition`` holds within ``timeout`` seconds (the server's loop finishing what
    it has queued: the room's tasks stopping)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def ours(thing: object) -> bool:
    """A garbage object of the server's (a coroutine or frame of its code, too)."""
    return "pegboard" in kind(thing)


def test_a_socket_leaves_no_reference_cycles(server: Server) -> None:
    """Its HTTP connection, upgraded to the socket, is freed by reference counting once the
    socket protocol has taken over: before, the HTTP protocol and its parser pointed at each
    other, a cycle for every socket, frozen for an hour by a server of thousands of sockets."""
    table = server.table(score_target=121)
    token = server.join(table, "Ann")
    server.join(table, "Bob")  # the game starts: each socket is told its view
    with server.player(table, token) as ann:  # the first socket warms what is built once
        ann.until(lambda c: bool(c.view))
    with garbage_kept() as garbage:
        for _ in range(SOCKETS):
            with server.player(table, token) as ann:
                ann.until(lambda c: bool(c.view))
        server.wait_for(
            lambda: not server.on_loop(lambda lobby: len(lobby.rooms[table].watchers)),
            "every socket closed at the server",
        )
    found = Counter(kind(thing) for thing in garbage if http_connection(thing)).most_common(15)
    assert not found, "the sockets' HTTP connections wait for the collector:\n" + "\n".join(
        f"{n} {what}" for what, n in found
    )


def http_connection(thing: object) -> bool:
    """A part of an HTTP connection: its protocol, its parser, its flow control."""
    return any(part in kind(thing) for part in ("GuardedHttp", "HttpRequestParser", "FlowControl"))


def test_a_table_made_and_joined_leaves_no_reference_cycles(server: Server) -> None:
    """Making a table and taking its seats writes to the store: SQLAlchemy's ``a & b`` of two
    comparisons made a cycle of seven objects a call (the left comparison's memoised
    comparator), so every seat taken waited for the collector, frozen for an hour by a server
    that makes thousands of tables."""
    server.join(server.table(score_target=121), "Ann")  # warms what is built once
    with garbage_kept() as garbage:
        for _ in range(TABLES):
            table = server.table(score_target=121)
            server.join(table, "Ann")
            server.join(table, "Bob")
    found = Counter(kind(thing) for thing in garbage if "sqlalchemy" in kind(thing))
    assert not found, "the store's statements wait for the collector:\n" + "\n".join(
        f"{n} {what}" for what, n in found.most_common(15)
    )
