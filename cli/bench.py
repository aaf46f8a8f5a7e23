"""`python main.py bench`: speed figures, Kawa side by side with the reference package.

Each section is a function ``(args) -> list[Figure]``, listed in ``SECTIONS``; a part of the
engine adds its own figures with ``register(section)``. Kawa and the reference (the PyPI
``mahjong`` package, used here and in tests only) run in one process on the same inputs, and
each rate is the best of ``--repeat`` timed passes, timed in process CPU time and taken in
turn with the other side's passes, so that a busy machine disturbs the ratios less.

The reference is driven the way its test vectors were made: ``OptionalRules`` from the
rule set (open tanyao, red fives, double yakuman, kazoe limit, kiriage; every other option
fixed) and a fresh ``HandConfig`` per call (the package writes into it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.rules import RuleSet, preset
from game.tiles import counts_of, parse_kinds
from game.scoring.score import ScoringError, clear_caches, score_hand
from game.scoring.won_hands import WonHand, random_won_hand
from cli.bench_table import review_section as review_figures
from cli.bench_table import table_section as figures
from cli.figures import Figure
from cli.score import parse_case
from game.hand.shanten import clear_cache as clear_shanten_cache
from game.hand.shanten import shanten
from game.hand.shanten_tables import data_info

__all__ = [
    "Figure", "Section", "SECTIONS", "register", "scoring_inputs", "shanten_inputs",
    "reference_options", "reference_call", "reference_score", "reference_missing", "REFERENCE_YAKU",
    "add_arguments", "run",
]

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "scoring"
ROOT = Path(__file__).resolve().parents[1]


Section = Callable[[argparse.Namespace], list[Figure]]
SECTIONS: list[Section] = []


def register(section: Section) -> Section:
    """Add a section to the bench (usable as a decorator)."""
    SECTIONS.append(section)
    return section


def _best_rate(work: Callable[[], int], repeat: int, before: Callable[[], Any] | None = None) -> float:
    """Items per second of the fastest of ``repeat`` passes; ``work`` returns its item count."""
    return _best_rates([(work, before)], repeat)[0]


def _best_rates(passes: Sequence[tuple[Callable[[], int], Callable[[], Any] | None]], repeat: int) -> list[float]:
    """``_best_rate`` of several (work, before) pairs, their passes taken in turn, so that a
    busy spell of the machine slows one pass of each rather than every pass of one."""
    best = [0.0] * len(passes)
    for _ in range(repeat):
        for index, (work, before) in enumerate(passes):
            if before is not None:
                before()
            start = time.process_time()
            count = work()
            elapsed = time.process_time() - start
            best[index] = max(best[index], count / elapsed if elapsed > 0 else 0.0)
    return best


# --- the reference package ---------------------------------------------------------------

REFERENCE_YAKU = {
    "Menzen Tsumo": "menzen tsumo", "Riichi": "riichi", "Double Riichi": "double riichi",
    "Ippatsu": "ippatsu", "Chankan": "chankan", "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei", "Pinfu": "pinfu", "Tanyao": "tanyao",
    "Iipeiko": "iipeikou", "Yakuhai (haku)": "haku", "Yakuhai (hatsu)": "hatsu",
    "Yakuhai (chun)": "chun", "Sanshoku Doujun": "sanshoku doujun", "Ittsu": "ittsu",
    "Chantai": "chanta", "Junchan": "junchan", "Honroutou": "honroutou", "Toitoi": "toitoi",
    "San Ankou": "sanankou", "San Kantsu": "sankantsu", "Sanshoku Doukou": "sanshoku doukou",
    "Chiitoitsu": "chiitoitsu", "Shou Sangen": "shousangen", "Honitsu": "honitsu",
    "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu",
    "Kokushi Musou": "kokushi musou", "Kokushi Musou Juusanmen Matchi": "kokushi musou 13-sided wait",
    "Chuuren Poutou": "chuuren poutou", "Daburu Chuuren Poutou": "junsei chuuren poutou",
    "Suu Ankou": "suuankou", "Suu Ankou Tanki": "suuankou tanki", "Daisangen": "daisangen",
    "Shousuushii": "shousuushii", "Dai Suushii": "daisuushii", "Ryuuiisou": "ryuuiisou",
    "Suu Kantsu": "suukantsu", "Tsuu Iisou": "tsuuiisou", "Chinroutou": "chinroutou",
    "Tenhou": "tenhou", "Chiihou": "chiihou",
    **{f"Yakuhai ({where} wind {w})": f"{where} wind" for where in ("seat", "round")
       for w in ("east", "south", "west", "north")},
}
"""The package's yaku names -> Kawa's canonical names (dora kinds are left out)."""

_REF_MELD_TYPE = {"chi": "chi", "pon": "pon", "daiminkan": "kan", "shouminkan": "shouminkan", "ankan": "kan"}


def reference_options(rules: RuleSet) -> Any:
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

    return OptionalRules(
        has_open_tanyao=rules.open_tanyao, has_aka_dora=rules.red_fives,
        has_double_yakuman=rules.double_yakuman,
        kazoe_limit=HandConfig.KAZOE_LIMITED if rules.kazoe_yakuman else HandConfig.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage, fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False, has_daisharin=False, has_daisharin_other_suits=False,
        has_daichisei=False, has_sashikomi_yakuman=False, limit_to_sextuple_yakuman=True,
        paarenchan_needs_yaku=True, is_three_player=False,
    )


def reference_call(hand: WonHand, rules: RuleSet, options: Any = None) -> dict[str, Any]:
    """Keyword arguments of ``HandCalculator.estimate_hand_value`` for a Kawa hand (the
    package wants every tile, kan tiles included; our physical tile ids are its ids)."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld as RefMeld

    ctx = hand.ctx
    tiles = list(hand.concealed)
    melds = []
    for meld in hand.melds:
        tiles.extend(meld.tiles)
        melds.append(RefMeld(meld_type=_REF_MELD_TYPE[meld.type], tiles=list(meld.tiles), opened=meld.opened))
    config = HandConfig(
        is_tsumo=ctx.tsumo, is_riichi=ctx.riichi or ctx.double_riichi, is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan, is_chankan=ctx.chankan, is_haitei=ctx.haitei, is_houtei=ctx.houtei,
        is_daburu_riichi=ctx.double_riichi, is_tenhou=ctx.tenhou, is_chiihou=ctx.chiihou,
        player_wind=ctx.seat_wind, round_wind=ctx.round_wind, kyoutaku_number=ctx.riichi_sticks,
        tsumi_number=ctx.honba, options=options if options is not None else reference_options(rules),
    )
    return {"tiles": tiles, "win_tile": hand.win_tile, "melds": melds or None,
            "dora_indicators": list(ctx.dora_indicators), "ura_dora_indicators": list(ctx.ura_indicators),
            "config": config}


def reference_score(hand: WonHand, rules: RuleSet) -> dict[str, Any]:
    """The package's answer in Kawa's terms: error, han, fu, yaku names, payment, totals."""
    from mahjong.hand_calculating.hand import HandCalculator

    response = HandCalculator.estimate_hand_value(**reference_call(hand, rules))
    if response.error:
        return {"error": "no_yaku" if response.error == HandCalculator.ERR_NO_YAKU else str(response.error)}
    cost = response.cost
    if hand.ctx.tsumo:
        dealer_pays = 0 if hand.ctx.dealer else cost["main"]
        payment = {"tsumo_dealer": dealer_pays, "tsumo_nondealer": cost["additional"]}
    else:
        payment = {"ron": cost["main"]}
    names = sorted(REFERENCE_YAKU[y.name] for y in response.yaku if y.name in REFERENCE_YAKU)
    return {"error": None, "han": response.han, "fu": response.fu, "yaku": names, "payment": payment,
            "total": cost["total"]}


# --- inputs ------------------------------------------------------------------------------

def scoring_inputs(count: int, seed: int) -> list[tuple[WonHand, RuleSet]]:
    """The shared sample cases when present (with their own rules), else seeded random hands."""

    path = SHARED / "cases-sample.jsonl"
    out: list[tuple[WonHand, RuleSet]] = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines()[:count]:
            case = json.loads(line)
            concealed, melds, win_tile, ctx, rules = parse_case(case, preset(case["id"].split("-")[0]))
            out.append((WonHand(concealed, melds, win_tile, ctx), rules))
        return out
    rng = random.Random(seed)
    return [(random_won_hand(rng), preset("ema")) for _ in range(count)]


def shanten_inputs(count: int, seed: int) -> list[list[int]]:
    """34-count hands: the shared shanten sample when present, else seeded 13/14-tile draws."""
    path = SHARED / "shanten-sample.jsonl"
    if path.exists():
        return [counts_of(parse_kinds(json.loads(line)["hand"]))
                for line in path.read_text(encoding="utf-8").splitlines()[:count]]
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for i in range(count):
        counts = [0] * 34
        for kind in rng.sample(wall, 13 + i % 2):
            counts[kind] += 1
        hands.append(counts)
    return hands


# --- sections ----------------------------------------------------------------------------

def reference_missing() -> str | None:
    """Why the reference figures cannot be had (the package is absent, as in the packaged
    app), or None when it is installed."""
    try:
        import mahjong  # noqa: F401
    except ImportError:
        return "the reference package `mahjong` is not installed here: its columns are left empty"
    return None


@register
def scoring_section(args: argparse.Namespace) -> list[Figure]:
    """Hands scored per second: score_hand against HandCalculator.estimate_hand_value."""
    inputs = scoring_inputs(args.hands, args.seed)
    calls = [(h.concealed, h.melds, h.win_tile, h.ctx, rules) for h, rules in inputs]

    def kawa() -> int:
        for call in calls:
            try:
                score_hand(*call)
            except ScoringError:
                pass
        return len(calls)

    passes: list[tuple[Callable[[], int], Callable[[], Any] | None]] = [(kawa, clear_caches), (kawa, None)]
    if reference_missing() is None:
        from mahjong.hand_calculating.hand import HandCalculator

        prepared: list[dict[str, Any]] = []
        options = {rules: reference_options(rules) for _, rules in inputs}

        def fresh_configs() -> None:
            prepared[:] = [reference_call(h, rules, options[rules]) for h, rules in inputs]

        def reference() -> int:
            for kwargs in prepared:
                HandCalculator.estimate_hand_value(**kwargs)
            return len(prepared)

        passes.append((reference, fresh_configs))

    cold, kept, *reference_rate = _best_rates(passes, args.repeat)
    ref_rate = reference_rate[0] if reference_rate else None
    what = f"{len(calls)} hands"
    return [
        Figure("scoring, first sight (tables built in the pass)", cold, ref_rate, note=what),
        Figure("scoring, first sight (tables kept)", kept, ref_rate, note=what),
    ]


@register
def shanten_section(args: argparse.Namespace) -> list[Figure]:
    """Shanten per second: game.hand.shanten.shanten against Shanten.calculate_shanten.

    First sight clears every cache before each pass; in the first row it also drops the
    table file, so each pass reads it again (a new process pays this once).
    """

    hands = shanten_inputs(args.hands, args.seed)

    def kawa() -> int:
        for counts in hands:
            shanten(counts)
        return len(hands)

    what = f"{len(hands)} hands"
    loads: list[float] = []

    def kawa_noting_the_load() -> int:
        count = kawa()
        info = data_info()
        if info is not None:
            loads.append(info[0])
        return count

    passes: list[tuple[Callable[[], int], Callable[[], Any] | None]] = [
        (kawa_noting_the_load, clear_shanten_cache), (kawa, lambda: clear_shanten_cache(data=False)), (kawa, None)]
    if reference_missing() is None:
        from mahjong.shanten import Shanten

        def reference() -> int:
            for counts in hands:
                Shanten.calculate_shanten(counts)
            return len(hands)

        passes.append((reference, None))

    with_load, loaded_rate, warm_rate, *reference_rate = _best_rates(passes, args.repeat)
    ref_rate = reference_rate[0] if reference_rate else None
    loaded = data_info()
    warm = Figure("shanten, warm (hands seen before)", warm_rate, ref_rate, note=what)
    if loaded is None:
        return [Figure("shanten, first sight (no table file: computed live)", loaded_rate, ref_rate, note=what),
                warm]
    return [
        Figure("shanten, first sight (table file load included)", with_load, ref_rate, note=what),
        Figure("shanten, first sight (table file loaded)", loaded_rate, ref_rate, note=what),
        warm,
        Figure("shanten table file, one-time load", min(loads) * 1000, unit=" ms",
               note=f"{loaded[1]:,} bytes, read and checked (fastest of the passes)"),
    ]


COMMAND_FILES = {"score": "cases-sample.jsonl", "shanten": "shanten-sample.jsonl"}
"""The commands timed whole, and the shared sample each reads."""


ECHO_LINES = """import json, sys
write = sys.stdout.write
with open(sys.argv[1], "rb") as stream:
    for line in stream:
        write(json.dumps(json.loads(line)) + "\\n")
"""
"""The least a JSON-lines command does: start, decode each line and write it back. Its rate
against the reference command's bounds the ratio any command reading and writing these
lines in Python can reach."""


_COMMAND_ENV = {**{k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")},
                "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) / "kawa-bench-pycache")}
"""The commands run as an installed program does: compiled modules kept (in a cache folder
of their own, for both sides alike, so the project tree stays clean) and output buffered."""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _process_seconds(argv: list[str]) -> float:
    """CPU time (user and system) of one run of ``argv`` from the project folder, process
    start included, output thrown away; RuntimeError when it fails. CPU time rather than
    wall time, so that other programs on a busy machine disturb the figure less."""
    start = _children_cpu()
    done = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_COMMAND_ENV,
                          check=False)
    elapsed = _children_cpu() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[1:])} failed: {done.stderr.decode(errors='replace')[-300:]}")
    return elapsed


@register
def commands_section(args: argparse.Namespace) -> list[Figure]:
    """Hands per second of ``main.py score`` and ``main.py shanten`` run as processes on the
    shared samples, beside the same command built on the reference package
    (cli/reference_commands.py); each side's runs alternate, the fastest counts."""
    out: list[Figure] = []
    for command, name in COMMAND_FILES.items():
        path = SHARED / name
        if not path.exists():
            print(f"Note: the whole-command {command} row is skipped: {path} is absent.")
            continue
        with path.open("rb") as stream:
            count = sum(1 for _ in stream)
        runs = [[sys.executable, "main.py", command, str(path)], [sys.executable, "-c", ECHO_LINES, str(path)]]
        if reference_missing() is None:
            runs.append([sys.executable, "-m", "cli.reference_commands", command, str(path)])
        best = [float("inf")] * len(runs)
        for _ in range(args.repeat):
            for index, argv in enumerate(runs):
                best[index] = min(best[index], _process_seconds(argv))
        ref_rate = count / best[2] if len(best) > 2 else None
        out.append(Figure(f"`{command}` command, whole process", count / best[0], ref_rate,
                          note=f"{count} hands of {name}, CPU time, process start included"))
        out.append(Figure(f"`{command}` input echoed, whole process", count / best[1], ref_rate,
                          note="each line decoded and written back, nothing computed: the ceiling of any such command"))
    return out


@register
def table_section(args: argparse.Namespace) -> list[Figure]:
    """Self-play and real-corpus replay rates of the table (no reference figures)."""

    return figures(args)


@register
def review_section(args: argparse.Namespace) -> list[Figure]:
    """The AI review of a whole real hanchan (no reference figures)."""

    return review_figures(args)


# --- command -----------------------------------------------------------------------------

def format_rows(figures: Sequence[Figure]) -> list[str]:
    """The figures as aligned text lines: name, Kawa, reference, ratio."""
    lines = [f"{'figure':50} {'Kawa':>12} {'mahjong 2.1.0':>14} {'ratio':>7}  note"]
    for f in figures:
        digits = 1 if f.unit.strip() == "ms" else 0
        ref = f"{f.reference:,.{digits}f}{f.unit}" if f.reference else "-"
        ratio = f"{f.kawa / f.reference:.1f}x" if f.reference else "-"
        lines.append(f"{f.name:50} {f'{f.kawa:,.{digits}f}{f.unit}':>12} {ref:>14} {ratio:>7}  {f.note}")
    return lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=3000, help="inputs per section (default 3000)")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes; the best counts (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of generated inputs")
    parser.add_argument("--only", default="", help="run only sections whose name contains this text")


def run(args: argparse.Namespace) -> int:
    if args.hands < 1 or args.repeat < 1:
        print("--hands and --repeat must be at least 1")
        return 2
    chosen = [section for section in SECTIONS if not args.only or args.only in section.__name__]
    if not chosen:
        names = ", ".join(section.__name__.removesuffix("_section") for section in SECTIONS)
        print(f"--only {args.only!r} matches no section (sections: {names})", file=sys.stderr)
        return 2
    figures: list[Figure] = []
    for section in chosen:
        figures.extend(section(args))
    missing = reference_missing()
    if missing:
        print(f"Note: {missing}.")
    print("\n".join(format_rows(figures)))
    return 0
