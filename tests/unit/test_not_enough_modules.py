"""Cribbage is not Enough's rules are split by phase into small modules whose imports form no
cycle: every import statement counts, those inside functions and type-checking blocks too (the
rules used to import the view inside a method, and the view the rules for its types)."""

from __future__ import annotations

import ast
from importlib import resources
from pathlib import Path

PACKAGE = "pegboard.games.not_enough"
MOST_LINES = 250  # one idea a module: none is the whole game again


def modules() -> dict[str, Path]:
    root = Path(str(resources.files(PACKAGE)))
    found = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join((PACKAGE, *parts))
        found[name.removesuffix(".__init__")] = path
    return found


def imports(path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``path`` imports anywhere in its text."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                if sub in known:
                    found.add(sub)
                elif node.module in known:
                    found.add(node.module)
    return found


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for nxt in sorted(graph[name]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state and (found := visit(name)):
            return found
    return None


def test_the_games_modules_import_each_other_without_a_cycle() -> None:
    found = modules()
    known = set(found)
    graph = {name: imports(path, known) - {name} for name, path in found.items()}
    # the package's own __init__ re-exports; what imports it by name is another question
    graph[PACKAGE] = set()
    assert f"{PACKAGE}.state" in graph[f"{PACKAGE}.seat_view"]
    assert f"{PACKAGE}.rules" not in graph[f"{PACKAGE}.seat_view"]
    assert cycle(graph) is None, cycle(graph)


def test_each_phase_has_its_own_module_and_none_is_large() -> None:
    found = modules()
    steps = {n.rsplit(".", 1)[1] for n in found if n.startswith(f"{PACKAGE}.steps.")}
    assert steps == {"deal", "tops", "play", "show", "muggins", "battle", "cradle", "end"}
    sizes = {n: len(p.read_text("utf-8").splitlines()) for n, p in found.items()}
    assert max(sizes.values()) <= MOST_LINES, sizes
