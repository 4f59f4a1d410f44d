"""The web platform: the composition root (app), the clock, the metrics, and its subsystems in
packages (tables, http, lobby, workers, players, ratings, quickplay, daily, tournaments, store)."""
