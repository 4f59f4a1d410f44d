"""``pegboard serve`` options reach the tables: the grace period and the abandon time."""

from __future__ import annotations

from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from pegboard.cli import serve as serve_module
from pegboard.cli.main import app
from pegboard.server.tables.room import RoomSettings


def served_settings(monkeypatch: pytest.MonkeyPatch, *args: str) -> RoomSettings:
    made: dict[str, Any] = {}

    def create_app(db: str, **kwargs: Any) -> object:
        made.update(kwargs)
        return object()

    monkeypatch.setattr(serve_module, "create_app", create_app)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, **_: None)
    monkeypatch.setattr(serve_module, "configure_logging", lambda form, level: None)
    result = CliRunner().invoke(app, ["serve", "--db", "sqlite://", *args])
    assert result.exit_code == 0, result.output
    settings: RoomSettings = made["settings"]
    return settings


@pytest.mark.parametrize(
    ("args", "grace", "abandon"),
    [
        ((), 60.0, 1800.0),
        (("--grace", "15"), 15.0, 1800.0),
        (("--abandon", "600", "--grace", "90"), 90.0, 600.0),
    ],
)
def test_grace_and_abandon_are_server_options(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], grace: float, abandon: float
) -> None:
    settings = served_settings(monkeypatch, *args)
    assert (settings.grace, settings.abandon_waiting) == (grace, abandon)


def test_a_negative_grace_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    result = CliRunner().invoke(app, ["serve", "--grace", "-1"])
    assert result.exit_code != 0 and "--grace" in result.output


def test_trusted_proxies_reach_the_app_and_a_bad_one_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: dict[str, Any] = {}

    def create_app(db: str, **kwargs: Any) -> object:
        made.update(kwargs)
        return object()

    monkeypatch.setattr(serve_module, "create_app", create_app)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, **_: None)
    monkeypatch.setattr(serve_module, "configure_logging", lambda form, level: None)
    args = ["serve", "--db", "sqlite://", "--trusted-proxy", "127.0.0.1"]
    result = CliRunner().invoke(app, [*args, "--trusted-proxy", "10.0.0.0/8"])
    assert result.exit_code == 0, result.output
    assert made["trusted_proxies"] == frozenset({"127.0.0.1", "10.0.0.0/8"})
    bad = CliRunner().invoke(app, ["serve", "--trusted-proxy", "proxy.example"])
    assert bad.exit_code != 0 and "--trusted-proxy" in bad.output
