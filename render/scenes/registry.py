"""Every screen by name. Scenes reach each other through the app (``app.open("settings")``,
``app.goto("title")``), never by importing one another, so no screen depends on another's module.

A screen's module is loaded the first time it is shown: the title appears without loading the
table, the engine and the AI behind it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["SCENES", "scene_factory"]

SCENES: dict[str, tuple[str, str]] = {
    "title": ("render.scenes.title", "TitleScene"),
    "new_game": ("render.scenes.new_game", "NewGameScene"),
    "table": ("render.scenes.table", "TableScene.new"),
    "saved_table": ("render.scenes.table", "TableScene.resume_saved"),
    "play_on": ("render.scenes.table", "TableScene.play_on"),
    "menu": ("render.scenes.menu", "MenuScene"),
    "result": ("render.scenes.result", "ResultScene"),
    "standings": ("render.scenes.standings", "StandingsScene"),
    "settings": ("render.scenes.settings", "SettingsScene"),
    "help": ("render.scenes.help", "HelpScene"),
    "keys": ("render.scenes.keys", "KeysScene"),
    "yaku_book": ("render.scenes.yaku_book", "YakuBookScene"),
    "games": ("render.scenes.games", "GamesScene"),
    "viewer": ("render.scenes.viewer", "ViewerScene"),
    "stats": ("render.scenes.stats", "StatsScene"),
    "practice": ("render.scenes.practice", "PracticeScene"),
    "review": ("render.scenes.review_report", "ReviewWaitScene"),
    "review_report": ("render.scenes.review_report", "ReviewReportScene"),
}
"""Name -> (module, the class or factory in it). A factory is called as ``factory(app, ...)``."""


def scene_factory(name: str) -> Callable[..., Any]:
    """What builds the screen called ``name`` (KeyError names the known screens)."""
    try:
        module_name, attribute = SCENES[name]
    except KeyError:
        raise KeyError(f"no screen called {name!r}; known: {', '.join(SCENES)}") from None
    found: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        found = getattr(found, part)
    return found
