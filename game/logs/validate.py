"""Consistency checks on recorded hands, independent of the rules engine.

``replay_tiles`` follows every tile of a hand (each physical tile is somewhere exactly once) and
returns each seat's final concealed tiles and melds; ``check_flow`` checks the scores, honba and
riichi sticks carried from one hand to the next (Tenhou's rules, FORMAT.md section 5).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.logs.record import HandResult, RecordedGame, RecordedHand
from game.logs.tenhou_names import tile_to_code
from game.tiles import kind_of

__all__ = ["SeatTiles", "replay_tiles", "check_flow", "check_payments", "HandCheckError", "hand_codes",
           "result_as_known_by"]


class HandCheckError(ValueError):
    """A recorded hand breaks a physical or flow invariant; the message says where."""


@dataclass
class SeatTiles:
    concealed: set[int] = field(default_factory=set)
    melds: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    drawn: list[int] = field(default_factory=list)
    discarded: list[int] = field(default_factory=list)


def replay_tiles(hand: RecordedHand) -> list[SeatTiles]:
    """Follow every tile through the steps; raise ``HandCheckError`` at the first impossibility."""
    seats = [SeatTiles(set(h)) for h in hand.haipai]
    seen: set[int] = set()

    def fresh(tile: int | None, where: str) -> int:
        if tile is None or not 0 <= tile < 136:
            raise HandCheckError(f"{where}: bad tile {tile}")
        if tile in seen:
            raise HandCheckError(f"{where}: tile {tile} appears twice")
        seen.add(tile)
        return tile

    for i, h in enumerate(hand.haipai):
        if len(h) != 13:
            raise HandCheckError(f"haipai of seat {i} has {len(h)} tiles")
        for t in h:
            fresh(t, f"haipai of seat {i}")
    for t in hand.dora_indicators[:1]:
        fresh(t, "first dora indicator")
    last_discard: tuple[int, int] | None = None  # (seat, tile)
    last_kakan: tuple[int, int] | None = None
    for n, step in enumerate(hand.steps):
        where = f"hand {hand.hand_index}/{hand.honba} step {n} ({step.kind})"
        s = step.seat
        if step.kind == "dora":
            fresh(step.tile, where)
            continue
        assert s is not None
        st = seats[s]
        if step.kind == "draw":
            st.concealed.add(fresh(step.tile, where))
            st.drawn.append(step.tile)  # type: ignore[arg-type]
        elif step.kind == "discard":
            _take(st.concealed, [step.tile], where)  # type: ignore[list-item]
            st.discarded.append(step.tile)  # type: ignore[arg-type]
            last_discard = (s, step.tile)  # type: ignore[assignment]
        elif step.kind in ("chi", "pon", "daiminkan"):
            if last_discard != (step.from_seat, step.tile):
                raise HandCheckError(f"{where}: called {step.tile} from seat {step.from_seat}, "
                                     f"but the last discard was {last_discard}")
            _take(st.concealed, list(step.tiles), where)
            tiles = tuple(sorted((*step.tiles, step.tile)))  # type: ignore[arg-type]
            _check_shape(step.kind, tiles, where)
            st.melds.append((step.kind, tiles))
        elif step.kind == "ankan":
            _take(st.concealed, list(step.tiles), where)
            _check_shape("ankan", tuple(step.tiles), where)
            st.melds.append(("ankan", tuple(step.tiles)))
        elif step.kind == "shouminkan":
            pon = tuple(sorted(step.tiles))
            try:
                k = st.melds.index(("pon", pon))
            except ValueError:
                raise HandCheckError(f"{where}: no pon {pon} to add to") from None
            _take(st.concealed, [step.tile], where)  # type: ignore[list-item]
            st.melds[k] = ("shouminkan", tuple(sorted((*pon, step.tile))))  # type: ignore[arg-type]
            _check_shape("shouminkan", st.melds[k][1], where)
            last_kakan = (s, step.tile)  # type: ignore[assignment]
        elif step.kind == "tsumo":
            if step.tile not in st.concealed or not st.drawn or st.drawn[-1] != step.tile:
                raise HandCheckError(f"{where}: tsumo on {step.tile}, not the tile just drawn")
        elif step.kind == "ron":
            if (step.from_seat, step.tile) not in (last_discard, last_kakan):
                raise HandCheckError(f"{where}: ron on {step.tile} from {step.from_seat}, not the last discard or added kan tile")
        elif step.kind == "kyuushu":
            kinds = {kind_of(t) for t in st.concealed if kind_of(t) in (0, 8, 9, 17, 18, 26, *range(27, 34))}
            if len(kinds) < 9 or len(st.concealed) != 14:
                raise HandCheckError(f"{where}: only {len(kinds)} different terminals and honours")
        if step.kind != "ron" and step.kind != "shouminkan":
            last_kakan = None
    for t in hand.dora_indicators[1:]:
        if t not in seen:
            raise HandCheckError(f"kan dora indicator {t} has no dora step")
    for t in hand.ura_indicators:
        fresh(t, "ura indicator")
    for i, st in enumerate(seats):
        size = len(st.concealed) + 3 * len(st.melds)
        if size not in (13, 14):
            raise HandCheckError(f"seat {i} ends with {len(st.concealed)} concealed tiles and {len(st.melds)} melds")
    return seats


def _take(hand: set[int], tiles: list[int], where: str) -> None:
    for t in tiles:
        if t not in hand:
            raise HandCheckError(f"{where}: tile {t} is not in the hand")
        hand.remove(t)


def _check_shape(kind: str, tiles: tuple[int, ...], where: str) -> None:
    kinds = sorted(kind_of(t) for t in tiles)
    if kind == "chi":
        ok = len(kinds) == 3 and kinds[0] < 27 and kinds[0] % 9 <= 6 and kinds == [kinds[0] + i for i in range(3)]
    else:
        ok = len(kinds) == (3 if kind == "pon" else 4) and len(set(kinds)) == 1
    if not ok:
        raise HandCheckError(f"{where}: {kind} of tiles {tiles} has the wrong shape")


def check_flow(game: RecordedGame) -> None:
    """Scores, honba and sticks carried from each hand to the next, and the payments' balance."""
    hands = game.hands
    for i, hand in enumerate(hands):
        where = f"{game.source}: hand {i} ({hand.hand_index}/{hand.honba})"
        riichi = hand.accepted_riichi()
        result = hand.result
        sticks_taken = (hand.sticks + len(riichi)) * 1000 if result.wins else 0
        if sum(result.deltas) != sticks_taken:
            raise HandCheckError(f"{where}: deltas {result.deltas} add up to {sum(result.deltas)}, "
                                 f"expected {sticks_taken} from the sticks")
        expected = tuple(hand.scores[s] + result.deltas[s] - 1000 * riichi.count(s) for s in range(4))
        if i + 1 == len(hands):
            _check_final(game, expected, 0 if result.wins else hand.sticks + len(riichi))
            break
        nxt = hands[i + 1]
        if nxt.scores != expected:
            raise HandCheckError(f"{where}: next hand starts with {nxt.scores}, expected {expected}")
        sticks = 0 if result.wins else hand.sticks + len(riichi)
        if nxt.sticks != sticks:
            raise HandCheckError(f"{where}: next hand has {nxt.sticks} sticks, expected {sticks}")
        if result.wins:
            stays = {any(w.who == hand.dealer for w in result.wins)}
        elif result.draw not in ("exhaustive", "nagashi_mangan"):
            stays = {True}
        elif result.tenpai is None:  # the record does not say whether the dealer was tenpai
            stays = {True, False}
        else:
            stays = {hand.dealer in result.tenpai}
        allowed = {(hand.hand_index if s else hand.hand_index + 1, hand.honba + 1 if (s or not result.wins) else 0)
                   for s in stays}
        if (nxt.hand_index, nxt.honba) not in allowed:
            raise HandCheckError(f"{where}: next hand is {nxt.hand_index}/{nxt.honba}, expected {sorted(allowed)}")


def _check_final(game: RecordedGame, scores: tuple[int, ...], sticks: int) -> None:
    """Final scores: the last hand's outcome, with sticks left on the table given to the top seat."""
    if game.final_scores is None:
        return
    final = list(scores)
    top = max(range(4), key=lambda s: (final[s], -s))
    final[top] += 1000 * sticks
    if tuple(final) != game.final_scores:
        raise HandCheckError(f"{game.source}: final scores {game.final_scores}, expected {tuple(final)}")


def hand_codes(hand: RecordedHand, red_fives: bool) -> dict[str, object]:
    """A hand with each physical tile replaced by its tenhou code, to compare records of one hand
    read from different formats (which number the copies of a tile differently)."""
    def c(t: int | None) -> int | None:
        return None if t is None else tile_to_code(t, red_fives)
    return {
        "head": (hand.hand_index, hand.honba, hand.sticks, hand.scores),
        "haipai": [sorted(map(c, h)) for h in hand.haipai],  # type: ignore[type-var]
        "dora": [c(t) for t in hand.dora_indicators],
        "ura": [c(t) for t in hand.ura_indicators],
        "steps": [(s.kind, s.seat, c(s.tile), sorted(map(c, s.tiles)), s.from_seat, s.tsumogiri,  # type: ignore[type-var]
                   s.riichi, s.rinshan) for s in hand.steps],
    }


def result_as_known_by(full: HandResult, partial: HandResult) -> HandResult:
    """``full`` without what ``partial`` leaves out (tenhou.net/6 has no fu for limit hands and no
    tenpai seats for nagashi mangan), so the two compare equal when they agree."""
    wins = tuple(replace(w, fu=None) if p.fu is None else w for w, p in zip(full.wins, partial.wins))
    return replace(full, wins=wins, tenpai=None if partial.tenpai is None else full.tenpai)


def _tsumo_shares(points: int, dealer_wins: bool) -> tuple[int, int]:
    """(what each non-dealer pays, what the dealer pays) for a tsumo worth ``points`` in all."""
    if dealer_wins:
        return points // 3, 0
    each = points // 4 if points % 400 == 0 else (points + 100) // 4
    return each, points - 2 * each


def check_payments(hand: RecordedHand) -> None:
    """Each win's and draw's score changes as Tenhou's rules make them (FORMAT.md section 5):
    honba and sticks to the first winner only, pao, noten payments."""
    where = f"hand {hand.hand_index}/{hand.honba}"
    result = hand.result
    sticks = (hand.sticks + len(hand.accepted_riichi())) * 1000
    for n, win in enumerate(result.wins):
        honba = hand.honba if n == 0 else 0
        expected = [0, 0, 0, 0]
        if win.tsumo:
            each, dealer_pays = _tsumo_shares(win.points, win.who == hand.dealer)
            for payer in range(4):
                if payer != win.who:
                    expected[payer] -= (dealer_pays if payer == hand.dealer else each) + 100 * honba
            if win.pao_who is not None:
                total = -sum(expected)
                expected = [0, 0, 0, 0]
                expected[win.pao_who] = -total
        elif win.pao_who is not None and win.pao_who != win.from_who:
            expected[win.from_who] -= win.points // 2
            expected[win.pao_who] -= win.points - win.points // 2 + 300 * honba
        else:
            expected[win.from_who] -= win.points + 300 * honba
        expected[win.who] = -sum(expected) + (sticks if n == 0 else 0)
        if tuple(expected) != win.deltas:
            raise HandCheckError(f"{where}: seat {win.who}'s win pays {win.deltas}, the rules say {tuple(expected)}")
    if result.draw == "exhaustive" and result.tenpai is not None:
        expected = [0, 0, 0, 0]
        if 0 < len(result.tenpai) < 4:
            for seat in range(4):
                expected[seat] = 3000 // len(result.tenpai) if seat in result.tenpai else -3000 // (4 - len(result.tenpai))
        if tuple(expected) != result.deltas:
            raise HandCheckError(f"{where}: noten payments {result.deltas}, the rules say {tuple(expected)}")
