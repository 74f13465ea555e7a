"""Nothing outside the card engine (``jayden_jazz/cards``) reads a game's ``.core``.

The rules state is the engine's own: the table, the server, the online mirror and the
computer player ask a :class:`~jayden_jazz.cards.Game` through its public readers
(``observation``, ``hand_dealers``, ``element_at``, ``search_state``, ...), so what a seat
may see is decided in one place. Measured on the source with ``ast``: an attribute
``core`` that is not called (``Position.core(catalog)`` is a method that builds a state,
``Game.core`` is the state itself).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "jayden_jazz"
ENGINE = PACKAGE / "cards"


def core_reads(source: str, filename: str) -> list[int]:
    """Lines of ``source`` reading an attribute ``core`` that is not called right there."""
    tree = ast.parse(source, filename=filename)
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return sorted(n.lineno for n in ast.walk(tree)
                  if isinstance(n, ast.Attribute) and n.attr == "core" and id(n) not in called)


def test_the_check_sees_a_read_and_lets_a_call_pass():
    assert core_reads("x = game.core.drawn\ngame.core.drawn = 1\n", "t.py") == [1, 2]
    assert core_reads("core = parts.core(catalog, check=False)\n", "t.py") == []


def test_nothing_outside_the_card_engine_reads_a_games_core():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if ENGINE in path.parents:
            continue
        lines = core_reads(path.read_text(encoding="utf-8"), str(path))
        if lines:
            found[path.relative_to(ROOT).as_posix()] = lines
    assert not found, f"reads of .core outside jayden_jazz/cards (use Game's public readers): {found}"
