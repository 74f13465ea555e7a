"""What the table scene draws each frame: the bars' texts and the frame handed to the renderer.

The scene holds one :class:`TablePicture`; each frame it builds a frozen
:class:`~jayden_jazz.scenes.cards.render.TableFrame` (the game and the
:class:`~jayden_jazz.scenes.cards.render.TableView` of what the scene adds:
cursor, previews, texts) that :meth:`TableRenderer.draw` paints. Reading
only: nothing here changes the game or the scene, so drawing a frame twice
draws the same picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from jayden_jazz.cards import IllegalActionError, sides_text
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.game_frame import frame_of
from jayden_jazz.scenes.cards.render import SlotKey, TableFrame, TableView, hand_key
from jayden_jazz.scenes.cards.windows import describe_result
from jayden_jazz.shell import palette as P
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.movelog import short_name
from jayden_jazz.tables.cards.view import TableState

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.table import CardsTableScene


class TablePicture:
    """The table's picture: the frame's view and its texts, and the names the texts use.

    It keeps what only drawing needs (the capture and value previews, cached by position and
    cursor) and reads the rest from the table.
    """

    def __init__(self, table: CardsTableScene) -> None:
        self.table = table
        self._preview_key: tuple | None = None
        self._preview: frozenset[int] = frozenset()
        self._sides_key: tuple | None = None
        self._sides: tuple[int, tuple[int, int, int, int], tuple[int, int, int, int]] | None = None

    def _aimed(self) -> tuple[int, int] | None:
        """The mover's picked card (its place in the hand) and the cell under the cursor, or None."""
        t = self.table
        selected = t.selected
        if t.phase != Phase.TURN or selected is None or t.cursor is None or t.cursor[0] != "cell":
            return None
        return selected, t.cursor[1]

    def _capture_preview(self) -> frozenset[int]:
        aimed = self._aimed()
        if aimed is None or not self.table.app.settings["enhanced"]:
            return frozenset()
        selected, cell = aimed
        g = self.table.game
        key = (g.ply, g.zobrist(), selected, cell)
        if key != self._preview_key:
            self._preview_key = key
            try:
                card = g.hand(g.to_move)[selected]
                self._preview = frozenset(g.field.index(c) for c in g.captures_if(card.id, g.field.name_of(cell)))
            except (IllegalActionError, IndexError):
                self._preview = frozenset()
        return self._preview

    def _value_preview(self) -> tuple[int, tuple[int, int, int, int], tuple[int, int, int, int]] | None:
        """The picked card's values as they would be on the free cell under the cursor (Elemental,
        Turn effects), with its printed ones: (cell, values there, printed)."""
        aimed = self._aimed()
        if aimed is None:
            return None
        selected, cell = aimed
        g = self.table.game
        if g.card_at(cell) is not None:
            return None
        key = (g.ply, g.zobrist(), selected, cell)
        if key != self._sides_key:
            self._sides_key = key
            try:
                card = g.hand(g.to_move)[selected]
                name = g.field.name_of(cell)
                self._sides = (cell, g.sides_on_landing(card.id, name)[name], card.sides)
            except (IllegalActionError, IndexError, KeyError):
                self._sides = None
        return self._sides

    def _dimmed(self) -> frozenset:
        """Order and Chaos: the mover's cards that may not be played, while the mover picks."""
        g = self.table.game
        if self.table.phase != Phase.TURN or g.is_over() or not (g.rules.order or g.rules.chaos):
            return frozenset()
        seat = g.to_move
        ok = set(g.playable_cards())
        return frozenset(hand_key(seat, i) for i, cid in enumerate(g.hand_ids(seat)) if cid not in ok)

    def _revealed(self) -> frozenset:
        """Cards of hidden hands everybody knows: Three Open's, and those another seat gave
        (while those steps are shown, only the ones shown so far)."""
        g = self.table.game
        visible = self.table.visible_seats()
        early = self.table.controller.setup_shown()
        if early is not None:
            hands, known = early
            return frozenset(hand_key(s, i) for s in range(g.players) if s not in visible
                             for i in range(len(hands[s])) if known[s][i])
        return frozenset(hand_key(s, i) for s in range(g.players) if s not in visible
                         for i in range(len(g.hand_ids(s))) if g.can_see_card(-1, s, i))

    def _known_own(self) -> frozenset:
        """Cards of a hand face up here but hidden from the other seats that those seats know all
        the same (Three Open's, a card received by Hand Swap or a swap): marked, so a player
        knows which of their cards are no secret."""
        g = self.table.game
        if g.rules.open or g.is_over():
            return frozenset()
        early = self.table.controller.setup_shown()
        out = set()
        for s in self.table.visible_seats():
            if early is not None:
                hands, known = early
                out |= {hand_key(s, i) for i in range(len(hands[s])) if known[s][i]}
            else:
                out |= {hand_key(s, i) for i in range(len(g.hand_ids(s))) if g.can_see_card(-1, s, i)}
        return frozenset(out)

    def _shown_hands(self) -> tuple[tuple, ...] | None:
        """Each hand as the Hand Swap steps shown so far left it (None: the game's hands)."""
        early = self.table.controller.setup_shown()
        if early is None:
            return None
        cat = self.table.library.catalog
        return tuple(tuple(cat[cid] for cid in hand if cid in cat) for hand in early[0])

    def watching(self) -> bool:
        """An online spectator's table: it follows the game and never acts."""
        return self.table.online is not None and bool(self.table.online.watching)

    def seat_names(self) -> tuple[str, ...]:
        """How results name the seats: online, as the server does."""
        if self.table.online is not None:
            return tuple(str(self.table.online.away.name(s)) for s in range(self.table.game.players))
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
        st = st or self.table.controller.screen_view()
        g = self.table.game
        phase = st.phase
        if phase in (Phase.SHOW, Phase.START) and st.caption is not None:
            text, by = st.caption
            return [(text, seats.light(by) if by is not None else P.WHITE)]
        if g.is_over():
            res = self.table.final_result()
            title, _ = describe_result(res, self.seat_names()) if res else ("Game over", "")
            return [("Game over: " + title, P.YELLOW), ("Enter: results", P.LIGHT_GRAY)]
        seat = g.to_move
        lost = self.table.online is not None and bool(self.table.online.away.lost(seat))
        who = (self.seat_word(seat) + (" (lost)" if lost else ""), seats.light(seat))
        if phase == Phase.COMPUTER:
            dots = "." * (1 + self.table.ticks // 20 % 3)
            if self.table.online is not None:
                return [who, (str(self.table.online.away.waiting_words(seat)) + dots, P.WHITE)]
            if self.table.computers.action is not None:
                return [who, ("(computer) plays" + dots, P.WHITE)]
            return [who, ("(computer) is thinking" + dots, P.WHITE)]
        if phase == Phase.RESULT:
            mover = self.table.flow.seat
            return [(self.seat_word(mover), seats.light(mover)),
                    ("your placement is done. Enter: pass the screen on", P.YELLOW)]
        if phase in (Phase.PASS, Phase.START):
            return [(f"Waiting for {self.seat_word(seat)}", P.WHITE)]
        if phase == Phase.ABILITY:
            return [who, ("multiple capture: choose an ability", P.YELLOW)]
        if phase == Phase.TARGETS:
            return [who, (self._target_prompt(st), P.YELLOW), ("Esc back", P.LIGHT_GRAY)]
        if self.table.selected is None:
            return [who, ("pick a card from your hand", P.WHITE)]
        card = g.hand(seat)[self.table.selected]
        return [who, (f"place {card.name} on a free cell", P.WHITE)]

    def _target_prompt(self, st: TableState) -> str:
        choice = st.choice
        card = self.table.library.catalog.get(choice.card) if choice is not None else None
        if choice is None or choice.ability is None or card is None:
            return ""
        ab = card.abilities[choice.ability - 1]
        if ab.effect == "swap":
            return "pick a field card and a card of your hand to swap"
        if ab.effect == "gain_control":
            opts = self.table.game.target_options(choice.card, choice.cell, choice.ability)
            left = max(1, (len(opts[0]) if opts else ab.count) - len(choice.chosen))
            return f"pick {left} more card{'s' if left != 1 else ''} to take"
        return "pick the targets"

    def bottom_text(self, st: TableState | None = None) -> list[tuple[str, int]]:
        """The bottom bar: a message, the hint, what is under the cursor, the keys."""
        st = st or self.table.controller.screen_view()
        out: list[tuple[str, int]] = []
        if st.message:
            out.append((st.message, P.YELLOW))
        g = self.table.game
        key = self.table.cursor
        if st.hint is not None and not st.message:
            out.append((st.hint_text, P.LIGHT_GREEN))
        if key is not None and st.phase not in (Phase.PASS, Phase.START):
            if key[0] == "cell":
                cell = key[1]
                card = g.card_at(cell)
                name = g.field.name_of(cell)
                if card is not None:
                    owner = g.owner_at(cell)
                    vals = sides_text(g.effective_sides(cell) or card.sides)   # None only where no card lies
                    out.append((f"{name}: {card.name} {vals}", seats.light(owner) if owner is not None else P.WHITE))
                elif self.table.pending is not None and self.table.pending[2] == cell:
                    out.append((f"{name}: {g.hand(self.table.pending[0])[self.table.pending[1]].name}", P.WHITE))
                else:
                    flips = sorted(g.field.name_of(c) for c in self._capture_preview())
                    there = self._value_preview()
                    text = f"{name}: empty"
                    if there is not None and self.table.selected is not None:
                        _, now, printed = there
                        text = f"{name}: {g.hand(g.to_move)[self.table.selected].name} {sides_text(now)}"
                        if now != printed:
                            text += f" here (printed {sides_text(printed)})"
                    if flips:
                        out.append((f"{text}; captures {', '.join(flips)}", P.YELLOW))
                    else:
                        out.append((text, P.WHITE if there is not None else P.LIGHT_GRAY))
            else:
                s, i = key[1], key[2]
                hand = g.hand(s)
                if s in self.table.visible_seats() and i < len(hand):
                    c = hand[i]
                    extra = f" {len(c.abilities)} abilit{'ies' if len(c.abilities) != 1 else 'y'}" if c.abilities else ""
                    if key in self._known_own():
                        extra += " (the others know this card)"
                    out.append((f"{c.name} {sides_text(c.sides)}{extra}", seats.light(s)))
        if self.watching():
            out.append((str(self.table.online.watching_words()), P.LIGHT_CYAN))
        hints = self.table.computers.hints_on() and st.phase == Phase.TURN
        out.append(("V card  L log  H hint  Esc menu" if hints else "V card  L log  Esc menu", P.DARK_GRAY))
        return out

    def view(self) -> TableView:
        """The controller's view of this screen, as the renderer takes it (cards, slots, texts)."""
        g = self.table.game
        st = self.table.controller.screen_view()
        cat = self.table.library.catalog
        board = {cell: (cat[cid], owner) for cell, cid, owner in st.board if cid in cat} if st.showing else None
        drawn = None
        if st.drawn is not None and st.drawn[1] in g.hand_ids(st.drawn[0]):
            drawn = hand_key(st.drawn[0], g.hand_ids(st.drawn[0]).index(st.drawn[1]))
        targets = st.phase == Phase.TARGETS
        chosen = frozenset(self.table.keys.chosen_keys()) if targets else frozenset()
        cands = frozenset(self.table.keys.target_keys()) - chosen if targets else frozenset()
        return TableView(
            visible=self.table.visible_seats(),
            cursor=self.table.cursor if st.phase not in (Phase.PASS, Phase.START, Phase.SHOW, Phase.COMPUTER)
            or self.watching() else None,      # a spectator's cursor is only for looking at cards
            selected=hand_key(g.to_move, self.table.selected) if self.table.selected is not None else None,
            pending=self.table.pending,
            preview=self._capture_preview(), preview_values=self._value_preview(),
            dimmed=self._dimmed(), revealed=self._revealed(), known_own=self._known_own(),
            candidates=cands, chosen=chosen, flips={cell: (old, p) for cell, old, p in st.flips}, last=st.last,
            board=board, step_cell=st.step_cell, hint=self.hint_marks(st),
            computer_pick=self.computer_pick(), drawn=drawn, blink=(self.table.ticks // 15) % 2 == 0,
            top=self.top_text(st), bottom=self.bottom_text(st),
            seat_labels=tuple(self.seat_label(s) for s in range(g.players)),
            highlight=None if st.game_over else st.to_move, game_over=st.game_over,
            banner=st.banner, matched=st.matched,
            values=dict(st.values) if st.showing and st.values else None,
            scores=st.scores if st.showing else None, hands=self._shown_hands())

    def frame(self, view: TableView | None = None) -> TableFrame:
        """The frame the renderer paints: ``view`` (by default this frame's :meth:`view`) over the
        table's cards as this screen may see them."""
        return frame_of(self.table.game, view or self.view())

    # ------------------------------------------------------------------ marks on the board
    def hint_marks(self, st: TableState | None = None) -> tuple[SlotKey, int] | None:
        """The hinted hand card and cell, marked on the board until the player acts."""
        st = st or self.table.controller.screen_view()
        if st.hint is None:
            return None
        g = self.table.game
        ids = g.hand_ids(g.to_move)
        if st.hint[0] not in ids:
            return None
        return hand_key(g.to_move, ids.index(st.hint[0])), g.field.index(st.hint[1])

    def computer_pick(self) -> SlotKey | None:
        """The hand card the computer is about to play, framed so people can follow it."""
        t = self.table
        if t.computers.action is None:
            return None
        seat = t.game.to_move
        ids = t.game.hand_ids(seat)
        return hand_key(seat, ids.index(t.computers.action.card)) if t.computers.action.card in ids else None
