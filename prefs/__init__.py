"""The player's preferences: one validated value, kept in the user config folder.

``load_prefs()`` and ``save_prefs(prefs)`` never raise for a bad file or folder: they return
messages for the player instead. ``prefs.with_changes(**kw)`` builds a checked copy.
"""

from prefs.model import (ANIMATION_SPEEDS, DEFAULTS, LANGUAGES, SPECS, TILE_SETS, FieldSpec, Preferences,
                         PrefsError, check_value)
from prefs.store import ENV_DIR, FILE_NAME, config_dir, load_prefs, prefs_path, save_prefs

__all__ = [
    "Preferences", "PrefsError", "DEFAULTS", "SPECS", "FieldSpec", "TILE_SETS",
    "ANIMATION_SPEEDS", "LANGUAGES", "check_value", "load_prefs", "save_prefs", "prefs_path", "config_dir",
    "ENV_DIR", "FILE_NAME",
]
