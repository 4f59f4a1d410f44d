"""Username keys: one key for names that differ only in case or in look-alike characters (the
confusable skeleton of Unicode TR39), different keys for names that read differently."""

from __future__ import annotations

import pytest

from pegboard.server.http.inputs import BadInput
from pegboard.server.players.usernames import clean_username, username_key

SAME = [
    ("Ann", "ann"),
    ("Ann", "\u0391nn"),  # Greek capital alpha
    ("Ann", "\u0430nn"),  # Cyrillic small a
    ("Bob", "\u0412ob"),  # Cyrillic capital ve: the look-alike is in capitals only
    ("paypal", "\u0440\u0430\u0443\u0440\u0430l"),  # Cyrillic er, a, u
    ("Ill", "lll"),  # capital i and small L
    ("mary", "rnary"),  # m and r n, as TR39 has it
    ("Ann", "\uff21\uff4e\uff4e"),  # fullwidth (NFKC)
]
DIFFERENT = [("Ann", "Anna"), ("Zoë", "Zoe"), ("ann", "anm"), ("張三", "張四")]


@pytest.mark.parametrize(("one", "other"), SAME)
def test_look_alike_usernames_have_one_key(one: str, other: str) -> None:
    assert one != other
    assert username_key(one) == username_key(other)


@pytest.mark.parametrize(("one", "other"), DIFFERENT)
def test_usernames_that_read_differently_have_different_keys(one: str, other: str) -> None:
    assert username_key(one) != username_key(other)


def test_a_username_is_kept_in_nfkc_with_its_case() -> None:
    assert clean_username(" \uff21nn ") == "Ann"
    assert clean_username("Zoe\u0308") == "Zoë"  # a combining diaeresis, composed


@pytest.mark.parametrize("bad", ["an", "a" * 25, "a b c", "ann!", "-ann", "\u202eann", "an\nn"])
def test_a_username_outside_the_rules_is_refused(bad: str) -> None:
    with pytest.raises(BadInput):
        clean_username(bad)
