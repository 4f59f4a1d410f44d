"""The games pegboard ships. Each is found through the ``pegboard.games`` entry point group
(pyproject.toml), like a game of any other package: the core never imports one by name."""
