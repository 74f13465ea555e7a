"""The lowest floors stay low: the file, YAML, Ctrl+C and parent-watch helpers import nothing from the game,
and the save envelope imports neither the settings nor anything above it.

Read as source (AST), lazy imports inside functions included, so a floor
cannot be crossed by an import hidden in a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "jayden_jazz"

#: module file -> the game modules it may import (prefixes); nothing else of jayden_jazz
FLOORS = {
    "files.py": (),
    "yamlbase.py": (),
    "interrupt.py": (),
    "parentwatch.py": (),
    "saves/schema.py": ("jayden_jazz.yamlbase",),
    "saves/store.py": ("jayden_jazz.files", "jayden_jazz.yamlbase", "jayden_jazz.saves.schema"),
}


def game_imports(path: Path, root: Path = ROOT) -> set[str]:
    """Every jayden_jazz module the file imports, at any depth of the code (relative ones resolved)."""
    module = ".".join(path.relative_to(root).with_suffix("").parts)
    package = module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
    return {m for m in found if m == "jayden_jazz" or m.startswith("jayden_jazz.")}


@pytest.mark.parametrize("name", list(FLOORS))
def test_a_low_module_imports_only_what_is_below_it(name):
    allowed = FLOORS[name]
    crossed = sorted(m for m in game_imports(PKG / name) if not m.startswith(allowed) or not allowed)
    assert crossed == [], f"{name} imports {crossed}; it may import only {list(allowed) or 'nothing of the game'}"


def test_the_scan_sees_lazy_and_relative_imports(tmp_path):
    pkg = tmp_path / "jayden_jazz" / "saves"
    pkg.mkdir(parents=True)
    f = pkg / "x.py"
    f.write_text("def f():\n    from ..settings import Settings\n    import jayden_jazz.scenes\n")
    assert game_imports(f, tmp_path) == {"jayden_jazz.settings", "jayden_jazz.scenes"}
