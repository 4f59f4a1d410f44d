"""Hostile load beside the people's tables (``benchmarks.bench_server --hostile``): one client
never slows anyone else.

Two scenarios, each measured side by side with the same people's load alone, in the same run:

* ``flood``: N two-player tables of people (``PlayersBench``) while, from their own loopback
  addresses, one client floods (``FLOOD_SOCKETS`` sockets to the people's tables, each sending
  pings and bad JSON as fast as it can and coming back whenever it is closed or refused) and
  another keeps making tables and reading the lobby, without pause.
* ``crowd``: N tables of one person against an ``expert`` bot (the person played here), beside
  ``CROWD`` tables of ``expert`` bots only. Besides the person's action → update latency, each bot
  move's lateness is timed at the person's socket: its update's arrival minus (the update before
  it's server time + ``bot_delay``), for moves made while the person had nothing to do.

The load generator's own address (127.0.0.1) is exempt from the per-address limits
(``load_server``): it stands for the hundreds of people. The flooder is 127.0.0.2 and the table
maker 127.0.0.3, with the limits of ``pegboard serve``.

``--behind-proxy`` (the scenario ``flood`` with ``LevelConfig.forwarded``): the server trusts
127.0.0.1 as its reverse proxy, and everyone connects through it: each person's socket from
127.0.0.1 with a forwarded address of its own (not exempt), the flooder and the table maker
from 127.0.0.1 too, forwarding theirs (127.0.0.2, 127.0.0.3). Every limit must then count the
forwarded addresses: the flood cuts the flooder's sockets, never a person's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from benchmarks.load_client import (
    LOOPBACK,
    SETUP_CONCURRENCY,
    LevelConfig,
    LevelResult,
    Player,
    PlayersBench,
    Table,
)

ROOT = Path(__file__).resolve().parent.parent
FLOODER = "127.0.0.2"
MAKER = "127.0.0.3"
FLOOD_SOCKETS = 50
CROWD = 300
CROWD_BOT = "expert"
PERSON_BOT = "expert"
FLOOD = ("ping", '{"type": "ping"}', "{bad json", '{"type": "act", "version": -1}')


class FloodBench(PlayersBench):
    """The people's tables, with the flooder and the table maker running through the ramp,
    the warm-up and the window, in a process of their own (``python -m
    benchmarks.load_hostile``): the flood must load the server, not the people's measurer."""

    async def run(self) -> LevelResult:
        hostile = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "benchmarks.load_hostile",
            "--port",
            str(self.config.port),
            *(["--behind-proxy"] if self.config.forwarded else []),
            stdout=asyncio.subprocess.PIPE,
            cwd=ROOT,
        )
        # It stands for a client elsewhere: on this machine it runs at the usual priority,
        # whatever the server's and the measurer's (--nice).
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, hostile.pid, 0)
        try:
            return await super().run()
        finally:
            hostile.send_signal(signal.SIGTERM)
            out, _ = await hostile.communicate()
            with contextlib.suppress(ValueError):
                self.result.hostile.update(json.loads(out or b"{}"))


class Hostile:
    """The flooder and the table maker against the server on ``port``."""

    def __init__(self, port: int, behind_proxy: bool = False) -> None:
        self.url = f"http://{LOOPBACK}:{port}"
        self.port = port
        self.behind_proxy = behind_proxy
        self.counts: Counter[str] = Counter()
        self.tables: list[str] = []

    async def run(self) -> None:
        await asyncio.sleep(1.0)  # the people's first tables exist
        transport = httpx.AsyncHTTPTransport(local_address=self._source(FLOODER))
        async with httpx.AsyncClient(
            base_url=self.url, transport=transport, trust_env=False
        ) as http:
            while not self.tables:
                self.tables = [t["id"] for t in (await http.get("/api/tables")).json()]
                await asyncio.sleep(0.2)
        tasks = [self._flood_socket(i) for i in range(FLOOD_SOCKETS)]
        await asyncio.gather(*tasks, self._make_tables())

    def _source(self, address: str) -> str:
        """The address to connect from: the client's own, or the proxy's."""
        return LOOPBACK if self.behind_proxy else address

    def _forwarding(self, address: str) -> dict[str, str]:
        return {"X-Forwarded-For": address} if self.behind_proxy else {}

    async def _flood_socket(self, index: int) -> None:
        """One flooding socket: connect (to one of the people's tables), send without pause,
        read what comes back, and come back after any close."""
        hostile = self.counts
        rng = random.Random(index)
        while True:
            table = rng.choice(self.tables)
            try:
                socket = await connect(
                    f"ws://{LOOPBACK}:{self.port}/ws/{table}",
                    proxy=None,
                    open_timeout=10,
                    ping_interval=None,
                    close_timeout=1,
                    local_addr=(self._source(FLOODER), 0),
                    additional_headers=self._forwarding(FLOODER),
                )
            except (OSError, WebSocketException, TimeoutError):
                hostile["flood: connection refused"] += 1
                await asyncio.sleep(0.2)
                continue
            hostile["flood: sockets opened"] += 1
            reader = asyncio.create_task(_drain(socket, hostile))
            with contextlib.suppress(ConnectionClosed):
                while not reader.done():
                    await socket.send(FLOOD[hostile["flood: frames sent"] % len(FLOOD)])
                    hostile["flood: frames sent"] += 1
                    await asyncio.sleep(0)  # as fast as the socket takes them
            code = await reader
            hostile[f"flood: closed by the server ({code})"] += 1
            await asyncio.sleep(0.2)

    async def _make_tables(self) -> None:
        """Make a table, read the lobby, again, without pause, from the maker's address."""
        hostile = self.counts
        transport = httpx.AsyncHTTPTransport(local_address=self._source(MAKER))
        body = {"game": "cribbage", "players": 2}
        async with httpx.AsyncClient(
            base_url=self.url,
            transport=transport,
            timeout=30,
            trust_env=False,
            headers=self._forwarding(MAKER),
        ) as http:
            while True:
                try:
                    made = await http.post("/api/tables", json=body)
                    hostile[f"maker: tables {made.status_code}"] += 1
                    lobby = await http.get("/api/tables")
                    hostile[f"maker: lobby {lobby.status_code}"] += 1
                    hostile["maker: lobby bytes"] += len(lobby.content)
                except httpx.HTTPError as error:
                    hostile[f"maker: {type(error).__name__}"] += 1
                    await asyncio.sleep(0.1)


async def _drain(socket: ClientConnection, hostile: Counter[str]) -> int | None:
    """Read (and count the errors of) one flooding socket until the server closes it."""
    try:
        async for raw in socket:
            if isinstance(raw, str) and '"error"' in raw:
                hostile["flood: errors answered"] += 1
    except ConnectionClosed:
        pass
    return socket.close_code


class BotTable(Table):
    """One person (slot 0) against a bot (slot 1): the bot's moves are timed too."""

    def __init__(self, bench: PlayersBench, table_id: str) -> None:
        super().__init__(bench, table_id)
        self.previous: tuple[int, float, bool] | None = None  # match, server now, person idle

    def on_update(self, player: Player, message: dict[str, Any], now: float) -> None:
        super().on_update(player, message, now)
        info = message.get("table") or {}
        events = message.get("events") or []
        match, server_now = int(info.get("match", 0)), float(info.get("now", 0.0))
        seating = info.get("seating") or []
        seat = events[0].get("seat") if events else None
        by_bot = isinstance(seat, int) and 0 <= seat < len(seating) and seating[seat] == 1
        previous = self.previous
        timed = by_bot and previous is not None and previous[0] == match and previous[2]
        if timed and previous is not None and self.bench.in_window(now):
            lateness = time.time() - (previous[1] + self.bench.config.bot_delay)
            self.bench.result.bot_lateness.append(lateness)
        view = message.get("view") or {}
        idle = not view.get("legal") and view.get("outcome") is None
        self.previous = (match, server_now, idle)


class CrowdBench(PlayersBench):
    """People against bots, beside ``crowd`` tables of bots only made before them."""

    def __init__(self, config: LevelConfig, crowd: int) -> None:
        super().__init__(config)
        self.crowd = crowd

    async def run(self) -> LevelResult:
        async with httpx.AsyncClient(
            base_url=self.config.url,
            timeout=30,
            trust_env=False,
            limits=httpx.Limits(max_connections=SETUP_CONCURRENCY),
        ) as http:
            gate = asyncio.Semaphore(SETUP_CONCURRENCY)
            made = await asyncio.gather(*(self._bots_only(http, gate) for _ in range(self.crowd)))
        self.result.hostile["crowd: tables of bots only"] = sum(made)
        return await super().run()

    async def _bots_only(self, http: httpx.AsyncClient, gate: asyncio.Semaphore) -> int:
        body = {"game": "cribbage", "players": 2, "bots": [CROWD_BOT, CROWD_BOT]}
        async with gate:
            return int((await http.post("/api/tables", json=body)).status_code == 200)

    async def open_table(self, http: httpx.AsyncClient, index: int) -> Table:
        options = {"score_target": self.config.score_target}
        body = {"game": "cribbage", "players": 2, "options": options, "bots": [None, PERSON_BOT]}
        created = await http.post("/api/tables", json=body)
        created.raise_for_status()
        table = BotTable(self, str(created.json()["id"]))
        # A table of bots and one person is unlisted: its link's key opens its free seat.
        invite = created.json()["invite"]
        joined = await http.post(
            f"/api/tables/{table.id}/join", json={"name": f"P{index}", "invite": invite}
        )
        joined.raise_for_status()
        answer = joined.json()
        rng = random.Random(f"{self.config.seed}/{index}")
        player = Player(table, int(answer["slot"]), str(answer["token"]), rng)
        table.players.append(player)
        player.socket = await connect(
            f"ws://{LOOPBACK}:{self.config.port}/ws/{table.id}?token={player.token}",
            proxy=None,
            open_timeout=20,
            ping_interval=None,
            close_timeout=2,
            max_size=2**20,
        )
        return table


async def run_hostile_level(config: LevelConfig, crowd: int = 0) -> LevelResult:
    """``config.mode``: ``flood`` (with the flood) or ``people`` (the same tables alone);
    ``crowd-bots`` (people against bots beside ``crowd`` tables of bots only; 0: alone)."""
    bench: PlayersBench
    if config.mode == "flood":
        bench = FloodBench(config)
    elif config.mode == "crowd-bots":
        bench = CrowdBench(config, crowd)
    else:
        bench = PlayersBench(config)
    return await bench.run()


def main() -> None:
    """The hostile clients, until SIGTERM; then what they did, as JSON on stdout."""
    parser = argparse.ArgumentParser(description="the flooder and the table maker")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--behind-proxy", action="store_true", help="connect through 127.0.0.1")
    args = parser.parse_args()
    hostile = Hostile(args.port, args.behind_proxy)

    async def until_stopped() -> None:
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        work = asyncio.create_task(hostile.run())
        await stop.wait()
        work.cancel()
        await asyncio.gather(work, return_exceptions=True)

    asyncio.run(until_stopped())
    print(json.dumps(dict(hostile.counts)), flush=True)


if __name__ == "__main__":
    main()
