"""A dropped fetch of a game's module costs the table nothing: the client asks again (under
another URL, since the browser remembers the failed one) and the table is drawn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from clicker import CHROMIUM, sit_down
from devices import People, desktop
from live_server import LiveServer
from playwright.sync_api import Route, expect

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser tests need Chromium at {CHROMIUM}"
)

GAME_MODULE = re.compile(r"/static/js/cribbage\.js(\?|$)")


def test_a_table_loads_its_game_after_the_first_fetch_of_its_module_fails(
    people: People, live: LiveServer
) -> None:
    (ann,) = people(desktop)
    asked: list[str] = []

    def drop_the_first(route: Route) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort("connectionreset")
        else:
            route.continue_()

    ann.route(GAME_MODULE, drop_the_first)
    sit_down(ann, live.url)
    expect(ann.locator(".me .seat-name")).to_contain_text("(you)")
    expect(ann.locator(".hand .card").first).to_be_visible()
    expect(ann.get_by_text("Could not load the game")).to_have_count(0)
    assert len(asked) == 2 and asked[0] != asked[1], asked  # the retry had a URL of its own
    assert not people.errors
