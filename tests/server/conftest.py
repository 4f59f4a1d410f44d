from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "pegboard.sqlite")
    running.start()
    yield running
    running.stop()
