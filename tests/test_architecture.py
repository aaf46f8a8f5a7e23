"""The rooms stay apart: no import cycle, no import hidden in a function, a pure engine.

The import graph is read from the source (no module is imported), so a cycle hidden behind
an import inside a function counts as much as one at the top of a file.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from render.scenes.registry import SCENES, scene_factory

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "render", "prefs", "cli", "store", "bots")
"""Kawa's own packages; ``main.py`` is read as the module ``main``."""

LAZY_ALLOWED: dict[str, str] = {
    "main": "imports only the command asked for, so each command starts lean",
    "mahjong": "the reference package is a development dependency, loaded only by the bench",
    "fontTools": "only the asset script's font subsetting needs it (a development tool)",
    "PyInstaller": "only the app build reads its archives",
    "mjai": "the independent referee lives in an environment of its own",
}
"""Where an import inside a function is allowed, and why: the importing module (``main``)
or the top-level name of an optional dependency."""

ENGINE_FORBIDDEN = ("pygame", "render", "prefs", "cli", "store", "bots", "sqlite3", "subprocess",
                    "multiprocessing", "tkinter", "gettext")
"""What the engine (``game/``) never imports: it is pure, emits codes and touches no files."""


def module_files() -> dict[str, Path]:
    """Kawa's modules by dotted name."""
    found = {"main": ROOT / "main.py"}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")) if (ROOT / package).is_dir() else ():
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _targets(node: ast.Import | ast.ImportFrom) -> list[str]:
    """Every dotted name an import statement may load (``from a import b`` may load ``a.b``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level or not node.module:
        return []
    return [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(tree: ast.Module) -> tuple[list[str], list[tuple[int, str]]]:
    """(names imported when the module loads, (line, name) of imports inside functions)."""
    at_load: list[str] = []
    inside: list[tuple[int, str]] = []

    def walk(nodes: list[ast.stmt], in_function: bool) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                if in_function:
                    inside.extend((node.lineno, name) for name in _targets(node))
                else:
                    at_load.extend(_targets(node))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(node.body, True)
            elif isinstance(node, ast.If) and _is_type_checking(node):
                continue
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    block = getattr(node, field, None)
                    if isinstance(block, list):
                        walk([n for n in block if isinstance(n, ast.stmt)]
                             + [s for h in block if isinstance(h, ast.ExceptHandler) for s in h.body],
                             in_function)
    walk(tree.body, False)
    return at_load, inside


def _modules_loaded(targets: list[str], files: dict[str, Path]) -> set[str]:
    """Kawa's modules among import targets; ``from pkg import mod`` loads ``pkg.mod``, not the package's body."""
    found = {t for t in targets if t in files}
    return {t for t in found if not any(other.startswith(t + ".") for other in found)}


def import_graph() -> tuple[dict[str, set[str]], dict[str, list[tuple[int, str]]]]:
    """Edges between Kawa's modules (imports at load and inside functions alike)."""
    files = module_files()
    graph: dict[str, set[str]] = {}
    inner: dict[str, list[tuple[int, str]]] = {}
    for name, path in files.items():
        at_load, inside = imports_of(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        graph[name] = _modules_loaded(at_load + [n for _, n in inside], files) - {name}
        inner[name] = inside
    return graph, inner


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_cycle_finder_sees_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_imports_inside_functions_are_found() -> None:
    tree = ast.parse("import os\nif TYPE_CHECKING:\n    import game.rules\n"
                     "def f():\n    from game.tiles import kind_of\n")
    assert imports_of(tree) == (["os"], [(5, "game.tiles"), (5, "game.tiles.kind_of")])


def test_no_import_cycle_between_modules() -> None:
    graph, _ = import_graph()
    assert cycles(graph) == [], "import cycles (break them; do not hide them in a function)"


def test_imports_inside_functions_only_where_they_keep_start_up_lean_or_load_an_optional_tool() -> None:
    _, inner = import_graph()
    hidden = [f"{module}:{line}: {name}" for module, found in sorted(inner.items()) for line, name in found
              if module not in LAZY_ALLOWED and name.split(".")[0] not in LAZY_ALLOWED]
    assert hidden == [], "imports inside functions (move them to the top of the module)"


def test_the_engine_imports_no_client_store_process_or_text_module() -> None:
    graph_files = module_files()
    impure = []
    for name, path in graph_files.items():
        if name.split(".")[0] != "game":
            continue
        at_load, inside = imports_of(ast.parse(path.read_text(encoding="utf-8")))
        for target in at_load + [n for _, n in inside]:
            if target.split(".")[0] in ENGINE_FORBIDDEN:
                impure.append(f"{name} imports {target}")
    assert impure == []


def test_screens_reach_each_other_by_name_never_by_import() -> None:
    graph, _ = import_graph()
    screens = {name for name in graph if name.startswith("render.scenes.") and name != "render.scenes.registry"}
    crossing = sorted(f"{a} imports {b}" for a in screens for b in graph[a] if b in screens)
    assert crossing == []


def test_every_screen_name_leads_to_a_screen() -> None:
    for name in SCENES:
        built = scene_factory(name)
        assert callable(built) and built.__module__ == SCENES[name][0], name


def test_the_engines_public_names_all_resolve_and_load_only_when_asked() -> None:
    code = ("import sys, game, game.tiles; lean = 'game.table' not in sys.modules; "
            "[getattr(game, n) for n in game.__all__]; print(lean, 'game.table' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == ["True", "True"]


def test_actions_events_views_and_agents_load_without_the_rules_of_play() -> None:
    """A bot, a record reader or a screen may speak in the value types alone."""
    code = ("import sys; from game.table import Action, Event, SeatView, Agent; "
            "from game.table.events import Discarded; "
            "print(sorted(m for m in sys.modules if m.startswith('game.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    loaded = eval(out.stdout)
    assert loaded == ["game.melds", "game.public", "game.rules", "game.table", "game.table.actions", "game.table.agent",
                      "game.table.events", "game.table.view", "game.tiles"]


def test_a_command_loads_only_its_own_module(tmp_path: Path) -> None:
    cases = tmp_path / "one.jsonl"
    cases.write_text('{"id": 1, "hand": "123m456p789s1122z"}\n')
    code = (f"import sys, main; main.main(['shanten', {str(cases)!r}]); "
            "print(sorted(m for m in sys.modules if m.startswith(('cli.', 'game.table', 'render'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.splitlines()[-1] == "['cli.json_lines', 'cli.shanten']"  # and its shared line loop


POOLS = ("Pool", "ProcessPoolExecutor")
"""Calls that start worker processes."""


def _pools_without_spawn(tree: ast.AST) -> list[int]:
    """Lines that start a process pool other than from a ``get_context("spawn")`` context."""
    bad = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in POOLS and "get_context('spawn')" not in ast.unparse(node):
            bad.append(node.lineno)
    return bad


def test_the_spawn_check_sees_a_forked_pool() -> None:
    assert _pools_without_spawn(ast.parse("multiprocessing.Pool(2)\nProcessPoolExecutor(2)")) == [1, 2]
    spawned = "multiprocessing.get_context('spawn').Pool(2)\n" \
              "ProcessPoolExecutor(2, mp_context=multiprocessing.get_context('spawn'))"
    assert _pools_without_spawn(ast.parse(spawned)) == []


def test_every_process_pool_starts_its_workers_by_spawn() -> None:
    """Forking a process that runs threads (the client, the test runner's helpers) can hang it."""
    files = [*module_files().values(), *sorted((ROOT / "tests").rglob("*.py"))]
    bad = {str(path.relative_to(ROOT)): lines for path in files
           if (lines := _pools_without_spawn(ast.parse(path.read_text(encoding="utf-8"))))}
    assert bad == {}
