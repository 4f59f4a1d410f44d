"""Quick play's socket, ``/ws/play`` (docs/protocol.md, "Quick play"): who asks (the session
cookie), what for (the query), then ``queued`` until ``seated``. Closing it leaves the queue."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, HTTPException, WebSocket, WebSocketDisconnect

from pegboard.server.http.admission import Admission
from pegboard.server.http.inputs import BadInput
from pegboard.server.http.limits import REFUSAL_PAUSE
from pegboard.server.http.protocol import GONE, POLICY, ProtocolError, Screen, receive_frame
from pegboard.server.players.identity import Identity
from pegboard.server.quickplay.matcher import QuickPlay, read_choice
from pegboard.server.quickplay.queue import AlreadyQueued
from pegboard.server.tables.sockets import SocketWatcher


def quickplay_routes(quick: QuickPlay, identity: Identity, admission: Admission) -> APIRouter:
    router = APIRouter()

    @router.websocket("/ws/play")
    async def play(websocket: WebSocket) -> None:
        address = websocket.client.host if websocket.client is not None else ""
        await websocket.accept()
        if not admission.open_socket(address):
            await asyncio.sleep(REFUSAL_PAUSE)
            message = "too many sockets from one address"
            await _refuse(websocket, "too-many-sockets", message, POLICY)
            return
        try:
            admit = functools.partial(admission.new_table, address, False, ())
            await _serve(websocket, quick, identity, admit)
        finally:
            admission.close_socket(address)

    return router


async def _serve(
    websocket: WebSocket, quick: QuickPlay, identity: Identity, admit: Callable[[], None]
) -> None:
    player = identity.player_of(websocket)
    if player is None:
        message = "play as someone first: POST /api/me with a name makes you a guest"
        await _refuse(websocket, "no-player", message)
        return
    try:
        choice = read_choice(websocket.query_params)
    except BadInput as error:
        await _refuse(websocket, "bad-choice", str(error))
        return
    try:
        admit()  # each entry may make a table: as many as the address may make
    except HTTPException as refused:
        await _refuse(websocket, "too-many-tables", str(refused.detail))
        return
    socket = SocketWatcher(websocket, None)
    try:
        waiter = await quick.enter(player, choice, socket)
    except AlreadyQueued as error:
        await socket.close()
        await _refuse(websocket, "already-queued", str(error))
        return
    reading = asyncio.create_task(_read(websocket, socket, lambda: quick.answered(waiter)))
    try:
        either: set[asyncio.Future[Any]] = {reading, waiter.outcome}
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        if waiter.outcome.done():
            quick.leave(waiter)  # out of the queue before the client hears: it may come back
            last = dict(waiter.outcome.result())
            close = int(last.pop("close", 1000))
            socket.put(last)
            await socket.close()  # what was queued has gone out
            with contextlib.suppress(Exception):
                await websocket.close(close, "seated" if last["type"] == "seated" else "")
    finally:
        reading.cancel()
        await asyncio.gather(reading, return_exceptions=True)
        quick.leave(waiter)
        await socket.close()


async def _read(websocket: WebSocket, socket: SocketWatcher, heard: Callable[[], None]) -> None:
    """Answer ``ping`` until the client goes; closing the socket is leaving the queue. Each
    ping tells the queue the person is there (only they are seated)."""
    screen = Screen()
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while not screen.struck_out:
            try:
                message = screen.check(await receive_frame(websocket))
                heard()
                if message["type"] != "ping":
                    raise ProtocolError("bad-type", "this socket takes ping; close it to leave")
            except ProtocolError as error:
                socket.put({"type": "error", "code": error.code, "message": str(error)})
                continue
            socket.put({"type": "pong"})
        socket.finish(POLICY)


async def _refuse(websocket: WebSocket, code: str, message: str, close: int = GONE) -> None:
    """An ``error`` saying why, then the close: 4403, nothing to come back to as asked."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.send_json({"type": "error", "code": code, "message": message})
        await websocket.close(code=close, reason=message[:120])
