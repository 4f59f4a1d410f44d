"""Game records (``pegboard-record/1``): checking their shape, reading and writing JSONL."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import cast

from pegboard.core.game import RECORD_FORMAT
from pegboard.core.wire import Record
from pegboard.errors import RecordError

REQUIRED = ("format", "game", "players", "seed", "options", "seats", "events", "outcome")


def check_record(data: object) -> Record:
    """Return ``data`` as a record, or raise :class:`RecordError` saying what is missing."""
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a {RECORD_FORMAT} record (format is {data.get('format')!r})")
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise RecordError(f"the record lacks {', '.join(missing)}")
    if not isinstance(data["events"], list) or not isinstance(data["options"], dict):
        raise RecordError("a record's events are a list and its options an object")
    return cast(Record, data)


def write_jsonl(records: Iterable[Record], path: Path) -> int:
    """Write one record per line; returns how many were written."""
    count = 0
    with path.open("w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
            count += 1
    return count


def read_records(path: Path) -> Iterator[Record]:
    """Records from a ``.json`` file (one record) or a ``.jsonl`` file (one per line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read {path}: {error}") from None
    stripped = text.lstrip()
    try:
        if stripped.startswith("{") and "\n{" not in stripped.rstrip():
            yield check_record(json.loads(text))
            return
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    yield check_record(json.loads(line))
                except RecordError as error:
                    raise RecordError(f"{path}:{number}: {error}") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not JSON: {error}") from None
