"""What the table scene draws each frame: the bars' texts and the view handed to the renderer.

Reading only: nothing here changes the game or the scene, so drawing a
frame twice draws the same picture.
"""

from __future__ import annotations

import pygame

from jayden_jazz.cards import IllegalActionError, sides_text
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.render import TableView, hand_key
from jayden_jazz.scenes.cards.table_host import TablePart
from jayden_jazz.scenes.cards.windows import describe_result
from jayden_jazz.shell import palette as P
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.movelog import short_name


class TableDrawing(TablePart):
    """Mixed into the table scene."""

    def _capture_preview(self) -> frozenset[int]:
        if (self.phase != Phase.TURN or self.selected is None or self.cursor is None or self.cursor[0] != "cell"
                or not self.app.settings["enhanced"]):
            return frozenset()
        g = self.game
        cell = self.cursor[1]
        key = (g.ply, g.zobrist(), self.selected, cell)
        if key != self._preview_key:
            self._preview_key = key
            try:
                card = g.hand(g.to_move)[self.selected]
                self._preview = frozenset(g.field.index(c) for c in g.captures_if(card.id, g.field.name_of(cell)))
            except (IllegalActionError, IndexError):
                self._preview = frozenset()
        return self._preview

    def _value_preview(self) -> tuple[int, tuple[int, int, int, int], tuple[int, int, int, int]] | None:
        """The picked card's values as they would be on the free cell under the cursor (Elemental,
        Turn effects), with its printed ones: (cell, values there, printed)."""
        if self.phase != Phase.TURN or self.selected is None or self.cursor is None or self.cursor[0] != "cell":
            return None
        g = self.game
        cell = self.cursor[1]
        if g.card_at(cell) is not None:
            return None
        key = (g.ply, g.zobrist(), self.selected, cell)
        if key != self._sides_key:
            self._sides_key = key
            try:
                card = g.hand(g.to_move)[self.selected]
                name = g.field.name_of(cell)
                self._sides = (cell, g.sides_on_landing(card.id, name)[name], card.sides)
            except (IllegalActionError, IndexError, KeyError):
                self._sides = None
        return self._sides

    def _dimmed(self) -> frozenset:
        """Order and Chaos: the mover's cards that may not be played, while the mover picks."""
        g = self.game
        if self.phase != Phase.TURN or g.is_over() or not (g.rules.order or g.rules.chaos):
            return frozenset()
        seat = g.to_move
        ok = set(g.playable_cards())
        return frozenset(hand_key(seat, i) for i, cid in enumerate(g.hand_ids(seat)) if cid not in ok)

    def _revealed(self) -> frozenset:
        """Cards of hidden hands everybody knows: Three Open's, and those another seat gave
        (while those steps are shown, only the ones shown so far)."""
        g = self.game
        visible = self.visible_seats()
        early = self.controller.setup_shown()
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
        g = self.game
        if g.rules.open or g.is_over():
            return frozenset()
        early = self.controller.setup_shown()
        out = set()
        for s in self.visible_seats():
            if early is not None:
                hands, known = early
                out |= {hand_key(s, i) for i in range(len(hands[s])) if known[s][i]}
            else:
                out |= {hand_key(s, i) for i in range(len(g.hand_ids(s))) if g.can_see_card(-1, s, i)}
        return frozenset(out)

    def _shown_hands(self) -> tuple[tuple, ...] | None:
        """Each hand as the Hand Swap steps shown so far left it (None: the game's hands)."""
        early = self.controller.setup_shown()
        if early is None:
            return None
        cat = self.library.catalog
        return tuple(tuple(cat[cid] for cid in hand if cid in cat) for hand in early[0])

    def watching(self) -> bool:
        """An online spectator's table: it follows the game and never acts."""
        return self.online is not None and bool(self.online.watching)

    def seat_names(self) -> tuple[str, ...]:
        """How results name the seats: online, as the server does."""
        if self.online is not None:
            return tuple(str(self.online.away.name(s)) for s in range(self.game.players))
        return self.match.names()

    def seat_word(self, s: int) -> str:
        """A seat as the table's words name it (log, bars, captions): its panel's name, kept short.
        Online a lost player keeps their name here: the words outlive the moment."""
        if self.online is not None:
            name = str(self.online.away.plain_name(s))
        else:
            names = self.match.names()
            name = names[s] if s < len(names) else seats.seat_name(s)
        return short_name(name)

    def seat_label(self, s: int) -> str:
        if self.online is not None:
            return str(self.online.away.seat_label(s))      # the server's names (scenes/online/names.py)
        named = self.match.seat_label(s)
        if named is not None:
            return named
        seat = self.match.seat(s)
        kind = f"CPU {str(seat.get('level', ''))[:1].upper()}" if seats.is_computer(seat) else "Human"
        return f"P{s + 1} {seats.COLOUR_NAMES[s]} {kind}"

    def top_text(self) -> list[tuple[str, int]]:
        g = self.game
        phase = self.phase
        if phase in (Phase.SHOW, Phase.START) and self.caption is not None:
            text, by = self.caption
            return [(text, seats.light(by) if by is not None else P.WHITE)]
        if g.is_over():
            res = self.final_result()
            title, _ = describe_result(res, self.seat_names()) if res else ("Game over", "")
            return [("Game over: " + title, P.YELLOW), ("Enter: results", P.LIGHT_GRAY)]
        seat = g.to_move
        lost = self.online is not None and bool(self.online.away.lost(seat))
        who = (self.seat_word(seat) + (" (lost)" if lost else ""), seats.light(seat))
        if phase == Phase.COMPUTER:
            dots = "." * (1 + self.ticks // 20 % 3)
            if self.online is not None:
                return [who, (str(self.online.away.waiting_words(seat)) + dots, P.WHITE)]
            if self.ai_action is not None:
                return [who, ("(computer) plays" + dots, P.WHITE)]
            return [who, ("(computer) is thinking" + dots, P.WHITE)]
        if phase == Phase.RESULT:
            mover = self.flow.seat
            return [(self.seat_word(mover), seats.light(mover)),
                    ("your placement is done. Enter: pass the screen on", P.YELLOW)]
        if phase in (Phase.PASS, Phase.START):
            return [(f"Waiting for {self.seat_word(seat)}", P.WHITE)]
        if phase == Phase.ABILITY:
            return [who, ("multiple capture: choose an ability", P.YELLOW)]
        if phase == Phase.TARGETS:
            return [who, (self._target_prompt(), P.YELLOW), ("Esc back", P.LIGHT_GRAY)]
        if self.selected is None:
            return [who, ("pick a card from your hand", P.WHITE)]
        card = g.hand(seat)[self.selected]
        return [who, (f"place {card.name} on a free cell", P.WHITE)]

    def _target_prompt(self) -> str:
        if self.pending is None or self.ability is None:
            return ""
        seat, hi, _ = self.pending
        ab = self.game.hand(seat)[hi].abilities[self.ability - 1]
        if ab.effect == "swap":
            return "pick a field card and a card of your hand to swap"
        if ab.effect == "gain_control":
            card_id, cell = self.controller.pending or ("", "")
            opts = self.game.target_options(card_id, cell, self.ability)
            left = max(1, (len(opts[0]) if opts else ab.count) - len(self.chosen))
            return f"pick {left} more card{'s' if left != 1 else ''} to take"
        return "pick the targets"

    def bottom_text(self) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        if self.message:
            out.append((self.message, P.YELLOW))
        g = self.game
        key = self.cursor
        if self.hint is not None and self.phase == Phase.TURN and not self.message:
            out.append((self.hint_text, P.LIGHT_GREEN))
        if key is not None and self.phase not in (Phase.PASS, Phase.START):
            if key[0] == "cell":
                cell = key[1]
                card = g.card_at(cell)
                name = g.field.name_of(cell)
                if card is not None:
                    owner = g.owner_at(cell)
                    vals = sides_text(g.effective_sides(cell) or card.sides)   # None only where no card lies
                    out.append((f"{name}: {card.name} {vals}", seats.light(owner) if owner is not None else P.WHITE))
                elif self.pending is not None and self.pending[2] == cell:
                    out.append((f"{name}: {g.hand(self.pending[0])[self.pending[1]].name}", P.WHITE))
                else:
                    flips = sorted(g.field.name_of(c) for c in self._capture_preview())
                    there = self._value_preview()
                    text = f"{name}: empty"
                    if there is not None and self.selected is not None:
                        _, now, printed = there
                        text = f"{name}: {g.hand(g.to_move)[self.selected].name} {sides_text(now)}"
                        if now != printed:
                            text += f" here (printed {sides_text(printed)})"
                    if flips:
                        out.append((f"{text}; captures {', '.join(flips)}", P.YELLOW))
                    else:
                        out.append((text, P.WHITE if there is not None else P.LIGHT_GRAY))
            else:
                s, i = key[1], key[2]
                hand = g.hand(s)
                if s in self.visible_seats() and i < len(hand):
                    c = hand[i]
                    extra = f" {len(c.abilities)} abilit{'ies' if len(c.abilities) != 1 else 'y'}" if c.abilities else ""
                    if key in self._known_own():
                        extra += " (the others know this card)"
                    out.append((f"{c.name} {sides_text(c.sides)}{extra}", seats.light(s)))
        if self.watching():
            out.append((str(self.online.watching_words()), P.LIGHT_CYAN))
        out.append(("V card  L log  H hint  Esc menu" if self.hints_on() and self.phase == Phase.TURN
                    else "V card  L log  Esc menu", P.DARK_GRAY))
        return out

    def view(self) -> TableView:
        """The controller's view of this screen, as the renderer takes it (cards, slots, texts)."""
        g = self.game
        st = self.controller.screen_view()
        cat = self.library.catalog
        board = {cell: (cat[cid], owner) for cell, cid, owner in st.board if cid in cat} if st.showing else None
        drawn = None
        if st.drawn is not None and st.drawn[1] in g.hand_ids(st.drawn[0]):
            drawn = hand_key(st.drawn[0], g.hand_ids(st.drawn[0]).index(st.drawn[1]))
        targets = st.phase == Phase.TARGETS
        chosen = frozenset(self._chosen_keys()) if targets else frozenset()
        cands = frozenset(self._target_keys()) - chosen if targets else frozenset()
        return TableView(
            visible=self.visible_seats(),
            cursor=self.cursor if st.phase not in (Phase.PASS, Phase.START, Phase.SHOW, Phase.COMPUTER)
            or self.watching() else None,      # a spectator's cursor is only for looking at cards
            selected=hand_key(g.to_move, self.selected) if self.selected is not None else None,
            pending=self.pending,
            preview=self._capture_preview(), preview_values=self._value_preview(),
            dimmed=self._dimmed(), revealed=self._revealed(), known_own=self._known_own(),
            candidates=cands, chosen=chosen, flips={cell: (old, p) for cell, old, p in st.flips}, last=st.last,
            board=board, step_cell=st.step_cell, hint=self.hint_marks(),
            computer_pick=self.computer_pick(), drawn=drawn, blink=(self.ticks // 15) % 2 == 0,
            top=self.top_text(), bottom=self.bottom_text(),
            seat_labels=tuple(self.seat_label(s) for s in range(g.players)),
            highlight=None if st.game_over else st.to_move, game_over=st.game_over,
            banner=st.banner, matched=st.matched,
            values=dict(st.values) if st.showing and st.values else None,
            scores=st.scores if st.showing else None, hands=self._shown_hands())

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.game, self.view())
