"""A :class:`~jayden_jazz.scenes.cards.table_frame.TableFrame` taken from an engine game and a view.

The one place a frame is read off a live :class:`~jayden_jazz.cards.Game`:
for a screen that holds a game of its own and no table (a test drawing a
position, a tool). The card table's picture builds its frames from the
table's frozen view instead (``table_draw.py``). A hand card the view does
not show face up (its seat not in ``view.visible``, its slot not in
``view.revealed``) goes into the frame as ``None``: the frame never holds
what this screen may not see.
"""

from __future__ import annotations

from jayden_jazz.cards import Card, Game
from jayden_jazz.scenes.cards.table_frame import FieldCard, TableFrame, TableView, hand_key


def frame_of(game: Game, view: TableView) -> TableFrame:
    """The frame ``view`` draws over ``game`` as it stands (or, while steps play, as they show it)."""
    field: dict[int, FieldCard] = {}
    owner: int | None
    for i in game.field.cells:
        card = game.card_at(i)
        if view.board is not None:
            if i not in view.board:
                continue
            shown, owner = view.board[i]
            values = game.effective_sides(i) if card is not None and shown.id == card.id else shown.sides
            card = shown
        else:
            if card is None:
                continue
            owner = game.owner_at(i)
            values = game.effective_sides(i)
        if view.values is not None and i in view.values:
            values = view.values[i]                # no value changes before the step that changes it
        if owner is not None and values is not None:
            field[i] = FieldCard(card, owner, values)
    placed = None
    if view.pending is not None and (view.board is None or view.pending[2] not in view.board):
        hand = game.hand(view.pending[0])
        if 0 <= view.pending[1] < len(hand):
            placed = hand[view.pending[1]]
    elements: dict[int, tuple[str, int | None]] = {}
    for i, element in game.cell_elements().items():
        on = field[i].card if i in field else placed if view.pending is not None and view.pending[2] == i else None
        elements[i] = (element, None if on is None else game.elemental(i, on))
    names = None
    if view.board is None and view.hands is None:
        names = (game.zobrist(), game.ply, view.visible, view.revealed, view.pending)
    return TableFrame(view=view, players=game.players, field=field, hands=seen_hands(game, view),
                      held=tuple(len(game.hand_ids(s)) for s in range(game.players)), scores=game.scores(),
                      placed=placed, elements=elements, effects=game.effects(), names=names)


def seen_hands(game: Game, view: TableView) -> tuple[tuple[Card | None, ...], ...]:
    """Each hand as drawn (as Hand Swap's steps show it while they play), face down cards None."""
    out = []
    for s in range(game.players):
        hand = view.hands[s] if view.hands is not None else game.hand(s)
        up = s in view.visible
        out.append(tuple(card if up or hand_key(s, i) in view.revealed else None for i, card in enumerate(hand)))
    return tuple(out)


__all__ = ["frame_of", "seen_hands"]
