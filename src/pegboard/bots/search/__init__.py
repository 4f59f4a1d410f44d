"""Search for the Cribbage and Cribist bots: discard and play models, determinized play search,
trick search, rollouts and the endgame (compiled inner loops beside their Python)."""
