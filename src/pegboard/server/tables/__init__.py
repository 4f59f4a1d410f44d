"""A table at play: the room and its parts: writer, seats, clocks, matches, bots, watchers, chat."""
