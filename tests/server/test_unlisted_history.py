"""A match at an unlisted table is in its player's own history, and nobody else's view of it:
not its table, its opponents, its scores nor its replay (docs/protocol.md, "Private tables")."""

from __future__ import annotations

import httpx
from harness import Server
from rating_fixtures import guest, new_table, sit


def play_out(server: Server, browser: httpx.Client, table: str) -> None:
    with server.player(table, sit(browser, table, "Ann")) as client:
        client.receive()
        client.play_to_end()
        client.drain()


def test_an_unlisted_match_shows_only_in_its_own_players_history(server: Server) -> None:
    ann_browser, ann = guest(server, "Ann")
    bob_browser, _ = guest(server, "Bob")
    try:
        table = new_table(ann_browser, score_target=121)["id"]  # a person and a bot: unlisted
        assert table not in {t["id"] for t in server.get("/api/tables").json()}
        play_out(server, ann_browser, table)
        server.wait_for(
            lambda: ann_browser.get(f"/api/players/{ann}/matches").json()["total"] == 1,
            "the match in Ann's own history",
        )
        (mine,) = ann_browser.get(f"/api/players/{ann}/matches").json()["matches"]
        assert mine["table"] == table and mine["opponents"]

        for someone in (bob_browser, httpx.Client(base_url=server.url, timeout=10)):
            seen = someone.get(f"/api/players/{ann}/matches").json()
            assert seen == {"total": 0, "offset": 0, "matches": []}, "not to Bob, nor anyone"
            bots = someone.get("/api/players/bot:greedy/matches").json()
            assert table not in str(bots), "nor in the bot's history"
            page = someone.get(f"/api/players/{ann}").json()
            assert table not in str(page), "nor on Ann's page"
            assert page["ratings"], "her rating is public; the match behind it is not"
        assert table in str(ann_browser.get(f"/api/players/{ann}").json())
    finally:
        ann_browser.close()
        bob_browser.close()
