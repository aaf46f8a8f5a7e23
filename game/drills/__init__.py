"""Drills: problems made by the engine and answers checked by it, one skill at a time.

``discard`` (what to discard, by ukeire), ``defence`` (the safest tile against a riichi), ``waits``
(name every wait of a ready hand) and ``scoring`` (han, fu and points of a win). Each has
``LEVELS``, a ``*_problem(seed, level)`` that gives the same problem for the same seed, and a
``judge_*`` that checks the player's answer.
"""

from game.drills.defence import DefenceProblem, defence_problem, judge_defence
from game.drills.discard import DiscardProblem, discard_problem, judge_discard
from game.drills.scoring import ScoringProblem, judge_scoring, scoring_problem
from game.drills.selfplay import NoPosition
from game.drills.waits import WaitsProblem, judge_waits, waits_problem

__all__ = ["DRILLS", "DRILL_LEVELS", "NoPosition", "DiscardProblem", "DefenceProblem", "WaitsProblem",
           "ScoringProblem", "discard_problem", "defence_problem", "waits_problem", "scoring_problem",
           "judge_discard", "judge_defence", "judge_waits", "judge_scoring"]

DRILLS = ("discard", "defence", "waits", "scoring")
DRILL_LEVELS = ("easy", "hard")
