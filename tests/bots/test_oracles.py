"""The upper bounds of ``benchmarks/oracle_play.py`` with 2 players (session 21): an oracle is
handed the other's view and plays the true world, by minimax (``oracle-exact``) or only as pone
(``oracle-exact-pone``, the expert as shipped when it deals) or only at the hand's first card
(``oracle-exact-lead``)."""

from __future__ import annotations

from test_last_play import at_scores, deal

from pegboard.bots import registry
from pegboard.games.cribbage.views import cribbage_view

# Importing a measuring tool registers its bots; the tests after this one in the process must
# see the product's bots only (as tests/bots/test_ismcts_where.py does).
registry.bot_names()
_PRODUCT_BOTS = dict(registry._FACTORIES)
try:
    from benchmarks.oracle_play import (
        ORACLES,
        ExactLeadOracleBot,
        ExactOracleBot,
        ExactPoneOracleBot,
        OracleBot,
    )
finally:
    registry._FACTORIES.clear()
    registry._FACTORIES.update(_PRODUCT_BOTS)


def test_seeing_the_pones_cards_the_dealer_plays_the_card_that_wins_by_force() -> None:
    """test_last_play's position: to 31, the dealer (19) holds A 7 7 8 over the pone's 6 led,
    the pone (3) holds 5 5 6; against every defence the 8 wins, and the expert as shipped
    takes the ace. Seeing the pone's hand, the oracles take the 8 (by the rollouts or by
    minimax); those that see only as pone or only at the lead are the expert here."""
    game = deal(["AS 7D 7H 8C 6H TC", "5D 5H 6C 6S 8D KS"], "4S", 31)
    game.apply(1, {"type": "play", "card": "6C"})
    view = at_scores(cribbage_view(game.view(0)), (19, 3))
    played = {}
    oracles = (OracleBot, ExactOracleBot, ExactPoneOracleBot, ExactLeadOracleBot)
    for oracle in (made(seed=3) for made in oracles):
        oracle.truth = {1: cribbage_view(game.view(1))}
        played[oracle.name] = oracle.act(view)
    assert played == {
        "oracle": {"type": "play", "card": "8C"},
        "oracle-exact": {"type": "play", "card": "8C"},
        "oracle-exact-pone": {"type": "play", "card": "AS"},
        "oracle-exact-lead": {"type": "play", "card": "AS"},
    }
    assert set(ORACLES) == set(played)
