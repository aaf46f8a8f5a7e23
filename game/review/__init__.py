"""The review of one seat's decisions in a recorded game against the AI's ranking."""

from game.review.review import Decision, Review, review_choice, review_game, same_choice

__all__ = ["Decision", "Review", "review_choice", "review_game", "same_choice"]
