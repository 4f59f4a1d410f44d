"""The phases of a hand of Cribbage is not Enough, one module of functions each over
:class:`pegboard.games.not_enough.state.NotEnoughState`: the deal (colours, deal, discard, cut),
the Tops' powers, the 31 count, the show with the intelligence bonus, manual counting's Muggins
rounds, the battle for the crib, rob the cradle with the crib count, and the end of a hand. A
phase hands over to the next by returning a :class:`~pegboard.games.not_enough.phases.Step`;
:class:`pegboard.games.not_enough.rules.NotEnoughRules` runs it.
"""
