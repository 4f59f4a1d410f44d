"""One table that can no longer be rebuilt never stops the server: it is set aside as
``broken`` with the reason (in the store and the log), every other table is served, and the
operator lists and closes such tables with ``pegboard tables``."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from harness import Server
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from pegboard.cli.main import app


def started_table(server: Server) -> tuple[str, str]:
    """Ann against a greedy bot, her discard made: a table with actions to replay."""
    table = server.table(bots=[None, "greedy"])
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        ann.act(ann.view["legal"][0])
        ann.drain()
    return table, token


def spoil(db: Path, table: str, change: str) -> None:
    """Make a stored table impossible to rebuild, as a newer or older version might leave it."""
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as connection:
        if change == "action":  # the first player action (chance outcomes are stored too)
            n, entry = next(
                (n, json.loads(entry))
                for n, entry in connection.execute(
                    text("select n, entry from actions where table_id = :t order by n"),
                    {"t": table},
                )
                if "action" in json.loads(entry)
            )
            spoilt = entry | {"action": {"type": "play", "card": "ZZ"}}
            connection.execute(
                text("update actions set entry = :e where table_id = :t and n = :n"),
                {"e": json.dumps(spoilt), "t": table, "n": n},
            )
        elif change == "bot":
            connection.execute(
                text("update slots set kind = 'bot:retired' where table_id = :t and slot = 1"),
                {"t": table},
            )
        else:
            connection.execute(
                text("update tables set options = :o where id = :t"),
                {"o": json.dumps({"score_target": "many"}), "t": table},
            )
    engine.dispose()


def db_url(server: Server) -> str:
    return f"sqlite:///{server.db}"


@pytest.mark.parametrize("change", ["action", "bot", "option"])
def test_a_table_that_cannot_be_rebuilt_is_set_aside_and_the_others_are_served(
    server: Server, caplog: pytest.LogCaptureFixture, change: str
) -> None:
    broken, _ = started_table(server)
    fine, token = started_table(server)
    waiting = server.table(bots=[None, "greedy"])
    server.stop()
    assert isinstance(server.db, Path)
    spoil(server.db, broken, change)
    with caplog.at_level(logging.ERROR):
        server.start()
    assert server.running and server.open_tables() == {fine, waiting}
    assert f"table {broken} cannot be rebuilt" in caplog.text
    with server.player(fine, token) as ann:
        assert ann.receive()["type"] == "welcome" and ann.view["hand"]

    runner = CliRunner()
    listed = runner.invoke(app, ["tables", "list", "--broken", "--db", db_url(server)])
    assert listed.exit_code == 0 and broken in listed.output and fine not in listed.output
    engine = create_engine(db_url(server))
    with engine.connect() as connection:
        status, reason = connection.execute(
            text("select status, broken from tables where id = :t"), {"t": broken}
        ).one()
    engine.dispose()
    assert status == "broken" and reason

    everything = runner.invoke(app, ["tables", "list", "--db", db_url(server)])
    assert fine in everything.output and broken not in everything.output
    closed = runner.invoke(app, ["tables", "close", broken, "--db", db_url(server)])
    assert closed.exit_code == 0
    assert server.get(f"/api/tables/{broken}").json()["status"] == "finished"
    again = runner.invoke(app, ["tables", "list", "--broken", "--db", db_url(server)])
    assert "no broken tables" in again.output
    unknown = runner.invoke(app, ["tables", "close", "nope", "--db", db_url(server)])
    assert unknown.exit_code == 2 and "no open table" in unknown.output
