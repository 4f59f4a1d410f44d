"""The server freezes what survives, every second: no collection walks it again, until the full
collection of every hour frees what died frozen (pegboard.server.collector)."""

from __future__ import annotations

import asyncio
import gc
import weakref

from pegboard.server.collector import freeze_survivors


class Node:
    """An object in a reference cycle with itself."""

    def __init__(self) -> None:
        self.me = self


class Leaf:
    """An object in no cycle: freed as soon as nothing refers to it."""


def test_a_cycle_that_dies_frozen_waits_for_the_full_collection() -> None:
    async def main() -> tuple[bool, bool, bool]:
        freezer = asyncio.create_task(freeze_survivors(every=0.01, full_every=0.5))
        try:
            cycle = Node()
            dead = weakref.ref(cycle)
            await asyncio.sleep(0.1)  # several freezes
            frozen = gc.get_freeze_count() > 0
            del cycle
            gc.collect()  # no collection reaches the frozen heap
            kept = dead() is not None
            await asyncio.sleep(0.6)  # the full collection
            return frozen, kept, dead() is None
        finally:
            freezer.cancel()
            gc.unfreeze()  # the test's process as it was

    frozen, kept, freed = asyncio.run(main())
    assert frozen, "what is alive is frozen"
    assert kept, "a cycle that dies frozen is not collected meanwhile"
    assert freed, "the full collection frees it"


def test_the_young_generation_outgrows_the_collectors_count_until_a_freeze() -> None:
    """Why the server freezes ten times a second: a move frees its table's old state as it
    makes the new, so the collector's count (objects made minus objects freed) stays low while
    every new object waits in the young generation for the next young collection, which walks
    them all. Only a freeze empties it."""
    tables = 200
    gc.disable()
    try:
        states = [[Leaf() for _ in range(5)] for _ in range(tables)]
        gc.freeze()  # the tables as they stand: out of every collection's sight
        for move in range(10 * tables):
            states[move % tables] = [Leaf() for _ in range(5)]  # the old state is freed
        young, counted = len(gc.get_objects(0)), gc.get_count()[0]
        gc.freeze()
        after_freeze = len(gc.get_objects(0))
    finally:
        gc.unfreeze()
        gc.enable()
    assert young >= 6 * tables, "every table's new state (a list and five nodes) is young"
    assert counted < young / 10, "the count misses what replaced the freed"
    assert after_freeze < tables, "a freeze leaves the young generation (nearly) empty"
