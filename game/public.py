"""Public names that load their module on first use, so a package's import stays cheap.

>>> import types
>>> pkg = types.ModuleType("pkg")
>>> pkg.__getattr__ = loader(pkg, {"sqrt": "math"})
>>> pkg.sqrt(9.0), "sqrt" in vars(pkg)
(3.0, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

__all__ = ["loader"]


def loader(package: ModuleType, public: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name in ``public`` comes from the module it maps to."""
    def load(name: str) -> Any:
        if name not in public:
            raise AttributeError(f"module {package.__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(public[name]), name)
        setattr(package, name, value)
        return value
    return load
