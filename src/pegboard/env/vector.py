"""Vectorized 2-player Cribbage: N games stepped at once on numpy arrays, for training loops.

``venv = make("cribbage", n=1024)``; ``obs = venv.reset(seed)``; then repeatedly
``mask = venv.legal_mask()`` (N, 19) and ``obs, rewards, done = venv.step(actions)`` with one
action id per game. A game that ends is counted in ``venv.games_finished``, its final scores
are kept in ``venv.final_scores`` and it is dealt again at once (auto-reset), so the
observation of a finished game is already the first decision of its next game.

The rules are ``Game``'s Cribbage for two players with the table options that leave only
real decisions: goes are automatic (``skip_empty``, ``skip_pass``), no pause points
(``pre_show=False``, ``post_show=False``), automatic counting; the game ends the instant a
score reaches ``score_target``. Each seat decides in turn: in the discard the dealer's left
(the non-dealer) discards first, then the dealer; then the play.

Action ids (``ACTIONS`` = 19):

* 0..14 -- discard the pair ``DISCARD_PAIRS[a]`` of hand slots of the 6 dealt cards (sorted
  by card id; pairs in ``itertools.combinations(range(6), 2)`` order: (0, 1), (0, 2), ...).
* 15..18 -- play the card in slot ``a - 15`` of the 4 kept cards (sorted by card id; a slot
  stays put when its card is played).

Observation (int16, ``OBS_SIZE`` = 33 per game), from the side of the seat to act ("me");
card ids 0..51 (``AC`` = 0, ``KS`` = 51), -1 for none:

====== =========================================================================
0      phase: 0 discard, 1 play
1      my seat (0 or 1)
2      1 if I deal this hand
3, 4   my score, the opponent's score
5      the count (0 in the discard)
6..11  my hand: the 6 dealt cards, or after my discard the 4 kept in slots 6..9
       (-1 where played) and -1 in 10, 11
12     the starter (-1 until both have discarded)
13..20 the cards of the current count, the latest first
21..28 every card played this hand, in order
29, 30 the two cards I put in the crib (-1 until I discard)
31     how many cards the opponent holds
32     the score target
====== =========================================================================

Rewards have shape (N, 2), one column per seat: with ``reward="win"`` +1 for the winner
and -1 for the loser on the step that ends a game, else 0; with ``reward="points"`` each
step's points pegged by the seat minus the opponent's.

Seeds: ``reset(seed)`` makes game ``g`` (0, 1, ...) of environment ``i`` deal exactly what
``Game`` deals with ``chance=VectorChance(seed, i, g)`` (:mod:`.vector_chance`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from pegboard.cards import RANK_OF, VALUE_OF
from pegboard.env.vector_chance import check_seed, deck_orders, first_dealers, game_keys
from pegboard.errors import IllegalAction, OptionError
from pegboard.scoring.batch import show_totals

I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

DISCARD_PAIRS: Final = tuple(combinations(range(6), 2))
PLAY: Final = len(DISCARD_PAIRS)
"""The first play action: ``PLAY + slot``."""
ACTIONS: Final = PLAY + 4
OBS_SIZE: Final = 33
Reward = Literal["win", "points"]

_KEEP: Final = np.array([[s for s in range(6) if s not in p] for p in DISCARD_PAIRS])
_TOSS: Final = np.array(DISCARD_PAIRS)
# Per card id, with one more entry at index -1 for "no card" (-1).
_VALUE: Final = np.array([*VALUE_OF, 99], dtype=np.int64)  # never playable
_RANK: Final = np.array([*RANK_OF, 99], dtype=np.int64)  # equals no rank, below no run
_BIT: Final = np.array([1 << r for r in RANK_OF] + [0], dtype=np.int64)
_JACKS: Final = (40, 43)
_LENGTHS: Final = np.arange(1, 9, dtype=np.int64)
_SPANS: Final = (1 << _LENGTHS) - 1  # k consecutive ranks, as bits
_RUN_POINTS: Final = np.where(_LENGTHS >= 3, _LENGTHS, 0)


class CribbageVector:
    """N two-player Cribbage games; see the module text for actions and observations."""

    def __init__(self, n: int, *, score_target: int = 121, reward: Reward = "win") -> None:
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise OptionError(f"n is the number of games, at least 1, not {n!r}")
        if not isinstance(score_target, int) or not 1 <= score_target <= 1000:
            raise OptionError(f"score_target must be 1..1000, not {score_target!r}")
        if reward not in ("win", "points"):
            raise OptionError(f"reward is 'win' or 'points', not {reward!r}")
        self.n = n
        self.target = score_target
        self.reward: Reward = reward
        self.seed: int | None = None
        self._rows = np.arange(n)
        self.games_finished = 0
        self.games = np.zeros(n, dtype=np.int64)
        """Per environment: the number of the game being played (0 first)."""
        self.final_scores = np.zeros((n, 2), dtype=np.int64)
        """Per environment: the final scores of its last finished game."""
        self.scores = np.zeros((n, 2), dtype=np.int64)
        self.dealer = np.zeros(n, dtype=np.int64)
        self.current_player = np.zeros(n, dtype=np.int64)
        """Per environment: the seat to act."""
        self.hand_number = np.zeros(n, dtype=np.int64)
        self.playing = np.zeros(n, dtype=bool)
        self.hands = np.full((n, 2, 6), -1, dtype=np.int64)
        self.kept = np.full((n, 2, 4), -1, dtype=np.int64)  # as kept, for the show
        self.crib = np.full((n, 2, 2), -1, dtype=np.int64)  # each seat's discards
        self.starter = np.full(n, -1, dtype=np.int64)
        self._cut = np.zeros(n, dtype=np.int64)  # the deck's 13th card: the starter to be
        self.count = np.zeros(n, dtype=np.int64)
        self.count_cards = np.full((n, 8), -1, dtype=np.int64)  # the latest first
        self.played = np.full((n, 8), -1, dtype=np.int64)
        self.plays = np.zeros(n, dtype=np.int64)
        self._mask = np.zeros((n, ACTIONS), dtype=bool)
        self._obs = np.zeros((n, OBS_SIZE), dtype=np.int16)

    # -- the interface ----------------------------------------------------------------------

    def reset(self, seed: int) -> npt.NDArray[np.int16]:
        """Start game 0 of every environment from ``seed``; the first observations."""
        self.seed = check_seed(seed)
        self.games_finished = 0
        self.games[:] = 0
        self.final_scores[:] = 0
        self._new_games(self._rows)
        return self._observe()

    def legal_mask(self) -> Bools:
        """(N, 19) bool: the legal actions of the seat to act in each game (read-only)."""
        self._require_reset()
        view = self._mask.view()
        view.flags.writeable = False
        return view

    def observation(self) -> npt.NDArray[np.int16]:
        """(N, 33) int16: what the seat to act in each game may see (read-only)."""
        self._require_reset()
        view = self._obs.view()
        view.flags.writeable = False
        return view

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.float32], Bools]:
        """Apply one action per game: (observations, rewards (N, 2), done (N,)).

        Raises :class:`~pegboard.errors.IllegalAction`, changing nothing, if any action is
        not legal."""
        chosen = self._checked(actions)
        before = self.scores.copy()
        over = np.zeros(self.n, dtype=bool)
        discarding = np.flatnonzero(~self.playing)
        playing = np.flatnonzero(self.playing)
        if discarding.size:
            self._discard(discarding, chosen[discarding], over)
        if playing.size:
            shows = self._play(playing, chosen[playing] - PLAY, over)
            if shows.size:
                self._show(shows, over)
                next_hands = shows[~over[shows]]
                if next_hands.size:
                    self.dealer[next_hands] ^= 1
                    self.hand_number[next_hands] += 1
                    self._deal(next_hands)
        rewards = self._rewards(before, over)
        finished = np.flatnonzero(over)
        if finished.size:
            self.final_scores[finished] = self.scores[finished]
            self.games_finished += finished.size
            self.games[finished] += 1
            self._new_games(finished)
        return self._observe(), rewards, over

    # -- the rules --------------------------------------------------------------------------

    def _checked(self, actions: npt.ArrayLike) -> I64:
        self._require_reset()
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or chosen.dtype.kind not in "iu":
            raise IllegalAction(
                f"actions must be {self.n} integer action ids, shape ({self.n},), "
                f"not {chosen.dtype} values of shape {chosen.shape}"
            )
        chosen = chosen.astype(np.int64)
        ok = (chosen >= 0) & (chosen < ACTIONS)
        ok[ok] = self._mask[self._rows[ok], chosen[ok]]
        if not ok.all():
            game = int(np.argmin(ok))
            legal = np.flatnonzero(self._mask[game]).tolist()
            raise IllegalAction(
                f"action {int(chosen[game])} is not legal in game {game}; legal there: {legal}"
            )
        return chosen

    def _new_games(self, rows: I64) -> None:
        self.scores[rows] = 0
        keys = game_keys(self._seed, rows, self.games[rows])
        self.dealer[rows] = first_dealers(keys)
        self.hand_number[rows] = 1
        self._deal(rows, keys)

    def _deal(self, rows: I64, keys: npt.NDArray[np.uint64] | None = None) -> None:
        """Deal hand ``hand_number`` in ``rows``: six each from the dealer's left, the 13th
        card kept back as the starter."""
        if keys is None:
            keys = game_keys(self._seed, rows, self.games[rows])
        deck = deck_orders(keys, self.hand_number[rows])
        dealer = self.dealer[rows]
        hands = np.empty((rows.size, 2, 6), dtype=np.int64)
        hands[np.arange(rows.size), 1 - dealer] = np.sort(deck[:, 0:12:2], axis=1)
        hands[np.arange(rows.size), dealer] = np.sort(deck[:, 1:12:2], axis=1)
        self.hands[rows] = hands
        self._cut[rows] = deck[:, 12]
        self.starter[rows] = -1
        self.crib[rows] = -1
        self.playing[rows] = False
        self.current_player[rows] = 1 - dealer
        self.count[rows] = 0
        self.count_cards[rows] = -1
        self.played[rows] = -1
        self.plays[rows] = 0

    def _discard(self, rows: I64, pairs: I64, over: Bools) -> None:
        seat = self.current_player[rows]
        hand = self.hands[rows, seat]
        kept = np.take_along_axis(hand, _KEEP[pairs], axis=1)
        self.kept[rows, seat] = kept
        self.crib[rows, seat] = np.take_along_axis(hand, _TOSS[pairs], axis=1)
        hand[:, :4] = kept
        hand[:, 4:] = -1
        self.hands[rows, seat] = hand
        self.current_player[rows] = 1 - seat
        # The dealer discards second; then the starter is cut and the play begins.
        cut = rows[seat == self.dealer[rows]]
        if cut.size:
            starter = self.starter[cut] = self._cut[cut]
            self.playing[cut] = True
            heels = cut[(starter >= _JACKS[0]) & (starter <= _JACKS[1])]
            if heels.size:
                self._peg(heels, self.dealer[heels], 2, over)

    def _play(self, rows: I64, slots: I64, over: Bools) -> I64:
        """Lay each card, peg it, then make the automatic goes; the rows whose hand is over."""
        me = self.current_player[rows]
        other = 1 - me
        hands = self.hands[rows]  # (m, 2, 6)
        at = np.arange(rows.size)
        card = hands[at, me, slots]
        hands[at, me, slots] = -1
        self.hands[rows] = hands
        count = self.count[rows] + _VALUE[card]
        cards = self.count_cards[rows]
        cards[:, 1:] = cards[:, :-1]
        cards[:, 0] = card
        self.played[rows, self.plays[rows]] = card
        self.plays[rows] += 1
        ranks = _RANK[cards]
        same = np.logical_and.accumulate(ranks == ranks[:, :1], axis=1).sum(axis=1)
        # The last k cards are a run when their ranks are k consecutive ones.
        bits = np.bitwise_or.accumulate(_BIT[cards], axis=1)
        lows = np.minimum.accumulate(ranks, axis=1)
        runs = (bits == (_SPANS << lows)) * _RUN_POINTS
        points = same * (same - 1) + runs.max(axis=1) + 2 * ((count == 15) | (count == 31))
        self._peg(rows, me, points, over)
        # Who can go on: the opponent first, then the player; nobody means a go.
        values = _VALUE[hands[:, :, :4]]
        room = (31 - count)[:, None]
        other_can = (values[at, other] <= room).any(axis=1)
        me_can = (values[at, me] <= room).any(axis=1)
        ended = (count == 31) | ~(other_can | me_can)
        go = ended & (count < 31)
        self._peg(rows[go], me[go], 1, over)
        other_has = (hands[at, other, :4] >= 0).any(axis=1)
        me_has = (hands[at, me, :4] >= 0).any(axis=1)
        self.current_player[rows] = np.where(
            ended, np.where(other_has, other, me), np.where(other_can, other, me)
        )
        self.count[rows] = np.where(ended, 0, count)
        cards[ended] = -1
        self.count_cards[rows] = cards
        return rows[ended & ~other_has & ~me_has]

    def _show(self, rows: I64, over: Bools) -> None:
        """The non-dealer's hand, the dealer's hand, the crib, each ending the game if it
        reaches the target."""
        dealer = self.dealer[rows]
        pone = 1 - dealer
        starter = self.starter[rows]
        hands = show_totals(
            np.concatenate([self.kept[rows, pone], self.kept[rows, dealer]]),
            np.concatenate([starter, starter]),
        ).astype(np.int64)
        crib = show_totals(self.crib[rows].reshape(-1, 4), starter, crib=True).astype(np.int64)
        self._peg(rows, pone, hands[: rows.size], over)
        self._peg(rows, dealer, hands[rows.size :], over)
        self._peg(rows, dealer, crib, over)

    def _peg(self, rows: I64, seat: I64, points: I64 | int, over: Bools) -> None:
        """Add ``points`` to ``seat`` in ``rows`` whose game is still on; mark the ends."""
        live = ~over[rows]
        gained = np.where(live, points, 0)
        self.scores[rows, seat] += gained
        over[rows] |= live & (self.scores[rows, seat] >= self.target)

    def _rewards(self, before: I64, over: Bools) -> npt.NDArray[np.float32]:
        if self.reward == "points":
            gained = self.scores - before
            diff = (gained[:, 0] - gained[:, 1]).astype(np.float32)
            return np.stack([diff, -diff], axis=1)
        won = (self.scores[:, 0] >= self.target).astype(np.float32) * 2 - 1
        rewards = np.zeros((self.n, 2), dtype=np.float32)
        rewards[over, 0] = won[over]
        rewards[over, 1] = -won[over]
        return rewards

    def _observe(self) -> npt.NDArray[np.int16]:
        me = self.current_player
        rows = self._rows
        hand = self.hands[rows, me]
        obs = self._obs
        obs[:, 0] = self.playing
        obs[:, 1] = me
        obs[:, 2] = self.dealer == me
        obs[:, 3] = self.scores[rows, me]
        obs[:, 4] = self.scores[rows, 1 - me]
        obs[:, 5] = self.count
        obs[:, 6:12] = hand
        obs[:, 12] = self.starter
        obs[:, 13:21] = self.count_cards
        obs[:, 21:29] = self.played
        obs[:, 29:31] = self.crib[rows, me]
        obs[:, 31] = (self.hands[rows, 1 - me] >= 0).sum(axis=1)
        obs[:, 32] = self.target
        mask = self._mask
        mask[:, :PLAY] = ~self.playing[:, None]
        mask[:, PLAY:] = self.playing[:, None] & (_VALUE[hand[:, :4]] <= 31 - self.count[:, None])
        return obs.copy()

    @property
    def _seed(self) -> int:
        assert self.seed is not None
        return self.seed

    def _require_reset(self) -> None:
        if self.seed is None:
            raise IllegalAction("call reset(seed) before using the environment")


def make(game: str, *, n: int, players: int = 2, **options: object) -> CribbageVector:
    """``make("cribbage", n=1024, score_target=121, reward="win")``."""
    if game.strip().lower() != "cribbage" or players != 2:
        raise OptionError(
            f"the vectorized environment plays 2-player cribbage, not {game!r} for {players}"
        )
    unknown = set(options) - {"score_target", "reward"}
    if unknown:
        raise OptionError(
            f"unknown option {sorted(unknown)[0]!r}; the vectorized environment takes "
            "score_target and reward"
        )
    target = options.get("score_target", 121)
    reward = options.get("reward", "win")
    if not isinstance(target, int) or reward not in ("win", "points"):
        raise OptionError(
            f"score_target is an integer and reward 'win' or 'points', not {target!r}, {reward!r}"
        )
    return CribbageVector(n, score_target=target, reward=reward)  # type: ignore[arg-type]
