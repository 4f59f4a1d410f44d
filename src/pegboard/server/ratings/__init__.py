"""Ratings and histories: openskill ratings, settling finished matches, the sweep, profiles."""
