"""The seat to move's legal moves grouped by card: what a server writes its list of actions from.

A 5x5 field starts with 325 placements, and the server sends them after every action,
so it writes them from texts made once per card and cell and asks only for the ability
actions that can follow a placement. Which placements can offer an ability is a question
of the rules, so it is answered here, beside them: a placement offers abilities only
when it captures two or more cards, and under the plain capture rule with no effect
running a capture takes a touching card of another seat, so a cell touching fewer than
two such cards cannot. The result mirrors :meth:`Core.moves` (tests/net/test_view_text.py
holds them equal at every ply of random games under every rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .action import Action

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def move_groups(game: "Game") -> list[tuple[str, list[int], dict[int, list[Action]]]]:
    """Per card the seat to move may play (in :meth:`Game.legal_actions` order): its id, the
    free cells (grid indexes) and, per cell where abilities follow, their actions."""
    core = game.core
    if core.over:
        return []
    seat, cells, owner, adj, abil, ids = core.to_move, core.cell, core.owner, core.adj, core.abil, core.ids
    free = core.free()
    if core.plain_rule and not core.effects:
        touching: dict[int, int] = {}      # free cell -> cards of other seats it touches
        for x in core.play_cells:
            if cells[x] >= 0 and owner[x] != seat:
                for _d, n, _o in adj[x]:
                    if cells[n] < 0:
                        touching[n] = touching.get(n, 0) + 1
        maybe = {c for c, k in touching.items() if k >= 2}
    else:
        maybe = set(free)
    out = []
    for p in core.choices():
        extra: dict[int, list[Action]] = {}
        if abil[p]:
            for c in maybe:
                got = core.captures(p, c, seat)
                if len(got) >= 2:
                    core.place(p, c)
                    options = core.offers(p, c, len(got))
                    core.unplace()
                    extra[c] = [core.action((p, c, o)) for o in options]
        out.append((ids[p], free, extra))
    return out


__all__ = ["move_groups"]
