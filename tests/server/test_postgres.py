"""The store on a real PostgreSQL (Debian's, started for these tests): the same scenarios as on
SQLite, where the database makes a difference — whole games and their records, every action
kept across a restart, bad input changing nothing, and a second writer refused."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest
import test_accounts as accounts
import test_migrations as migrations
import test_private_tables as private
import test_profiles as profiles
import test_quickplay as quickplay
import test_rating_idempotence as idempotence
import test_ratings as ratings
import test_server_games as games
import test_server_hostile as hostile
import test_server_safety as safety
import test_table_chat as chat
import test_workers as workers
from harness import Server
from postgres_server import postgres_server
from sqlalchemy import create_engine, text

from pegboard.server.store.sql_store import Store
from pegboard.server.workers.redis_bus import RedisBus


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


# Accounts, each on a database of its own: usernames and counted failures are the store's.
@pytest.fixture
def own_server(postgres_url: str, request: pytest.FixtureRequest) -> Iterator[Server]:
    database = "accounts_" + request.node.name.split("[")[0].removeprefix("test_")[:40]
    running = Server(a_new_database(postgres_url, database))
    running.start()
    yield running
    running.stop()


def test_a_guest_who_claims_an_account_keeps_their_player_and_their_seat(
    own_server: Server,
) -> None:
    accounts.test_a_guest_who_claims_an_account_keeps_their_player_and_their_seat(own_server)


def test_a_login_from_another_device_is_the_same_player_and_logout_ends_it(
    own_server: Server,
) -> None:
    accounts.test_a_login_from_another_device_is_the_same_player_and_logout_ends_it(own_server)


def test_usernames_that_look_the_same_are_one_username(own_server: Server) -> None:
    accounts.test_usernames_that_look_the_same_are_one_username(own_server)


def test_failed_logins_are_limited_per_account(own_server: Server) -> None:
    accounts.test_failed_logins_are_limited_per_account(own_server)


def test_a_signed_in_player_gets_their_seat_back_on_another_device(own_server: Server) -> None:
    accounts.test_a_signed_in_player_gets_their_seat_back_on_another_device(own_server)


def test_a_forged_cookie_is_nobody_to_the_account_routes(own_server: Server) -> None:
    accounts.test_a_forged_cookie_is_nobody_to_the_account_routes(own_server)


# -- quick play (the queue is the store's) ---------------------------------------------------


def test_quick_play_seats_two_people_together(server: Server) -> None:
    quickplay.test_two_people_are_seated_together(server)


def test_quick_play_fills_the_empty_seat_with_a_bot_after_the_wait(server: Server) -> None:
    quickplay.test_after_the_wait_a_bot_fills_the_empty_seat(server)


def test_quick_play_closing_the_socket_leaves_the_queue(server: Server) -> None:
    quickplay.test_closing_the_socket_leaves_the_queue(server)


def test_quick_play_a_dead_workers_entries_expire(server: Server) -> None:
    quickplay.test_a_dead_workers_entries_expire(server)


def test_quick_play_far_apart_ratings_wait_for_the_range_to_widen(postgres_url: str) -> None:
    quickplay.far_apart_ratings_wait_for_the_range_to_widen(postgres_url)


def test_quick_play_seats_an_entry_once(postgres_url: str) -> None:
    quickplay.an_entry_is_seated_once_and_a_refused_claim_stores_nothing(postgres_url)


def test_quick_play_people_on_two_workers_over_redis(postgres_url: str, redis_url: str) -> None:
    quickplay.people_on_two_workers_are_seated_together(postgres_url, lambda: RedisBus(redis_url))


# -- ratings and profiles (test_ratings, test_rating_idempotence, test_profiles) -----------------


@pytest.fixture
def rating_url(postgres_url: str) -> str:
    """A database of its own: the rating tests count rows and places."""
    return a_new_database(postgres_url, f"ratings_{secrets.token_hex(4)}")


def test_ratings_of_two_players_three_with_a_tie_and_teams_are_openskills(
    rating_url: str,
) -> None:
    engine = create_engine(rating_url)
    try:
        Store(rating_url).close()
        ratings.two_players(engine)
        ratings.three_players_with_a_tie(engine)
        ratings.four_players_in_teams(engine)
    finally:
        engine.dispose()


def test_a_leaver_is_rated_at_the_worst_free_rank(server: Server) -> None:
    ratings.a_leaver_is_rated_at_the_worst_free_rank(server)


def test_the_results_show_each_rating_change(server: Server) -> None:
    ratings.the_results_show_each_rating_change(server)


def test_settling_a_match_again_changes_nothing(rating_url: str) -> None:
    idempotence.settling_a_match_again_changes_nothing(rating_url)


def test_no_double_rating_when_the_owner_dies_after_the_record(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    idempotence.no_double_rating_when_the_owner_dies_after_the_record(server, monkeypatch)


def test_no_double_rating_when_the_owner_is_killed_during_the_update(rating_url: str) -> None:
    idempotence.no_double_rating_when_the_owner_is_killed_during_the_update(rating_url)


def test_two_tables_settling_one_bot_at_once_wait_for_each_other(rating_url: str) -> None:
    idempotence.two_tables_settling_one_bot_at_once_wait_for_each_other(rating_url)


def test_the_leaderboard_orders_by_the_conservative_key(rating_url: str) -> None:
    running = Server(rating_url)
    running.start()
    try:
        profiles.leaderboard_order_and_provisional(running)
    finally:
        running.stop()


def test_a_profile_is_made_of_the_players_own_matches(server: Server) -> None:
    profiles.a_profile_is_made_of_the_players_own_matches(server)


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
