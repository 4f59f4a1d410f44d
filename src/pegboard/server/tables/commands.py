"""A client's message, from text to the room: screened where the socket is, then performed by the
table's writer. Any error is answered to that socket alone and changes nothing.

The two halves are apart because, with several workers, the socket may sit on one worker and the
table on another: the socket's worker screens (rate, size, shape: the same limits wherever the
socket lands) and answers ``ping``; the table's owner performs the rest.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from pegboard.errors import PegboardError
from pegboard.server.http.protocol import (
    POLICY,
    ClientMessage,
    ProtocolError,
    Screen,
    TableMessage,
)
from pegboard.server.tables.room import Room, SeatError, StaleCommand, TableClosed, Watcher
from pegboard.server.tables.sockets import SocketWatcher

log = logging.getLogger(__name__)

PONG = {"type": "pong"}


def refusal(error: PegboardError) -> dict[str, Any]:
    """The ``error`` message that answers a refused command."""
    if isinstance(error, ProtocolError):
        code = error.code
    elif isinstance(error, StaleCommand):
        code = "stale"
    elif isinstance(error, SeatError):
        code = "seat"
    elif isinstance(error, TableClosed):
        code = "closed"
    else:
        code = "illegal"
    return {"type": "error", "code": code, "message": str(error)}


async def perform(room: Room, watcher: Watcher, message: TableMessage) -> None:
    """A screened message (not ``ping``), run against the room on behalf of ``watcher``."""
    try:
        if message["type"] == "resync":
            await room.resync(watcher, int(message.get("since", 0)))
        elif message["type"] == "leave":
            await room.leave(watcher)
        elif message["type"] == "hint":
            await room.hint(watcher)
        elif message["type"] == "seed":
            await room.give_seed(watcher, int(message["hand"]), message["seed"])
        elif message["type"] == "chat":
            await room.say(watcher, message.get("text"), message.get("phrase"))
        else:
            await room.act(watcher, message["action"], int(message["version"]))
    except PegboardError as error:
        answer = refusal(error)
        log.debug("refused the %s message: %s", message.get("type"), answer["code"])
        await watcher.send(answer)
        if isinstance(error, StaleCommand):
            await room.resync(watcher, 0)


async def screened(
    frame: str | None, screen: Screen, watcher: SocketWatcher
) -> ClientMessage | None:
    """The message if ``screen`` lets it through; else the refusal is queued for the socket,
    and a socket that struck out is let go (None either way). Past the rate, the socket is not
    read again until its next message would be allowed: a flood waits in its own buffers (the
    server stops reading it) instead of costing the server a refusal for every frame."""
    try:
        return screen.check(frame)
    except ProtocolError as error:
        watcher.put(refusal(error))
        if screen.struck_out:
            watcher.finish(POLICY)
        elif error.code == "rate":
            await asyncio.sleep(screen.limit.wait())
        return None


async def handle(room: Room, watcher: SocketWatcher, frame: str | None, screen: Screen) -> None:
    """One client frame on a socket of the table's own worker."""
    message = await screened(frame, screen, watcher)
    if message is None:
        return
    if message["type"] == "ping":
        await watcher.send(PONG)
    else:
        await perform(room, watcher, message)
