"""The error hierarchy: every refusal says what was wrong and what would be allowed.

Each error derives from ``ValueError`` so that callers who only know "bad input"
can catch one thing; the subclasses let a server or CLI answer precisely.
"""

from __future__ import annotations


class PegboardError(ValueError):
    """Base class for every error pegboard raises on bad input."""


class CardError(PegboardError):
    """A card token could not be read (``"5X"``, ``"11H"``)."""


class OptionError(PegboardError):
    """An unknown game, an unknown option or an option value out of range."""


class IllegalAction(PegboardError):
    """An action the rules do not allow now; the game is left unchanged."""


class NotYourTurn(IllegalAction):
    """A seat tried to act while it is not among the seats to act."""


class GameOver(IllegalAction):
    """An action was sent to a game that has already ended."""


class RecordError(PegboardError):
    """A game record is malformed, or replaying it does not give the same game."""


class VerifyError(RecordError):
    """A record's verifiable deals do not check out: a revealed secret that does not match its
    commitment, or a chance outcome the secret and seeds do not give. Says where."""
