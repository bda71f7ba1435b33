"""jsonschema's check of the "iri" formats, imported when it is first used instead of with jsonschema.

jsonschema checks the "iri" and "iri-reference" formats with rfc3987_syntax when it is installed (the Jupyter
server's ``jsonschema[format-nongpl]`` installs it), and imports it with its formats; rfc3987_syntax builds some
forty Lark grammars at import, about a second of CPU in every process that imports jsonschema: the app's server
(jupyter_events) and a tutorial's kernel (plotly's FigureWidget, through nbformat), where no schema has those
formats (python-jsonschema/jsonschema#1428). :func:`defer_iri_grammars`, called before jsonschema is imported,
puts a stand-in in its place whose ``is_valid_syntax`` imports the real module at its first call: every check
answers as before.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import Any

NAME = "rfc3987_syntax"


def defer_iri_grammars() -> None:
    """Make ``from rfc3987_syntax import is_valid_syntax`` cheap in this process (nothing to do where it is not
    installed, or imported already)."""
    if NAME in sys.modules or importlib.util.find_spec(NAME) is None:
        return
    stand_in = types.ModuleType(NAME, __doc__)
    real: types.ModuleType | None = None

    def is_valid_syntax(*args: Any, **kwargs: Any) -> bool:
        nonlocal real
        if real is None:
            if sys.modules.get(NAME) is stand_in:
                del sys.modules[NAME]
            real = importlib.import_module(NAME)
        return real.is_valid_syntax(*args, **kwargs)

    stand_in.is_valid_syntax = is_valid_syntax  # type: ignore[attr-defined]
    sys.modules[NAME] = stand_in


__all__ = ["defer_iri_grammars"]
