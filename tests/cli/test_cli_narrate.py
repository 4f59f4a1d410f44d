"""Events told as sentences, and cards shown with suit symbols."""

from __future__ import annotations

from pegboard.cli.cards_display import card_label, cards_text
from pegboard.cli.narrate import narrate, narrate_event
from pegboard.cli.results import describe_outcome, ordinal

NAMES = ["Ann", "Bob"]


def line(event: dict[str, object]) -> str:
    told = narrate_event(event, NAMES)
    assert told is not None
    return told.plain


def test_cards() -> None:
    assert card_label("5H") == "5♥"
    assert card_label("td") == "T♦"
    assert cards_text(["5H", "KS"]).plain == "5♥ K♠"


def test_simple_events() -> None:
    assert line({"type": "play", "seat": 0, "card": "5H", "count": 15}) == "Ann plays 5♥ — count 15"
    assert line({"type": "go", "seat": 1}) == "Bob: go"
    assert line({"type": "starter", "card": "JD"}) == "Starter: J♦"
    deal = {"type": "deal", "hand": 3, "dealer": 1, "hands": [None, None], "crib": None}
    assert line(deal) == "Hand 3: Bob deals"
    assert line({"type": "discard", "seat": 1, "cards": None, "count": 2}) == "Bob discards 2 cards"
    assert line({"type": "leave", "seat": 1, "rank": 2}) == "Bob leaves the game (rank 2)"
    assert narrate_event({"type": "ready", "seat": 0}, NAMES) is None


def test_you_takes_the_plain_verb() -> None:
    told = narrate_event({"type": "play", "seat": 0, "card": "AC", "count": 1}, ["You", "Bob"])
    assert told is not None and told.plain == "You play A♣ — count 1"


def test_score_with_items() -> None:
    event = {
        "type": "score",
        "seat": 0,
        "points": 2,
        "items": [{"kind": "fifteen", "points": 2, "cards": ["5H", "TD"]}],
        "scores": [7, 3],
    }
    assert line(event) == "Ann pegs 2: fifteen (5♥ T♦)  [7–3]"


def test_show_and_its_score_are_one_line() -> None:
    show = {
        "type": "show",
        "seat": 0,
        "cards": ["5H", "5C", "5S", "JD"],
        "crib": False,
        "starter": "5D",
    }
    score = {
        "type": "score",
        "seat": 0,
        "points": 29,
        "items": [{"kind": "fifteen", "points": 2, "cards": ["5H", "JD"]}],
        "scores": [29, 0],
    }
    lines = narrate(
        [
            show,
            score,
            {
                "type": "show",
                "seat": 1,
                "cards": ["2C", "4D", "6H", "8S"],
                "crib": True,
                "starter": "5D",
            },
        ],
        NAMES,
    )
    assert [t.plain for t in lines] == [
        "Ann shows 5♥ 5♣ 5♠ J♦ + 5♦ — 29: fifteen (5♥ J♦)  [29–0]",
        "Bob shows the crib: 2♣ 4♦ 6♥ 8♠ + 5♦ — 0",
    ]


def test_outcome_line() -> None:
    outcome = {"scores": [98, 121], "ranks": [2, 1], "reason": "target"}
    assert describe_outcome(outcome, NAMES) == "Bob 1st 121, Ann 2nd 98 (target)"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 21)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "21st",
    ]
