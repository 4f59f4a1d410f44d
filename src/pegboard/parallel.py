"""Playing chunks of games in this process, in a pool of processes, or on a Dask cluster.

``simulate`` and ``run_match`` cut their seeds into chunks and hand each chunk to one call;
:func:`run_chunks` runs those calls and returns their results in chunk order, so the seeds
alone decide the results wherever the chunks ran. :func:`cluster` connects to a Dask
``distributed`` scheduler (or starts a local one) and yields an executor for it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any, TypeVar

from pegboard.errors import OptionError

T = TypeVar("T")

LOCAL = "local"
"""``--cluster local``: start a cluster of worker processes on this machine."""


@dataclass(frozen=True)
class Cluster:
    """A Dask cluster to play on: its executor and how many games it plays at once."""

    executor: Executor
    workers: int


def chunk_size(items: int, workers: int, largest: int) -> int:
    """Chunks small enough for ``workers`` to share evenly (8 per worker), at most
    ``largest`` long, so one slow chunk does not leave the others idle."""
    return max(1, min(largest, items // max(1, workers * 8)))


def run_chunks(
    call: Callable[..., list[T]],
    chunks: Sequence[tuple[Any, ...]],
    *,
    workers: int = 1,
    cluster: Cluster | None = None,
    done: Callable[[int], None] | None = None,
) -> list[T]:
    """``call(*chunk)`` for every chunk, on ``cluster``, over ``workers`` processes, or here;
    the results of all chunks, in chunk order. ``done(i)`` hears that chunk ``i`` finished."""
    if cluster is None and workers <= 1:
        results: list[T] = []
        for i, args in enumerate(chunks):
            results.extend(call(*args))
            if done:
                done(i)
        return results
    pool = nullcontext(cluster.executor) if cluster else ProcessPoolExecutor(max_workers=workers)
    by_chunk: dict[int, list[T]] = {}
    with pool as executor:
        futures: dict[Future[list[T]], int] = {
            executor.submit(call, *args): i for i, args in enumerate(chunks)
        }
        for future in as_completed(futures):
            i = futures[future]
            by_chunk[i] = future.result()
            if done:
                done(i)
    return [result for i in range(len(chunks)) for result in by_chunk[i]]


@contextmanager
def cluster(address: str, workers: int = 1, *, timeout: float = 30) -> Iterator[Cluster]:
    """Connect to the Dask scheduler at ``address`` (``tcp://host:8786``, waiting up to
    ``timeout`` seconds), or with ``"local"`` start ``workers`` worker processes (one thread
    each) on 127.0.0.1; closed again on leaving. Every worker must be able to import
    pegboard."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - the cluster extra is part of dev
        raise OptionError(
            "--cluster needs Dask distributed: pip install 'pegboard[cluster]'"
        ) from None
    if workers < 1:
        raise OptionError(f"a cluster needs at least one worker, not {workers}")
    local = None
    if address == LOCAL:
        local = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            silence_logs=logging.ERROR,
        )
        client = Client(local)  # type: ignore[no-untyped-call]
    else:
        try:
            client = Client(address, timeout=timeout)  # type: ignore[no-untyped-call]
        except (OSError, ValueError, TypeError) as error:
            raise OptionError(f"cannot reach a Dask scheduler at {address!r}: {error}") from None
    try:
        threads = sum(client.nthreads().values())  # type: ignore[no-untyped-call]
        if threads < 1:
            raise OptionError(f"the Dask cluster at {address!r} has no workers")
        yield Cluster(client.get_executor(), threads)  # type: ignore[no-untyped-call]
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if local is not None:
            local.close()
