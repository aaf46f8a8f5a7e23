"""The learned policy: how houou players choose, read from a network trained on their games.

``features`` turns a seat's knowledge into planes, ``net`` evaluates the shipped network with
numpy, ``player`` plays by it (``LearnedPlayer``) and tells how often houou players take each
option (``houou_shares``); ``training/`` at the repository's root learns it.
"""

from game.ai.policy.net import load_model, model_problem
from game.ai.policy.player import LearnedPlayer, houou_shares

__all__ = ["LearnedPlayer", "houou_shares", "load_model", "model_problem"]
