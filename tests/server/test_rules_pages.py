"""The rules pages: the package's own rules text as HTML, worked examples from the scoring code."""

from __future__ import annotations

import json

import pytest
from harness import Server

from pegboard.cards import parse_cards
from pegboard.core.spec import game_names, get_spec
from pegboard.scoring import score_pegging
from pegboard.server.http.rules_pages import rules_html, rules_page


@pytest.mark.parametrize("game", game_names())
def test_the_page_is_the_rules_file_pegboard_rules_prints(game: str) -> None:
    page = rules_page(game)
    assert page["html"] == rules_html(get_spec(game).rules_text())
    assert page["html"].startswith(f"<h1>{get_spec(game).title}</h1>")
    assert page["examples"], "every game has worked examples"
    for example in page["examples"]:
        for line in example["lines"]:
            assert line["points"] == sum(item["points"] for item in line["items"])


def test_every_rules_page_calls_the_jack_his_nob_as_the_rules_do() -> None:
    """RULES.md and the seed say "his nob" (the narration too): no page says it another way."""
    for game in game_names():
        page = json.dumps(rules_page(game))
        assert "his nobs" not in page.lower(), game
    assert "his nob" in json.dumps(rules_page("cribbage"))


def test_raw_html_in_the_text_is_not_passed_through() -> None:
    assert "<script>" not in rules_html("a <script>alert(1)</script>")


def test_the_pegging_example_scores_each_card_as_the_scorer_does() -> None:
    [_, pegging] = rules_page("cribbage")["examples"]
    played: list[str] = []
    for line in pegging["lines"]:
        played += line["cards"]
        expected = score_pegging(parse_cards(played))
        assert line["points"] == expected.total
        assert f"the count is {sum(min(c.rank, 10) for c in parse_cards(played))}" in line["text"]


def test_the_app_serves_each_page_and_refuses_an_unknown_game(server: Server) -> None:
    assert server.get("/api/rules/cribist").json() == rules_page("cribist")
    response = server.get("/api/rules/chess")
    assert response.status_code == 400
    assert "unknown game 'chess'" in response.json()["error"]
