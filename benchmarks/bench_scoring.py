"""Show-scoring throughput: pegboard's scalar ``score_show`` side by side with the PyPI
package cribbage-scorer 0.2.5 on the same seeded deals, and the numpy ``show_totals``
over every (4-card hand, starter) pair of the deck.

Run from the project root: ``.venv/bin/python -m benchmarks.bench_scoring``.
"""

from __future__ import annotations

import os
import platform
import statistics
from collections.abc import Callable, Sequence
from importlib import metadata
from time import perf_counter
from typing import ParamSpec, TypeVar

import numpy as np
import numpy.typing as npt
from cribbage_scorer import cribbage_scorer as peer

from pegboard.cards import DECK, RANK_OF, SUIT_OF, Card, format_cards
from pegboard.scoring import score_show, show_totals
from pegboard.scoring.batch import HAND_STARTER_PAIRS, _tables, all_hand_starter_pairs

COMMAND = ".venv/bin/python -m benchmarks.bench_scoring"
SEED = 20240611
DEALS = 200_000
CRIB_CHECK = 20_000
"""How many of the deals are also compared as cribs (untimed)."""

PeerCard = tuple[int, str]
T = TypeVar("T")
P = ParamSpec("P")


def random_deals(count: int, seed: int = SEED) -> tuple[list[list[Card]], list[Card]]:
    """``count`` uniform deals of 5 different cards: 4-card hands and their starters."""
    rng = np.random.default_rng(seed)
    deals = np.argsort(rng.random((count, 52)), axis=1)[:, :5].tolist()
    return [[DECK[c] for c in deal[:4]] for deal in deals], [DECK[deal[4]] for deal in deals]


def to_peer(card: Card) -> PeerCard:
    """cribbage-scorer's card: ``(rank 1..13, suit letter)``."""
    return (RANK_OF[card], "CDHS"[SUIT_OF[card]])


def pegboard_totals(hands: Sequence[Sequence[Card]], starters: Sequence[Card]) -> list[int]:
    return [score_show(h, s).total for h, s in zip(hands, starters, strict=True)]


def peer_totals(hands: Sequence[list[PeerCard]], starters: Sequence[PeerCard]) -> list[int]:
    show = peer.show_calc_score
    return [int(show(s, h)[0]) for h, s in zip(hands, starters, strict=True)]


def timed(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> tuple[float, T]:
    start = perf_counter()
    result = call(*args, **kwargs)
    return perf_counter() - start, result


def _disagreements(
    hands: Sequence[Sequence[Card]],
    starters: Sequence[Card],
    ours: Sequence[int],
    theirs: Sequence[int],
) -> list[str]:
    return [
        f"{format_cards(h)} + {format_cards([s])}: pegboard {a}, cribbage-scorer {b}"
        for h, s, a, b in zip(hands, starters, ours, theirs, strict=True)
        if a != b
    ]


def _runs(times: Sequence[float]) -> str:
    return ", ".join(f"{t:.3f}" for t in times)


def _rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}"


def run(repeats: int = 5, deals: int = DEALS) -> str:
    """Measure everything ``repeats`` times (medians reported); return a Markdown section."""
    hands, starters = random_deals(deals)
    peer_hands = [[to_peer(c) for c in h] for h in hands]
    peer_starters = [to_peer(s) for s in starters]

    # (a) scalar: pegboard and the peer alternate, so drift hits both alike.
    ours_times: list[float] = []
    peer_times: list[float] = []
    ours: list[int] = []
    theirs: list[int] = []
    for _ in range(repeats):
        seconds, ours = timed(pegboard_totals, hands, starters)
        ours_times.append(seconds)
        seconds, theirs = timed(peer_totals, peer_hands, peer_starters)
        peer_times.append(seconds)
    hand_diffs = _disagreements(hands, starters, ours, theirs)
    n_crib = min(CRIB_CHECK, deals)
    crib_hands, crib_starters = hands[:n_crib], starters[:n_crib]
    crib_ours = [
        score_show(h, s, crib=True).total for h, s in zip(crib_hands, crib_starters, strict=True)
    ]
    crib_theirs = [
        int(peer.show_calc_score(s, h, crib=True)[0])
        for h, s in zip(peer_hands[:n_crib], peer_starters[:n_crib], strict=True)
    ]
    crib_diffs = _disagreements(crib_hands, crib_starters, crib_ours, crib_theirs)
    batch_vs_scalar = show_totals(np.array(hands), np.array(starters)).tolist() == ours

    # (b) batch: every (hand, starter) pair of the deck.
    _tables.cache_clear()
    table_seconds, _ = timed(show_totals, [[0, 1, 2, 3]], [4])
    build_times: list[float] = []
    hand_times: list[float] = []
    crib_times: list[float] = []
    totals: npt.NDArray[np.int16] = np.zeros(0, dtype=np.int16)
    for _ in range(repeats):
        seconds, (pair_hands, pair_starters) = timed(all_hand_starter_pairs)
        build_times.append(seconds)
        seconds, totals = timed(show_totals, pair_hands, pair_starters)
        hand_times.append(seconds)
        seconds, _ = timed(show_totals, pair_hands, pair_starters, crib=True)
        crib_times.append(seconds)
    mean = int(totals.sum(dtype=np.int64)) / HAND_STARTER_PAIRS

    ours_s, peer_s = statistics.median(ours_times), statistics.median(peer_times)
    build_s, hand_s = statistics.median(build_times), statistics.median(hand_times)
    crib_s = statistics.median(crib_times)
    version = metadata.version("cribbage-scorer")
    rows: list[tuple[str, str, float, str, list[float]]] = [
        (
            "pegboard `score_show` (scalar)",
            f"{deals:,} deals",
            ours_s,
            _rate(deals, ours_s),
            ours_times,
        ),
        (
            f"cribbage-scorer {version} `show_calc_score`",
            f"{deals:,} deals",
            peer_s,
            _rate(deals, peer_s),
            peer_times,
        ),
        (
            "pegboard `show_totals` (numpy), hands",
            f"{HAND_STARTER_PAIRS:,} pairs",
            hand_s,
            _rate(HAND_STARTER_PAIRS, hand_s),
            hand_times,
        ),
        (
            "pegboard `show_totals` (numpy), cribs",
            f"{HAND_STARTER_PAIRS:,} pairs",
            crib_s,
            _rate(HAND_STARTER_PAIRS, crib_s),
            crib_times,
        ),
        (
            "`all_hand_starter_pairs()` (input construction, not in the rows above)",
            f"{HAND_STARTER_PAIRS:,} pairs",
            build_s,
            _rate(HAND_STARTER_PAIRS, build_s),
            build_times,
        ),
        ("rank tables, built once on first call", "-", table_seconds, "-", [table_seconds]),
    ]
    lines = [
        "## Scoring",
        "",
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, numpy {np.__version__}; median of {repeats} runs; "
        f"deals seeded with {SEED}. Each peer hand is converted to its `(rank, suit)` tuples "
        "before timing.",
        "",
        "| what | work | median (s) | hands/s | runs (s) |",
        "| --- | --- | ---: | ---: | --- |",
        *(f"| {w} | {n} | {s:.3f} | {r} | {_runs(ts)} |" for w, n, s, r, ts in rows),
        "",
        f"- pegboard/cribbage-scorer throughput ratio (scalar): **{peer_s / ours_s:.1f}x**",
        f"- `show_totals` over every pair against `score_show` per hand: "
        f"**{(HAND_STARTER_PAIRS / hand_s) / (deals / ours_s):,.0f}x** the throughput",
        f"- mean hand over every pair: {mean:.6f} (published 60759/12740 = {60759 / 12740:.6f})",
        f"- totals agree with cribbage-scorer on {deals - len(hand_diffs):,} of {deals:,} hands "
        f"and {n_crib - len(crib_diffs):,} of {n_crib:,} cribs; "
        f"`show_totals` equals `score_show` on all {deals:,} deals: {batch_vs_scalar}",
        *(f"  - disagreement: {d}" for d in (hand_diffs + crib_diffs)[:10]),
        "",
        "Reproduce from the project root:",
        "",
        "```",
        COMMAND,
        "```",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run())
