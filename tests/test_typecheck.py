"""The type checker runs over the whole package as part of the test suite (so in CI).

The configuration is ``[tool.mypy]`` in ``pyproject.toml``. The two rules engines
(``jayden_jazz/jayden``, ``jayden_jazz/cards``) are libraries others build on (the
scenes, the computer players, network play), so they are held to ``--strict`` as well.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def mypy_config() -> dict:
    tomllib = pytest.importorskip("tomllib")          # Python 3.11+
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["mypy"]


def test_mypy_finds_no_errors_in_the_package():
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy is not installed: pip install -e '.[test]'")
    r = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, "mypy reports:\n" + r.stdout + r.stderr


#: The packages checked in strict mode, on their own.
STRICT = ["jayden_jazz/jayden", "jayden_jazz/cards"]


def test_the_rules_engines_pass_strict_mode():
    """Modules the engines import from elsewhere (``jayden_jazz.paths``; the card command
    line's renderer and save reader) are read for their types only (``follow-imports=silent``):
    their own errors are the whole-package run's. Unused ignores are not reported, as in
    ``pyproject.toml``. A cache of its own keeps the two runs from rechecking each other's."""
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-warn-unused-ignores",
                        "--follow-imports=silent", "--cache-dir", str(ROOT / ".mypy_cache" / "strict"), *STRICT],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, "mypy --strict reports:\n" + r.stdout + r.stderr


def test_the_whole_package_is_checked():
    cfg = mypy_config()
    assert cfg["files"] == ["jayden_jazz"]
    assert cfg["check_untyped_defs"] is True


#: Settings that would hide a module's errors, at the top or in an override. The only
#: override allowed is ``ignore_missing_imports`` for libraries without type information.
HIDING = ("ignore_errors", "disable_error_code", "follow_imports", "ignore_missing_imports")


def test_no_setting_hides_errors_of_the_package_or_of_one_of_its_modules():
    """Issue #18 emptied the temporary ignore list; nothing may join it again."""
    cfg = mypy_config()
    assert [k for k in HIDING if k in cfg] == [], "errors hidden for the whole package"
    for override in cfg.get("overrides", []):
        modules = [override["module"]] if isinstance(override["module"], str) else override["module"]
        ours = [m for m in modules if m.split(".")[0] == "jayden_jazz"]
        hiding = [k for k in HIDING if override.get(k)]
        assert not (ours and hiding), f"{ours}: {hiding} hides type errors; fix them instead"
