"""The public surface the board scene and the AI rely on: board encoding,
hashing, tables, copying, and engine purity."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from jayden_helpers import CORNERS, make

import jayden_jazz.jayden as jayden
from jayden_jazz.jayden import Action, Position, parse_square
from jayden_jazz.jayden import tables


def test_board_is_a_signed_int8_view():
    pos = Position()
    board = pos.board
    assert board.dtype == np.int8 and board.shape == (280,)
    assert board[parse_square("a1")] == 1  # Green Cannon
    assert board[parse_square("j1")] == 6  # Green Master
    assert board[parse_square("t14")] == -1  # Red Cannon
    assert board[parse_square("k14")] == -6  # Red Master
    assert (board > 0).sum() == 40 and (board < 0).sum() == 40
    assert pos.grid.shape == (14, 20) and pos.grid[0, 9] == 6


def test_board_view_is_read_only_and_follows_the_position():
    pos = Position()
    with pytest.raises(ValueError):
        pos.board[0] = 0
    view = pos.board
    pos.push("b2-b4")
    assert view[parse_square("b4")] == 3 and view[parse_square("b2")] == 0
    pos.pop()
    assert view[parse_square("b2")] == 3


def test_piece_at_accepts_index_or_name():
    pos = Position()
    assert pos.piece_at("b2") == ("H", "g") == pos.piece_at(parse_square("b2"))
    assert pos.piece_at("e7") is None
    assert pos.piece_at("k14") == ("M", "r") and pos.piece_at("i14") == ("N", "r")
    with pytest.raises(ValueError):
        pos.piece_at("z9")


def test_free_cannons_and_marks():
    pos = Position()
    assert pos.free_cannons("g") == 2 and pos.free_cannons("r") == 2
    assert pos.has_mark("g") and pos.has_mark("r")
    with pytest.raises(ValueError):
        pos.free_cannons("x")


def test_key_includes_side_acted_and_fired():
    a = make(CORNERS + " Sb5 Cc1 Cd1 Hj5")
    b = make(CORNERS + " Sb5 Cc1 Cd1 Hj5", side="r")
    c = make(CORNERS + " Sb5 Cc1 Cd1 Hj5", acted="b5")
    d = make(CORNERS + " Sb5 Cc1 Cd1 Hj5", acted="b5", fired=1)
    e = make(CORNERS + " Sb5 Cc1 Cd1 Hj5", acted="j5")
    keys = {p.key() for p in (a, b, c, d, e)}
    assert len(keys) == 5
    assert a.zobrist == a.key()
    # quiet and turn are not part of the key
    assert make(CORNERS + " Sb5 Cc1 Cd1 Hj5", quiet=9, turn=4).key() == a.key()


def test_transposed_turns_share_a_key():
    one, two = Position(), Position()
    for text in ("b2-b4", "c2-c4"):
        one.push(text)
    for text in ("c2-c4", "b2-b4"):
        two.push(text)
    assert one.jpn() == two.jpn() and one.key() == two.key()
    assert one.key() != Position().key()


def test_legal_actions_returns_a_fresh_list():
    pos = Position()
    acts = pos.legal_actions()
    acts.clear()
    assert len(pos.legal_actions()) == 208


def test_actions_are_hashable_and_compare_by_value():
    pos = Position()
    assert Action.from_text("b2-b4") in set(pos.legal_actions())
    assert Action.from_text("b2-b4") == Action(21, 61, "move")


def test_tables_precomputed_with_expected_geometry():
    assert tables.NEIGHBOURS.shape == (280, 8)
    assert (tables.NEIGHBOURS[0] >= 0).sum() == 3  # a1: three neighbours
    assert (tables.NEIGHBOURS[parse_square("e5")] >= 0).sum() == 8
    assert tables.RAYS.shape == (280, 8, 19)
    assert (tables.RAYS[0, 2] >= 0).sum() == 19  # a1 east to t1
    assert (tables.RAYS[0, 0] >= 0).sum() == 13  # a1 north to a14
    assert (tables.CHEBYSHEV == tables.CHEBYSHEV.T).all()
    assert tables.CHEBYSHEV[0, 279] == 19
    assert (tables.SCOUT_JUMPS[parse_square("j7")] >= 0).sum() == 24
    assert tables.SHIELD_MASK[parse_square("j7")].sum() == 8
    assert not tables.RAYS.flags.writeable


def test_repr_and_str():
    pos = Position()
    assert repr(pos) == f"Position({pos.jpn()!r})"
    text = str(pos)
    assert "14 c s r r r r i i n k m d i i r r r r s c 14" in text
    assert pos.jpn() in text


def test_public_names_exported():
    for name in ("Position", "Action", "Result", "JPNError", "ActionSyntaxError",
                 "IllegalActionError", "START_JPN", "square_name", "parse_square", "perft"):
        assert hasattr(jayden, name)
    assert issubclass(jayden.IllegalActionError, ValueError)
    assert issubclass(jayden.ActionSyntaxError, ValueError)


def test_engine_imports_no_pygame():
    code = "import sys, jayden_jazz.jayden; print('pygame' in sys.modules)"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=root, env={"PYTHONPATH": str(root), "PATH": ""})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_engine_sources_import_nothing_from_presentation():
    package = Path(jayden.__file__).parent
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                assert not name.startswith("pygame"), path.name
                assert not name.startswith(("jayden_jazz.shell", "jayden_jazz.scenes",
                                            "jayden_jazz.ai")), path.name
