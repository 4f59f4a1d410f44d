"""Bots for Cribist: greedy (the tricks worth most now) and expert (determinized trick search)."""
