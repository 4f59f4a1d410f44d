"""Greedy play for Cribbage is not Enough: one ply, every decision, from the view alone.

Each decision takes the legal action with the best immediate expectation:

* **discard**: the four cards (and the two or one thrown to the team's own crib pile) with the
  best mean hand + pile over every card of the team's deck that could be its Top;
* **power**: Magic when the best Magic discard gains at least :data:`MAGIC_GAIN` points on
  average; Might when the hand holds Might or the team deals (where the Top's Might most
  likely decides the battle); Intel when it reveals anything; none otherwise. Every value
  comes from the view's table;
* **reveal**: the cards that tell least (ten-cards first, fives and low cards last);
  **magic**: the cards whose replacement gains most; **split**: the captain's own best share;
* **play**: the card that pegs most now, avoiding leaving 5 or 21; **cradle**: the action
  worth most to the team's crib count against the other team's;
* **colour**: the deck whose court cards carry most power; **first**: the other team first,
  so that our captain decides knowing what they did;
* manual counting: claim every item, Muggins on every miss, with the game's own scoring.

The helpers here (powers from the view, unseen cards, cached combination counts, the crib
count) serve :mod:`pegboard.bots.not_enough.expert` too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from pegboard.bots.base import known
from pegboard.bots.claiming import perfect_count
from pegboard.cards import DECK, RANK_OF, SUIT_OF, VALUE_OF, Card, parse_card, parse_cards
from pegboard.core.compiled import PURE_PYTHON
from pegboard.core.rules import Action
from pegboard.errors import IllegalAction
from pegboard.games.not_enough.cradle import crib_count
from pegboard.games.not_enough.points import crib_items
from pegboard.games.not_enough.views import NotEnoughChoice
from pegboard.scoring import ScoreItem, score_show
from pegboard.scoring.pegging import pegging_points
from pegboard.scoring.show import show_total
from pegboard.scoring.tables import RANK_KEY

try:  # the expert's inner loops in C, and the Magic's draws (setup.py builds it where it can)
    if PURE_PYTHON:
        raise ImportError("PEGBOARD_PURE_PYTHON is set")
    from pegboard.bots import _not_enough as _core
except ImportError:
    _core = None  # type: ignore[assignment]

View = NotEnoughChoice
"""What the greedy player reads: the game's own view type with the legal actions
(games/not_enough/views.py); the expert reads the whole ``NotEnoughBotView``."""

MAGIC_GAIN = 1.0
"""Expected points a Magic discard must add to the hand for greedy to give up the Top's Might."""
QUEEN = 12
COURT_LETTERS = {11: "J", 12: "Q", 13: "K", 1: "A"}
SECRECY = {5: 3, 1: 2, 2: 2, 3: 2, 4: 2, 10: 0}
"""How much a card's value tells an opponent in the play (revealed first: the lowest)."""
DANGER = (5, 21)
"""Counts that let a ten-card make 15 or 31."""


# -- reading the view ----------------------------------------------------------------------


@dataclass(frozen=True)
class Powers:
    """The powers table as the view shows it: each court card's values, each colour's suits."""

    values: dict[int, dict[str, int]]
    suits: dict[str, tuple[int, ...]]

    @classmethod
    def of(cls, view: View) -> Powers:
        table = view["powers"]
        values: dict[int, dict[str, int]] = {}
        for suit, letter in enumerate("CDHS"):
            for rank, rank_letter in COURT_LETTERS.items():
                entry = table["values"][letter][rank_letter]
                values[(rank - 1) * 4 + suit] = {k: int(v) for k, v in entry.items()}
        suits = {
            colour: tuple("CDHS".index(s) for s in letters)
            for colour, letters in table["colours"].items()
        }
        return cls(values, suits)

    def value(self, card: int, power: str) -> int:
        found = self.values.get(card)
        return found.get(power, 0) if found is not None else 0

    def by_card(self, power: str) -> tuple[int, ...]:
        """The power's value for every card id (0 for cards without powers)."""
        return tuple(self.value(c, power) for c in range(52))

    def total(self, cards: Iterable[int], power: str) -> int:
        return sum(self.value(c, power) for c in cards)

    def colour_of(self, card: int) -> str:
        return next(c for c, suits in self.suits.items() if SUIT_OF[card] in suits)

    def cards_of(self, colour: str) -> list[Card]:
        return [c for c in DECK if SUIT_OF[c] in self.suits[colour]]


def colour_of_team(view: View) -> list[str]:
    """The colour of team 0 and of team 1 (seats 0, 2 and 1, 3)."""
    by_team = {seats[0] % 2: colour for colour, seats in known(view["colours"], "colours").items()}
    return [by_team[0], by_team[1]]


def my_team(view: View) -> int:
    return known(view["seat"], "seat") % 2


def tops_by_team(view: View) -> list[Card]:
    tops = known(view["tops"], "Tops")
    return [parse_card(tops[colour]) for colour in colour_of_team(view)]


def known_cards(view: View) -> set[Card]:
    """Every card whose place this seat knows: its own, the Tops, played, revealed, the crib."""
    known: set[Card] = set()
    for key in ("hand", "kept", "discarded", "magicked"):
        known.update(parse_cards(view[key]))
    known.update(parse_card(t) for t in (view["tops"] or {}).values())
    known.update(parse_card(p["card"]) for p in view["played"])
    for cards in view["revealed"]:
        known.update(parse_cards(cards))
    for pile in (view["crib"] or {}).values():
        known.update(parse_cards(pile))
    return known


def unseen_of(view: View, powers: Powers, colour: str) -> list[Card]:
    """The cards of ``colour`` this seat has not seen: where Tops, draws and others' cards
    come from."""
    known = known_cards(view)
    return [c for c in powers.cards_of(colour) if c not in known]


# -- counting ------------------------------------------------------------------------------

_COMBO: dict[int, int] = {}


def rank_key(cards: Iterable[int]) -> int:
    """The rank multiset of ``cards`` as a number: keys of two sets add up to their union's."""
    return sum(RANK_KEY[c] for c in cards)


def combo_of_key(key: int) -> int:
    """Fifteens, pairs and maximal runs of the rank multiset ``key`` (cached)."""
    found = _COMBO.get(key)
    if found is None:
        found = _COMBO[key] = _combo_of_counts([(key >> (3 * r)) & 7 for r in range(13)])
    return found


def _combo_of_counts(counts: list[int]) -> int:
    """What :func:`~pegboard.scoring.combos.combination_points` counts, from how many cards
    of each rank (Ace first) there are: subsets making 15, pairs, and maximal runs."""
    ways = [1] + [0] * 15  # ways[s]: subsets of the cards so far adding up to s
    points = 0
    for rank, n in enumerate(counts, 1):
        value = min(rank, 10)
        for _ in range(n):
            for s in range(15, value - 1, -1):
                ways[s] += ways[s - value]
        points += n * (n - 1)  # 2 for each of the n(n-1)/2 pairs
    points += 2 * ways[15]
    length, product = 0, 1
    for n in [*counts, 0]:
        if n:
            length, product = length + 1, product * n
            continue
        if length >= 3:
            points += length * product
        length, product = 0, 1
    return points


def combo_points(cards: Iterable[int]) -> int:
    """Fifteens, pairs and maximal runs over ``cards`` (ranks only, so cached by multiset)."""
    return combo_of_key(rank_key(cards))


def hand_value(hand: Sequence[int], top: int) -> int:
    """The show of four cards with the team's Top, plus one for each Queen of the Top's suit
    (her heels: the other team loses a point)."""
    heels = sum(1 for c in hand if RANK_OF[c] == QUEEN and SUIT_OF[c] == SUIT_OF[top])
    return show_total(hand, top) + heels


def crib_points(
    view: View,
    piles: dict[str, list[Card]],
    owners: dict[str, int],
    banned: str | None,
) -> list[int]:
    """What each team counts in the crib, as the game counts it (by team)."""
    intel, battle = view["intel"], view["battle"]
    intel_team = intel["winner"] % 2 if intel and intel["winner"] is not None else None
    battle_team = battle["winner"] % 2 if battle and battle["winner"] is not None else None
    tops = {c: parse_card(t) for c, t in known(view["tops"], "Tops").items()}
    points = []
    for team in (0, 1):
        cards, _, used = crib_count(
            team,
            colour_of_team(view),
            piles,
            owners,
            tops,
            banned,
            intel_team,
            battle_team,
        )
        points.append(sum(i.points for i in crib_items([*cards, *used])) if cards else 0)
    return points


# -- the decisions -------------------------------------------------------------------------


def best_discard(view: View) -> Action:
    """The discard with the best mean hand + own pile over every possible Top."""
    powers = Powers.of(view)
    hand = parse_cards(view["hand"])
    colour = colour_of_team(view)[my_team(view)]
    tops = [c for c in powers.cards_of(colour) if c not in hand]

    def worth(action: Action) -> tuple[float, int]:
        thrown = parse_cards(action["cards"])
        kept = [c for c in hand if c not in thrown]
        total = sum(hand_value(kept, t) + combo_points([*thrown, t]) for t in tops)
        return total / len(tops), powers.total(kept, "might") + powers.total(kept, "intel")

    return max(view["legal"], key=worth)


def magic_gain(
    hand: Sequence[Card], thrown: Sequence[Card], top: Card, pool: Sequence[Card]
) -> float:
    """The mean hand value after swapping ``thrown`` for as many cards of ``pool``, less the
    hand's value now (exact over every draw)."""
    kept = [c for c in hand if c not in thrown]
    n = len(thrown)
    draws = comb(len(pool), n)
    if not draws:
        return 0.0
    return draws_total(kept, pool, n, top) / draws - hand_value(hand, top)


def draws_total(
    kept: Sequence[Card], pool: Sequence[Card], n: int, top: Card, *, compiled: bool = True
) -> int:
    """The hand value of ``kept`` with every ``n`` cards of ``pool``, summed (in C where the
    core was built and the hand has four cards: the same whole number)."""
    if compiled and _core is not None and len(kept) + n == 4:
        return _core.hand_total(kept, pool, n, top)
    return sum(hand_value([*kept, *d], top) for d in combinations(pool, n))


def draw_pool(view: View, powers: Powers) -> list[Card]:
    """Where the team's Magic draws come from: its deck's cards this seat has not seen."""
    return unseen_of(view, powers, colour_of_team(view)[my_team(view)])


def best_magic(view: View, size: int) -> tuple[float, tuple[Card, ...]]:
    """The best ``size`` cards of the hand to swap, with their mean gain (0 cards: 0)."""
    if size == 0:
        return 0.0, ()
    powers = Powers.of(view)
    hand = parse_cards(view["hand"])
    top = tops_by_team(view)[my_team(view)]
    pool = draw_pool(view, powers)
    if len(pool) < size or len(hand) < size:
        return float("-inf"), ()
    choices = [(magic_gain(hand, t, top, pool), t) for t in combinations(sorted(hand), size)]
    return max(choices, key=lambda pair: pair[0])


def choose_power(view: View) -> Action:
    powers = Powers.of(view)
    legal: list[Action] = view["legal"]
    allowed = {a["power"]: a for a in legal}
    top = tops_by_team(view)[my_team(view)]
    hand = parse_cards(view["hand"])
    if "magic" in allowed:
        gain, _ = best_magic(view, min(powers.value(top, "magic"), len(hand)))
        if gain >= MAGIC_GAIN:
            return allowed["magic"]
    dealing = known(view["dealer"], "dealer") % 2 == my_team(view)
    if powers.value(top, "might") and (powers.total(hand, "might") or dealing):
        return allowed["might"]
    if powers.value(top, "intel"):
        return allowed["intel"]
    return allowed["none"]


def secrecy(card: Card) -> tuple[int, int]:
    return SECRECY.get(VALUE_OF[card], 1), RANK_OF[card]


def least_telling(view: View) -> Action:
    """The reveal of the cards that tell the other team least about the play."""
    return min(view["legal"], key=lambda a: sorted(secrecy(c) for c in parse_cards(a["cards"])))


def magic_discard(view: View) -> Action:
    size = len(view["legal"][0]["cards"])
    _, thrown = best_magic(view, size)
    wanted = sorted(thrown)
    legal: list[Action] = view["legal"]
    for action in legal:
        if sorted(parse_cards(action["cards"])) == wanted:
            return action
    return least_telling(view)


def split_share(view: View) -> Action:
    """The captain's own best share; the partner's hand is unknown, so counted as average."""

    def worth(action: Action) -> tuple[float, int]:
        mine = int(action["captain"])
        return best_magic(view, mine)[0], -abs(mine - int(action["partner"]))

    return max(view["legal"], key=worth)


def play_key(card: Card, count: int, cards: Sequence[Card]) -> tuple[int, int, int]:
    """Points now, then not leaving 5 or 21, then the higher card (low ones help later)."""
    new = count + VALUE_OF[card]
    return pegging_points([*cards, card], new), -(new in DANGER), VALUE_OF[card]


def best_play(view: View) -> Action:
    count = int(view["count"])
    cards = parse_cards(view["count_cards"])
    return max(view["legal"], key=lambda a: play_key(parse_card(a["card"]), count, cards))


def cradle_values(view: View) -> list[tuple[float, Action]]:
    """Each cradle action with its worth: our crib count less theirs (an added card: the
    mean over the deck's unseen cards)."""
    powers = Powers.of(view)
    team = my_team(view)
    piles = {c: parse_cards(cards) for c, cards in known(view["crib"], "crib").items()}
    owners = {c: seats[0] % 2 for c, seats in known(view["crib_owners"], "crib").items()}
    colour = colour_of_team(view)[team]
    valued: list[tuple[float, Action]] = []
    for action in view["legal"]:
        if action["action"] == "add":
            pool = unseen_of(view, powers, colour)
            total = 0.0
            for card in pool:
                grown = {**piles, colour: [*piles[colour], card]}
                points = crib_points(view, grown, owners, None)
                total += points[team] - points[1 - team]
            valued.append((total / max(1, len(pool)), action))
        else:
            points = crib_points(view, piles, owners, action.get("colour"))
            valued.append((points[team] - points[1 - team], action))
    return valued


def best_cradle(view: View) -> Action:
    """The best cradle action; on a tie, doing nothing."""
    valued = cradle_values(view)
    return max(valued, key=lambda pair: (pair[0], pair[1]["action"] == "none"))[1]


def colour_choice(view: View) -> Action:
    """The deck whose court cards carry most power in all (the first on a tie)."""
    powers = Powers.of(view)

    def strength(action: Action) -> int:
        cards = powers.cards_of(action["colour"])
        return sum(powers.total(cards, p) for p in ("intel", "might", "magic"))

    return max(view["legal"], key=strength)


def first_choice(view: View) -> Action:
    """The other team resolves first: our captain then decides knowing what they did."""
    theirs = colour_of_team(view)[1 - my_team(view)]
    return next(a for a in view["legal"] if a["colour"] == theirs)


def count_items(view: View) -> Action:
    """Manual counting: claim every item of the count, or call Muggins on every one missed,
    with the items the game itself counts (a hand: the show with its Top; a crib: fifteens,
    pairs and runs with every Top it uses)."""
    counting = known(view["counting"], "count")
    tops = {parse_card(t) for t in known(view["tops"], "Tops").values()}

    def score(cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
        if counting["label"] == "crib":
            return crib_items(cards)
        hand = [c for c in cards if c not in tops]
        (top,) = [c for c in cards if c in tops]
        return score_show(hand, top).items

    return perfect_count(counting, score)


def act_greedy(view: View) -> Action:
    """Greedy's action for ``view`` (a seat's view, with ``legal``)."""
    legal: list[Action] = view["legal"]
    if not legal:
        raise IllegalAction("this seat has nothing to do now")
    if view.get("counting") is not None and view["phase"] == "count":
        return count_items(view)
    if len(legal) == 1:
        return legal[0]
    kind = legal[0]["type"]
    decide = _DECISIONS.get(kind)
    return decide(view) if decide is not None else legal[0]


_DECISIONS = {
    "discard": best_discard,
    "colour": colour_choice,
    "first": first_choice,
    "power": choose_power,
    "reveal": least_telling,
    "split": split_share,
    "magic": magic_discard,
    "play": best_play,
    "go": best_play,
    "cradle": best_cradle,
}
