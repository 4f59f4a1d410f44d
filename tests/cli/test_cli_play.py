"""``pegboard play``: whole terminal games driven by scripted answers, refusals, leaving."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pegboard.analysis import analyze_discards
from pegboard.bots.search.play_hint import play_answer, play_question
from pegboard.cards import parse_cards
from pegboard.cli.answers import Refusal, interpret
from pegboard.cli.cards_display import with_symbols
from pegboard.cli.main import app
from pegboard.cli.play import Session, new_table
from pegboard.core.game import Game
from pegboard.core.wire import BotView
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view

runner = CliRunner()


def text_for(action: dict[str, Any]) -> str:
    """What a person would type for ``action``."""
    kind = action["type"]
    if kind == "discard":
        return " ".join(action["cards"])
    if kind == "play":
        return str(action["card"])
    return "g" if kind == "go" else ""


def first_legal(
    game: Game, asked: list[tuple[str, int]], limit: int = 2_000
) -> Callable[[str], str]:
    """An input function that always answers the first legal action of seat 0."""

    def answer(prompt: str) -> str:
        asked.append((prompt, game.version))
        if len(asked) > limit:
            raise EOFError
        return text_for(dict(cribbage_view(game.view(0))["legal"][0]))

    return answer


def answers_then_eof(
    answers: list[str], before: Callable[[], None] | None = None
) -> Callable[[str], str]:
    """An input function that gives ``answers`` in turn (calling ``before`` first each time),
    then leaves as Ctrl-D would."""

    def answer(prompt: str) -> str:
        if before is not None:
            before()
        if not answers:
            raise EOFError
        return answers.pop(0)

    return answer


def session(seed: int, *, options: list[str] | None = None) -> tuple[Game, Session, io.StringIO]:
    game, bots = new_table(
        "cribbage",
        players=2,
        vs="greedy",
        seed=seed,
        name="Ann",
        options=options if options is not None else ["score_target=31"],
    )
    out = io.StringIO()
    return game, Session(game, bots, console=Console(file=out, width=120)), out


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_game_against_a_bot(seed: int) -> None:
    game, table, out = session(seed)
    asked: list[tuple[str, int]] = []
    table.input_fn = first_legal(game, asked)
    table.run()
    assert game.outcome is not None
    assert game.outcome.reason == "target"
    assert max(game.outcome.scores) >= 31
    text = out.getvalue()
    assert "Hand 1:" in text
    assert "Ann discards" in text
    assert "Greedy discards 2 cards" in text  # the bot's discard stays hidden
    assert "Ann plays" in text
    assert "pegs" in text
    assert "Scores: Ann" in text
    assert "first to 31" in text
    assert "Your hand: 1)" in text
    assert "Result" in text
    assert "1st" in text
    assert "2nd" in text
    assert any(prompt.startswith("Discard 2") for prompt, _ in asked)
    assert any(prompt.startswith("Play a card") for prompt, _ in asked)


def test_refusal_then_the_game_goes_on() -> None:
    game, table, out = session(3)
    asked: list[tuple[str, int]] = []
    answer = first_legal(game, asked)

    def with_a_mistake(prompt: str) -> str:
        if not asked:  # the first discard prompt: name a card Ann does not hold
            asked.append((prompt, game.version))
            hand = cribbage_view(game.view(0))["hand"]
            missing = next(c for c in ("KS", "QS", "JS", "TS", "9S", "8S", "7S") if c not in hand)
            return f"{missing} {hand[0]}"
        return answer(prompt)

    table.input_fn = with_a_mistake
    table.run()
    text = out.getvalue()
    assert "✗ you do not hold" in text
    # The same question was asked again of the same, unchanged game.
    assert asked[0] == asked[1]
    assert game.outcome is not None
    assert "Result" in text


def test_number_answers_and_refused_numbers() -> None:
    game, table, out = session(4)
    table.input_fn = answers_then_eof(["9", "1 1", "1 2"])
    table.run()
    text = out.getvalue()
    assert "✗ there is no card 9" in text
    assert "is picked twice" in text
    assert "Ann discards" in text
    assert game.outcome is not None  # EOF after the discard: Ann left
    assert game.outcome.reason == "leave"


def test_leaving_with_q_prints_the_result() -> None:
    game, table, out = session(5)
    table.input_fn = lambda prompt: "q"
    table.run()
    assert game.outcome is not None
    assert game.outcome.reason == "leave"
    assert game.outcome.ranks == (2, 1)
    text = out.getvalue()
    assert "Ann leave" in text or "Ann leaves" in text
    assert "Result" in text


def test_eof_leaves_the_game() -> None:
    game, table, _ = session(6)

    def eof(prompt: str) -> str:
        raise EOFError

    table.input_fn = eof
    table.run()
    assert game.outcome is not None
    assert game.outcome.reason == "leave"


def test_cli_play_quit() -> None:
    result = runner.invoke(app, ["play", "cribbage", "--seed", "7", "--name", "Ann"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Discard 2" in result.stdout
    assert "Ann leaves the game" in result.stdout
    assert "Result" in result.stdout


def test_cli_play_scripted_until_the_end_or_eof(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    script = "1 2\n" + "1\n2\n3\n4\n\n" * 60
    args = ["play", "cribbage", "--seed", "8", "--option", "score_target=31", "--save", str(record)]
    result = runner.invoke(app, args, input=script)
    assert result.exit_code == 0, result.output
    assert "You discard" in result.stdout
    assert "You play" in result.stdout
    assert "Result" in result.stdout
    saved = json.loads(record.read_text())
    assert saved["seats"][0]["kind"] == "human"
    checked = runner.invoke(app, ["replay", str(record), "--check"])
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.startswith("ok: ")


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["play", "cribbage", "--option", "foo=1"], "unknown option foo"),
        (["play", "cribbage", "--vs", "nobody"], "unknown bot"),
        (["play", "chess"], "unknown game"),
        (["play", "cribbage", "--players", "9"], "9"),
    ],
)
def test_cli_play_bad_input(args: list[str], word: str) -> None:
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: ")
    assert word in lines[0]


# -- what a person types, on hand-made views ------------------------------------------------

DISCARD_VIEW: dict[str, Any] = {
    "hand": ["AC", "5H", "6C", "9D", "JS", "KH"],
    "legal": [
        {"type": "discard", "cards": [a, b]}
        for i, a in enumerate(["AC", "5H", "6C", "9D", "JS", "KH"])
        for b in ["AC", "5H", "6C", "9D", "JS", "KH"][i + 1 :]
    ],
}
PLAY_VIEW: dict[str, Any] = {
    "hand": ["5H", "9D", "KH"],
    "count": 24,
    "legal": [{"type": "play", "card": "5H"}],
}
GO_VIEW: dict[str, Any] = {"hand": ["9D", "KH"], "count": 28, "legal": [{"type": "go"}]}


@pytest.mark.parametrize("text", ["2 3", "5H 6C", "6c 5♥", "3,2"])
def test_discard_by_number_or_name(text: str) -> None:
    assert interpret(text, DISCARD_VIEW) == {"type": "discard", "cards": ["5H", "6C"]}


@pytest.mark.parametrize(
    ("text", "view", "message"),
    [
        ("1", DISCARD_VIEW, "exactly 2"),
        ("1 2 3", DISCARD_VIEW, "exactly 2"),
        ("1 1", DISCARD_VIEW, "twice"),
        ("7 1", DISCARD_VIEW, "no card 7"),
        ("QS 1", DISCARD_VIEW, "do not hold Q♠"),
        ("5X 1", DISCARD_VIEW, "'5X' is not a card"),
        ("KH", PLAY_VIEW, "count 34, past 31"),
        ("g", PLAY_VIEW, "no go while a card fits"),
        ("1 2", PLAY_VIEW, "one card"),
        ("", PLAY_VIEW, "type a card"),
        ("1", GO_VIEW, "type g for go"),
        ("?", PLAY_VIEW, "by number"),
    ],
)
def test_refusals(text: str, view: dict[str, Any], message: str) -> None:
    with pytest.raises(Refusal, match=message):
        interpret(text, view)


def test_play_go_ready_and_quit() -> None:
    assert interpret("1", PLAY_VIEW) == {"type": "play", "card": "5H"}
    assert interpret("5h", PLAY_VIEW) == {"type": "play", "card": "5H"}
    assert interpret("go", GO_VIEW) == {"type": "go"}
    assert interpret("", {"legal": [{"type": "ready"}]}) == {"type": "ready"}
    assert interpret("q", PLAY_VIEW) is None
    assert interpret("Quit", DISCARD_VIEW) is None


def test_a_hint_shows_the_best_discards_and_changes_nothing() -> None:
    game, table, out = session(6)
    view = cribbage_view(game.view(0))
    expected = analyze_discards(
        parse_cards(view["hand"]), dealer=view["dealer"] == 0, tosses="strong"
    )
    versions: list[int] = []
    table.input_fn = answers_then_eof(["hint"], lambda: versions.append(game.version))
    table.run()
    text = out.getvalue()
    assert "Discards from" in text
    assert "strong tosses" in text
    hint = text.split("Result")[0]  # the results table comes after
    rows = [line for line in hint.splitlines() if line.startswith("│")]
    assert len(rows) == 5  # the best five of fifteen, best first
    for row, analysis in zip(rows, expected, strict=False):
        assert f"{analysis.net:.2f}" in row
    assert all(with_symbols(str(card)) in rows[0] for card in expected[0].discard), rows[0]
    assert versions[0] == versions[1]  # asked again, of the same game


def test_no_hint_when_hints_are_off() -> None:
    _, table, out = session(7)
    table.hints = False
    table.input_fn = answers_then_eof(["hint", "1 2", "hint"])
    table.run()
    text = out.getvalue()
    assert text.count("✗ hints are off at this table") == 2  # at the discard and at the play
    assert "Discards from" not in text
    assert "best first" not in text


def test_a_play_hint_ranks_the_cards_by_the_experts_expected_gain() -> None:
    game, table, out = session(7)
    seen: list[CribbageBotView] = []
    answers = ["1 2", "hint"]

    def keep_the_view() -> None:
        if len(answers) == 1:
            seen.append(cribbage_view(game.view(0)))

    table.input_fn = answers_then_eof(answers, keep_the_view)
    table.run()
    text = out.getvalue()
    question = play_question(seen[0])
    assert question is not None, "Ann has a card to play when she asks"
    answer = play_answer(question)
    assert f"Your cards at the count of {question.count}, best first" in text
    hint = text.split("best first")[1].split("Result")[0]  # the results table comes after
    rows = [line for line in hint.splitlines() if line.startswith("│")]
    assert len(rows) == len(answer) == len({card[:-1] for card in question.playable})
    for row, value in zip(rows, answer, strict=True):
        assert f"{value.gain:+.2f}" in row
        assert all(with_symbols(card) in row for card in value.cards), row
    assert [v.gain for v in answer] == sorted((v.gain for v in answer), reverse=True)


def test_no_hint_while_it_is_not_your_turn_to_play() -> None:
    view = {"game": "cribbage", "phase": "play", "legal": [], "hand_number": 1}  # partial
    assert play_question(cast(BotView, view)) is None
    assert play_question(cast(BotView, {**view, "legal": [{"type": "go"}]})) is None
