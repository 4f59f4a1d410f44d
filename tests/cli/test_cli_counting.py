"""Manual counting in the terminal: whole Cribist and Cribbage games with scripted claims,
under-claims, refused claims and Muggins calls; and the clock of a game against time."""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pegboard.cards import Card, parse_card, parse_cards
from pegboard.cli.main import app
from pegboard.cli.play import Session, new_table
from pegboard.core.game import Game
from pegboard.core.wire import Event
from pegboard.records import replay
from pegboard.scoring import ScoreItem, score_show, score_trick

runner = CliRunner()

WORDS = {"fifteen": "15", "jack-of-trumps": "jack", "nobs": "his nob"}


def spell(items: Sequence[ScoreItem], sep: str = ", ") -> str:
    """Items as a person types them: ``15: 5H TD, pair: 5H 5C``."""
    return sep.join(
        f"{WORDS.get(i.kind, i.kind)}: {' '.join(str(c) for c in i.cards)}" for i in items
    )


def bogus(cards: Sequence[Card], real: Sequence[ScoreItem]) -> ScoreItem:
    """A two-card pair or fifteen that is not in the count."""
    keys = {(i.kind, frozenset(i.cards)) for i in real}
    for kind in ("pair", "fifteen"):
        for two in itertools.combinations(cards, 2):
            if (kind, frozenset(two)) not in keys:
                return ScoreItem(kind, 2, two)
    raise AssertionError("every pair of cards is a pair and a fifteen")


class Person:
    """Seat 0, scripted: the first legal card; in a count, a claim worked out from the scorer
    — once a bogus item first (refused, then claimed properly), once an under-claim — and,
    once, a Muggins call on an item already taken (it fails). Otherwise pass."""

    def __init__(self, game: Game, limit: int = 1_000) -> None:
        self.game = game
        self.limit = limit
        self.asked: list[tuple[str, int]] = []
        self.bogus_claimed = False
        self.under_claimed = False
        self.failed_call = False

    def truth(self, counting: dict[str, Any]) -> tuple[list[Card], tuple[ScoreItem, ...]]:
        view: dict[str, Any] = dict(self.game.view(0))  # any game's, read as the text client does
        cards = parse_cards(counting["cards"])
        if view["game"] == "cribist":
            return cards, score_trick(cards, "CDHS".index(view["trump"])).items
        starter = parse_card(view["starter"])
        hand = [c for c in cards if c != starter]
        return cards, score_show(hand, starter, crib=counting["label"] == "crib").items

    def __call__(self, prompt: str) -> str:
        self.asked.append((prompt, self.game.version))
        if len(self.asked) > self.limit:
            raise EOFError
        view: dict[str, Any] = dict(self.game.view(0))  # any game's, read as the text client does
        counting = view["counting"]
        if counting is None:
            action = view["legal"][0]
            if action["type"] == "discard":
                return " ".join(action["cards"])
            if action["type"] == "play":
                return str(action["card"])
            return "g" if action["type"] == "go" else ""
        cards, real = self.truth(counting)
        if not counting["claimed"]:
            if real and not self.bogus_claimed:
                self.bogus_claimed = True
                return spell([bogus(cards, real), *real])
            if len(real) > 1 and not self.under_claimed:
                self.under_claimed = True
                return spell(real[:-1], sep="; ")
            return spell(real)
        taken = counting["taken"]
        if taken and not self.failed_call:
            self.failed_call = True
            item = taken[0]
            return f"m {item['kind']}: {' '.join(item['cards'])}"
        return ""


def table(game_name: str, seed: int, options: list[str]) -> tuple[Game, Session, io.StringIO]:
    players = 4 if game_name == "cribist" else 2
    game, bots = new_table(
        game_name, players=players, vs="greedy", seed=seed, name="You", options=options
    )
    out = io.StringIO()
    return game, Session(game, bots, console=Console(file=out, width=120)), out


def claims_of(game: Game, kind: str, seat: int | None = None) -> list[Event]:
    return [e for e in game.events if e["type"] == kind and seat in (None, e["seat"])]


def assert_refused_then_claimed(person: Person, text: str) -> None:
    """The bogus claim was refused with a reason, and asked again of the same game."""
    assert "✗ there is no " in text
    assert "claim again" in text
    repeats = [a for a, b in itertools.pairwise(person.asked) if a == b]
    assert repeats and repeats[0][0].startswith("Claim your")


def test_a_whole_cribist_deal_in_the_terminal() -> None:
    game, session, out = table("cribist", 1, ["end=deals", "deals=1"])
    person = Person(game)
    session.input_fn = person
    session.run()
    text = out.getvalue()
    assert game.outcome is not None and game.outcome.reason == "deals"
    assert person.bogus_claimed and person.under_claimed and person.failed_call

    # the table before a decision: standings, trumps, the trick and whose turn, the hand
    for words in ("Score", "Tricks", "(dealer)", "Deal 1 of 1", "Trumps: ", "Your hand: 1)"):
        assert words in text
    assert "Trick 1: " in text
    assert "— your turn" in text and "your lead" in text
    assert any(p.startswith("Play a card") for p, _ in person.asked)
    assert any(p.startswith("Claim your trick") for p, _ in person.asked)
    assert any(p.startswith("Muggins?") for p, _ in person.asked)

    # narration: leads and trumps, tricks, claims, Muggins both ways, the trick points
    assert "leads" in text and "— trumps are " in text
    assert "wins the trick with " in text and "(trumps " in text
    assert "You win the trick with " in text
    assert "You claim " in text
    assert_refused_then_claimed(person, text)
    assert "calls Muggins for " in text and "— good call, Greedy" in text  # on the under-claim
    assert "You call Muggins for " in text and "— it fails, you lose " in text
    assert "tricks won" in text or "trick won" in text
    assert "Result" in text and "the agreed number of deals was played" in text

    # every claim of the person's was real; one Muggins call of a bot was good, the person's not
    mine = claims_of(game, "claim", 0)
    assert mine and all(e["valid"] for e in mine)
    assert any(e["valid"] for e in claims_of(game, "muggins") if e["seat"] != 0)
    assert [e["valid"] for e in claims_of(game, "muggins", 0)] == [False]
    tricks = [e for e in game.events if e["type"] == "score" and e["items"][0]["kind"] == "tricks"]
    assert sum(e["points"] for e in tricks) == 13
    replay(game.record())  # and the game replays exactly


def test_cribist_counting_auto_has_no_prompts_to_count() -> None:
    game, session, out = table("cribist", 2, ["end=deals", "deals=1", "counting=auto"])
    person = Person(game)
    session.input_fn = person
    session.run()
    assert game.outcome is not None and game.outcome.reason == "deals"
    assert all(p.startswith(("Play a card", "Lead a card")) for p, _ in person.asked)
    assert not claims_of(game, "claim")
    assert "wins the trick with" in out.getvalue()


@pytest.mark.parametrize("seed", [2, 5])
def test_a_cribbage_game_with_manual_counting(seed: int) -> None:
    game, session, out = table("cribbage", seed, ["score_target=31", "counting=manual"])
    person = Person(game)
    session.input_fn = person
    session.run()
    text = out.getvalue()
    assert game.outcome is not None and game.outcome.reason == "target"
    assert max(game.outcome.scores) >= 31
    assert any(p.startswith(("Claim your hand", "Claim your crib")) for p, _ in person.asked)
    assert "Counting your hand: " in text or "Counting your crib: " in text
    assert "You show " in text and "Greedy shows " in text
    assert "You claim " in text and "Greedy claims " in text
    assert all(e["valid"] for e in claims_of(game, "claim", 0))
    replay(game.record())


def test_cribbage_manual_refused_claim_and_muggins_then_replayed(tmp_path: Path) -> None:
    game, session, out = table("cribbage", 2, ["score_target=61", "counting=manual"])
    person = Person(game)
    session.input_fn = person
    session.run()
    text = out.getvalue()
    assert person.bogus_claimed and person.under_claimed
    assert_refused_then_claimed(person, text)
    assert "Greedy calls Muggins for " in text and "good call" in text

    saved = tmp_path / "manual.json"
    saved.write_text(json.dumps(game.record()), encoding="utf-8")
    told = runner.invoke(app, ["replay", str(saved)])
    assert told.exit_code == 0, told.output
    shows = [line for line in told.stdout.splitlines() if " shows " in line]
    assert shows and not any(" — " in line for line in shows)  # points come with the claim
    assert "You claim " in told.stdout and "Greedy calls Muggins for " in told.stdout


# -- a Muggins call naming cards outside the count goes to the game, as from every client ------


class CallsOutsideTheCount:
    """Seat 0: the first legal move, claims nothing, and once calls Muggins on a pair of two
    cards that are not in the count (then passes)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.asked: list[str] = []
        self.called = False

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if len(self.asked) > 2_000:
            raise EOFError
        view: dict[str, Any] = dict(self.game.view(0))  # any game's, read as the text client does
        counting = view["counting"]
        if counting is None:
            action = view["legal"][0]
            if action["type"] in ("discard", "reveal", "magic"):
                return " ".join(action["cards"])
            if action["type"] == "play":
                return str(action["card"])
            return "g" if action["type"] == "go" else "1" if len(view["legal"]) > 1 else ""
        if not counting["claimed"] or self.called:
            return ""
        self.called = True
        return f"m pair: {outside_pair(counting['cards'])} = 2"


def outside_pair(counted: Sequence[str]) -> str:
    """Two cards of one rank, neither of them among ``counted``."""
    for rank in "23456789":
        pair = [f"{rank}C", f"{rank}S"]
        if not set(pair) & set(counted):
            return " ".join(pair)
    raise AssertionError("every rank is in the count")


def test_a_cribist_call_on_cards_not_in_the_trick_costs_its_points_in_the_terminal() -> None:
    game, session, out = table("cribist", 1, ["end=deals", "deals=1"])
    person = CallsOutsideTheCount(game)
    session.input_fn = person
    session.run()
    assert person.called and game.outcome is not None
    (call,) = claims_of(game, "muggins", 0)
    assert call["valid"] is False and call["points"] == 2
    lost = [e for e in game.events if e["type"] == "score" and e["items"][0]["kind"] == "muggins"]
    assert [(e["seat"], e["points"]) for e in lost if e["seat"] == 0] == [(0, -2)]
    assert "You call Muggins for 2" in out.getvalue() and "you lose 2" in out.getvalue()


def test_a_not_enough_call_on_cards_not_in_the_hand_is_refused_by_the_game_at_no_cost() -> None:
    game, bots = new_table(
        "not-enough", players=2, vs="greedy", seed=3, name="You", options=["counting=manual"]
    )
    out = io.StringIO()
    session = Session(game, bots, console=Console(file=out, width=200))
    person = CallsOutsideTheCount(game)
    session.input_fn = person
    session.run()
    assert person.called and game.outcome is not None
    assert claims_of(game, "muggins", 0) == []
    text = out.getvalue()
    assert "✗ no Muggins: pair " in text and " is not in this " in text
    assert not [
        e
        for e in game.events
        if e["type"] == "score" and e["points"] < 0 and e["items"][0]["kind"] == "muggins"
    ]


# -- the clock of a game against time ---------------------------------------------------------


class Clock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 1_000.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def test_time_up_is_called_once_when_the_minutes_have_passed() -> None:
    game, session, out = table("cribist", 3, ["end=minutes", "minutes=2", "counting=auto"])
    clock = Clock(step=2.0)  # 60 reads make the 2 minutes: well inside the first hand
    session = Session(game, session.bots, console=session.console, clock=clock)
    person = Person(game)
    session.input_fn = person
    session.run()
    assert game.outcome is not None and game.outcome.reason == "minutes"
    assert [e["type"] for e in game.events].count("time-up") == 1
    assert [a["action"] for a in game.actions].count({"type": "time-up"}) == 1
    assert dict(game.view(0))["hand_number"] == 1  # the hand in progress was the last
    text = out.getvalue()
    assert "1 min left" in text and "under a minute left" in text
    assert "Time is up: this hand is the last." in text
    assert "time is up: this hand is the last" in text  # the status line
    replay(game.record())


def test_the_clock_is_checked_but_not_called_early() -> None:
    game, bots = new_table(
        "cribist", players=4, vs="greedy", seed=4, name="You", options=["end=minutes"]
    )
    times = iter([0.0, 60.0 * 29, 60.0 * 30, 60.0 * 31, 60.0 * 32])
    session = Session(game, bots, console=Console(file=io.StringIO()), clock=lambda: next(times))
    assert session.deadline == 60.0 * 30
    assert session.clock_note() == "1 min left"
    assert session.check_clock() is True  # 30 minutes: time is up
    assert session.check_clock() is False  # only once
    assert session.clock_note() is None
    assert dict(game.view(0))["time_is_up"] is True


def test_no_clock_without_end_minutes() -> None:
    game, bots = new_table("cribist", players=4, vs="greedy", seed=4, name="You", options=None)

    def never() -> float:
        raise AssertionError("the clock is not read")

    session = Session(game, bots, console=Console(file=io.StringIO()), clock=never)
    assert session.deadline is None
    assert session.check_clock() is False


# -- the command line ------------------------------------------------------------------------


def test_cli_play_cribist_seats_four_and_saves_a_record(tmp_path: Path) -> None:
    record = tmp_path / "cribist.json"
    args = ["play", "cribist", "--seed", "1", "-o", "end=deals", "-o", "deals=1"]
    # Try each card in turn until one may be played; a claim of "1" is refused, Enter
    # claims nothing (or passes).
    script = "?\n" + ("\n".join(str(n) for n in range(1, 14)) + "\n\n") * 40
    result = runner.invoke(app, [*args, "--save", str(record)], input=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Cribist · seed 1" in out
    assert out.count("Greedy") > 3 and "Greedy 4" in out  # four seats by default
    assert "Result" in out
    told = runner.invoke(app, ["replay", str(record)])
    assert told.exit_code == 0, told.output
    assert "wins the trick with" in told.stdout
    assert "claims" in told.stdout
    assert "tricks won" in told.stdout
