"""Run mutmut's survivors again against every test that reaches their function.

mutmut 3.8 runs each mutant only against the tests its statistics pass linked to the mutated
function, and on this project that pass misses links: `game.scoring.cases.parse_case` is
reached by `tests/test_scoring_cases.py` (3,000 sample cases read through it) but was linked
only to other tests, so a mutant that drops the melds "survived". This tool records which tests
reach which function itself (a pytest plugin in the `mutants/` copy, `MUTANT_UNDER_TEST=stats`),
then runs each survivor (and each mutant mutmut found no test for) in a fresh process against all of them and prints, per module, the
mutants, killed and survived as mutmut counted them and after the recheck.

    .venv/bin/mutmut run "game.scoring.*"             # first, as docs/MUTATION.md says
    KAWA_SHARED=$PWD/../shared .venv/bin/python tools/mutation_recheck.py "game.scoring.*"

The tests are copied into ``mutants/`` first, so tests written since mutmut's run count. Verdicts
are kept in ``mutants/recheck.json``: a later run trusts the "killed" ones (tests are only ever
added) and runs the survivors again; ``--again`` forgets them all; ``--list`` prints the names
still surviving.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from contextlib import redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
HITS = MUTANTS / "recheck-hits.json"
RESULTS = MUTANTS / "recheck.json"
SURVIVED, NO_TESTS, KILLED_CODES = 0, 33, {1, 3}
"""mutmut's exit codes: the tests passed (survived), no test linked, the tests failed (killed)."""
RECHECKED = {SURVIVED, NO_TESTS}

PLUGIN = '''
import json, os
from collections import defaultdict
from mutmut.state import state
HITS = defaultdict(set)
SECONDS = {}
def pytest_runtest_logreport(report):
    if report.when == "call":
        SECONDS[report.nodeid] = report.duration
def pytest_runtest_teardown(item, nextitem):
    for name in state()._stats:
        HITS[name].add(item.nodeid)
    state()._stats.clear()
def pytest_sessionfinish(session, exitstatus):
    fastest_first = lambda tests: sorted(tests, key=lambda t: SECONDS.get(t, 0.0))
    with open(os.environ["RECHECK_HITS"], "w") as out:
        json.dump({k: fastest_first(v) for k, v in HITS.items()}, out)
'''


def selected_tests() -> list[str]:
    """The test files of setup.cfg's [mutmut] selection."""
    lines = (ROOT / "setup.cfg").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("pytest_add_cli_args_test_selection"))
    tests = []
    for line in lines[start + 1:]:
        if not line.startswith((" ", "\t")) or not line.strip():
            break
        tests.append(line.strip())
    return tests


def record_hits() -> dict[str, list[str]]:
    """Which tests reach which mutated function (one pytest run of the selection)."""
    plugin_dir = MUTANTS / ".recheck"
    plugin_dir.mkdir(exist_ok=True)
    (plugin_dir / "recheck_plugin.py").write_text(PLUGIN, encoding="utf-8")
    env = dict(os.environ, MUTANT_UNDER_TEST="stats", RECHECK_HITS=str(HITS),
               PYTHONPATH=os.pathsep.join([str(plugin_dir), os.environ.get("PYTHONPATH", "")]))
    subprocess.run([sys.executable, "-m", "pytest", "--rootdir=.", "-q", "-p", "no:cacheprovider",
                    "-p", "recheck_plugin", *selected_tests()], cwd=MUTANTS, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return json.loads(HITS.read_text(encoding="utf-8"))


def mutmut_results() -> dict[str, int | None]:
    """Every mutant's exit code as mutmut recorded it (None: not run)."""
    codes: dict[str, int | None] = {}
    for meta in MUTANTS.rglob("*.py.meta"):
        codes.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return codes


def function_of(mutant: str) -> str:
    """game.scoring.cases.x_parse_case__mutmut_30 -> game.scoring.cases.x_parse_case"""
    return mutant.rsplit("__mutmut_", 1)[0]


def warm_up() -> None:
    """Import pytest, the tests and the mutated code once (collection only, nothing run), so each
    mutant's process is a fork of this one with every cache still empty."""
    os.chdir(MUTANTS)
    sys.path.insert(0, str(MUTANTS))
    with open(os.devnull, "w") as quiet, redirect_stdout(quiet):
        pytest.main(["--rootdir=.", "-q", "--collect-only", "-p", "no:cacheprovider", *selected_tests()])


def start_mutant(mutant: str, tests: list[str]) -> int:
    """Fork a process that runs ``tests`` (fastest first, stopping at the first failure) with
    the mutant active; its exit code is 0 when every test passed."""
    pid = os.fork()
    if pid:
        return pid
    os.environ["MUTANT_UNDER_TEST"] = mutant
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    code = pytest.main(["--rootdir=.", "-x", "-q", "-p", "no:cacheprovider", *tests])
    os._exit(int(code))


def run_all(todo: list[str], hits: dict[str, list[str]], jobs: int, done: dict[str, str]) -> None:
    """Run the mutants ``jobs`` at a time, noting each verdict in ``done`` (and on disk)."""
    running: dict[int, str] = {}
    queue = list(todo)
    while queue or running:
        while queue and len(running) < jobs:
            mutant = queue.pop(0)
            running[start_mutant(mutant, hits[function_of(mutant)])] = mutant
        pid, status = os.wait()
        mutant = running.pop(pid)
        done[mutant] = "survived" if os.waitstatus_to_exitcode(status) == 0 else "killed"
        RESULTS.write_text(json.dumps(done, indent=1), encoding="utf-8")


def module_of(mutant: str) -> str:
    return function_of(mutant).rsplit(".", 1)[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pattern", nargs="?", default="*", help="mutant names (fnmatch), e.g. 'game.scoring.*'")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--again", action="store_true", help="forget the verdicts of earlier rechecks")
    parser.add_argument("--list", action="store_true", help="print the names still surviving")
    args = parser.parse_args(argv)
    if not MUTANTS.is_dir():
        print("no mutants/ folder: run mutmut first (docs/MUTATION.md)", file=sys.stderr)
        return 2
    codes = {k: v for k, v in mutmut_results().items() if fnmatch.fnmatch(k, args.pattern)}
    shutil.copytree(ROOT / "tests", MUTANTS / "tests", dirs_exist_ok=True)
    hits = record_hits()
    kept = {} if args.again or not RESULTS.exists() else json.loads(RESULTS.read_text("utf-8"))
    done = {mutant: verdict for mutant, verdict in kept.items() if verdict == "killed"}
    todo = [m for m, code in codes.items() if code in RECHECKED and m not in done and hits.get(function_of(m))]
    if todo:
        warm_up()
        run_all(todo, hits, args.jobs, done)
    before, after, total = Counter(), Counter(), Counter()
    for mutant, code in codes.items():
        module = module_of(mutant)
        total[module] += 1
        killed_before = code in KILLED_CODES
        before[module] += killed_before
        after[module] += killed_before or done.get(mutant) == "killed"
    print(f"{'module':32} {'mutants':>7} {'killed (mutmut)':>16} {'killed (recheck)':>17} {'survived':>8} {'killed %':>8}")
    for module in sorted(total):
        survived = sum(1 for m, c in codes.items() if module_of(m) == module and c in RECHECKED
                       and done.get(m) != "killed")
        ran = after[module] + survived
        share = 100 * after[module] / ran if ran else 0.0
        print(f"{module:32} {total[module]:7} {before[module]:16} {after[module]:17} {survived:8} {share:8.1f}")
    if args.list:
        for mutant, code in sorted(codes.items()):
            if code in RECHECKED and done.get(mutant) != "killed":
                print(mutant)
    return 0


if __name__ == "__main__":
    sys.exit(main())
