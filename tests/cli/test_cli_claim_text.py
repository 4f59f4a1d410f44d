"""Claims and Muggins calls as typed: a data table of inputs and the items (or the refusal)
they give, and the claim and Muggins prompts on hand-made views."""

from __future__ import annotations

from typing import Any

import pytest

from pegboard.cli.answers import Help, Refusal, interpret
from pegboard.cli.claim_text import ClaimSyntaxError, parse_claim, parse_muggins
from pegboard.cli.play import prompt_for

TRICK = ["JH", "5H", "TH", "5C"]  # a Cribist trick, hearts trumps

Items = list[tuple[str, str]]  # (kind, "cards in id order")

CLAIMS: list[tuple[str, str, Items]] = [
    # text, the game's Jack kind, the items
    (
        "15: 5H TD, pair: 5H 5C, run: 4S 5H 6D",
        "nobs",
        [("fifteen", "5H TD"), ("pair", "5C 5H"), ("run", "4S 5H 6D")],
    ),
    ("fifteen 5h td; pair 5♥ 5♣", "nobs", [("fifteen", "5H TD"), ("pair", "5C 5H")]),
    ("15s: 5H+TD ; 15: 5C TD", "nobs", [("fifteen", "5H TD"), ("fifteen", "5C TD")]),
    ("Run: 6D 5H 4S", "nobs", [("run", "4S 5H 6D")]),
    ("5H TD", "nobs", [("fifteen", "5H TD")]),  # the kind read from the cards
    ("5H 5C", "nobs", [("pair", "5C 5H")]),
    (
        "pair royal: 5H 5C 5S",
        "nobs",
        [("pair", "5C 5H"), ("pair", "5C 5S"), ("pair", "5H 5S")],
    ),
    ("his nob: JH", "nobs", [("nobs", "JH")]),
    ("nobs JH", "nobs", [("nobs", "JH")]),
    ("JH", "nobs", [("nobs", "JH")]),
    ("jack JH", "jack-of-trumps", [("jack-of-trumps", "JH")]),
    ("jack-of-trumps JH", "jack-of-trumps", [("jack-of-trumps", "JH")]),
    (
        "Jack of trumps: JH, 15: 5H TH",
        "jack-of-trumps",
        [("jack-of-trumps", "JH"), ("fifteen", "5H TH")],
    ),
    ("", "nobs", []),
    ("  ", "nobs", []),
    ("nothing", "nobs", []),
    ("15: 10d 5h", "nobs", [("fifteen", "5H TD")]),
]

REFUSED: list[tuple[str, str]] = [
    # text, what the refusal says
    ("15 5H 5H", "5♥ is named twice in one combination"),
    ("15: 5H TD, 15: TD 5H", "fifteen 5♥ T♦ is named twice"),
    ("pear 5H 5C", "'pear' is not a kind: say 15 (fifteen), pair, run, flush"),
    ("5X TD", "'5X' is not a card"),
    ("15: 5H QZ", "'QZ' is not a card"),
    ("1 2", "name cards by rank and suit, like 5H, not by number (1)"),
    ("5H", "5♥ is no fifteen, pair, run or flush: name the kind"),
    ("4S 5H 6D", "4♠ 5♥ 6♦ is both a fifteen and a run: say which"),
    ("5H 5C 5S", "is both a fifteen and a pair: say which"),
    ("pair: 5H 5C 6D", "is not a pair: a pair is 2 cards of one rank"),
    ("15:", "name the cards of the fifteen, like 15: 5H TD"),
    ("nobs", "name the cards of the Jack, like jack: JH"),
    ("jack-of JH", "'jack of' is not a kind"),
    ("15: 5H TD = 2", "a claim states no points (only a Muggins call does)"),
]

CALLS: list[tuple[str, Items | None, int]] = [
    # text, the items (None: a pass), the points stated
    ("", None, 0),
    ("p", None, 0),
    ("pass", None, 0),
    ("m 15: 5H TD", [("fifteen", "5H TD")], 2),
    ("15: 5H TD, run: 4S 5H 6D", [("fifteen", "5H TD"), ("run", "4S 5H 6D")], 5),
    ("muggins: 15: 5H TD = 3", [("fifteen", "5H TD")], 3),
    ("M run 4S 5H 6D=1", [("run", "4S 5H 6D")], 1),
    ("muggins pair 5H 5C", [("pair", "5C 5H")], 2),
]

CALLS_REFUSED: list[tuple[str, str]] = [
    ("m", "name the combinations you found, like m 15: 5H TD"),
    ("m = 3", "name the combinations you found"),
    ("15: 5H TD = x", "after = give the points as a whole number from 1, like = 4, not 'x'"),
    ("15: 5H TD = 0", "not '0'"),
]


def spelled(items: Items) -> list[dict[str, Any]]:
    return [{"kind": kind, "cards": cards.split()} for kind, cards in items]


@pytest.mark.parametrize(("text", "jack", "items"), CLAIMS)
def test_claims(text: str, jack: str, items: Items) -> None:
    parsed = parse_claim(text, jack=jack)
    assert [item.to_json() for item in parsed] == spelled(items)


@pytest.mark.parametrize(("text", "message"), REFUSED)
def test_claims_refused(text: str, message: str) -> None:
    with pytest.raises(ClaimSyntaxError) as refused:
        parse_claim(text)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(("text", "items", "points"), CALLS)
def test_muggins_calls(text: str, items: Items | None, points: int) -> None:
    call = parse_muggins(text)
    if items is None:
        assert call is None
        return
    assert call is not None
    assert [item.to_json() for item in call.items] == spelled(items)
    assert call.points == points


@pytest.mark.parametrize(("text", "message"), CALLS_REFUSED)
def test_muggins_calls_refused(text: str, message: str) -> None:
    with pytest.raises(ClaimSyntaxError) as refused:
        parse_muggins(text)
    assert message in str(refused.value)


def test_item_points() -> None:
    items = parse_claim("15: 5H TD, run: 4S 5H 6D, flush: 2H 6H 9H KH, his nob: JH")
    assert [item.points for item in items] == [2, 3, 4, 1]


# -- the prompts, on hand-made views ------------------------------------------------------------


def counting_view(*, claimed: bool, game: str = "cribist") -> dict[str, Any]:
    label = "trick" if game == "cribist" else "hand"
    return {
        "game": game,
        "seat": 0,
        "trump": "H" if game == "cribist" else None,
        "starter": "5C" if game == "cribbage" else None,
        "hand": [],
        "counting": {
            "claimant": 0 if not claimed else 1,
            "label": label,
            "cards": TRICK,
            "claimed": claimed,
            "taken": [{"kind": "fifteen", "points": 2, "cards": ["5H", "TH"]}] if claimed else [],
        },
        "legal": [{"type": "pass"}] if claimed else [{"type": "claim", "items": []}],
    }


def test_claim_prompt_answers() -> None:
    view = counting_view(claimed=False)
    assert prompt_for(view, ["You", "Bob"]).startswith("Claim your trick (like 15: 5H TD")
    assert interpret("", view) == {"type": "claim", "items": []}
    assert interpret("jack JH; 15: 5H TH", view) == {
        "type": "claim",
        "items": [
            {"kind": "jack-of-trumps", "cards": ["JH"]},
            {"kind": "fifteen", "cards": ["5H", "TH"]},
        ],
    }
    assert interpret("q", view) is None


def test_cribbage_claim_uses_nobs() -> None:
    view = counting_view(claimed=False, game="cribbage")
    assert prompt_for(view, ["You", "Bob"]).startswith("Claim your hand")
    assert interpret("jack JH", view) == {
        "type": "claim",
        "items": [{"kind": "nobs", "cards": ["JH"]}],
    }


def test_muggins_prompt_answers() -> None:
    view = counting_view(claimed=True)
    assert prompt_for(view, ["You", "Bob"]).startswith("Muggins? (like m run")
    assert interpret("", view) == {"type": "pass"}
    assert interpret("m 15: 5C TH", view) == {
        "type": "muggins",
        "items": [{"kind": "fifteen", "cards": ["5C", "TH"]}],
        "points": 2,
    }
    assert interpret("pair 5H 5C = 4", view)["points"] == 4  # type: ignore[index]


def test_a_call_on_cards_outside_the_count_is_left_to_the_game() -> None:
    """The terminal reads the writing only: whether 9♣ 9♠ are in the trick (and what a wrong
    call costs) is the game's to say, as for every other client."""
    view = counting_view(claimed=True)
    assert interpret("m pair: 9C 9S", view) == {
        "type": "muggins",
        "items": [{"kind": "pair", "cards": ["9C", "9S"]}],
        "points": 2,
    }
    assert interpret("15: 5H 9C", counting_view(claimed=False)) == {
        "type": "claim",
        "items": [{"kind": "fifteen", "cards": ["5H", "9C"]}],
    }


@pytest.mark.parametrize(("penalty", "words"), [(True, "loses the points"), (False, "no cost")])
def test_the_help_says_what_a_wrong_call_costs_in_this_game(penalty: bool, words: str) -> None:
    view = counting_view(claimed=True)
    view["counting"]["penalty"] = penalty
    with pytest.raises(Help, match=words):
        interpret("?", view)


def test_help_lists_the_cards_and_what_is_taken() -> None:
    with pytest.raises(Help) as shown:
        interpret("?", counting_view(claimed=True))
    text = str(shown.value)
    assert "15: 5H TD, pair: 5H 5C; run: 4S 5H 6D" in text
    assert "The trick being counted: J♥ 5♥ T♥ 5♣" in text
    assert "Taken already: fifteen 5♥ T♥" in text
    with pytest.raises(Help, match="Enter claims nothing"):
        interpret("?", counting_view(claimed=False))


@pytest.mark.parametrize(
    ("text", "claimed", "message"),
    [
        ("15: 5H TH = 2", False, "a claim states no points"),
        ("m", True, "name the combinations you found"),
        ("zap 5H", True, "'zap' is not a kind"),
    ],
)
def test_refused_answers_say_why(text: str, claimed: bool, message: str) -> None:
    with pytest.raises(Refusal) as refused:
        interpret(text, counting_view(claimed=claimed))
    assert not isinstance(refused.value, Help)
    assert message in str(refused.value)
    assert str(refused.value).endswith("(? for help)")
