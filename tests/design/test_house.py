"""The layout: every package says in its docstring what it holds, and no module is longer
than tests/design/house.py allows (one idea a module)."""

from __future__ import annotations

import re
from pathlib import Path

from house import MOST_LINES, packages, report, too_long


def test_no_module_is_over_the_limit() -> None:
    assert too_long() == [], f"over {MOST_LINES} lines: split them"


def test_every_package_says_what_it_holds() -> None:
    assert [p.name for p in packages() if not p.doc] == []


def test_the_server_is_in_packages_by_subsystem() -> None:
    server = {p.name for p in packages() if p.name.startswith("pegboard.server.")}
    assert {
        "pegboard.server.tables",
        "pegboard.server.http",
        "pegboard.server.lobby",
        "pegboard.server.workers",
        "pegboard.server.players",
        "pegboard.server.ratings",
        "pegboard.server.quickplay",
        "pegboard.server.store",
    } <= server


def test_the_architecture_page_names_every_server_package() -> None:
    """docs/architecture.md's table of the server's packages is the layout as it is."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text()
    named = set(re.findall(r"^\| `(server(?:/\w+)?)` \|", page, flags=re.MULTILINE))
    server = {
        p.name.removeprefix("pegboard.").replace(".", "/")
        for p in packages()
        if p.name == "pegboard.server" or (p.name.count(".") == 2 and ".server." in p.name)
    }
    assert named == server


def test_a_long_module_is_flagged(tmp_path: Path) -> None:
    package = tmp_path / "pegboard" / "toy"
    package.mkdir(parents=True)
    (tmp_path / "pegboard" / "__init__.py").write_text('"""A toy."""\n')
    (package / "__init__.py").write_text('"""Toys, one a module."""\n')
    (package / "short.py").write_text("x = 1\n" * 10)
    (package / "long.py").write_text("x = 1\n" * (MOST_LINES + 1))
    assert too_long(tmp_path / "pegboard") == [("pegboard.toy/long.py", MOST_LINES + 1)]
    assert "pegboard.toy/long.py (601)" in report(tmp_path / "pegboard")
