"""Names in lists (docs/protocol.md, "Names"): each person has a tag beside their name that
tells two of one name apart: an account's username, a guest's id's start, none for a bot; in one
list, guests' tags grow until no two rows of one name show the same."""

from __future__ import annotations

import pytest

from pegboard.server.players.display import tag_of, with_tags


@pytest.mark.parametrize(
    ("player", "kind", "username", "tag"),
    [
        ("3f2a9c0d11e4b7aa", "guest", None, "#3f2a"),
        ("3f2a9c0d11e4b7aa", "account", "ann.k", "@ann.k"),
        ("bot:greedy", "bot", None, None),
    ],
)
def test_a_tag_is_a_username_a_guests_id_or_nothing(
    player: str, kind: str, username: str | None, tag: str | None
) -> None:
    assert tag_of(player, kind, username) == tag


def row(
    player: str, name: str, kind: str = "guest", username: str | None = None
) -> dict[str, object]:
    return {"id": player, "name": name, "kind": kind, "username": username, "place": 1}


def test_two_guests_of_one_name_never_show_the_same_tag() -> None:
    rows = [
        row("3f2a9c0d11e4b7aa", "Ann"),
        row("3f2a9c771234abcd", "Ann"),  # the same four digits: the tags grow
        row("3f2a000000000000", "Bob"),  # another name: four digits will do
        row("77770000aaaabbbb", "Ann", "account", "ann.k"),
    ]
    assert [(r["name"], r["tag"]) for r in with_tags(rows)] == [
        ("Ann", "#3f2a9c0d"),
        ("Ann", "#3f2a9c77"),
        ("Bob", "#3f2a"),
        ("Ann", "@ann.k"),
    ]
    assert all("username" not in r for r in with_tags(rows)), "the username shows as the tag"


def test_one_guest_in_two_rows_keeps_a_short_tag() -> None:
    same = row("3f2a9c0d11e4b7aa", "Ann")
    assert [r["tag"] for r in with_tags([same, dict(same)])] == ["#3f2a", "#3f2a"]
