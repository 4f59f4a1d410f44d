"""``pegboard serve`` options reach the app: the grace period and the abandon time, the trusted
proxies, a worker's route."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from pegboard.cli import serve as serve_module
from pegboard.cli.main import app
from pegboard.server.tables.room import RoomSettings


def served(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What ``pegboard serve`` will make its app with (filled when it runs): nothing is served,
    and no Redis is reached."""
    made: dict[str, Any] = {}

    def create_app(db: str, **kwargs: Any) -> object:
        made.update(kwargs)
        return object()

    monkeypatch.setattr(serve_module, "create_app", create_app)
    monkeypatch.setattr(serve_module, "_redis_bus", lambda url: object())
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, **_: None)
    monkeypatch.setattr(serve_module, "configure_logging", lambda form, level: None)
    return made


def served_settings(monkeypatch: pytest.MonkeyPatch, *args: str) -> RoomSettings:
    made = served(monkeypatch)
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


REDIS = ["--redis", "redis://127.0.0.1:1/0"]


@pytest.mark.parametrize(
    ("given", "read", "expected", "bad", "option"),
    [
        pytest.param(
            ["--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.0/8"],
            lambda made: made["trusted_proxies"],
            frozenset({"127.0.0.1", "10.0.0.0/8"}),
            [["--trusted-proxy", "proxy.example"]],
            "--trusted-proxy",
            id="trusted-proxy",
        ),
        pytest.param(
            [*REDIS, "--route", "8001"],
            lambda made: made["workers"].route,
            "8001",
            [
                [*REDIS, "--route", "eu 2"],  # nginx's map could not name it
                [*REDIS, "--route", "a.b"],  # the dot ends the route in the worker's name
                ["--route", "8001"],  # one process: nothing to route between
            ],
            "--route",
            id="route",
        ),
    ],
)
def test_an_option_reaches_the_app_and_a_bad_value_is_refused(
    monkeypatch: pytest.MonkeyPatch,
    given: list[str],
    read: Callable[[dict[str, Any]], object],
    expected: object,
    bad: list[list[str]],
    option: str,
) -> None:
    made = served(monkeypatch)
    result = CliRunner().invoke(app, ["serve", "--db", "sqlite://", *given])
    assert result.exit_code == 0, result.output
    assert read(made) == expected
    for args in bad:
        refused = CliRunner().invoke(app, ["serve", *args])
        assert refused.exit_code != 0 and option in refused.output
