"""Hand this process over to another module of the game (``python -m``).

The rules packages offer ``engine`` as a command (``python -m
jayden_jazz.jayden engine``) but must not import the computer players that
answer it. Instead of importing them, the rules package's ``__main__`` turns
the process into ``python -m jayden_jazz.engine ...``: a new program with
the same standard input and output (and, on POSIX, the same process id, so
whoever started it can stop it). Nothing of the other module is imported
here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn


def run_module(module: str, args: Sequence[str]) -> NoReturn:
    """Replace this process by ``python -m module args`` (Windows: run it and pass its status on)."""
    argv = [sys.executable, "-m", module, *args]
    root = str(Path(__file__).resolve().parent.parent)     # where this copy of the game is found
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    sys.stdout.flush()
    if os.name == "posix":
        os.execve(sys.executable, argv, env)
    sys.exit(subprocess.call(argv, env=env))
