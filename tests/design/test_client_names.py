"""The web client names no game outside the game's own module: the lobby, the forms, quick play,
the rules and the leaderboard take their games (and the first of them, by default) from the
server (``GET /api/games``, ``GET /api/leaderboard``), so a game that plugs in is offered with
no edit to them."""

from __future__ import annotations

import re
from pathlib import Path

from pegboard.core.spec import GameSpec, registered

WEB = Path(__file__).resolve().parents[2] / "src" / "pegboard" / "web"


def game_words(spec: GameSpec) -> set[str]:
    """A game's name, aliases and rating groups: what a client module would quote to mean it."""
    return {spec.name, *spec.aliases, *spec.rating_groups}


def quoted(text: str, words: set[str]) -> list[str]:
    """Each of ``words`` that ``text`` quotes as a string, or as the end of a route."""
    pattern = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return re.findall(rf"[\"'`/]({pattern})[\"'`]", text)


def test_no_client_file_but_the_games_own_quotes_a_game() -> None:
    specs = registered()
    own = {f"{spec.client_name}.js" for spec in specs}
    words = set().union(*(game_words(spec) for spec in specs))
    found = {
        path.name: quoted(path.read_text(encoding="utf-8"), words)
        for path in sorted([*WEB.rglob("*.js"), *WEB.rglob("*.html")])
        if path.name not in own
    }
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_the_check_finds_a_quoted_game() -> None:
    words = {"cribbage", "cribbage-2"}
    assert quoted('const fallback = { game: "cribbage" };', words) == ["cribbage"]
    assert quoted("href: `#/leaderboard/cribbage-2`", words) == ["cribbage-2"]
    assert quoted("// the cribbage board", words) == []
