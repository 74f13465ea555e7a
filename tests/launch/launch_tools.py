"""Shared bits for the launch tests: loading tools/ scripts, making icon PNGs."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pygame

ROOT = Path(__file__).resolve().parents[2]


def load_tool(name: str) -> ModuleType:
    """Import ``tools/<name>.py`` (tools/ is a folder of scripts, not a package)."""
    mod_name = f"_jj_tool_{name}"
    if mod_name in sys.modules:
        return sys.modules[mod_name]
    spec = importlib.util.spec_from_file_location(mod_name, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = mod
    spec.loader.exec_module(mod)
    return mod


def make_png(path: Path, w: int, h: int | None = None, colour=(255, 0, 0)) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    surf = pygame.Surface((w, h or w))
    surf.fill(colour)
    pygame.image.save(surf, str(path))
    return path


def png_size(path: Path) -> tuple[int, int]:
    return pygame.image.load(str(path)).get_size()
