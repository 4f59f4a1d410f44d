"""The WebSocket protocol's client messages: checked for size, shape and rate before use."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict, cast

from fastapi import WebSocket, WebSocketDisconnect

from pegboard.errors import PegboardError
from pegboard.server.http.inputs import BadInput, parse_json
from pegboard.server.http.limits import MAX_MESSAGE_BYTES, MESSAGE_BURST, MESSAGE_RATE, STRIKES

CLIENT_TYPES = ("act", "chat", "hint", "leave", "ping", "resync", "seed")
# Close codes. GONE tells the web client not to reconnect: no such seat or table, or a table
# that has closed for good. RESTART (the standard "service restart") asks it to come back soon,
# with ``since``: the server stopped, or another worker has taken the table over.
GONE = 4403
RESTART = 1012
POLICY = 1008  # the client broke the limits (docs/protocol.md, "Limits"): too many sockets,
# or too many refused messages in a row
TRY_LATER = 1013  # no room for another spectator at this table now
MOVED = 4307  # with several workers: the table is another worker's, which the load balancer
# reaches by the route in the close's reason: come back at once with ``route=`` it, and ``since``


class ActMessage(TypedDict):
    type: Literal["act"]
    version: int  # the game's version the action was made on
    action: dict[str, Any]  # the game's rules parse it (``Rules.canonical``)


class ResyncMessage(TypedDict):
    type: Literal["resync"]
    since: NotRequired[int]


class SeedMessage(TypedDict):
    type: Literal["seed"]
    hand: int
    seed: str


class ChatMessage(TypedDict):
    """A text or a quick phrase: exactly one of them is a string."""

    type: Literal["chat"]
    text: NotRequired[str | None]
    phrase: NotRequired[str | None]


class BareMessage(TypedDict):
    type: Literal["leave", "hint"]


class PingMessage(TypedDict):
    type: Literal["ping"]


TableMessage = ActMessage | ResyncMessage | SeedMessage | ChatMessage | BareMessage
"""A command for the table's writer: every client message but ``ping``, which the socket's
own worker answers."""

ClientMessage = TableMessage | PingMessage


class ProtocolError(PegboardError):
    """A message that is not JSON, too large, of an unknown type or badly formed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse_message(text: str | None) -> ClientMessage:
    """A client's frame as a message (None: a binary frame), or ProtocolError."""
    if text is None:
        raise ProtocolError("binary", "messages are JSON text frames, not binary ones")
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too-large", f"a message may be at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = parse_json(text, "a message")
    except BadInput as error:
        raise ProtocolError("bad-json", f"a message is one JSON object: {error}") from None
    if not isinstance(data, dict) or data.get("type") not in CLIENT_TYPES:
        raise ProtocolError(
            "bad-type", f"a message is an object whose type is one of {', '.join(CLIENT_TYPES)}"
        )
    if data["type"] == "act":
        if not isinstance(data.get("action"), dict):
            example = '{"type": "act", "version": 12, "action": {...}}'
            raise ProtocolError("bad-action", f"an act message carries an action object: {example}")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            raise ProtocolError(
                "bad-version", "an act message carries the version (a number) it was made on"
            )
    if data["type"] == "resync":
        since = data.get("since", 0)
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            raise ProtocolError(
                "bad-since", "resync carries since: the number of events already seen"
            )
    if data["type"] == "seed":
        hand = data.get("hand")
        if (
            not isinstance(hand, int)
            or isinstance(hand, bool)
            or not isinstance(data.get("seed"), str)
        ):
            example = '{"type": "seed", "hand": 1, "seed": "my own luck"}'
            raise ProtocolError(
                "bad-seed", f"a seed message carries the hand and the seed: {example}"
            )
    if data["type"] == "chat":
        text, phrase = data.get("text"), data.get("phrase")
        given = text if phrase is None else phrase
        if (text is None) == (phrase is None) or not isinstance(given, str):
            example = '{"type": "chat", "text": "Hi"} or {"type": "chat", "phrase": "good-luck"}'
            raise ProtocolError("bad-chat", f"a chat message carries a text or a phrase: {example}")
    return cast(ClientMessage, data)  # each type's fields checked above


@dataclass
class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of up to ``burst``."""

    rate: float = MESSAGE_RATE
    burst: float = MESSAGE_BURST

    def __post_init__(self) -> None:
        self._tokens = self.burst
        self._last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def wait(self) -> float:
        """Seconds until the next message would be allowed."""
        return max(0.0, (1 - self._tokens) / self.rate)


class Screen:
    """One socket's gate: every frame is checked for rate, size and shape. A socket whose
    messages keep being refused (STRIKES in a row) is :attr:`struck_out` and gets closed."""

    def __init__(self) -> None:
        self.limit = RateLimit()
        self.strikes = 0

    def check(self, frame: str | None) -> ClientMessage:
        """The message, if it is within the rate and well formed; else ProtocolError."""
        try:
            if not self.limit.allow():
                raise ProtocolError("rate", "too many messages: slow down")
            message = parse_message(frame)
        except ProtocolError:
            self.strikes += 1
            raise
        self.strikes = 0
        return message

    @property
    def struck_out(self) -> bool:
        return self.strikes >= STRIKES


async def receive_frame(websocket: WebSocket) -> str | None:
    """The next frame's text (None for a binary frame); WebSocketDisconnect once it is gone."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else None
