"""The card table scene reads of its controller only the frozen view and the command methods.

The scene (``jayden_jazz/scenes/cards/table*.py`` with ``render.py`` and ``table_names.py``)
is the screen of a :class:`~jayden_jazz.tables.cards.controller.TableController`: what it
draws comes from ``view(seat)``/``screen_view()`` (a frozen
:class:`~jayden_jazz.tables.cards.view.TableState`) and what it does goes through the
commands. Every other attribute it still reads of the controller is listed in ``REMAINING``
with the reason it is not in the view yet; the list can only shrink: a new read fails here,
and so does an entry no module reads any more.

Measured on the source with ``ast``: an attribute of ``<anything>.controller``, of a local
name bound to ``<anything>.controller``, or of a name ``controller``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENE = ROOT / "jayden_jazz" / "scenes" / "cards"
MODULES = ("table.py", "table_input.py", "table_draw.py", "table_menu.py", "table_computers.py",
           "table_names.py", "render.py")

VIEWS = {"view", "screen_view",
         "preview",                              # what a card would do on a cell, as plain values
         "look"}                                 # a card as the card window shows it, as plain values
COMMANDS = {
    # what a person does at the table
    "pick", "place", "play", "choose_ability", "toggle_target", "back", "cancel_choice", "confirm",
    "commit", "ask_hint", "say",
    # the table's life, driven by the scene
    "start", "restore", "seat_ready", "pass_again", "begin_turn", "resume_turn", "tick", "stop_computer",
}
REMAINING: dict[str, str] = {}
"""Empty: the engine's Game is read by what sits below the scene (saving, the online link, the
Journey), through the controller, never by the scene's own modules."""


def controller_reads(source: str, filename: str) -> dict[str, list[int]]:
    """Every attribute read (or set) of the controller in ``source``: name -> lines."""
    tree = ast.parse(source, filename=filename)
    aliases = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign)
               and isinstance(n.value, ast.Attribute) and n.value.attr == "controller"
               for t in n.targets if isinstance(t, ast.Name)}

    def is_controller(node: ast.expr) -> bool:
        if isinstance(node, ast.Attribute):
            return node.attr == "controller"
        return isinstance(node, ast.Name) and (node.id == "controller" or node.id in aliases)

    out: dict[str, list[int]] = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and is_controller(n.value):
            out.setdefault(n.attr, []).append(n.lineno)
    return out


def scene_reads() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name in MODULES:
        path = SCENE / name
        for attr, lines in controller_reads(path.read_text(encoding="utf-8"), str(path)).items():
            found.setdefault(attr, []).extend(f"{name}:{n}" for n in lines)
    return found


def test_the_check_sees_reads_through_the_scene_an_alias_and_a_name():
    src = ("x = self.table.controller.game\n"
           "c = t.controller\n"
           "y = c.pending\n"
           "controller.tick()\n"
           "self.controller = make()\n")
    assert controller_reads(src, "t.py") == {"game": [1], "pending": [3], "tick": [4]}


def test_the_scene_reads_of_the_controller_only_the_view_and_commands():
    reads = scene_reads()
    unlisted = {a: where for a, where in reads.items() if a not in VIEWS | COMMANDS | set(REMAINING)}
    assert not unlisted, ("the card table scene reads controller state outside its view; add a field to "
                          f"TableState (tables/cards/view.py, seeing.py) instead: {unlisted}")


def test_the_list_of_remaining_reads_only_shrinks():
    reads = scene_reads()
    stale = sorted(a for a in REMAINING if a not in reads)
    assert not stale, f"no scene module reads these any more: strike them from REMAINING: {stale}"
    assert "screen_view" in reads                  # the view is what the scene draws from


def test_the_scene_offers_no_engine_game_and_its_modules_read_none():
    from jayden_jazz.scenes.cards.table import CardsTableScene

    assert not hasattr(CardsTableScene, "game")  # what needs the engine's game asks the controller
    reads = [f"{name}:{n.lineno}" for name in MODULES
             for n in ast.walk(ast.parse((SCENE / name).read_text(encoding="utf-8")))
             if isinstance(n, ast.Attribute) and n.attr == "game"]
    assert reads == []
