"""The documents name only what exists: every ``pegboard.x.y`` name imports, every
``pegboard COMMAND`` and its flags are the command line's, every table option is a game's, and
every file named or linked is there."""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import typer
from doc_names import (
    command_lines,
    dotted_names,
    exists,
    has_attribute,
    loose_flags,
    option_names,
    paths,
    qualified_names,
    resolves,
)

from pegboard.cli.main import app
from pegboard.core import game_names, get_spec
from pegboard.errors import OptionError

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
ROOTS = [ROOT, ROOT / "src", ROOT / "src" / "pegboard", ROOT / "docs"]
OTHER_TOOLS = {"--help": "every command (click)", "--strict": "mypy"}
"""Flags the documents name that belong to no pegboard command."""


@cache
def commands() -> dict[str, Any]:
    """Each ``pegboard`` command by name (click commands, as Typer builds them)."""
    group: Any = typer.main.get_command(app)
    return dict(group.commands)


def subcommand(command: Any, args: tuple[str, ...]) -> Any:
    """``pegboard tables list``: the command of a group that its first word names."""
    inner = getattr(command, "commands", {})
    return inner[args[0]] if args and args[0] in inner else command


def every_command() -> list[Any]:
    """``pegboard`` itself (``--version``), each command, and each command of a group
    (``tables list``, ``tables close``)."""
    found = [typer.main.get_command(app), *commands().values()]
    return found + [c for g in found for c in getattr(g, "commands", {}).values()]


def flags_of(command: Any) -> set[str]:
    return {"--help"} | {f for p in command.params for f in (*p.opts, *p.secondary_opts)}


def benchmark_flag(flag: str) -> bool:
    """A flag of a benchmark script (``benchmarks/*.py`` declares it)."""
    return any(f'"{flag}"' in p.read_text() for p in (ROOT / "benchmarks").glob("*.py"))


def every_option() -> set[str]:
    return {o.name for name in game_names() for o in get_spec(name).options}


def is_placeholder(word: str) -> bool:
    return word.isupper() or word.startswith("<")


def test_the_documents_are_there() -> None:
    names = {p.name for p in DOCUMENTS}
    assert {"README.md", "architecture.md", "rules.md", "api.md"} <= names


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_no_reference_outside_the_project(document: Path) -> None:
    text = document.read_text()
    assert "../shared" not in text
    for design in ("ARCHITECTURE.md", "RULES.md", "CONTRACT.md"):
        assert design not in text, f"{document.name} points to {design}, outside the project"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_pegboard_name_exists(document: Path) -> None:
    missing = sorted(n for n in dotted_names(document.read_text()) if not resolves(n))
    assert missing == []


PUBLIC = [
    "pegboard",
    "pegboard.core",
    "pegboard.scoring",
    "pegboard.bots",
    "pegboard.analysis",
    "pegboard.match",
    "pegboard.server.store.sql_store",
    "pegboard.server.workers.bus",
]
"""Modules whose classes a document may name bare: ``Game.apply``, ``Score.total``."""


@cache
def public_classes() -> dict[str, type]:
    found: dict[str, type] = {}
    for module in PUBLIC:
        for name, value in vars(importlib.import_module(module)).items():
            if isinstance(value, type) and value.__module__.startswith("pegboard"):
                found.setdefault(name, value)
    return found


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_class_attribute_named_exists(document: Path) -> None:
    classes = public_classes()
    missing = sorted(
        f"{cls}.{attribute}"
        for cls, attribute in qualified_names(document.read_text())
        if cls in classes and not has_attribute(classes[cls], attribute)
    )
    assert missing == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_command_line_is_the_cli(document: Path) -> None:
    wrong = []
    for line in command_lines(document.read_text()):
        root: Any = typer.main.get_command(app)
        if line.command in flags_of(root):  # pegboard --version: an option of pegboard itself
            continue
        command = commands().get(line.command)
        if command is None:
            wrong.append(f"no command {line.command!r}: {line.text}")
            continue
        command = subcommand(command, line.args)
        unknown = [f for f in line.flags() if f not in flags_of(command)]
        if unknown:
            wrong.append(f"pegboard {line.command} has no {', '.join(unknown)}: {line.text}")
        game = line.game()
        if game is None or is_placeholder(game):
            continue
        try:
            options = {o.name for o in get_spec(game).options}
        except OptionError:
            wrong.append(f"no game {game!r}: {line.text}")
            continue
        extra = [o for o in line.table_options() if o not in options and not is_placeholder(o)]
        if extra:
            wrong.append(f"{game} has no option {', '.join(extra)}: {line.text}")
    assert wrong == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_flag_named_alone_is_a_commands(document: Path) -> None:
    known = set().union(*(flags_of(c) for c in every_command()))
    unknown = sorted(
        f
        for f in loose_flags(document.read_text())
        if f not in known and f not in OTHER_TOOLS and not benchmark_flag(f)
    )
    assert unknown == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_table_option_named_is_a_games(document: Path) -> None:
    unknown = sorted(option_names(document.read_text()) - every_option())
    assert unknown == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_file_named_is_there(document: Path) -> None:
    missing = sorted(p for p in paths(document.read_text()) if not exists(p, document, ROOTS))
    assert missing == []


# The checks themselves, on made-up text: each must catch what it is for.


def test_a_name_that_does_not_import_is_caught() -> None:
    text = "Call `pegboard.scoring.score_show` or `pegboard.scoring.score_hand`; `pegboard.sqlite`."
    assert dotted_names(text) == {"pegboard.scoring.score_show", "pegboard.scoring.score_hand"}
    assert resolves("pegboard.scoring.score_show")
    assert not resolves("pegboard.scoring.score_hand")
    assert not resolves("pegboard.nowhere.thing")


def test_a_class_attribute_that_does_not_exist_is_caught() -> None:
    text = "`Game.apply(seat, action)`, `Game.actions`, `Score.total`, `Game.undo()`, `Foo.bar`"
    names = qualified_names(text)
    assert names == {
        ("Game", "apply"),
        ("Game", "actions"),
        ("Score", "total"),
        ("Game", "undo"),
        ("Foo", "bar"),  # not a class of pegboard: left alone
    }
    assert "Foo" not in public_classes()
    game, score = public_classes()["Game"], public_classes()["Score"]
    assert has_attribute(game, "apply") and has_attribute(game, "actions")
    assert has_attribute(score, "total")
    assert not has_attribute(game, "undo")


def test_a_command_line_is_read_with_its_flags_options_and_game() -> None:
    text = (
        "Run `pegboard play cribist --option end=deals -o deals=1 --seed 4` or\n\n"
        "```\n$ pegboard simulate -g not-enough --bots greedy,random --speed 3\n"
        "from pegboard import new_game\n```\n"
    )
    lines = {line.command: line for line in command_lines(text)}
    assert sorted(lines) == ["play", "simulate"]  # a Python import is not a command
    play, simulate = lines["play"], lines["simulate"]
    assert (play.command, play.game(), play.table_options()) == (
        "play",
        "cribist",
        ["end", "deals"],
    )
    assert play.flags() == ["--option", "-o", "--seed"]
    assert "--speed" not in flags_of(commands()[simulate.command])
    assert simulate.game() == "not-enough"


def test_flags_options_and_files_named_in_prose_are_found() -> None:
    text = (
        "Give `--powers FILE`; *option* `teams` (off), see [rules](rules.md) and `games/x.py`. "
        "*Options* `pre_show` (off: a pause) and `post_shows` (`on`)."
    )
    assert loose_flags(text) == {"--powers"}
    assert option_names(text) == {"teams", "pre_show", "post_shows"}
    assert option_names(text) - every_option() == {"post_shows"}
    assert paths(text) == {"rules.md", "games/x.py"}
    assert not exists("games/x.py", ROOT / "docs" / "api.md", ROOTS)


def test_a_command_of_a_group_is_checked_with_its_own_flags() -> None:
    (line,) = command_lines("Run `pegboard tables list --broken --nope`.")
    command = subcommand(commands()[line.command], line.args)
    assert "--broken" in flags_of(command) and "--nope" not in flags_of(command)
