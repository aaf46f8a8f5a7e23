"""The yaku book's words and examples: what each yaku asks, and a real hand that has it.

The yaku themselves, their han and which are yakuman come from the engine's tables
(``game.scoring.yaku``); this module adds, per engine name, one short explanation (``N_``,
translated where shown) and an example in the neutral case format of ``python main.py score``
(mpsz tiles, the winning tile, calls and the situation). ``book(rules)`` lists the yaku of the
rules in force; a test scores every example with the engine and finds its yaku.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules import RuleSet
from game.scoring.yaku import RENHOU, YAKU, YAKUMAN
from render.i18n import N_

__all__ = ["NOTES", "EXAMPLES", "SITUATION_WORDS", "BookEntry", "book"]

NOTES: dict[str, str] = {
    "menzen tsumo": N_("Win on a tile you drew yourself with a hand that has called nothing."),
    "riichi": N_("Declare riichi with a closed ready hand; you may not change it afterwards."),
    "double riichi": N_("Riichi declared on your very first discard, before anyone has called."),
    "ippatsu": N_("Win within one go-round after your riichi, with no call in between."),
    "chankan": N_("Win on the tile another player adds to their pon to make a kan."),
    "rinshan": N_("Win on the replacement tile you draw after declaring a kan."),
    "haitei": N_("Win on the last tile drawn from the wall."),
    "houtei": N_("Win on the discard after the last tile of the wall."),
    "pinfu": N_("A closed hand of four runs and a pair that is neither a dragon nor the seat or round wind, won on a two-sided wait."),
    "tanyao": N_("Only the tiles 2 to 8 of the suits: no terminal, no honour."),
    "iipeikou": N_("Two identical runs in the same suit, in a closed hand."),
    "ryanpeikou": N_("Two sets of two identical runs, in a closed hand."),
    "sanshoku doujun": N_("The same run in all three suits."),
    "ittsu": N_("1-2-3, 4-5-6 and 7-8-9 of one suit."),
    "seat wind": N_("A triplet of your own seat's wind."),
    "round wind": N_("A triplet of the round's wind."),
    "haku": N_("A triplet of white dragons."),
    "hatsu": N_("A triplet of green dragons."),
    "chun": N_("A triplet of red dragons."),
    "shousangen": N_("Two dragon triplets and a pair of the third dragon; the triplets count as well."),
    "chanta": N_("Every set and the pair hold a terminal or an honour, with at least one run and one honour."),
    "junchan": N_("Every set and the pair hold a 1 or a 9, with at least one run and no honours."),
    "honroutou": N_("Only terminals and honours: every set a triplet, or seven pairs."),
    "toitoi": N_("Four triplets (or kans) and a pair, called or not."),
    "sanankou": N_("Three triplets you made without calling (a triplet won on a discard is open)."),
    "sankantsu": N_("Three kans, open or closed."),
    "sanshoku doukou": N_("A triplet of the same number in all three suits."),
    "chiitoitsu": N_("Seven different pairs, in a closed hand."),
    "honitsu": N_("Tiles of one suit together with honours."),
    "chinitsu": N_("Tiles of one suit only, no honours."),
    "renhou": N_("A non-dealer wins on a discard before their first draw, nobody having called."),
    "kokushi musou": N_("One of each terminal and honour and a second of one of them; closed."),
    "kokushi musou 13-sided wait": N_("Thirteen orphans waiting on any of the thirteen kinds."),
    "chuuren poutou": N_("1112345678999 of one suit and any one more of that suit; closed."),
    "junsei chuuren poutou": N_("Nine gates waiting on all nine tiles of its suit."),
    "suuankou": N_("Four triplets made without calling; won by self-draw unless waiting on the pair."),
    "suuankou tanki": N_("Four concealed triplets, won on the pair's tile."),
    "daisangen": N_("Triplets of all three dragons."),
    "shousuushii": N_("Triplets of three winds and a pair of the fourth."),
    "daisuushii": N_("Triplets of all four winds."),
    "ryuuiisou": N_("Only green tiles: 2, 3, 4, 6 and 8 of bamboo and the green dragon."),
    "tsuuiisou": N_("Only honours."),
    "chinroutou": N_("Only 1s and 9s."),
    "suukantsu": N_("Four kans."),
    "tenhou": N_("The dealer's starting hand is already complete."),
    "chiihou": N_("A non-dealer wins on their first draw, nobody having called."),
}
"""Per engine yaku name: what the yaku asks, in one or two short sentences."""

SITUATION_WORDS: dict[str, str] = {
    "tsumo": N_("self-drawn"), "ron": N_("won on a discard"), "riichi": N_("after riichi"),
    "double_riichi": N_("after double riichi"), "ippatsu": N_("within one turn of riichi"),
    "rinshan": N_("on the tile drawn after a kan"), "chankan": N_("on a tile added to a kan"),
    "haitei": N_("on the wall's last tile"), "houtei": N_("on the last discard"),
    "tenhou": N_("the dealer's first draw"), "chiihou": N_("on the first draw"),
    "renhou": N_("before the first draw"),
    "S": N_("South seat"), "W": N_("West seat"), "N": N_("North seat"),
}
"""How an example's situation is told under its tiles (``E`` seat, East round: not told)."""

MELD_OPENED = {"chi": True, "pon": True, "kan": True, "ankan": False}


def _ex(hand: str, win: str, *melds: str, seat: str = "E", **situation: bool) -> dict[str, Any]:
    """An example case: the concealed tiles (winning tile included), the winning tile, calls as
    ``"pon:666z"`` and the situation's flags (East round)."""
    calls = [{"type": kind, "tiles": tiles, "opened": MELD_OPENED[kind]}
             for kind, tiles in (m.split(":") for m in melds)]
    return {"hand": hand, "win_tile": win, "melds": calls, "seat_wind": seat, "round_wind": "E", **situation}


PLAIN = "12399m456p234789s"
"""A closed hand with no yaku of its own, won on 3s (closed wait): the situational yaku's example."""

EXAMPLES: dict[str, dict[str, Any]] = {
    "menzen tsumo": _ex(PLAIN, "3s", tsumo=True),
    "riichi": _ex(PLAIN, "3s", riichi=True),
    "double riichi": _ex(PLAIN, "3s", riichi=True, double_riichi=True),
    "ippatsu": _ex(PLAIN, "3s", riichi=True, ippatsu=True),
    "chankan": _ex(PLAIN, "3s", chankan=True),
    "rinshan": _ex("12399m456p234s", "3s", "kan:7777s", tsumo=True, rinshan=True),
    "haitei": _ex("12399m456p234s", "3s", "chi:789s", tsumo=True, haitei=True),
    "houtei": _ex("12399m456p234s", "3s", "chi:789s", houtei=True),
    "pinfu": _ex("123456m678p23488s", "4s"),
    "tanyao": _ex("234888m567p34566s", "6s"),
    "iipeikou": _ex("112233m456p789s55z", "3m"),
    "ryanpeikou": _ex("112233m556677p99s", "9s"),
    "sanshoku doujun": _ex("234789m234p234s11z", "9m"),
    "ittsu": _ex("123456789m234p55s", "5s"),
    "seat wind": _ex("123m45699p789s222z", "9p", seat="S"),
    "round wind": _ex("123m45699p789s111z", "9p", seat="S"),
    "haku": _ex("123m45699p789s555z", "9p"),
    "hatsu": _ex("123m45699p789s666z", "9p"),
    "chun": _ex("123m45699p789s777z", "9p"),
    "shousangen": _ex("123m456p55566677z", "4p"),
    "chanta": _ex("123789m123p789s44z", "3p"),
    "junchan": _ex("123789m123p11789s", "3p"),
    "honroutou": _ex("111m99s777z", "9s", "pon:999p", "pon:111s"),
    "toitoi": _ex("999m55p444s", "5p", "pon:222m", "pon:888p"),
    "sanankou": _ex("222789m444p666s55z", "9m"),
    "sankantsu": _ex("789m55z", "9m", "ankan:2222m", "kan:4444p", "kan:6666s"),
    "sanshoku doukou": _ex("222456m22299p", "6m", "pon:222s"),
    "chiitoitsu": _ex("1133m5577p22s4466z", "3m"),
    "honitsu": _ex("111234678999m33z", "3z"),
    "chinitsu": _ex("12334556778999s", "9s"),
    "renhou": _ex(PLAIN, "3s", seat="S", renhou=True),
    "kokushi musou": _ex("19m19p19s12345677z", "1m"),
    "kokushi musou 13-sided wait": _ex("19m19p19s11234567z", "1z"),
    "chuuren poutou": _ex("11112345678999m", "2m"),
    "junsei chuuren poutou": _ex("11123455678999m", "5m"),
    "suuankou": _ex("222m444p66688s555z", "5z", tsumo=True),
    "suuankou tanki": _ex("222m444p66688s555z", "8s"),
    "daisangen": _ex("123m99p555666777z", "3m"),
    "shousuushii": _ex("789m11122233344z", "9m"),
    "daisuushii": _ex("99m222333444z", "9m", "pon:111z"),
    "ryuuiisou": _ex("223344666888s66z", "6z"),
    "tsuuiisou": _ex("22233355566z", "6z", "pon:111z"),
    "chinroutou": _ex("999m11199p999s", "9p", "pon:111m"),
    "suukantsu": _ex("55z", "5z", "kan:2222m", "kan:4444p", "ankan:6666s", "kan:8888s"),
    "tenhou": _ex(PLAIN, "3s", tsumo=True, tenhou=True),
    "chiihou": _ex(PLAIN, "3s", seat="S", tsumo=True, chiihou=True),
}
"""Per engine yaku name: a complete hand that the engine scores with that yaku."""


@dataclass(frozen=True)
class BookEntry:
    """One yaku as the book shows it, from the engine's tables under the rules in force."""

    name: str
    """The engine's name (the key of NOTES, EXAMPLES and the translated yaku names)."""
    han_closed: int
    han_open: int
    """0: closed hands only."""
    yakuman: int
    """0 for a yaku, 1 for a yakuman, 2 for a double yakuman under these rules."""
    limit: str | None = None
    """A yaku paid as a fixed limit (renhou: ``mangan``)."""

    @property
    def note(self) -> str:
        return NOTES[self.name]

    @property
    def example(self) -> dict[str, Any]:
        return EXAMPLES[self.name]


def book(rules: RuleSet) -> list[BookEntry]:
    """Every yaku and yakuman the engine counts under ``rules``, in the order a result lists them."""
    out: list[BookEntry] = []
    for row in YAKU:
        opened = row.han_open if (row.name != "tanyao" or rules.open_tanyao) else 0
        out.append(BookEntry(row.name, row.han_closed, opened, 0))
    if rules.renhou_mangan:
        out.append(BookEntry(RENHOU.name, RENHOU.han, 0, 0, "mangan"))
    for yakuman in YAKUMAN:
        out.append(BookEntry(yakuman.name, 13, 0, 2 if yakuman.double and rules.double_yakuman else 1))
    return out
