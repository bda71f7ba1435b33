"""The benchmarks' scripts as modules, for their tests: benchmarks/ is no package, and a script there
imports its neighbours by name."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/NAME.py`` imported."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCHMARKS))
