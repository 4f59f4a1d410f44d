"""Ratings: one per player (bots included) and rating group, by openskill's Plackett–Luce model.

A group is a game and a number of players (and teams or not): a Cribbage player for two is not
measured against four-handed results. The model is openskill's own defaults scaled by 60 (mu
1500, sigma 500, beta 250, tau 5): the same dynamics, on the numbers players know from chess
sites; a new player starts at 1500 with mu − 3 sigma = 0, openskill's usual "ordinal" start.
The rating shown is mu rounded; it is *provisional* until PROVISIONAL_GAMES rated matches in the
group. Leaderboards place players by that rating and leave the provisional without a place, so
a lucky first win does not top the board. docs/protocol.md, "Ratings and profiles".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.engine import Engine

from pegboard.core.spec import game_names, get_spec, registered
from pegboard.server.store.schema import ratings_table

MU = 1500.0
SIGMA = 500.0
BETA = 250.0  # openskill's default beta (sigma / 2), scaled like mu and sigma
TAU = 5.0  # openskill's default tau (mu / 300): keeps a settled rating able to move
PROVISIONAL_GAMES = 10

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def rating_groups() -> dict[str, str]:
    """Every rating group, with its title: each registered game's own (its
    ``GameSpec.rating_groups``), asked of the registry each time, so a game registered after
    start-up is rated too."""
    return {group: title for spec in registered() for group, title in spec.rating_groups.items()}


def plays_in_teams(game: str, players: int, options: Mapping[str, Any]) -> bool:
    """Whether partners share a result (the game's own ``sides``)."""
    return get_spec(game).partners(players, options)


def group_of(game: str, players: int, teams: bool) -> str | None:
    """The rating group of a game for ``players`` (in teams or not); None: no such group."""
    if game not in game_names():
        return None
    return get_spec(game).rating_group(players, {"teams": teams})


def sides_of(players: int, teams: bool) -> list[list[int]]:
    """The game seats that share a result: partners sit opposite (seats 0 + 2 and 1 + 3)."""
    if teams:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(players)]


def shown(mu: float) -> int:
    """The rating a player sees."""
    return round(mu)


@dataclass(frozen=True)
class Standing:
    """A player's rating in one group: ``rating`` is the number shown."""

    rating: int
    mu: float
    sigma: float
    games: int
    provisional: bool

    @classmethod
    def of(cls, mu: float, sigma: float, games: int) -> Standing:
        return cls(shown(mu), mu, sigma, games, games < PROVISIONAL_GAMES)

    def to_json(self) -> dict[str, Any]:
        return {
            "rating": self.rating,
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "games": self.games,
            "provisional": self.provisional,
        }


NEW = Standing.of(MU, SIGMA, 0)
"""A player who has not played a rated match in the group."""


def rate(
    priors: Sequence[Sequence[tuple[float, float]]], ranks: Sequence[int]
) -> list[list[tuple[float, float]]]:
    """New (mu, sigma) of every member of every side, from the sides' ranks (1 is first;
    equal ranks tie). A side is one player, or partners (one openskill team)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in side] for side in priors]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [[(float(r.mu), float(r.sigma)) for r in team] for team in rated]


def ratings_of(engine: Engine, player_ids: Sequence[str], group: str) -> dict[str, Standing]:
    """Each player's standing in ``group``; a player with none has the new player's."""
    wanted = list(dict.fromkeys(player_ids))
    found: dict[str, Standing] = {}
    if wanted:
        query = select(
            ratings_table.c.player_id,
            ratings_table.c.mu,
            ratings_table.c.sigma,
            ratings_table.c.games,
        ).where(ratings_table.c.rating_group == group, ratings_table.c.player_id.in_(wanted))
        with engine.connect() as db:
            for row in db.execute(query):
                found[str(row.player_id)] = Standing.of(row.mu, row.sigma, row.games)
    return {player: found.get(player, NEW) for player in wanted}
