"""Every character the game can write has a glyph in the 8x14 font.

A character the font lacks is drawn as "?", which reads as a question (a
refusal cut short once ended in "?" instead of an ellipsis). The strings a
screen can show come from the code (messages, menus, refusals, the
engine's reasons) and from the Instructions texts; all are read here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jayden_jazz.scenes.jayden.render import fit
from jayden_jazz.shell.pixelart import load_font_glyphs

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "jayden_jazz"
# modules whose literals are never drawn: byte-level readers and writers of files and pipes
NOT_DRAWN = {"cards/writer.py", "saves/store.py", "ai/protocol/client.py"}


def _literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module that are not docstrings, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def _missing(text: str, glyphs: dict[str, list[str]]) -> set[str]:
    """Characters without a glyph; control characters are markers a screen swaps for pictures."""
    return {ch for ch in text if ch >= " " and ch not in glyphs}


def test_every_character_in_the_code_has_a_glyph():
    glyphs = load_font_glyphs()
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in NOT_DRAWN:
            continue
        for line, text in _literals(path):
            lacking = _missing(text, glyphs)
            if lacking:
                problems.append(f"{rel}:{line}: {''.join(sorted(lacking))!r} in {text[:50]!r}")
    assert not problems, "characters the font lacks:\n" + "\n".join(problems)


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "assets" / "text").glob("*.txt")))
def test_every_character_of_the_instructions_has_a_glyph(name):
    text = (ROOT / "assets" / "text" / name).read_text(encoding="utf-8")
    assert not _missing(text, load_font_glyphs())


def test_a_cut_message_ends_in_an_ellipsis_the_font_draws():
    reason = "Master j1 cannot act: every square next to it is taken by a piece of its own side or shielded"
    cut = fit(reason, 40)
    assert cut.endswith("\u2026") and len(cut) <= 40
    assert "\u2026" in load_font_glyphs()
