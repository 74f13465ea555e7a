"""The card table's parts alone, without a window: the cursor's way between slots, and the
frame the picture hands the renderer."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from jayden_jazz.scenes.cards.render import TableFrame, TableView, cell_key, hand_key
from jayden_jazz.scenes.cards.table_input import nearest_slot


def grid(n: int = 3, size: int = 40) -> list:
    """A 3x3 of cells 40 pixels apart, as (key, rect), row by row."""
    return [(cell_key(r * n + c), pygame.Rect(c * size, r * size, size - 4, size - 4))
            for r in range(n) for c in range(n)]


def test_an_arrow_takes_the_cursor_to_the_next_slot_that_way():
    slots = grid()
    assert nearest_slot(slots, cell_key(4), 1, 0) == cell_key(5)
    assert nearest_slot(slots, cell_key(4), -1, 0) == cell_key(3)
    assert nearest_slot(slots, cell_key(4), 0, 1) == cell_key(7)
    assert nearest_slot(slots, cell_key(4), 0, -1) == cell_key(1)
    assert nearest_slot(slots, cell_key(4), 1, 1) == cell_key(8)       # a diagonal


def test_the_cursor_stays_at_the_edge_and_starts_on_the_first_slot():
    slots = grid()
    assert nearest_slot(slots, cell_key(5), 1, 0) == cell_key(5)      # nothing further right
    assert nearest_slot(slots, None, 1, 0) == cell_key(0)
    assert nearest_slot(slots, hand_key(1, 3), 0, 1) == cell_key(0)   # a slot no longer there
    assert nearest_slot([], cell_key(0), 1, 0) is None


def test_a_slot_far_off_to_the_side_is_not_the_way_an_arrow_goes():
    slots = [(cell_key(0), pygame.Rect(0, 0, 10, 10)), (cell_key(1), pygame.Rect(20, 300, 10, 10))]
    assert nearest_slot(slots, cell_key(0), 1, 0) == cell_key(0)      # 20 right but 300 down: not "right"
    assert nearest_slot(slots, cell_key(0), 0, 1) == cell_key(1)


def test_a_frame_and_its_view_cannot_be_changed_once_built():
    view = TableView(visible=frozenset({0}), cursor=cell_key(2))
    frame = TableFrame(view=view, players=0, field={}, hands=(), held=(), scores=())
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.view = TableView()                        # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.cursor = None                              # type: ignore[misc]
