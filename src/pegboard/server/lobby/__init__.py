"""The tables a worker holds: one process alone, or one worker among several over the bus."""
