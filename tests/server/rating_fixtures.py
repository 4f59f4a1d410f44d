"""What the rating tests share: guests with their cookies, rated tables, matches made up for
settling, and openskill called directly (the reference every rating is checked against)."""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Sequence
from typing import Any

import httpx
from harness import INVITES, Server
from openskill.models import PlackettLuce
from sqlalchemy import create_engine, func, select
from sqlalchemy.engine import Engine

from pegboard.arena import play_one
from pegboard.core.spec import get_spec
from pegboard.server.players import player_store as players
from pegboard.server.ratings.rating import ratings_of
from pegboard.server.ratings.settle import FinishedMatch, SeatOf
from pegboard.server.store.schema import match_players_table, settled_table
from pegboard.server.store.sql_store import Change, Store, TableRow

# The documented model (docs/protocol.md, "Ratings and profiles"), made here on its own.
REFERENCE = PlackettLuce(mu=1500, sigma=500, beta=250, tau=5)

_tables = itertools.count(1)


def engine_of(server: Server) -> Engine:
    return create_engine(server.db if isinstance(server.db, str) else f"sqlite:///{server.db}")


def url_of(server: Server) -> str:
    return server.db if isinstance(server.db, str) else f"sqlite:///{server.db}"


def guest(server: Server, name: str) -> tuple[httpx.Client, str]:
    """A browser that has chosen a name: its client (cookie kept) and its player id."""
    browser = httpx.Client(base_url=server.url, timeout=10)
    made = browser.post("/api/me", json={"name": name})
    made.raise_for_status()
    return browser, str(made.json()["player"]["id"])


def new_table(
    browser: httpx.Client,
    game: str = "cribbage",
    players: int = 2,
    bots: Sequence[str | None] = (None, "greedy"),
    *,
    rated: bool = True,
    **options: Any,
) -> dict[str, Any]:
    made = browser.post(
        "/api/tables",
        json={
            "game": game,
            "players": players,
            "options": options,
            "bots": list(bots),
            "rated": rated,
        },
    )
    made.raise_for_status()
    info: dict[str, Any] = made.json()
    INVITES[info["id"]] = info["invite"]  # a table of bots and one person is unlisted
    return info


def sit(browser: httpx.Client, table: str, name: str) -> str:
    joined = browser.post(
        f"/api/tables/{table}/join", json={"name": name, "invite": INVITES.get(table)}
    )
    joined.raise_for_status()
    return str(joined.json()["token"])


def expected(
    priors: Sequence[Sequence[tuple[float, float]]], ranks: Sequence[int]
) -> list[list[tuple[float, float]]]:
    """openskill's own answer: each side's members' (mu, sigma) after the match."""
    teams = [[REFERENCE.rating(mu=mu, sigma=sigma) for mu, sigma in side] for side in priors]
    return [[(r.mu, r.sigma) for r in team] for team in REFERENCE.rate(teams, ranks=list(ranks))]


def standing(engine: Engine, player: str, group: str) -> tuple[float, float, int]:
    found = ratings_of(engine, [player], group)[player]
    return found.mu, found.sigma, found.games


def settled_count(engine: Engine, table_id: str) -> int:
    with engine.connect() as db:
        return int(
            db.execute(
                select(func.count())
                .select_from(settled_table)
                .where(settled_table.c.table_id == table_id)
            ).scalar_one()
        )


def history_rows(engine: Engine, table_id: str) -> int:
    with engine.connect() as db:
        return int(
            db.execute(
                select(func.count())
                .select_from(match_players_table)
                .where(match_players_table.c.table_id == table_id)
            ).scalar_one()
        )


def made_up_match(
    seats: Sequence[str],
    ranks: Sequence[int],
    *,
    game: str = "cribbage",
    teams: bool = False,
    rated: bool = True,
    table_id: str | None = None,
    finished: float = 1_000.0,
) -> FinishedMatch:
    """A finished match with no events, for the ratings alone: ``seats`` are player ids
    (``bot:LEVEL`` for bots), ``ranks`` per seat."""
    return FinishedMatch(
        table_id=table_id or f"made{next(_tables)}{secrets.token_hex(3)}",
        match=1,
        game=game,
        players=len(seats),
        teams=teams,
        rated=rated,
        seats=tuple(
            SeatOf(i, p, p, p) if p.startswith("bot:") else SeatOf(i, f"P{i}", "human", p)
            for i, p in enumerate(seats)
        ),
        ranks=tuple(ranks),
        scores=tuple(31 if r == 1 else 20 for r in ranks),
        events=[],
        finished=finished,
    )


def people(engine: Engine, *names: str) -> list[str]:
    """Guests in the store (their ids)."""
    return [players.new_guest(engine, name, 1_000.0).id for name in names]


def stored_rated_match(
    store: Store,
    person: str,
    seed: int,
    now: float,
    *,
    game: str = "cribbage",
    given: dict[str, Any] | None = None,
    bots: Sequence[str] = ("greedy", "greedy"),
) -> TableRow:
    """A rated table whose first match (a person, in seat 1, against the greedy bot in seat 0,
    to 121 unless ``given`` says otherwise) is recorded and not settled: as a worker leaves it
    that dies right after committing the record. The person's moves are played by ``bots[1]``."""
    spec = get_spec(game)
    options = dict(spec.resolve(2, {"score_target": 121} if given is None else given))
    row = TableRow(
        id=f"killed{secrets.token_hex(4)}",
        game=game,
        players=2,
        options=options,
        status="results",
        seed=seed,
        match=1,
        seating=[1, 0],
        deadline=None,
        created=now,
        rated=True,
    )
    store.create_table(row)
    store.set_slot(row.id, 0, "Ann", "human", secrets.token_hex(8), person)
    store.set_slot(row.id, 1, "Greedy 2", "bot:greedy", secrets.token_hex(8))
    record = play_one(game, 2, list(bots), seed, options).record()
    store.commit_writes(
        [Change(row.id, 1, 0, [], "results", record=record, finished=now, seating=[1, 0])]
    )
    found = store.table(row.id)
    assert found is not None
    return found
