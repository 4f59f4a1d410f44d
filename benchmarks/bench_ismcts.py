"""The measuring opponent's play search in C and in Python, and the expert's exact search of
the last deal's play beside its rollouts, side by side on the same seeded decisions.

Run from the project root: ``.venv/bin/python -m benchmarks.bench_ismcts DECISIONS``. It
collects the play decisions (two or more ranks to choose from) of seeded 2-player games of
``expert`` against ``hoyle``, and times (``time.process_time()``, so the machine's load shows
only as cache misses), alternating decision by decision:

* ``ismcts``'s play search at its 1,000 simulations, with ``_ismcts.pyx`` and with
  ``IsmctsBot._play_python``, and whether the two trees were the same (every root child's
  visits);
* ``ismcts``'s discard (1,000 simulations) at the games' first discards, the same way;
* whole games of ``expert`` against ``ismcts`` (seeds 7,300,000 on, as the measuring runs
  play them), with the C and with the Python, and whether the records were the same;
* at the decisions near the end of a game (``last_play.applies``), the expert's exact search
  (``last_play.choose_card_exactly``, 200 worlds) against its rollouts (``choose_card``, the
  same worlds asked for), and how many picked another card.

It prints medians, the longest, and the ratios (docs/benchmarks.md).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from pegboard.arena import play_one
from pegboard.bots.base import known
from pegboard.bots.cribbage import ismcts
from pegboard.bots.cribbage.ismcts import EXPLORE, SIMULATIONS, IsmctsBot
from pegboard.bots.registry import make, register_bot
from pegboard.bots.search import last_play
from pegboard.bots.search.play_search import PlaySearch, candidates, choose_card
from pegboard.bots.search.race import GAME, race_tables
from pegboard.bots.search.worlds import unseen_cards
from pegboard.cards import parse_cards
from pegboard.core.game import Game
from pegboard.core.spec import get_spec
from pegboard.games.cribbage.views import CribbageBotView, cribbage_view

WORLDS = 200
GAMES = 5


def decisions(wanted: int, near_end: bool, discards: bool = False) -> list[CribbageBotView]:
    """The first ``wanted`` play decisions of seeded expert-v-hoyle games (near the end of a
    game only, if asked; or the first discards)."""
    found: list[CribbageBotView] = []
    seed = 2_000_000
    while len(found) < wanted:
        game = Game(get_spec("cribbage"), 2, seed, {})
        bots = [make("expert", seed=seed * 16), make("hoyle", seed=seed * 16 + 1)]
        while game.outcome is None and len(found) < wanted:
            seat = game.to_act[0]
            view = cribbage_view(game.view(seat))
            if discards:
                wanted_here = view["phase"] == "discard" and len(view["hand"]) == 6
            else:
                wanted_here = (
                    view["phase"] == "play"
                    and view.get("turn") == seat
                    and len(candidates(view)) > 1
                    and (not near_end or last_play.applies(view))
                )
            if wanted_here:
                found.append(view)
            game.apply(seat, bots[seat].act(view))
        seed += 1
    return found


def ms_since(start: float) -> float:
    return 1000 * (time.process_time() - start)


def row(name: str, fast: list[float], slow: list[float], note: str) -> str:
    c, p = statistics.median(fast), statistics.median(slow)
    return (
        f"| {name} | {len(fast)} | {c:.2f} | {max(fast):.2f} | {p:.2f} | {max(slow):.2f} "
        f"| {p / c:.2f}× | {note} |"
    )


def main(wanted: int) -> None:
    core = getattr(ismcts, "_ismcts")  # noqa: B009
    if core is None:
        raise SystemExit("the compiled ismcts is not built (or PEGBOARD_PURE_PYTHON is set)")
    tables = race_tables(GAME, "rotate")
    fast, slow, same = [], [], 0
    for k, view in enumerate(decisions(wanted, near_end=False)):
        search = PlaySearch(view, model=False)
        bot = IsmctsBot(seed=k)
        start = time.process_time()
        got = core.root_visits(search, random.Random(k), SIMULATIONS, EXPLORE, *tables)
        fast.append(ms_since(start))
        bot.rng = random.Random(k)
        start = time.process_time()
        expected = bot._play_python(search)
        slow.append(ms_since(start))
        same += got == expected
    print(
        "| search | decisions | median ms | longest ms | peer median ms | peer longest ms "
        "| peer / it | |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    print(row("`ismcts` in C (peer: in Python)", fast, slow, f"{same} trees the same"))
    fast, slow, same = [], [], 0
    for k, view in enumerate(decisions(wanted, near_end=False, discards=True)):
        hand = [int(c) for c in parse_cards(view["hand"])]
        args = (
            hand,
            known(view["seat"], "seat"),
            known(view["dealer"], "dealer"),
            [int(s) for s in view["scores"]],
        )
        target, unseen = int(view["target"]), unseen_cards(view)
        start = time.process_time()
        visits = core.discard_visits(
            *args, target, unseen, random.Random(k), SIMULATIONS, EXPLORE, *tables
        )
        fast.append(ms_since(start))
        bot = IsmctsBot()
        bot.rng = random.Random(k)
        start = time.process_time()
        python_visits = bot._discard_python(*args, target, unseen)
        slow.append(ms_since(start))
        same += visits == python_visits
    print(row("`ismcts`'s discard in C (peer: in Python)", fast, slow, f"{same} the same visits"))
    register_bot("ismcts", IsmctsBot)
    play_one("cribbage", 2, ["expert", "ismcts"], 1, {"score_target": 31})  # the tables, once
    fast, slow, same = [], [], 0
    for seed in range(7_300_000, 7_300_000 + GAMES):
        games = []
        for compiled in (core, None):
            setattr(ismcts, "_ismcts", compiled)  # noqa: B010
            start = time.process_time()
            games.append(play_one("cribbage", 2, ["expert", "ismcts"], seed, {}).record())
            (fast if compiled else slow).append(ms_since(start))
        same += games[0] == games[1]
    setattr(ismcts, "_ismcts", core)  # noqa: B010
    print(
        row(
            "a game, expert v `ismcts` with it in C (peer: in Python)",
            fast,
            slow,
            f"{same} records the same",
        )
    )
    exact, rollouts, other = [], [], 0
    for k, view in enumerate(decisions(wanted, near_end=True)):
        start = time.process_time()
        a = last_play.choose_card_exactly(view, random.Random(k), worlds=WORLDS)
        exact.append(ms_since(start))
        start = time.process_time()
        b = choose_card(view, random.Random(k), worlds=WORLDS)
        rollouts.append(ms_since(start))
        other += a != b
    print(
        row(
            "expert's exact last play (peer: its rollouts)",
            exact,
            rollouts,
            f"{other} picked another card",
        )
    )


if __name__ == "__main__":
    main(int(sys.argv[1]))
