"""A table at play: the room and its parts: seats, clocks, deals, matches, bots, watchers, chat."""
