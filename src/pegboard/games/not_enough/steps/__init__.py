"""The phases of a hand of Cribbage is not Enough, one module each: the deal (colours, deal,
discard, cut), the Tops' powers, the 31 count, the show with the intelligence bonus, manual
counting's Muggins rounds, the battle for the crib, rob the cradle with the crib count, and the
end of a hand or of the game. Each is a mixin over
:class:`pegboard.games.not_enough.state.NotEnoughState`;
:class:`pegboard.games.not_enough.rules.NotEnoughRules` puts them together.
"""
