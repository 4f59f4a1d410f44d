"""The expert against the search opponent (``ismcts``, 1,000 simulations a decision), or any
other bot, on duplicate 2-player deals, with where the points came from.

Run: ``.venv/bin/python -m benchmarks.ismcts_ab play --out runs/ismcts.jsonl --seed 7300000
--minutes 60`` (appends one line per deal; run again with ``--seed`` past the last to add
more; ``--opponent hoyle`` for the expert against hoyle, ``--expert NAME`` for another expert, such
as ``expert-exact``, the expert searching the last deal's play exactly, ``expert-searcher``, the
expert reading a searcher (``Thinking.searcher``), or one of the versions
screened in session 18, :mod:`benchmarks.ismcts_variants`, or an upper bound that sees the
opponent's hand in the play, :mod:`benchmarks.oracle_play`),
then ``.venv/bin/python -m benchmarks.ismcts_ab report runs/ismcts.jsonl``; ``compare NEW OLD``
sets two runs of the same deals side by side, deal by deal.

Every deal is played twice with the seats swapped (duplicate), 2-player Cribbage to 121,
``expert`` as shipped (its 1 s budget a move, of its own thread's CPU time). The report gives
the expert's share of the games won with its 95% interval (per deal: the two games are one
sample, so the cards' luck cancels; and Wilson's over the games), its final margin a game, its
share of the close games (decided by 15 points or fewer), then the points per complete hand
by phase (the pegging, the hand, the crib, as dealer and as pone), the expert's minus the
opponent's, with its interval: where the opponent gains. docs/bots.md, "A search opponent".
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import benchmarks.ismcts_variants  # noqa: F401  (registers the screened versions)
from benchmarks.oracle_play import ORACLES, play_one_seeing
from pegboard.arena import play_one
from pegboard.bots.cribbage.ismcts import IsmctsBot
from pegboard.bots.expert import ExpertBot
from pegboard.bots.registry import register_bot
from pegboard.match.phases import hand_points
from pegboard.match.stats import mean_interval, wilson_interval

register_bot("ismcts", IsmctsBot)
register_bot("expert-exact", partial(ExpertBot, exact_end=True))
register_bot("expert-searcher", partial(ExpertBot, searcher=True))
PHASES = ("pegging", "hand", "crib")
ROLES = ("dealer", "pone")
CLOSE = 15
"""A game that ends with the loser this many points or fewer behind is a close one."""


def _phase_points(events: Sequence[Mapping[str, object]], seat: int) -> dict[str, list[int]]:
    """``seat``'s points by phase and role, summed over the game's complete hands, and the
    number of hands in each role."""
    totals = {f"{phase}_{role}": [0, 0] for phase in PHASES for role in ROLES}
    for hand in hand_points("cribbage", 2, events):
        if not hand.complete:
            continue
        role = "dealer" if hand.dealer == seat else "pone"
        for phase in PHASES:
            key = f"{phase}_{role}"
            totals[key][0] += hand.points[seat].get(phase, 0)
            totals[key][1] += 1
    return totals


def play_deal(seed: int, expert: str, opponent: str) -> dict[str, object]:
    """One deal in both seatings: the expert's seat, who won, the scores, and each side's
    points by phase."""
    line: dict[str, object] = {"seed": seed}
    for game_no, lineup in enumerate(((expert, opponent), (opponent, expert)), start=1):
        seeing = any(name in ORACLES for name in lineup)
        game = (play_one_seeing if seeing else play_one)("cribbage", 2, lineup, seed, {})
        assert game.outcome is not None
        mine = lineup.index(expert)
        line[f"g{game_no}"] = {
            "expert_won": game.outcome.ranks[mine] == 1,
            "scores": list(game.outcome.scores),
            "expert_seat": mine,
            "expert": _phase_points(game.events, mine),
            "opponent": _phase_points(game.events, 1 - mine),
        }
    return line


def play(
    out: Path,
    seed: int,
    minutes: float,
    deals: int,
    expert: str,
    opponent: str,
    deal: Callable[[int, str, str], dict[str, object]] = play_deal,
) -> None:
    """Deals from ``seed`` on, a line each (``deal(seed, expert, opponent)``), until ``deals``
    are played or ``minutes`` have passed."""
    out.parent.mkdir(parents=True, exist_ok=True)
    stop = time.monotonic() + 60 * minutes
    done = 0
    with out.open("a", encoding="utf-8") as f:
        while done < deals and time.monotonic() < stop:
            f.write(json.dumps(deal(seed + done, expert, opponent)) + "\n")
            f.flush()
            done += 1
    print(f"{done} deals ({2 * done} games) from seed {seed} to {out}")


def key_counts(phase: str, role: str) -> bool:
    """Whether a role scores in a phase (the pone has no crib)."""
    return not (phase == "crib" and role == "pone")


def report(paths: Sequence[Path]) -> dict[str, object]:
    lines = [json.loads(t) for p in paths for t in p.read_text("utf-8").splitlines() if t]
    seeds = [int(line["seed"]) for line in lines]
    if len(set(seeds)) != len(seeds):
        raise SystemExit("a deal appears twice: play the runs with seeds that do not overlap")
    games = [line[g] for line in lines for g in ("g1", "g2")]
    won = sum(g["expert_won"] for g in games)
    per_deal = [(line["g1"]["expert_won"] + line["g2"]["expert_won"]) / 2 for line in lines]
    phases: dict[str, object] = {}
    for key in (f"{phase}_{role}" for phase in PHASES for role in ROLES if key_counts(phase, role)):
        # Per deal: the expert's points a hand in this phase and role minus the opponent's.
        diffs = []
        for line in lines:
            mine = sum(line[g]["expert"][key][0] for g in ("g1", "g2"))
            theirs = sum(line[g]["opponent"][key][0] for g in ("g1", "g2"))
            hands = sum(line[g]["expert"][key][1] for g in ("g1", "g2"))
            their_hands = sum(line[g]["opponent"][key][1] for g in ("g1", "g2"))
            if hands and their_hands:
                diffs.append(mine / hands - theirs / their_hands)
        phases[key] = mean_interval(diffs).to_json()
    margins = [g["scores"][g["expert_seat"]] - g["scores"][1 - g["expert_seat"]] for g in games]
    close = [g for g, m in zip(games, margins, strict=True) if abs(m) <= CLOSE]
    return {
        "deals": len(lines),
        "games": len(games),
        "expert_win_rate_by_deal": mean_interval(per_deal).to_json(),
        "expert_win_rate": wilson_interval(won, len(games)).to_json(),
        "expert_margin_a_game": mean_interval(margins).to_json(),
        "expert_win_rate_in_close_games": wilson_interval(
            sum(g["expert_won"] for g in close), len(close)
        ).to_json(),
        "points_a_hand_expert_minus_opponent": phases,
    }


def compare(new: Path, old: Path) -> dict[str, object]:
    """Two runs on the same deals (two versions of the expert): per deal both played, the
    new one's share of the two games won minus the old one's, with its interval (the cards'
    luck cancels twice over: a game only differs from the first move the versions differ);
    the same for the pegging a hand (the expert's minus the opponent's, both roles) and the
    final margin a game, which tell a difference in fewer deals than the wins do."""

    def by_seed(path: Path) -> dict[int, dict[str, Any]]:
        lines = [json.loads(t) for t in path.read_text("utf-8").splitlines() if t]
        return {int(line["seed"]): line for line in lines}

    def won(line: Mapping[str, Any]) -> float:
        return float(line["g1"]["expert_won"] + line["g2"]["expert_won"]) / 2

    def pegging(line: Mapping[str, Any]) -> float:
        """The expert's pegging a hand minus the opponent's, over both games and roles."""
        net = {"expert": 0.0, "opponent": 0.0}
        for side in net:
            points = hands = 0
            for g in ("g1", "g2"):
                for role in ROLES:
                    points += line[g][side][f"pegging_{role}"][0]
                    hands += line[g][side][f"pegging_{role}"][1]
            net[side] = points / hands if hands else 0.0
        return net["expert"] - net["opponent"]

    def margin(line: Mapping[str, Any]) -> float:
        total = 0
        for g in ("g1", "g2"):
            scores, seat = line[g]["scores"], line[g]["expert_seat"]
            total += scores[seat] - scores[1 - seat]
        return total / 2

    after, before = by_seed(new), by_seed(old)
    seeds = sorted(after.keys() & before.keys())
    changed = [won(after[s]) - won(before[s]) for s in seeds]
    return {
        "deals": len(seeds),
        "new_win_rate": mean_interval([won(after[s]) for s in seeds]).to_json(),
        "old_win_rate": mean_interval([won(before[s]) for s in seeds]).to_json(),
        "new_minus_old": mean_interval(changed).to_json(),
        "deals_changed": sum(1 for d in changed if d),
        "deals_played_differently": sum(1 for s in seeds if after[s] != before[s]),
        "pegging_a_hand_new_minus_old": mean_interval(
            [pegging(after[s]) - pegging(before[s]) for s in seeds]
        ).to_json(),
        "margin_a_game_new_minus_old": mean_interval(
            [margin(after[s]) - margin(before[s]) for s in seeds]
        ).to_json(),
    }


def play_arguments(run: argparse.ArgumentParser, *, seed: int, deals: int) -> None:
    """A command's arguments for :func:`play`."""
    run.add_argument("--out", type=Path, required=True)
    run.add_argument("--seed", type=int, default=seed)
    run.add_argument("--minutes", type=float, default=10.0)
    run.add_argument("--deals", type=int, default=deals)
    run.add_argument("--expert", default="expert")
    run.add_argument("--opponent", default="ismcts")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play_arguments(sub.add_parser("play"), seed=7_300_000, deals=5_000)
    show = sub.add_parser("report")
    show.add_argument("paths", type=Path, nargs="+")
    both = sub.add_parser("compare")
    both.add_argument("new", type=Path)
    both.add_argument("old", type=Path)
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args.out, args.seed, args.minutes, args.deals, args.expert, args.opponent)
    elif args.command == "compare":
        json.dump(compare(args.new, args.old), sys.stdout, indent=2)
        print()
    else:
        json.dump(report(args.paths), sys.stdout, indent=2)
        print()


if __name__ == "__main__":
    main()
