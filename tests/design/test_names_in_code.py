"""The code's own words name only what exists: every docstring and comment of the source names
``pegboard.x.y`` names that import, files that are there, sections of the docs that are there,
and nothing outside the project (the design documents a user never has)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

import pytest
from doc_names import dotted_names, resolves

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "pegboard"
MODULES = sorted(SOURCE.rglob("*.py"))
WHERE = [ROOT, ROOT / "src", SOURCE, SOURCE / "server", ROOT / "docs", ROOT / "tests"]
"""Where a file named in the code may be found (``server/tables/room.py``, ``docs/rules.md``)."""

FILE = re.compile(r"(?<![\w/.*-])((?:[\w-]+/)+[\w-]+\.(?:py|pyx|pxd|md|js|json|toml|css))\b")
SECTION = re.compile(r"(docs/[\w-]+\.md),?\s+(?:\*([^*\n]+)\*|\"([^\"\n]+)\")")
OUTSIDE = re.compile(r"ARCHITECTURE\.md|RULES\.md|CONTRACT\.md|\.\./shared")


def words(path: Path) -> str:
    """The docstrings and comments of one module."""
    source = path.read_text()
    found = [
        ast.get_docstring(node) or ""
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    found += [t.string for t in tokens if t.type == tokenize.COMMENT]
    return "\n".join(found)


def there(name: str) -> bool:
    return any((base / name).exists() for base in WHERE)


@cache
def headings(document: str) -> set[str]:
    lines = (ROOT / document).read_text().splitlines()
    return {line.lstrip("#").strip() for line in lines if line.startswith("#")}


def ids(path: Path) -> str:
    return str(path.relative_to(SOURCE))


@pytest.mark.parametrize("module", MODULES, ids=ids)
def test_every_name_in_the_code_words_exists(module: Path) -> None:
    text = " ".join(words(module).split())  # a name may be wrapped over two lines
    missing = sorted(n for n in dotted_names(text) if not resolves(n))
    files = sorted(f for f in FILE.findall(words(module)) if not there(f))
    assert (missing, files) == ([], [])


@pytest.mark.parametrize("module", MODULES, ids=ids)
def test_every_section_named_is_in_its_document(module: Path) -> None:
    text = " ".join(words(module).split())
    wrong = []
    for document, starred, quoted in SECTION.findall(text):
        section = (starred or quoted).strip()
        if not (ROOT / document).exists():
            wrong.append(f"{document} is not there")
        elif not any(section in heading for heading in headings(document)):
            wrong.append(f"{document} has no section {section!r}")
    assert wrong == []


@pytest.mark.parametrize("module", MODULES, ids=ids)
def test_the_code_points_nowhere_outside_the_project(module: Path) -> None:
    assert OUTSIDE.findall(words(module)) == []


def test_the_checks_catch_what_they_are_for(tmp_path: Path) -> None:
    made_up = tmp_path / "made_up.py"
    made_up.write_text(
        '"""See `pegboard.scoring.score_hand` and server/nowhere.py; docs/rules.md, "No such"."""\n'
        "# ARCHITECTURE.md, invariant 9\n"
    )
    text = words(made_up)
    assert "pegboard.scoring.score_hand" in dotted_names(text)
    assert not resolves("pegboard.scoring.score_hand")
    assert FILE.findall(text) == ["server/nowhere.py", "docs/rules.md"]
    assert not there("server/nowhere.py") and there("docs/rules.md")
    assert SECTION.findall(text) == [("docs/rules.md", "", "No such")]
    assert not any("No such" in h for h in headings("docs/rules.md"))
    assert OUTSIDE.findall(text) == ["ARCHITECTURE.md"]
