"""Every limit the server sets on a client, in one place (docs/protocol.md, "Limits").

A limit protects the other players: one client, however hostile, must never slow, stall or
break anyone else's table. Hitting one costs only the client that hit it.
"""

from __future__ import annotations

# HTTP (checked before anything is parsed: pegboard.server.http.guard, pegboard.server.http.inputs)
MAX_BODY_BYTES = 16 * 1024  # a request body; larger: 413
MAX_URL_BYTES = 8 * 1024  # the request line's target; longer: 414
MAX_HEADER_BYTES = 16 * 1024  # every header together; more: 431
HEADER_TIMEOUT = 10.0  # seconds from connecting, or from a request's first byte, to its header
KEEP_ALIVE = 5  # seconds an idle keep-alive connection stays open
REQUEST_RATE = 30.0  # HTTP requests a second per address ...
REQUEST_BURST = 100.0  # ... in bursts of up to this many (a page load fetches ~30 files)
REFUSAL_PAUSE = 1.0  # seconds a refused request or socket waits for its answer (a flood slows)
MAX_JSON_DEPTH = 16  # nesting of a body or a message; deeper: 400 / error bad-json

# WebSocket
MAX_FRAME_BYTES = 64 * 1024  # a frame; larger: the socket is closed (1009, "message too big")
MAX_MESSAGE_BYTES = 4096  # a message's text; larger: error too-large
INBOUND_RATE = 64 * 1024  # bytes a second the sockets of one address may send together ...
INBOUND_BURST = 128 * 1024  # ... after a burst of this many; more: the socket is cut (1006)
MESSAGE_RATE = 20.0  # messages a second per socket ...
MESSAGE_BURST = 40.0  # ... in bursts of up to this many
STRIKES = 50  # refused messages in a row (rate, shape) before the socket is closed (1008)
PING_EVERY = 20.0  # seconds between the server's WebSocket pings; no pong in as long: closed
SOCKETS_PER_ADDRESS = 16  # open sockets from one address; more: closed at once (1008)
SPECTATORS_PER_TABLE = 50  # sockets without a seat at one table; more: error full, closed

# Tables
TABLES_PER_ADDRESS = 10  # tables one address may make in a burst ...
TABLE_EVERY = 30.0  # ... then one every this many seconds; faster: 429
BOT_TABLES_PER_ADDRESS = 4  # open tables of bots only made from one address; more: 429
ABANDON_UNJOINED = 5 * 60.0  # seconds a table nobody ever joined stays open
LOBBY_PAGE = 50  # tables in a lobby answer by default ...
LOBBY_PAGE_MAX = 200  # ... and at most
LOBBY_FRESH = 1.0  # seconds a lobby answer is served from memory before it is made again

# Players
GUESTS_PER_ADDRESS = 30  # new guests one address may make in a burst ...
GUEST_EVERY = 10.0  # ... then one every this many seconds; faster: 429

# Bots
BOT_TABLE_WORKERS = 1  # processes for the bots of tables without people (people's: 2 threads)

# Table chat (pegboard.server.tables.chat; docs/protocol.md, "Table chat")
CHAT_LENGTH = 200  # characters of a message, once cleaned; longer: error chat
CHAT_BURST = 5  # messages one seat may say ...
CHAT_WINDOW = 10.0  # ... in this many seconds; more: error chat
CHAT_KEPT = 100  # the last messages a (re)connecting client is sent
