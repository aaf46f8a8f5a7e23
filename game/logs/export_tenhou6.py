"""Write a ``RecordedGame`` as tenhou.net/6 JSON (the viewer's format; FORMAT.md section 1).

``game_to_tenhou6`` gives one object with every hand in ``log``; ``write_tenhou6`` writes it,
or one object per hand per line. Review tools that read this format, and Kawa's own reader,
take the result back.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.logs.record import HandResult, RecordedGame, RecordedHand, Step, Win
from game.logs.tenhou_names import DRAW_JAPANESE, JAPANESE_BY_YAKU, LIMIT_JAPANESE, tile_to_code

__all__ = ["game_to_tenhou6", "hand_to_tenhou6", "write_tenhou6", "score_string", "yaku_strings"]

_WINDS = "東南西北"
_RELATIVE = {3: 0, 2: 1, 1: 2}
"""Relative seat of the discarder (3 kamicha, 2 toimen, 1 shimocha) -> place of the marker tile."""


def _haipai_key(code: int) -> tuple[int, int]:
    """Haipai order: by code, a red five right after the plain fives of its suit."""
    if code >= 51:
        return ((code - 50) * 10 + 5, 1)
    return (code, 0)


def _hand_codes(tiles: tuple[int, ...], red: bool) -> list[int]:
    """The hand tiles of a meld in display order: plain tiles first, a red five last."""
    return sorted((tile_to_code(t, red) for t in tiles), key=lambda c: (c >= 51, c))


def _meld_string(letter: str, called: int, hand: list[int], rel: int) -> str:
    """Marker plus called tile placed where the discarder sits, between the hand tiles."""
    place = _RELATIVE[rel]
    if letter == "m" and place == 2:
        place = 3
    parts = [str(c) for c in hand]
    parts.insert(place, f"{letter}{called}")
    return "".join(parts)


def _call_entry(step: Step, red: bool) -> str:
    assert step.seat is not None and step.from_seat is not None and step.tile is not None
    called = tile_to_code(step.tile, red)
    hand = _hand_codes(step.tiles, red)
    if step.kind == "chi":
        run = [tile_to_code(t, red) for t in sorted(step.tiles)]  # run order, a red five first
        return "c" + "".join(str(c) for c in (called, *run))
    return _meld_string("p" if step.kind == "pon" else "m", called, hand, (step.from_seat - step.seat) % 4)


def _kan_entry(step: Step, pons: dict[tuple[int, ...], str], red: bool) -> str:
    if step.kind == "ankan":
        codes = _hand_codes(step.tiles, red)
        return "".join(map(str, codes[:3])) + "a" + str(codes[3])
    pon = pons[tuple(sorted(step.tiles))]
    marker = pon.index("p")
    return pon[:marker] + "k" + str(tile_to_code(step.tile, red)) + pon[marker + 1:]  # type: ignore[arg-type]


def _columns(hand: RecordedHand, red: bool) -> tuple[list[list[Any]], list[list[Any]]]:
    draws: list[list[Any]] = [[], [], [], []]
    discards: list[list[Any]] = [[], [], [], []]
    pons: dict[tuple[int, ...], str] = {}
    for step in hand.steps:
        seat = step.seat
        if step.kind == "draw":
            draws[seat].append(tile_to_code(step.tile, red))  # type: ignore[index, arg-type]
        elif step.kind == "discard":
            code = 60 if step.tsumogiri else tile_to_code(step.tile, red)  # type: ignore[arg-type]
            discards[seat].append(f"r{code}" if step.riichi else code)  # type: ignore[index]
        elif step.kind in ("chi", "pon", "daiminkan"):
            entry = _call_entry(step, red)
            draws[seat].append(entry)  # type: ignore[index]
            if step.kind == "pon":
                pons[tuple(sorted((*step.tiles, step.tile)))] = entry  # type: ignore[arg-type]
            if step.kind == "daiminkan":
                discards[seat].append(0)  # type: ignore[index]
        elif step.kind in ("ankan", "shouminkan"):
            discards[seat].append(_kan_entry(step, pons, red))  # type: ignore[index]
    # A win on the replacement tile right after an open kan leaves no placeholder.
    for seat in range(4):
        if discards[seat] and discards[seat][-1] == 0 and hand.steps and hand.steps[-1].kind == "tsumo" \
                and hand.steps[-1].seat == seat:
            discards[seat].pop()
    return draws, discards


def score_string(win: Win, dealer: int) -> str:
    """Tenhou's score text: '30符4飜7700点', '跳満3000-6000点', '役満16000点∀'."""
    head = LIMIT_JAPANESE[win.limit] if win.limit else f"{win.fu}符{win.han}飜"
    if not win.tsumo:
        return f"{head}{win.points}点"
    if win.who == dealer:
        return f"{head}{win.points // 3}点∀"
    # Non-dealer tsumo: each non-dealer pays a, the dealer b, with b = 2a or 2a - 100.
    each = win.points // 4 if win.points % 400 == 0 else (win.points + 100) // 4
    return f"{head}{each}-{win.points - 2 * each}点"


def yaku_strings(win: Win, hand_index: int) -> list[str]:
    """The yaku texts in record order, then dora, red fives and ura as Tenhou lists them."""
    out = []
    seat_wind = (win.who - hand_index % 4) % 4
    for name, han in win.yaku:
        if name == "seat wind":
            jp = f"自風 {_WINDS[seat_wind]}"
        elif name == "round wind":
            jp = f"場風 {_WINDS[hand_index // 4 % 4]}"
        else:
            jp = JAPANESE_BY_YAKU[name]
        out.append(f"{jp}(役満)" if win.yakuman_count else f"{jp}({han}飜)")
    for jp, count in (("ドラ", win.dora), ("赤ドラ", win.aka), ("裏ドラ", win.ura)):
        if count and not win.yakuman_count:
            out.append(f"{jp}({count}飜)")
    return out


def _result(result: HandResult, hand: RecordedHand) -> list[Any]:
    if result.wins:
        out: list[Any] = ["和了"]
        for win in result.wins:
            pao = win.who if win.pao_who is None else win.pao_who
            out += [list(win.deltas), [win.who, win.from_who, pao, score_string(win, hand.dealer),
                                       *yaku_strings(win, hand.hand_index)]]
        return out
    assert result.draw is not None
    name = DRAW_JAPANESE[result.draw]
    if result.draw == "exhaustive" and result.tenpai is not None and len(result.tenpai) in (0, 4):
        name = "全員聴牌" if result.tenpai else "全員不聴"
    return [name, list(result.deltas)] if any(result.deltas) else [name]


def hand_to_tenhou6(hand: RecordedHand, red_fives: bool) -> list[Any]:
    """One hand as the 17-item list of a tenhou.net/6 ``log``."""
    code = lambda t: tile_to_code(t, red_fives)  # noqa: E731
    draws, discards = _columns(hand, red_fives)
    out: list[Any] = [[hand.hand_index, hand.honba, hand.sticks], list(hand.scores),
                      [code(t) for t in hand.dora_indicators], [code(t) for t in hand.ura_indicators]]
    for seat in range(4):
        out += [sorted((code(t) for t in hand.haipai[seat]), key=_haipai_key), draws[seat], discards[seat]]
    out.append(_result(hand.result, hand))
    return out


def _header(game: RecordedGame) -> dict[str, Any]:
    disp = game.room + ("東" if game.east_only else "南") + ("喰" if game.open_tanyao else "") + ("赤" if game.red_fives else "")
    return {"title": [game.extra.get("title", ""), ""], "name": list(game.names),
            "rule": {"disp": disp, "aka": int(game.red_fives)}}


def game_to_tenhou6(game: RecordedGame) -> dict[str, Any]:
    """The whole game as one viewer-export object."""
    return {**_header(game), "log": [hand_to_tenhou6(h, game.red_fives) for h in game.hands]}


def write_tenhou6(game: RecordedGame, path: str | Path, per_line: bool = False) -> None:
    """Write the game; ``per_line`` writes one object per hand, one per line."""
    if per_line:
        head = _header(game)
        lines = [json.dumps({**head, "log": [hand_to_tenhou6(h, game.red_fives)]}, ensure_ascii=False,
                            separators=(",", ":")) for h in game.hands]
        text = "\n".join(lines) + "\n"
    else:
        text = json.dumps(game_to_tenhou6(game), ensure_ascii=False, separators=(",", ":")) + "\n"
    Path(path).write_text(text, encoding="utf-8")
