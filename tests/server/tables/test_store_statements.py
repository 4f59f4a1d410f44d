"""The store leaves no SQL statement open. SQLite refuses to commit on a connection that still
has a writing statement unfinished (*cannot commit transaction - SQL statements in progress*),
and a checkpoint (``PRAGMA wal_checkpoint``) counts as one: its answer row, left unread, keeps it
open for as long as its cursor lives. Usually that is a moment, but a stack sampler, a traceback
or a reference cycle that ``gc.freeze()`` has put out of the collector's reach keeps the cursor
for good, and the pooled connection then refuses every write made with it (table making first:
docs/benchmarks.md, "One process")."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from room_parts import stored_table, table_row
from sqlalchemy.pool import QueuePool


def kept_frames(run: Callable[[], object]) -> list[types.FrameType]:
    """Run ``run``, keeping every frame it makes (and so their locals) after it returns."""
    kept: list[types.FrameType] = []

    def keep(frame: types.FrameType, _event: str, _arg: Any) -> None:
        kept.append(frame)

    sys.settrace(keep)
    try:
        run()
    finally:
        sys.settrace(None)
    return kept


def test_a_checkpoint_kept_in_memory_leaves_every_write_possible(tmp_path: Path) -> None:
    store = stored_table(tmp_path, table_row("t0"))  # something in the log to checkpoint
    try:
        kept = kept_frames(store.checkpoint)
        assert kept, "the checkpoint's frames are kept"
        # Every connection of the pool in turn (it hands them out first in, first out).
        pool = store.engine.pool
        assert isinstance(pool, QueuePool)
        made = [f"t{n}" for n in range(1, pool.size() + 2)]
        for table_id in made:
            store.create_table(table_row(table_id))
            store.set_slot(table_id, 0, "Ann", "human", f"token-{table_id}")
        assert {row.id for row in store.tables()} == {"t0", *made}
        assert all(store.table(t).slots[0]["name"] == "Ann" for t in made)  # type: ignore[union-attr]
    finally:
        store.close()
