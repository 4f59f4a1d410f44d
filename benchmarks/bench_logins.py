"""The owner's login while their account is guessed at (issue 34, item 1): how long Ann's own
right password takes from her own address, alone and while wrong passwords for her account (and
made-up usernames) arrive all at once from other addresses, side by side in one run; and how
many of the guesses were checked (401) against refused before any hashing (429).

The server is ``benchmarks.load_server`` (``pegboard serve``'s limits, a fresh SQLite file)
behind a trusted proxy, 127.0.0.1, so that each client speaks from the address it forwards.
Each round's flood comes from addresses of its own (so every round meets fresh limits), and
Ann's login starts once the flood's requests are in flight. Before the fix the probe measured
18.5 s for Ann's login beside 90 guesses and 60 usernames (every guess hashed, two at a time).

Run from the project root: ``nice .venv/bin/python -m benchmarks.bench_logins`` (a minute or two).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import httpx

from benchmarks.bench_server import ServerProcess
from benchmarks.load_server import LOOPBACK
from benchmarks.machine import machine

PASSWORD = "correct horse battery"
OWNER = "203.0.113.1"


def client(port: int, address: str) -> httpx.Client:
    url = f"http://{LOOPBACK}:{port}"
    return httpx.Client(
        base_url=url, timeout=120, trust_env=False, headers={"X-Forwarded-For": address}
    )


def make_account(port: int) -> None:
    with client(port, OWNER) as browser:
        browser.post("/api/me", json={"name": "Ann"}).raise_for_status()
        body = {"username": "ann.k", "password": PASSWORD}
        browser.post("/api/account", json=body).raise_for_status()


def owner_login(port: int) -> float:
    """Seconds for Ann's right password to be answered (it must be a 200)."""
    with client(port, OWNER) as browser:
        start = time.perf_counter()
        answer = browser.post("/api/login", json={"username": "ann.k", "password": PASSWORD})
        took = time.perf_counter() - start
    if answer.status_code != 200:
        raise RuntimeError(f"the owner's login was refused: {answer.status_code} {answer.text}")
    return took


def flood(port: int, round_: int, guesses: int, usernames: int) -> Counter[int]:
    """``guesses`` wrong passwords for ann.k from one address and ``usernames`` made-up
    usernames from another, all at once (in a process of its own, so that its work does not
    slow the timing of Ann's login); each answer's status counted."""
    return asyncio.run(_flood(port, round_, guesses, usernames))


async def _flood(port: int, round_: int, guesses: int, usernames: int) -> Counter[int]:
    url = f"http://{LOOPBACK}:{port}"
    many = httpx.Limits(max_connections=guesses + usernames)

    async def post(address: str, body: dict[str, str]) -> int:
        forwarded = {"X-Forwarded-For": address}
        async with httpx.AsyncClient(
            base_url=url, timeout=300, trust_env=False, headers=forwarded, limits=many
        ) as browser:
            return (await browser.post("/api/login", json=body)).status_code

    posts = [
        post(f"198.51.100.{round_}", {"username": "ann.k", "password": f"guess {n}"})
        for n in range(guesses)
    ] + [
        post(f"192.0.2.{round_}", {"username": f"user{n}", "password": f"guess {n}"})
        for n in range(usernames)
    ]
    return Counter(await asyncio.gather(*posts))


def beside(
    port: int, pool: ProcessPoolExecutor, attack: tuple[int, int, int], lead: float
) -> tuple[float, Counter[int]]:
    """Ann's login, started ``lead`` seconds after the attack began; and the attack's answers."""
    running = pool.submit(flood, port, *attack)
    time.sleep(lead)
    took = owner_login(port)
    return took, running.result()


def run(rounds: int, guesses: int, usernames: int, lead: float) -> str:
    alone: list[float] = []
    flooded: list[float] = []
    statuses: Counter[int] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(
            Path(tmp) / "logins.sqlite", 0.75, 600, ["--trusted-proxy", LOOPBACK]
        )
        try:
            make_account(server.port)
            owner_login(server.port)  # warm: the first hash pays for imports
            with ProcessPoolExecutor(1) as pool:
                pool.submit(int).result()  # the flood's process started before any timing
                for n in range(1, rounds + 1):  # alone and beside the flood, in turn
                    alone.append(owner_login(server.port))
                    took, answers = beside(server.port, pool, (n, guesses, usernames), lead)
                    flooded.append(took)
                    statuses.update(answers)
        finally:
            server.stop()
    a, f = statistics.median(alone), statistics.median(flooded)
    return "\n".join(
        [
            f"Measured on {machine()}, {rounds} rounds, {guesses} guesses for the owner's account"
            f" and {usernames} usernames at once each round (Ann's login {lead} s into it).",
            "",
            "| Ann's login | median ms | min ms | max ms |",
            "| --- | ---: | ---: | ---: |",
            f"| alone | {1000 * a:.0f} | {1000 * min(alone):.0f} | {1000 * max(alone):.0f} |",
            f"| beside the flood | {1000 * f:.0f} | {1000 * min(flooded):.0f} |"
            f" {1000 * max(flooded):.0f} |",
            "",
            f"Ratio beside/alone (medians): {f / a:.2f}. The flood's answers over all rounds: "
            + ", ".join(f"{code}: {count}" for code, count in sorted(statuses.items())),
        ]
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--guesses", type=int, default=90)
    parser.add_argument("--usernames", type=int, default=60)
    parser.add_argument("--lead", type=float, default=0.3, help="s from the flood to Ann's login")
    args = parser.parse_args(argv)
    print(run(args.rounds, args.guesses, args.usernames, args.lead))


if __name__ == "__main__":
    main()
