"""The phases of a hand of Cribbage is not Enough, in the order a hand goes through them."""

CUT = "cut"  # waiting for the first dealer to be drawn
COLOUR = "colour"  # the dealer takes a colour for their team
SHUFFLE = "shuffle"  # waiting for the two decks' shuffles
DISCARD = "discard"
ORDER = "order"  # both Tops are court cards: the dealer says which team resolves first
POWER = "power"  # a captain chooses the Top's power
REVEAL = "reveal"  # the enemies of an Intel show cards
SPLIT = "split"  # a captain shares out a Magic discard between the two members
MAGIC = "magic"  # members discard for Magic
PLAY = "play"
COUNT = "count"  # manual counting: a hand or a crib is being claimed, or called on
BATTLE = "battle"  # waiting for the dice
CRADLE = "cradle"  # the team with more Magic in the crib may ban or add
POST_SHOW = "post-show"  # pause point
OVER = "over"
