"""Broken game records of every format Kawa reads (Tenhou's mjlog XML, tenhou.net/6 JSON, mjai
lines): each is refused with a message that names the file and says what is wrong in the
record's terms, never in Python's, and the good records of the same batch are still read."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import main
from tests.conftest import shared_path

INTERNALS = ("Traceback", "Error(", "KeyError", "IndexError", "TypeError", "list index", "NoneType",
             "substring not found", "object has no attribute", "object is not", "codec can't")
"""Fragments of Python's own wording that a player must never read."""


def variants(good: bytes, rng: random.Random) -> dict[str, bytes]:
    """Twelve broken versions of a good record, the same for the same seed."""
    cuts = sorted(rng.sample(range(1, len(good) - 1), 4))
    out = {f"cut{i}": good[:c] for i, c in enumerate(cuts)}
    for i in range(3):
        flipped = bytearray(good)
        for pos in rng.sample(range(len(good)), 8):
            flipped[pos] = rng.choice(b'{}[]<>",:0123456789zq')
        out[f"flip{i}"] = bytes(flipped)
    middle = len(good) // 2
    out["latin1"] = good[:middle] + b"\xe9\xff\xfe" + good[middle:]
    out["nested"] = b"[" * 50_000 + b"]" * 50_000
    out["empty"] = b""
    out["binary"] = bytes(rng.randrange(256) for _ in range(2000))
    out["swapped"] = good.replace(b'"', b"'", 40).replace(b"=", b"", 30)
    return out


def good_records(tmp_path: Path) -> dict[str, Path]:
    mjlog = sorted((shared_path("data", "realgames", "mjlog")).rglob("*.xml"))
    tenhou6 = sorted((shared_path("data", "realgames", "tenhou6")).rglob("*.json"))
    if not mjlog or not tenhou6:
        pytest.skip("the real game corpus is not in ../shared/data/realgames")
    converted = tmp_path / "mjai"
    assert main.main(["logs", str(tenhou6[0]), "--to", "mjai", "--out", str(converted)]) == 0
    return {"mjlog": mjlog[0], "tenhou6": tenhou6[0], "mjai": next(converted.iterdir())}


@pytest.mark.parametrize("fmt", ["mjlog", "tenhou6", "mjai"])
def test_broken_records_are_refused_in_words_and_the_good_one_is_still_read(
        fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    good = good_records(tmp_path)[fmt]
    capsys.readouterr()
    folder = tmp_path / "broken"
    folder.mkdir()
    rng = random.Random(f"hostile-records/{fmt}")
    paths = []
    for name, data in variants(good.read_bytes(), rng).items():
        path = folder / f"{name}{good.suffix}"
        path.write_bytes(data)
        paths.append(path)
    code = main.main(["logs", "--check", str(good), *map(str, paths)])
    out, err = capsys.readouterr()
    refused = [line for line in err.splitlines() if line.startswith("error: ")]
    assert code == 1  # some files were refused
    assert not any(line.startswith(f"error: {good}") for line in refused)  # the good record survives
    read = len(paths) + 1 - len(refused)
    assert f"{read} files read and checked" in out + err and read >= 1
    for name in ("nested", "empty", "binary", "latin1", "cut0"):
        assert any(line.startswith(f"error: {folder / name}{good.suffix}: ") for line in refused), name
    for line in refused:
        assert not any(bit in line for bit in INTERNALS), line
    assert len(refused) >= 5
