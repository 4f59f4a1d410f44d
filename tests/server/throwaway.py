"""Waiting for a throwaway server process to answer, and stopping it: shared by the Redis and
PostgreSQL servers the tests start, and the ``pegboard serve`` processes of the several-worker
tests."""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import httpx

# Seconds a server may take to start answering (a ``pegboard serve`` process, or a test's own in
# a thread): a guard against one that hangs, not a measure. Starting is the operating system's
# scheduling: on the shared two cores, busy with other test runs and benchmarks, a process took
# 50 s (30 s was too short) with 2 s of its own CPU, and a test's own server over 10 s.
SERVE_STARTS = 150.0


def wait_until_answering(
    process: subprocess.Popen[bytes],
    answers: Callable[[], bool],
    name: str,
    timeout: float,
    log: Path | None = None,
) -> None:
    """Poll ``answers()`` until it holds; fail with the process's output (its ``log``, if it
    writes one) if it exits first."""
    deadline = time.monotonic() + timeout
    while not answers():
        if process.poll() is not None:
            output = process.stdout.read().decode() if process.stdout else ""
            output = log.read_text() if log is not None else output
            raise RuntimeError(f"{name} did not start:\n{output}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{name} did not answer in time")
        time.sleep(0.02)


def stop(process: subprocess.Popen[bytes], how: int = signal.SIGTERM) -> None:
    """Ask the process to stop (``how``), kill it if it will not, and close its output."""
    process.send_signal(how)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)
    if process.stdout is not None:
        process.stdout.close()


def wait_until_serving(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    """Until the ``pegboard serve`` ``process`` answers at ``port``; fail with its ``log`` if it
    exits first."""

    def answers() -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    wait_until_answering(process, answers, "pegboard serve", SERVE_STARTS, log)
