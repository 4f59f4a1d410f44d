"""The vectorized environment's games on numpy arrays: the pure-Python way to step N
two-player Cribbage games at once (:mod:`pegboard.env.vector` uses it where the compiled extension
was not built; both play exactly the same games).

Layout: the whole state is one int16 matrix with a row per quantity and a column per game
(:mod:`.vector_rows`), so work across a hand's slots is a handful of whole-row operations, a
game's slot is reached through a flat index ``row * N + game``, a new hand clears its rows
in one assignment, and both seats' observations are two row gathers. The play is computed
for every game and kept only where a game is in the play; the rarer steps (discards, shows,
deals) work on the games that take them.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pegboard.cards import RANK_OF, SUIT_OF, VALUE_OF
from pegboard.env import vector_rows as row
from pegboard.env.vector_chance import deck_orders, env_keys, first_dealers, game_keys
from pegboard.scoring.batch import show_totals

I64 = npt.NDArray[np.int64]
I16 = npt.NDArray[np.int16]
Bools = npt.NDArray[np.bool_]
Obs = npt.NDArray[np.int16]

DISCARD_PAIRS: Final = row.DISCARD_PAIRS
PLAY: Final = len(DISCARD_PAIRS)
"""The first play action: ``PLAY + slot``."""
ACTIONS: Final = PLAY + 4
OBS_SIZE: Final = len(row.OBSERVED[0])

_NONE: Final = row.NONE
# Per card id, with one more entry at index -1 for "no card" (-1).
_VALUE: Final = np.array([*VALUE_OF, _NONE], dtype=np.int16)  # no card is never playable
_RANK: Final = np.array([*RANK_OF, _NONE], dtype=np.int16)  # equals no rank, lowers no run
_BIT: Final = np.array([1 << r for r in RANK_OF] + [0], dtype=np.int16)  # none: no rank
_SUIT: Final = np.array(SUIT_OF, dtype=np.int16)
_JACKS: Final = (40, 43)
_RUN_LENGTHS: Final = np.arange(3, 8, dtype=np.int16)[:, None]
_RUN_SPANS: Final = (1 << _RUN_LENGTHS) - 1  # k consecutive ranks, as bits
_KEEP: Final = np.array([[s for s in range(6) if s not in p] for p in DISCARD_PAIRS]).T.copy()
_TOSS: Final = np.array(DISCARD_PAIRS).T.copy()
_DEALT_TO_PONE: Final = np.array([1, 0] * 6, dtype=np.int16)
"""Per card dealt, 1 if the non-dealer gets it when seat 0 deals (xor the dealer: its seat)."""
_HANDS: Final = (
    slice(row.HAND_CARDS.start, row.HAND_CARDS.start + 6),
    slice(row.HAND_CARDS.start + 6, row.HAND_CARDS.stop),
)
_HAND0: Final = slice(_HANDS[0].start, _HANDS[0].start + 4)  # seat 0's kept slots
_HAND1: Final = slice(_HANDS[1].start, _HANDS[1].start + 4)
_SLOT_BITS: Final = np.array([1, 2, 4, 8], dtype=np.int64)[:, None]
_LEGAL_SLOTS: Final = np.array([bin(p).count("1") for p in range(16)], dtype=np.int64)
_KTH_SLOT: Final = np.array(
    [([s for s in range(4) if p >> s & 1] + [0] * 4)[:4] for p in range(16)],
    dtype=np.int64,
).reshape(-1)
"""By 4-bit pattern of legal play slots and k (0..3): the k-th legal slot."""
_SLOTS: Final = tuple(np.arange(k)[:, None] for k in range(7))


class NumpyCribbage:
    """N two-player Cribbage games on numpy arrays (see the module text), for
    :class:`pegboard.env.vector.CribbageVector`, which checks what comes in."""

    def __init__(self, n: int, target: int, points_rewards: bool) -> None:
        self.n = n
        self.target = target
        self.points_rewards = points_rewards
        self._games = np.arange(n)
        self._no_games = self._games[:0]
        self.games_finished = 0
        self._game_numbers = np.zeros(n, dtype=np.int64)
        self._env_keys = np.zeros(n, dtype=np.uint64)  # each environment's chance
        self._keys = np.zeros(n, dtype=np.uint64)  # each game's chance (vector_chance)
        self._final = np.zeros((2, n), dtype=np.int16)
        self._s = np.zeros((row.ROWS, n), dtype=np.int16)
        self._s[row.TARGET] = target
        self._flat = self._s.reshape(-1)
        self._mask = np.zeros((ACTIONS, n), dtype=bool)

    def current_player(self) -> I64:
        return np.asarray(self._s[row.TURN], dtype=np.int64)

    def scores(self) -> I64:
        return self._s[row.SCORES].T.astype(np.int64)

    def final_scores(self) -> I64:
        return self._final.T.astype(np.int64)

    def games(self) -> I64:
        return self._game_numbers.copy()

    def reset(self, seed: int) -> None:
        self._env_keys = env_keys(seed, self._games)
        self.games_finished = 0
        self._game_numbers[:] = 0
        self._final[:] = 0
        self._new_games(self._games)
        self._deal(self._games)

    def first_illegal(self, chosen: I64) -> int:
        """The first game whose action is not legal there, or -1."""
        inside = (chosen >= 0) & (chosen < ACTIONS)
        ok = inside & self._mask.reshape(-1).take(chosen * self.n + self._games, mode="wrap")
        return -1 if ok.all() else int(np.argmin(ok))

    def legal_ids(self, game: int) -> list[int]:
        legal: list[int] = np.flatnonzero(self._mask[:, game]).tolist()
        return legal

    def legal_mask(self) -> Bools:
        return self._mask.copy().T

    def observation(self) -> Obs:
        return self._observe()

    def random_actions(self, u: npt.NDArray[np.float64]) -> I64:
        discarding = self._mask[0]
        # Which of the 4 play slots are legal, as 4 bits; then its k-th legal slot.
        legal = (self._mask[PLAY:] * _SLOT_BITS).sum(axis=0)
        counts = np.where(discarding, PLAY, _LEGAL_SLOTS.take(legal))
        k = (u * counts).astype(np.int64)
        slot = _KTH_SLOT.take(legal * 4 + np.minimum(k, 3))
        return np.where(discarding, k, PLAY + slot)

    def step(self, chosen: I64) -> tuple[Obs, npt.NDArray[np.float32], Bools]:
        """Apply one legal action per game: (observations, rewards (N, 2), done (N,))."""
        s = self._s
        before = s[row.SCORES].copy() if self.points_rewards else None
        playing = s[row.PLAYING].astype(bool)
        discarding = (~playing).nonzero()[0]
        if discarding.size:
            self._discard(discarding, chosen[discarding])
        deal = self._no_games
        if discarding.size < self.n:
            shows = self._play(playing, chosen - PLAY)
            if shows.size:
                deal = self._show(shows)
                s[row.DEALER, deal] ^= 1
                s[row.HAND, deal] += 1
        over = np.maximum(s[row.SCORE0], s[row.SCORE1]) >= self.target
        finished = np.flatnonzero(over)
        rewards = self._rewards(before, finished)
        if finished.size:
            self._final[:, finished] = s[row.SCORES, finished]
            self.games_finished += finished.size
            self._game_numbers[finished] += 1
            self._new_games(finished)
            deal = np.concatenate([deal, finished])
        if deal.size:
            self._deal(deal)
        return self._observe(), rewards, over

    # -- the rules --------------------------------------------------------------------------

    def _new_games(self, rows: I64) -> None:
        """Game ``games`` starts in ``rows``: scores 0, the first dealer drawn; not dealt."""
        s = self._s
        s[row.SCORES, rows] = 0
        keys = self._keys[rows] = game_keys(self._env_keys[rows], self._game_numbers[rows])
        s[row.DEALER, rows] = first_dealers(keys)
        s[row.HAND, rows] = 1

    def _deal(self, rows: I64) -> None:
        """Deal hand ``HAND`` in ``rows``: six each from the dealer's left, the 13th card kept
        back as the starter."""
        s = self._s
        dealer = s[row.DEALER, rows]
        deck = deck_orders(self._keys[rows], s[row.HAND, rows], 13)[:, :13].astype(np.int16)
        # One card each from the dealer's left: sort by (seat, card) to get both hands sorted.
        seat = _DEALT_TO_PONE ^ dealer[:, None]
        s[row.HAND_CARDS, rows] = (np.sort(deck[:, :12] | seat << 6, axis=1) & 63).T
        s[row.CLEARED, rows] = row.CLEAR
        s[row.CUT, rows] = deck[:, 12]
        s[row.TURN, rows] = 1 - dealer
        s[row.NOT_DEALER, rows] = 1 - dealer

    def _discard(self, rows: I64, pairs: I64) -> None:
        n, s, flat = self.n, self._s, self._flat
        seat = s[row.TURN, rows].astype(np.int64)
        hand = (row.HAND_CARDS.start + seat * 6) * n + rows
        kept = flat.take(hand + _KEEP[:, pairs] * n)
        tossed = flat.take(hand + _TOSS[:, pairs] * n)
        flat.put(hand + _SLOTS[6] * n, np.concatenate([kept, np.full((2, rows.size), -1)]))
        flat.put((row.KEPT.start + seat * 4 + _SLOTS[4]) * n + rows, kept)
        flat.put((row.CRIB.start + seat * 2 + _SLOTS[2]) * n + rows, tossed)
        s[row.TURN, rows] = 1 - seat
        # The dealer discards second; then the starter is cut and the play begins.
        cut = rows[seat == s[row.DEALER, rows]]
        if cut.size:
            starter = s[row.STARTER, cut] = s[row.CUT, cut]
            s[row.PLAYING, cut] = 1
            heels = cut[(starter >= _JACKS[0]) & (starter <= _JACKS[1])]
            if heels.size:
                self._peg_rows(heels, s[row.DEALER, heels], 2)

    def _play(self, playing: Bools, slots: I64) -> I64:
        """Lay the card of ``slots`` in every game where ``playing``, peg it, then make the
        automatic goes; the games whose hand is over. Computed for all games, kept for
        those playing."""
        n, s, flat, games = self.n, self._s, self._flat, self._games
        me = s[row.TURN]
        me0 = me == 0
        me64 = me.astype(np.int64)
        on = playing.view(np.int8)
        slot = me64 * 6 + (slots & 3)
        at = (row.HAND_CARDS.start + slot) * n + games
        card = flat.take(at)
        flat.put(at, np.where(playing, -1, card))
        count = s[row.COUNT] + _VALUE.take(card)
        # The count's last cards: the longest same-rank tail, and for each k the rank bits
        # and the lowest rank of the last k + 1 cards, from the same before this card.
        rank, bit = _RANK.take(card), _BIT.take(card)
        same = np.where(rank == s[row.LAST_RANK], s[row.PAIR] + 1, 1)
        seen = np.concatenate([bit[None], bit | s[row.SEEN][:-1]])
        low = np.concatenate([rank[None], np.minimum(rank, s[row.LOW][:-1])])
        # The last k cards are a run when their ranks are k consecutive ones.
        run = (((seen[2:] >> low[2:]) == _RUN_SPANS) * _RUN_LENGTHS).max(axis=0)
        points = (same * (same - 1) + run + 2 * ((count == 15) | (count == 31))) * on
        # Who can go on: the opponent first, then the player; nobody means a go, which
        # scores unless the card has just won the game (every game playing was on before).
        room = 31 - count
        first, second = s[_HAND0], s[_HAND1]  # each seat's 4 kept cards
        mine = _VALUE.take(np.where(me0, first, second)).min(axis=0)
        theirs = _VALUE.take(np.where(me0, second, first)).min(axis=0)
        other_can = theirs <= room
        ended = (count == 31) | ~(other_can | (mine <= room))
        score = np.where(me0, s[row.SCORE0], s[row.SCORE1]) + points
        points += ended & (count < 31) & playing & (score < self.target)
        s[row.SCORE0] += points * me0
        s[row.SCORE1] += points * ~me0
        other_has = theirs < _NONE
        # The opponent leads after a count ends if they still hold cards, else I go on.
        s[row.TURN] = me ^ (np.where(ended, other_has, other_can) & playing)
        # Games not playing have their count cleared since the deal: keep it so.
        keep = playing & ~ended
        s[row.COUNT] = np.where(keep, count, 0)
        s[row.PAIR] = np.where(keep, same, 0)
        cards = np.concatenate([card[None], s[row.COUNT_CARDS][:-1]])
        s[row.COUNT_CARDS] = (cards + 1) * keep - 1
        s[row.LAST_RANK] = rank * keep
        s[row.SEEN] = seen * keep
        s[row.LOW] = low * keep
        played = np.concatenate([card[None], s[row.PLAYED][:-1]])
        s[row.PLAYED] = (played + 1) * on - 1  # those not playing have played nothing
        return np.flatnonzero(playing & ended & ~other_has & (mine == _NONE))

    def _show(self, rows: I64) -> I64:
        """The non-dealer's hand, the dealer's hand, the crib, each ending the game if it
        reaches the target; the rows whose game goes on."""
        s = self._s
        dealer = s[row.DEALER, rows]
        starter = s[row.STARTER, rows]
        kept = s[row.KEPT][:, rows]
        crib = s[row.CRIB][:, rows].T
        by_zero = dealer == 0
        dealers = np.where(by_zero, kept[:4], kept[4:]).T
        pones = np.where(by_zero, kept[4:], kept[:4]).T
        totals = show_totals(
            np.concatenate([pones, dealers, crib]),
            np.concatenate([starter, starter, starter]),
            check=False,
        )
        m = rows.size
        # A crib's flush counts only with the starter's suit too: take off a 4-card flush.
        suits = _SUIT.take(crib)
        four = (suits == suits[:, :1]).all(axis=1) & (_SUIT.take(starter) != suits[:, 0])
        flat, n = self._flat, self.n
        at_pone = (row.SCORE0 + 1 - dealer.astype(np.int64)) * n + rows
        at_dealer = (row.SCORE0 + dealer.astype(np.int64)) * n + rows
        pone, dealt = flat.take(at_pone), flat.take(at_dealer)
        # In turn, each while the game is on (the last card may have ended it already).
        on = np.maximum(pone, dealt) < self.target
        pone += totals[:m] * on
        on &= pone < self.target
        dealt += totals[m : 2 * m] * on
        on &= dealt < self.target
        dealt += (totals[2 * m :] - 4 * four) * on
        flat.put(at_pone, pone)
        flat.put(at_dealer, dealt)
        going_on: I64 = rows[on & (dealt < self.target)]
        return going_on

    def _peg_rows(
        self,
        rows: I64,
        seat: npt.NDArray[np.integer],
        points: npt.NDArray[np.integer] | int,
    ) -> None:
        """Add ``points`` to ``seat`` in ``rows`` whose game is still on."""
        s = self._s
        live = np.maximum(s[row.SCORE0, rows], s[row.SCORE1, rows]) < self.target
        self._flat[(row.SCORE0 + seat.astype(np.int64)) * self.n + rows] += np.where(
            live, points, 0
        )

    def _rewards(self, before: I16 | None, finished: I64) -> npt.NDArray[np.float32]:
        scores = self._s[row.SCORES]
        if before is None:  # reward="win": +1 and -1 where a game has just ended
            rewards = np.zeros((self.n, 2), dtype=np.float32)
            won = np.where(scores[0, finished] >= self.target, 1, -1)
            rewards[finished, 0] = won
            rewards[finished, 1] = -won
            return rewards
        gained = scores - before
        diff = (gained[0] - gained[1]).astype(np.float32)
        return np.stack([diff, -diff], axis=1)

    def _observe(self) -> Obs:
        """Each game's observation for its seat to act, and its legal actions."""
        s = self._s
        me0 = s[row.TURN] == 0
        seat0 = s.take(row.OBSERVED[0], axis=0)
        obs = seat0 + (s.take(row.OBSERVED[1], axis=0) - seat0) * ~me0
        mask = self._mask
        playing = s[row.PLAYING].astype(bool)
        mine = _VALUE.take(np.where(me0, s[_HAND0], s[_HAND1]))
        mask[:PLAY] = ~playing
        mask[PLAY:] = playing & (mine <= 31 - s[row.COUNT])
        theirs = np.where(me0, s[_HANDS[1]], s[_HANDS[0]])
        obs[row.OPPONENT_HOLDS] = (theirs >= 0).sum(axis=0)
        view: Obs = obs.T
        return view
