"""Reference screenshots: compare a frame with a checked-in PNG.

Regenerate after an intended change of the picture with
``JJ_UPDATE_REFERENCES=1 python -m pytest tests/scenes`` and look at the
new PNGs before committing them.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pygame

from tests.helpers import rgb_array

REF_DIR = Path(__file__).resolve().parent / "reference"


def check_reference(surface: pygame.Surface, name: str, max_diff_fraction: float = 0.002) -> None:
    path = REF_DIR / f"{name}.png"
    if os.environ.get("JJ_UPDATE_REFERENCES") == "1":
        REF_DIR.mkdir(exist_ok=True)
        pygame.image.save(surface, str(path))
        return
    assert path.exists(), f"missing reference image {path}; run with JJ_UPDATE_REFERENCES=1"
    ref = rgb_array(pygame.image.load(str(path)))
    got = rgb_array(surface)
    assert ref.shape == got.shape, f"{name}: size {got.shape} differs from reference {ref.shape}"
    differing = np.any(ref != got, axis=2).mean()
    assert differing <= max_diff_fraction, (
        f"{name}: {differing:.2%} of pixels differ from {path.name}")
