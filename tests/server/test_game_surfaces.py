"""A game plugs in whole: every registered game, and Pile (a toy game of another package,
tests/toygame, registered for these tests only), offers each surface pegboard has, reached from
its ``GameSpec`` alone: a table played to the end through the server, the record's replay, the
environments (and the Gymnasium id), a bot at every level, the rules page and its examples,
its rating groups, the review, whether its table shows its deals' checks, and the web client's
module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import gymnasium
import pytest
from harness import Server

from pegboard.bots import make
from pegboard.bots.levels import level_names
from pegboard.core import Game
from pegboard.core.spec import GameSpec, get_spec, registered
from pegboard.env import env_game
from pegboard.env import make as make_env
from pegboard.env.games import gym_id
from pegboard.env.gymnasium import PegboardEnv, gym_ids
from pegboard.env.vector import make as make_vector
from pegboard.errors import OptionError
from pegboard.records import replay
from pegboard.review.reviewer import reviewer_for
from pegboard.server.ratings.rating import rating_groups
from toygame import registered_pile
from toygame.rules import BONUS

SHIPPED = [spec.name for spec in registered()]
ALL = [*SHIPPED, "pile"]


@pytest.fixture(params=ALL)
def spec(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameSpec]:
    """Each game in turn, Pile in the registry for its own test only."""
    with registered_pile(monkeypatch):
        yield get_spec(request.param)


def short(spec: GameSpec) -> dict[str, Any]:
    """Options that make a short game, of those the game has."""
    names = {option.name for option in spec.options}
    return {"score_target": 31} if "score_target" in names else {}


def test_pile_is_registered_only_where_a_test_asks(spec: GameSpec) -> None:
    assert get_spec("pile").title == "Pile"


def test_pile_leaves_the_registry_as_it_found_it() -> None:
    assert [s.name for s in registered()] == SHIPPED
    with pytest.raises(OptionError, match="unknown game 'pile'"):
        get_spec("pile")


def test_a_table_plays_to_the_end_and_its_record_replays(spec: GameSpec, server: Server) -> None:
    players = spec.players[0]
    table = server.table(
        game=spec.name, players=players, bots=[None, *["greedy"] * (players - 1)], **short(spec)
    )
    token = server.join(table, "Ann")
    with server.player(table, token) as ann:
        ann.receive()
        outcome = ann.play_to_end()
    assert sorted(outcome["ranks"])[0] == 1
    record = server.get(f"/api/tables/{table}/records/1").json()
    assert record["game"] == spec.name and record["outcome"] == outcome
    assert replay(record).outcome is not None  # raises if any step differs


def test_the_games_list_names_the_client_module_and_the_server_has_it(
    spec: GameSpec, server: Server
) -> None:
    listed = {g["name"]: g for g in server.get("/api/games").json()}
    client = listed[spec.name]["client"]
    path = client if client.startswith("/") else f"/static/js/{client}.js"
    module = server.get(path)
    assert module.status_code == 200
    assert "export function replay" in module.text
    assert "export const table" in module.text or "export function table" in module.text
    assert listed[spec.name]["hints"] == ("hints" in spec.surfaces)


def test_the_rules_page_is_the_games_own_text_and_examples(spec: GameSpec, server: Server) -> None:
    page = server.get(f"/api/rules/{spec.name}").json()
    assert page["title"] == spec.title
    assert spec.title.split()[0] in page["html"]
    assert page["examples"] == spec.examples()  # the game's own (Pile has none)
    assert all(example["lines"] for example in page["examples"])


def test_the_games_list_says_whether_it_deals_by_chance(spec: GameSpec, server: Server) -> None:
    """Only a game dealt by chance shows "Fair deals" at its table (Pile deals nothing)."""
    listed = {g["name"]: g for g in server.get("/api/games").json()}
    assert listed[spec.name]["chance"] is spec.chance
    assert spec.chance is (spec.name != "pile")


def test_every_rating_group_is_the_games_own_and_listed(spec: GameSpec, server: Server) -> None:
    groups = {g["group"] for g in server.get("/api/leaderboard").json()}
    for players in spec.players:
        group = spec.rating_group(players, spec.resolve(players, {}))
        assert group is not None and group in spec.rating_groups
    assert set(spec.rating_groups) <= groups
    assert set(spec.rating_groups) <= set(rating_groups())


@pytest.mark.parametrize("level", level_names())
def test_a_bot_of_every_level_plays_legal_moves(spec: GameSpec, level: str) -> None:
    """Every seat that level's bot, for the first twenty decisions of a game (the expert's
    searches are what take time: a whole game of each is the arena's business)."""
    players = spec.players[0]
    game = Game(spec, players, 11, short(spec))
    bots = [make(level, seed=seat) for seat in range(players)]
    assert all(bot.plays(spec.name, players) for bot in bots if hasattr(bot, "plays"))
    for _ in range(20):
        if game.outcome is not None:
            break
        seat = game.to_act[0]
        action = bots[seat].act(game.view(seat))
        game.apply(seat, action)  # raises if it is not legal


def test_the_environments_are_the_games_own(spec: GameSpec) -> None:
    known = env_game(spec.name)
    if "env" not in spec.surfaces:
        assert known is None
        with pytest.raises(OptionError, match=f"no environment for {spec.title}"):
            make_env(spec.name, spec.players[0])
        return
    assert known is not None
    env = make_env(spec.name, spec.players[0], **short(spec))
    env.reset(3)
    for _ in range(30):
        if env.done:
            break
        env.step(env.legal_actions()[0])
    assert len(env.legal_mask()) == known.space.size
    env_id = gym_id(spec.name)  # its Gymnasium id, made from the spec alone
    assert gym_ids()[env_id] == (spec.name, spec.players[0])
    made = gymnasium.make(env_id, opponents="random").unwrapped
    assert isinstance(made, PegboardEnv) and made.core.spec is spec


def test_the_vector_environment_is_there_only_where_the_game_has_one(spec: GameSpec) -> None:
    if "vector" not in spec.surfaces:
        with pytest.raises(OptionError, match="has no vectorized environment"):
            make_vector(spec.name, n=2, players=spec.players[0])
        return
    venv = make_vector(spec.name, n=2, players=2, score_target=31)
    venv.reset(5)
    assert venv.legal_mask().shape[0] == 2


def test_the_review_is_the_games_own(spec: GameSpec) -> None:
    players = spec.players[0]
    if "review" not in spec.surfaces:
        with pytest.raises(OptionError, match=f"{spec.title} has no game review"):
            reviewer_for(spec.name, players, {})
        return
    reviewer = reviewer_for(spec.name, players, spec.resolve(players, {}))
    assert len(reviewer.sides) == players


def test_pile_scores_by_its_own_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game itself: seven counters, each taking one in turn; seat 0 takes the last."""
    with registered_pile(monkeypatch) as pile:
        game = Game(pile, 2, 1, {"counters": 7})
        while game.outcome is None:
            seat = game.to_act[0]
            game.apply(seat, {"type": "take", "count": 1})
        assert game.outcome.scores == (4 + BONUS, 3)
        assert game.outcome.ranks == (1, 2)
