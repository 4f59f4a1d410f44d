"""Environments for research: step-level games and a vectorized 2-player Cribbage."""
