"""The import graph of a package's source, read with :mod:`ast` (nothing is imported).

Every import counts: at module level, inside a function, or under ``TYPE_CHECKING``, since
each says that one module knows another. The parent packages that Python loads on the way to
a module are not edges (every import has them). A compiled module (Cython ``.pyx``) is a
module too; its ``import`` and ``cimport`` lines are read as text.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

_PYX_IMPORT = re.compile(r"^\s*(?:from\s+(\.*[\w.]*)\s+c?import\s+(.+)|c?import\s+([\w.]+))")


def modules(root: Path) -> dict[str, Path]:
    """Every module under the package directory ``root``, by dotted name."""
    found: dict[str, Path] = {}
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.pyx")]):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The dotted names an import statement names (``from a import b``: ``a.b``, which
    :func:`_owner` reads as the module ``a.b`` if there is one, else as ``a``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        stem = package[: len(package) - node.level + 1]
        base = ".".join([*stem, *([node.module] if node.module else [])])
    return [f"{base}.{alias.name}" for alias in node.names]


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The longest known module that ``name`` lies in."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(root: Path) -> dict[str, set[str]]:
    """Per module, the modules of the same package it imports."""
    known = modules(root)
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        targets = _pyx_imported(path) if path.suffix == ".pyx" else _py_imported(path, name)
        for target in targets:
            owner = _owner(target, known)
            if owner is not None and owner != name:
                graph[name].add(owner)
    return graph


def _py_imported(path: Path, name: str) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"), str(path))
    return [
        target
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for target in _imported(node, name, path.name == "__init__.py")
    ]


def _pyx_imported(path: Path) -> list[str]:
    """The absolute imports and cimports of a Cython module (pegboard's are all absolute):
    ``from a import b, c`` names ``a.b`` and ``a.c`` (the first line of a parenthesised list
    names at least ``a``)."""
    found: list[str] = []
    for line in path.read_text("utf-8").splitlines():
        match = _PYX_IMPORT.match(line)
        if match is None:
            continue
        base, names, module = match.groups()
        if module:
            found.append(module)
            continue
        found.append(base)
        for alias in names.strip("() ").split(","):
            if alias.strip():
                found.append(f"{base}.{alias.split()[0]}")
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)
