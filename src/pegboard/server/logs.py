"""The server's log lines: plain text for a person at a terminal, or one JSON object a line for
a log collector, each carrying the worker, and the table and player it concerns where known.

Who a line concerns travels in context variables (:func:`about`), so a table's writer and a
player's socket say it once and every line logged under them carries it, from our code or a
library's. Nothing secret is logged: no session, invite key or password is ever a log argument,
and a request line loses its query string (where sockets carry their invite and token) before it
is written (:class:`NoQueryStrings`).
"""

from __future__ import annotations

import json
import logging
import logging.config
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

LogFormat = Literal["text", "json"]
FORMATS: tuple[LogFormat, ...] = ("text", "json")

_table: ContextVar[str | None] = ContextVar("log_table", default=None)
_player: ContextVar[str | None] = ContextVar("log_player", default=None)
_worker = "local"  # this process's worker name: one per process, set once at start

# The fields every JSON line has, beside the message's own (docs/operations.md lists them).
FIELDS = ("time", "level", "logger", "message", "worker", "table", "player")


def set_worker(name: str) -> None:
    global _worker
    _worker = name


@contextmanager
def about(*, table: str | None = None, player: str | None = None) -> Iterator[None]:
    """Every line logged inside (and in tasks started inside) concerns this table or player."""
    tokens = []
    if table is not None:
        tokens.append((_table, _table.set(table)))
    if player is not None:
        tokens.append((_player, _player.set(player)))
    try:
        yield
    finally:
        for variable, token in reversed(tokens):
            variable.reset(token)


class Concerns(logging.Filter):
    """Puts the worker, table and player on every record (a filter on the handler, so library
    loggers' records get them too)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.worker = _worker
        record.table = getattr(record, "table", None) or _table.get()
        record.player = getattr(record, "player", None) or _player.get()
        return True


_QUERY = re.compile(r"\?[^\s\"']*")


class NoQueryStrings(logging.Filter):
    """A request line without its query string: a socket's URL carries its invite key and
    token (docs/protocol.md), which must never reach a log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple(
                _QUERY.sub("", arg) if isinstance(arg, str) else arg
                for arg in (record.args if isinstance(record.args, tuple) else (record.args,))
            )
        record.msg = _QUERY.sub("", str(record.msg))
        return True


def without_password(url: str) -> str:
    """A store's or a bus's URL fit for a log: its password, if any, as ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


class JsonLines(logging.Formatter):
    """One JSON object a line: :data:`FIELDS`, and the exception's text when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "worker": getattr(record, "worker", _worker),
            "table": getattr(record, "table", None),
            "player": getattr(record, "player", None),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class ToStderr(logging.Handler):
    """Writes to ``sys.stderr`` as it is at each line, not as it was at set-up (a test's runner
    lends the process a stream of its own, and closes it after)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + "\n")
            sys.stderr.flush()
        except Exception:  # a log line must never take the server down
            self.handleError(record)


TEXT = "%(asctime)s %(levelname)s %(name)s [%(worker)s %(table)s %(player)s] %(message)s"


def log_config(form: LogFormat, level: str = "info") -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` for the server and uvicorn alike: one handler on
    stderr, in ``form``; uvicorn's lines go through it too, a request line without its query."""
    formatter = {"()": JsonLines} if form == "json" else {"format": TEXT}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"concerns": {"()": Concerns}, "no_query": {"()": NoQueryStrings}},
        "formatters": {"line": formatter},
        "handlers": {
            "stderr": {
                "()": ToStderr,
                "formatter": "line",
                "filters": ["concerns", "no_query"],
            }
        },
        "root": {"handlers": ["stderr"], "level": level.upper()},
        "loggers": {
            "uvicorn": {"handlers": [], "level": level.upper(), "propagate": True},
            "uvicorn.error": {"handlers": [], "propagate": True},
            "uvicorn.access": {"handlers": [], "propagate": True},
        },
    }


def configure_logging(form: LogFormat, level: str = "info") -> None:
    """Set this process's logging up as :func:`log_config` says (``pegboard serve``)."""
    logging.config.dictConfig(log_config(form, level))
