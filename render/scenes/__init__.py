"""Scenes: the screens of the app, kept on a stack by ``render.app.App``.

A scene receives translated input (``handle``), advances with frame time (``update``) and
draws the whole window (``draw``). ``enter``/``leave`` run when it is pushed/popped,
``pause``/``resume`` when another scene covers/uncovers it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from render.app import App
    from render.input import Input

__all__ = ["Scene"]


class Scene:
    """Base class of every screen."""

    #: Draw the scene below first (an overlay such as a dialog).
    transparent: bool = False

    def __init__(self, app: App) -> None:
        self.app = app

    def open_settings(self) -> None:
        """Push the settings screen over this one."""
        self.app.open("settings")

    def open_help(self) -> None:
        """Push the help screen over this one."""
        self.app.open("help")

    def dropped(self, path: str) -> None:
        """A file was dropped on the window: the Games screen opens it as a game record."""
        self.app.open("games", path)

    def dropped_files(self, paths: list[str]) -> None:
        """Several files were dropped at once: the Games screen opens the first that is a game record."""
        self.app.open("games", paths)

    def enter(self) -> None:
        """Pushed onto the stack."""

    def leave(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped."""

    def handle(self, ev: Input) -> None:
        """One translated input."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole window."""

    def draw_dirty(self, surface: pygame.Surface) -> list[Any] | None:
        """Draw what changed since this scene last drew (the layout unchanged); the rectangles to present.

        None means the whole window was drawn and is to be presented whole (the default).
        """
        self.draw(surface)
        return None

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def prefs_changed(self, prefs: Any) -> None:
        """The player changed a preference."""

    def frame_state(self) -> Any:
        """A value that changes whenever the scene would draw something different.

        The app redraws and flips only when some visible scene's value changed; the default
        (a new object every frame) redraws every frame.
        """
        return object()

    def partial_rects(self) -> list[Any]:
        """Window areas that change while ``frame_state`` stays the same (a moving tile)."""
        return []
