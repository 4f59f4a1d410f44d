"""Tournaments on the server: made by accounts, directed round by round by one worker."""
