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
