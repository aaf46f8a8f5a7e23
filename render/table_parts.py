"""Small pictures of the table, drawn with pygame shapes and cached: the other seats' standing tiles
(seen from the player's side, turned towards each seat), their soft shadow, the seats' plates of
the centre panel and the point sticks.

The builders are pure (each call draws anew): the painter keeps what it drew, so that each painter
records the texts it draws.

A standing tile shows its back (the tile set's back image) and, on the side of its owner, the ivory
edge of its face layer; the edge turned to the player is darker, so a row of tiles reads as blocks
with depth. Light comes from the top left: shadows fall to the bottom right.
"""

from __future__ import annotations

import pygame

from render.widgets import THEME, text

__all__ = ["standing_tile", "soft_shadow", "seat_plate", "stick", "IVORY"]

IVORY = (236, 230, 212)
"""The face layer's colour, seen at a standing tile's edge."""

def _shade(color: tuple[int, ...], k: float) -> tuple[int, int, int]:
    """``color`` lighter (k > 0, towards white) or darker (k < 0, towards black)."""
    if k >= 0:
        return tuple(int(c + (255 - c) * k) for c in color[:3])  # type: ignore[return-value]
    return tuple(int(c * (1 + k)) for c in color[:3])  # type: ignore[return-value]


def standing_tile(back: pygame.Surface, pos: int, along: int, out: int) -> pygame.Surface:
    """A standing tile of the seat at relative position ``pos`` (1 right, 2 across, 3 left) in an
    ``along`` x ``out`` box of that seat's frame, from the upright ``back`` image."""
    base = back.get_at((back.get_width() // 2, back.get_height() // 2))
    edge = max(2, out // 6)
    lip = max(2, along // 7)
    if pos == 2:  # the back faces the player; the top edge shows above it, the face layer at the far side
        surf = pygame.Surface((along, out), pygame.SRCALPHA)
        body = pygame.transform.smoothscale(back, (along, out - edge))
        surf.blit(body, (0, edge))
        pygame.draw.rect(surf, IVORY, (1, 0, along - 2, edge // 2 + 1), border_top_left_radius=3,
                         border_top_right_radius=3)
        pygame.draw.rect(surf, _shade(base, 0.3), (1, edge // 2 + 1, along - 2, edge - edge // 2 - 1))
        pygame.draw.line(surf, _shade(base, -0.35), (along - 1, edge), (along - 1, out - 2))
        return surf
    # a side seat: the tile seen from above and a little from the player's side; the owner's side is
    # the ivory edge, the end turned to the player a darker lip
    surf = pygame.Surface((out, along), pygame.SRCALPHA)
    body_w = out - edge
    body = pygame.transform.smoothscale(pygame.transform.rotate(back, 90 if pos == 1 else 270),
                                        (body_w, along - lip))
    ivory_x, body_x = (out - edge, 0) if pos == 1 else (0, edge)
    surf.blit(body, (body_x, 0))
    pygame.draw.rect(surf, IVORY, (ivory_x, 0, edge, along - lip))
    pygame.draw.rect(surf, _shade(base, -0.3), (body_x, along - lip, body_w, lip))
    pygame.draw.rect(surf, _shade(IVORY, -0.25), (ivory_x, along - lip, edge, lip))
    return surf


def soft_shadow(size: tuple[int, int], radius: int, alpha: int = 80) -> pygame.Surface:
    """A blurred dark rounded rectangle of ``size`` (plus ``radius`` of blur on every side)."""
    w, h = max(1, size[0]), max(1, size[1])
    small = max(1, radius // 2)
    sw, sh = max(3, (w + 2 * radius) // small), max(3, (h + 2 * radius) // small)
    core = pygame.Surface((sw, sh), pygame.SRCALPHA)
    inset = max(1, radius // small)
    pygame.draw.rect(core, (0, 0, 0, alpha), (inset, inset, sw - 2 * inset, sh - 2 * inset),
                     border_radius=max(1, inset))
    return pygame.transform.smoothscale(pygame.transform.smoothscale(core, (max(2, sw // 2), max(2, sh // 2))),
                                        (w + 2 * radius, h + 2 * radius))


def seat_plate(wind: str, points: str, size: tuple[int, int], lit: bool, dealer: bool, rotation: int,
               points_color: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A seat's plate of the centre panel: its wind and points; lit (bright, dark text) for the seat
    whose turn it is; an accent edge for the dealer; turned by ``rotation`` towards the seat."""
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    fill = THEME["accent"] if lit else (24, 44, 60)
    pygame.draw.rect(surf, fill, (0, 0, w, h), border_radius=max(3, h // 4))
    if dealer:
        pygame.draw.rect(surf, (250, 120, 90) if lit else THEME["accent"], (0, 0, w, h), width=max(2, h // 14),
                         border_radius=max(3, h // 4))
    ink = (24, 28, 34) if lit else THEME["text"]
    wind_img = text(wind, max(10, int(h * 0.62)), ink if lit else THEME["accent"], True)
    pts_img = text(points, max(10, int(h * 0.5)), points_color or ink, True)
    gap = max(4, h // 4)
    total = wind_img.get_width() + gap + pts_img.get_width()
    if total > w - 8:  # a long wind name (another language): the points alone
        surf.blit(pts_img, pts_img.get_rect(center=(w // 2, h // 2)))
    else:
        x = (w - total) // 2
        surf.blit(wind_img, wind_img.get_rect(midleft=(x, h // 2)))
        surf.blit(pts_img, pts_img.get_rect(midleft=(x + wind_img.get_width() + gap, h // 2)))
    return pygame.transform.rotate(surf, rotation) if rotation else surf


def stick(length: int, thick: int, thousand: bool, vertical: bool = False) -> pygame.Surface:
    """A point stick: 1,000 (one red dot) or 100 (eight small dots in two groups)."""
    surf = pygame.Surface((length, thick), pygame.SRCALPHA)
    pygame.draw.rect(surf, (245, 245, 238), (0, 0, length, thick), border_radius=max(1, thick // 2))
    pygame.draw.rect(surf, (150, 150, 140), (0, 0, length, thick), width=1, border_radius=max(1, thick // 2))
    cy = thick // 2
    if thousand:
        pygame.draw.circle(surf, (200, 40, 40), (length // 2, cy), max(2, thick * 2 // 5))
    else:
        r = max(1, thick // 5)
        for group in (length // 4, 3 * length // 4):
            for dx in (-3 * r, -r, r, 3 * r):
                pygame.draw.circle(surf, (30, 30, 30), (group + dx, cy), r)
    return pygame.transform.rotate(surf, 90) if vertical else surf

