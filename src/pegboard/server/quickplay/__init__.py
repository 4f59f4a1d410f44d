"""Quick play: who sits with whom (pure), the queue in the store, its socket and the matcher."""
