"""Challenges: one player invites another to a table of chosen options (docs/protocol.md)."""
