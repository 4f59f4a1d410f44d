"""The service units an operator installs (deploy/systemd) are units systemd accepts, and the
command each starts is one ``pegboard serve`` takes, with the options docs/operations.md names."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from pegboard.cli import serve as serve_module
from pegboard.cli.main import app

UNITS = Path(__file__).resolve().parents[2] / "deploy" / "systemd"
INSTALLED = "/opt/pegboard/bin/pegboard"  # where the units' comments say to install it
ENVIRONMENT = {"PEGBOARD_DB": "sqlite:///pegboard.db", "PEGBOARD_REDIS": "redis://127.0.0.1:6379"}


def here(unit: str) -> str:
    """The unit as it would run on this machine: this environment's pegboard, and the workers'
    environment file's settings in the unit itself."""
    text = (UNITS / unit).read_text()
    text = text.replace(INSTALLED, str(Path(sys.executable).parent / "pegboard"))
    settings = " ".join(f"{k}={v}" for k, v in ENVIRONMENT.items())
    return text.replace("EnvironmentFile=/etc/pegboard/workers.env", f"Environment={settings}")


def exec_start(unit: str, instance: str = "8001") -> list[str]:
    """The command line ``ExecStart`` runs, its continuations joined and its specifiers and
    environment filled in as systemd would."""
    lines = (UNITS / unit).read_text().replace("\\\n", " ").splitlines()
    (command,) = [line.split("=", 1)[1] for line in lines if line.startswith("ExecStart=")]
    command = command.replace("%i", instance)
    for name, value in ENVIRONMENT.items():
        command = command.replace(f"${{{name}}}", value)
    return shlex.split(command)


@pytest.mark.parametrize(
    ("unit", "as_named"),
    [
        ("pegboard.service", "pegboard.service"),
        ("pegboard-worker@.service", "pegboard-worker@8001.service"),
    ],
)
def test_systemd_accepts_the_unit(tmp_path: Path, unit: str, as_named: str) -> None:
    (tmp_path / as_named).write_text(here(unit))
    verify = subprocess.run(
        [
            shutil.which("systemd-analyze") or "/usr/bin/systemd-analyze",
            "verify",
            str(tmp_path / as_named),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (verify.returncode, verify.stderr.strip()) == (0, "")


def test_a_misspelt_setting_is_caught(tmp_path: Path) -> None:
    """The check above can fail: systemd names a key it does not know."""
    (tmp_path / "pegboard.service").write_text(
        here("pegboard.service").replace("KillSignal=", "KillSignl=")
    )
    verify = subprocess.run(
        ["systemd-analyze", "verify", str(tmp_path / "pegboard.service")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "Unknown key 'KillSignl'" in verify.stderr


@pytest.mark.parametrize(
    ("unit", "wanted"),
    [
        ("pegboard.service", {"--db": "sqlite:////var/lib/pegboard/pegboard.db", "--port": "8000"}),
        ("pegboard-worker@.service", {"--redis": ENVIRONMENT["PEGBOARD_REDIS"], "--port": "8001"}),
    ],
)
def test_the_unit_starts_a_server_pegboard_serve_takes(
    monkeypatch: pytest.MonkeyPatch, unit: str, wanted: dict[str, str]
) -> None:
    command = exec_start(unit)
    assert command[:2] == [INSTALLED, "serve"]
    options = dict(zip(command[2::2], command[3::2], strict=True))
    assert options | wanted == options, "the unit serves what its comments say"
    assert (options["--host"], options["--trusted-proxy"], options["--log-format"]) == (
        "127.0.0.1",
        "127.0.0.1",
        "json",
    ), "behind nginx on this machine, logging JSON lines"
    made: dict[str, Any] = {}
    monkeypatch.setattr(serve_module, "create_app", lambda db, **kw: made.update(db=db) or object())
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, **_: None)
    monkeypatch.setattr(serve_module, "configure_logging", lambda form, level: None)
    result = CliRunner().invoke(app, command[1:])
    assert result.exit_code == 0, result.output
    assert made["db"] == options["--db"]
