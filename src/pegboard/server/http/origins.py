"""A WebSocket opened by a page of another site is refused (HTTP 403) before the app sees it.

A browser sends the page's ``Origin`` with every WebSocket handshake, and sends this site's
cookie with it whatever the page: without this check a page elsewhere could open ``/ws/play``
as the visitor. A client that is not a browser sends no Origin and is let through (it holds
only what it was given). The origin must name the host the request was sent to: a reverse
proxy passes the ``Host`` header on (docs/operations.md).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send


def same_origin(origin: str, host: str) -> bool:
    """Whether the page at ``origin`` is of the site at ``host`` (the Host header)."""
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(netloc) and netloc.lower() == host.strip().lower()


class SameOriginSockets:
    """ASGI middleware: a WebSocket whose Origin is another site's is closed before it is
    accepted (the server answers the handshake 403)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            headers = dict(scope.get("headers", ()))
            origin = headers.get(b"origin")
            host = headers.get(b"host", b"").decode("latin-1")
            if origin is not None and not same_origin(origin.decode("latin-1"), host):
                await receive()  # the connect message
                await send({"type": "websocket.close", "code": 1008})
                return
        await self.app(scope, receive, send)
