"""Bots for Cribbage is not Enough: greedy (one ply, exact values) and expert (worlds of the
hidden cards, the battle's odds, rollouts of the play)."""
