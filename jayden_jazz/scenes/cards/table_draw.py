"""What the table scene draws each frame: the bars' texts and the frame handed to the renderer.

The scene holds one :class:`TablePicture`; each frame it builds a frozen
:class:`~jayden_jazz.scenes.cards.table_frame.TableFrame` (the cards as
this screen may see them and the
:class:`~jayden_jazz.scenes.cards.render.TableView` of what the scene adds:
cursor, previews, texts) that :meth:`TableRenderer.draw` paints. It reads
the controller's frozen ``screen_view()`` and its ``preview`` answers, never
the game: what this screen may not see is not there to be drawn. Reading
only: nothing here changes the table or the scene, so drawing a frame twice
draws the same picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards import Card, sides_text
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.render import SlotKey, TableFrame, TableView, hand_key
from jayden_jazz.scenes.cards.table_frame import FieldCard
from jayden_jazz.scenes.cards.windows import describe_result
from jayden_jazz.shell import palette as P
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.movelog import short_name
from jayden_jazz.tables.cards.view import TableState

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.table import CardsTableScene


class TablePicture:
    """The table's picture: the frame's view and its texts, and the names the texts use.

    It keeps nothing of its own: each frame is read off the scene's one view of that frame and
    the controller's previews (which the controller keeps while the position stays).
    """

    def __init__(self, table: CardsTableScene) -> None:
        self.table = table

    def picked(self, st: TableState) -> int | None:
        """The mover's picked card, as its place in the hand (the view gives it when the mover is seen)."""
        cards = st.hands[st.to_move].cards if st.to_move < len(st.hands) else None
        return cards.index(st.selected) if st.selected is not None and cards and st.selected in cards else None

    def pending_at(self, st: TableState) -> tuple[int, int, int] | None:
        """The card shown on a cell, not yet played: (seat, place in the hand, cell)."""
        choice = st.choice
        if choice is None or choice.index is None:
            return None
        return choice.seat, choice.index, self.table.layout.field.index(choice.cell)

    def _aimed(self, st: TableState) -> tuple[str, int] | None:
        """The mover's picked card (its id) and the cell under the cursor, or None."""
        cursor = self.table.cursor
        if st.phase != Phase.TURN or st.selected is None or self.picked(st) is None or cursor is None \
                or cursor[0] != "cell":
            return None
        return st.selected, cursor[1]

    def _capture_preview(self, st: TableState) -> frozenset[int]:
        aimed = self._aimed(st)
        if aimed is None or not self.table.app.settings["enhanced"]:
            return frozenset()
        return self.table.controller.preview(*aimed).captures

    def _value_preview(self, st: TableState) -> tuple[int, tuple[int, int, int, int], tuple[int, int, int, int]] | None:
        """The picked card's values as they would be on the free cell under the cursor (Elemental,
        Turn effects), with its printed ones: (cell, values there, printed)."""
        aimed = self._aimed(st)
        if aimed is None:
            return None
        card, cell = aimed
        sides = self.table.controller.preview(card, cell).sides
        printed = self.table.library.catalog.get(card)
        return None if sides is None or printed is None else (cell, sides, printed.sides)

    def _dimmed(self, st: TableState) -> frozenset:
        """Order and Chaos: the mover's cards that may not be played, while the mover picks."""
        return frozenset(hand_key(st.to_move, i) for i in st.locked)

    def _revealed(self, st: TableState) -> frozenset:
        """Cards of hidden hands everybody knows: Three Open's, and those another seat gave
        (while those steps are shown, only the ones shown so far)."""
        return frozenset(hand_key(h.seat, i) for h in st.hands if h.seat not in st.seen for i, _ in h.known)

    def _known_own(self, st: TableState) -> frozenset:
        """Cards of a hand face up here but hidden from the other seats that those seats know all
        the same (Three Open's, a card received by Hand Swap or a swap): marked, so a player
        knows which of their cards are no secret."""
        if st.open or st.game_over:
            return frozenset()
        return frozenset(hand_key(h.seat, i) for h in st.hands if h.seat in st.seen for i, _ in h.known)

    def _shown_hands(self, st: TableState) -> tuple[tuple, ...] | None:
        """Each hand as the Hand Swap steps shown so far left it (None: the game's hands); of a
        hand face down only the cards everybody knows, the others stand as None (drawn as backs)."""
        if not st.setup_showing:
            return None
        cat = self.table.library.catalog
        out: list[tuple[Card | None, ...]] = []
        for h in st.hands:
            if h.cards is not None:
                out.append(tuple(cat[cid] for cid in h.cards if cid in cat))
            else:
                known = dict(h.known)
                out.append(tuple(cat.get(known[i]) if i in known else None for i in range(h.size)))
        return tuple(out)

    def watching(self) -> bool:
        """An online spectator's table: it follows the game and never acts."""
        return self.table.online is not None and bool(self.table.online.watching)

    def seat_names(self) -> tuple[str, ...]:
        """How results name the seats: online, as the server does."""
        if self.table.online is not None:
            return tuple(str(self.table.online.away.name(s)) for s in range(self.table.match.players))
        return self.table.match.names()

    def seat_word(self, s: int) -> str:
        """A seat as the table's words name it (log, bars, captions): its panel's name, kept short.
        Online a lost player keeps their name here: the words outlive the moment."""
        if self.table.online is not None:
            name = str(self.table.online.away.plain_name(s))
        else:
            names = self.table.match.names()
            name = names[s] if s < len(names) else seats.seat_name(s)
        return short_name(name)

    def seat_label(self, s: int) -> str:
        if self.table.online is not None:
            return str(self.table.online.away.seat_label(s))      # the server's names (scenes/online/names.py)
        named = self.table.match.seat_label(s)
        if named is not None:
            return named
        seat = self.table.match.seat(s)
        kind = f"CPU {str(seat.get('level', ''))[:1].upper()}" if seats.is_computer(seat) else "Human"
        return f"P{s + 1} {seats.COLOUR_NAMES[s]} {kind}"

    def top_text(self, st: TableState | None = None) -> list[tuple[str, int]]:
        """The top bar: the step on screen, whose turn it is and what they do now."""
        st = st or self.table.state()
        phase = st.phase
        if phase in (Phase.SHOW, Phase.START) and st.caption is not None:
            text, by = st.caption
            return [(text, seats.light(by) if by is not None else P.WHITE)]
        if st.game_over:
            res = self.table.final_result()
            title, _ = describe_result(res, self.seat_names()) if res else ("Game over", "")
            return [("Game over: " + title, P.YELLOW), ("Enter: results", P.LIGHT_GRAY)]
        seat = st.to_move
        lost = self.table.online is not None and bool(self.table.online.away.lost(seat))
        who = (self.seat_word(seat) + (" (lost)" if lost else ""), seats.light(seat))
        if phase == Phase.COMPUTER:
            dots = "." * (1 + self.table.ticks // 20 % 3)
            if self.table.online is not None:
                return [who, (str(self.table.online.away.waiting_words(seat)) + dots, P.WHITE)]
            if st.computer_slot is not None:
                return [who, ("(computer) plays" + dots, P.WHITE)]
            return [who, ("(computer) is thinking" + dots, P.WHITE)]
        if phase == Phase.RESULT:
            mover = st.seat
            return [(self.seat_word(mover), seats.light(mover)),
                    ("your placement is done. Enter: pass the screen on", P.YELLOW)]
        if phase in (Phase.PASS, Phase.START):
            return [(f"Waiting for {self.seat_word(seat)}", P.WHITE)]
        if phase == Phase.ABILITY:
            return [who, ("multiple capture: choose an ability", P.YELLOW)]
        if phase == Phase.TARGETS:
            return [who, (self._target_prompt(st), P.YELLOW), ("Esc back", P.LIGHT_GRAY)]
        if self.picked(st) is None or st.selected is None:
            return [who, ("pick a card from your hand", P.WHITE)]
        return [who, (f"place {self._name(st.selected)} on a free cell", P.WHITE)]

    def _name(self, card_id: str) -> str:
        card = self.table.library.catalog.get(card_id)
        return card.name if card is not None else card_id

    def _target_prompt(self, st: TableState) -> str:
        choice = st.choice
        card = self.table.library.catalog.get(choice.card) if choice is not None else None
        if choice is None or choice.ability is None or card is None:
            return ""
        ab = card.abilities[choice.ability - 1]
        if ab.effect == "swap":
            return "pick a field card and a card of your hand to swap"
        if ab.effect == "gain_control":
            left = max(1, (choice.size if choice.size is not None else ab.count) - len(choice.chosen))
            return f"pick {left} more card{'s' if left != 1 else ''} to take"
        return "pick the targets"

    def bottom_text(self, st: TableState | None = None) -> list[tuple[str, int]]:
        """The bottom bar: a message, the hint, what is under the cursor, the keys."""
        st = st or self.table.state()
        out: list[tuple[str, int]] = []
        if st.message:
            out.append((st.message, P.YELLOW))
        key = self.table.cursor
        field = self.table.layout.field
        if st.hint is not None and not st.message:
            out.append((st.hint_text, P.LIGHT_GREEN))
        if key is not None and st.phase not in (Phase.PASS, Phase.START):
            if key[0] == "cell":
                cell = key[1]
                lying = next(((cid, owner) for c, cid, owner in st.board if c == cell), None)
                name = field.name_of(cell)
                pending = self.pending_at(st)
                if pending is not None and pending[2] == cell and st.choice is not None:
                    out.append((f"{name}: {self._name(st.choice.card)}", P.WHITE))   # not played yet
                elif lying is not None:
                    cid, owner = lying
                    card = self.table.library.catalog.get(cid)
                    vals = sides_text(dict(st.sides).get(cell) or (card.sides if card is not None else ()))
                    out.append((f"{name}: {self._name(cid)} {vals}", seats.light(owner)))
                else:
                    flips = sorted(field.name_of(c) for c in self._capture_preview(st))
                    there = self._value_preview(st)
                    text = f"{name}: empty"
                    if there is not None and st.selected is not None:
                        _, now, printed = there
                        text = f"{name}: {self._name(st.selected)} {sides_text(now)}"
                        if now != printed:
                            text += f" here (printed {sides_text(printed)})"
                    if flips:
                        out.append((f"{text}; captures {', '.join(flips)}", P.YELLOW))
                    else:
                        out.append((text, P.WHITE if there is not None else P.LIGHT_GRAY))
            else:
                s, i = key[1], key[2]
                cards = st.hands[s].cards if s < len(st.hands) else None
                c = self.table.library.catalog.get(cards[i]) if s in st.seen and cards and i < len(cards) else None
                if c is not None:
                    extra = f" {len(c.abilities)} abilit{'ies' if len(c.abilities) != 1 else 'y'}" if c.abilities else ""
                    if key in self._known_own(st):
                        extra += " (the others know this card)"
                    out.append((f"{c.name} {sides_text(c.sides)}{extra}", seats.light(s)))
        if self.watching():
            out.append((str(self.table.online.watching_words()), P.LIGHT_CYAN))
        hints = self.table.computers.hints_on() and st.phase == Phase.TURN
        out.append(("V card  L log  H hint  Esc menu" if hints else "V card  L log  Esc menu", P.DARK_GRAY))
        return out

    def view(self, st: TableState | None = None) -> TableView:
        """The controller's view of this screen, as the renderer takes it (cards, slots, texts)."""
        st = st or self.table.state()
        cat = self.table.library.catalog
        board = {cell: (cat[cid], owner) for cell, cid, owner in st.board if cid in cat} if st.showing else None
        drawn = None
        if st.drawn is not None:
            cards = st.hands[st.drawn[0]].cards or ()
            drawn = hand_key(st.drawn[0], cards.index(st.drawn[1])) if st.drawn[1] in cards else None
        targets = st.phase == Phase.TARGETS
        chosen = frozenset(self.table.keys.chosen_keys()) if targets else frozenset()
        cands = frozenset(self.table.keys.target_keys()) - chosen if targets else frozenset()
        picked = self.picked(st)
        revealed = self._revealed(st)
        return TableView(
            visible=st.seen,
            cursor=self.table.cursor if st.phase not in (Phase.PASS, Phase.START, Phase.SHOW, Phase.COMPUTER)
            or self.watching() else None,      # a spectator's cursor is only for looking at cards
            selected=hand_key(st.to_move, picked) if picked is not None else None,
            pending=self.pending_at(st),
            preview=self._capture_preview(st), preview_values=self._value_preview(st),
            dimmed=self._dimmed(st), revealed=revealed, known_own=self._known_own(st),
            candidates=cands, chosen=chosen, flips={cell: (old, p) for cell, old, p in st.flips}, last=st.last,
            board=board, step_cell=st.step_cell, hint=self.hint_marks(st),
            computer_pick=self.computer_pick(st), drawn=drawn, blink=(self.table.ticks // 15) % 2 == 0,
            top=self.top_text(st), bottom=self.bottom_text(st),
            seat_labels=tuple(self.seat_label(s) for s in range(len(st.hands))),
            highlight=None if st.game_over else st.to_move, game_over=st.game_over,
            banner=st.banner, matched=st.matched,
            values=dict(st.values) if st.showing and st.values else None,
            scores=st.scores if st.showing else None, hands=self._shown_hands(st))

    def frame(self, view: TableView | None = None) -> TableFrame:
        """The frame the renderer paints: ``view`` (by default this frame's :meth:`view`) over the
        table's cards as this screen may see them, read off the one frozen view the scene reads
        for the frame it draws (:meth:`CardsTableScene.state`)."""
        st = self.table.state()
        return frame_from_state(st, view or self.view(st), self.table.library.catalog)

    # ------------------------------------------------------------------ marks on the board
    def hint_marks(self, st: TableState | None = None) -> tuple[SlotKey, int] | None:
        """The hinted hand card and cell, marked on the board until the player acts."""
        st = st or self.table.state()
        if st.hint is None:
            return None
        cards = st.hands[st.to_move].cards or ()
        if st.hint[0] not in cards:
            return None
        return hand_key(st.to_move, cards.index(st.hint[0])), self.table.layout.field.index(st.hint[1])

    def computer_pick(self, st: TableState | None = None) -> SlotKey | None:
        """The hand card the computer is about to play, framed so people can follow it."""
        st = st or self.table.state()
        return hand_key(st.to_move, st.computer_slot) if st.computer_slot is not None else None


def frame_from_state(st: TableState, view: TableView, catalog: Mapping[str, Card]) -> TableFrame:
    """The frame of ``view`` over the cards of a seat's frozen view: the field as it is shown,
    each hand as the view lets this screen see it (a card it may not see: None)."""
    sides = dict(st.sides)
    field = {cell: FieldCard(catalog[cid], owner, sides[cell]) for cell, cid, owner in st.board
             if cid in catalog and cell in sides}
    hands = []
    for s, h in enumerate(st.hands):
        if view.hands is not None:                  # as Hand Swap's steps show them
            ids: tuple[str | None, ...] = tuple(c.id if c is not None else None for c in view.hands[s])
        elif h.cards is not None:
            ids = h.cards
        else:
            known = dict(h.known)
            ids = tuple(known.get(i) for i in range(h.size))
        up = s in view.visible
        hands.append(tuple(catalog.get(cid) if cid is not None and (up or hand_key(s, i) in view.revealed)
                           else None for i, cid in enumerate(ids)))
    placed = None
    if view.pending is not None and view.pending[2] not in field and st.choice is not None:
        placed = catalog.get(st.choice.card)
    names = None
    if not st.showing and view.hands is None:
        names = (st.board, st.hands, view.visible, view.revealed, view.pending)
    return TableFrame(view=view, players=len(st.hands), field=field, hands=tuple(hands),
                      held=tuple(h.size for h in st.hands), scores=st.scores, placed=placed,
                      elements={cell: (element, mod) for cell, element, mod in st.elements},
                      effects=st.effects, names=names)
