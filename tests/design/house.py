"""The house's layout: every package of pegboard with its modules and their lines, largest
module named, and any module over the limit flagged. Run ``python -m tests.design.house``
(``--over`` lists only the modules over the limit); tests/design/test_house.py holds the limit.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "src" / "pegboard"
MOST_LINES = 600  # one idea a module: past this, it is two


@dataclass(frozen=True)
class Package:
    name: str  # dotted, from pegboard
    doc: str  # the first line of its docstring
    modules: dict[str, int]  # module file name -> lines (Python and Cython sources)

    @property
    def lines(self) -> int:
        return sum(self.modules.values())


def _lines(path: Path) -> int:
    with path.open(encoding="utf-8") as text:
        return sum(1 for _ in text)


def _doc(init: Path) -> str:
    text = init.read_text("utf-8").lstrip() if init.exists() else ""
    if not text.startswith('"""'):
        return ""
    return text[3:].split("\n", 1)[0].strip().rstrip('"').rstrip(".")


def packages(root: Path = ROOT) -> list[Package]:
    """Every folder of sources under ``root`` (a package, or one missing its ``__init__.py``,
    which then says nothing), in dotted order."""
    found = []
    folders = {p.parent for p in [*root.rglob("*.py"), *root.rglob("*.pyx")]}
    for folder in sorted(folders):
        sources = sorted([*folder.glob("*.py"), *folder.glob("*.pyx")])
        name = ".".join(folder.relative_to(root.parent).parts)
        doc = _doc(folder / "__init__.py")
        found.append(Package(name, doc, {p.name: _lines(p) for p in sources}))
    return found


def too_long(root: Path = ROOT, suffix: str = ".py") -> list[tuple[str, int]]:
    """Modules over :data:`MOST_LINES` with their lines: Python ones, or with ``suffix``
    ``.pyx`` the compiled extensions (C-level loops kept whole for speed; listed, not yet split)."""
    return [
        (f"{package.name}/{module}", lines)
        for package in packages(root)
        for module, lines in package.modules.items()
        if lines > MOST_LINES and module.endswith(suffix)
    ]


def report(root: Path = ROOT) -> str:
    rows = []
    for package in packages(root):
        largest = max(package.modules.items(), key=lambda m: m[1], default=("", 0))
        rows.append(
            f"{package.name:<32} {len(package.modules):>3} modules {package.lines:>6} lines"
            f"  largest {largest[0]} ({largest[1]})  {package.doc}"
        )
    for kind, suffix in (("Python modules", ".py"), ("compiled extensions (Cython)", ".pyx")):
        over = too_long(root, suffix)
        rows.append(f"{kind} over {MOST_LINES} lines: {len(over)}")
        rows.extend(f"  {name} ({lines})" for name, lines in over)
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--over", action="store_true", help="only the modules over the limit")
    args = parser.parse_args()
    if args.over:
        for name, lines in [*too_long(), *too_long(suffix=".pyx")]:
            print(f"{name} ({lines})")
    else:
        print(report())


if __name__ == "__main__":
    main()
