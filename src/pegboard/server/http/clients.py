"""Who a connection comes from: one client address and one scheme, the same for every limit.

A connection's peer is its client, unless the peer is a configured trusted proxy (``pegboard
serve --trusted-proxy``; docs/operations.md, "Behind a reverse proxy"): then the client is the
address that proxy put last in ``X-Forwarded-For``, and the scheme the one it says in
``X-Forwarded-Proto``. A forwarded header from anyone else is a client's word and is ignored,
so nobody dodges a limit by making up addresses. The guard (bytes on sockets, before the app)
and the app (requests, tables, sockets, logins, guests) both ask :meth:`Proxies.client`.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _network(text: str) -> Network:
    """An address or a network (``10.0.0.0/8``); ValueError for anything else."""
    return ipaddress.ip_network(text.strip(), strict=False)


@dataclass(frozen=True)
class Proxies:
    """The trusted proxies: addresses or networks."""

    trusted: frozenset[str] = field(default_factory=frozenset)
    networks: tuple[Network, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:  # ValueError for a bad address, at start-up
        object.__setattr__(self, "networks", tuple(_network(t) for t in self.trusted))

    def trusts(self, peer: str) -> bool:
        if not self.networks:
            return False
        try:
            address = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def client(self, peer: str, forwarded_for: str | None) -> str:
        """The client's address: the peer's own, or, from a trusted proxy, the address that
        the proxies put in front of them (the last one in the header no trusted proxy
        added: whatever the client wrote in the header itself comes before it)."""
        if not forwarded_for or not self.trusts(peer):
            return peer
        hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
        for hop in reversed(hops):
            if not self.trusts(hop):
                return hop[:64]
        return hops[0][:64] if hops else peer

    def scheme(self, peer: str, scheme: str, forwarded_proto: str | None) -> str:
        """``https`` or ``http`` (``wss``/``ws`` for a socket) as the client used it."""
        if not forwarded_proto or not self.trusts(peer):
            return scheme
        secure = forwarded_proto.split(",")[0].strip().lower() in ("https", "wss")
        if scheme in ("ws", "wss"):
            return "wss" if secure else "ws"
        return "https" if secure else "http"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            text: str = value.decode("latin-1")
            return text
    return None


class ClientAddress:
    """ASGI middleware, outermost: the scope's client and scheme as :class:`Proxies` says, so
    that everything after it (limits, cookies, logins) sees the same client."""

    def __init__(self, app: ASGIApp, proxies: Proxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            peer, port = scope.get("client") or ("", 0)
            client = self.proxies.client(peer, _header(scope, b"x-forwarded-for"))
            scheme = self.proxies.scheme(
                peer, scope["scheme"], _header(scope, b"x-forwarded-proto")
            )
            scope = dict(scope, client=(client, port), scheme=scheme)
        await self.app(scope, receive, send)
