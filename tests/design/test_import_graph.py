"""The layers hold (docs/architecture.md): no two modules of pegboard import each other
(directly or round a loop), imports only point down, and the core never imports a game (games
plug in through the ``pegboard.games`` entry points)."""

from __future__ import annotations

from pathlib import Path

import pytest
from import_graph import cycles, import_graph

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "pegboard"


LAYERS = {
    "errors": 0,
    "cards": 1,
    "scoring": 2,
    "core": 3,
    "games": 4,
    "analysis": 4,
    "records": 4,
    "bots": 5,
    "parallel": 5,  # chunks of work on processes or a cluster: arena and match use it
    "arena": 6,
    "env": 6,  # environments for research: games, bots to play the other seats
    "review": 6,  # game review: the analysis and the bots' searches judge every decision
    "match": 7,
    "tournament": 7,  # pairing, standings, the playoff; its bot runner plays through arena
    "server": 8,
    "cli": 9,
    "": 10,  # pegboard/__init__.py: the curated public names
}
"""Each top-level part of pegboard by height: a part imports only parts below it."""


def _part(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


def _describe(group: list[str], graph: dict[str, set[str]]) -> str:
    edges = [f"{a} -> {b}" for a in group for b in sorted(graph[a]) if b in group]
    return "; ".join(edges)


def test_no_module_imports_round_a_loop() -> None:
    graph = import_graph(PACKAGE)
    found = [_describe(group, graph) for group in cycles(graph)]
    assert found == [], "import cycles: " + " | ".join(found)


def test_imports_only_point_down() -> None:
    graph = import_graph(PACKAGE)
    unplaced = sorted({_part(m) for m in graph} - set(LAYERS))
    assert unplaced == [], f"give these parts of pegboard a layer in LAYERS: {unplaced}"
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        if _part(module) != _part(target) and LAYERS[_part(target)] >= LAYERS[_part(module)]
    )
    assert upward == []


def test_the_core_imports_no_game() -> None:
    graph = import_graph(PACKAGE)
    wrong = sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        if module.startswith("pegboard.core")
        for target in targets
        if target == "pegboard.games" or target.startswith("pegboard.games.")
    )
    assert wrong == []


def test_every_module_is_in_the_graph() -> None:
    graph = import_graph(PACKAGE)
    assert {"pegboard.core.spec", "pegboard.games.cribbage.rules", "pegboard.cli.main"} <= set(
        graph
    )
    assert "pegboard.games.cribbage.seat_view" in graph["pegboard.games.cribbage.rules"]


def test_compiled_modules_are_in_the_graph_with_their_cimports() -> None:
    graph = import_graph(PACKAGE)
    assert "pegboard.core.outcome" in graph["pegboard.games.cribbage._compiled_rules"]
    assert {"pegboard.core._seeded", "pegboard.games.cribbage._compiled_rules"} <= graph[
        "pegboard.env._cribbage"
    ]


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "toy" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root / "toy"


@pytest.mark.parametrize(
    ("files", "loop"),
    [
        # at module level, inside a function, and only for type checking: each is a loop
        ({"__init__.py": "", "a.py": "import toy.b\n", "b.py": "from toy import a\n"}, True),
        (
            {
                "__init__.py": "",
                "a.py": "def f():\n    from toy.b import g\n",
                "b.py": "from toy.a import f\ndef g(): ...\n",
            },
            True,
        ),
        (
            {
                "__init__.py": "",
                "a.py": "import typing\nif typing.TYPE_CHECKING:\n    from .b import B\n",
                "b.py": "from .a import A\n",
            },
            True,
        ),
        ({"__init__.py": "", "a.py": "import toy.b\n", "b.py": "import json\n"}, False),
        # a submodule named from its package is that module, not the package
        ({"__init__.py": "from toy import a\n", "a.py": "from toy import b\n", "b.py": ""}, False),
    ],
)
def test_loops_are_found_however_the_import_is_written(
    tmp_path: Path, files: dict[str, str], loop: bool
) -> None:
    graph = import_graph(_package(tmp_path, files))
    assert (cycles(graph) == [["toy.a", "toy.b"]]) is loop
