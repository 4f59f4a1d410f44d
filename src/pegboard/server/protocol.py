"""The WebSocket protocol's client messages: checked for size, shape and rate before use."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from pegboard.errors import PegboardError

MAX_MESSAGE_BYTES = 4096
CLIENT_TYPES = ("act", "hint", "leave", "ping", "resync")
# Close codes. GONE tells the web client not to reconnect: no such seat or table, or a table
# that has closed for good. RESTART (the standard "service restart") asks it to come back soon,
# with ``since``: the server stopped, or another worker has taken the table over.
GONE = 4403
RESTART = 1012


class ProtocolError(PegboardError):
    """A message that is not JSON, too large, of an unknown type or badly formed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse_message(text: str) -> dict[str, Any]:
    if len(text.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too-large", f"a message may be at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise ProtocolError("bad-json", "a message is one JSON object") from None
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
    return data


@dataclass
class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of up to ``burst``."""

    rate: float = 20.0
    burst: float = 40.0

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
