"""``pegboard play not-enough`` in the terminal: whole games driven by scripted answers (card
names, words, menu numbers, manual claims and Muggins), the table and the narration of the
game's own events, and the menu every unknown decision falls back to."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pegboard.bots.not_enough.greedy import act_greedy
from pegboard.cli.action_text import describe, is_menu, menu_text
from pegboard.cli.answers import Help, Refusal, interpret
from pegboard.cli.main import app
from pegboard.cli.narrate import narrate
from pegboard.cli.play import Session, new_table, prompt_for
from pegboard.cli.table_view import table_view
from pegboard.core.game import Game
from pegboard.core.wire import Action
from pegboard.games.not_enough.views import NotEnoughBotView, not_enough_view

runner = CliRunner()
View = dict[str, Any]
WORDS = {"fifteen": "15", "nobs": "his nob"}


def spell(items: list[dict[str, Any]]) -> str:
    """Items as a person types them: ``15: 5H TD, pair: 5H 5C``."""
    return ", ".join(f"{WORDS.get(i['kind'], i['kind'])}: {' '.join(i['cards'])}" for i in items)


def typed(action: Action, view: View, *, numbers: bool) -> str:
    """What a person types for ``action``: cards by name, decisions in words, or (``numbers``)
    every menu decision by its number in the list of choices."""
    kind = action["type"]
    if kind in ("discard", "reveal", "magic"):
        return " ".join(action["cards"])
    if kind == "play":
        return str(action["card"])
    if kind in ("ready", "pass") or action == {"type": "claim", "items": []}:
        return ""
    if kind == "claim":
        return spell(action["items"])
    if kind == "muggins":
        return f"m {spell(action['items'])} = {action['points']}"
    if numbers or kind == "split":
        return str(view["legal"].index(action) + 1)
    if kind == "power":
        return str(action["power"])
    if kind in ("colour", "first"):
        return str(action["colour"])
    return " ".join(str(action[k]) for k in ("action", "colour") if k in action)  # cradle


class Person:
    """Seat 0: plays greedy's choice, typed as a person would."""

    def __init__(self, game: Game, *, numbers: bool = False, limit: int = 3_000) -> None:
        self.game = game
        self.numbers = numbers
        self.limit = limit
        self.asked: list[str] = []
        self.kinds: set[str] = set()

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if len(self.asked) > self.limit:
            raise EOFError
        view = not_enough_view(self.game.view(0))
        action = act_greedy(view)
        self.kinds.add(action["type"])
        return typed(action, dict(view), numbers=self.numbers)


def table(
    players: int, seed: int, options: list[str] | None = None
) -> tuple[Game, Session, io.StringIO]:
    game, bots = new_table(
        "not-enough", players=players, vs="random", seed=seed, name="You", options=options
    )
    out = io.StringIO()
    return game, Session(game, bots, console=Console(file=out, width=200)), out


def finished(game: Game) -> None:
    assert game.outcome is not None and game.outcome.reason == "target"
    assert max(game.outcome.scores) >= int(game.options["score_target"])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_two_player_game_in_the_terminal(seed: int) -> None:
    game, session, out = table(2, seed)
    person = Person(game)
    session.input_fn = person
    session.run()
    finished(game)
    text = out.getvalue()
    # the table: team scores and the deal, colours, both Tops with their powers, the hand
    for words in ("Scores: You ", "— first to 121 · hand 1, ", "Colours: grey ", "blue "):
        assert words in text
    assert "Tops: grey " in text and " · blue " in text and "Your hand: 1)" in text
    # the narration: colours, the Tops, the count, the shows with their Top, the bonus, the
    # battle, the crib and its owners, and the result
    assert "takes grey" in text or "takes blue" in text or "take grey" in text
    assert "The Tops: grey " in text
    assert "You play " in text and "Random plays " in text
    assert "You show " in text and " + " in text
    assert "Intel in hand: You " in text
    assert "Battle for the crib: " in text and "No battle" not in text
    assert "The crib: grey " in text and "(to " in text
    assert "Result" in text and "1st" in text
    assert any(p.startswith("Discard 2 to your ") for p in person.asked)
    assert any(p.startswith("Play a card") for p in person.asked)
    assert any(p.startswith("Take a colour for your team") for p in person.asked)


def test_a_four_player_game_picking_every_decision_by_number() -> None:
    game, session, out = table(4, 3, ["score_target=61"])
    person = Person(game, numbers=True)
    session.input_fn = person
    session.run()
    finished(game)
    text = out.getvalue()
    assert "Scores: You & Random 3 " in text and "(captain " in text
    assert "Choices:\n  1) take grey for your team" in text
    assert "Discard 1 to your " in "\n".join(person.asked)


def test_a_game_with_powers_reveals_and_the_cradle() -> None:
    """Seeds where the person decides a power, shows cards to an Intel and robs the cradle;
    every such event is told in words."""
    seen: set[str] = set()
    asked: list[str] = []
    text = ""
    for seed in range(4, 12):
        game, session, out = table(2, seed)
        person = Person(game)
        session.input_fn = person
        session.run()
        finished(game)
        seen |= person.kinds
        asked += person.asked
        text += out.getvalue()
    assert {"power", "cradle", "colour", "first", "reveal", "magic"} <= seen
    assert any(p.startswith("Use your Top: intel, might") for p in asked)
    assert any(p.startswith("Show ") and "to the other team" in p for p in asked)
    assert any(p.startswith("Swap ") and "for Magic" in p for p in asked)
    assert any(p.startswith("Whose Top resolves first") for p in asked)
    assert "Shown by Intel: You " in text and "You discard " in text and " for Magic" in text
    assert any(p.startswith("Rob the cradle: ban grey, ban blue") for p in asked)
    assert "Choices:\n  1) Intel " in text
    assert " uses the grey Top for " in text or " uses the blue Top for " in text
    assert "Rob the cradle: " in text
    assert " robs the cradle: " in text or " the cradle alone" in text
    assert "Powers in your hand: " in text


def test_manual_counting_with_claims_and_muggins() -> None:
    game, session, out = table(2, 5, ["counting=manual", "score_target=61"])
    person = Person(game)
    session.input_fn = person
    session.run()
    finished(game)
    text = out.getvalue()
    assert "claim" in person.kinds and "muggins" in person.kinds
    assert any(p.startswith("Claim your hand") for p in person.asked)
    assert any(p.startswith("Claim your crib") for p in person.asked)
    assert any(p.startswith("Muggins?") for p in person.asked)
    assert "Counting your hand: " in text and " + " in text
    assert "You call Muggins for " in text and "good call" in text
    assert "✗" not in text  # every claim and call typed was accepted


def test_cli_play_not_enough_against_random(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    script = "1 2\n" + "1 2\n1\n2\n3\n4\n\n" * 80
    args = ["play", "not-enough", "--vs", "random", "--seed", "4", "--save", str(record)]
    result = runner.invoke(app, args, input=script)
    assert result.exit_code == 0, result.output
    assert "Cribbage is not Enough · seed 4" in result.stdout
    assert "You discard" in result.stdout and "Result" in result.stdout
    saved = json.loads(record.read_text())
    assert saved["game"] == "not-enough" and saved["seats"][0]["kind"] == "human"
    checked = runner.invoke(app, ["replay", str(record), "--check"])
    assert checked.exit_code == 0, checked.output


def test_cli_play_four_players_and_quit() -> None:
    args = ["play", "not-enough", "--vs", "random", "--players", "4", "--seed", "2"]
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 0, result.output
    assert "You leave the game" in result.stdout and "Result" in result.stdout


# -- the answers, on views of a real game --------------------------------------------------


def view_at(kind: str, players: int = 2, counting: str = "auto") -> View:
    """Seat 0's view the first time it must decide ``kind`` (the others play at random)."""
    for seed in range(60):
        game, bots = new_table(
            "not-enough",
            players=players,
            vs="random",
            seed=seed,
            name="You",
            options=[f"counting={counting}"],
        )
        while game.outcome is None:
            seat = game.to_act[0]
            view = not_enough_view(game.view(seat))
            if seat == 0 and view["legal"][0]["type"] == kind:
                return dict(view)  # read as the text client reads it
            chooser: Callable[[NotEnoughBotView], Action] = bots[seat].act if seat else act_greedy
            game.apply(seat, chooser(view))
            if not_enough_view(game.view(None))["hand_number"] > 4:
                break
    raise AssertionError(f"no {kind} decision for seat 0 in these games")


def test_power_by_word_or_number_and_its_refusals() -> None:
    view = view_at("power")
    words = [a["power"] for a in view["legal"]]
    for i, word in enumerate(words, 1):
        assert interpret(word, view) == {"type": "power", "power": word}
        assert interpret(str(i), view) == view["legal"][i - 1]
    assert interpret("MIGHT", view) == {"type": "power", "power": "might"}
    with pytest.raises(Refusal, match="by its number, 1 to "):
        interpret("lots", view)
    with pytest.raises(Help, match="intel, might, magic or none"):
        interpret("?", view)
    assert prompt_for(view, ["You", "Random"]).startswith("Use your Top: intel, might")
    lines = [describe(a, view, ["You", "Random"]) for a in view["legal"]]
    assert lines[0].startswith("Intel ") and "the other team shows" in lines[0]
    assert lines[1].startswith("Might ") and "battle" in lines[1]
    assert lines[-1] == "no power"


def test_colour_cradle_and_reveal_answers() -> None:
    colour = view_at("colour")
    assert interpret("gray", colour) == {"type": "colour", "colour": "grey"}
    assert interpret("2", colour) == {"type": "colour", "colour": "blue"}
    cradle = view_at("cradle")
    assert interpret("ban  Blue", cradle) == {"type": "cradle", "action": "ban", "colour": "blue"}
    assert interpret("none", cradle) == {"type": "cradle", "action": "none"}
    assert prompt_for(cradle, ["You", "Random"]).startswith("Rob the cradle: ban grey, ban blue")
    reveal = view_at("reveal", players=4)
    size = len(reveal["legal"][0]["cards"])
    picked = reveal["hand"][:size]
    assert interpret(" ".join(picked), reveal) == {"type": "reveal", "cards": picked}
    with pytest.raises(Refusal, match=f"show exactly {size} card"):
        interpret(" ".join(reveal["hand"][: size + 1]), reveal)
    assert prompt_for(reveal, ["You", "B", "C", "D"]).startswith(f"Show {size} card")


def test_the_menu_lists_any_unknown_decision() -> None:
    """A decision the terminal has no prompt for is a numbered list of its legal actions."""
    view: View = {"legal": [{"type": "wager", "amount": 5}, {"type": "fold"}], "hand": []}
    assert is_menu(view)
    assert interpret("2", view) == {"type": "fold"}
    with pytest.raises(Refusal, match="1 to 2"):
        interpret("3", view)
    assert prompt_for(view, ["You"]) == "Your choice (a number from the list, q to leave): "
    shown = menu_text(view, ["You"]).plain
    assert shown == 'Choices:\n  1) {"type": "wager", "amount": 5}\n  2) {"type": "fold"}'


def test_the_table_shows_tops_reveals_battle_and_crib() -> None:
    view = view_at("cradle")
    console = Console(file=io.StringIO(), width=200)
    console.print(table_view(view, ["You", "Random"]))
    assert isinstance(console.file, io.StringIO)
    text = console.file.getvalue()
    assert "Tops: grey " in text and "Colours: grey " in text
    assert "Intel in hand: You " in text
    assert "Battle: " in text and ("take the crib" in text or "takes the crib" in text)
    assert "Crib: grey " in text and ("(yours)" in text or "(Random's)" in text)
    assert "Rob the cradle: " in text and "Choices:" in text


# -- the narration of the game's own events ------------------------------------------------


def told(events: list[dict[str, Any]]) -> list[str]:
    return [line.plain for line in narrate(events, ["You", "Bob"])]


def test_the_new_events_are_told() -> None:
    lines = told(
        [
            {"type": "colours", "seat": 1, "colours": {"grey": [0], "blue": [1]}},
            {"type": "starter", "tops": {"grey": "KC", "blue": "3H"}},
            {"type": "first", "seat": 1, "colour": "grey"},
            {"type": "power", "seat": 0, "colour": "grey", "power": "intel", "value": 3},
            {"type": "reveal", "seat": 1, "cards": ["5H", "9D", "TD"]},
            {"type": "power", "seat": 1, "colour": "blue", "power": "none", "value": None},
            {"type": "discard", "seat": 1, "cards": None, "count": 2, "magic": True},
            {"type": "draw", "seat": 1, "cards": None, "count": 2},
            {"type": "draw", "seat": 0, "cards": ["7C", "8S"]},
            {"type": "split", "seat": 0, "captain": 2, "partner": 1},
        ]
    )
    assert lines == [
        "Bob takes blue: grey You · blue Bob",
        "The Tops: grey K♣ · blue 3♥",
        "Bob lets the grey Top resolve first",
        "You use the grey Top for Intel 3",
        "Bob shows 5♥ 9♦ T♦",
        "Bob uses no power of the blue Top",
        "Bob discards 2 cards for Magic",
        "Bob draws 2 cards",
        "You draw 7♣ 8♠",
        "You split the Magic: 2 for you, 1 for the partner",
    ]


def test_the_bonus_battle_crib_and_cradle_are_told() -> None:
    score = {
        "type": "score",
        "seat": 0,
        "points": 2,
        "items": [{"kind": "fifteen", "points": 2, "cards": ["5C", "KH"]}],
        "scores": [30, 20],
    }
    lines = told(
        [
            {"type": "intel", "sums": [3, 1], "winner": 0},
            score,
            {"type": "roll", "seat": 1, "dice": [6, 2]},
            {
                "type": "battle",
                "dice": [2, 2],
                "bonus": [4, 0],
                "winner": 0,
                "rolls": [[3, 5], [6, 2]],
                "totals": [12, 8],
            },
            {
                "type": "crib",
                "piles": {"grey": ["9C", "TS"], "blue": ["8D", "9H"]},
                "owners": {"grey": [0], "blue": [0]},
                "magic": {"grey": 0, "blue": 2},
            },
            {"type": "cradle", "seat": 1, "action": "ban", "colour": "grey"},
            {"type": "cradle", "seat": 0, "action": "add", "card": "7C"},
            {"type": "intel", "sums": [0, 0], "winner": None},
            {"type": "calls", "seat": 1, "crib": False},
            {"type": "calls", "seat": 0, "crib": True},
            {"type": "roll", "seat": 0, "dice": [1, 2]},
            {
                "type": "battle",
                "dice": [2, 0],
                "bonus": [0, 3],
                "winner": None,
                "rolls": [[1, 2], []],
                "totals": [3, 3],
            },
            {
                "type": "score",
                "seat": 1,
                "points": -1,
                "items": [{"kind": "her-heels", "points": -1, "cards": ["QH"]}],
                "scores": [30, 19],
            },
        ]
    )
    assert lines == [
        "Intel in hand: You 3 · Bob 1 — you win the intelligence bonus and peg 2: fifteen (5♣ K♥)"
        "  [30–20]",
        "Bob rolls 6 2 = 8",
        "Battle for the crib: You 3+5 +4 (Tops) = 12 · Bob 6+2 = 8 — you win both piles",
        "The crib: grey 9♣ T♠ (to you) · blue 8♦ 9♥ (to you) — Magic grey 0, blue 2",
        "Bob robs the cradle: grey is banned (its crib cards and Top)",
        "You rob the cradle: 7♣ joins the crib",
        "Intel in hand: You 0 · Bob 0 — no single highest: no intelligence bonus",
        "Muggins on Bob's hand: the other team may call",
        "Muggins on your crib: the other team may call",
        "You roll 1 2 = 3",
        "Battle for the crib: You 1+2 = 3 · Bob no dice +3 (Tops) = 3 — a tie: each team keeps"
        " its own pile",
        "Bob loses 1: her heels (Q♥)  [30–19]",
    ]


def test_a_crib_counted_with_both_tops_is_shown_with_both() -> None:
    (line,) = told(
        [
            {
                "type": "show",
                "seat": 0,
                "cards": ["9C", "TS"],
                "starter": "KC",
                "tops": ["KC", "5H"],
                "crib": True,
            }
        ]
    )
    assert line == "You show the crib: 9♣ T♠ + K♣ + 5♥ — 0"


def test_pegboard_rules_not_enough_states_the_seeds_rules() -> None:
    """The rules printed: the pegger leads after a go or a 31, the battle every hand, and
    manual counting with the seed's Muggins timing and no penalty."""
    told = runner.invoke(app, ["rules", "not-enough"], env={"COLUMNS": "100"})
    assert told.exit_code == 0, told.output
    text = " ".join(told.stdout.split())
    for words in (
        "after a go or a 31, the player who pegged leads the next count",
        "if they have no cards left, the next player in order who has cards leads",
        "The battle for the crib, held every hand",
        "the dealer always rolls 2 more dice (so there is a battle even when nobody holds Might)",
        "every hand is claimed, in show order",
        "the intelligence bonus is settled",
        "one Muggins round over the hands",
        "then a second Muggins round goes over the cribs",
        "is refused with the reason and costs nothing",
        "Team-mates never call on each other",
    ):
        assert words in text, words
    assert "there is no battle" not in text and "costs the caller" not in text
