"""What a match measured, per bot: wins, ranks and points by phase, each with its interval."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pegboard.match.phases import phases_for
from pegboard.match.run import Match
from pegboard.match.stats import Estimate, mean_interval

ROLES = ("dealer", "pone")
"""Pone: any player but the dealer."""


@dataclass(frozen=True)
class BotSummary:
    bot: str
    games: int
    win_rate: Estimate
    mean_rank: Estimate
    mean_score: Estimate
    phases: dict[str, dict[str, Estimate]]
    """Per role, per phase (and ``total``): mean points per complete hand."""
    race: list[float]
    """Mean score after each hand (a finished game keeps its final score)."""


@dataclass(frozen=True)
class MatchSummary:
    match: Match
    bots: list[BotSummary]
    rank_gap: Estimate | None
    """With two different bots: the first's mean rank minus the second's, per deal."""

    def to_json(self) -> dict[str, Any]:
        m = self.match
        return {
            "game": m.game,
            "players": m.players,
            "bots": list(m.bots),
            "duplicate": m.duplicate,
            "deals": m.deals,
            "games": len(m.results),
            "seed": m.seed,
            "options": m.options,
            "seconds": round(m.seconds, 2),
            "summary": [
                {
                    "bot": b.bot,
                    "games": b.games,
                    "win_rate": b.win_rate.to_json(),
                    "mean_rank": b.mean_rank.to_json(),
                    "mean_score": b.mean_score.to_json(),
                    "race": [round(v, 2) for v in b.race],
                    "phases": {
                        role: {name: e.to_json() for name, e in by_phase.items()}
                        for role, by_phase in b.phases.items()
                    },
                }
                for b in self.bots
            ],
            "rank_gap": self.rank_gap.to_json() if self.rank_gap is not None else None,
        }


def summarize(match: Match) -> MatchSummary:
    names = list(dict.fromkeys(match.bots))
    by_deal: dict[int, list[Any]] = {}
    for result in match.results:
        by_deal.setdefault(result.deal, []).append(result)
    bots = [_bot(match, name, by_deal) for name in names]
    gap = None
    if len(names) == 2:
        diffs = []
        for games in by_deal.values():
            a = _deal_mean(games, names[0], lambda r, s: r.ranks[s])
            b = _deal_mean(games, names[1], lambda r, s: r.ranks[s])
            if a is not None and b is not None:
                diffs.append(a - b)
        gap = mean_interval(diffs)
    return MatchSummary(match, bots, gap)


def _deal_mean(games: list[Any], bot: str, get: Any) -> float | None:
    values = [get(r, s) for r in games for s, name in enumerate(r.bots) if name == bot]
    return sum(values) / len(values) if values else None


def _bot(match: Match, name: str, by_deal: dict[int, list[Any]]) -> BotSummary:
    wins, ranks, scores = [], [], []
    for games in by_deal.values():
        w = _deal_mean(games, name, lambda r, s: 1.0 if r.ranks[s] == 1 else 0.0)
        if w is None:
            continue
        wins.append(w)
        ranks.append(_deal_mean(games, name, lambda r, s: r.ranks[s]) or 0.0)
        scores.append(_deal_mean(games, name, lambda r, s: r.scores[s]) or 0.0)
    names = (*phases_for(match.game), "total")
    samples: dict[str, dict[str, list[float]]] = {role: {p: [] for p in names} for role in ROLES}
    seats_games = 0
    for result in match.results:
        for seat, bot in enumerate(result.bots):
            if bot != name:
                continue
            seats_games += 1
            for hand in result.hands:
                if not hand.complete:
                    continue
                role = "dealer" if hand.dealer == seat else "pone"
                points = hand.points[seat]
                for phase, value in points.items():
                    samples[role][phase].append(float(value))
                samples[role]["total"].append(float(sum(points.values())))
    phases = {
        role: {p: mean_interval(v) for p, v in by_phase.items() if v}
        for role, by_phase in samples.items()
    }
    return BotSummary(
        bot=name,
        games=seats_games,
        win_rate=mean_interval(wins),
        mean_rank=mean_interval(ranks),
        mean_score=mean_interval(scores),
        phases=phases,
        race=_race(match, name),
    )


def _race(match: Match, name: str) -> list[float]:
    traces = [
        [h.scores_after[seat] for h in result.hands] or [0]
        for result in match.results
        for seat, bot in enumerate(result.bots)
        if bot == name
    ]
    if not traces:
        return []
    length = max(len(t) for t in traces)
    return [sum(t[min(i, len(t) - 1)] for t in traces) / len(traces) for i in range(length)]
