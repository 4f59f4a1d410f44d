"""The phases of a hand of Cribbage is not Enough, in the order a hand goes through them, and the
steps one phase hands over to another."""

from enum import Enum

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


class Step(Enum):
    """What a phase hands over to when it is done: the rules run that step next. A phase never
    calls another phase's module; it returns the step (or None: wait for the next action or
    chance outcome, or the game is over)."""

    START_HAND = "start-hand"  # steps.deal: the dealer takes a colour
    NEXT_TOP = "next-top"  # steps.tops: the next team's Top, or the play
    START_PLAY = "start-play"  # steps.play: the 31 count begins
    COUNT_NEXT = "count-next"  # steps.show: lay down the next hand or crib, or go on
    MUGGINS_ROUND = "muggins-round"  # steps.muggins: the other team may call on the claims
    START_BATTLE = "start-battle"  # steps.battle: the battle for the crib
    REVEAL_CRIB = "reveal-crib"  # steps.cradle: the crib turned up, rob the cradle
    END_SHOW = "end-show"  # steps.end: the pause point, or the next hand
