"""Damaged records: every reader either reads them or refuses them with LogFormatError."""

from __future__ import annotations

import json
import random
import re

from conftest import shared_path
from game.logs.export_mjai import game_to_mjai, parse_mjai
from game.logs.mjlog import parse_mjlog
from game.logs.record import LogFormatError
from game.logs.tenhou6 import parse_tenhou6, read_tenhou6

_JUNK = [0, 60, 11, 99, -1, 53, 1.5, True, None, [], {}, "x", "r60", "p111111", "c111213", "1111a11", "5mr", "E"]


def _mutate(value, rng: random.Random):
    """Change one place somewhere inside a JSON value: replace, delete, insert or swap."""
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.5:
            value[i] = _mutate(value[i], rng)
        elif roll < 0.7:
            del value[i]
        elif roll < 0.85:
            value.insert(i, rng.choice(_JUNK))
        else:
            value[i], value[-1] = value[-1], value[i]
        return value
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        value[key] = _mutate(value[key], rng)
        return value
    return rng.choice(_JUNK)


def _survives(parse, text: str) -> bool:
    try:
        parse(text, "damaged")
    except LogFormatError:
        return False
    return True


def test_damaged_tenhou6_files():
    rng = random.Random(5)
    files = sorted(shared_path("data", "realgames", "tenhou6", "mjai-reviewer").glob("*.json"))
    refused = 0
    for _ in range(400):
        data = json.loads(rng.choice(files).read_text(encoding="utf-8"))
        for _ in range(rng.randint(1, 3)):
            _mutate(data, rng)
        refused += not _survives(parse_tenhou6, json.dumps(data, ensure_ascii=False))
    assert refused > 100


def test_damaged_mjlog_files():
    rng = random.Random(6)
    path = sorted(shared_path("data", "realgames", "mjlog", "jim137").glob("*.xml"))[0]
    elements = re.findall(r"<[^>]*>", path.read_text(encoding="utf-8"))
    refused = 0
    for _ in range(200):
        damaged = list(elements)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(damaged))
            roll = rng.random()
            if roll < 0.3:
                del damaged[i]
            elif roll < 0.6:
                damaged.insert(i, rng.choice(damaged))
            else:
                value = str(rng.choice([-1, 3, 135, 136, 999]))
                damaged[i] = re.sub(r"\d+", value, damaged[i], count=1)
        refused += not _survives(parse_mjlog, "".join(damaged))
    assert refused > 50


def test_damaged_mjai_logs():
    rng = random.Random(7)
    events = game_to_mjai(read_tenhou6(shared_path("data", "realgames", "tenhou6", "mjai-reviewer", "ranked_game.json")))
    refused = 0
    for _ in range(300):
        damaged = json.loads(json.dumps(events))
        for _ in range(rng.randint(1, 3)):
            _mutate(damaged, rng)
        refused += not _survives(parse_mjai, "\n".join(json.dumps(e) for e in damaged))
    assert refused > 50
