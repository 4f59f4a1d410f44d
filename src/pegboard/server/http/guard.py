"""The connection before the app sees it: a request line or headers too long get 414 or
431, a request whose header does not arrive in time gets 408 (a connection that never began
one is closed without a word), and a WebSocket whose client sends far faster than the
protocol allows is cut before its data is even parsed.

uvicorn's own protocol (httptools) accepts any length and waits for a header forever; a few
hundred silent or slow connections would otherwise hold the server's sockets for good. This
subclass counts as the parser reads, and closes the connection itself.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from pegboard.server.http import limits
from pegboard.server.http.clients import Proxies
from pegboard.server.http.limits import (
    HEADER_TIMEOUT,
    INBOUND_BURST,
    INBOUND_RATE,
    MAX_HEADER_BYTES,
    MAX_URL_BYTES,
)
from pegboard.server.metrics import refused

LINGER_BYTES = 1024 * 1024  # read and dropped after a refusal, at most ...
LINGER_SECONDS = 5.0  # ... and for at most this long, before the connection is closed

REASONS = {
    408: "the request header took too long",
    414: f"the URL is longer than {MAX_URL_BYTES} bytes",
    431: f"the headers are larger than {MAX_HEADER_BYTES} bytes",
    429: "this address sent too much on its sockets: wait a few seconds",
}


class _Refused(Exception):
    """Raised in a parser callback: stop reading this connection."""


class GuardedHttp(HttpToolsProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_bytes = 0
        self._refused: int | None = None
        self._header_timer: asyncio.TimerHandle | None = None
        self._header_begun = False  # a byte of a request arrived and its header is not whole
        self._drained = 0  # bytes read and dropped after a refusal
        self._linger: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        if self._linger is not None:
            self._linger.cancel()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused is None:
            self._header_begun = self._header_begun or bool(data)
            super().data_received(data)
            return
        self._drained += len(data)  # what the client still sends after the answer: dropped
        if self._drained > LINGER_BYTES:
            self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._header_bytes = 0
        self._start_header_timer()

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        if len(self.url) > MAX_URL_BYTES:
            self._refuse(414)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._header_bytes += len(name) + len(value) + 4
        if self._header_bytes > MAX_HEADER_BYTES:
            self._refuse(431)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._header_begun = False
        self._stop_header_timer()
        super().on_headers_complete()

    def handle_websocket_upgrade(self) -> None:
        """An address still over its inbound budget gets 429, not a socket to cut again."""
        inbound: Inbound | None = getattr(self.config, "inbound", None)
        address = _client(self.config, self.client, self.scope["headers"])
        if inbound is not None and not inbound.has_credit(address):
            self._answer(429)
            return
        super().handle_websocket_upgrade()
        # The socket's protocol has the connection now, and this one never hears of it again
        # (no connection_lost, where uvicorn lets the parser go): the parser's callbacks are
        # this protocol's bound methods, a reference cycle that only a collection would free,
        # and a server that freezes its survivors every second froze one for every socket
        # (docs/benchmarks.md, "One process").
        self.parser = None  # type: ignore[assignment]

    def send_400_response(self, msg: str) -> None:
        """The parser gave up: because of us (_Refused), or a malformed request."""
        if self._refused is None:
            super().send_400_response(msg)

    def _start_header_timer(self) -> None:
        if self._header_timer is None:
            timeout = getattr(self.config, "header_timeout", HEADER_TIMEOUT)
            self._header_timer = self.loop.call_later(timeout, self._too_slow)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        """A request begun and not finished gets 408. A connection that never sent a byte
        of one (a browser opens them ahead of need) is closed without a word, as nginx does:
        a browser whose request crosses that close sends it again on a new connection, but
        one that reads a 408 for it may show the error instead."""
        self._header_timer = None
        if self.cycle is not None and not self.cycle.response_complete:
            return  # inside a request
        if self._header_begun:
            self._answer(408)
        elif not self.transport.is_closing():
            self.transport.close()

    def _refuse(self, status: int) -> None:
        self._answer(status)
        raise _Refused(status)

    def _answer(self, status: int) -> None:
        """Answer ``status`` and close the connection: the answer first, then the end of our
        side, then what the client still sends is read and dropped until it stops (or past
        LINGER_BYTES or LINGER_SECONDS). Closing with its bytes unread would reset the
        connection, and a client still sending would see the reset, not the answer."""
        self._refused = status
        refused(status)  # the app never sees it: counted here for /metrics
        self._stop_header_timer()
        if self.transport.is_closing():
            return
        body = REASONS[status].encode()
        self.transport.write(
            STATUS_LINE[status]
            + b"content-type: text/plain; charset=utf-8\r\n"
            + b"content-length: "
            + str(len(body)).encode()
            + b"\r\nconnection: close\r\n\r\n"
            + body
        )
        if self.transport.can_write_eof():
            self.transport.write_eof()  # the client reads to the end of the answer
        self._linger = self.loop.call_later(LINGER_SECONDS, self.transport.close)


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """The WebSockets of one address may send INBOUND_RATE bytes a second together, after a
    burst of INBOUND_BURST; past that, the socket is cut at once, its data unparsed, and so is
    every socket of that address that sends more before its credit is back. No client of the
    protocol comes near (20 messages of a few hundred bytes a second per socket); parsing a
    flood of tiny frames would cost the server more than any refusal after it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._inbound: Inbound | None = getattr(self.config, "inbound", None)
        self._address: str | None = None

    def data_received(self, data: bytes) -> None:
        if not hasattr(self, "scope"):  # the handshake (held to MAX_HEADER_BYTES already)
            super().data_received(data)
            return
        if self._address is None:  # the client behind a trusted proxy, as the app sees it
            self._address = _client(self.config, self.client, self.scope["headers"])
        if self._inbound is not None and not self._inbound.take(self._address, len(data)):
            self.transport.abort()  # connection_lost tells the app: a disconnect
            return
        super().data_received(data)


def _client(config: Any, peer: tuple[str, int] | None, headers: Any) -> str:
    """The connection's client address, as :class:`pegboard.server.http.clients.Proxies`
    says: the same address the app's limits count."""
    proxies: Proxies = getattr(config, "proxies", Proxies())
    forwarded = next((v for k, v in headers if k.lower() == b"x-forwarded-for"), None)
    return proxies.client(
        peer[0] if peer else "", forwarded.decode("latin-1") if forwarded else None
    )


class Inbound:
    """Bytes received on WebSockets, per address: a token bucket each (``exempt`` has none)."""

    def __init__(self, rate: float, burst: float, exempt: frozenset[str]) -> None:
        self.rate, self.burst, self.exempt = rate, burst, exempt
        self._credit: dict[str, tuple[float, float]] = {}

    def has_credit(self, address: str) -> bool:
        return self.take(address, 0)

    def take(self, address: str, size: int) -> bool:
        if address in self.exempt:
            return True
        now = time.monotonic()
        credit, since = self._credit.get(address, (self.burst, now))
        credit = min(self.burst, credit + (now - since) * self.rate) - size
        self._credit[address] = (credit, now)
        if len(self._credit) > 10_000:  # forget the addresses whose credit is full again
            self._credit = {
                a: (c, t)
                for a, (c, t) in self._credit.items()
                if c + (now - t) * self.rate < self.burst
            }
        return credit >= 0


def server_config(
    app: Any,
    host: str,
    port: int,
    header_timeout: float = HEADER_TIMEOUT,
    exempt: frozenset[str] = frozenset(),
    trusted_proxies: frozenset[str] = frozenset(),
    inbound_rate: float = INBOUND_RATE,
    **extra: Any,
) -> uvicorn.Config:
    """uvicorn's configuration with every limit of :mod:`pegboard.server.http.limits`: the same for
    ``pegboard serve``, the tests (a test of the limits may shorten ``header_timeout`` or slow
    ``inbound_rate``) and the benchmarks (whose load generator's address is ``exempt`` from the
    per-address inbound limit). uvicorn's own
    reading of forwarded headers is off: ``trusted_proxies`` go to
    :mod:`pegboard.server.http.clients`, which the guard and the app share."""
    settings: dict[str, Any] = {
        "http": GuardedHttp,
        "ws": GuardedWebSocket,
        "ws_max_size": limits.MAX_FRAME_BYTES,
        "ws_ping_interval": limits.PING_EVERY,
        "ws_ping_timeout": limits.PING_EVERY,
        "timeout_keep_alive": limits.KEEP_ALIVE,
        "log_level": "warning",
        "proxy_headers": False,  # the app's ClientAddress reads them, from trusted proxies only
        # No permessage-deflate: compressing every seat's update cost the event loop about a
        # sixth of a move's CPU at 2,000 tables, and each socket's zlib state about 40 KB;
        # the updates are a few KB (docs/benchmarks.md, "One process").
        "ws_per_message_deflate": False,
    }
    config = uvicorn.Config(app, host=host, port=port, **(settings | extra))
    config.header_timeout = header_timeout  # type: ignore[attr-defined]  # read by GuardedHttp
    config.inbound = Inbound(inbound_rate, INBOUND_BURST, exempt)  # type: ignore[attr-defined]
    config.proxies = Proxies(trusted_proxies)  # type: ignore[attr-defined]
    return config
