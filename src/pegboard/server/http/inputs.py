"""What clients send, checked before anything is stored or changed: text the store can hold,
JSON of bounded size and depth with finite numbers, ids of the right shape, and names that
cannot pass for someone else's.

A refusal says what was wrong and never repeats the input (which may be huge or hostile).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from pegboard.errors import PegboardError
from pegboard.server.http.limits import MAX_JSON_DEPTH

NAME_LENGTH = 32
DEFAULT_NAME = "Player"  # a person who gives no name is "Player <slot>"
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # ids are made by secrets.token_hex
MAX_RECORD = 1_000_000  # no table plays more matches: a larger number is no record


class BadInput(PegboardError):
    """Input the server will not take: answered 400 (or an error message on a socket)."""


SURROGATE = re.compile("[\ud800-\udfff]")  # Unicode's category Cs
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")  # Unicode's category Cc, exactly


def bad_text(text: str) -> str | None:
    """Why ``text`` cannot be stored (a NUL or another control character, a lone surrogate),
    or None if it can. (Two regular expressions: every message of every move passes here.)"""
    if SURROGATE.search(text):
        return "a lone surrogate (not a character)"
    if CONTROL.search(text):
        return "a control character"
    return None


def check_json(data: Any, where: str = "the body") -> None:
    """Refuse JSON nested deeper than MAX_JSON_DEPTH, or holding text that cannot be stored."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_JSON_DEPTH:
                raise BadInput(f"{where} is nested more than {MAX_JSON_DEPTH} deep")
            items: Iterable[Any] = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
            if isinstance(value, dict):
                stack.extend((key, depth) for key in value)
        elif isinstance(value, str) and (why := bad_text(value)) is not None:
            raise BadInput(f"{where} holds {why}")


def _no_constant(name: str) -> Any:
    raise BadInput(f"numbers must be finite ({name} is not JSON)")


def parse_json(text: str | bytes, where: str = "the body") -> Any:
    """JSON with finite numbers only, nested at most MAX_JSON_DEPTH deep, whose text can be
    stored; else BadInput."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadInput(f"{where} is not JSON") from None
    except RecursionError:  # nested past the parser's own stack
        raise BadInput(f"{where} is nested more than {MAX_JSON_DEPTH} deep") from None
    check_json(data, where)
    return data


def table_id_ok(table_id: str) -> bool:
    """Whether ``table_id`` could be a table's id (anything else is no table: 404)."""
    return TABLE_ID.fullmatch(table_id) is not None


def record_number(text: str) -> int | None:
    """A record's number from a path, or None for anything that cannot be one."""
    if not text.isascii() or not text.isdigit() or len(text) > 7:
        return None
    number = int(text)
    return number if 1 <= number <= MAX_RECORD else None


def clean_name(raw: str) -> str:
    """A player's name as shown: NFKC-normalized (so look-alike forms become one), without
    invisible format characters (zero-width, bidirectional controls), spaces collapsed, at
    most NAME_LENGTH characters. "" if nothing is left. BadInput for control characters or
    lone surrogates."""
    why = bad_text(raw)
    if why is not None:
        raise BadInput(f"a name cannot hold {why}")
    normal = unicodedata.normalize("NFKC", raw)
    visible = "".join(c for c in normal if unicodedata.category(c) != "Cf")
    return " ".join(visible.split())[:NAME_LENGTH].strip()


def name_key(name: str) -> str:
    """What two names are compared by: case and spacing do not tell them apart."""
    return " ".join(clean_name(name).casefold().split())


def impersonates(name: str, seated: Iterable[str], bots: Iterable[str]) -> str | None:
    """Why ``name`` may not be taken: it is a bot's kind of name ("Greedy 1"), or a seated
    player's. None if it is free."""
    key = name_key(name)
    words = key.rsplit(" ", 1)
    if len(words) == 2 and words[1].isdigit() and words[0] in {b.casefold() for b in bots}:
        return "that is a bot's name"
    if key in {name_key(s) for s in seated}:
        return "someone at this table has that name"
    return None
