"""No class in ``jayden_jazz/tables`` is over 400 lines, counted with the parents it is built from.

A controller that outgrows the limit is split by idea into parts it holds;
moving half of it into a parent class (a mixin) would only hide its size, so
a class is measured as the sum of its own lines and those of every class of
the project in its method resolution order. Lines are the source's,
decorators, docstrings and comments included.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import jayden_jazz.tables
from jayden_jazz.tables.cards.commands import Commands
from jayden_jazz.tables.cards.computer import ComputerSeat
from jayden_jazz.tables.cards.controller import TableController
from jayden_jazz.tables.cards.hints import Hints
from jayden_jazz.tables.cards.steps import Steps
from jayden_jazz.tables.jayden.steps import Slide, Step
from tests.tables.test_card_controller import P0_GRAB, WEAK5, table

LIMIT = 400


def own_lines(cls: type) -> int:
    return len(inspect.getsourcelines(cls)[0])


def lines_through_mro(cls: type) -> int:
    """The class's lines and those of each project class it inherits from (``object`` and the standard
    library's are not the project's to shorten)."""
    return sum(own_lines(k) for k in cls.__mro__ if k.__module__.split(".")[0] == "jayden_jazz")


def table_classes() -> dict[str, type]:
    """Every class defined in a module of ``jayden_jazz.tables``, by module and name."""
    out = {}
    for info in pkgutil.walk_packages(jayden_jazz.tables.__path__, "jayden_jazz.tables."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and value.__module__ == module.__name__:
                out[f"{module.__name__}.{name}"] = value
    return out


def test_no_table_class_is_over_400_lines_with_its_parents():
    classes = table_classes()
    assert "jayden_jazz.tables.cards.controller.TableController" in classes
    assert "jayden_jazz.tables.jayden.controller.JaydenController" in classes
    sizes = {name: lines_through_mro(cls) for name, cls in classes.items()}
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}


def test_a_class_is_counted_with_the_project_classes_it_inherits_from():
    assert Step in Slide.__mro__
    assert lines_through_mro(Slide) == own_lines(Slide) + own_lines(Step)
    assert lines_through_mro(Step) == own_lines(Step)    # object is not counted
    assert own_lines(TableController) > 100


#: What the card table's screen and the online link use of the controller (every public name it had
#: before it was split): each still answers on the facade.
FACADE = """ability ability_name aim ask_hint back begin_turn board_now brain busy cancel_choice caption card_name
catalog choose_ability chosen commit computer computer_seats_kept confirm draw_known draw_text event_text factor
finish_showing flow free_cell_key game game_text guess_pool hint hint_text hint_waiting is_computer is_remote last
load_log log messages next_targets open_choice pack_dirs pending pending_index pending_seat phase pick place play
ply_base rebuild_log restore resume resume_turn reveal_end revise rng say screen screen_view seat_name seat_ready
seats selected setup_show setup_shown setup_steps show shown_events start stop_computer summary_for target_key tick
toggle_target turn_ply view visible_seats""".split()


def test_the_card_table_controller_holds_its_parts_and_keeps_its_whole_face():
    assert TableController.__mro__ == (TableController, object)     # no parent classes to hide lines in
    ctl = table([P0_GRAB, WEAK5])
    parts = {name: getattr(ctl, name) for name in ("commands", "steps", "hints", "computer_seat")}
    assert {name: type(part) for name, part in parts.items()} == {
        "commands": Commands, "steps": Steps, "hints": Hints, "computer_seat": ComputerSeat}
    assert all(part.table is ctl for part in parts.values())
    assert [name for name in FACADE if not hasattr(ctl, name)] == []
