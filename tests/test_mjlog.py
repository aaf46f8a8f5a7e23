"""The mjlog XML reader: meld codes, a known hand, refusals, and the whole real-game corpus."""

from __future__ import annotations

import pytest

from conftest import shared_path
from game.logs.mjlog import decode_meld, parse_mjlog, read_mjlog
from game.logs.record import LogFormatError
from game.logs.validate import check_flow, check_payments, replay_tiles


@pytest.mark.parametrize("who,m,kind,tile,tiles,source", [
    (3, 54431, "chi", 93, (87, 88), 2),
    (3, 46185, "pon", 120, (121, 122), 0),
    (1, 16947, "shouminkan", 45, (44, 46, 47), None),
    (3, 27139, "daiminkan", 106, (104, 105, 107), 2),
    (0, 1024, "ankan", None, (4, 5, 6, 7), None),
    (2, 4608, "ankan", None, (16, 17, 18, 19), None),
])
def test_meld_codes_decode_as_documented(who, m, kind, tile, tiles, source):
    meld = decode_meld(who, m)
    assert (meld.kind, meld.tile, tuple(sorted(meld.tiles))) == (kind, tile, tiles)
    if source is not None:
        assert meld.from_seat == source


_MINI = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="%41" n1="B" n2="C" n3="D" dan="1,1,1,1" '
    'rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
    '<INIT seed="0,0,0,1,1,135" ten="250,250,250,250" oya="0" '
    'hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" '
    'hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/>'
    '<T60/><D60/><U61/><REACH who="1" step="1"/><E0x/>'
)


def test_nine_terminals_must_follow_a_draw():
    text = _MINI.replace("<E0x/>", '<E61/><REACH who="1" step="2" ten="250,240,250,250"/>'
                         '<RYUUKYOKU type="yao9" ba="0,1" sc="250,0,240,0,250,0,250,0" hai2="1"/></mjloggm>')
    # The last draw was seat 1's, so a nine-terminals draw must be declared by the drawer: refused.
    with pytest.raises(LogFormatError, match="element"):
        parse_mjlog(text, "mini.xml")


def test_steps_tsumogiri_riichi_and_names():
    text = _MINI.replace("<E0x/>", '<E61/><REACH who="1" step="2" ten="250,240,250,250"/><V62/><F62/>'
                         '<W63/><G63/><RYUUKYOKU type="kaze4" ba="0,1" sc="250,0,240,0,250,0,250,0" '
                         'owari="250,5.0,240,-5.0,250,0.0,250,0.0"/></mjloggm>')
    game = parse_mjlog(text, "mini.xml")
    hand = game.hands[0]
    assert game.names[0] == "A" and game.red_fives and not game.east_only and game.room == "鳳"
    kinds = [(s.kind, s.seat, s.tile, s.tsumogiri, s.riichi) for s in hand.steps[:4]]
    assert kinds == [("draw", 0, 60, False, False), ("discard", 0, 60, True, False),
                     ("draw", 1, 61, False, False), ("discard", 1, 61, True, True)]
    assert hand.accepted_riichi() == [1]
    assert hand.result.draw == "suufon_renda" and hand.result.wins == ()
    assert game.final_scores == (25000, 24000, 25000, 25000)
    assert game.owari == (5.0, -5.0, 0.0, 0.0)


@pytest.mark.parametrize("text,message", [
    ("<mjloggm><GO type='1'/>", "not well-formed"),
    ("<other/>", "root element"),
    ('<mjloggm><GO type="1"/><T5/></mjloggm>', "element 1 <T5>: a draw outside a hand"),
    ('<mjloggm><GO type="1"/><INIT seed="0,0,0" ten="250,250,250,250"/></mjloggm>', "seed"),
    ('<mjloggm><GO type="1"/><XYZ/></mjloggm>', "unknown element"),
])
def test_malformed_input_is_refused_with_its_position(text, message):
    with pytest.raises(LogFormatError, match=message):
        parse_mjlog(text, "bad.xml")


def test_unterminated_hand_is_refused():
    with pytest.raises(LogFormatError, match="no result"):
        parse_mjlog(_MINI.replace("<E0x/>", "</mjloggm>"), "cut.xml")


def test_a_known_real_hand():
    game = read_mjlog(shared_path("data", "realgames", "mjlog", "mjx", "2010081709gm-00a9-0000-fe3371ad.xml"))
    first = game.hands[0]
    (win,) = first.result.wins
    assert (win.who, win.from_who, win.pao_who, win.fu, win.han, win.points) == (1, 2, None, 30, 4, 7700)
    assert win.yaku == (("seat wind", 1), ("honitsu", 2)) and win.dora == 1
    assert first.result.deltas == (0, 8700, -7700, 0)
    assert first.steps[-1].kind == "ron" and first.steps[-1].tile == 21


def test_every_mjlog_file_parses_and_keeps_its_invariants():
    files = sorted(shared_path("data", "realgames", "mjlog").glob("*/*.xml"))
    hands = 0
    kinds: set[str] = set()
    for path in files:
        game = read_mjlog(path)
        for hand in game.hands:
            seats = replay_tiles(hand)
            check_payments(hand)
            for seat, tiles in enumerate(seats):
                used = len(tiles.concealed) + sum(len(m[1]) - (m[0] != "ankan") for m in tiles.melds)
                assert 13 + len(tiles.drawn) == len(tiles.discarded) + used
            kinds.update(s.kind for s in hand.steps)
            kinds.update(w.limit or "" for w in hand.result.wins)
            if hand.result.draw:
                kinds.add(hand.result.draw)
        check_flow(game)
        hands += len(game.hands)
    assert (len(files), hands) == (129, 1112)
    assert {"chi", "pon", "daiminkan", "ankan", "shouminkan", "dora", "tsumo", "ron", "kyuushu",
            "yakuman", "nagashi_mangan", "sanchahou", "suukaikan", "suufon_renda", "suucha_riichi"} <= kinds


def test_riichi_payments_must_match_the_discards():
    text = _MINI.replace("<E0x/>", '<E61/><V62/><F62/><W63/><G63/><RYUUKYOKU type="kaze4" ba="0,1" '
                         'sc="250,0,240,0,250,0,250,0"/></mjloggm>')
    with pytest.raises(LogFormatError, match="riichi paid by seats"):
        parse_mjlog(text, "unpaid.xml")
