"""Pile: a toy game from a package other than pegboard's, to show a game plugs in whole.

Two players share a pile of counters; in turn each takes one or two. Every counter taken scores
a point, and whoever takes the last one scores ``BONUS`` more; the higher score wins. The game
has no chance, no hidden cards and no teams, so everything it needs of pegboard is what any
game needs: its spec (:data:`SPEC`), registered only by the tests that use it
(:func:`registered_pile`)."""

from toygame.spec import SPEC, registered_pile

__all__ = ["SPEC", "registered_pile"]
