"""The learned policy: how houou players choose, read from a network trained on their games.

``features`` turns a seat's knowledge into planes, ``net`` evaluates the shipped network with
numpy, ``player`` plays by it (``LearnedPlayer``) and tells how often houou players take each
option (``houou_shares``); ``training/`` at the repository's root learns it.
"""

from collections.abc import Sequence

from game.ai.houou import Shares
from game.ai.policy.net import load_model, model_problem
from game.ai.policy.player import LearnedPlayer, houou_shares, without_model
from game.table.actions import Action
from game.table.view import SeatView

__all__ = ["LearnedPlayer", "houou_shares", "load_model", "model_problem", "shipped_shares", "without_model"]


def shipped_shares() -> Shares | None:
    """How often houou players take each option, by the shipped model (the provider the review and
    the coach take); None when the model is missing or damaged."""
    net = load_model()
    if net is None:
        return None

    def shares(view: SeatView, legal: Sequence[Action]) -> dict[Action, float] | None:
        return houou_shares(net, view, legal)
    return shares
