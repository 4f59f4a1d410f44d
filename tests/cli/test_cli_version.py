"""``pegboard --version`` prints the installed version and nothing else."""

from __future__ import annotations

from importlib import metadata

from typer.testing import CliRunner

from pegboard import __version__
from pegboard.cli.main import app


def test_version_prints_the_packages_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"pegboard {__version__}\n"
    assert __version__ == metadata.version("pegboard")


def test_commands_still_run_after_the_version_option_was_added() -> None:
    result = CliRunner().invoke(app, ["analyze", "5H 5C 5S JD 7C 9D", "--dealer", "--json"])
    assert result.exit_code == 0 and '"tosses": "strong"' in result.stdout
