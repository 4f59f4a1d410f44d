"""The ``pegboard`` command line: play, score, simulate, replay, rules and games."""
