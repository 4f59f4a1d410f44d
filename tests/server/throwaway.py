"""Waiting for a throwaway server process to answer, and stopping it: shared by the Redis and
PostgreSQL servers the tests start."""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Callable


def wait_until_answering(
    process: subprocess.Popen[bytes], answers: Callable[[], bool], name: str, timeout: float
) -> None:
    """Poll ``answers()`` until it holds; fail with the process's output if it exits first."""
    deadline = time.monotonic() + timeout
    while not answers():
        if process.poll() is not None:
            output = process.stdout.read().decode() if process.stdout else ""
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
