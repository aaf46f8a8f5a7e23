"""The learned policy: what it reads, that it reads only the seat's own knowledge, the model file
and its fallback, and the AI that plays by it."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from game.ai import make_player
from game.ai.player import Player
from game.ai.policy import net as policy_net
from game.ai.policy.features import CHANNELS, DISCARD, encode, suji_safe
from game.ai.policy.net import MODEL_FILE, load_model, random_weights, read_model
from game.ai.policy.player import LearnedPlayer, houou_shares
from game.ai.position import from_view
from game.table import Action, Game
from game.table.wall import Wall
from game.rules import TENHOU
from game.tiles import parse_kinds
from render.scenes.table import TableScene
from render.setup import GameSetup
from tests.client_driver import open_app, run_until
from tests.seat_views import seat_view

_OWN, _SEAT = 14, 9  # plane layout of game.ai.policy.features: own planes, then 9 per seat


def _kinds(text: str) -> list[int]:
    return sorted(set(parse_kinds(text)))


def test_the_planes_hold_the_hand_the_river_and_the_riichi() -> None:
    view = seat_view("123m456p789s1122z5m", rivers={1: "9m1p2s"}, riichi_at={1: 2}, dora="4m")
    pos = from_view(view)
    x = encode(pos, DISCARD, drawn=view.drawn, legal_kinds=_kinds("123m456p789s12z5m"))
    assert x.shape == (CHANNELS, 34)
    east, fourm, fivem, twos = 27, 3, 4, 19
    assert (x[0, east], x[1, east], x[2, east]) == (1.0, 1.0, 0.0)  # a pair of East, not three
    assert x[6, fivem] == 0.5  # 4m shows 5m as dora
    right = _OWN + _SEAT  # the seat to the right, which declared riichi on 2s
    assert x[right + 4, twos] == 1.0 and x[right + 4, 0] == 0.0
    assert x[right + 6, twos] == 1.0 and x[right + 6, fourm] == 0.0  # 2s is its genbutsu
    assert x[right + 7, twos + 3] == 0.0  # 5s would be suji only with 8s safe too
    assert x[right + 8, twos] == 0.0 and x[right + 8, fourm] > 0.0  # danger: none on genbutsu


def test_suji_needs_both_sides_for_the_middle_tiles() -> None:
    assert 4 not in suji_safe({1})  # 5m needs 2m and 8m
    assert 4 in suji_safe({1, 7})
    assert 27 not in suji_safe(set(range(34)))  # honours have no suji


def test_the_planes_after_each_discard_show_shanten_and_tenpai() -> None:
    view = seat_view("123m456p789s11z23m9p", dora="1z")
    pos = from_view(view)
    kinds = _kinds("123m456p789s1z9p")
    x = encode(pos, DISCARD, drawn=view.drawn, legal_kinds=kinds)
    ahead = _OWN + 4 * _SEAT
    ninep, twom = 17, 1
    assert x[ahead, ninep] == 1.0 and x[ahead, 30] == 0.0  # 9p may be discarded, Red is not held
    assert x[ahead + 1, ninep] == 1.0  # discarding 9p keeps the best shanten (tenpai)
    assert x[ahead + 1, twom] == 0.0  # 2m breaks the run: worse
    assert x[ahead + 5, ninep] > 0.0  # its tenpai has live winning tiles (1-4m)


def test_other_seats_hidden_tiles_change_nothing() -> None:
    """Two deals that differ only in tiles seat 0 cannot see: the same planes, the same choice."""
    base = Wall.from_seed(7, 0, 0)
    hands = [list(h) for h in base.haipai]
    live = list(base.live)
    # swap one tile between seat 1 and seat 2, and two tiles deep in the live wall
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    live[40], live[50] = live[50], live[40]
    other = Wall(tuple(tuple(h) for h in hands), tuple(live), base.rinshan, base.dora_indicators, base.ura_indicators)
    net = read_model(_model_bytes(random_weights(8, 1, seed=3)))
    choices = []
    planes = []
    for wall in (base, other):
        game = Game(TENHOU, 7, lambda *_: wall)
        view = game.view(0)
        legal = game.legal_actions(0)
        planes.append(encode(from_view(view), DISCARD, drawn=view.drawn,
                             legal_kinds=sorted({a.tile >> 2 for a in legal if a.tile is not None})))
        player = LearnedPlayer(net, Player(make_player("normal", 7, 0).level, 7, 0), 0)
        choices.append(player.decide(view, legal))
    assert np.array_equal(planes[0], planes[1])
    assert choices[0] == choices[1]


def _model_bytes(weights: dict[str, np.ndarray], channels: int = 8, blocks: int = 1) -> bytes:
    buf = io.BytesIO()
    arrays = {k: v.astype(np.float16) for k, v in weights.items()}
    meta = f'{{"channels": {channels}, "blocks": {blocks}, "features": {CHANNELS}}}'.encode()
    arrays["meta"] = np.frombuffer(meta, dtype=np.uint8)
    np.savez(buf, **arrays)
    return buf.getvalue()


def test_a_damaged_model_file_is_refused_with_the_reason() -> None:
    good = _model_bytes(random_weights(8, 1))
    assert read_model(good).blocks == 1
    with pytest.raises(ValueError, match="not a model file"):
        read_model(good[: len(good) // 2])
    w = random_weights(8, 1)
    w["stem.w"] = w["stem.w"][:, :10]
    with pytest.raises(ValueError, match="stem.w has shape"):
        read_model(_model_bytes(w))
    w = random_weights(8, 1)
    w["call.b"][2] = np.nan
    with pytest.raises(ValueError, match="not numbers"):
        read_model(_model_bytes(w))


def test_without_its_model_strong_plays_by_its_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "houou.npz"
    broken.write_bytes(b"PK\x03\x04 not really")
    monkeypatch.setattr(policy_net, "MODEL_FILE", broken)
    assert load_model(broken) is None
    assert "damaged" in policy_net.model_problem() and "plays by its rules" in policy_net.model_problem()
    monkeypatch.setattr("game.ai.player.load_model", lambda: load_model(broken))
    player = make_player("strong", 1, 0)
    assert isinstance(player, Player)
    view = seat_view("123m456p789s1122z5m")
    assert player.decide(view, list(view.legal_actions)) in view.legal_actions


def test_the_numpy_network_matches_the_trained_one() -> None:
    torch = pytest.importorskip("torch", reason="the training extra (torch) is not installed")
    Net = pytest.importorskip("training.train").Net
    torch.manual_seed(0)
    net = Net(8, 2)
    x = np.random.default_rng(0).standard_normal((CHANNELS, 34)).astype(np.float32)
    mine = policy_net.PolicyNet(net.weights(), {"channels": 8, "blocks": 2, "features": CHANNELS})
    x[-1] = 0.0
    x[-1, 20] = 1.0  # the kind asked about
    with torch.no_grad():
        xt = torch.from_numpy(x)[None]
        h = net.trunk(xt)
        want = torch.softmax(net.discard(h)[0, 0], 0).numpy()
        want_kan = torch.sigmoid(net.kan(net.pooled(h, xt)))[0, 0].item()
        want_call = torch.softmax(net.call(net.pooled(h, xt))[0], 0).numpy()
    got = mine.discard_probs(x, list(range(34)))
    assert np.allclose([got[k] for k in range(34)], want, atol=1e-5)
    assert abs(mine.yes_prob("kan", x, 20) - want_kan) < 1e-5
    calls = mine.call_probs(x, list(range(6)), 20)
    assert np.allclose([calls[c] for c in range(6)], want_call, atol=1e-5)


def test_riichi_and_kan_are_asked_alike_of_every_naming_of_the_suits() -> None:
    """The answer is the mean of the six namings' logits, the same whichever suit the hand is in."""
    meta = {"channels": 8, "blocks": 2, "features": CHANNELS}
    net = policy_net.PolicyNet(policy_net.random_weights(8, 2, seed=3), meta)
    x = np.random.default_rng(1).standard_normal((CHANNELS, 34)).astype(np.float32)
    x[-1] = 0.0
    x[-1, 4] = 1.0  # 5m asked about
    logits = []
    for order in policy_net.SUIT_ORDERS:
        renamed = x[:, order]
        asked = int(np.flatnonzero(order == 4)[0])
        p = net.yes_prob("kan", renamed, asked)
        logits.append(np.log(p / (1 - p)))
    want = 1 / (1 + np.exp(-np.mean(logits)))
    assert abs(net.yes_prob_any_suit("kan", x, 4) - want) < 1e-5
    as_pinzu = x[:, policy_net.SUIT_ORDERS[2]]  # the manzu now named pinzu: 5m is 5p
    assert abs(net.yes_prob_any_suit("kan", as_pinzu, 13) - want) < 1e-5
    assert abs(net.yes_prob_any_suit("riichi", as_pinzu, 13) - net.yes_prob_any_suit("riichi", x, 4)) < 1e-5


@pytest.fixture
def shipped():
    net = load_model(MODEL_FILE)
    if net is None:
        pytest.skip(f"no shipped model: {policy_net.model_problem()}")
    return net


def test_strong_never_declares_riichi_into_its_own_furiten(shipped) -> None:
    # tenpai on 2-5p after 9s; 5p lies in its own river: furiten, so no riichi
    view = seat_view("123m678m34p789s11z9s", rivers={0: "5p1m"})
    legal = list(view.legal_actions) + [Action("riichi", t) for t in view.hand if t >> 2 == 26]
    player = make_player("strong", 1, 0)
    assert isinstance(player, LearnedPlayer)
    choice = player.decide(view, legal)
    assert choice.type != "riichi"


class _Leaning:
    """A network whose answers are set: the chance of each discard kind and of riichi."""

    def __init__(self, discards: dict[str, float], riichi: float) -> None:
        self.discards = {parse_kinds(name)[0]: p for name, p in discards.items()}
        self.riichi = riichi

    def discard_probs(self, x: np.ndarray, kinds: list[int]) -> dict[int, float]:
        return {k: self.discards.get(k, 0.0) for k in kinds}

    def yes_prob_any_suit(self, head: str, x: np.ndarray, candidate: int) -> float:
        return self.riichi if head == "riichi" else 0.0


def _turn(hand: str, discards: dict[str, float], riichi: float) -> Action:
    """Strong's choice with ``hand`` when the network leans as given; riichi is offered with 9s."""
    view = seat_view(hand, rivers={1: "1p", 2: "1s", 3: "9m"})
    legal = list(view.legal_actions) + [Action("riichi", t) for t in view.hand if t >> 2 == parse_kinds("9s")[0]]
    return LearnedPlayer(_Leaning(discards, riichi), make_player("normal", 1, 0), 0).decide(view, legal)  # type: ignore[arg-type]


@pytest.mark.parametrize("riichi, chosen", [(0.8, ("riichi", "9s")), (0.2, ("discard", "1z"))])
def test_a_yakuless_tenpai_houou_players_keep_quiet_gives_way_to_their_next_discard(riichi: float, chosen: tuple[str, str]) -> None:
    # after 9s the hand waits on 2-5p with no yaku: it may not stay quiet, so its riichi's share
    # (0.7 x riichi) is weighed against the next likeliest discard (East, 0.3)
    choice = _turn("123m678m34p789s11z9s", {"9s": 0.7, "1z": 0.3}, riichi)
    assert (choice.type, _kind_name(choice.tile)) == chosen


def test_a_tenpai_with_a_yaku_stays_quiet_when_houou_players_would() -> None:
    # after 9s: 234m 678m 678s 55p and 34p, all simples (tanyao) on 2-5p
    choice = _turn("234m678m34p678s55p9s", {"9s": 0.7, "5p": 0.3}, 0.2)
    assert (choice.type, _kind_name(choice.tile)) == ("discard", "9s")
    assert _turn("234m678m34p678s55p9s", {"9s": 0.7, "5p": 0.3}, 0.8).type == "riichi"


def test_riichi_is_not_declared_when_houou_players_would_mostly_stay_quiet() -> None:
    # riichi with 9s is the single likeliest option (0.5 x 0.7 = 0.35), but the quiet discards are
    # likelier together (0.15 + 0.3 + 0.2): the seat stays quiet, with the likeliest quiet discard
    choice = _turn("234m678m34p678s55p9s", {"9s": 0.5, "5p": 0.3, "8m": 0.2}, 0.7)
    assert (choice.type, _kind_name(choice.tile)) == ("discard", "5p")
    choice = _turn("234m678m34p678s55p9s", {"9s": 0.8, "5p": 0.1, "8m": 0.1}, 0.7)
    assert (choice.type, _kind_name(choice.tile)) == ("riichi", "9s")


def _kind_name(tile: int | None) -> str:
    assert tile is not None
    kind = tile >> 2
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


def test_houou_shares_sum_to_one_over_the_choices(shipped) -> None:
    view = seat_view("123m456p789s1122z5m")
    shares = houou_shares(shipped, view, list(view.legal_actions))
    assert shares is not None
    assert abs(sum(shares.values()) - 1.0) < 1e-4
    assert set(shares) <= set(view.legal_actions)


def test_the_table_says_once_when_strong_plays_without_its_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.ai.player.load_model", lambda: None)  # as when the file is missing
    app = open_app(tmp_path, monkeypatch)
    try:
        table = TableScene.new(app, GameSetup(rules=TENHOU, seed=7, ai_levels=("strong", "normal", "normal")))
        app.push(table)
        said = run_until(app, lambda: "learned model" in (getattr(table.control, "message", "") or "") and
                         table.control.message)
        assert said == "The strong AI's learned model could not be read, so it plays by its rules this game."
    finally:
        app.shutdown()


def test_normal_tables_say_nothing_of_the_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.ai.player.load_model", lambda: None)
    app = open_app(tmp_path, monkeypatch)
    try:
        table = TableScene.new(app, GameSetup(rules=TENHOU, seed=7))
        app.push(table)
        run_until(app, lambda: table.control.view is not None and table.control.view.legal_actions)
        assert "learned model" not in (table.control.message or "")
    finally:
        app.shutdown()
