"""The table's windows: the Esc menu, the move log, the rules, leaving, the end, the card view,
the ability offer and a failed computer player.

The scene holds one :class:`TableWindows` and asks it to open a window when
a key or the controller calls for one; the choices made in a window come
back here and become the table's commands.

Leaving or replacing a game in progress asks first (No is the default)
and says what happens to it: the table autosaves when it is left, so
Continue brings the game back until another card game is played;
a new game and a rematch read the packs again, so a pack added meanwhile
is on offer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jayden_jazz.cards.rule_text import describe
from jayden_jazz.scenes.cardkit.cardview import CardViewWindow, Effective
from jayden_jazz.scenes.cards.config import Match
from jayden_jazz.scenes.cards.intents import carry_out
from jayden_jazz.scenes.cardkit.library import QUICK_LOAD_BYTES, Library, cached_library, load_library
from jayden_jazz.scenes.cards.render import SlotKey, short_effect
from jayden_jazz.scenes.cards.windows import (ability_window, describe_result, end_window, log_window,
                                              rules_window, table_menu)
from jayden_jazz.scenes.confirm import confirm_window
from jayden_jazz.scenes.windows import MessageWindow

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.table import CardsTableScene
    from jayden_jazz.shell.appview import AppView


class TableWindows:
    """Opens the table's windows over it and turns their choices into the table's commands."""

    def __init__(self, table: CardsTableScene) -> None:
        self.table = table

    def open_menu(self) -> None:
        t = self.table
        if t.stack is not None and t.watching():
            t.stack.push(t.online.watch_menu(t))
        elif t.stack is not None and t.online is not None:
            from jayden_jazz.scenes.online import cards_menu

            t.stack.push(cards_menu.menu(t, t.online))      # the join code, what works online
        elif t.stack is not None:
            t.stack.push(table_menu(t.app, self.menu_choice, t.match.menu_entries()))

    def open_log(self) -> None:
        if self.table.stack is not None:
            self.table.stack.push(log_window(self.table.app, self.table.controller.screen_view().log_lines))

    def in_progress(self) -> bool:
        """A game someone would lose by leaving: started and not over."""
        st = self.table.state()
        return st.ply > 0 and not st.game_over

    def _confirm(self, title: str, text: str, then: Any) -> None:
        if not self.in_progress() or self.table.stack is None:
            then()
            return
        self.table.stack.push(confirm_window(self.table.app, title, text, then))

    def menu_choice(self, choice: str) -> None:
        from jayden_jazz.scenes.cards import saving

        t = self.table
        if self.record_refused(choice) or carry_out(t, t.match.on_menu(t, choice)) or saving.menu_choice(t, choice):
            return
        if choice == "log":
            self.open_log()
        elif choice == "rules":
            self.table.stack.push(rules_window(self.table.app, self.rules_summary(), self._full_instructions))
        elif choice == "options":
            self.table.stack.push(self.table.app.scene("options"))
        elif choice == "new":
            self._confirm("New game", "Leave this game for a new one? It stays in the autosave until the "
                          "new game is played: Continue on the title screen, or Load game, Auto, brings it "
                          "back. Save it in a slot to keep it longer.", self.new_game)
        elif choice == "title":
            self._confirm("Quit to title", "Leave this game? It stays in the autosave: Continue on the title "
                          "screen brings it back, until another card game is played.", self.to_title)

    def _full_instructions(self) -> None:
        self.table.stack.push(self.table.app.scene("instructions", topic="Card"))

    def rules_summary(self) -> list[str]:
        terms = self.table.state().terms
        assert terms is not None                 # every view names the terms its game is played under
        r, n = terms.rules, terms.players
        size = r.hand_size(terms.cells, n)
        lines = [f"{terms.field_title}: {terms.cells} playable cells"
                 + (" (holes are not cells)" if terms.holes else "") + f", {n} players, {size} cards each.",
                 "Capture: a side " + ("equal or higher than" if r.capture == "equal_or_higher" else "higher than")
                 + " the touching side takes the card (" + r.preset_name.capitalize() + " preset)."]
        if r.pure:
            lines.append("Pure: no abilities are used.")
        elif not r.sudden_death:
            lines.append("Two or more captures with one card: you may use one of its abilities.")
        if r.open:
            lines.append("Open: all hands are face up.")
        else:
            lines.append("Hands are hidden from the other players.")
        if r.sudden_death:
            lines.append("Sudden Death: the first player to capture two or more cards with one placement "
                         "wins at once (so no ability is ever used).")
        lines += describe(r)             # every classic rule in play, in the engine's words
        lines.append("Most cards on the field wins; a tie goes to the most points left in hand.")
        if not r.pure and not r.sudden_death:
            from jayden_jazz.scenes.cardkit.cardview import month_name

            lines.append(f"Game date for \"within the last N years\": {month_name(terms.date)}.")
        return lines

    def to_title(self) -> None:
        self.table.stop_ai()
        self.table.app.back_to("menu")

    def _pop_to_self(self) -> None:
        """Close whatever is over the table (a pass screen, say) before the table is replaced."""
        stack = self.table.stack
        while stack is not None and stack.top is not None and stack.top is not self.table:
            stack.pop()

    def new_game(self) -> None:
        from jayden_jazz.scenes.cards.loading import open_cards_setup

        self.table.stop_ai()
        self._pop_to_self()
        if self.table.stack is not None:
            self.table.stack.replace(open_cards_setup(self.table.app, config=self.table.config))     # packs read again

    def rematch(self) -> None:
        m = self.table.match
        first = m.config.first if m.config.first is not None and m.config.first < m.players \
            else self.table.rng.randrange(m.players)
        again = Match(m.config, m.field, m.hands, first, m.pack_dirs, m.date)
        brain, self.table.brain = self.table.brain, None
        if brain is not None:
            brain.cancel()
        self._pop_to_self()
        library = fresh_library(self.table.app) or self.table.library      # packs added meanwhile join; the hands stay
        if any(cid not in library.catalog for hand in m.hands for cid in hand):
            library = self.table.library
        self.table.stack.replace(self.table.app.scene("cards-table", match=again, brain=brain, library=library))

    def final_result(self) -> Any:
        """How the game came out: online with hidden hands the server's word (None until it comes),
        for hand points count cards this machine never saw."""
        online = self.table.online
        return online.result() if online is not None and online.hidden else self.table.state().result

    def record_refused(self, choice: str) -> bool:
        """Save and Watch replay online with hidden hands: refused, and why."""
        online = self.table.online
        why = online.record_refusal() if online is not None and choice in ("save", "replay") else ""
        if why:
            self.table.app.sound.play("illegal")
            self.table.say(why)
        return bool(why)

    def show_end(self) -> None:
        res = self.final_result()
        if res is None or self.table.stack is None or carry_out(self.table, self.table.match.on_over(self.table)):
            return
        online = self.table.online
        if online is not None:
            online.log_end(self.table)             # hidden hands: the server's result in the log first
            online.away.count_end(self.table)      # counted now: the table does not update under its end window
        extra = ""
        used = self.table.state().last_ability
        if res.decided_by == "instant_win" and used is not None:
            card = self.table.library.catalog.get(used[0])
            if card is not None:
                ab = card.abilities[used[1] - 1]
                extra = f"{card.name}: {ab.name or 'ability ' + str(used[1])}"
        title, text = describe_result(res, self.table.picture.seat_names(), extra)
        self.table.end_shown = True
        items = None
        if self.table.online is not None:
            from jayden_jazz.scenes.online import cards_menu

            items = cards_menu.end_items(self.table.online)     # no local rematch or new game; Look first
        self.table.stack.push(end_window(self.table.app, title, text, self.end_choice, items))

    def end_choice(self, choice: str) -> None:
        from jayden_jazz.scenes.cards import saving

        if choice == "log":
            self.open_log()
            return
        if self.record_refused(choice):
            self.show_end()                  # the end window again: the game is over
            return
        if saving.end_choice(self.table, choice):  # Watch replay
            return
        if choice == "rematch":
            self.rematch()
        elif choice == "new":
            self.new_game()
        elif choice == "title":
            self.to_title()

    def show_card(self, key: SlotKey) -> None:
        t = self.table
        c = t.controller
        if key[0] == "cell":
            cell = key[1]
            seen = c.look(key)
            if seen is None:
                pending = t.pending
                if pending is not None and pending[2] == cell:
                    placed = c.look(("hand", pending[0], pending[1]))
                    if placed is not None:
                        t.stack.push(CardViewWindow(t.app, placed.card))
                return
            notes = tuple(f"{e.ability.name or 'Effect'}: {short_effect(e.ability)} "
                          f"({e.turns_left} turn{'s' if e.turns_left != 1 else ''} left)"
                          for e in t.state().effects)
            element = seen.element
            if element is not None:              # the Elemental rule's modifier, as the engine counts it
                notes += (f"{t.layout.field.name_of(cell)} is a{'n' if element[0] in 'aeiou' else ''} "
                          f"{element} cell: {seen.modifier:+d} on every side",)
            eff = Effective(seen.sides or seen.card.sides, seen.owner, notes)
            t.stack.push(CardViewWindow(t.app, seen.card, eff))
            return
        seat = key[1]
        held = c.look(key) if seat in t.visible_seats() else None
        if held is None:
            t.app.sound.play("illegal")
            return
        t.stack.push(CardViewWindow(t.app, held.card))

    # ------------------------------------------------------------------ windows the controller asks for
    def offer_abilities(self) -> None:
        """The ability window over the placed card, covering neither it nor its captures."""
        t = self.table
        c = t.controller
        choice = c.screen_view().choice
        if choice is None or t.stack is None:
            return
        lay = t.layout
        card = t.library.catalog[choice.card]
        cell = lay.field.index(choice.cell)
        captured = sorted(c.preview(choice.card, cell).captures)
        avoid = [lay.cell_rect(cell)] + [lay.cell_rect(x) for x in captured]
        t.stack.push(ability_window(t.app, card, len(captured), list(choice.offered), self._ability_chosen,
                                    c.cancel_choice, avoid=avoid, field=lay.field_rect,
                                    targets=[lay.cell_rect(x) for x in choice.reach]))

    def _ability_chosen(self, value: Any) -> None:
        t = self.table
        c = t.controller
        choice = c.screen_view().choice
        if choice is None:
            return
        if not t._command(c.choose_ability, choice.seat, None if value == "none" else int(value)):
            c.cancel_choice()

    def computer_failed(self, text: str) -> None:
        t = self.table
        if t.stack is not None:
            t.stack.push(MessageWindow(t.app, "Computer player", text, on_close=t.controller.resume_turn))
        else:
            t.controller.begin_turn()


def fresh_library(app: AppView) -> Library | None:
    """The packs as they are now, when that is quick to know (unchanged, or small enough to read
    at once); None when reading them would hold up the frame."""
    lib, size = cached_library(app)
    if lib is None and size <= QUICK_LOAD_BYTES:
        lib = load_library(app)
    return lib
