"""Positions built tile by tile, for tests of what the table offers and refuses."""

from __future__ import annotations

from game.ai import make_player
from game.rules import EMA, RuleSet
from game.table import Action, Game, IllegalAction, Wall
from game.table.refusals import reason
from game.tiles import parse_kinds, parse_tiles

FILLER = ["1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
"""Tiles that fill seat 1's hand to 13 around the tiles a test needs (see ``facing_a_discard``)."""


def build_wall(hands: list[str], draws: str = "", rinshan: str = "", dora: str = "", ura: str = "",
               aka: bool = False) -> Wall:
    """A wall dealing ``hands`` (seat 0 first), drawing ``draws`` first, the rest filled in order."""
    taken: list[int] = []

    def take(text: str) -> list[int]:
        tiles = parse_tiles(text, aka=aka, taken=taken) if text else []
        taken.extend(tiles)
        return tiles
    haipai = [take(h) for h in hands]
    live, dead, indicators, uras = take(draws), take(rinshan), take(dora), take(ura)
    spare = iter(sorted(set(range(136)) - set(taken), key=lambda t: (t % 4, t)))

    def fill(known: list[int], size: int) -> list[int]:
        return known + [next(spare) for _ in range(size - len(known))]
    indicators = fill(indicators, 5)
    uras = fill(uras, 5)
    dead = fill(dead, 4)
    return Wall(haipai, fill(live, 70), dead, indicators, uras)


def new_game(rules: RuleSet, wall: Wall, start: dict | None = None) -> Game:
    first = {"done": False}

    def walls(hand_index: int, honba: int) -> Wall:
        if not first["done"]:
            first["done"] = True
            return wall
        return Wall.from_seed(0, hand_index, honba)
    return Game(rules, 0, walls, start)


def find(game: Game, seat: int, kind: str, text: str | None = None) -> Action:
    """The legal action of that type (on a tile of that kind when given)."""
    want = parse_kinds(text)[0] if text else None
    for a in game.legal_actions(seat):
        if a.type == kind and (want is None or (a.tile is not None and a.tile >> 2 == want)
                               or (a.tile is None and a.tiles and a.tiles[0] >> 2 == want)):
            return a
    raise AssertionError(f"seat {seat} has no {kind} {text or ''}: {game.legal_actions(seat)}")


def has(game: Game, seat: int, kind: str) -> bool:
    return any(a.type == kind for a in game.legal_actions(seat))


def pass_all(game: Game) -> None:
    while game.phase == "calls":
        seat = game.waiting_seats()[0]
        game.apply(seat, Action("pass"))


def won_yaku(game: Game) -> list[str]:
    """The yaku names of the hand's first win, as its won event reports them."""
    return [name for name, _ in events_of(game, "won")[0].yaku]


def discard(game: Game, seat: int, text: str | None = None, riichi: bool = False) -> None:
    """Seat discards a tile of that kind (default: the tile it just drew)."""
    pass_all(game)
    assert game.hand.current == seat, f"it is seat {game.hand.current}'s turn, not {seat}'s"
    if text is None:
        tile = game.hand.seats[seat].drawn
    else:
        kind = parse_kinds(text)[0]
        tile = next(t for t in game.hand.seats[seat].hand if t >> 2 == kind)
    game.apply(seat, Action("riichi" if riichi else "discard", tile))


def claim(game: Game, seat: int, kind: str, away: str | None = None) -> None:
    """Seat makes its offered call of that type, the other offers are passed, and it discards ``away``."""
    game.apply(seat, find(game, seat, kind))
    pass_all(game)
    if away is not None:
        discard(game, seat, away)


def play_to(game: Game, seat: int) -> None:
    """Every seat in turn discards the tile it drew (offers passed) until it is ``seat``'s turn."""
    pass_all(game)
    while game.hand.current != seat:
        discard(game, game.hand.current)
        pass_all(game)


def events_of(game: Game, kind: str) -> list:
    return [e for e in game.events if e.type == kind]


def draws_of(game: Game) -> list[str]:
    """The names of the drawn hands so far."""
    return [e.draw for e in events_of(game, "drawn_hand")]


def refusal_of(game: Game, seat: int, action: Action) -> IllegalAction:
    """Ask the table for ``action``; assert it is refused in its rule's words and changes nothing."""
    before = game.snapshot()
    try:
        game.apply(seat, action)
    except IllegalAction as exc:
        assert game.snapshot() == before, "a refused action changed the table"
        assert exc.seat == seat and exc.action == action, "the refusal names another seat or action"
        assert exc.reason.startswith(reason(exc.code, game.rules)), f"{exc.reason!r} is not the {exc.code} rule"
        return exc
    raise AssertionError(f"seat {seat} was allowed {action}")


def refused(game: Game, seat: int, action: Action) -> str:
    """The code of the rule the table names when it refuses ``action`` (see ``refusal_of``)."""
    return refusal_of(game, seat, action).code


def facing_a_discard(rules: RuleSet, called: str, seat1: str, draws: str = "8s") -> Game:
    """Seat 0 has discarded ``called``; seat 1 (on its right, so it may chi) holds ``seat1`` and filler.

    Seats 2 and 3 hold tiles that call nothing of the filler; a ``called`` honour may be ponned by them.
    """
    seat1 += "".join(FILLER[:13 - len(parse_kinds(seat1))])
    hands = [called + "19p19s1234567z9m", seat1, "2378p2378s11227z", "469p469s334455z6z"]
    game = new_game(rules, build_wall(hands, draws))
    discard(game, 0, called)
    return game


def offered(game: Game, seat: int, kind: str) -> list[Action]:
    """The seat's legal actions of one type."""
    return [a for a in game.legal_actions(seat) if a.type == kind]


def call_shapes(game: Game, seat: int, kind: str) -> set[str]:
    """The hand tiles of each offered call of that type, as mpsz text (``{"23m", "35m"}``)."""
    return {"".join(kinds_text(t >> 2)[0] for t in a.tiles) + kinds_text(a.tiles[0] >> 2)[1]
            for a in offered(game, seat, kind)}


def tile_of(game: Game, seat: int, text: str) -> int:
    """A tile of that kind in the seat's hand."""
    kind = parse_kinds(text)[0]
    return next(t for t in game.hand.seats[seat].hand if t >> 2 == kind)


def discard_kinds(game: Game, seat: int) -> set[str]:
    """The kinds the seat is offered to discard, as mpsz text per kind."""
    return {kinds_text(a.tile >> 2) for a in game.legal_actions(seat) if a.type == "discard" and a.tile is not None}


def kinds_text(kind: int) -> str:
    suit = "mpsz"[kind // 9]
    return f"{kind % 9 + 1}{suit}"


def first_events() -> dict[str, object]:
    """The first call, riichi and win of a seeded engine game (real events)."""
    wanted = {"called": None, "riichi_declared": None, "won": None}
    game = Game(EMA, 5)
    players = [make_player("normal", 5, s) for s in range(4)]
    while not game.finished and None in wanted.values():
        seat = next(s for s in range(4) if game.legal_actions(s))
        for ev in game.apply(seat, players[seat].decide(game.view(seat), game.legal_actions(seat))):
            if ev.type in wanted and wanted[ev.type] is None:
                wanted[ev.type] = ev
    assert None not in wanted.values()
    return wanted
