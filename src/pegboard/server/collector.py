"""The garbage collector of a server of thousands of tables.

Each collection of the collector's middle generation walks everything that survived the young
collections since the last one: at 2,000 tables, hundreds of thousands of objects and pauses of
300 to 600 ms that stall every table at once (docs/benchmarks.md, "One process"). So ten times
a second the server freezes what is alive (``gc.freeze``, which costs nothing): no collection
walks it again, and the middle generation's collections never come (freezing starts their
count over). Often, because a young collection walks every object made since the last freeze
that is still alive, and the collector does not count them: its count is objects made minus
objects freed, and each move frees its table's old state as it makes the new one. Frozen every
second, 2,000 tables left 60,000 to 85,000 young objects to each young collection (pauses of 40
to 70 ms); every tenth of a second, a few thousand. A frozen object that later dies in a
reference cycle waits for the full collection, once an hour; moves and finished tables make
none (tests/server/test_garbage_cycles.py)."""

from __future__ import annotations

import asyncio
import gc

FREEZE_EVERY = 0.1  # seconds between two freezes of the survivors
FULL_EVERY = 3600.0  # seconds between two full collections (the frozen heap's dead cycles)


async def freeze_survivors(every: float = FREEZE_EVERY, full_every: float = FULL_EVERY) -> None:
    """Until cancelled: every ``every`` seconds, freeze what is alive; every ``full_every``
    seconds, first thaw everything and collect it in full (a pause of the whole heap)."""
    loop = asyncio.get_running_loop()
    last_full = loop.time()
    while True:
        await asyncio.sleep(every)
        if loop.time() - last_full >= full_every:
            last_full = loop.time()
            gc.unfreeze()
            gc.collect()
        gc.freeze()
