"""Choosing a card in the Cribbage play by Monte Carlo over consistent worlds.

For each sampled world (:mod:`pegboard.bots.search.worlds`) every candidate card is played
and the rest of the play rolled out with :func:`~pegboard.bots.search.pegging.heuristic_policy`
for every seat (in C where it was built: :func:`~pegboard.bots.search.pegging.play_out_heuristic`);
the same worlds serve every candidate, so their differences are measured with little noise.
The hands and the crib of a world are then shown in their order (the hands from the
dealer's left, the dealer's, then the crib), the game ending when a side reaches the target,
and the scores reached are valued by what the seat plays for
(:mod:`pegboard.bots.search.objective`): with 2 players the chance of winning the race from
there, with more the expected place (in teams the partner's points are the seat's own). A
hint asks for the pegging itself instead: the points this side pegs minus the others' mean.
Cards of one rank are the same card in the play, so only one of each rank is tried.

With 2 players the opponent's hand in each world is weighted by how a good player keeps and
tosses (:func:`~pegboard.bots.search.worlds.sample_modelled_world`). With more, each world is
weighed by how likely the others' plays so far were in it (:mod:`.play_model`: players peg
when they can), and worlds are drawn until their weights add up to the worlds asked for.
A player whose plays in earlier hands showed a style (:mod:`.play_styles`) plays it in the
rollouts, and the worlds are weighed by it too; a ``greedy`` one is dealt its hand as
``greedy`` keeps (:func:`~pegboard.bots.search.worlds.greedy_keep`).

The loop over worlds runs in C where it was built (``_play_search.pyx``: the same worlds from
the same generator, the same values); :func:`totals_python` is the same loop in Python.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Literal

from pegboard.bots.base import known
from pegboard.bots.search import play_model
from pegboard.bots.search.objective import (
    PER_DEAL,
    SPREAD,
    counted_out,
    place_value,
    race_value,
)
from pegboard.bots.search.pegging import (
    GREEDY,
    LUCKY,
    RANDOM,
    PegPosition,
    play_out_heuristic,
)
from pegboard.bots.search.play_history import PlaySoFar, play_so_far, position_from_view
from pegboard.bots.search.race import GAME, Payoff
from pegboard.bots.search.worlds import World, sample_modelled_world, sample_world, unseen_cards
from pegboard.cards import RANK_OF, VALUE_OF, parse_card
from pegboard.core.compiled import PURE_PYTHON
from pegboard.games.cribbage.views import CribbageBotView
from pegboard.scoring.show import show_total

try:  # the loop over worlds in C (setup.py builds it wherever a compiler is)
    if PURE_PYTHON:
        raise ImportError("PEGBOARD_PURE_PYTHON is set")
    from pegboard.bots.search import _play_search
except ImportError:
    _play_search = None  # type: ignore[assignment]

Objective = Literal["rank", "pegging"]
TIE = 1e-4
"""Weight of the pegging difference beside the rank objective: it only breaks ties."""
DRAWS = 4
"""Weighed worlds: draw at most this many times the worlds asked for."""
STYLED_DRAWS = 20
"""The same when a learned style weighs the plays: a world counts ``SLIP`` for each play off
the style, and after a few plays few worlds count fully."""
FLOOR = 0.01
"""Weighed worlds: one less likely than this is not rolled out."""
DUEL_WEIGHS = False
"""With 2 players, weigh the worlds by the opponent's plays too, on top of its toss model.
Off: measured twice, it wins nothing the runs can see against ``hoyle`` or ``ismcts``
(docs/bots.md, *Session 21*)."""


def sides_of(view: CribbageBotView) -> list[int]:
    players = int(view["players"])
    return [s % 2 for s in range(players)] if view.get("teams") else list(range(players))


def candidates(view: CribbageBotView) -> list[int]:
    """One legal card per rank (suits do not matter in the play)."""
    by_rank: dict[int, int] = {}
    for action in view["legal"]:
        if action["type"] == "play":
            card = int(parse_card(action["card"]))
            by_rank.setdefault(RANK_OF[card], card)
    return sorted(by_rank.values())


class PlaySearch:
    """The search for one decision."""

    def __init__(
        self,
        view: CribbageBotView,
        objective: Objective = "rank",
        model: bool = True,
        styles: Sequence[int] | None = None,
        payoff: Payoff = GAME,
    ) -> None:
        self.view = view
        self.payoff = payoff
        """With 2 players, what the end of the game is worth (:class:`~.race.Payoff`)."""
        self.styles = tuple(styles) if styles is not None and any(styles) else None
        """Each seat's style of play (:mod:`.play_styles`), None when all are the heuristic."""
        self.objective = objective
        self.me = known(view["seat"], "seat")
        self.history: PlaySoFar = play_so_far(view)
        self.sides = sides_of(view)
        self.teams = bool(view.get("teams"))
        scores = view["scores"]
        self.target = int(view["target"])
        self.score = [0] * (max(self.sides) + 1)
        for seat, side in enumerate(self.sides):
            self.score[side] = int(scores[seat])
        self.need = [self.target - s for s in self.score]
        self.my_side = self.sides[self.me]
        self.opponents = sorted({self.sides[s] for s in self.history.seats} - {self.my_side})
        self.starter = int(parse_card(known(view["starter"], "starter")))
        dealer = known(view["dealer"], "dealer")
        seats = self.history.seats
        i = seats.index(dealer) if dealer in seats else 0
        self.show_order = [seats[(i + k) % len(seats)] for k in range(1, len(seats) + 1)]
        self.dealer = dealer
        self.dealer_rule = str(view.get("dealer_rule", "rotate"))
        self.next_drawn = self.dealer_rule == "random"
        """The next dealer is drawn (either player, 1/2 each), not the one after the dealer."""
        self.start = position_from_view(view, {})
        self.unseen = unseen_cards(view)
        self.duel = len(seats) == 2 and not self.teams
        self.strategy: Literal["dealer", "pone"] | None = None
        """With 2 players, the opponent's toss model; None for a player found to play any
        card alike, who tosses any cards too."""
        self.lucky = self.styles is not None and any(s in LUCKY for s in self.styles)
        """Some seat plays :data:`RANDOM` or :data:`SEARCHER`: each world draws the luck of
        its rollouts."""
        tosses_any = self.styles is not None and RANDOM in self.styles
        if model and self.duel and int(view["crib_size"]) == 4 and not tosses_any:
            self.strategy = "pone" if dealer == self.me else "dealer"
        self.greedy: tuple[int, ...] = ()
        """The seats dealt as ``greedy`` keeps (:mod:`.keep_model`), their style learned."""
        if model and not self.duel and self.styles is not None:
            self.greedy = tuple(s for s, style in enumerate(self.styles) if style == GREEDY)
        self.weighs = model and bool(self.history.plays) and (DUEL_WEIGHS or not self.duel)
        self.draws = STYLED_DRAWS if self.styles is not None else DRAWS
        """Weighing, draw at most this many times the worlds asked for."""

    def likelihood(self, world: World) -> float:
        """How likely the others' plays so far were in ``world`` (1 when not weighing)."""
        if not self.weighs:
            return 1.0
        return play_model.likelihood(self.history, world.others, self.styles)

    def world(self, rng: random.Random) -> World:
        if self.strategy is not None:
            return sample_modelled_world(self.view, self.history, rng, self.unseen, self.strategy)
        return sample_world(self.view, self.history, rng, self.unseen, self.greedy)

    def shows(self, world: World) -> list[tuple[int, int]]:
        """(side, points) of each show of ``world``, in the order they are counted."""
        out = [
            (self.sides[seat], show_total(world.kept[seat], self.starter))
            for seat in self.show_order
        ]
        if len(world.crib) == 4:
            out.append((self.sides[self.dealer], show_total(world.crib, self.starter, True)))
        return out

    def luck(self, rng: random.Random) -> int:
        """The seed of a world's rollouts (drawn only when a seat plays :data:`RANDOM` or
        :data:`SEARCHER`)."""
        return rng.getrandbits(32) if self.lucky else 0

    def value(
        self,
        card: int,
        world: World,
        shows: Sequence[tuple[int, int]] | None = None,
        luck: int = 0,
    ) -> float:
        position = self.start.copy()
        position.hands.update((seat, list(cards)) for seat, cards in world.others.items())
        if self.objective == "pegging":
            gained, _ = play_out_heuristic(
                position, side_of=self.sides, first=card, styles=self.styles, luck=luck
            )
            return self._difference(gained)
        return self._ranked(position, card, self.shows(world) if shows is None else shows, luck)

    def _difference(self, gained: Sequence[int]) -> float:
        others = sum(gained[s] for s in self.opponents) / max(1, len(self.opponents))
        return gained[self.my_side] - others

    def _ranked(
        self, position: PegPosition, card: int, shows: Sequence[tuple[int, int]], luck: int
    ) -> float:
        gained, first = play_out_heuristic(
            position,
            side_of=self.sides,
            need=self.need,
            first=card,
            styles=self.styles,
            luck=luck,
        )
        after = [s + g for s, g in zip(self.score, gained, strict=True)]
        if first < 0:
            first = counted_out(after, shows, self.target)
        tie = TIE * self._difference(gained)
        me = self.my_side
        if self.duel:  # the race: whoever is out first (at most one) wins
            mine, theirs = self.target - after[me], self.target - after[self.opponents[0]]
            if first >= 0:
                won = first == me
                return (self.payoff.winning(theirs) if won else self.payoff.losing(mine)) + tie
            deal_next = None if self.next_drawn else self.sides[self.dealer] != me
            value = race_value(
                mine, theirs, deal_next=deal_next, payoff=self.payoff, dealer_rule=self.dealer_rule
            )
            return value + tie
        in_game = sorted({self.sides[s] for s in self.history.seats})
        return (
            place_value(after, me, first, in_game=in_game, target=self.target, teams=self.teams)
            + tie
        )


def choose_card(
    view: CribbageBotView,
    rng: random.Random,
    *,
    worlds: int,
    deadline: float | None = None,
    model: bool = True,
    styles: Sequence[int] | None = None,
    payoff: Payoff = GAME,
) -> int:
    """The candidate with the best mean over ``worlds`` sampled worlds (fewer if the clock
    passes ``deadline``, a :func:`time.thread_time` time: the thread's own CPU seconds),
    the others playing ``styles`` (per seat) in the rollouts and the weights; with 2
    players, each world's end valued by ``payoff``."""
    cards = candidates(view)
    if len(cards) == 1:
        return cards[0]
    search = PlaySearch(view, model=model, styles=styles, payoff=payoff)
    totals = _totals(search, cards, rng, worlds, deadline)
    if totals is None:  # no world fits the model: these players do not peg when they can
        search.weighs = False
        totals = _totals(search, cards, rng, worlds, deadline)
    assert totals is not None
    best = max(range(len(cards)), key=lambda i: (totals[i], -VALUE_OF[cards[i]]))
    return cards[best]


def card_values(
    view: CribbageBotView,
    rng: random.Random,
    *,
    worlds: int,
    model: bool = True,
    styles: Sequence[int] | None = None,
    objective: Objective = "rank",
) -> list[tuple[int, float]]:
    """Each candidate (one card per rank) with its mean value over the worlds, as
    :func:`choose_card` weighs them: the chance of winning (2 players) or minus the expected
    place (more, or teams); with ``objective="pegging"`` the points this side pegs in the rest
    of the play less the others' mean. For a review: the same search, every card's value kept."""
    cards = candidates(view)
    search = PlaySearch(view, objective=objective, model=model, styles=styles)
    found = _weighed(search, cards, rng, worlds, None)
    if found is None:
        search.weighs = False
        found = _weighed(search, cards, rng, worlds, None)
    assert found is not None
    sums, weight = found
    return [(card, total / weight) for card, total in zip(cards, sums, strict=True)]


def _totals(
    search: PlaySearch,
    cards: Sequence[int],
    rng: random.Random,
    worlds: int,
    deadline: float | None,
) -> list[float] | None:
    """Each card's value summed over worlds, each times its likelihood, until the
    likelihoods add up to ``worlds`` (or ``search.draws`` times as many were drawn); None if no
    world was likely enough to roll out."""
    found = _weighed(search, cards, rng, worlds, deadline)
    return None if found is None else found[0]


def _weighed(
    search: PlaySearch,
    cards: Sequence[int],
    rng: random.Random,
    worlds: int,
    deadline: float | None,
) -> tuple[list[float], float] | None:
    """:func:`_totals` with the worlds' total weight. In C (``_play_search``) for the expert's
    own search and generator, with the same result as :func:`totals_python`."""
    if (
        _play_search is None
        or type(search) is not PlaySearch  # a subclass may deal its worlds otherwise
        or search.objective != "rank"
        or type(rng) is not random.Random
    ):
        return weighed_python(search, cards, rng, worlds, deadline)
    sums, weight = _play_search.totals(
        search,
        cards,
        rng,
        worlds,
        deadline,
        weighs=search.weighs,
        missed=play_model.MISSED,
        slip=play_model.SLIP,
        floor=FLOOR,
        draws=search.draws,
        tie=TIE,
        per_deal=PER_DEAL[search.teams],
        spread=SPREAD[search.teams],
    )
    return (list(sums), float(weight)) if weight > 0 else None


def totals_python(
    search: PlaySearch,
    cards: Sequence[int],
    rng: random.Random,
    worlds: int,
    deadline: float | None,
) -> list[float] | None:
    """:func:`_totals` in Python: the reference the C loop is held to."""
    found = weighed_python(search, cards, rng, worlds, deadline)
    return None if found is None else found[0]


def weighed_python(
    search: PlaySearch,
    cards: Sequence[int],
    rng: random.Random,
    worlds: int,
    deadline: float | None,
) -> tuple[list[float], float] | None:
    """:func:`_weighed` in Python."""
    totals = [0.0] * len(cards)
    weight = 0.0
    for n in range(worlds * search.draws if search.weighs else worlds):
        world = search.world(rng)
        luck = search.luck(rng)
        w = search.likelihood(world)
        if w >= FLOOR:
            shows = search.shows(world)
            for i, card in enumerate(cards):
                totals[i] += w * search.value(card, world, shows, luck)
            weight += w
        if weight >= worlds or (deadline is not None and n >= 1 and time.thread_time() > deadline):
            break
    return (totals, weight) if weight > 0 else None
