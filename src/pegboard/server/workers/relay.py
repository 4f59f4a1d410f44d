"""A socket whose table another worker owns: screened here, performed there.

The socket's worker checks each message's rate, size and shape (the same limits as for a table
of its own) and answers ``ping``; the rest goes to the owner, who checks the seat token and the
stale-command rule and answers with this seat's own view only, which is relayed as it comes.
When the owner goes away the socket is closed with RESTART: the client comes back with
``since``, to a worker that owns the table or relays to the one that does now.

Relaying costs every message a trip through Redis and back, so a socket is relayed only when
it cannot be routed: when the owner has a route the load balancer knows (``pegboard serve
--route``) and the socket did not come asking for it, it is closed with MOVED and that route,
and the client comes straight back by it, to the owner. One that asked for the owner's route
and still landed here (the load balancer found the owner unreachable) is relayed: no loop. So
is one from a client that does not say ``route`` (an older one, which would not follow).
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from pegboard.server.http.protocol import GONE, MOVED, RESTART, Screen, receive_frame
from pegboard.server.metrics import SOCKETS_MOVED, SOCKETS_RELAYED
from pegboard.server.tables.commands import PONG, screened
from pegboard.server.tables.sockets import SocketWatcher
from pegboard.server.workers.worker import Moved, NoAnswer, Refused, Workers, route_of


def moved_to(owner: str, asked: str | None, mine: str) -> str | None:
    """The route a socket at ``owner``'s table is sent to, from the worker named ``mine``
    where it landed asking for the route ``asked`` ("" for any; None: a client that does not
    follow routes); None: relay it here."""
    route = route_of(owner)
    if asked is None or route is None or route == asked or route == route_of(mine):
        return None  # no route either side; asked for already (the owner is unreachable)
    return route


@dataclass
class Relayed:
    watcher: SocketWatcher
    table: str
    owner: str


class Relays:
    """This worker's relayed sockets, by name."""

    def __init__(self) -> None:
        self.sockets: dict[str, Relayed] = {}

    def deliver(self, message: dict[str, Any]) -> None:
        """A message from an owner for one of these sockets."""
        relayed = self.sockets.get(str(message.get("conn")))
        if relayed is None or message.get("from") != relayed.owner:
            return  # that socket has gone, or has been told to come back already
        if message.get("kind") == "out":
            relayed.watcher.put(message["message"])
        elif message.get("kind") == "close":
            relayed.watcher.finish(int(message.get("code", RESTART)))

    def close_table(self, table_id: str, code: int = RESTART) -> None:
        for relayed in self.sockets.values():
            if relayed.table == table_id:
                relayed.watcher.finish(code)

    def owners(self) -> dict[str, set[str]]:
        """Per relayed table, the owners its sockets talk to."""
        found: dict[str, set[str]] = {}
        for relayed in self.sockets.values():
            found.setdefault(relayed.table, set()).add(relayed.owner)
        return found

    def close_all(self) -> None:
        for relayed in self.sockets.values():
            relayed.watcher.finish(RESTART)


class Relay:
    """The table ``table_id`` as seen from this worker: owned by ``owner``."""

    def __init__(
        self,
        workers: Workers,
        relays: Relays,
        table_id: str,
        owner: str,
        closed_info: Callable[[str], dict[str, Any] | None],
    ) -> None:
        self.workers = workers
        self.relays = relays
        self.table_id = table_id
        self.owner = owner
        self.closed_info = closed_info

    async def serve(
        self, websocket: WebSocket, token: str | None, since: int, route: str | None = None
    ) -> None:
        """Serve the socket that asked for ``route`` ("" any worker, None: it cannot be sent
        on) here, or send it on."""
        moved = moved_to(self.owner, route, self.workers.me)
        if moved is not None:
            SOCKETS_MOVED.inc()
            await websocket.close(code=MOVED, reason=moved)
            return
        SOCKETS_RELAYED.inc()
        conn = secrets.token_hex(8)
        watcher = SocketWatcher(websocket, None)  # the owner knows the seat
        self.relays.sockets[conn] = Relayed(watcher, self.table_id, self.owner)
        joined = False
        try:
            request = {"op": "connect", "table": self.table_id, "conn": conn, "since": since}
            try:
                await self.workers.ask(self.owner, request | {"token": token})
                joined = True
            except Refused as refused:
                await watcher.close()
                await self._refused(websocket, refused)
                return
            except (Moved, NoAnswer):
                watcher.finish(RESTART)  # the owner changed or died: come back soon
                return
            await self._forward(websocket, watcher, conn)
        except (WebSocketDisconnect, RuntimeError):  # RuntimeError: closed while receiving
            pass
        finally:
            self.relays.sockets.pop(conn, None)
            if joined:
                with contextlib.suppress(Exception):
                    await self.workers.send(self.owner, {"kind": "bye", "conn": conn})
            await watcher.close()

    async def _forward(self, websocket: WebSocket, watcher: SocketWatcher, conn: str) -> None:
        screen = Screen()
        while not screen.struck_out:
            message = await screened(await receive_frame(websocket), screen, watcher)
            if message is None:
                continue
            if message["type"] == "ping":
                watcher.put(PONG)
                continue
            await self.workers.send(
                self.owner,
                {"kind": "command", "table": self.table_id, "conn": conn, "message": message},
            )

    async def _refused(self, websocket: WebSocket, refused: Refused) -> None:
        """As a local socket would be answered: a bad seat, or a table that closed just now."""
        if refused.code == "closed":
            info = self.closed_info(self.table_id)
            if info is None:
                await websocket.close(code=RESTART)
                return
            await websocket.send_json({"type": "table", "table": info})
        else:  # a bad seat, or a watcher at a table that does not let people watch
            code = refused.code if refused.code in ("seat", "no-watching") else "seat"
            await websocket.send_json({"type": "error", "code": code, "message": str(refused)})
        await websocket.close(code=GONE, reason="the table is closed")
