"""Charts drawn with pygame for the Stats screen: a line over time, bars, rates against reference
marks. Each returns its hover zones: (rectangle, the words a tooltip shows there)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from render.i18n import number, percent, series
from render.widgets import THEME, draw_text

__all__ = ["Zone", "moving_average", "placement_line", "share_bars", "rate_bars"]

Zone = tuple[pygame.Rect, str]
GRID = (52, 66, 82)
LINE = (120, 180, 240)
PLACE_COLORS = ((90, 190, 110), (120, 180, 240), (240, 196, 80), (200, 70, 60))
"""1st to 4th."""
MARK = (200, 160, 230)
"""The AI levels' dots on the rates chart."""


def moving_average(values: Sequence[float], window: int) -> list[float]:
    """The mean of each value and up to ``window - 1`` before it.

    >>> moving_average([1, 3, 2, 4], 2)
    [1.0, 2.0, 2.5, 3.0]
    """
    out: list[float] = []
    total = 0.0
    for i, value in enumerate(values):  # a running sum: a long history costs one pass
        total += value
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out


def _frame(surface: pygame.Surface, rect: pygame.Rect, title: str, size: int) -> pygame.Rect:
    """The chart's panel and title; the plotting area inside."""
    pygame.draw.rect(surface, THEME["panel"], rect, border_radius=8)
    pygame.draw.rect(surface, THEME["panel_edge"], rect, width=1, border_radius=8)
    draw_text(surface, title, (rect.x + 12, rect.y + 8), size, THEME["accent"], True, "topleft")
    top = rect.y + 16 + size
    return pygame.Rect(rect.x + 14 + size * 2, top, rect.w - 28 - size * 2, rect.bottom - top - 10 - size)


def placement_line(surface: pygame.Surface, rect: pygame.Rect, title: str, placements: Sequence[int], window: int,
                   tip: str, empty: str, average_words: str, place_words: Sequence[str], size: int) -> list[Zone]:
    """Each game's placement as a dot (1st at the top) and their moving average as a line.
    ``tip`` is formatted with ``game``, ``place`` (from ``place_words``) and ``average``; ``average_words`` (with
    ``average``) names the latest average at the top right."""
    area = _frame(surface, rect, title, size)
    area = pygame.Rect(area.x + 6, area.y + 10, area.w - 12, area.h - 16)
    for place in (1, 2, 3, 4):
        y = area.y + (place - 1) * area.h // 3
        pygame.draw.line(surface, GRID, (area.x, y), (area.right, y))
        draw_text(surface, str(place), (area.x - 8, y), size - 2, THEME["muted"], False, "midright")
    if not placements:
        draw_text(surface, empty, area.center, size, THEME["muted"], False, "center")
        return []
    n = len(placements)
    averages = moving_average(placements, window)

    def at(i: int, value: float) -> tuple[int, int]:
        x = area.x + (area.w * i // (n - 1) if n > 1 else area.w // 2)
        return x, round(area.y + (value - 1) * area.h / 3)

    zones: list[Zone] = []
    dot = max(2, min(5, area.w // max(1, n) // 2))
    shown = range(n) if n <= area.w else sorted({i * (n - 1) // (area.w - 1) for i in range(area.w)})
    """More games than pixel columns: one game a column (the frame stays quick for any history)."""
    for i in shown:
        pygame.draw.circle(surface, PLACE_COLORS[placements[i] - 1], at(i, placements[i]), dot)
    if n > 1:
        pygame.draw.lines(surface, LINE, False, [at(i, averages[i]) for i in shown], 3)
    step = area.w / max(1, len(shown) - 1)
    for i in shown:
        place, average = placements[i], averages[i]
        x = at(i, place)[0]
        zone = pygame.Rect(int(x - max(step / 2, 3)), area.y - 6, int(max(step, 6)) + 1, area.h + 12)
        zones.append((zone, tip.format(game=i + 1, place=place_words[place - 1], average=number(average, ".2f"))))
    draw_text(surface, average_words.format(average=number(averages[-1], ".2f")), (rect.right - 12, rect.bottom - 5),
              size - 2, LINE, True, "bottomright")
    return zones


def share_bars(surface: pygame.Surface, rect: pygame.Rect, title: str, labels: Sequence[str],
               counts: Sequence[int], tip: Callable[[int], str], size: int) -> list[Zone]:
    """One bar per placement, its height the share of games; ``tip(count)`` is the message (in the plural
    form of the count) that takes ``label``, ``count`` and ``share``."""
    area = _frame(surface, rect, title, size)
    total = sum(counts)
    zones: list[Zone] = []
    slot = area.w // max(1, len(counts))
    pygame.draw.line(surface, GRID, (area.x, area.bottom), (area.right, area.bottom))
    top_share = max([c / total for c in counts] + [0.25]) if total else 0.5
    for i, (label, count) in enumerate(zip(labels, counts)):
        share = count / total if total else 0.0
        height = int((area.h - size - 4) * share / top_share)
        bar = pygame.Rect(area.x + i * slot + slot // 5, area.bottom - height, slot * 3 // 5, height)
        pygame.draw.rect(surface, PLACE_COLORS[i % 4], bar, border_radius=3)
        draw_text(surface, percent(share, 0), (bar.centerx, bar.y - 4), size - 2, THEME["text"], True, "midbottom")
        draw_text(surface, label, (bar.centerx, area.bottom + 4), size - 2, THEME["muted"], False, "midtop")
        zones.append((pygame.Rect(area.x + i * slot, area.y, slot, area.h + size + 4),
                      tip(count).format(label=label, count=count, share=percent(share))))
    return zones


def rate_bars(surface: pygame.Surface, rect: pygame.Rect, title: str,
              rows: Sequence[tuple[str, float | None, float]], tip: str, legend: str, size: int,
              marks: Sequence[Sequence[tuple[str, float]]] = (), marks_legend: str = "") -> list[Zone]:
    """One horizontal bar per rate (label, the player's rate or None, the reference rate), the
    reference drawn as a mark across it; ``tip`` takes ``label``, ``mine`` and ``reference``.
    ``marks``, one list per row, adds small labelled dots (an AI level's name and its rate) on the
    bar's line, named in the tooltip after the tip and in the legend by ``marks_legend``."""
    area = _frame(surface, rect, title, size)
    label_w = area.w // 4
    scale_w = area.w - label_w - 60
    top = max([r or 0.0 for _, r, _ in rows] + [ref for _, _, ref in rows]
              + [v for row in marks for _, v in row]) * 1.2 or 1.0
    row_h = area.h // max(1, len(rows))
    zones: list[Zone] = []
    for i, (label, mine, reference) in enumerate(rows):
        y = area.y + i * row_h
        mid = y + row_h // 2
        draw_text(surface, label, (area.x + label_w - 10, mid), size - 1, THEME["text"], False, "midright")
        x0 = area.x + label_w
        width = int(scale_w * (mine or 0.0) / top)
        bar = pygame.Rect(x0, mid - row_h // 4, max(width, 1), max(4, row_h // 2))
        pygame.draw.rect(surface, LINE if mine is not None else GRID, bar, border_radius=3)
        ref_x = x0 + int(scale_w * reference / top)
        pygame.draw.line(surface, THEME["accent"], (ref_x, y + 3), (ref_x, y + row_h - 3), 3)
        row_marks = marks[i] if i < len(marks) else ()
        for j, (name, value) in enumerate(sorted(row_marks, key=lambda m: m[1])):
            mx = x0 + int(scale_w * value / top)
            pygame.draw.circle(surface, MARK, (mx, bar.bottom + 3), 4)
            small = max(10, size - 6)
            if y + row_h - bar.bottom - 8 >= 2 * small:  # the letters only where the row leaves room for them
                draw_text(surface, name[:1], (mx, bar.bottom + 8 + (j % 2) * (small - 2)), small, MARK, True, "midtop")
        shown = percent(mine)
        right = max([bar.right, ref_x] + [x0 + int(scale_w * v / top) + 6 for _, v in row_marks])
        draw_text(surface, shown, (right + 8, mid), size - 1, THEME["text"], True, "midleft")
        words = tip.format(label=label, mine=shown, reference=percent(reference, 0))
        if row_marks:
            words += "; " + series([f"{name} {percent(value)}" for name, value in row_marks])
        zones.append((pygame.Rect(area.x, y, area.w, row_h), words))
    pygame.draw.line(surface, THEME["accent"], (area.x, rect.bottom - size // 2 - 8),
                     (area.x + 18, rect.bottom - size // 2 - 8), 3)
    box = draw_text(surface, legend, (area.x + 26, rect.bottom - size // 2 - 8), size - 2, THEME["muted"], False,
                    "midleft")
    if marks and marks_legend:
        pygame.draw.circle(surface, MARK, (box.right + 22, box.centery), 4)
        draw_text(surface, marks_legend, (box.right + 32, box.centery), size - 2, THEME["muted"], False, "midleft")
    return zones
