"""The scripts of tools/ read as modules by the tests of their parts: tools/ is not a package, so
its folder is on the import path only while one is imported."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def tool(name: str) -> ModuleType:
    """``tools/<name>.py`` as a module (imported once; later calls return the same module)."""
    sys.path.insert(0, str(TOOLS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(TOOLS))
