"""Every finished rated match moves its players' ratings by its placement, exactly as openskill's
Plackett–Luce model does when called directly with the same inputs: two players, three with a
tie, partners as one team, and a leaver at the worst free rank. Casual matches keep a history
and move no rating; a table of bots is never rated. The same checks run on PostgreSQL
(``store`` tests, conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from harness import Server
from rating_fixtures import (
    expected,
    guest,
    history_rows,
    made_up_match,
    new_table,
    people,
    settled_count,
    sit,
    standing,
    stored_rated_match,
)
from sqlalchemy import create_engine
from sqlalchemy.engine import Engine

from pegboard.core.spec import get_spec
from pegboard.server.ratings.rating import group_of, plays_in_teams, rating_groups, ratings_of
from pegboard.server.ratings.settle import SeatOf, settle, stored_match
from pegboard.server.store.sql_store import Store

NEW = (1500.0, 500.0)


@pytest.fixture
def engine(store_url: str) -> Iterator[Engine]:
    yield from an_engine(store_url)


def an_engine(url: str) -> Iterator[Engine]:
    Store(url).close()  # migrated
    engine = create_engine(url)
    yield engine
    engine.dispose()


def approx(pair: tuple[float, float]) -> object:
    return pytest.approx(pair, rel=1e-12)


GROUP_CASES = [
    ("cribbage", 2, False, "cribbage-2"),
    ("cribbage", 3, False, "cribbage-3"),
    ("cribbage", 4, False, "cribbage-4"),
    ("cribbage", 4, True, "cribbage-4-teams"),
    ("cribist", 4, False, "cribist-4"),
    ("not-enough", 2, False, "not-enough-2"),
    ("not-enough", 4, True, "not-enough-4"),
    ("cribbage", 5, False, None),
    ("chess", 2, False, None),
]


@pytest.mark.parametrize(("game", "players", "teams", "group"), GROUP_CASES)
def test_each_game_and_player_count_has_its_rating_group(
    game: str, players: int, teams: bool, group: str | None
) -> None:
    assert group_of(game, players, teams) == group


def test_every_player_count_of_every_game_is_a_group() -> None:
    # pegboard's own games: other tests in the same process may register games of their own.
    made = {
        group_of(game, n, plays_in_teams(game, n, {"teams": teams}))
        for game in ("cribbage", "cribist", "not-enough")
        for n in get_spec(game).players
        for teams in (False, True)
    }
    assert made == set(rating_groups()), "one group for each way a game can be played, no more"


@pytest.mark.store
def test_two_players_are_rated_as_openskill_rates_them(engine: Engine) -> None:
    two_players(engine)


def two_players(engine: Engine) -> None:
    ann, bob = people(engine, "Ann", "Bob")
    first = settle(engine, made_up_match([ann, bob], [1, 2]), 1_000.0)
    (a1,), (b1,) = expected([[NEW], [NEW]], [1, 2])
    mu, sigma, games = standing(engine, ann, "cribbage-2")
    assert (mu, sigma) == approx(a1) and games == 1
    assert standing(engine, bob, "cribbage-2")[:2] == approx(b1)
    assert ratings_of(engine, [ann], "cribbage-2")[ann].rating == round(a1[0])
    assert first[0].before == 1500 and first[0].after == round(a1[0]) > 1500
    assert first[1].after == round(b1[0]) < 1500 and first[1].provisional
    # The second match starts from the first one's ratings; Ann now loses to a bot.
    settle(engine, made_up_match([ann, "bot:expert"], [2, 1]), 1_001.0)
    (a2,), (e2,) = expected([[a1], [NEW]], [2, 1])
    mu, sigma, games = standing(engine, ann, "cribbage-2")
    assert (mu, sigma) == approx(a2) and games == 2
    assert standing(engine, "bot:expert", "cribbage-2")[:2] == approx(e2)


@pytest.mark.store
def test_three_players_with_a_tie_are_rated_as_openskill_rates_them(engine: Engine) -> None:
    three_players_with_a_tie(engine)


def three_players_with_a_tie(engine: Engine) -> None:
    ann, bob, cat = people(engine, "Ann", "Bob", "Cat")
    settle(engine, made_up_match([ann, bob, cat], [1, 2, 2]), 1_000.0)
    (a,), (b,), (c,) = expected([[NEW], [NEW], [NEW]], [1, 2, 2])
    assert standing(engine, ann, "cribbage-3")[:2] == approx(a)
    assert standing(engine, bob, "cribbage-3")[:2] == approx(b)
    assert standing(engine, cat, "cribbage-3")[:2] == approx(c)
    assert b == pytest.approx(c), "a tie moves both the same way"
    assert b[0] < 1500 < a[0]


@pytest.mark.store
def test_partners_are_rated_as_one_openskill_team(engine: Engine) -> None:
    four_players_in_teams(engine)


def four_players_in_teams(engine: Engine) -> None:
    ann, bob, cat, dan = people(engine, "Ann", "Bob", "Cat", "Dan")
    # Ann has a rating already: the team's result moves her from there.
    settle(engine, made_up_match([ann, "bot:random"], [1, 2]), 999.0)
    ann_before = standing(engine, ann, "cribbage-2")[:2]
    assert standing(engine, ann, "cribbage-4-teams")[2] == 0, "each group has its own rating"
    # Seats 0 + 2 (Ann and Cat) against 1 + 3 (Bob and Dan); Bob and Dan win.
    teams = made_up_match([ann, bob, cat, dan], [2, 1, 2, 1], teams=True)
    settle(engine, teams, 1_000.0)
    (a, c), (b, d) = expected([[NEW, NEW], [NEW, NEW]], [2, 1])
    assert standing(engine, ann, "cribbage-4-teams")[:2] == approx(a)
    assert standing(engine, cat, "cribbage-4-teams")[:2] == approx(c)
    assert standing(engine, bob, "cribbage-4-teams")[:2] == approx(b)
    assert standing(engine, dan, "cribbage-4-teams")[:2] == approx(d)
    assert standing(engine, ann, "cribbage-2")[:2] == approx(ann_before), "untouched"
    # As four players each for themselves it would have been another update altogether.
    alone = expected([[NEW], [NEW], [NEW], [NEW]], [2, 1, 2, 1])
    assert alone[0][0] != pytest.approx(a)


def test_a_bot_in_two_seats_moves_by_the_mean_of_its_seats(engine: Engine) -> None:
    (ann,) = people(engine, "Ann")
    settle(engine, made_up_match([ann, "bot:greedy", "bot:greedy"], [1, 2, 3]), 1_000.0)
    (a,), (g1,), (g2,) = expected([[NEW], [NEW], [NEW]], [1, 2, 3])
    assert standing(engine, ann, "cribbage-3")[:2] == approx(a)
    mu, sigma, games = standing(engine, "bot:greedy", "cribbage-3")
    assert mu == pytest.approx((g1[0] + g2[0]) / 2) and sigma == pytest.approx((g1[1] + g2[1]) / 2)
    assert games == 1, "one match"


def test_a_match_with_a_person_not_signed_in_is_not_rated(engine: Engine) -> None:
    (ann,) = people(engine, "Ann")
    match = made_up_match([ann, "bot:greedy"], [1, 2])
    match = replace(match, seats=(SeatOf(0, "Someone", "human", None), match.seats[1]))
    assert settle(engine, match, 1_000.0) == {}
    assert standing(engine, "bot:greedy", "cribbage-2")[2] == 0
    assert settled_count(engine, match.table_id) == 1, "settled all the same: once"


@pytest.mark.store
def test_a_leaver_is_rated_at_the_worst_free_rank(server: Server) -> None:
    a_leaver_is_rated_at_the_worst_free_rank(server)


def a_leaver_is_rated_at_the_worst_free_rank(server: Server) -> None:
    browser, ann = guest(server, "Ann")
    engine = create_engine(server.db if isinstance(server.db, str) else f"sqlite:///{server.db}")
    try:
        bots = ["bot:greedy", "bot:random"]
        priors = {p: standing(engine, p, "cribbage-3")[:2] for p in [ann, *bots]}
        table = new_table(browser, players=3, bots=[None, "greedy", "random"])["id"]
        token = sit(browser, table, "Ann")
        with server.player(table, token) as client:
            client.receive()
            client.drain()
            client.send({"type": "leave"})
            client.drain()
        for _ in range(200):  # the bots play on without Ann
            if server.get(f"/api/tables/{table}/records").json():
                break
            server.advance(1)
        record = server.get(f"/api/tables/{table}/records/1").json()
        seat_of = {s["kind"]: i for i, s in enumerate(record["seats"])}
        ranks = record["outcome"]["ranks"]
        assert ranks[seat_of["human"]] == 3, "the leaver is last"
        server.wait_for(lambda: settled_count(engine, table) == 1, "the match to be settled")
        who = {seat_of["human"]: ann} | {seat_of[bot]: bot for bot in bots}
        after = expected([[priors[who[s]]] for s in range(3)], ranks)
        for seat in range(3):
            assert standing(engine, who[seat], "cribbage-3")[:2] == approx(after[seat][0])
        assert standing(engine, ann, "cribbage-3")[0] < priors[ann][0]
    finally:
        engine.dispose()
        browser.close()


def test_a_casual_match_keeps_a_history_and_moves_no_rating(server: Server) -> None:
    browser, ann = guest(server, "Ann")
    engine = create_engine(f"sqlite:///{server.db}")
    try:
        table = new_table(browser, rated=False, score_target=31)
        assert table["rated"] is False
        with server.player(table["id"], sit(browser, table["id"], "Ann")) as client:
            client.receive()
            client.play_to_end()
            client.drain()
            assert client.table["ratings"] is None
        server.wait_for(lambda: settled_count(engine, table["id"]) == 1, "the match to settle")
        assert history_rows(engine, table["id"]) == 2, "Ann's seat and the bot's"
        assert standing(engine, ann, "cribbage-2")[2] == 0
        assert standing(engine, "bot:greedy", "cribbage-2")[2] == 0
    finally:
        engine.dispose()
        browser.close()


def test_a_rated_table_seats_only_signed_in_people_once_each(server: Server) -> None:
    browser, _ = guest(server, "Ann")
    try:
        table = new_table(browser, bots=[None, None])["id"]
        nobody = server.post(f"/api/tables/{table}/join", {"name": "Bob"})
        assert nobody.status_code == 409 and "name first" in nobody.json()["detail"]
        sit(browser, table, "Ann")
        twice = browser.post(f"/api/tables/{table}/join", json={"name": "Annie"})
        assert twice.status_code == 409 and "seat at this table already" in twice.json()["detail"]
        info = server.get(f"/api/tables/{table}").json()
        assert info["rated"] is True and info["status"] == "waiting"
        assert [s is not None for s in info["slots"]] == [True, False], "nothing changed"
    finally:
        browser.close()


def test_a_table_of_bots_is_never_rated(server: Server) -> None:
    browser, _ = guest(server, "Ann")
    try:
        table = new_table(browser, bots=["greedy", "random"])
        assert table["rated"] is False
        made_in_lobby = new_table(browser, rated=False)
        assert made_in_lobby["rated"] is False
        default = browser.post(
            "/api/tables", json={"game": "cribbage", "players": 2, "bots": [None, "greedy"]}
        ).json()
        assert default["rated"] is False, "a lobby table is casual unless asked"
    finally:
        browser.close()


@pytest.mark.store
def test_the_results_show_each_rating_change(server: Server) -> None:
    the_results_show_each_rating_change(server)


def the_results_show_each_rating_change(server: Server) -> None:
    browser, ann = guest(server, "Ann")
    engine = create_engine(server.db if isinstance(server.db, str) else f"sqlite:///{server.db}")
    try:
        before = {p: standing(engine, p, "cribbage-2") for p in (ann, "bot:greedy")}
        table = new_table(browser, score_target=121)
        assert table["rated"] is True and table["ratings"] is None
        with server.player(table["id"], sit(browser, table["id"], "Ann")) as client:
            client.receive()
            outcome = client.play_to_end()
            client.drain()
            shown = client.table["ratings"]
            slot_of = {s["kind"]: i for i, s in enumerate(client.table["slots"])}
        seat_of = {slot: seat for seat, slot in enumerate(client.table["seating"])}
        ann_seat, bot_seat = seat_of[slot_of["human"]], seat_of[slot_of["bot:greedy"]]
        (a,), (g,) = expected(
            [[before[ann][:2]], [before["bot:greedy"][:2]]],
            [outcome["ranks"][ann_seat], outcome["ranks"][bot_seat]],
        )
        assert shown[slot_of["human"]] == {
            "before": 1500,
            "after": round(a[0]),
            "change": round(a[0]) - 1500,
            "games": 1,
            "provisional": True,
        }
        assert shown[slot_of["bot:greedy"]]["after"] == round(g[0])
        info = server.get(f"/api/tables/{table['id']}").json()
        assert info["ratings"] == shown, "the table info says it too"
    finally:
        engine.dispose()
        browser.close()


@pytest.mark.parametrize(("seed", "skunked"), [(0, True), (2, False)])
def test_a_skunk_in_not_enough_is_rated_as_two_won_games(
    tmp_path: Path, seed: int, skunked: bool
) -> None:
    """Seed 001_5556b57256b556f3.txt: a win "by a margin of 31 points or more ... counts as two
    won games in competitive gaming". Seeded 2-player games to 121, the rated length (Ann's seat
    played at random against the greedy bot): seed 0 ends 127-58, a skunk, and moves both
    ratings exactly as two wins in a row would; seed 2 ends 121-93 and moves them as one."""
    store = Store(f"sqlite:///{tmp_path / 'skunk.sqlite'}")
    try:
        (ann,) = people(store.engine, "Ann")
        row = stored_rated_match(
            store,
            ann,
            seed,
            1_000.0,
            game="not-enough",
            given={"score_target": 121},
            bots=("greedy", "random"),
        )
        match = stored_match(store.engine, row, 1, 1_000.0)
        assert match is not None
        assert [s.player for s in match.seats] == ["bot:greedy", ann]
        assert match.ranks == (1, 2)
        assert (match.scores[0] - match.scores[1] >= 31) is skunked
        assert match.games_won == (2 if skunked else 1)
        changes = settle(store.engine, match, 1_000.0)
        once = expected([[NEW], [NEW]], [1, 2])  # the bot (seat 0) won
        twice = expected(once, [1, 2])
        (bot,), (person,) = twice if skunked else once
        mu, sigma, games = standing(store.engine, ann, "not-enough-2")
        assert (mu, sigma) == approx(person) and games == 1, "one match, rated as two wins"
        assert standing(store.engine, "bot:greedy", "not-enough-2")[:2] == approx(bot)
        assert changes[0].after == round(person[0])  # Ann sits in slot 0
    finally:
        store.close()


STANDARD = [
    # (game, the game's options, rated): docs/ratings.md, "Only the standard length is rated"
    ("cribbage", {"score_target": 121}, True),
    ("cribbage", {"score_target": 15}, False),
    ("cribbage", {"score_target": 181}, False),
    ("not-enough", {"score_target": 121}, True),
    ("not-enough", {"score_target": 61}, False),
    ("cribist", {"end": "target", "score_target": 61}, True),
    ("cribist", {"end": "target", "score_target": 31}, False),
    ("cribist", {"end": "deals", "deals": 10}, False),
]


@pytest.mark.parametrize(("game", "options", "rated"), STANDARD)
def test_only_the_standard_length_of_each_game_is_rated(
    game: str, options: dict[str, object], rated: bool
) -> None:
    spec = get_spec(game)
    players = 4 if game == "cribist" else 2
    assert spec.rated_length(spec.resolve(players, options)) is rated


def test_a_shorter_game_at_a_rated_table_moves_no_rating(tmp_path: Path) -> None:
    """A game to 31 moved a rating as far as a game to 121: now it is settled unrated, with
    the reason, and keeps its history row."""
    store = Store(f"sqlite:///{tmp_path / 'short.sqlite'}")
    try:
        (ann,) = people(store.engine, "Ann")
        row = stored_rated_match(store, ann, 3, 1_000.0, given={"score_target": 31})
        match = stored_match(store.engine, row, 1, 1_000.0)
        assert match is not None and not match.standard
        assert settle(store.engine, match, 1_000.0) == {}
        assert standing(store.engine, ann, "cribbage-2")[2] == 0, "no rated game"
        with store.engine.connect() as db:
            rated, note = db.exec_driver_sql(
                f"select rated, note from settled_matches where table_id = '{row.id}'"
            ).one()
        assert not rated and note == "only games of the standard length are rated"
    finally:
        store.close()
