"""Game reviews on the server: made once per finished match, queued, off the event loop."""
