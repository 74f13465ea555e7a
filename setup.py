"""Copies the shipped ``assets/`` and ``cards/`` folders into the wheel.

They stay at the top of the source tree (where players and pack authors look
for them) and land in ``jayden_jazz/_data/`` when installed; ``paths.py``
looks in both places. All other metadata is in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = ("assets", "cards")


class BuildPyWithData(build_py):
    def run(self):
        super().run()
        for name in SHIPPED:
            src = HERE / name
            if src.is_dir():
                dst = Path(self.build_lib) / "jayden_jazz" / "_data" / name
                shutil.copytree(src, dst, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithData})
