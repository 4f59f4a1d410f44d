"""A game's rules page for the web app: the package's own rules text as HTML (the very file
``pegboard rules`` prints), and the game's worked examples (its spec's ``examples``, every number
from the scoring code: :mod:`pegboard.core.examples`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter
from markdown_it import MarkdownIt

from pegboard.core.spec import get_spec

__all__ = ["router", "rules_html", "rules_page"]

router = APIRouter()


@router.get("/api/rules/{game}")
async def rules(game: str) -> dict[str, Any]:
    return rules_page(game)  # an unknown game is a PegboardError: 400 with its message


def rules_html(markdown: str) -> str:
    """Markdown as HTML: CommonMark plus tables, raw HTML switched off."""
    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return html


@cache
def rules_page(game: str) -> dict[str, Any]:
    spec = get_spec(game)
    return {
        "game": spec.name,
        "title": spec.title,
        "html": rules_html(spec.rules_text()),
        "examples": spec.examples(),
    }
