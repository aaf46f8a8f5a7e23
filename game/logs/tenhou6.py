"""Read tenhou.net/6 JSON (viewer export, mjlog2json output, or one hand per line).

The format keeps, per seat, a column of tiles received and a column of tiles given away; the
order of play is rebuilt by interleaving the twelve columns (FORMAT.md section 1.6). When a
call could belong to more than one identical discard, the search backtracks: it tries the
earliest discard first and moves on when that leads to an impossible position.
Physical tile ids are assigned as the tiles appear: a red five code gets the red id, other
copies take the lowest free id of their kind.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.logs.record import (HandResult, LogFormatError, RecordedGame, RecordedHand, Step, Win,
                              read_record_text)
from game.logs.tenhou_names import LIMIT_JAPANESE, YAKU_BY_JAPANESE, code_is_red, code_kind, make_win, tile_to_code
from game.tiles import RED_FIVES

__all__ = ["read_tenhou6", "parse_tenhou6", "parse_hand"]

_TSUMOGIRI = 60
_MAX_TRIES = 20000
"""Branches the call search may open before it refuses a hand (no real hand in the corpus needs 10)."""
_ROOMS = "般上特鳳"
_POS_FROM = {"p": {0: 3, 2: 2, 4: 1}, "m": {0: 3, 2: 2, 6: 1}, "k": {0: 3, 2: 2, 4: 1}, "c": {0: 3}}
_DRAW_NAMES = {"流局": "exhaustive", "全員聴牌": "exhaustive", "全員不聴": "exhaustive",
               "流し満貫": "nagashi_mangan", "九種九牌": "kyuushu_kyuuhai", "四家立直": "suucha_riichi",
               "三家和了": "sanchahou", "四槓散了": "suukaikan", "四風連打": "suufon_renda"}
_SCORE = re.compile(r"^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀)?$")
_YAKU = re.compile(r"^(.+)\((?:(\d+)飜|(役満))\)$")
_LIMIT_BY_JAPANESE = {v: k for k, v in LIMIT_JAPANESE.items()}


class _Bad(ValueError):
    """An error inside a hand; the caller adds the file and hand position."""


# ---------------------------------------------------------------- column entries

@dataclass(frozen=True)
class _Entry:
    """One column entry: ``op`` is tile / chi / pon / daiminkan / discard / ankan / kakan / zero."""

    op: str
    code: int = 0
    codes: tuple[int, ...] = ()
    rel: int = 0
    riichi: bool = False


def _codes(text: str, where: str) -> list[int]:
    if len(text) % 2 or not text.isdigit():
        raise _Bad(f"{where}: {text!r} is not a run of 2-digit tile codes")
    codes = [int(text[i:i + 2]) for i in range(0, len(text), 2)]
    for c in codes:
        _check_code(c, where)
    return codes


def _check_code(code: Any, where: str) -> int:
    if not isinstance(code, int) or isinstance(code, bool):
        raise _Bad(f"{where}: {code!r} is not a tile code")
    try:
        code_kind(code)
    except ValueError:
        raise _Bad(f"{where}: {code} is not a tile code") from None
    return code


def _meld_entry(text: str, letters: str, where: str) -> _Entry:
    """A call string: the marker letter says the type, its position the discarder."""
    found = [(i, ch) for i, ch in enumerate(text) if ch.isalpha()]
    if len(found) != 1 or found[0][1] not in letters:
        raise _Bad(f"{where}: {text!r} is not a call string")
    pos, letter = found[0]
    codes = _codes(text[:pos] + text[pos + 1:], where)
    size = {"c": 3, "p": 3, "m": 4, "a": 4, "k": 4}[letter]
    if len(codes) != size:
        raise _Bad(f"{where}: {text!r} should hold {size} tiles")
    if letter == "a":
        if pos != 6:
            raise _Bad(f"{where}: closed kan {text!r} has its marker out of place")
        return _Entry("ankan", codes=tuple(codes))
    rels = _POS_FROM[letter]
    if pos not in rels:
        raise _Bad(f"{where}: {text!r} has its marker out of place")
    called = codes.pop(pos // 2)
    op = {"c": "chi", "p": "pon", "m": "daiminkan", "k": "kakan"}[letter]
    return _Entry(op, called, tuple(codes), rels[pos])


def _draw_entry(item: Any, where: str) -> _Entry:
    if isinstance(item, str):
        return _meld_entry(item, "cpm", where)
    return _Entry("tile", _check_code(item, where))


def _discard_entry(item: Any, where: str) -> _Entry:
    if isinstance(item, str):
        if item.startswith("r"):
            rest = item[1:]
            if not rest.isdigit():
                raise _Bad(f"{where}: {item!r} is not a riichi discard")
            code = int(rest)
            if code != _TSUMOGIRI:
                _check_code(code, where)
            return _Entry("discard", code, riichi=True)
        return _meld_entry(item, "ak", where)
    if item == 0:
        return _Entry("zero")
    if item == _TSUMOGIRI:
        return _Entry("discard", _TSUMOGIRI)
    return _Entry("discard", _check_code(item, where))


# ---------------------------------------------------------------- rebuilding the order of play

@dataclass
class _State:
    draws: list[list[_Entry]]
    discards: list[list[_Entry]]
    dp: list[int]
    xp: list[int]
    hands: list[Counter[int]]
    pons: list[list[tuple[int, ...]]]
    last_draw: list[int | None]
    events: list[tuple[Any, ...]] = field(default_factory=list)
    pending_dora: int = 0
    tries: list[int] = field(default_factory=lambda: [_MAX_TRIES])
    """Calls still allowed to be tried, shared by every branch of one search."""

    def clone(self) -> _State:
        self.tries[0] -= 1
        if self.tries[0] < 0:
            raise _Bad(f"more than {_MAX_TRIES} ways tried to place the calls; giving up")
        return _State(self.draws, self.discards, list(self.dp), list(self.xp),
                      [Counter(h) for h in self.hands], [list(p) for p in self.pons],
                      list(self.last_draw), list(self.events), self.pending_dora, self.tries)

    def next_draw(self, seat: int) -> _Entry | None:
        col = self.draws[seat]
        return col[self.dp[seat]] if self.dp[seat] < len(col) else None

    def next_discard(self, seat: int) -> _Entry | None:
        col = self.discards[seat]
        return col[self.xp[seat]] if self.xp[seat] < len(col) else None

    def all_done(self) -> bool:
        return all(self.dp[s] == len(self.draws[s]) and self.xp[s] == len(self.discards[s]) for s in range(4))

    def no_draws_left(self) -> bool:
        return all(self.dp[s] == len(self.draws[s]) for s in range(4))

    def take(self, seat: int, codes: tuple[int, ...] | list[int]) -> bool:
        need = Counter(codes)
        if any(self.hands[seat][c] < n for c, n in need.items()):
            return False
        self.hands[seat].subtract(need)
        return True

    def flush_dora(self) -> None:
        for _ in range(self.pending_dora):
            self.events.append(("dora",))
        self.pending_dora = 0


def _play(st: _State, actor: int, phase: str) -> _State | None:
    """Play on from ``phase`` ('draw', 'rinshan', 'after_draw', 'after_call'); None = dead end."""
    while True:
        if phase in ("draw", "rinshan"):
            entry = st.next_draw(actor)
            if entry is None or entry.op != "tile":
                return None
            st.dp[actor] += 1
            st.hands[actor][entry.code] += 1
            st.last_draw[actor] = entry.code
            st.events.append(("draw", actor, entry.code, phase == "rinshan"))
            phase = "after_draw"
            continue
        entry = st.next_discard(actor)
        if entry is None:
            if phase == "after_draw" and st.all_done():
                st.events.append(("end_draw", actor))
                return st
            return None
        st.xp[actor] += 1
        if entry.op == "ankan":
            if phase != "after_draw" or not st.take(actor, entry.codes):
                return None
            st.events.append(("ankan", actor, entry.codes))
            st.flush_dora()
            st.events.append(("dora",))
            phase = "rinshan"
            continue
        if entry.op == "kakan":
            pon = tuple(sorted(entry.codes))
            if phase != "after_draw" or pon not in st.pons[actor] or not st.take(actor, [entry.code]):
                return None
            st.pons[actor].remove(pon)
            st.events.append(("kakan", actor, entry.code, entry.codes, (actor + entry.rel) % 4))
            if st.no_draws_left():
                if not st.all_done():
                    return None
                st.events.append(("end_kakan", actor, entry.code))
                return st
            # An earlier kan's indicator shows once this kan stands (it was not robbed).
            st.flush_dora()
            st.pending_dora += 1
            phase = "rinshan"
            continue
        if entry.op != "discard":
            return None
        code = entry.code
        tsumogiri = code == _TSUMOGIRI
        if tsumogiri:
            if phase != "after_draw" or st.last_draw[actor] is None:
                return None
            code = st.last_draw[actor]  # type: ignore[assignment]
        if not st.take(actor, [code]):
            return None
        st.flush_dora()
        st.last_draw[actor] = None
        st.events.append(("discard", actor, code, tsumogiri, entry.riichi))
        if st.no_draws_left():
            if not st.all_done():
                return None
            st.events.append(("end_discard", actor, code))
            return st
        callers = []
        for seat in range(4):
            nxt = st.next_draw(seat)
            if (seat != actor and nxt is not None and nxt.op in ("chi", "pon", "daiminkan")
                    and nxt.code == code and (seat + nxt.rel) % 4 == actor):
                callers.append((nxt.op == "chi", seat))
        for _, seat in sorted(callers):
            done = _call(st.clone(), seat, actor)
            if done is not None:
                return done
        actor = (actor + 1) % 4
        phase = "draw"


def _call(st: _State, seat: int, discarder: int) -> _State | None:
    """Seat calls the last discard, then play goes on (one branch of the search)."""
    entry = st.draws[seat][st.dp[seat]]
    if not st.take(seat, entry.codes):
        return None
    st.dp[seat] += 1
    st.last_draw = [None] * 4
    st.events.append((entry.op, seat, entry.code, entry.codes, discarder))
    if entry.op == "pon":
        st.pons[seat].append(tuple(sorted((entry.code, *entry.codes))))
    if entry.op == "daiminkan":
        zero = st.next_discard(seat)
        if zero is not None and zero.op == "zero":
            st.xp[seat] += 1
        st.pending_dora += 1
        return _play(st, seat, "rinshan")
    return _play(st, seat, "after_call")


# ---------------------------------------------------------------- physical tiles

class _Ids:
    """Hands out physical ids for tile codes; every id at most once."""

    def __init__(self, red_fives: bool) -> None:
        self.red_fives = red_fives
        self.used: set[int] = set()

    def new(self, code: int) -> int:
        kind = code_kind(code)
        if code_is_red(code):
            if not self.red_fives:
                raise _Bad(f"red five code {code} in a game without red fives")
            choices = [RED_FIVES[code - 51]]
        else:
            choices = [kind * 4 + i for i in range(4)]
            if self.red_fives and choices[0] in RED_FIVES:
                choices = choices[1:]
        for tile in choices:
            if tile not in self.used:
                self.used.add(tile)
                return tile
        raise _Bad(f"more copies of tile code {code} than the set holds")


# ---------------------------------------------------------------- one hand

def _seat_of(value: Any, where: str) -> int:
    if value not in (0, 1, 2, 3) or isinstance(value, bool):
        raise _Bad(f"{where}: {value!r} is not a seat 0..3")
    return int(value)


def _win(deltas: Any, detail: Any, where: str) -> Win:
    if not (isinstance(deltas, list) and len(deltas) == 4 and all(isinstance(d, int) for d in deltas)):
        raise _Bad(f"{where}: win deltas {deltas!r} are not 4 integers")
    if not isinstance(detail, list) or len(detail) < 5:
        raise _Bad(f"{where}: win detail {detail!r} is too short")
    who, from_who, pao = (_seat_of(x, where) for x in detail[:3])
    m = _SCORE.match(str(detail[3]))
    if m is None:
        raise _Bad(f"{where}: score string {detail[3]!r} not understood")
    fu = int(m[1]) if m[1] else None
    limit = _LIMIT_BY_JAPANESE[m[3]] if m[3] else None
    first, second = int(m[4]), int(m[5]) if m[5] else None
    if second is not None:  # "each non-dealer pays - the dealer pays"
        points = 2 * first + second
    else:
        points = 3 * first if m[6] else first
    entries: list[tuple[int, int | None]] = []
    for text in detail[4:]:
        ym = _YAKU.match(str(text))
        if ym is None or ym[1] not in YAKU_BY_JAPANESE:
            raise _Bad(f"{where}: yaku {text!r} not understood")
        entries.append((YAKU_BY_JAPANESE[ym[1]], None if ym[3] else int(ym[2])))
    try:
        return make_win(who, from_who, None if pao == who else pao, fu, limit, points,
                        tuple(deltas), entries)  # type: ignore[arg-type]
    except ValueError as exc:
        raise _Bad(f"{where}: {exc}") from None


def _result(raw: Any, where: str) -> HandResult:
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise _Bad(f"{where}: result {raw!r} is not a list starting with its name")
    name = raw[0]
    if name == "和了":
        if len(raw) < 3 or len(raw) % 2 == 0:
            raise _Bad(f"{where}: a win needs (deltas, detail) pairs")
        wins = tuple(_win(raw[i], raw[i + 1], where) for i in range(1, len(raw), 2))
        total = tuple(sum(w.deltas[s] for w in wins) for s in range(4))
        return HandResult(wins, None, None, total)  # type: ignore[arg-type]
    if name not in _DRAW_NAMES:
        raise _Bad(f"{where}: unknown result {name!r}")
    deltas = raw[1] if len(raw) > 1 else [0, 0, 0, 0]
    if not (isinstance(deltas, list) and len(deltas) == 4 and all(isinstance(d, int) for d in deltas)):
        raise _Bad(f"{where}: draw deltas {deltas!r} are not 4 integers")
    tenpai: tuple[int, ...] | None = None
    if name == "全員聴牌":
        tenpai = (0, 1, 2, 3)
    elif name == "全員不聴":
        tenpai = ()
    elif name == "流局":
        tenpai = tuple(s for s in range(4) if deltas[s] > 0)
    return HandResult((), _DRAW_NAMES[name], tenpai, tuple(deltas))  # type: ignore[arg-type]


def parse_hand(raw: Any, red_fives: bool, where: str = "hand") -> RecordedHand:
    """One ``log`` element (17 items) as a ``RecordedHand``; ``LogFormatError`` on bad input."""
    try:
        return _parse_hand(raw, red_fives, where)
    except _Bad as exc:
        raise LogFormatError(str(exc)) from None


def _int_list(value: Any, size: int | None, where: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
        raise _Bad(f"{where}: {value!r} is not a list of integers")
    if size is not None and len(value) != size:
        raise _Bad(f"{where}: {value!r} should have {size} numbers")
    return value


def _parse_hand(raw: Any, red_fives: bool, where: str) -> RecordedHand:
    if not isinstance(raw, list) or len(raw) != 17:
        raise _Bad(f"{where}: a hand is a list of 17 items")
    kyoku, honba, sticks = _int_list(raw[0], 3, f"{where} item 0")
    scores = _int_list(raw[1], 4, f"{where} item 1")
    dora_codes = [_check_code(c, f"{where} item 2") for c in _int_list(raw[2], None, f"{where} item 2")]
    ura_codes = [_check_code(c, f"{where} item 3") for c in _int_list(raw[3], None, f"{where} item 3")]
    if not dora_codes or not 0 <= kyoku < 16:
        raise _Bad(f"{where}: no dora indicator, or hand index {kyoku} out of range")
    haipai_codes, draws, discards = [], [], []
    for seat in range(4):
        col = 4 + 3 * seat
        hai = [_check_code(c, f"{where} item {col}") for c in _int_list(raw[col], 13, f"{where} item {col}")]
        haipai_codes.append(hai)
        for name, idx, parse, out in (("draw", col + 1, _draw_entry, draws), ("discard", col + 2, _discard_entry, discards)):
            if not isinstance(raw[idx], list):
                raise _Bad(f"{where} item {idx}: the {name} column of seat {seat} is not a list")
            out.append([parse(x, f"{where} item {idx} entry {i}") for i, x in enumerate(raw[idx])])
    result = _result(raw[16], f"{where} item 16")
    start = _State(draws, discards, [0] * 4, [0] * 4, [Counter(h) for h in haipai_codes],
                   [[] for _ in range(4)], [None] * 4)
    try:
        final = _play(start, kyoku % 4, "draw")
    except RecursionError:
        raise _Bad(f"{where}: too many calls to place") from None
    if final is None:
        raise _Bad(f"{where}: the columns cannot be put in any order of play")
    revealed = 1 + sum(1 for e in final.events if e[0] == "dora")
    if revealed != len(dora_codes):
        raise _Bad(f"{where}: {len(dora_codes)} dora indicators, but the kans reveal {revealed}")
    return _assign_tiles(kyoku, honba, sticks, scores, haipai_codes, dora_codes, ura_codes,
                         final.events, result, red_fives, where)


def _assign_tiles(kyoku: int, honba: int, sticks: int, scores: list[int], haipai_codes: list[list[int]],
                  dora_codes: list[int], ura_codes: list[int], events: list[tuple[Any, ...]],
                  result: HandResult, red_fives: bool, where: str) -> RecordedHand:
    """Turn the ordered events (tile codes) into steps with physical tiles."""
    ids = _Ids(red_fives)
    held: list[list[int]] = [[ids.new(c) for c in hai] for hai in haipai_codes]
    haipai = tuple(tuple(h) for h in held)
    dora = [ids.new(dora_codes[0])]
    last_drawn: list[int | None] = [None] * 4
    last_tile: int | None = None
    steps: list[Step] = []

    def give(seat: int, code: int, avoid: int | None = None) -> int:
        matches = [t for t in held[seat] if tile_to_code(t, red_fives) == code]
        if not matches:
            raise _Bad(f"{where}: seat {seat} has no tile {code}")
        tile = next((t for t in matches if t != avoid), matches[0])
        held[seat].remove(tile)
        return tile

    for ev in events:
        op = ev[0]
        if op == "draw":
            _, seat, code, rinshan = ev
            tile = ids.new(code)
            held[seat].append(tile)
            last_drawn[seat] = tile
            steps.append(Step("draw", seat, tile, rinshan=rinshan))
        elif op == "discard":
            _, seat, code, tsumogiri, riichi = ev
            if tsumogiri:
                tile = last_drawn[seat]
                held[seat].remove(tile)  # type: ignore[arg-type]
            else:
                tile = give(seat, code, avoid=last_drawn[seat])
            last_tile = tile
            steps.append(Step("discard", seat, tile, tsumogiri=tsumogiri, riichi=riichi))
        elif op in ("chi", "pon", "daiminkan"):
            _, seat, _, codes, source = ev
            used = tuple(sorted(give(seat, c) for c in codes))
            steps.append(Step(op, seat, last_tile, used, source))
        elif op == "ankan":
            _, seat, codes = ev
            steps.append(Step("ankan", seat, None, tuple(sorted(give(seat, c) for c in codes))))
        elif op == "kakan":
            _, seat, code, pon_codes, source = ev
            added = give(seat, code)
            pon = _find_pon(steps, seat, pon_codes, red_fives)
            last_tile = added
            steps.append(Step("shouminkan", seat, added, pon, source))
        elif op == "dora":
            if len(dora) >= len(dora_codes):
                raise _Bad(f"{where}: more kans than dora indicators")
            tile = ids.new(dora_codes[len(dora)])
            dora.append(tile)
            steps.append(Step("dora", None, tile))
        else:
            steps.extend(_end_steps(op, ev[1], result, last_drawn, last_tile, where))
    ura = tuple(ids.new(c) for c in ura_codes)
    return RecordedHand(kyoku, honba, sticks, tuple(scores), haipai, tuple(dora), ura,  # type: ignore[arg-type]
                        tuple(steps), result)


def _find_pon(steps: list[Step], seat: int, codes: tuple[int, ...], red_fives: bool) -> tuple[int, ...]:
    want = sorted(codes)
    for step in steps:
        if step.kind == "pon" and step.seat == seat:
            tiles = tuple(sorted((*step.tiles, step.tile)))  # type: ignore[arg-type]
            if sorted(tile_to_code(t, red_fives) for t in tiles) == want:
                return tiles
    raise _Bad(f"seat {seat} adds to a pon it does not have")


def _end_steps(op: str, seat: int, result: HandResult, last_drawn: list[int | None],
               last_tile: int | None, where: str) -> list[Step]:
    """The closing steps: who won on what, or the nine-terminals declaration."""
    if op == "end_draw":
        if result.draw == "kyuushu_kyuuhai":
            return [Step("kyuushu", seat)]
        if len(result.wins) == 1 and result.wins[0].who == seat == result.wins[0].from_who:
            return [Step("tsumo", seat, last_drawn[seat])]
        raise _Bad(f"{where}: the hand ends on seat {seat}'s draw, but the result is not its tsumo")
    if result.wins:
        if any(w.from_who != seat or w.who == seat for w in result.wins):
            raise _Bad(f"{where}: the hand ends on seat {seat}'s tile, but the result names other discarders")
        return [Step("ron", w.who, last_tile, from_seat=seat) for w in result.wins]
    if op == "end_kakan" or result.draw == "kyuushu_kyuuhai":
        raise _Bad(f"{where}: the hand cannot end here with result {result.draw}")
    return []


# ---------------------------------------------------------------- files

def _objects(text: str, source: str) -> list[dict[str, Any]]:
    try:
        objects = [json.loads(text)]
    except RecursionError:
        raise LogFormatError(f"{source}: nested too deeply") from None
    except json.JSONDecodeError as whole:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(lines) < 2:
            raise LogFormatError(f"{source}: not JSON ({whole.msg}, line {whole.lineno} column {whole.colno})") from None
        objects = []
        for n, line in lines:
            try:
                objects.append(json.loads(line))
            except RecursionError:
                raise LogFormatError(f"{source}: line {n}: nested too deeply") from None
            except json.JSONDecodeError as exc:
                raise LogFormatError(f"{source}: line {n}: not JSON ({exc.msg}, column {exc.colno})") from None
    for obj in objects:
        if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
            raise LogFormatError(f"{source}: each object needs a 'log' list")
    return objects


def parse_tenhou6(text: str, source: str = "<tenhou6>") -> RecordedGame:
    """Parse tenhou.net/6 JSON text (a single object, or one object per line)."""
    objects = _objects(text, source)
    head = objects[0]
    rule = head.get("rule") if isinstance(head.get("rule"), dict) else {}
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    disp = str(rule.get("disp", ""))
    hands: list[RecordedHand] = []
    for line, obj in enumerate(objects):
        for i, raw in enumerate(obj["log"]):
            place = f"{source}: " + (f"line {line + 1} " if len(objects) > 1 else "") + f"hand {i}"
            try:
                hands.append(_parse_hand(raw, red, place))
            except _Bad as exc:
                raise LogFormatError(str(exc)) from None
    if not hands:
        raise LogFormatError(f"{source}: no hands")
    names = head.get("name", ["", "", "", ""])
    if not isinstance(names, list) or len(names) != 4:
        raise LogFormatError(f"{source}: 'name' must list 4 players")
    final_scores = owari = None
    sc = head.get("sc")
    if sc is not None:
        if not (isinstance(sc, list) and len(sc) == 8 and all(isinstance(x, (int, float)) for x in sc)):
            raise LogFormatError(f"{source}: 'sc' must hold 8 numbers (score, points for each seat)")
        final_scores = tuple(int(sc[i]) for i in range(0, 8, 2))
        owari = tuple(float(sc[i]) for i in range(1, 8, 2))
    room = next((ch for ch in disp if ch in _ROOMS), "")
    game_id = str(head.get("ref") or Path(source).stem)
    return RecordedGame(source=source, game_id=game_id, red_fives=red, east_only="東" in disp,
                        names=tuple(str(n) for n in names), hands=tuple(hands),  # type: ignore[arg-type]
                        final_scores=final_scores, owari=owari,  # type: ignore[arg-type]
                        open_tanyao="喰" in disp or not disp, room=room,
                        extra={"format": "tenhou6", "disp": disp, "title": _title(head.get("title"))})


def _title(value: Any) -> str:
    return " ".join(map(str, value)).strip() if isinstance(value, list) else str(value or "")


def read_tenhou6(path: str | Path) -> RecordedGame:
    """Read one tenhou.net/6 JSON file."""
    path = Path(path)
    return parse_tenhou6(read_record_text(path), str(path))
