"""Events told as sentences, and cards shown with suit symbols."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pegboard.cli.cards_display import card_label, cards_text
from pegboard.cli.narrate import Narrator, narrate, narrate_event
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
    assert line({**deal, "drawn": True}) == "Hand 3: Bob cuts lowest and deals"  # dealer=random
    assert line({**deal, "hand": 1}) == "Hand 1: Bob cuts lowest and deals"  # the first draw
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


# -- tricks, claims, Muggins, passes, time ---------------------------------------------------

FOUR = ["Ann", "Bob", "Cat", "You"]


def lines(events: Sequence[Mapping[str, object]], *, manual: bool = False) -> list[str]:
    return [t.plain for t in narrate([dict(e) for e in events], FOUR, manual=manual)]


def test_trick_names_the_winning_card_and_trumps() -> None:
    trick = {
        "type": "trick",
        "cards": ["2C", "9C", "KS", "4C"],  # by seat
        "winner": 1,
        "trump": "H",
        "leader": 0,
    }
    assert lines([trick]) == ["Bob wins the trick with 9♣ (trumps ♥)"]
    assert lines([{**trick, "winner": 3, "cards": ["2C", "9C", "KS", "4H"]}]) == [
        "You win the trick with 4♥ (trumps ♥)"
    ]


def test_leads_and_the_first_lead_names_trumps() -> None:
    deal = {"type": "deal", "hand": 1, "dealer": 3, "hands": [None] * 4, "crib": []}
    plays = [{"type": "play", "seat": s, "card": c} for s, c in enumerate(["TH", "2H", "KH", "AH"])]
    trick = {"type": "trick", "cards": ["TH", "2H", "KH", "AH"], "winner": 2, "trump": "H"}
    narrator = Narrator(FOUR)
    told = [t.plain for t in narrator.lines([deal, *plays[:2]])]
    told += [t.plain for t in narrator.lines([*plays[2:], trick])]  # told in two pieces
    told += [t.plain for t in narrator.lines([{"type": "play", "seat": 2, "card": "9C"}])]
    assert told == [
        "Hand 1: You cut lowest and deal",  # the first dealer is drawn, in every game
        "Ann leads T♥ — trumps are ♥",
        "Bob plays 2♥",
        "Cat plays K♥",
        "You play A♥",
        "Cat wins the trick with K♥ (trumps ♥)",
        "Cat leads 9♣",
    ]


def test_a_claim_is_told_with_its_score() -> None:
    claim = {
        "type": "claim",
        "seat": 0,
        "items": [
            {"kind": "fifteen", "cards": ["5H", "TD"]},
            {"kind": "pair", "cards": ["5C", "5H"]},
        ],
        "points": 4,
        "valid": True,
    }
    score = {
        "type": "score",
        "seat": 0,
        "points": 4,
        "items": [
            {"kind": "fifteen", "points": 2, "cards": ["5H", "TD"]},
            {"kind": "pair", "points": 2, "cards": ["5C", "5H"]},
        ],
        "scores": [4, 0, 0, 0],
    }
    assert lines([claim, score]) == ["Ann claims 4: fifteen 2 (5♥ T♦), pair 2 (5♣ 5♥)  [4–0–0–0]"]
    nothing = {"type": "claim", "seat": 3, "items": [], "points": 0, "valid": True}
    assert lines([nothing]) == ["You claim nothing"]


def test_muggins_calls_good_and_failed() -> None:
    good = {
        "type": "muggins",
        "seat": 1,
        "items": [{"kind": "run", "cards": ["4S", "5H", "6D"]}],
        "points": 3,
        "valid": True,
    }
    scored = {
        "type": "score",
        "seat": 1,
        "points": 3,
        "items": [{"kind": "run", "points": 3, "cards": ["4S", "5H", "6D"]}],
        "scores": [4, 3, 0, 0],
    }
    assert lines([good, scored]) == [
        "Bob calls Muggins for 3: run (4♠ 5♥ 6♦) — good call, Bob pegs 3  [4–3–0–0]"
    ]
    failed = {
        "type": "muggins",
        "seat": 3,
        "items": [{"kind": "fifteen", "cards": ["5H", "9D"]}],
        "points": 2,
        "valid": False,
    }
    lost = {
        "type": "score",
        "seat": 3,
        "points": -2,
        "items": [{"kind": "muggins", "points": -2, "cards": []}],
        "scores": [4, 3, 0, -2],
    }
    assert lines([failed, lost]) == [
        "You call Muggins for 2: fifteen (5♥ 9♦) — it fails, you lose 2  [4–3–0–-2]"
    ]
    assert line({**lost, "seat": 1}) == "Bob loses 2 for a failed Muggins call  [4–3–0–-2]"


def test_passes_in_a_row_share_a_line() -> None:
    passes = [{"type": "pass", "seat": s} for s in (1, 2, 3)]
    assert lines(passes) == ["Bob, Cat and you pass"]
    assert lines(passes[:1]) == ["Bob passes"]
    assert lines(passes[2:]) == ["You pass"]


def test_trick_points_at_the_end_of_the_hand_and_time_up() -> None:
    tricks = {
        "type": "score",
        "seat": 2,
        "points": 3,
        "items": [{"kind": "tricks", "points": 3, "cards": []}],
        "scores": [0, 0, 3, 0],
    }
    one = {
        **tricks,
        "seat": 0,
        "points": 1,
        "items": [{"kind": "tricks", "points": 1, "cards": []}],
    }
    assert lines([tricks, one]) == [
        "Cat pegs 3 for 3 tricks won  [0–0–3–0]",
        "Ann pegs 1 for 1 trick won  [0–0–3–0]",
    ]
    assert lines([{"type": "time-up"}]) == ["Time is up: this hand is the last."]


def test_a_manual_show_waits_for_the_claim() -> None:
    show = {
        "type": "show",
        "seat": 0,
        "cards": ["5H", "5C", "4S", "6D"],
        "crib": False,
        "starter": "TD",
    }
    claim = {
        "type": "claim",
        "seat": 0,
        "items": [{"kind": "fifteen", "cards": ["5H", "TD"]}],
        "points": 2,
    }
    score = {
        "type": "score",
        "seat": 0,
        "points": 2,
        "items": [{"kind": "fifteen", "points": 2, "cards": ["5H", "TD"]}],
        "scores": [2, 0, 0, 0],
    }
    assert lines([show, claim, score], manual=True) == [
        "Ann shows 5♥ 5♣ 4♠ 6♦ + T♦",
        "Ann claims 2: fifteen (5♥ T♦)  [2–0–0–0]",
    ]
    assert lines([show], manual=True) == ["Ann shows 5♥ 5♣ 4♠ 6♦ + T♦"]
    assert lines([show]) == ["Ann shows 5♥ 5♣ 4♠ 6♦ + T♦ — 0"]  # counted for you: nothing


def test_a_move_the_clock_made_says_so() -> None:
    you = ["You", "Bob"]
    played = {"type": "play", "seat": 0, "card": "TH", "count": 25, "auto": "timeout"}
    told = narrate_event(played, you)
    assert told is not None and told.plain == "Time ran out: T♥ was played for you — count 25"
    tossed = {"type": "discard", "seat": 0, "cards": ["5C", "6D"], "auto": "timeout"}
    told = narrate_event(tossed, you)
    assert told is not None and told.plain == "Time ran out: 5♣ 6♦ went to the crib for you"
    assert line({"type": "go", "seat": 1, "auto": "timeout"}) == "Time ran out: Bob: go"
    trick = Narrator(you).lines([{"type": "play", "seat": 0, "card": "9C", "auto": "timeout"}])
    assert [t.plain for t in trick] == ["Time ran out: 9♣ was played for you"]


def test_a_seat_given_up_for_being_away_is_not_a_leave() -> None:
    away = {"type": "leave", "seat": 0, "rank": 2, "auto": "away"}
    told = narrate_event(away, ["You", "Bob"])
    assert told is not None
    assert told.plain == "You were away too long, your seat was given up (rank 2)"
    assert line(away) == "Ann was away too long: their seat was given up (rank 2)"
