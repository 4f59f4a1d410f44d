"""What a document names: ``pegboard.x.y`` names, ``pegboard`` command lines with their flags,
table options, and files. Read from the Markdown text; checked by test_doc_names.py."""

from __future__ import annotations

import importlib
import inspect
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DOTTED = re.compile(r"(?<![\w/:.-])pegboard(?:\.[A-Za-z_]\w*)+")
FILE_ENDINGS = {"sqlite", "json", "jsonl", "png", "md", "py", "toml", "svg", "js", "css", "html"}
FENCE = re.compile(r"^```.*?$(.*?)^```", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
OPTION_WORD = re.compile(
    r"\b[Oo]ptions?\*?\s+((?:`[a-z_]+`(?:\s*\([^)]*\))?(?:,\s*|\s+and\s+|\s+or\s+)?)+)"
)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
QUALIFIED = re.compile(r"^([A-Z]\w*)\.([a-z_]\w*)\b")
COMMAND = re.compile(r"(?:^|(?<=[\s(]))(?<!from )(?<!import )pegboard\s+(?=[a-z-])")
PATH = re.compile(r"^[\w./-]+\.(?:py|md|json|js|toml|css|html)$")


def code(text: str) -> Iterator[str]:
    """Each inline code span, and each line of each fenced block."""
    for block in FENCE.finditer(text):
        yield from (line for line in block.group(1).splitlines() if line.strip())
    yield from SPAN.findall(FENCE.sub("", text))


def dotted_names(text: str) -> set[str]:
    """Every ``pegboard.a.b`` name that is not a file name (``pegboard.sqlite``)."""
    return {n for n in DOTTED.findall(text) if n.rsplit(".", 1)[1] not in FILE_ENDINGS}


def qualified_names(text: str) -> set[tuple[str, str]]:
    """``Class.attribute`` in code: ``Game.apply(seat, action)`` gives ``("Game", "apply")``."""
    found = set()
    for span in code(text):
        match = QUALIFIED.match(span.strip())
        if match:
            found.add((match.group(1), match.group(2)))
    return found


def has_attribute(cls: type, name: str) -> bool:
    """An attribute of the class, a field it declares, or one its methods set on ``self``."""
    if hasattr(cls, name):
        return True
    for klass in cls.__mro__:
        if name in getattr(klass, "__annotations__", {}):
            return True
        try:
            source = inspect.getsource(klass)
        except (OSError, TypeError):
            continue
        if re.search(rf"\bself\.{name}\b\s*(?::[^=]*)?=", source):
            return True
    return False


def resolves(name: str) -> bool:
    """Whether ``name`` is a module, or an attribute reached from the longest module prefix."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(target, attribute):
                return False
            target = getattr(target, attribute)
        return True
    return False


@dataclass(frozen=True)
class CommandLine:
    """``pegboard COMMAND ARGS…`` as a document writes it."""

    command: str
    args: tuple[str, ...]
    text: str

    def flags(self) -> list[str]:
        return [a.split("=", 1)[0] for a in self.args if re.fullmatch(r"--?[a-z][\w-]*(=.*)?", a)]

    def table_options(self) -> list[str]:
        """The NAME of each ``--option NAME=VALUE`` (or ``-o``)."""
        return [
            value.split("=", 1)[0]
            for flag, value in zip(self.args, self.args[1:], strict=False)
            if flag in ("--option", "-o") and "=" in value
        ]

    def game(self) -> str | None:
        """The game it plays (``play GAME``, ``rules GAME``, ``simulate -g GAME``)."""
        if self.command in ("play", "rules") and self.args and not self.args[0].startswith("-"):
            return self.args[0]
        for flag, value in zip(self.args, self.args[1:], strict=False):
            if flag in ("--game", "-g"):
                return value
        return "cribbage" if self.command == "simulate" else None


def command_lines(text: str) -> list[CommandLine]:
    """Every ``pegboard …`` command in code (a ``$`` prompt allowed; ``…`` elisions dropped)."""
    found = []
    for piece in code(text):
        line = piece.strip().removeprefix("$ ").split(" #", 1)[0]
        for start in COMMAND.finditer(line):
            rest = line[start.end() :]
            try:
                words = shlex.split(rest.replace("…", ""), posix=True)
            except ValueError:
                words = rest.split()
            if words:
                found.append(CommandLine(words[0], tuple(words[1:]), line))
    return found


def loose_flags(text: str) -> set[str]:
    """Flags in code that is not a command line: ``--powers FILE``, ``--pone``."""
    return {
        span.split()[0].split("=", 1)[0]
        for span in SPAN.findall(FENCE.sub("", text))
        if re.match(r"--[a-z]", span)
    }


def option_names(text: str) -> set[str]:
    """Table options a sentence names: ``*option* `teams` ``, and each of a list
    ``*Options* `pre_show` (off) and `post_show` (on)``."""
    lists = (re.sub(r"\([^)]*\)", "", names) for names in OPTION_WORD.findall(text))
    return {name for names in lists for name in SPAN.findall(names)}


def paths(text: str) -> set[str]:
    """Files the document links to or names in code (``src/pegboard/cards.py``)."""
    linked = {link for link in LINK.findall(text) if "://" not in link}
    named = {span for span in SPAN.findall(text) if PATH.match(span)}
    return linked | named


def exists(path: str, document: Path, roots: list[Path]) -> bool:
    """Whether ``path`` is a file or folder beside the document or under one of ``roots``."""
    return any((base / path).exists() for base in [document.parent, *roots])
