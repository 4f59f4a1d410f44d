"""Every Python example of the documents (README.md and docs/*.md) runs: each block is written to a
file and run as a script in a fresh interpreter (so ``cluster("local")``'s worker processes
import it as they would a user's script), from an empty directory."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = ("README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")))
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks() -> list[tuple[str, int, str]]:
    found = []
    for name in DOCUMENTS:
        text = (ROOT / name).read_text("utf-8")
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append((name, line, match.group(1)))
    return found


BLOCKS = blocks()


def test_the_documents_have_examples() -> None:
    assert sum(1 for name, _, _ in BLOCKS if name == "docs/research.md") >= 10
    assert any(name == "README.md" for name, _, _ in BLOCKS)
    assert any(name == "docs/api.md" for name, _, _ in BLOCKS)


@pytest.mark.parametrize(
    ("document", "line", "code"), BLOCKS, ids=[f"{d}:{n}" for d, n, _ in BLOCKS]
)
def test_the_example_runs_as_a_script(document: str, line: int, code: str, tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(code, "utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"{document} line {line}:\n{done.stderr[-2000:]}"
