"""What one seat of a card table may see now, frozen as a :class:`~jayden_jazz.tables.cards.view.TableState`.

Built fresh from the table for each look, so it never goes stale: the
board as the steps have shown it so far (not as the engine has it already),
the step on screen, the open ability choice, and of each hand only what
the viewer may see. A hand the viewer may not see is given as its size and
the cards everybody knows, never its card ids: a network server sends the
state built for a seat to that seat as it is. While Hand Swap and Three
Open are shown before the first turn, the hands are as those steps left
them so far, filtered the same way: the hands the steps pass through hold
every seat's cards, and a state never does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from jayden_jazz.cards import Card, Game, IllegalActionError
from jayden_jazz.cards.action import HAND_PREFIX
from jayden_jazz.cards import events as ev
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.present import Announcement
from jayden_jazz.tables.cards.view import Choice, HandView, Landing, Look, TableState, Terms

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.tables.cards.commands import Key
    from jayden_jazz.tables.cards.controller import TableController


def seen_by(table: TableController, viewer: int | None) -> frozenset[int]:
    """The hands seat ``viewer`` may see (None: a spectator): its own, every hand once the game is
    over or under Open."""
    g = table.game
    if (g.is_over() and table.reveal_end) or g.rules.open:
        return frozenset(range(g.players))
    return frozenset({viewer}) if viewer is not None else frozenset()


def table_state(table: TableController, viewer: int | None, seen: frozenset[int]) -> TableState:
    """The table as ``viewer`` sees it, with the hands of ``seen`` face up."""
    t = table
    g = t.game
    early = t.setup_shown()                      # Hand Swap and Three Open, still being shown
    dealt: list[tuple[Sequence[str], Sequence[bool]]] = (
        list(zip(*early)) if early is not None else [(g.hand_ids(s), g.seen_hand(-1, s)) for s in range(g.players)])
    hands = tuple(hand_view(s, ids, known, s in seen) for s, (ids, known) in enumerate(dealt))
    show = t.show
    showing = show is not None and not show.board.synced
    flips: list[tuple[int, int, float]] = []
    step_cell = None
    banner = None
    matched: tuple[tuple[int, int], ...] = ()
    drawn = None
    values: tuple[tuple[int, tuple[int, int, int, int]], ...] = ()
    if show is not None and showing:
        board = tuple((g.field.index(name), cid, owner) for name, (cid, owner) in show.board.cells.items())
        if show.board.values is not None:
            values = tuple((g.field.index(name), v) for name, v in show.board.values.items())
        for name in show.flips:
            f = show.flip_progress(name)
            if f is not None:
                flips.append((g.field.index(name), f[0], f[1]))
        cur = show.current
        if t.phase == Phase.SHOW and cur is not None:
            if cur.cell is not None and not show.holding:
                step_cell = g.field.index(cur.cell)
            if isinstance(cur.event, Announcement):
                banner = cur.banner
                matched = matched_sides(g, cur.event)
    else:
        board = tuple((c, card.id, owner) for c in g.field.cells
                      if (card := g.card_at(c)) is not None and (owner := g.owner_at(c)) is not None)
    cur = show.current if show is not None and t.phase == Phase.SHOW else None
    if cur is not None and isinstance(cur.event, ev.CardDrawn) and cur.event.seat in seen:
        drawn = (cur.event.seat, cur.event.card)
    mover_sees = g.to_move in seen
    choice = None
    if t.pending is not None and t.phase in (Phase.ABILITY, Phase.TARGETS, Phase.SHOW):
        card_id, cell = t.pending
        targets = tuple(t.next_targets())
        opts = g.target_options(card_id, cell, t.ability) if t.ability is not None else []
        offered = tuple(g.abilities_offered(card_id, cell))
        choice = Choice(t.pending_seat, card_id, cell, offered, t.ability, tuple(t.chosen), targets,
                        slots(t, targets), slots(t, t.chosen), t.pending_index(), len(opts[0]) if opts else None,
                        reach(g, card_id, cell, offered) if t.phase == Phase.ABILITY else ())
    flow = t.flow
    return TableState(
        viewer=viewer, phase=t.phase, seat=flow.seat, to_move=g.to_move, ply=g.ply,
        board=board, showing=showing, flips=tuple(flips), step_cell=step_cell, banner=banner, drawn=drawn,
        hands=hands, selected=t.selected if mover_sees else None, choice=choice,
        caption=t.caption, message=t.messages.text, log=tuple(t.log.texts()),
        last=t.last if t.phase != Phase.SHOW else None,
        hint=t.hint if mover_sees and t.phase == Phase.TURN else None,
        hint_text=t.hint_text if mover_sees and t.phase == Phase.TURN and t.hint is not None else "",
        hint_asked=mover_sees and t.hint_waiting, message_left=t.messages.left, seen=seen,
        computer_pick=t.computer.chosen.card if t.computer.chosen is not None and mover_sees else None,
        game_over=g.is_over(), matched=matched, values=values,
        scores=tuple(sum(1 for _, _, o in board if o == s) for s in range(g.players)),
        setup_showing=early is not None, log_lines=tuple(t.log.lines), humans=tuple(flow.humans()),
        hot_seat=flow.hot_seat, mover_human=flow.mover_human, offer_pending=flow.offer_pending,
        pass_summary=t.summary_for(g.to_move) if t.phase == Phase.PASS else "",
        computer_slot=computer_slot(t), busy=t.busy,
        sides=shown_sides(g, t.catalog, board, values), elements=element_marks(g, t.catalog, board, choice),
        effects=g.effects(), open=g.rules.open, locked=locked(t), terms=terms(g),
        result=g.result(), last_ability=last_ability(g))


def reach(game: Game, card: str, cell: str, offered: Sequence[int]) -> tuple[int, ...]:
    """The cells (indices, in order) any of the ``offered`` abilities of ``card`` on ``cell`` could pick."""
    names = {x for n in offered for opt in game.target_options(card, cell, n) for x in opt
             if not x.startswith(HAND_PREFIX)}
    return tuple(sorted(game.field.index(x) for x in names))


def terms(game: Game) -> Terms:
    f = game.field
    return Terms(game.rules, f.title, f.playable_count, f.has_holes, game.players, game.date)


def last_ability(game: Game) -> tuple[str, int] | None:
    """The last action's card and ability number, when it used one (an instant win names it)."""
    if not game.ply:
        return None
    last = game.history[-1]
    return (last.card, last.ability) if last.ability else None


def look(table: TableController, key: Key) -> Look | None:
    """What the card window shows of a slot (``("cell", index)`` or ``("hand", seat, index)``):
    a card on the field with its values, owner and cell element as the game has them now; a card
    in a hand the screen may see (or the placed card waiting for its ability, shown on its cell).
    None where no card lies or the screen may not see it."""
    g = table.game
    if key[0] == "cell":
        cell = key[1]
        card = g.card_at(cell)
        if card is None:
            return None
        sides = g.effective_sides(cell) or card.sides     # None only where no card lies
        return Look(card, sides, g.owner_at(cell), g.element_at(cell), g.elemental(cell))
    seat, i = key[1], key[2]
    placed = table.pending is not None and seat == table.pending_seat and i == table.pending_index()
    if not (placed or seat in table.visible_seats()) or not 0 <= i < len(g.hand_ids(seat)):
        return None
    return Look(g.hand(seat)[i])


def hand_view(seat: int, ids: Sequence[str], known: Sequence[bool], face_up: bool) -> HandView:
    """One hand as a viewer sees it; ``known[i]``: everybody knows the card at ``i``."""
    public = tuple((i, cid) for i, cid in enumerate(ids) if known[i])
    return HandView(seat, len(ids), tuple(ids) if face_up else None, public)


def slots(table: TableController, targets: Sequence[str]) -> tuple[Key, ...]:
    """Targets as the table's slots (one that lies nowhere is left out)."""
    return tuple(k for k in map(table.target_key, targets) if k is not None)


def shown_sides(game: Game, catalog: Mapping[str, Card], board: tuple[tuple[int, str, int], ...],
                values: tuple[tuple[int, tuple[int, int, int, int]], ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The values each card of ``board`` shows: as compared now, but while steps play a card
    the game no longer has there shows its printed values, and a value a later step changes
    shows as the steps have it so far (``values``)."""
    by_steps = dict(values)
    out = []
    for cell, cid, _ in board:
        got: tuple[int, ...] | None = by_steps.get(cell)
        if got is None:
            card = game.card_at(cell)
            if card is not None and card.id == cid:
                got = game.effective_sides(cell)
            elif cid in catalog:
                got = catalog[cid].sides
        if got is not None:
            out.append((cell, got))
    return tuple(out)


def element_marks(game: Game, catalog: Mapping[str, Card], board: tuple[tuple[int, str, int], ...],
                  choice: Choice | None) -> tuple[tuple[int, str, int | None], ...]:
    """Each Elemental cell with its element and the modifier of the card drawn on it: the
    board's, or the placed card waiting for its ability (None on an empty cell)."""
    elements = game.cell_elements()
    if not elements:
        return ()
    on = {cell: cid for cell, cid, _ in board}
    if choice is not None and choice.index is not None:         # still in its hand: drawn on its cell
        on.setdefault(game.field.index(choice.cell), choice.card)
    out = []
    for cell, element in elements.items():
        cid = on.get(cell)
        card = catalog.get(cid) if cid is not None else None
        out.append((cell, element, None if card is None else game.elemental(cell, card)))
    return tuple(out)


def computer_slot(table: TableController) -> int | None:
    """Where the computer's checked choice lies in the mover's hand: framed there before it lands,
    also while that hand is face down (which place a card leaves is seen by all as it is played)."""
    chosen = table.computer.chosen
    if chosen is None:
        return None
    ids = table.game.hand_ids(table.game.to_move)
    return ids.index(chosen.card) if chosen.card in ids else None


def locked(table: TableController) -> tuple[int, ...]:
    """Order and Chaos: the places in the mover's hand the mover may not play, while it picks."""
    g = table.game
    if table.phase != Phase.TURN or g.is_over() or not (g.rules.order or g.rules.chaos):
        return ()
    ok = set(g.playable_cards())
    return tuple(i for i, cid in enumerate(g.hand_ids(g.to_move)) if cid not in ok)


def matched_sides(game: Game, a: Announcement) -> tuple[tuple[int, int], ...]:
    """(cell index, side) of both values of every pair Same or Plus matched (one for a wall)."""
    f = game.field
    out = []
    for m in a.matched:
        out.append((f.index(a.cell), m.side))
        if m.cell is not None:
            out.append((f.index(m.cell), (m.side + 2) % 4))
    return tuple(out)


class Landings:
    """The mover's card on a free cell, worked out by the engine without playing it
    (:class:`Landing`), kept while the position, the card and the cell stay: a screen asks
    every frame while the cursor rests."""

    def __init__(self, table: TableController) -> None:
        self.table = table
        self._key: tuple | None = None
        self._got = Landing()

    def get(self, card: str, cell: int) -> Landing:
        g = self.table.game
        key = (g.ply, g.zobrist(), card, cell)
        if key != self._key:
            self._key, self._got = key, landing(g, card, cell)
        return self._got


def landing(game: Game, card: str, cell: int) -> Landing:
    """The cells ``card`` would capture on ``cell`` if the seat to move played it there, and its
    values there (None on a taken cell): nothing where it may not go."""
    name = game.field.name_of(cell)
    try:
        captures = frozenset(game.field.index(c) for c in game.captures_if(card, name))
    except (IllegalActionError, IndexError):
        captures = frozenset()
    sides = None
    if game.card_at(cell) is None:
        try:
            sides = game.sides_on_landing(card, name)[name]
        except (IllegalActionError, IndexError, KeyError):
            sides = None
    return Landing(captures, sides)


__all__ = ["Landings", "computer_slot", "element_marks", "hand_view", "landing", "last_ability", "locked", "look",
           "matched_sides", "reach", "seen_by", "shown_sides", "slots", "table_state", "terms"]
