"""The expert against itself with uniform worlds in the play, at tables of 3 and 4.

Run: ``.venv/bin/python -m benchmarks.play_model_ab simulate --duplicate --json -g cribbage
-n 4 -b expert-uniform,greedy,greedy,greedy --games 300 --seed 5100000`` (any ``pegboard``
command line: this registers one more bot and hands over to the CLI). ``expert-uniform`` is
``expert`` with its models off: with 3 or 4 players its play search treats every world as
equally likely (no weighing by the others' plays, :mod:`pegboard.bots.search.play_model`),
as before that model; with 2 players it also drops the model of the opponent's toss.
``expert-wide`` is ``expert`` with 500 worlds a play decision instead of 200;
``expert-told-random`` is ``expert`` told from the first hand that every other seat plays
any card (instead of finding it out from the shown hands); ``expert-stray`` is ``expert`` whose
2-player toss model strays as often as the opponent's tosses read from the crib say. The variable
``PLAY_MODEL_MISSED`` replaces :data:`pegboard.bots.search.play_model.MISSED` in this
process and its workers; ``PLAY_MODEL_DUEL=1`` weighs the worlds by the opponent's plays with
2 players too (on top of the toss model); ``PLAY_STYLE_MARGIN`` replaces
:data:`pegboard.bots.search.play_styles.MARGIN` (the evidence a learned style needs). docs/bots.md
has the commands and the results.
"""

from __future__ import annotations

import os

from pegboard.bots.base import View, known
from pegboard.bots.cribbage.expert import CribbageExpert
from pegboard.bots.game_bot import Thinking
from pegboard.bots.registry import register_bot
from pegboard.bots.search import (
    _play_search,
    play_model,
    play_search,
    play_styles,
    toss_model,
    worlds,
)
from pegboard.bots.search.pegging import HEURISTIC, RANDOM
from pegboard.cards import RANK_OF
from pegboard.cli.main import app
from pegboard.core.rules import Action
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view
from pegboard.scoring.tables import RANK_KEY


class UniformExpert(CribbageExpert):
    name = "expert-uniform"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, Thinking(model=False))


class WideExpert(CribbageExpert):
    name = "expert-wide"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, Thinking(worlds=500))


class ToldRandomExpert(CribbageExpert):
    """``expert`` told from the first hand that every other seat plays any card alike."""

    name = "expert-told-random"

    def act(self, seen: View) -> Action:
        view = cribbage_view(seen)
        me = known(view["seat"], "seat")
        told = self.styles
        setattr(told, "style", lambda seat: HEURISTIC if seat == me else RANDOM)  # noqa: B010
        return super().act(view)


class StrayExpert(CribbageExpert):
    """``expert`` whose 2-player toss model strays as often as the opponent's tosses, read
    from the crib, miss the model's two ranks (four pseudo-tosses at ``STRAY`` to start)."""

    name = "expert-stray"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.tosses_read: dict[int, bool] = {}  # hand number: the toss fitted the model

    def act(self, seen: View) -> Action:
        view = cribbage_view(seen)
        self._read_toss(view)
        misses = sum(not fit for fit in self.tosses_read.values())
        missed = (misses + 4 * toss_model.STRAY) / (len(self.tosses_read) + 4)
        stray = min(1.0, missed / (1 - 1 / 15))  # a stray toss hits the rule 1 time in 15
        setattr(worlds, "STRAY", stray)  # noqa: B010
        setattr(_play_search, "STRAY", stray)  # noqa: B010
        return super().act(view)

    def _read_toss(self, view: CribbageBotView) -> None:
        hand = int(view["hand_number"])
        found = play_styles.opponent_toss(view)
        if hand in self.tosses_read or found is None:
            return
        other, kept, toss = found
        strategy = "dealer" if known(view["dealer"], "dealer") == other else "pone"
        low, high = toss_model.tossed_ranks(strategy)[sum(RANK_KEY[c] for c in (*kept, *toss))]
        self.tosses_read[hand] = sorted(RANK_OF[c] for c in toss) == [low, high]


register_bot(UniformExpert.name, UniformExpert)
register_bot(StrayExpert.name, StrayExpert)
register_bot(ToldRandomExpert.name, ToldRandomExpert)
register_bot(WideExpert.name, WideExpert)
if os.environ.get("PLAY_MODEL_DUEL"):
    setattr(play_search, "DUEL_WEIGHS", True)  # noqa: B010
if os.environ.get("PLAY_MODEL_MISSED"):
    setattr(play_model, "MISSED", float(os.environ["PLAY_MODEL_MISSED"]))  # noqa: B010
if os.environ.get("PLAY_STYLE_MARGIN"):
    setattr(play_styles, "MARGIN", float(os.environ["PLAY_STYLE_MARGIN"]))  # noqa: B010

if __name__ == "__main__":
    app()
