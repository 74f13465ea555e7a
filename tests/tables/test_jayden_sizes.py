"""The Jayden board stays a thin scene over its table: no class of either over 400 lines."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "jayden_jazz"
LIMIT = 400


def class_lengths(folder: Path) -> dict[str, int]:
    out = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                out[f"{path.relative_to(ROOT)}:{node.name}"] = node.end_lineno - node.lineno + 1
    return out


def test_no_jayden_board_or_table_class_is_over_400_lines():
    lengths = {**class_lengths(ROOT / "scenes" / "jayden"), **class_lengths(ROOT / "tables" / "jayden")}
    assert "scenes/jayden/board.py:JaydenScene" in lengths and "tables/jayden/controller.py:JaydenController" in lengths
    assert {name: n for name, n in lengths.items() if n > LIMIT} == {}
