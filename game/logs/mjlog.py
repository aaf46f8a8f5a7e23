"""Read Tenhou's mjlog XML (``<mjloggm ver="2.3">``) into a ``RecordedGame``.

The elements are the events in chronological order; see the corpus FORMAT.md section 2 for
the attributes and the bit layout of the meld code ``m``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from game.logs.record import HandResult, LogFormatError, RecordedGame, RecordedHand, Step, read_record_text
from game.logs.tenhou_names import LIMIT_BY_LEVEL, make_win

__all__ = ["read_mjlog", "parse_mjlog", "decode_meld", "DecodedMeld"]

_DRAW = re.compile(r"^([TUVW])(\d+)$")
_DISCARD = re.compile(r"^([DEFG])(\d+)$")
_DRAW_TYPES = {None: "exhaustive", "yao9": "kyuushu_kyuuhai", "reach4": "suucha_riichi",
               "ron3": "sanchahou", "kan4": "suukaikan", "kaze4": "suufon_renda",
               "nm": "nagashi_mangan"}
_ROOMS = "般上特鳳"


@dataclass(frozen=True)
class DecodedMeld:
    """A meld code decoded: ``tiles`` are the hand tiles used, ``tile`` the called / added tile."""

    kind: str
    tile: int | None
    tiles: tuple[int, ...]
    from_seat: int | None


def decode_meld(who: int, m: int) -> DecodedMeld:
    """Decode the 16-bit meld code of an ``N`` element made by seat ``who``."""
    rel = m & 3
    source = (who + rel) % 4
    if m & 0x4:
        t = m >> 10
        called = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        run = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return DecodedMeld("chi", run[called], tuple(x for i, x in enumerate(run) if i != called), source)
    if m & 0x18:
        unused = (m >> 5) & 3
        t = m >> 9
        called, kind = t % 3, t // 3
        if kind > 33:
            raise ValueError(f"meld code {m}: kind {kind} out of range")
        tiles = [kind * 4 + i for i in range(4) if i != unused]
        if m & 0x8:
            return DecodedMeld("pon", tiles[called], tuple(x for i, x in enumerate(tiles) if i != called), source)
        return DecodedMeld("shouminkan", kind * 4 + unused, tuple(tiles), source)
    if m & 0x20:
        raise ValueError(f"meld code {m}: nukidora belongs to three-player games")
    t = m >> 8
    kind = t // 4
    if kind > 33:
        raise ValueError(f"meld code {m}: kind {kind} out of range")
    quad = tuple(kind * 4 + i for i in range(4))
    if rel == 0:
        return DecodedMeld("ankan", None, quad, None)
    return DecodedMeld("daiminkan", t, tuple(x for x in quad if x != t), source)


def _ints(text: str | None, what: str) -> list[int]:
    if text is None or text == "":
        return []
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise ValueError(f"{what}={text!r} is not a list of integers") from None


def _tile_list(text: str | None, what: str) -> tuple[int, ...]:
    tiles = _ints(text, what)
    bad = [t for t in tiles if not 0 <= t < 136]
    if bad:
        raise ValueError(f"{what}: tile id {bad[0]} out of range")
    return tuple(tiles)


class _HandBuilder:
    """Collects one hand's steps while the elements go by."""

    def __init__(self, attrs: dict[str, str]) -> None:
        seed = _ints(attrs.get("seed"), "seed")
        if len(seed) != 6:
            raise ValueError(f"INIT seed {attrs.get('seed')!r} needs 6 numbers")
        self.hand_index, self.honba, self.sticks = seed[0], seed[1], seed[2]
        scores = _ints(attrs.get("ten"), "ten")
        if len(scores) != 4:
            raise ValueError("INIT ten needs 4 scores")
        self.scores = tuple(s * 100 for s in scores)
        self.haipai = tuple(_tile_list(attrs.get(f"hai{i}"), f"hai{i}") for i in range(4))
        if any(len(h) != 13 for h in self.haipai):
            raise ValueError("INIT hands need 13 tiles each")
        if not 0 <= seed[5] < 136:
            raise ValueError(f"dora indicator {seed[5]} out of range")
        self.dora = [seed[5]]
        self.ura: tuple[int, ...] = ()
        self.steps: list[Step] = []
        self.last_draw: list[int | None] = [None] * 4
        self.after_kan = [False] * 4
        self.riichi_pending: int | None = None
        self.riichi_paid: list[int] = []
        self.wins: list[Win] = []
        self.result: HandResult | None = None

    def draw(self, seat: int, tile: int) -> None:
        self.steps.append(Step("draw", seat, tile, rinshan=self.after_kan[seat]))
        self.after_kan[seat] = False
        self.last_draw[seat] = tile

    def discard(self, seat: int, tile: int) -> None:
        last = self.steps[-1] if self.steps else None
        tsumogiri = last is not None and last.kind == "draw" and last.seat == seat and last.tile == tile
        if last is not None and last.kind == "dora" and len(self.steps) > 1:
            prev = self.steps[-2]
            tsumogiri = prev.kind == "draw" and prev.seat == seat and prev.tile == tile
        riichi = self.riichi_pending == seat
        if self.riichi_pending is not None and not riichi:
            raise ValueError(f"seat {self.riichi_pending} declared riichi but seat {seat} discarded")
        self.riichi_pending = None
        self.steps.append(Step("discard", seat, tile, tsumogiri=tsumogiri, riichi=riichi))

    def meld(self, seat: int, m: int) -> None:
        meld = decode_meld(seat, m)
        self.steps.append(Step(meld.kind, seat, meld.tile, tuple(sorted(meld.tiles)), meld.from_seat))
        if meld.kind in ("daiminkan", "ankan", "shouminkan"):
            self.after_kan[seat] = True

    def win(self, attrs: dict[str, str]) -> None:
        who, from_who = int(attrs["who"]), int(attrs["fromWho"])
        machi = int(attrs["machi"])
        if who == from_who:
            self.steps.append(Step("tsumo", who, machi))
        else:
            self.steps.append(Step("ron", who, machi, from_seat=from_who))
        if not self.ura and attrs.get("doraHaiUra"):
            self.ura = _tile_list(attrs["doraHaiUra"], "doraHaiUra")
        ten = _ints(attrs.get("ten"), "ten")
        if len(ten) != 3 or ten[2] not in LIMIT_BY_LEVEL:
            raise ValueError(f"AGARI ten={attrs.get('ten')!r} needs fu,points,limit 0..5")
        pairs = _ints(attrs.get("yaku"), "yaku")
        entries: list[tuple[int, int | None]] = list(zip(pairs[::2], pairs[1::2]))
        entries += [(yid, None) for yid in _ints(attrs.get("yakuman"), "yakuman")]
        pao = int(attrs["paoWho"]) if "paoWho" in attrs else None
        self.wins.append(make_win(who, from_who, pao, ten[0], LIMIT_BY_LEVEL[ten[2]], ten[1], _deltas(attrs), entries))
        total = [sum(w.deltas[i] for w in self.wins) for i in range(4)]
        self.result = HandResult(tuple(self.wins), None, None, tuple(total))  # type: ignore[arg-type]

    def ryuukyoku(self, attrs: dict[str, str]) -> None:
        kind = attrs.get("type")
        if kind not in _DRAW_TYPES:
            raise ValueError(f"unknown RYUUKYOKU type {kind!r}")
        draw = _DRAW_TYPES[kind]
        tenpai = None
        if draw in ("exhaustive", "nagashi_mangan"):
            tenpai = tuple(i for i in range(4) if f"hai{i}" in attrs)
        if draw == "kyuushu_kyuuhai":
            last = self.steps[-1] if self.steps else None
            if last is None or last.kind != "draw":
                raise ValueError("nine terminals declared without a draw just before")
            self.steps.append(Step("kyuushu", last.seat))
        self.result = HandResult((), draw, tenpai, _deltas(attrs))

    def finish(self) -> RecordedHand:
        if self.result is None:
            raise ValueError("the hand has no AGARI or RYUUKYOKU")
        hand = RecordedHand(self.hand_index, self.honba, self.sticks, self.scores, self.haipai,  # type: ignore[arg-type]
                            tuple(self.dora), self.ura, tuple(self.steps), self.result)
        if sorted(hand.accepted_riichi()) != sorted(self.riichi_paid):
            raise ValueError(f"riichi paid by seats {self.riichi_paid}, but the discards make it {hand.accepted_riichi()}")
        return hand


def _deltas(attrs: dict[str, str]) -> tuple[int, int, int, int]:
    sc = _ints(attrs.get("sc"), "sc")
    if len(sc) != 8:
        raise ValueError(f"sc={attrs.get('sc')!r} needs 8 numbers")
    return tuple(d * 100 for d in sc[1::2])  # type: ignore[return-value]


def parse_mjlog(text: str, source: str = "<mjlog>") -> RecordedGame:
    """Parse mjlog XML text; ``LogFormatError`` names ``source`` and the element at fault."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise LogFormatError(f"{source}: not well-formed XML ({exc})") from None
    if root.tag != "mjloggm":
        raise LogFormatError(f"{source}: root element is <{root.tag}>, not <mjloggm>")
    names = ["", "", "", ""]
    go_type: int | None = None
    hands: list[RecordedHand] = []
    hand: _HandBuilder | None = None
    owari_text: str | None = None
    for index, el in enumerate(root):
        tag, attrs = el.tag, el.attrib
        try:
            if (m := _DRAW.match(tag)) is not None:
                if hand is None:
                    raise ValueError("a draw outside a hand")
                hand.draw("TUVW".index(m[1]), _tile_list(m[2], "draw")[0])
            elif (m := _DISCARD.match(tag)) is not None:
                if hand is None:
                    raise ValueError("a discard outside a hand")
                hand.discard("DEFG".index(m[1]), _tile_list(m[2], "discard")[0])
            elif tag == "N":
                if hand is None:
                    raise ValueError("a call outside a hand")
                hand.meld(_seat(attrs.get("who")), int(attrs["m"]))
            elif tag == "REACH":
                if hand is None:
                    raise ValueError("riichi outside a hand")
                if attrs.get("step") == "1":
                    hand.riichi_pending = _seat(attrs.get("who"))
                elif attrs.get("step") == "2":
                    hand.riichi_paid.append(_seat(attrs.get("who")))
                else:
                    raise ValueError(f"REACH step {attrs.get('step')!r} is neither 1 nor 2")
            elif tag == "DORA":
                if hand is None:
                    raise ValueError("a dora indicator outside a hand")
                tile = _tile_list(attrs.get("hai"), "hai")[0]
                hand.dora.append(tile)
                hand.steps.append(Step("dora", None, tile))
            elif tag == "INIT":
                if hand is not None:
                    raise ValueError("a new hand starts before the last one ended")
                hand = _HandBuilder(dict(attrs))
            elif tag in ("AGARI", "RYUUKYOKU"):
                if hand is None:
                    raise ValueError(f"{tag} outside a hand")
                if tag == "AGARI":
                    hand.win(dict(attrs))
                else:
                    hand.ryuukyoku(dict(attrs))
                if "owari" in attrs:
                    owari_text = attrs["owari"]
                # The next element says whether a second winner follows on the same discard.
                nxt = root[index + 1].tag if index + 1 < len(root) else ""
                if nxt != "AGARI":
                    hands.append(hand.finish())
                    hand = None
            elif tag == "GO":
                go_type = int(attrs["type"])
            elif tag == "UN":
                for i in range(4):
                    if f"n{i}" in attrs:
                        names[i] = unquote(attrs[f"n{i}"])
            elif tag in ("SHUFFLE", "TAIKYOKU", "BYE"):
                pass
            else:
                raise ValueError(f"unknown element <{tag}>")
        except (ValueError, KeyError, IndexError) as exc:
            what = f"missing attribute {exc}" if isinstance(exc, KeyError) else str(exc)
            raise LogFormatError(f"{source}: element {index} <{tag}>: {what}") from None
    if hand is not None:
        raise LogFormatError(f"{source}: the last hand has no result")
    if go_type is None:
        raise LogFormatError(f"{source}: no <GO> element (game type)")
    if not hands:
        raise LogFormatError(f"{source}: no hands")
    final_scores = final_points = None
    if owari_text is not None:
        parts = owari_text.split(",")
        if len(parts) != 8:
            raise LogFormatError(f"{source}: owari={owari_text!r} needs 8 numbers")
        final_scores = tuple(int(parts[i]) * 100 for i in range(0, 8, 2))
        final_points = tuple(float(parts[i]) for i in range(1, 8, 2))
    room = _ROOMS[((go_type & 0x20) >> 4) | ((go_type & 0x80) >> 7)]
    return RecordedGame(
        source=source, game_id=_game_id(source), red_fives=not go_type & 0x02,
        east_only=not go_type & 0x08, names=tuple(names),  # type: ignore[arg-type]
        hands=tuple(hands), final_scores=final_scores, owari=final_points,  # type: ignore[arg-type]
        open_tanyao=not go_type & 0x04, room=room,
        extra={"format": "mjlog", "go_type": str(go_type), "fast": str(bool(go_type & 0x40))})


def _seat(text: str | None) -> int:
    if text not in ("0", "1", "2", "3"):
        raise ValueError(f"seat {text!r} is not 0..3")
    return int(text)


def _game_id(source: str) -> str:
    m = re.search(r"\d{10}gm-[0-9a-f]{4}-\d{4}-[0-9a-f]{8}", source)
    return m[0] if m else Path(source).stem


def read_mjlog(path: str | Path) -> RecordedGame:
    """Read one mjlog XML file (plain text, as stored in the corpus)."""
    path = Path(path)
    return parse_mjlog(read_record_text(path), str(path))
