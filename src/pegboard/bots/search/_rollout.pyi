"""Types of the compiled rollout (``_rollout.pyx``): ``play_out`` with ``heuristic_policy``
in C."""

from collections.abc import Sequence

from pegboard.bots.search.pegging import PegPosition

def play_out_heuristic(
    position: PegPosition,
    side_of: Sequence[int] | None = None,
    need: Sequence[int] | None = None,
    first: int | None = None,
    styles: Sequence[int] | None = None,
    luck: int = 0,
) -> tuple[list[int], int]: ...
