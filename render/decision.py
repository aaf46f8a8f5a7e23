"""What the player may do now, read from the engine's legal actions, and what the preferences
decide on the player's behalf (automatic passing, automatic discard after riichi).

Nothing here judges a rule: every choice is one of ``view.legal_actions``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from game.tiles import RED_FIVES, kind_of
from render.i18n import N_, join_list, tr
from render.words import tile_words

__all__ = ["Option", "Decision", "plan", "auto_markers", "BUTTON_ORDER"]

BUTTON_ORDER = ("tsumo", "ron", "riichi", "daiminkan", "ankan", "shouminkan", "pon", "chi", "kyuushu", "tenpai",
                "noten", "pass")
LABELS = {"tsumo": N_("Tsumo"), "ron": N_("Ron"), "pon": N_("Pon"), "chi": N_("Chi"), "daiminkan": N_("Kan"),
          "ankan": N_("Closed kan"), "shouminkan": N_("Added kan"), "kyuushu": N_("Kyuushu kyuuhai"),
          "tenpai": N_("Tenpai"), "noten": N_("Noten"), "pass": N_("Pass")}
# which preference passes which offer automatically
AUTO_PASS = {"chi": "auto_pass_chi", "pon": "auto_pass_pon_kan", "daiminkan": "auto_pass_pon_kan", "ron": "auto_pass_ron"}


@dataclass(frozen=True)
class Option:
    """One button: its label, the tiles it shows and the action it sends."""

    label: str
    action: Any
    tiles: tuple[int, ...] = ()
    tooltip: str = ""


@dataclass
class Decision:
    """The player's choices at one decision point."""

    phase: str
    discards: dict[int, Any] = field(default_factory=dict)
    """Tile -> its discard action."""
    riichi: dict[int, Any] = field(default_factory=dict)
    """Tile -> the riichi declaration discarding it (empty unless the engine offers one)."""
    options: list[Option] = field(default_factory=list)
    auto: Any = None
    """The action the preferences take without asking (None: ask the player)."""
    auto_reason: str = ""

    @property
    def riichi_offered(self) -> bool:
        """Whether the Riichi button shows: some discard declares riichi."""
        return bool(self.riichi)


def _meld_tiles(action: Any) -> tuple[int, ...]:
    tiles = tuple(action.tiles)
    if action.tile is not None and action.tile not in tiles:
        tiles = tuple(sorted((*tiles, action.tile)))
    return tiles


def _tooltip(action: Any) -> str:
    t = action.type
    if t in ("chi", "pon", "daiminkan"):
        hand = tr(" and ").join(tile_words(kind_of(x)) for x in action.tiles)
        return tr("{call}: take the {tile} with your {hand}.").format(
            call=tr(LABELS[t]), tile=tile_words(kind_of(action.tile)), hand=hand)
    if t == "ankan":
        return tr("Closed kan of {tile}: stays concealed; draw a replacement tile.").format(
            tile=tile_words(kind_of(action.tiles[0])))
    if t == "shouminkan":
        return tr("Add the {tile} to your pon to make a kan; draw a replacement tile.").format(
            tile=tile_words(kind_of(action.tile)))
    return tr(TOOLTIPS.get(t, ""))


TOOLTIPS = {"tsumo": N_("Win on the tile you drew."), "ron": N_("Win on this discard."),
            "kyuushu": N_("Abort the hand: nine different terminals and honours."),
            "tenpai": N_("Show your ready hand: noten players pay the tenpai ones."),
            "noten": N_("Keep your hand hidden and pay as noten."), "pass": N_("Decline (Space).")}


def _per_tile(actions: list[Any], hand: Any, aka: bool) -> dict[int, Any]:
    """Each hand tile -> the offered action for a tile like it, aimed at that very tile.

    The engine offers one discard (or riichi) per distinct tile; any copy alike (same kind, and
    the same redness with red fives in play) is the same choice, so the clicked copy is sent.
    """
    def sig(t: int) -> tuple[int, bool]:
        return (t >> 2, aka and t in RED_FIVES)
    offered = {sig(a.tile): a for a in actions}
    out: dict[int, Any] = {}
    for t in hand:
        a = offered.get(sig(t))
        if a is not None:
            out[t] = replace(a, tile=t)
    return out


def plan(view: Any, pref: Callable[[str], Any], me: int = 0, aka: bool = False) -> Decision:
    """The decision for ``view`` (the player's view at a "decide" step); ``pref(name)`` reads a preference."""
    legal = list(view.legal_actions)
    d = Decision(view.phase)
    by_type: dict[str, list[Any]] = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    if view.phase == "turn":
        hand = set(view.hand) | ({view.drawn} if view.drawn is not None else set())
        d.discards = _per_tile(by_type.get("discard", []), sorted(hand), aka)
        if not pref("auto_pass_riichi"):
            d.riichi = _per_tile(by_type.get("riichi", []), sorted(hand), aka)
        if (pref("auto_discard_after_riichi") and view.riichi[me] and d.discards
                and not any(t in by_type for t in ("tsumo", "ankan", "shouminkan", "kyuushu"))):
            choice = d.discards.get(view.drawn) if view.drawn is not None else None
            if choice is None and len(d.discards) == 1:
                choice = next(iter(d.discards.values()))
            if choice is not None:
                d.auto, d.auto_reason = choice, tr("Discarded automatically after riichi.")
    elif view.phase == "calls":
        offered = {t for t in by_type if t != "pass"}
        skipped = {t for t in offered if t in AUTO_PASS and pref(AUTO_PASS[t])}
        if offered and offered <= skipped and "pass" in by_type:
            d.auto = by_type["pass"][0]
            d.auto_reason = tr("Passed automatically: {calls}.").format(
                calls=join_list(sorted(tr(LABELS[t]) for t in skipped)))
        for t in skipped:
            by_type.pop(t, None)
    for t in BUTTON_ORDER:
        if t == "riichi":
            continue  # riichi is a toggle: the tile clicked next is the declaration's discard
        for a in by_type.get(t, []):
            tiles = _meld_tiles(a) if t in ("chi", "pon", "daiminkan", "ankan", "shouminkan") else ()
            if t == "shouminkan":
                tiles = (a.tile,)  # the tile added to the pon
            d.options.append(Option(LABELS[t], a, tiles, _tooltip(a)))
    return d


def auto_markers(pref: Callable[[str], Any]) -> list[str]:
    """Short labels of the automatic choices that are on, for the marker on the table."""
    names = [("auto_pass_chi", N_("pass chi")), ("auto_pass_pon_kan", N_("pass pon/kan")),
             ("auto_pass_ron", N_("pass ron")), ("auto_pass_riichi", N_("no riichi offer")),
             ("auto_discard_after_riichi", N_("auto-discard in riichi"))]
    return [label for key, label in names if pref(key)]
