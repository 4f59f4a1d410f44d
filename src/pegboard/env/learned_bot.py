"""``learned``: the bot that plays the shipped policy of its game and player count (a
:class:`~pegboard.env.policy.LinearPolicy` trained by :mod:`pegboard.env.train_learned`, or a
:class:`~pegboard.env.policy.HiddenPolicy` trained by :mod:`pegboard.env.train_gradient`).

Like every bot it sees only its seat's view: the observation is built from the view dict by
the game's ``EnvGame.from_view``, the legal actions are the view's, each encoded to its id.
Games whose observation needs more than the view (or with no shipped weights) are refused
with a clear error. A manual count (claims and Muggins, which have no ids) it answers
perfectly, as ``greedy`` does. It registers itself through the ``pegboard.bots`` entry point."""

from __future__ import annotations

from importlib import resources

from pegboard.bots import make as make_bot
from pegboard.bots.base import View
from pegboard.cards import Card, parse_cards
from pegboard.core.rules import Action
from pegboard.core.spec import get_spec
from pegboard.env.games import env_game
from pegboard.env.policy import shipped_policy, weights_name
from pegboard.errors import IllegalAction, OptionError


class LearnedBot:
    name = "learned"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the policy is deterministic: the highest-rated legal action
        self._counter = make_bot("greedy", seed=seed)
        """Manual counting (claims, Muggins) as every level counts: perfectly."""

    def plays(self, game: str, players: int) -> bool:
        """Only where the game's view can be observed and a policy ships."""
        entry = env_game(game)
        if entry is None or entry.from_view is None:
            return False
        return resources.files("pegboard").joinpath("data", weights_name(game, players)).is_file()

    def act(self, view: View) -> Action:
        legal: list[Action] = view["legal"]
        if not legal:
            raise IllegalAction("this seat has nothing to do now")
        if view.get("counting") is not None:  # a manual count has no ids: count perfectly
            return self._counter.act(view)
        spec = get_spec(str(view["game"]))
        players = int(view["players"])
        game = env_game(spec.name)
        if game is None or game.from_view is None:
            raise OptionError(f"the learned bot cannot see {spec.title} from a view yet")
        policy = shipped_policy(spec.name, players)
        if len(legal) == 1:
            return dict(legal[0])
        layout = game.observer(players).layout
        observation = game.from_view(view, layout)
        hand = _hand(view)
        ids = [game.space.encode(hand, action) for action in legal]
        return dict(legal[ids.index(policy.choose(observation, ids))])


def _hand(view: View) -> list[Card]:
    """The seat's cards, in a game whose view shows a hand (none in one that does not)."""
    hand = view.get("hand")
    return parse_cards(hand) if isinstance(hand, list) else []
