"""Means with 95% confidence intervals, for independent samples and for paired deals.

In a duplicate match the games of one deal are not independent (they share the cards), so
an estimate is taken per deal first (a bot's win share over the deal's rotations, say) and
the interval comes from the spread of those per-deal values: the deal is the sample.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def excludes(self, value: float) -> bool:
        """Whether the interval lies wholly on one side of ``value``."""
        return self.low > value or self.high < value

    def to_json(self) -> dict[str, float | int]:
        return {
            "mean": round(self.mean, 5),
            "low": round(self.low, 5),
            "high": round(self.high, 5),
            "n": self.n,
        }

    def text(self, percent: bool = False, digits: int = 2) -> str:
        if percent:
            return f"{self.mean:.{digits - 1}%} ± {self.half_width:.{digits - 1}%}"
        return f"{self.mean:.{digits}f} ± {self.half_width:.{digits}f}"


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean and its normal-approximation 95% interval (sample standard deviation)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def wilson_interval(successes: int, n: int) -> Estimate:
    """A proportion's 95% Wilson score interval (good near 0 and 1, unlike the normal one)."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)
