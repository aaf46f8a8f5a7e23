"""A measured figure of the benchmarks, Kawa's beside the reference's."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Figure"]


@dataclass(frozen=True)
class Figure:
    """One measured rate: Kawa's and, where there is one, the reference's (per second)."""

    name: str
    kawa: float
    reference: float | None = None
    unit: str = "/s"
    note: str = ""
