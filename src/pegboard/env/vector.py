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

Layout: every per-game quantity is stored with the game as the last axis (``(k, N)``), so
that work across a hand's slots is a handful of whole-row operations, and a game's slot is
reached through a flat index ``slot * N + game``. The play is computed for every game and
kept only where a game is in the play; the rarer steps (discards, shows, deals) work on the
games that take them.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from pegboard.cards import RANK_OF, SUIT_OF, VALUE_OF
from pegboard.env.vector_chance import check_seed, deck_orders, first_dealers, game_keys
from pegboard.errors import IllegalAction, OptionError
from pegboard.scoring.batch import show_totals

I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Obs = npt.NDArray[np.int16]

DISCARD_PAIRS: Final = tuple(combinations(range(6), 2))
PLAY: Final = len(DISCARD_PAIRS)
"""The first play action: ``PLAY + slot``."""
ACTIONS: Final = PLAY + 4
OBS_SIZE: Final = 33
Reward = Literal["win", "points"]

_KEEP: Final = np.array([[s for s in range(6) if s not in p] for p in DISCARD_PAIRS]).T.copy()
_TOSS: Final = np.array(DISCARD_PAIRS).T.copy()
# Per card id, with one more entry at index -1 for "no card" (-1).
_NONE: Final = 99
_VALUE: Final = np.array([*VALUE_OF, _NONE], dtype=np.int64)  # no card is never playable
_RANK: Final = np.array([*RANK_OF, _NONE], dtype=np.int64)  # equals no rank, lowers no run
_BIT: Final = np.array([1 << r for r in RANK_OF] + [0], dtype=np.int64)  # none: no rank
_SUIT: Final = np.array(SUIT_OF, dtype=np.int64)
_JACKS: Final = (40, 43)
_SPANS: Final = tuple((1 << (k + 1)) - 1 for k in range(8))  # [k]: k + 1 consecutive ranks
_MORE_PAD: Final = np.full((2, 1), -1, dtype=np.int64)


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
        self._games = np.arange(n)
        self._no_games = self._games[:0]
        self._keys = np.zeros(n, dtype=np.uint64)  # each game's chance (vector_chance)
        self.games_finished = 0
        """Games ended since the last reset, over all environments."""
        self.games = np.zeros(n, dtype=np.int64)
        """Per environment: the number of the game being played (0 first)."""
        self._final = np.zeros((2, n), dtype=np.int64)
        self._scores = np.zeros((2, n), dtype=np.int64)
        self.dealer = np.zeros(n, dtype=np.int64)
        self.current_player = np.zeros(n, dtype=np.int64)
        """Per environment: the seat to act."""
        self.hand_number = np.zeros(n, dtype=np.int64)
        self.playing = np.zeros(n, dtype=bool)
        self._dealt = np.full((12, n), -1, dtype=np.int64)  # seat * 6 + slot
        self._held = np.full((8, n), -1, dtype=np.int64)  # seat * 4 + slot; -1 once played
        self._values = np.full((8, n), _NONE, dtype=np.int64)  # their count values
        self._kept = np.full((8, n), -1, dtype=np.int64)  # as kept, for the show
        self._crib = np.full((4, n), -1, dtype=np.int64)  # seat * 2 + card
        self.starter = np.full(n, -1, dtype=np.int64)
        self._cut = np.zeros(n, dtype=np.int64)  # the deck's 13th card: the starter to be
        self.count = np.zeros(n, dtype=np.int64)
        self._count_cards = np.full((8, n), -1, dtype=np.int64)  # the latest first
        self._count_ranks = np.full((8, n), _NONE, dtype=np.int64)
        self._count_bits = np.zeros((8, n), dtype=np.int64)  # 1 << rank
        self._pair = np.zeros(n, dtype=np.int64)  # the latest cards of one rank
        self._played = np.full((8, n), -1, dtype=np.int64)
        self._plays = np.zeros(n, dtype=np.int64)
        self._mask = np.zeros((ACTIONS, n), dtype=bool)
        self._obs = np.zeros((OBS_SIZE, n), dtype=np.int16)

    # -- the interface ----------------------------------------------------------------------

    @property
    def scores(self) -> I64:
        """(N, 2): each game's scores now."""
        return self._scores.T.copy()

    @property
    def final_scores(self) -> I64:
        """(N, 2): the final scores of each environment's last finished game."""
        return self._final.T.copy()

    def reset(self, seed: int) -> Obs:
        """Start game 0 of every environment from ``seed``; the first observations."""
        self.seed = check_seed(seed)
        self.games_finished = 0
        self.games[:] = 0
        self._final[:] = 0
        self._new_games(self._games)
        self._deal(self._games)
        return self._observe()

    def legal_mask(self) -> Bools:
        """(N, 19) bool: the legal actions of the seat to act in each game."""
        self._require_reset()
        return np.ascontiguousarray(self._mask.T)

    def observation(self) -> Obs:
        """(N, 33) int16: what the seat to act in each game may see."""
        self._require_reset()
        return np.ascontiguousarray(self._obs.T)

    def step(self, actions: npt.ArrayLike) -> tuple[Obs, npt.NDArray[np.float32], Bools]:
        """Apply one action per game: (observations, rewards (N, 2), done (N,)).

        Raises :class:`~pegboard.errors.IllegalAction`, changing nothing, if any action is
        not legal."""
        chosen = self._checked(actions)
        before = self._scores.copy()
        discarding = (~self.playing).nonzero()[0]
        playing = self.playing.copy()
        if discarding.size:
            self._discard(discarding, chosen[discarding])
        deal = self._no_games
        if playing.any():
            shows = self._play(playing, chosen - PLAY)
            if shows.size:
                self._show(shows)
                deal = shows[~self._over(shows)]
                self.dealer[deal] ^= 1
                self.hand_number[deal] += 1
        over = self._over()
        rewards = self._rewards(before, over)
        finished = over.nonzero()[0]
        if finished.size:
            self._final[:, finished] = self._scores[:, finished]
            self.games_finished += finished.size
            self.games[finished] += 1
            self._new_games(finished)
            deal = np.concatenate([deal, finished])
        if deal.size:
            self._deal(deal)
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
        inside = (chosen >= 0) & (chosen < ACTIONS)
        ok = inside & self._mask.reshape(-1).take(np.where(inside, chosen, 0) * self.n + self._games)
        if not ok.all():
            game = int(np.argmin(ok))
            legal = np.flatnonzero(self._mask[:, game]).tolist()
            raise IllegalAction(
                f"action {int(chosen[game])} is not legal in game {game}; legal there: {legal}"
            )
        return chosen

    def _over(self, rows: I64 | None = None) -> Bools:
        scores = self._scores if rows is None else self._scores[:, rows]
        return np.asarray(scores.max(axis=0) >= self.target)

    def _new_games(self, rows: I64) -> None:
        """Game ``games`` starts in ``rows``: scores 0, the first dealer drawn; not dealt."""
        self._scores[:, rows] = 0
        keys = self._keys[rows] = game_keys(self._seed, rows, self.games[rows])
        self.dealer[rows] = first_dealers(keys)
        self.hand_number[rows] = 1

    def _deal(self, rows: I64) -> None:
        """Deal hand ``hand_number`` in ``rows``: six each from the dealer's left, the 13th
        card kept back as the starter."""
        deck = deck_orders(self._keys[rows], self.hand_number[rows])
        dealer = self.dealer[rows]
        first = np.sort(deck[:, 0:12:2], axis=1).T  # the non-dealer's
        second = np.sort(deck[:, 1:12:2], axis=1).T
        to_first = dealer == 1
        self._dealt[:6, rows] = np.where(to_first, first, second)
        self._dealt[6:, rows] = np.where(to_first, second, first)
        self._cut[rows] = deck[:, 12]
        self.starter[rows] = -1
        self._held[:, rows] = -1
        self._values[:, rows] = _NONE
        self._crib[:, rows] = -1
        self.playing[rows] = False
        self.current_player[rows] = 1 - dealer
        self.count[rows] = 0
        self._count_cards[:, rows] = -1
        self._count_ranks[:, rows] = _NONE
        self._count_bits[:, rows] = 0
        self._pair[rows] = 0
        self._played[:, rows] = -1
        self._plays[rows] = 0

    def _discard(self, rows: I64, pairs: I64) -> None:
        n = self.n
        seat = self.current_player[rows]
        kept = self._dealt.reshape(-1).take((seat * 6 + _KEEP[:, pairs]) * n + rows)
        tossed = self._dealt.reshape(-1).take((seat * 6 + _TOSS[:, pairs]) * n + rows)
        where = (seat * 4 + np.arange(4)[:, None]) * n + rows
        self._held.reshape(-1).put(where, kept)
        self._values.reshape(-1).put(where, _VALUE.take(kept))
        self._kept.reshape(-1).put(where, kept)
        self._crib.reshape(-1).put((seat * 2 + np.arange(2)[:, None]) * n + rows, tossed)
        self.current_player[rows] = 1 - seat
        # The dealer discards second; then the starter is cut and the play begins.
        cut = rows[seat == self.dealer[rows]]
        if cut.size:
            starter = self.starter[cut] = self._cut[cut]
            self.playing[cut] = True
            heels = cut[(starter >= _JACKS[0]) & (starter <= _JACKS[1])]
            if heels.size:
                self._peg_rows(heels, self.dealer[heels], 2)

    def _play(self, playing: Bools, slots: I64) -> I64:
        """Lay the card of ``slots`` in every game where ``playing``, peg it, then make the
        automatic goes; the games whose hand is over. Computed for all games, kept for
        those playing."""
        n = self.n
        me = self.current_player
        me0 = me == 0
        at = (me * 4 + (slots & 3)) * n + self._games
        held, values = self._held.reshape(-1), self._values.reshape(-1)
        card = held.take(at)
        held.put(at, np.where(playing, -1, card))
        values.put(at, np.where(playing, _NONE, values.take(at)))
        count = self.count + _VALUE.take(card)
        played = self._played.reshape(-1)
        next_play = np.minimum(self._plays, 7) * n + self._games
        played.put(next_play, np.where(playing, card, played.take(next_play)))
        # The current count's cards, the latest first, as card ids, ranks and rank bits.
        cards, ranks, bits = self._count_cards, self._count_ranks, self._count_bits
        rank = _RANK.take(card)
        same = np.where(rank == ranks[0], self._pair + 1, 1)
        cards = np.concatenate([card[None], cards[:-1]])
        ranks = np.concatenate([rank[None], ranks[:-1]])
        bits = np.concatenate([_BIT.take(card)[None], bits[:-1]])
        # The last k cards are a run when their ranks are k consecutive ones.
        seen, low, run = bits[0], rank, np.zeros_like(rank)
        for k in range(1, 7):
            seen = seen | bits[k]
            low = np.minimum(low, ranks[k])
            if k >= 2:
                run = np.where(seen == (_SPANS[k] << low), k + 1, run)
        points = same * (same - 1) + run + 2 * ((count == 15) | (count == 31))
        self._peg(me0, points * playing)
        # Who can go on: the opponent first, then the player; nobody means a go.
        room = 31 - count
        mine = np.where(me0, self._values[:4], self._values[4:]).min(axis=0)
        theirs = np.where(me0, self._values[4:], self._values[:4]).min(axis=0)
        other_can = theirs <= room
        ended = (count == 31) | ~(other_can | (mine <= room))
        self._peg(me0, (ended & (count < 31) & playing).astype(np.int64))
        other_has = theirs < _NONE
        next_player = np.where(ended & ~other_has, me, 1 - me)
        next_player = np.where(ended | other_can, next_player, me)
        self.current_player = np.where(playing, next_player, me)
        self.count = np.where(playing, np.where(ended, 0, count), self.count)
        keep = playing & ~ended
        reset = playing & ended
        self._pair = np.where(keep, same, np.where(reset, 0, self._pair))
        self._count_cards = np.where(keep, cards, np.where(reset, -1, self._count_cards))
        self._count_ranks = np.where(keep, ranks, np.where(reset, _NONE, self._count_ranks))
        self._count_bits = np.where(keep, bits, np.where(reset, 0, self._count_bits))
        self._plays += playing
        return (reset & ~other_has & (mine == _NONE)).nonzero()[0]

    def _show(self, rows: I64) -> None:
        """The non-dealer's hand, the dealer's hand, the crib, each ending the game if it
        reaches the target."""
        dealer = self.dealer[rows]
        pone = 1 - dealer
        starter = self.starter[rows]
        kept = self._kept[:, rows]
        crib = self._crib[:, rows].T
        by_dealer = dealer == 0
        dealers = np.where(by_dealer, kept[:4], kept[4:]).T
        pones = np.where(by_dealer, kept[4:], kept[:4]).T
        totals = show_totals(
            np.concatenate([pones, dealers, crib]), np.concatenate([starter, starter, starter])
        ).astype(np.int64)
        m = rows.size
        # A crib's flush counts only with the starter's suit too: take off a 4-card flush.
        suits = _SUIT.take(crib)
        four = (suits == suits[:, :1]).all(axis=1) & (_SUIT.take(starter) != suits[:, 0])
        self._peg_rows(rows, pone, totals[:m])
        self._peg_rows(rows, dealer, totals[m : 2 * m])
        self._peg_rows(rows, dealer, totals[2 * m :] - 4 * four)

    def _peg(self, me0: Bools, points: I64) -> None:
        """Add ``points`` to the seat to act (seat 0 where ``me0``) in every game still on."""
        scores = self._scores
        points = points * (scores.max(axis=0) < self.target)
        scores[0] += points * me0
        scores[1] += points * ~me0

    def _peg_rows(self, rows: I64, seat: I64, points: I64 | int) -> None:
        """Add ``points`` to ``seat`` in ``rows`` whose game is still on."""
        live = ~self._over(rows)
        self._scores[seat, rows] += np.where(live, points, 0)

    def _rewards(self, before: I64, over: Bools) -> npt.NDArray[np.float32]:
        scores = self._scores
        if self.reward == "points":
            gained = scores - before
            diff = (gained[0] - gained[1]).astype(np.float32)
        else:
            diff = ((scores[0] >= self.target).astype(np.float32) * 2 - 1) * over
        rewards = np.empty((self.n, 2), dtype=np.float32)
        rewards[:, 0] = diff
        rewards[:, 1] = -diff
        return rewards

    def _observe(self) -> Obs:
        me = self.current_player
        me0 = me == 0
        playing = self.playing
        dealt = np.where(me0, self._dealt[:6], self._dealt[6:])
        held = np.where(me0, self._held[:4], self._held[4:])
        obs = self._obs
        obs[0] = playing
        obs[1] = me
        obs[2] = self.dealer == me
        obs[3] = np.where(me0, self._scores[0], self._scores[1])
        obs[4] = np.where(me0, self._scores[1], self._scores[0])
        obs[5] = self.count
        obs[6:10] = np.where(playing, held, dealt[:4])
        obs[10:12] = np.where(playing, -1, dealt[4:])
        obs[12] = self.starter
        obs[13:21] = self._count_cards
        obs[21:29] = self._played
        obs[29:31] = np.where(me0, self._crib[:2], self._crib[2:])
        # The opponent holds 6 cards until their discard, then what they have not played.
        theirs = np.where(me0, self._held[4:], self._held[:4])
        discarded = np.where(me0, self._crib[2], self._crib[0]) >= 0
        obs[31] = np.where(discarded, (theirs >= 0).sum(axis=0), 6)
        obs[32] = self.target
        mask = self._mask
        mask[:PLAY] = ~playing
        mask[PLAY:] = playing & (_VALUE.take(held) <= 31 - self.count)
        return np.ascontiguousarray(obs.T)

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
