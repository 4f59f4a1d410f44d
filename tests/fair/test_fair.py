"""Verifiable deals: the derivation (test vectors, unbiased draws, every seed counts) and
whole games of each game dealt from hand secrets, whose records verify until anything in them
is changed."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fair_games import play_fair, play_fair_fixed

from pegboard import new_game
from pegboard.cards import DECK, card_names
from pegboard.core.chance import Pick, Roll, Shuffle
from pegboard.core.fair import FairChance, HandDraw, below, commitment, derive, seeds_digest
from pegboard.core.wire import Record
from pegboard.errors import RecordError, VerifyError
from pegboard.records.verify import verify

SECRET = bytes(range(32))  # 000102…1f
DOCS = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"


def test_the_commitment_is_sha256_of_the_secret() -> None:
    assert commitment(b"") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_a_draw_rejects_the_top_remainder_so_every_number_is_equally_likely() -> None:
    # 2**32 mod 3 is 1: 0xFFFFFFFF would make 0 likelier than 1 and 2, so it is thrown away.
    source: Iterator[int] = iter(bytes.fromhex("ffffffff00000005"))
    assert below(source, 3) == 2
    with pytest.raises(ValueError, match="cannot draw below 0"):
        below(iter(b""), 0)


def test_the_published_vectors() -> None:
    """The numbers docs/fairness.md gives an outsider writing a checker of their own."""
    assert seeds_digest(("ann", "bob")).hex()[:16] == "001520571fa621b7"
    text = DOCS.read_text(encoding="utf-8")
    pick = derive(Pick(2), SECRET, ("ann", "bob"), 1, 0)
    deck = card_names(derive(Shuffle(DECK), SECRET, ("ann", "bob"), 1, 1))
    roll = derive(Roll(2), SECRET, ("ann", ""), 3, 4)
    assert pick == (1,)
    assert deck[:6] == ["AS", "8S", "JC", "5H", "TS", "7H"]
    assert roll == (3, 3)
    assert " ".join(deck) in text
    assert "001520571fa621b7" in text


def test_every_seat_seed_changes_the_deal() -> None:
    """Two players at one table with different seeds: the deal depends on both."""
    step = Shuffle(DECK)
    both = derive(step, SECRET, ("ann", "bob"), 1, 1)
    assert derive(step, SECRET, ("ann", "bob"), 1, 1) == both
    assert derive(step, SECRET, ("anne", "bob"), 1, 1) != both
    assert derive(step, SECRET, ("ann", "bobby"), 1, 1) != both
    assert derive(step, SECRET, ("bob", "ann"), 1, 1) != both  # seat order counts
    assert derive(step, bytes(32), ("ann", "bob"), 1, 1) != both
    assert derive(step, SECRET, ("ann", "bob"), 2, 1) != both  # each hand and step its own
    assert derive(step, SECRET, ("ann", "bob"), 1, 2) != both
    assert sorted(both) == list(DECK)


GAMES = [
    ("cribbage", 2, {"score_target": 61}),
    ("cribist", 4, {"counting": "auto", "end": "deals", "deals": 2}),
    ("not-enough", 2, {"score_target": 61}),
]


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_a_whole_game_of_each_game_verifies(
    name: str, players: int, options: dict[str, object]
) -> None:
    record = play_fair(name, players, 4, **options)
    found = verify(record)
    assert found.unrevealed == []
    assert found.hands == list(range(1, len(found.hands) + 1))
    assert len(found.hands) >= 2
    assert found.steps == len(record["chance"])
    deals = [e["hand"] for e in record["events"] if e["type"] == "deal"]
    assert deals == found.hands


def test_the_fair_field_keeps_commitments_seeds_and_revealed_secrets() -> None:
    record = play_fair("cribbage", 2, 5, score_target=31)
    first = record["fair"]["hands"][0]
    assert first["hand"] == 1 and first["seeds"] == ["seat0-5", "seat1-5"]
    assert first["secret"] is not None
    assert commitment(bytes.fromhex(first["secret"])) == first["commitment"]


def test_a_hand_not_revealed_yet_is_reported_unchecked() -> None:
    record = play_fair("cribbage", 2, 6, score_target=61)
    record["fair"]["hands"][-1]["secret"] = None
    found = verify(record)
    last = record["fair"]["hands"][-1]["hand"]
    assert found.unrevealed == [last] and last not in found.hands


def tampered(record: Record, change: Any) -> str:
    changed = copy.deepcopy(record)
    change(changed)
    with pytest.raises(RecordError) as failure:
        verify(changed)
    return str(failure.value)


@pytest.fixture(scope="module")
def cribbage_record() -> Record:
    """Dealt in turn (``dealer=rotate``), so each hand's one step is its shuffle: the steps
    named below (a dealer drawn every hand would add a pick to each hand)."""
    return play_fair("cribbage", 2, 7, score_target=61, dealer="rotate")


@pytest.fixture(scope="module")
def not_enough_record() -> Record:
    return play_fair("not-enough", 2, 8, score_target=61)


def test_a_changed_secret_fails_at_its_hand(cribbage_record: Record) -> None:
    def change(r: dict[str, Any]) -> None:
        r["fair"]["hands"][1]["secret"] = "00" * 32

    said = tampered(cribbage_record, change)
    assert said.startswith("hand 2: the revealed secret") and "does not hash to" in said


def test_a_changed_seed_fails_at_its_hands_first_step(cribbage_record: Record) -> None:
    def change(r: dict[str, Any]) -> None:
        r["fair"]["hands"][2]["seeds"][1] = "someone else"

    said = tampered(cribbage_record, change)
    assert said.startswith("hand 3, chance step 3 (the hand's shuffle 0)"), said


def test_a_changed_card_in_the_chance_log_fails_where_it_is(
    cribbage_record: Record,
) -> None:
    def change(r: dict[str, Any]) -> None:
        deck = r["chance"][2]["shuffle"]
        deck[0], deck[5] = deck[5], deck[0]

    said = tampered(cribbage_record, change)
    assert said.startswith("hand 2, chance step 2 (the hand's shuffle 0): card 1 of the deck")


def test_a_changed_card_in_a_deal_fails_at_its_event(cribbage_record: Record) -> None:
    deal = next(i for i, e in enumerate(cribbage_record["events"]) if e["type"] == "deal")

    def change(r: dict[str, Any]) -> None:
        hands = r["events"][deal]["hands"]
        hands[0][0] = next(c for c in card_names(DECK) if c not in hands[0] + hands[1])

    assert tampered(cribbage_record, change).startswith(f"event {deal} differs")


def test_a_changed_roll_fails_in_the_chance_log_and_in_the_events(
    not_enough_record: Record,
) -> None:
    index = next(i for i, o in enumerate(not_enough_record["chance"]) if "roll" in o)

    def change_outcome(r: dict[str, Any]) -> None:
        dice = r["chance"][index]["roll"]
        dice[0] = dice[0] % 6 + 1

    said = tampered(not_enough_record, change_outcome)
    assert f"chance step {index} (the hand's roll" in said and "the record says roll" in said
    event = next(i for i, e in enumerate(not_enough_record["events"]) if e["type"] == "roll")

    def change_event(r: dict[str, Any]) -> None:
        dice = r["events"][event]["dice"]
        dice[0] = dice[0] % 6 + 1

    assert tampered(not_enough_record, change_event).startswith(f"event {event} differs")


def test_a_record_without_fair_deals_says_so() -> None:
    game = new_game("cribbage", players=2, seed=3, score_target=31)
    assert "fair" not in game.record()  # seeded play and research keep their records
    with pytest.raises(VerifyError, match="no verifiable deals"):
        verify(json.loads(json.dumps(game.record())))


def daily_game(name: str, players: int, play_seed: int, **options: object) -> Record:
    """A daily challenge's game: every hand from the day's one secret and no seeds."""
    secret = bytes.fromhex("11" * 32)
    chance = FairChance(every_hand=HandDraw(0, commitment(secret), (), secret))
    game = new_game(name, players=players, seed=0, chance=chance, **options)
    rng = random.Random(play_seed)
    while game.outcome is None:
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    chance.revealed = set(chance.hands_begun())
    record: Record = json.loads(json.dumps(game.record()))
    return record


def dealt(record: Record) -> list[tuple[int, int, list[list[str]]]]:
    """Each deal's hand, dealer and hands (as a set: in Cribbage is not Enough the dealer's
    choice of colour decides which seat takes which colour's cards)."""
    return [
        (e["hand"], e["dealer"], sorted(e["hands"]))
        for e in record["events"]
        if e["type"] == "deal"
    ]


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_the_daily_deals_are_the_same_whatever_is_played(
    name: str, players: int, options: dict[str, object]
) -> None:
    first, second = (daily_game(name, players, s, **options) for s in (1, 2))
    assert first["actions"] != second["actions"]  # played differently …
    hands = min(len(dealt(first)), len(dealt(second)))
    assert hands >= 2
    assert dealt(first)[:hands] == dealt(second)[:hands]  # … dealt the same hands
    assert verify(first).hands and verify(second).hands


@pytest.mark.parametrize("loser", [0, 1])
def test_a_match_game_whose_first_dealer_is_fixed_verifies(loser: int) -> None:
    # A match's later game: the loser of the game before deals first, so the first step (the
    # pick of the first dealer) is the table's, listed in the fair field, not drawn.
    record = play_fair_fixed("cribbage", 2, 9, {0: (loser,)}, score_target=61)
    assert record["chance"][0] == {"pick": loser}
    assert record["fair"]["fixed"] == [{"step": 0, "pick": loser}]
    found = verify(record)
    assert found.steps == len(record["chance"]) and found.unrevealed == []


def test_a_first_dealer_changed_from_the_fixed_one_fails() -> None:
    record = play_fair_fixed("cribbage", 2, 9, {0: (1,)}, score_target=61)
    record["fair"]["fixed"] = [{"step": 0, "pick": 0}]  # the record still says seat 1 dealt
    said = tampered(record, lambda r: None)
    assert said.startswith("chance step 0 is fixed to [0] by the fair field"), said
