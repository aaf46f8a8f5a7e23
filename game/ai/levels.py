"""The three AI levels as data: what each one looks at and how carefully."""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["Level", "LEVELS", "PERSONALITIES", "KEITEN_WALL", "level", "personal"]


@dataclass(frozen=True)
class Level:
    """One AI strength.

    ``noise`` scales a random factor on each plan's worth (a beginner's misjudgement);
    ``use_value`` weighs dora and yaku in every choice (without it a hand plays for speed and
    counts its dora only to break ties); ``defence`` is ``none`` (never folds), ``simple``
    (folds to riichi by fixed rules, genbutsu / suji / honours) or ``full`` (weighs the win
    against the threat, kabe and one-chance too); ``calls`` is ``yakuhai`` (pons of own
    yakuhai only) or ``value`` (any call that speeds up a hand that keeps a yaku);
    ``riichi`` is ``always`` or ``judged``; ``placement`` enables all-last tactics; ``keiten``
    late calls that reach a tenpai without yaku for the draw payment.
    """

    name: str
    noise: float
    use_value: bool
    defence: str
    calls: str
    call_margin: float
    riichi: str
    placement: bool
    keiten: bool = False
    caution: float = 1.0
    """Full defence: how heavily expected deal-in losses weigh against the hand's worth."""
    dama_from: int = 8000
    """A tenpai whose ron pays this much without riichi (1.5 times for the dealer) stays quiet."""
    call_sure: float = 1.0
    """How sure the yaku of an open hand must be for a call (1: it holds one already; less lets
    a hand call towards a likely yaku, such as tanyao with one outside tile or a yakuhai pair)."""
    wait_look: bool = False
    """At 1-shanten, judge each discard also by the waits its tenpai would have (else every
    tenpai counts as a typical wait)."""
    learned: bool = False
    """Discards, riichi, calls and kans as the learned policy of houou players chooses them
    (``game.ai.policy``); the rules above where the model is missing, and for wins and aborts."""


LEVELS: dict[str, Level] = {
    "easy": Level("easy", noise=0.6, use_value=False, defence="none", calls="yakuhai",
                  call_margin=1.0, riichi="always", placement=False),
    "normal": Level("normal", noise=0.0, use_value=False, defence="simple", calls="value",
                    call_margin=1.25, riichi="judged", placement=False),
    "strong": Level("strong", noise=0.0, use_value=True, defence="full", calls="value",
                    call_margin=0.9, riichi="judged", placement=True, keiten=True,
                    call_sure=0.7, dama_from=5200, wait_look=True, caution=1.5, learned=True),
}


KEITEN_WALL = 12
"""With this many tiles or fewer left in the live wall, a keiten level calls towards a tenpai
without yaku for the draw payment (earlier such a tenpai is no plan: the audit counts it)."""


PERSONALITIES: dict[str, dict[str, float]] = {
    "aggressive": {"caution": 0.4, "call_sure": 0.7},
    "defensive": {"caution": 1.33, "call_margin": 1.25},
    "caller": {"call_margin": 0.9, "call_sure": 0.6},
}
"""Leanings a seat may have on top of its level, for variety at the table (never in
measurements): each factor scales the level's own value (``caution`` under 1 is bolder,
``call_margin`` and ``call_sure`` under 1 call more)."""


def personal(lvl: Level, personality: str | None) -> Level:
    """``lvl`` with a personality's leanings (None: as it is). Easy keeps its own way of playing.

    >>> personal(LEVELS["easy"], "caller") == LEVELS["easy"]
    True
    >>> for name in ("strong", "normal"):  # the leanings keep their order at every level
    ...     lvl = LEVELS[name]
    ...     bold, careful, caller = (personal(lvl, p) for p in ("aggressive", "defensive", "caller"))
    ...     print(name, bold.caution < lvl.caution < careful.caution,
    ...           caller.call_margin < lvl.call_margin < careful.call_margin)
    strong True True
    normal True True
    """
    if personality is None or lvl.name == "easy":
        return lvl
    if personality not in PERSONALITIES:
        raise ValueError(f"unknown personality {personality!r}; choose from {', '.join(PERSONALITIES)}")
    return replace(lvl, **{name: getattr(lvl, name) * factor for name, factor in PERSONALITIES[personality].items()})


def level(name: str) -> Level:
    """The named level; an unknown name is refused with the choices."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown AI level {name!r}; choose from {', '.join(LEVELS)}") from None
