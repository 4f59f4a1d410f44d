"""Request bodies: refused past MAX_BODY_BYTES with 413 before anything is parsed, then read as
strict JSON (:func:`pegboard.server.http.inputs.parse_json`) into a model that refuses unknown
fields. Errors name what is wrong, never repeating the input."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeVar

from fastapi import HTTPException, Request
from pydantic import BaseModel, ValidationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pegboard.server.http.inputs import parse_json
from pegboard.server.http.limits import MAX_BODY_BYTES

M = TypeVar("M", bound=BaseModel)

TOO_LARGE = f"a request body may be at most {MAX_BODY_BYTES} bytes"
DRAIN_BYTES = 1024 * 1024  # of a refused body, read and dropped before the 413


class BodyLimit:
    """ASGI middleware: a body declared or sent past MAX_BODY_BYTES is answered 413, once the
    rest of it has been read and dropped (up to DRAIN_BYTES): a client that sends its whole
    body before reading then reads the answer, where a connection closed on its unread bytes
    would be reset. Nothing of it is kept or parsed. The body is read whole, within the
    limit, before the app runs."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > MAX_BODY_BYTES:
            await _drain(receive)
            await _too_large(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                if message.get("more_body", False):
                    await _drain(receive)
                await _too_large(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()  # waits for the disconnect, as the server's would
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
NOT_JSON = "send the body as JSON (Content-Type: application/json)"


class JsonBodies:
    """ASGI middleware: a request that may change something (POST, PUT, PATCH, DELETE) is
    answered 415 unless it says its body is JSON, before any route sees it, so no route can
    forget to ask (:func:`require_json` says why it matters)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in CHANGING:
            kind = dict(scope["headers"]).get(b"content-type", b"").split(b";")[0]
            if kind.strip().lower() != b"application/json":
                await refuse(send, 415, NOT_JSON)
                return
        await self.app(scope, receive, send)


async def refuse(send: Send, status: int, message: str, *headers: tuple[bytes, bytes]) -> None:
    """Answer an HTTP request with ``{"error": message}`` straight from the ASGI layer (the
    app never sees the request)."""
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _drain(receive: Receive) -> None:
    """Read and drop the rest of a refused body, up to DRAIN_BYTES."""
    drained = 0
    while drained <= DRAIN_BYTES:
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body", False):
            return
        drained += len(message.get("body", b""))


async def _too_large(send: Send) -> None:
    await refuse(send, 413, TOO_LARGE, (b"connection", b"close"))


def require_json(request: Request) -> None:
    """415 unless the request says its body is JSON. Every state-changing route asks: a page
    elsewhere can post a form here (text/plain, urlencoded, multipart) with the visitor's
    cookie, but cannot send JSON without this server's leave (CORS), so it changes nothing."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(415, NOT_JSON)


async def read_body(request: Request, model: type[M]) -> M:
    """The body as ``model``, sent as JSON (:func:`require_json`): 400 for anything but
    finite, storable JSON, 422 for the wrong shape (unknown fields, a value of the wrong JSON
    type: the models are strict)."""
    require_json(request)
    data = parse_json(await request.body())
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise HTTPException(422, shape_errors(error.errors())) from None


def shape_errors(errors: Sequence[Any]) -> str:
    """What is wrong with a body or a path, by field, without the values that were sent (nor
    the names of fields nobody asked for)."""
    said: list[str] = []
    for error in list(errors)[:5]:
        loc = [str(part) for part in error.get("loc", ()) if part != "body"]
        if error.get("type") == "extra_forbidden":
            said.append("unknown field" + (f" in {loc[0]}" if len(loc) > 1 else ""))
        else:  # only the top field's name: deeper parts may be keys the client made up
            said.append(f"{loc[0] if loc else 'value'}: {error.get('msg', 'not valid')}")
    return "; ".join(said)
