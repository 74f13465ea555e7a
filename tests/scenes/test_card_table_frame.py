"""The card table's frame is a frozen snapshot of what this screen may see, and the renderer
never holds the engine's game.

A frame's values are walked whole (every dataclass field, mapping, tuple and string in it,
the view and its texts too): no card id of a hand this screen may not see is in it, a hidden
card is only ``None`` there (a face down card). Checked on a hot-seat table at the pass
screen and at each person's turn, during Hand Swap's steps with hidden hands, and for a
spectator's view of a table built without a scene.
"""

from __future__ import annotations

import ast
import dataclasses
import random
from collections.abc import Mapping
from pathlib import Path

from jayden_jazz.cards import Field, Rules, new_game
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.scenes.cards.render import TableView, hand_key
from jayden_jazz.scenes.cards.table_draw import frame_from_state
from jayden_jazz.scenes.cards.table_frame import TableFrame
from jayden_jazz.tables.cards.controller import TableController
from tests.helpers import step
from tests.scenes.cards_helpers import HUMAN, PACK_DIR, STRONG5, WEAK5, make_table, settle, take_seat

ROOT = Path(__file__).resolve().parents[2]
SCENE = ROOT / "jayden_jazz" / "scenes" / "cards"
CATALOG = load_packs([PACK_DIR])[0]


def strings_in(value: object, out: set[str] | None = None) -> set[str]:
    """Every string anywhere in ``value``: dataclass fields, mapping keys and values, items."""
    out = set() if out is None else out
    if isinstance(value, str):
        out.add(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            strings_in(getattr(value, f.name), out)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            strings_in(k, out)
            strings_in(v, out)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            strings_in(v, out)
    return out


def allowed_ids(game, viewer: int | None, seen: frozenset[int]) -> set[str]:
    """The card ids this screen may know: the field's, the hands it sees, every card of another
    hand the viewer may see (Three Open, given by Hand Swap)."""
    out = {c.id for i in game.field.cells if (c := game.card_at(i)) is not None}
    for s in range(game.players):
        for i, cid in enumerate(game.hand_ids(s)):
            if s in seen or game.can_see_card(viewer, s, i):
                out.add(cid)
    return out


def assert_no_hidden_card(frame: TableFrame, game, viewer: int | None, seen: frozenset[int]) -> int:
    """No id of a card this screen may not see anywhere in the frame; hidden places are None.
    Returns how many hand cards were face down, so a caller can tell the check saw some."""
    ids = set(CATALOG) | {cid for s in range(game.players) for cid in game.hand_ids(s)}
    leaks = (strings_in(frame) & ids) - allowed_ids(game, viewer, seen)
    assert not leaks, leaks
    down = 0
    for s, hand in enumerate(frame.hands):
        for i, card in enumerate(hand):
            face_up = s in frame.view.visible or hand_key(s, i) in frame.view.revealed
            assert (card is not None) == face_up, (s, i)
            down += card is None
    return down


def test_a_hot_seat_frame_holds_no_card_of_the_hand_not_at_the_screen(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], seats=[HUMAN, HUMAN])
    settle(app, sc)
    assert sc.phase == "pass"
    frame = sc.picture.frame()                               # nobody at the screen yet: both hands face down
    assert frame.view.visible == frozenset()
    assert assert_no_hidden_card(frame, sc.controller.game, None, frozenset()) == 10
    assert not {c.id for c in frame.hands[0] + frame.hands[1] if c is not None}
    for turn in range(4):
        take_seat(app, sc)
        seat = sc.controller.game.to_move
        frame = sc.picture.frame()
        assert frame.view.visible == frozenset({seat})
        game = sc.controller.game
        assert assert_no_hidden_card(frame, game, seat, frozenset({seat})) == len(game.hand_ids(1 - seat))
        assert tuple(c.id for c in frame.hands[seat] if c is not None) == tuple(sc.controller.game.hand_ids(seat))
        sc.controller.pick(seat, sc.controller.game.hand_ids(seat)[0])
        sc.controller.place(seat, sc.controller.game.hand_ids(seat)[0], sc.controller.game.free_cells()[0])


def test_hand_swaps_steps_show_no_hidden_card_in_the_frame(make_app):
    app, sc = make_table(make_app, [STRONG5, WEAK5], seats=[HUMAN, HUMAN], classic=["hand_swap"])
    swaps = down = 0
    for _ in range(400):
        if sc.phase == "turn":
            break
        frame = sc.picture.frame()
        if frame.view.hands is not None:                     # the hands as the swap's steps show them
            swaps += 1
            seen = frame.view.visible
            down += assert_no_hidden_card(frame, sc.controller.game, sc.controller.flow.viewer, seen)
            for s, hand in enumerate(frame.view.hands):      # the view's own copy of the hands, too
                assert all(c is None for i, c in enumerate(hand)
                           if s not in seen and hand_key(s, i) not in frame.view.revealed)
        step(app)
    assert swaps > 0 and down > 0


def test_a_spectators_frame_holds_no_hidden_card():
    game = new_game(CATALOG, Field.rectangle(3), [STRONG5, WEAK5], Rules(open=False, three_open=True),
                    first_seat=0, date=(2026, 6), rng=random.Random(5))   # which three are shown: drawn, so seeded
    ctl = TableController(game, [dict(HUMAN), dict(HUMAN)], CATALOG, brain=lambda: None, rng=random.Random(1))
    rng = random.Random(3)
    for _ in range(4):
        game.play(rng.choice(game.legal_actions()))
        st = ctl.view(None)
        revealed = frozenset(hand_key(h.seat, i) for h in st.hands if h.seat not in st.seen for i, _ in h.known)
        frame = frame_from_state(st, TableView(visible=st.seen, revealed=revealed), CATALOG)
        assert st.seen == frozenset()
        assert assert_no_hidden_card(frame, game, None, frozenset()) > 0
        assert {c.id for hand in frame.hands for c in hand if c is not None} == \
            {cid for _, cid in st.hands[0].known + st.hands[1].known}


def test_the_renderer_and_the_picture_hold_no_engine_game():
    """render.py, the frame and the names import no Game (nor the engine's game module); neither
    they nor the picture (table_draw.py), the input (table_input.py), the computers' part
    (table_computers.py) or the windows (table_menu.py) read a ``.game`` attribute: they act on
    what the view shows."""
    for name in ("render.py", "table_frame.py", "table_names.py", "marks.py", "table_draw.py", "table_input.py",
                 "table_computers.py", "table_menu.py"):
        tree = ast.parse((SCENE / name).read_text(encoding="utf-8"), filename=name)
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom):
                assert n.module != "jayden_jazz.cards.game", name
                assert "Game" not in {a.name for a in n.names}, (name, n.module)
            elif isinstance(n, ast.Import):
                assert all(a.name != "jayden_jazz.cards.game" for a in n.names), name
            elif isinstance(n, ast.Attribute):
                assert n.attr != "game", (name, n.lineno)


def test_the_check_finds_a_game_read():
    tree = ast.parse("from jayden_jazz.cards import Game\nx = self.table.game.ply\n")
    found = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "game"]
    imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names]
    assert found and imported == ["Game"]
