"""A browser test's ``page.wait_for_function`` waits on something the page can say at once.

Playwright counts any truthy result of the predicate as done, and a Promise is truthy: a
predicate that fetches (``fetch(...).then(...)``, an ``async`` function) ends the wait after its
first try, whatever the fetch finds. tests/browser/test_browser_social.py's ``become`` waited so
for ``/api/me`` to name a player, and under load read nobody: its read had gone out before the
answer that made the guest (session 22). A test waits for that answer (``expect_response``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parents[1] / "browser"
PROMISE = re.compile(r"\bfetch\(|\.then\(|\basync\b|\bawait\b")


def _strings(tree: ast.Module) -> dict[str, str]:
    """The module's constants that are text (a predicate may be one)."""
    found: dict[str, str] = {}
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                found[target.id] = node.value.value
    return found


def promised_waits(source: str) -> list[int]:
    """The lines of ``source`` whose ``wait_for_function`` predicate gives a Promise."""
    tree = ast.parse(source)
    constants = _strings(tree)
    lines: list[int] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr != "wait_for_function" or not node.args:
            continue
        predicate = node.args[0]
        text = predicate.value if isinstance(predicate, ast.Constant) else ""
        if isinstance(predicate, ast.Name):
            text = constants.get(predicate.id, "")
        if PROMISE.search(str(text)):
            lines.append(node.lineno)
    return lines


def test_no_browser_test_waits_on_a_promise() -> None:
    found = {
        path.name: lines
        for path in sorted(BROWSER_TESTS.glob("*.py"))
        if (lines := promised_waits(path.read_text("utf-8")))
    }
    assert found == {}, "wait_for_function ends at once on a Promise: wait for the response"


def test_a_fetching_wait_is_flagged() -> None:
    source = """
ASKS = "() => document.title === 'x'"
page.wait_for_function("fetch('/api/me').then((r) => r.json()).then((j) => j.player)")
page.wait_for_function(ASKS)
page.wait_for_function("async () => (await fetch('/api/me')).ok")
"""
    assert promised_waits(source) == [3, 5]
