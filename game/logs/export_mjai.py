"""Write a ``RecordedGame`` as mjai events (one JSON object per line; MJAI.md), and read such a
log back into a ``RecordedGame`` (steps and score changes: mjai carries no yaku).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.logs.record import HandResult, LogFormatError, RecordedGame, RecordedHand, Step, Win, problem
from game.tiles import RED_FIVES, kind_of

__all__ = ["game_to_mjai", "write_mjai", "parse_mjai", "mjai_tile", "MjaiTiles", "MJAI_DRAW_REASONS"]

_HONORS = "ESWNPFC"
MJAI_DRAW_REASONS: dict[str, str] = {
    "exhaustive": "fanpai", "nagashi_mangan": "nagashimangan", "kyuushu_kyuuhai": "kyushukyuhai",
    "suucha_riichi": "suchareach", "sanchahou": "sanchaho", "suukaikan": "sukaikan",
    "suufon_renda": "sufonrenta",
}


def mjai_tile(tile: int, red_fives: bool) -> str:
    """'1m'..'9s', 'E S W N P F C' for honours, '5mr' for a red five."""
    kind = kind_of(tile)
    if kind >= 27:
        return _HONORS[kind - 27]
    name = f"{kind % 9 + 1}{'mps'[kind // 9]}"
    return name + "r" if red_fives and tile in RED_FIVES else name


def _hand_events(hand: RecordedHand, red: bool) -> list[dict[str, Any]]:
    name = lambda t: mjai_tile(t, red)  # noqa: E731
    out: list[dict[str, Any]] = [{
        "type": "start_kyoku", "bakaze": "ESWN"[hand.hand_index // 4 % 4], "kyoku": hand.hand_index % 4 + 1,
        "honba": hand.honba, "kyotaku": hand.sticks, "oya": hand.dealer,
        "dora_marker": name(hand.dora_indicators[0]), "scores": list(hand.scores),
        "tehais": [[name(t) for t in sorted(h)] for h in hand.haipai]}]
    pending_riichi: int | None = None
    wins = iter(hand.result.wins)
    for step in hand.steps:
        if pending_riichi is not None and step.kind != "ron":
            out.append({"type": "reach_accepted", "actor": pending_riichi})
        pending_riichi = None
        seat, kind = step.seat, step.kind
        if kind == "draw":
            out.append({"type": "tsumo", "actor": seat, "pai": name(step.tile)})  # type: ignore[arg-type]
        elif kind == "discard":
            if step.riichi:
                out.append({"type": "reach", "actor": seat})
                pending_riichi = seat
            out.append({"type": "dahai", "actor": seat, "pai": name(step.tile), "tsumogiri": step.tsumogiri})  # type: ignore[arg-type]
        elif kind in ("chi", "pon", "daiminkan"):
            out.append({"type": kind, "actor": seat, "target": step.from_seat, "pai": name(step.tile),  # type: ignore[arg-type]
                        "consumed": [name(t) for t in step.tiles]})
        elif kind == "ankan":
            out.append({"type": "ankan", "actor": seat, "consumed": [name(t) for t in step.tiles]})
        elif kind == "shouminkan":
            out.append({"type": "kakan", "actor": seat, "pai": name(step.tile),  # type: ignore[arg-type]
                        "consumed": [name(t) for t in step.tiles]})
        elif kind == "dora":
            out.append({"type": "dora", "dora_marker": name(step.tile)})  # type: ignore[arg-type]
        elif kind in ("tsumo", "ron"):
            win = next(wins)
            target = seat if kind == "tsumo" else step.from_seat
            event = {"type": "hora", "actor": seat, "target": target, "pai": name(step.tile),  # type: ignore[arg-type]
                     "deltas": list(win.deltas), "ura_markers": [name(t) for t in hand.ura_indicators]}
            if win.pao_who is not None:
                event["pao"] = win.pao_who
            out.append(event)
    if pending_riichi is not None and hand.result.draw == "suucha_riichi":
        out.append({"type": "reach_accepted", "actor": pending_riichi})
    result = hand.result
    if not result.wins:
        event = {"type": "ryukyoku", "reason": MJAI_DRAW_REASONS[result.draw or "exhaustive"],
                 "deltas": list(result.deltas)}
        if result.tenpai is not None:
            event["tenpais"] = [s in result.tenpai for s in range(4)]
        out.append(event)
    out.append({"type": "end_kyoku"})
    return out


def game_to_mjai(game: RecordedGame) -> list[dict[str, Any]]:
    """Every event of the game, from ``start_game`` to ``end_game``."""
    events: list[dict[str, Any]] = [{"type": "start_game", "names": list(game.names),
                                     "kyoku_first": 4 if game.east_only else 0, "aka_flag": game.red_fives}]
    for hand in game.hands:
        events += _hand_events(hand, game.red_fives)
    end: dict[str, Any] = {"type": "end_game"}
    if game.final_scores is not None:
        end["scores"] = list(game.final_scores)
    events.append(end)
    return events


def write_mjai(game: RecordedGame, path: str | Path) -> None:
    """One event per line."""
    lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in game_to_mjai(game)]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- reading back

class MjaiTiles:
    """Physical ids for mjai tile names, each id once per hand (red names get the red ids)."""

    def __init__(self, red: bool) -> None:
        self.red = red
        self.free: set[int] = set(range(136))

    def kind(self, name: str) -> tuple[int, bool]:
        if not isinstance(name, str):
            raise ValueError(f"{name!r} is not an mjai tile")
        if len(name) == 1 and name in _HONORS:
            return 27 + _HONORS.index(name), False
        red = name.endswith("r")
        core = name[:-1] if red else name
        if len(core) != 2 or core[0] not in "123456789" or core[1] not in "mps" or (red and core[0] != "5"):
            raise ValueError(f"{name!r} is not an mjai tile")
        return "mps".index(core[1]) * 9 + int(core[0]) - 1, red

    def kind_of_tile(self, tile: int) -> tuple[int, bool]:
        """The kind of a tile id and whether it is a red five (with red fives in play)."""
        return tile >> 2, self.red and tile in RED_FIVES

    def new(self, name: str) -> int:
        kind, red = self.kind(name)
        if red and not self.red:
            raise ValueError(f"red five {name} in a game without red fives")
        for tile in range(kind * 4, kind * 4 + 4):
            if tile in self.free and (not self.red or (tile in RED_FIVES) == red):
                self.free.discard(tile)
                return tile
        raise ValueError(f"a fifth {name}")


class _MjaiHand:
    def __init__(self, ev: dict[str, Any], red: bool) -> None:
        self.tiles = MjaiTiles(red)
        self.red = red
        bakaze = "ESWN".index(ev["bakaze"])
        self.hand_index = bakaze * 4 + int(ev["kyoku"]) - 1
        self.head = (self.hand_index, int(ev["honba"]), int(ev["kyotaku"]), tuple(int(s) for s in ev["scores"]))
        self.held = [[self.tiles.new(n) for n in hai] for hai in ev["tehais"]]
        self.haipai = tuple(tuple(h) for h in self.held)
        self.dora = [self.tiles.new(ev["dora_marker"])]
        self.ura: tuple[int, ...] = ()
        self.steps: list[Step] = []
        self.wins: list[Win] = []
        self.riichi = False
        self.last: dict[str, int] = {}

    def take(self, seat: int, name: str, prefer: int | None = None) -> int:
        kind, red = self.tiles.kind(name)
        matches = [t for t in self.held[seat] if t >> 2 == kind and (not self.red or (t in RED_FIVES) == red)]
        if not matches:
            raise ValueError(f"seat {seat} has no {name}")
        tile = prefer if prefer in matches else matches[0]
        self.held[seat].remove(tile)
        return tile

    def event(self, ev: dict[str, Any]) -> None:
        kind, seat = ev["type"], ev.get("actor")
        if kind == "tsumo":
            tile = self.tiles.new(ev["pai"])
            before = next((s for s in reversed(self.steps) if s.kind != "dora"), None)
            after_kan = before is not None and before.kind in ("ankan", "shouminkan", "daiminkan")
            self.held[seat].append(tile)
            self.steps.append(Step("draw", seat, tile, rinshan=after_kan))
        elif kind == "reach":
            self.riichi = True
        elif kind == "dahai":
            last = self.steps[-1] if self.steps else None
            drawn = last.tile if last and last.kind == "draw" and last.seat == seat else None
            if ev.get("tsumogiri") and drawn is None:
                for prev in reversed(self.steps):
                    if prev.kind == "draw" and prev.seat == seat:
                        drawn = prev.tile
                        break
            tile = self.take(seat, ev["pai"], drawn if ev.get("tsumogiri") else None)
            self.steps.append(Step("discard", seat, tile, tsumogiri=bool(ev.get("tsumogiri")), riichi=self.riichi))
            self.riichi = False
        elif kind in ("chi", "pon", "daiminkan"):
            called = self.steps_last_tile(ev["target"])
            used = tuple(sorted(self.take(seat, n) for n in ev["consumed"]))
            self.steps.append(Step(kind, seat, called, used, int(ev["target"])))
        elif kind == "ankan":
            self.steps.append(Step("ankan", seat, None, tuple(sorted(self.take(seat, n) for n in ev["consumed"]))))
        elif kind == "kakan":
            added = self.take(seat, ev["pai"])
            pon = next(s for s in self.steps if s.kind == "pon" and s.seat == seat
                       and sorted(mjai_tile(t, self.red) for t in (*s.tiles, s.tile))  # type: ignore[arg-type]
                       == sorted(ev["consumed"]))
            self.steps.append(Step("shouminkan", seat, added, tuple(sorted((*pon.tiles, pon.tile))), pon.from_seat))  # type: ignore[arg-type]
        elif kind == "dora":
            tile = self.tiles.new(ev["dora_marker"])
            self.dora.append(tile)
            self.steps.append(Step("dora", None, tile))
        elif kind == "hora":
            self.hora(ev)
        elif kind in ("reach_accepted", "ryukyoku", "end_kyoku"):
            pass
        else:
            raise ValueError(f"unknown event type {kind!r}")

    def steps_last_tile(self, target: int) -> int:
        last = next((s for s in reversed(self.steps) if s.kind != "dora"), None)
        if last is None or last.kind != "discard" or last.seat != target:
            raise ValueError(f"a call on seat {target}'s discard, which is not the last discard")
        return last.tile  # type: ignore[return-value]

    def hora(self, ev: dict[str, Any]) -> None:
        seat, target = int(ev["actor"]), int(ev["target"])
        if seat == target:
            tile = next(s.tile for s in reversed(self.steps) if s.kind == "draw")
            self.steps.append(Step("tsumo", seat, tile))
        else:
            last = next(s for s in reversed(self.steps) if s.kind in ("discard", "shouminkan"))
            self.steps.append(Step("ron", seat, last.tile, from_seat=target))
        if not self.ura and ev.get("ura_markers"):
            self.ura = tuple(self.tiles.new(n) for n in ev["ura_markers"])
        deltas = tuple(int(d) for d in ev.get("deltas", (0, 0, 0, 0)))
        self.wins.append(Win(seat, target, ev.get("pao"), 0, None, (), 0, 0, 0, 0, None, 0, deltas))  # type: ignore[arg-type]

    def finish(self, ryukyoku: dict[str, Any] | None) -> RecordedHand:
        if self.wins:
            total = tuple(sum(w.deltas[s] for w in self.wins) for s in range(4))
            result = HandResult(tuple(self.wins), None, None, total)  # type: ignore[arg-type]
        elif ryukyoku is not None:
            reasons = {v: k for k, v in MJAI_DRAW_REASONS.items()}
            draw = reasons.get(ryukyoku.get("reason", "fanpai"), "exhaustive")
            tenpais = ryukyoku.get("tenpais")
            tenpai = tuple(s for s in range(4) if tenpais[s]) if tenpais is not None else None
            if draw == "kyuushu_kyuuhai":
                self.steps.append(Step("kyuushu", self.steps[-1].seat))
            result = HandResult((), draw, tenpai, tuple(int(d) for d in ryukyoku.get("deltas", (0, 0, 0, 0))))  # type: ignore[arg-type]
        else:
            raise ValueError("the hand ends with neither hora nor ryukyoku")
        hand_index, honba, sticks, scores = self.head
        return RecordedHand(hand_index, honba, sticks, scores, self.haipai, tuple(self.dora), self.ura,  # type: ignore[arg-type]
                            tuple(self.steps), result)


def parse_mjai(text: str, source: str = "<mjai>") -> RecordedGame:
    """Read an mjai log (one event per line). Wins carry who, from whom and deltas only."""
    names = ["", "", "", ""]
    red, east_only = True, False
    hands: list[RecordedHand] = []
    hand: _MjaiHand | None = None
    ryukyoku: dict[str, Any] | None = None
    final = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
            kind = ev["type"]
            if kind == "start_game":
                names = [str(x) for x in ev.get("names", names)]
                red = bool(ev.get("aka_flag", True))
                east_only = ev.get("kyoku_first") == 4
            elif kind == "start_kyoku":
                hand, ryukyoku = _MjaiHand(ev, red), None
            elif kind == "end_game":
                final = tuple(ev["scores"]) if "scores" in ev else None
            elif hand is None:
                raise ValueError(f"{kind} outside a hand")
            elif kind == "end_kyoku":
                hands.append(hand.finish(ryukyoku))
                hand = None
            else:
                if kind == "ryukyoku":
                    ryukyoku = ev
                hand.event(ev)
        except (ValueError, KeyError, TypeError, IndexError, StopIteration, RecursionError) as exc:
            raise LogFormatError(f"{source}: line {n}: {problem(exc)}") from None
    if hand is not None or not hands:
        raise LogFormatError(f"{source}: the log ends inside a hand, or holds no hand")
    return RecordedGame(source=source, game_id=Path(source).stem, red_fives=red, east_only=east_only,
                        names=tuple(names), hands=tuple(hands), final_scores=final,
                        extra={"format": "mjai"})  # type: ignore[arg-type]
