"""What one seat may see of a game, built field by field -- never a raw position.

The card engine's position string and record hold every hand, so a view
is put together from the parts a seat may see (``docs/network.md``):

* the field, the effects, the scores and the log are public, except the
  Chaos card drawn for the seat to move while it is still in its hand;
* each hand is a list in hand order where a card the viewer may not see
  (:meth:`Game.can_see_card`: its own hand, Open, Three Open's shown cards,
  cards given by Hand Swap or a swap ability) is ``null``;
* ``dealers`` says, for each card of a hand the viewer sees, the seat it was dealt to
  (``null`` where the card is);
* the legal actions go to the seat to move only (they name its hand).

Spectators are ``viewer=None`` and see no hidden card at all. Jayden has
no hidden information: its view is the whole position.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from jayden_jazz.cards import Game
from jayden_jazz.cards.events import Event, GameEnded
from jayden_jazz.jayden import START_JPN, Position


def _can_see(game: Game, viewer: int | None, seat: int, index: int) -> bool:
    if viewer is None:
        return game.rules.open or _public(game, seat, index)
    return game.can_see_card(viewer, seat, index)


def _public(game: Game, seat: int, index: int) -> bool:
    """Seen by everyone: shown by Three Open, or given by another seat in front of all."""
    core = game.core
    p = core.hands[seat][index]
    return p in core.shown or core.dealer[p] != seat


def event_data(e: Event) -> dict[str, Any]:
    if isinstance(e, GameEnded):
        return {"event": "GameEnded", "result": e.result.to_dict()}
    data = dataclasses.asdict(e)
    for k, v in data.items():
        if isinstance(v, tuple):
            data[k] = list(v)
    return {"event": type(e).__name__, **data}


def placed_details(game: Game, events: list[dict[str, Any]], dealer: int, cells: Sequence[int]) -> None:
    """What an action's events leave out that every seat may know, added to their data: who was
    dealt the placed card (``dealer``, as the cells say once it lies there) and, for a swap, who was
    dealt the hand card it put on the field (``to_field_dealer``) and the place in the hand the card
    from the field took (``slot``: under Order the places are the rule).
    ``cells`` are the pieces on the cells before the action."""
    events[0]["dealer"] = dealer
    core = game.core
    for e in events:
        if e["event"] == "Swapped":
            x = game.field.index(str(e["cell"]))
            piece = cells[x]
            hand = core.hands[int(e["seat"])]
            if core.cell[x] >= 0:
                e["to_field_dealer"] = core.dealer[core.cell[x]]
            if piece in hand:
                e["slot"] = hand.index(piece)


def cards_view(game: Game, log: Sequence[dict[str, Any]], viewer: int | None, to_move: int | None,
               legal: Callable[[], list[str]]) -> dict[str, Any]:
    """The board, hands, log and legal actions (``legal()``: the mover's) of a started card
    game for ``viewer``."""
    names = game.field.cell_names
    cells = []
    for c in game.field.cells:
        card = game.card_at(c)
        cells.append(None if card is None else {"cell": names[c], "card": card.id, "owner": game.owner_at(c),
                                               "dealer": game.dealer_at(c)})
    hands, dealers = [], []
    for seat in range(game.players):
        ids = game.hand_ids(seat)
        seen = [_can_see(game, viewer, seat, i) for i in range(len(ids))]
        hands.append([cid if ok else None for cid, ok in zip(ids, seen)])
        # who a seen card was dealt to (a gift of Hand Swap or a swap is no secret); a hidden
        # card was always dealt to its own seat, so its dealer says nothing and is null too
        dealers.append([game.core.dealer[p] if ok else None for p, ok in zip(game.core.hands[seat], seen)])
    drawn = game.drawn_card
    drawn_visible = False
    if drawn is not None:
        hand = game.hand_ids(game.to_move)
        i = game.core.hands[game.to_move].index(game.core.drawn)
        drawn_visible = _can_see(game, viewer, game.to_move, i) and hand[i] == drawn
    last_draw = max((i for i, e in enumerate(log) if e["event"] == "CardDrawn"), default=-1)
    events = list(log)
    if last_draw >= 0 and drawn is not None and not drawn_visible:
        events[last_draw] = {**events[last_draw], "card": None}
    result = game.result()
    board = {"cells": cells, "hands": hands, "dealers": dealers, "elements": {n: el for n, el in (game.setup.elements if game.setup else ())},
             "effects": [{"seat": e.seat, "card": e.card.id, "number": e.number, "cell": e.cell,
                          "turns_left": e.turns_left, "text": e.text} for e in game.effects()],
             "drawn": drawn if drawn_visible else None,
             "drawn_dealer": game.core.dealer[game.core.drawn] if drawn_visible else None, "scores": list(game.scores()),
             "reset_used": game.reset_used}
    return {"board": board, "log": events, "legal": legal() if viewer is not None and viewer == to_move else [],
            "result": None if result is None else result.to_dict()}


def jayden_view(position: Position, setup: dict[str, Any], actions: Sequence[tuple[int, str]],
                viewer: int | None, to_move: int | None) -> dict[str, Any]:
    """Jayden hides nothing: the position (JPN), how it was reached, and the legal actions."""
    result = position.result
    legal = [a.text() for a in position.legal_actions()] if viewer is not None and viewer == to_move else []
    return {"board": {"jpn": position.jpn(), "start": START_JPN, "side": position.side,
                      "quiet_draw": bool(setup.get("quiet_draw", True))},
            "log": [{"seat": s, "action": a} for s, a in actions], "legal": legal,
            "result": None if result is None else {
                "winner": None if result.winner is None else ("g", "r").index(result.winner),
                "reason": result.reason}}


__all__ = ["cards_view", "event_data", "jayden_view"]
