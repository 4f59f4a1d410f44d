"""The expert playing for the ACC's game points against the expert playing each game to win.

Run: ``.venv/bin/python -m benchmarks.match_objective_ab play --out runs/match-points.jsonl
--seed 7100000 --minutes 60`` (appends; run again to add more deals, with ``--seed`` past the
last), then ``.venv/bin/python -m benchmarks.match_objective_ab report runs/match-points.jsonl``.

Every deal is played twice with the seats swapped (duplicate: each side gets the same cards
once), 2-player Cribbage to 121. ``expert-points`` is ``expert`` whose play search and discard
value the end of a game by the game points it earns minus those it gives away (a win 2, a
skunk 3: :func:`pegboard.bots.search.match_objective.points_payoff`; the discard through
:mod:`pegboard.bots.cribbage.race_discard`); ``expert`` values it by the chance of winning the
game. Both run without the clock (``budget=None``: the full search every move, as on a machine
that is not loaded), and the discard's exact analysis of a hand is kept for the deal's second
game (the same cards come to the other seat: the analysis is a pure function of the hand, so
this changes no move, only the time). The report gives each one's game points per game, the
difference per deal with its 95% interval (the two games of a deal are one sample, so the
cards' luck cancels), win and skunk rates. docs/bots.md has the results.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from pegboard.analysis import DiscardAnalysis, Tosses, analyze_discards
from pegboard.arena import play_one
from pegboard.bots.cribbage import discard
from pegboard.bots.expert import ExpertBot
from pegboard.bots.registry import register_bot
from pegboard.bots.search.match_objective import points_payoff
from pegboard.cards import Card
from pegboard.core.matchplay import game_result
from pegboard.core.spec import get_spec
from pegboard.match.stats import mean_interval, wilson_interval

ACC = get_spec("cribbage").worth
SIDES = ((0,), (1,))
A, B = "expert-points", "expert"


class PointsExpert(ExpertBot):
    """``expert`` playing every game for the ACC's game points."""

    name = A

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, budget=None, payoff=points_payoff(ACC))


class GameExpert(ExpertBot):
    """``expert`` as shipped, playing every game to win it."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, budget=None)


register_bot(A, PointsExpert)
register_bot(B, GameExpert)


@lru_cache(maxsize=256)
def _analysis(
    hand: tuple[int, ...], dealer: bool, players: int, partner_deals: bool, tosses: Tosses
) -> tuple[DiscardAnalysis, ...]:
    return tuple(
        analyze_discards(
            [Card(c) for c in hand],
            dealer=dealer,
            players=players,
            partner_deals=partner_deals,
            tosses=tosses,
        )
    )


def _remembered_analysis(
    hand: Sequence[Card],
    *,
    dealer: bool,
    players: int = 2,
    partner_deals: bool = False,
    tosses: Tosses = "random",
) -> list[DiscardAnalysis]:
    return list(_analysis(tuple(int(c) for c in hand), dealer, players, partner_deals, tosses))


setattr(discard, "analyze_discards", _remembered_analysis)  # noqa: B010 (the benchmark only)


def play_deal(seed: int) -> dict[str, object]:
    """One deal in both seatings: each bot's game points, games won and skunks."""
    line: dict[str, object] = {"seed": seed}
    for lineup in ((A, B), (B, A)):
        game = play_one("cribbage", 2, lineup, seed, {})
        assert game.outcome is not None
        result = game_result(game.outcome, SIDES, ACC)
        for seat, bot in enumerate(lineup):
            tag = "a" if bot == A else "b"
            line[f"{tag}{'1' if seat == 0 else '2'}"] = {
                "points": result.credits[seat].points,
                "won": result.ranks[seat] == 1,
                "skunk": result.how != "win" and result.ranks[seat] == 1,
                "score": result.scores[seat],
            }
    return line


def play(out: Path, seed: int, minutes: float, deals: int) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    stop = time.monotonic() + 60 * minutes
    done = 0
    with out.open("a", encoding="utf-8") as f:
        while done < deals and time.monotonic() < stop:
            f.write(json.dumps(play_deal(seed + done)) + "\n")
            f.flush()
            done += 1
    print(f"{done} deals ({2 * done} games) from seed {seed} to {out}")


def report(paths: Sequence[Path]) -> dict[str, object]:
    lines = [json.loads(t) for p in paths for t in p.read_text("utf-8").splitlines() if t]
    seeds = [int(line["seed"]) for line in lines]
    if len(set(seeds)) != len(seeds):
        raise SystemExit("a deal appears twice: play the runs with seeds that do not overlap")
    games = {tag: [line[f"{tag}{k}"] for line in lines for k in "12"] for tag in ("a", "b")}
    per_deal = [
        (line["a1"]["points"] + line["a2"]["points"] - line["b1"]["points"] - line["b2"]["points"])
        / 2
        for line in lines
    ]

    def rates(tag: str) -> dict[str, object]:
        played = games[tag]
        n = len(played)
        return {
            "points_per_game": sum(g["points"] for g in played) / n,
            "win": wilson_interval(sum(g["won"] for g in played), n).to_json(),
            "skunks_given": sum(g["skunk"] for g in played),
        }

    return {
        "deals": len(lines),
        "games": 2 * len(lines),
        A: rates("a"),
        B: rates("b"),
        "points_per_game_difference": mean_interval(per_deal).to_json(),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("play")
    run.add_argument("--out", type=Path, required=True)
    run.add_argument("--seed", type=int, default=7_100_000)
    run.add_argument("--minutes", type=float, default=10.0)
    run.add_argument("--deals", type=int, default=5_000)
    show = sub.add_parser("report")
    show.add_argument("paths", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args.out, args.seed, args.minutes, args.deals)
    else:
        json.dump(report(args.paths), sys.stdout, indent=2)
        print()


if __name__ == "__main__":
    main()
