"""``pegboard serve --powers FILE``: every not-enough table of that server plays with the file's
powers table, and a person at such a table sees those values."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from harness import Server
from typer.testing import CliRunner

from pegboard.cli.main import app as cli
from pegboard.core import register
from pegboard.games.not_enough.config import SPEC
from pegboard.games.not_enough.powers import default_powers, load_powers

DATA = Path(__file__).resolve().parents[2] / "src/pegboard/data/civil_four_powers.json"


@pytest.fixture
def restore_default() -> Iterator[None]:
    yield
    register(SPEC)


def _served(monkeypatch: pytest.MonkeyPatch, *args: str) -> FastAPI:
    """The app ``pegboard serve ARGS`` would run (uvicorn is not started)."""
    served: list[FastAPI] = []
    with monkeypatch.context() as patch:  # only for the command: the test's server runs
        patch.setattr(uvicorn.Server, "run", lambda self, **_: served.append(self.config.app))
        result = CliRunner().invoke(cli, ["serve", *args])
    assert result.exit_code == 0, result.output
    return served[0]


def _powers_seen(app: FastAPI, tmp_path: Path) -> dict[str, Any]:
    """The powers table in the view of a person at a new not-enough table of ``app``."""
    server = Server(tmp_path / "unused.sqlite", app=app)
    server.start()
    try:
        table_id = server.table("not-enough", players=2, bots=[None, "random"])
        with server.player(table_id, server.join(table_id, "Ann")) as ann:
            while ann.receive()["type"] != "welcome":
                pass
            powers: dict[str, Any] = ann.view["powers"]
            return powers
    finally:
        server.stop()


def test_a_served_table_plays_with_the_powers_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restore_default: None
) -> None:
    data = json.loads(DATA.read_text())
    role = data["roles"]["C"]
    data["powers"][role]["K"]["intel"] += 7
    mine = tmp_path / "my_deck.json"
    mine.write_text(json.dumps(data))
    app = _served(monkeypatch, "--db", f"sqlite:///{tmp_path / 'p.sqlite'}", "--powers", str(mine))
    seen = _powers_seen(app, tmp_path)
    shipped = default_powers().to_json()
    assert seen["values"]["C"]["K"]["intel"] == shipped["values"]["C"]["K"]["intel"] + 7
    assert seen == json.loads(json.dumps(load_powers(str(mine)).to_json()))


def test_without_the_option_tables_play_the_shipped_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _served(monkeypatch, "--db", f"sqlite:///{tmp_path / 'p.sqlite'}")
    assert _powers_seen(app, tmp_path) == json.loads(json.dumps(default_powers().to_json()))


def test_a_bad_powers_file_stops_serve_before_it_listens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restore_default: None
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    served: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, **_: served.append(self.config.app))
    result = CliRunner().invoke(cli, ["serve", "--powers", str(broken)])
    assert result.exit_code == 2
    assert "broken.json" in result.output
    assert served == []
