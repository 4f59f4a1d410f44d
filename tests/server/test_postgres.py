"""The store on a real PostgreSQL (Debian's, started for these tests): the same scenarios as on
SQLite, where the database makes a difference — whole games and their records, every action
kept across a restart, bad input changing nothing, and a second writer refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import test_migrations as migrations
import test_private_tables as private
import test_server_games as games
import test_server_hostile as hostile
import test_server_safety as safety
import test_table_chat as chat
import test_workers as workers
from harness import Server
from postgres_server import postgres_server
from sqlalchemy import create_engine, text


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture
def server(postgres_url: str) -> Iterator[Server]:
    running = Server(postgres_url)
    running.start()
    yield running
    running.stop()


def test_the_store_really_is_postgresql(server: Server, postgres_url: str) -> None:
    table = server.table(bots=[None, "greedy"], score_target=31)
    engine = create_engine(postgres_url)
    with engine.connect() as connection:
        version = connection.execute(text("select version()")).scalar_one()
        query = text("select count(*) from tables where id = :id")
        assert connection.execute(query, {"id": table}).scalar_one() == 1
    engine.dispose()
    assert str(version).startswith("PostgreSQL")


def test_a_person_plays_a_bot_to_the_end(server: Server) -> None:
    games.test_a_person_plays_a_bot_to_the_end(server)


def test_four_players_two_people_and_two_bots(server: Server) -> None:
    games.test_four_players_two_people_and_two_bots(server)


def test_a_restart_mid_game_resumes_the_table_clock_included(server: Server) -> None:
    safety.test_a_restart_mid_game_resumes_the_table_clock_included(server)


def test_bad_messages_are_answered_and_change_nothing(server: Server) -> None:
    safety.test_bad_messages_are_answered_and_change_nothing(server)


def test_a_stale_owner_cannot_write_over_the_new_one(postgres_url: str) -> None:
    workers.stale_owner_cannot_write_over_the_new_one(postgres_url)


@pytest.mark.parametrize(("escaped", "why"), hostile.BAD_NAMES)
def test_a_name_the_store_cannot_hold_is_refused_and_the_seat_stays_free(
    server: Server, escaped: str, why: str
) -> None:
    hostile.test_a_name_the_store_cannot_hold_is_refused_and_the_seat_stays_free(
        server, escaped, why
    )


@pytest.mark.parametrize(("body", "why"), hostile.BAD_BODIES)
def test_bodies_that_are_not_finite_storable_json_get_400(
    server: Server, body: bytes, why: str
) -> None:
    hostile.test_bodies_that_are_not_finite_storable_json_get_400(server, body, why)


@pytest.mark.parametrize("path", hostile.BAD_PATHS)
def test_a_path_value_the_store_cannot_hold_is_no_table(server: Server, path: str) -> None:
    hostile.test_a_path_value_the_store_cannot_hold_is_no_table(server, path)


def test_a_join_or_socket_to_an_impossible_table_id_is_no_table(server: Server) -> None:
    hostile.test_a_join_or_socket_to_an_impossible_table_id_is_no_table(server)


def a_new_database(postgres_url: str, name: str) -> str:
    """Another empty database on the same server (the module's own is already migrated)."""
    engine = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return postgres_url.rsplit("/", 1)[0] + f"/{name}"


def test_a_store_made_before_migrations_upgrades_and_plays_on(postgres_url: str) -> None:
    migrations.an_old_store_upgrades_and_plays_on(a_new_database(postgres_url, "before"))


def test_a_new_store_has_exactly_the_schema_the_queries_use(
    server: Server, postgres_url: str
) -> None:
    assert migrations.schema_differences(postgres_url) == []


# -- private tables and table chat (issue 11, items 5 and 6) -----------------------------------


def test_an_unlisted_table_is_seen_only_with_its_link(server: Server) -> None:
    private.test_an_unlisted_table_is_seen_only_with_its_link(server)


def test_a_watcher_needs_the_link_and_a_seat_token_always_works(server: Server) -> None:
    private.test_a_watcher_needs_the_link_and_a_seat_token_always_works(server)


def test_the_replay_of_an_unlisted_table_is_for_people_with_the_link_or_seated_there(
    server: Server,
) -> None:
    private.test_the_replay_of_an_unlisted_table_is_for_people_with_the_link_or_seated_there(server)


@pytest.mark.parametrize(("message", "code", "why"), [chat.REFUSED[0], chat.REFUSED[6]])
def test_a_chat_message_past_its_limits_is_refused_and_nothing_is_said(
    server: Server, message: dict[str, object], code: str, why: str
) -> None:
    chat.test_a_message_past_its_limits_is_refused_and_nothing_is_said(server, message, code, why)


def test_each_seat_may_say_five_things_in_ten_seconds(server: Server) -> None:
    chat.test_each_seat_may_say_five_things_in_ten_seconds(server)


def test_the_chat_is_stored_and_comes_back_after_a_restart_and_in_the_replay(
    server: Server,
) -> None:
    chat.test_the_chat_is_stored_and_comes_back_after_a_restart_and_in_the_replay(server)


def test_watchers_read_the_chat_only_where_the_host_lets_people_watch(server: Server) -> None:
    chat.test_watchers_read_only_where_the_host_lets_people_watch(server)
