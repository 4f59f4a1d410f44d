"""What a Cribbage view tells about the play so far: the position, and what each "go" proved.

A player passes only when no card they hold fits under 31, so a go at count ``c`` proves
that every card the player still held was worth more than ``31 - c``. The view lists the
cards played (with their seats) but not the passes; they follow from the turn order, which
the rules fix: whenever the seat whose turn it was is not the next to play, it passed.
"""

from __future__ import annotations

from dataclasses import dataclass

from pegboard.bots.base import known
from pegboard.bots.search.pegging import PegPosition
from pegboard.cards import VALUE_OF, parse_card, parse_cards
from pegboard.games.cribbage.views import CribbageBotView


@dataclass(frozen=True)
class PlaySoFar:
    seats: tuple[int, ...]
    plays: tuple[tuple[int, int], ...]
    """(seat, card) in the order played."""
    above: dict[int, int]
    """Per seat: every card it still holds is worth more than this (0: nothing known)."""
    goes: int
    """How many passes the turn order implies so far in this hand."""
    before: tuple[tuple[int, ...], ...]
    """Per play (in ``plays``' order): the cards of the count it was played onto."""

    def played_by(self, seat: int) -> list[int]:
        """The cards ``seat`` has played this hand, in order."""
        return [card for s, card in self.plays if s == seat]


def _order(view: CribbageBotView) -> tuple[int, ...]:
    players = int(view["players"])
    return tuple(s for s in range(players) if s in view["active"])


def play_so_far(view: CribbageBotView) -> PlaySoFar:
    """Replay the turn order over the view's plays to find every go and what it proved."""
    seats = _order(view)
    plays = tuple((int(p["seat"]), int(parse_card(p["card"]))) for p in view["played"])
    held = dict.fromkeys(seats, 4)
    above = dict.fromkeys(seats, 0)
    passed: set[int] = set()
    count = 0
    count_cards: list[int] = []
    before: list[tuple[int, ...]] = []
    last = -1
    turn = _after(seats, known(view["dealer"], "dealer"))

    goes = 0

    def pass_turn() -> None:
        nonlocal count, turn, goes
        goes += 1
        if held[turn]:
            above[turn] = max(above[turn], 31 - count)
        passed.add(turn)
        if len(passed) == len(seats):  # everyone passed: the count starts again
            count = 0
            count_cards.clear()
            passed.clear()
            turn = _after(seats, last)
        else:
            turn = _next_unpassed(seats, turn, passed)

    for seat, card in plays:
        guard = 0
        while turn != seat or count + VALUE_OF[card] > 31:  # a card that does not fit
            pass_turn()
            guard += 1
            if guard > 2 * len(seats):
                raise ValueError("the plays in this view do not follow the turn order")
        held[seat] -= 1
        before.append(tuple(count_cards))
        count += VALUE_OF[card]
        count_cards.append(card)
        last = seat
        if count == 31:
            count = 0
            count_cards.clear()
            passed.clear()
            turn = _after(seats, last)
        else:
            turn = _next_unpassed(seats, turn, passed)
    # The passes since the last card, up to the seat whose turn it is now.
    now = view["turn"]
    if now is not None and view["phase"] == "play":
        guard = 0
        passes_now = {int(s) for s in view["passed"]}
        while not (turn == now and count == int(view["count"]) and passed == passes_now):
            pass_turn()
            guard += 1
            if guard > 2 * len(seats):
                raise ValueError("the passes in this view do not follow the turn order")
    return PlaySoFar(seats, plays, above, goes, tuple(before))


def position_from_view(view: CribbageBotView, others: dict[int, list[int]]) -> PegPosition:
    """The play as it stands, with ``others`` as the other seats' unplayed cards."""
    seats = _order(view)
    me = known(view["seat"], "seat")
    hands = {s: list(others.get(s, [])) for s in seats}
    hands[me] = [int(c) for c in parse_cards(view["hand"])]
    played = view["played"]
    return PegPosition(
        seats=seats,
        hands=hands,
        count=int(view["count"]),
        count_cards=[int(c) for c in parse_cards(view["count_cards"])],
        passed={int(s) for s in view["passed"]},
        turn=int(view["turn"]) if view["turn"] is not None else me,
        last=int(played[-1]["seat"]) if played else -1,
    )


def _after(seats: tuple[int, ...], seat: int) -> int:
    if seat in seats:
        return seats[(seats.index(seat) + 1) % len(seats)]
    return next((s for s in seats if s > seat), seats[0])


def _next_unpassed(seats: tuple[int, ...], seat: int, passed: set[int]) -> int:
    i = seats.index(seat)
    for k in range(1, len(seats) + 1):
        nxt = seats[(i + k) % len(seats)]
        if nxt not in passed:
            return nxt
    return seat
