"""axe-core in the page under test: the accessibility rules browsers' own audits use.

axe-core comes from the npm registry (``npm pack axe-core@AXE_VERSION``) into ``.cache/`` at the
project root the first time it is needed; it is injected into the page by the test, never
served by the app.
"""

from __future__ import annotations

import subprocess
import tarfile
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE_VERSION = "4.14.1"
CACHE = Path(__file__).resolve().parents[2] / ".cache" / f"axe-core-{AXE_VERSION}"
SERIOUS = ("serious", "critical")


@cache
def axe_source() -> str:
    script = CACHE / "axe.min.js"
    if not script.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "pack", f"axe-core@{AXE_VERSION}", "--silent"],
            cwd=CACHE,
            check=True,
            capture_output=True,
        )
        with tarfile.open(CACHE / f"axe-core-{AXE_VERSION}.tgz") as packed:
            member = packed.extractfile("package/axe.min.js")
            assert member is not None, "the axe-core package has no axe.min.js"
            script.write_bytes(member.read())
    return script.read_text("utf-8")


def violations(page: Page) -> list[dict[str, Any]]:
    """The serious and critical axe violations on the page as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const result = await axe.run(document, { resultTypes: ["violations"] });
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + ": " + n.failureSummary),
          }));
        }"""
    )
    return [v for v in found if v["impact"] in SERIOUS]


def assert_accessible(page: Page, where: str) -> None:
    found = violations(page)
    assert not found, f"{where}: " + "\n".join(
        f"{v['impact']} {v['id']} ({v['help']}): {v['nodes']}" for v in found
    )
