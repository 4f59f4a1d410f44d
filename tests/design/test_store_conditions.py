"""No store query joins two conditions with ``&`` or ``|``: SQLAlchemy's operators leave a
reference cycle a call, and a server that freezes its survivors ten times a second keeps each
until the hourly full collection (docs/benchmarks.md, "One process"). ``where()`` takes a
list of conditions; ``and_()`` and ``or_()`` join them without the cycle."""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "src" / "pegboard" / "server"


def joined_comparisons(source: str) -> list[int]:
    """The lines where ``&`` or ``|`` joins a comparison to something."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.BitAnd | ast.BitOr)
        and (isinstance(node.left, ast.Compare) or isinstance(node.right, ast.Compare))
    ]


def test_the_check_finds_a_joined_comparison() -> None:
    found = joined_comparisons("q.where((t.c.a == 1) & (t.c.b == 2))\nq.where(t.c.a == 1, x)\n")
    assert found == [1]
    assert joined_comparisons("left & set(side)\nrow | {'a': 1}\n") == []


def test_no_server_module_joins_comparisons_with_operators() -> None:
    found = {
        str(path.relative_to(SERVER)): lines
        for path in sorted(SERVER.rglob("*.py"))
        if (lines := joined_comparisons(path.read_text()))
    }
    assert found == {}, f"join these with where(a, b), and_() or or_(): {found}"
