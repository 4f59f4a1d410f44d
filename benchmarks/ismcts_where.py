"""Where the expert wins and loses against an opponent, hand by hand (docs/bots.md, *Session 20*).

``ismcts_ab`` keeps a game's totals; this keeps every hand: its dealer, the scores before it and
each seat's points by phase. ``report`` then says where the games are decided:

* the points a complete hand (pegging, shows), the expert's and the opponent's, by who deals and
  by the board (the nearer side needing more than 30 points before the hand, or 30 or fewer);
* the chance of winning each phase adds, by the score race's model
  (:func:`~pegboard.bots.search.race.race_tables`: the chance before the hand, after the cut
  and the pegging, after the pone's show, after the dealer's hand and crib), summed a game, by
  the board (the nearer side's need before the hand: far above 30, mid 16 to 30, near 15 or
  fewer) and the expert's role, the draw of each deal's dealer a phase of its own. A game's
  phases add up to its result minus a half, so the table splits the expert's wins above half
  by where they came from.

Run: ``python -m benchmarks.ismcts_where record --out runs/where.jsonl --seed 7500000 --deals
500 [--opponent hoyle]``, then ``python -m benchmarks.ismcts_where report runs/where.jsonl``;
``kinds --seed 7600000 --deals 100 [--opponent hoyle]`` plays deals and prints the pegging a hand
by kind (fifteens, pairs, runs, gos, thirty-ones, the answer to the lead), role and side.
The deals are ``ismcts_ab``'s (the same seeds play the same games).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from benchmarks.ismcts_ab import (  # (registers ismcts and the screened versions)
    play,
    play_arguments,
)
from pegboard.arena import play_one
from pegboard.bots.search.race import GAME, TARGET, hand_point_chances, race_tables
from pegboard.match.phases import hand_points
from pegboard.match.stats import mean_interval

REACH = 30
"""The board's near end, as the expert's endgame reads it."""
STEPS = ("pegging", "pone's show", "dealer's show")
DRAW = "dealer drawn"


def record_deal(seed: int, expert: str, opponent: str) -> dict[str, object]:
    """One deal in both seatings, every hand of each game kept."""
    line: dict[str, object] = {"seed": seed}
    for game_no, lineup in enumerate(((expert, opponent), (opponent, expert)), start=1):
        game = play_one("cribbage", 2, lineup, seed, {})
        assert game.outcome is not None
        mine = lineup.index(expert)
        hands, before = [], [0, 0]
        for hand in hand_points("cribbage", 2, game.events):
            hands.append({"dealer": hand.dealer, "before": before, "points": hand.points})
            before = hand.scores_after
        line[f"g{game_no}"] = {
            "expert_seat": mine,
            "expert_won": game.outcome.ranks[mine] == 1,
            "scores": list(game.outcome.scores),
            "hands": hands,
        }
    return line


def pegging_kinds(seed: int, deals: int, expert: str, opponent: str) -> dict[str, object]:
    """The points a hand pegged by kind (fifteen, pair, run, go, last card, thirty-one, and
    those pegged with the count's second card, the answer to the lead), by the expert's role
    and by who pegged them, over ``deals`` deals from ``seed`` in both seatings."""
    tally: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    hands = {"dealer": 0, "pone": 0}
    for game_seed in range(seed, seed + deals):
        for lineup in ((expert, opponent), (opponent, expert)):
            game = play_one("cribbage", 2, lineup, game_seed, {})
            me, role, plays, playing = lineup.index(expert), "", 0, False
            for event in game.events:
                kind = event["type"]
                if kind == "deal":
                    role = "dealer" if int(event["dealer"]) == me else "pone"
                    hands[role] += 1
                    plays, playing = 0, True
                elif kind == "play":
                    plays += 1
                elif kind == "show":
                    playing = False
                elif kind == "score" and playing:
                    who = "expert" if int(event["seat"]) == me else "opponent"
                    row = tally[role, who]
                    for item in event["items"]:
                        if item["kind"] == "heels":
                            continue
                        row[str(item["kind"])] += int(item["points"])
                        if plays == 2:
                            row["answering the lead"] += int(item["points"])
    return {
        "deals": deals,
        "hands": hands,
        "points_a_hand": {
            f"expert {role}, {who} pegs": {
                k: round(v / hands[role], 3) for k, v in sorted(tally[role, who].items())
            }
            for role, who in sorted(tally)
        },
    }


Table = npt.NDArray[np.float64]


@cache
def _chances() -> tuple[Table, Table, Table]:
    """The expert's chance of winning, by needs ``[mine, theirs]``: before a deal it deals,
    before one it does not, and with the next dealer still to be drawn."""
    dealing, pone = race_tables(GAME, "random")
    return dealing, pone.T, 0.5 * (dealing + pone.T)


def _after_pone(mine: int, theirs: int, deals: bool) -> float:
    """The chance with the dealer still to count its hand and crib."""
    drawn = _chances()[2]
    dealer = hand_point_chances()[2]
    points = np.arange(dealer.shape[0])
    own = mine if deals else theirs
    left = np.maximum(own - points, 1)
    after = drawn[left, theirs] if deals else drawn[mine, left]
    counted = np.where(points >= own, 1.0 if deals else 0.0, after)
    return float(counted @ dealer)


def _after_pegging(mine: int, theirs: int, deals: bool) -> float:
    """The chance with both shows still to come (the pone's first)."""
    pone = hand_point_chances()[1]
    own = theirs if deals else mine
    total = 0.0
    for points in np.nonzero(pone)[0].tolist():
        if points >= own:
            value = 0.0 if deals else 1.0
        elif deals:
            value = _after_pone(mine, theirs - points, deals)
        else:
            value = _after_pone(mine - points, theirs, deals)
        total += float(pone[points]) * value
    return total


def board(need: int) -> str:
    return "far" if need > REACH else ("mid" if need > 15 else "near")


def phase_gains(game: Mapping[str, Any]) -> Iterator[tuple[str, str, str, float]]:
    """Each phase's gain in the expert's chance: ``(phase, board, role, gain)``; the first of
    each hand is the draw of its dealer (the chance with the dealer known minus the chance
    before the draw), so a game's gains add up to its result minus a half."""
    me = int(game["expert_seat"])
    result = 1.0 if game["expert_won"] else 0.0
    for hand in game["hands"]:
        deals = hand["dealer"] == me
        scores = list(hand["before"])
        mine, theirs = TARGET - scores[me], TARGET - scores[1 - me]
        where, role = board(min(mine, theirs)), "dealer" if deals else "pone"
        drawn = float(_chances()[2][mine, theirs])
        chance = float(_chances()[0 if deals else 1][mine, theirs])
        yield DRAW, where, role, chance - drawn  # the luck of the draw for the deal
        points = hand["points"]
        pone, dealer = (1 - me, me) if deals else (me, 1 - me)
        steps = (
            {s: points[s]["pegging"] + points[s]["heels"] for s in (0, 1)},
            {pone: points[pone]["hand"]},
            {dealer: points[dealer]["hand"] + points[dealer]["crib"]},
        )
        for step, gained in zip(STEPS, steps, strict=True):
            for seat, p in gained.items():
                scores[seat] += p
            mine, theirs = TARGET - scores[me], TARGET - scores[1 - me]
            over = mine <= 0 or theirs <= 0
            if over:
                after = result
            elif step == "pegging":
                after = _after_pegging(mine, theirs, deals)
            elif step == "pone's show":
                after = _after_pone(mine, theirs, deals)
            else:
                after = float(_chances()[2][mine, theirs])
            yield step, where, role, after - chance
            chance = after
            if over:
                return


def report(paths: Sequence[Path]) -> dict[str, object]:
    lines = [json.loads(t) for p in paths for t in p.read_text("utf-8").splitlines() if t]
    games = [line[g] for line in lines for g in ("g1", "g2")]
    # Points a complete hand: [expert's pegging, opponent's, expert's show, opponent's, hands].
    points: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    gains: list[dict[str, float]] = []
    for game in games:
        me = int(game["expert_seat"])
        for hand in game["hands"][:-1]:  # the last is cut short
            role = "expert deals" if hand["dealer"] == me else "expert is pone"
            near = min(TARGET - s for s in hand["before"])
            mine, theirs = hand["points"][me], hand["points"][1 - me]
            for key in (role, f"{role}, {'far' if near > REACH else 'near'}"):
                row = points[key]
                row[0] += mine["pegging"]
                row[1] += theirs["pegging"]
                row[2] += mine["hand"] + mine["crib"]
                row[3] += theirs["hand"] + theirs["crib"]
                row[4] += 1
        per_game: dict[str, float] = defaultdict(float)
        for step, where, role, gain in phase_gains(game):
            # The draw, split by the role it gave, would be all luck one way or the other.
            split = () if step == DRAW else (f"{step}, {where}, {role}", f"{step}, {role}")
            for key in (*split, step, "all"):
                per_game[key] += 100 * gain
        gains.append(per_game)
    keys = sorted({k for g in gains for k in g})
    return {
        "deals": len(lines),
        "games": len(games),
        "expert_won": sum(bool(g["expert_won"]) for g in games) / len(games),
        "points_a_hand": {
            key: {
                "hands": row[4],
                "expert_pegs": round(row[0] / row[4], 2),
                "opponent_pegs": round(row[1] / row[4], 2),
                "expert_shows": round(row[2] / row[4], 2),
                "opponent_shows": round(row[3] / row[4], 2),
            }
            for key, row in sorted(points.items())
        },
        "chance_added_a_game_points_of_100": {
            key: mean_interval([g.get(key, 0.0) for g in gains]).to_json() for key in keys
        },
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play_arguments(sub.add_parser("record"), seed=7_500_000, deals=500)
    show = sub.add_parser("report")
    show.add_argument("paths", type=Path, nargs="+")
    kinds = sub.add_parser("kinds")
    kinds.add_argument("--seed", type=int, default=7_600_000)
    kinds.add_argument("--deals", type=int, default=100)
    kinds.add_argument("--expert", default="expert")
    kinds.add_argument("--opponent", default="ismcts")
    args = parser.parse_args(argv)
    if args.command == "record":
        play(args.out, args.seed, args.minutes, args.deals, args.expert, args.opponent, record_deal)
    elif args.command == "kinds":
        kinds_seen = pegging_kinds(args.seed, args.deals, args.expert, args.opponent)
        print(json.dumps(kinds_seen, indent=1))
    else:
        print(json.dumps(report(args.paths), indent=1))


if __name__ == "__main__":
    main()
