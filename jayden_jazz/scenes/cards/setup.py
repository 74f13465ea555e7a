"""Setting up a card game: players, seats, field, rules, variants and packs.

Every choice is a line of one menu (left/right, Enter, or a click on the
◄ or ► arrow changes it); every change is remembered in the settings at
once, so Back loses nothing. The packs are read again each time this
screen opens, so a pack dropped into the cards folder during a game is on
offer at the next setup. Pack problems are announced here and listed in
their own window. The Rules row cycles the named rule sets (the presets and
the classic sets, :data:`~jayden_jazz.cards.rule_text.RULE_SETS`); Enter on it
opens the Rules page with every rule. Combinations the engine refuses are
shown here before Start, and Start is refused with the engine's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.cards.deal import MAX_PLAYERS, MIN_PLAYERS
from jayden_jazz.cards.rule_text import RULE_SETS, comparison_help, rule_set_of
from jayden_jazz.scenes.cards import players as seats
from jayden_jazz.scenes.cards.config import MatchConfig, fields_for, rule_set_name
from jayden_jazz.scenes.cardkit.library import Library, load_library, problem_summary
from jayden_jazz.scenes.cards.windows import PacksWindow, pack_problems_window
from jayden_jazz.scenes.windows import MessageWindow
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import GLYPH_W, wrap
from jayden_jazz.shell.input import Action
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import LINE_H, Menu, MenuItem, draw_window

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

FRAME = pygame.Rect(24, 10, 592, 330)
MENU_X, MENU_Y, MENU_W = FRAME.x + 16, FRAME.y + 40, 330
PRESET_NAMES = {"updated": "Updated", "draft": "Draft"}
VARIANT_LABELS = (("open", "Open"), ("pure", "Pure"), ("sudden_death", "Sudden Death"))


def start_label(cfg: MatchConfig) -> str:
    """What the start row does: with the Random hand rule nobody chooses, the hands are dealt."""
    return "Deal hands" if "random" in cfg.classic else "Choose hands"


class CardsSetupScene(Scene):
    def __init__(self, app: AppView, config: MatchConfig | None = None, library: Library | None = None) -> None:
        super().__init__(app)
        self.library = library or load_library(app)
        self.choices = seats.seat_choices()
        self.config = config.copy() if config else MatchConfig.from_settings(app.settings["cards"], self.choices)
        known = set(self.library.pack_ids)
        if known and not (known - set(self.config.packs_off)):
            self.config.packs_off = []           # every pack switched off: use them all again
        self._fix_field()
        self.menu = Menu([])
        self._build_menu(keep="start")

    # ------------------------------------------------------------------ menu
    def _fix_field(self) -> None:
        valid = fields_for(self.library.fields, self.config.players)
        if valid and self.config.field not in {f.name for f in valid}:
            self.config.field = valid[0].name

    def _build_menu(self, keep: Any = None) -> None:
        cfg = self.config
        items = [MenuItem("Players", "players")]
        items += [MenuItem(seats.seat_name(s), ("seat", s)) for s in range(cfg.players)]
        items += [MenuItem("Field", "field"), MenuItem("Rules", "preset")]
        items += [MenuItem(label, key) for key, label in VARIANT_LABELS]
        items += [MenuItem("First player", "first"), MenuItem("Card packs", "packs"),
                  MenuItem("Pack problems", "problems", enabled=bool(self.library.problems)),
                  MenuItem(start_label(cfg), "start"),
                  MenuItem("Load game", "load"),
                  MenuItem("Back", "back")]
        current = self.menu.current                 # None only for the empty menu before the first build
        old = current.value if current is not None and keep is None else keep
        self.menu = Menu(items, on_change=self._change)
        self.menu.layout(MENU_X, MENU_Y, MENU_W)
        for i, it in enumerate(items):
            if it.value == old:
                self.menu.index = i
                break

    def value_text(self, value: Any) -> str:
        cfg = self.config
        if value == "players":
            return str(cfg.players)
        if isinstance(value, tuple) and value[0] == "seat":
            return seats.label(cfg.seats[value[1]])
        if value == "field":
            f = self.library.fields.get(cfg.field)
            return f.title if f else cfg.field
        if value == "preset":
            name = rule_set_name(cfg)
            if len(name) > 27:                       # room left of the arrows on the row
                name = f"Custom: {PRESET_NAMES.get(cfg.preset, cfg.preset)} + {len(cfg.classic)} rules"
            return name
        if value in ("open", "pure", "sudden_death"):
            return "On" if getattr(cfg, value) else "Off"
        if value == "first":
            return "Random" if cfg.first is None or cfg.first >= cfg.players else seats.seat_name(cfg.first)
        if value == "packs":
            on = [p for p in self.library.pack_ids if p not in cfg.packs_off]
            return f"{len(on)} of {len(self.library.pack_ids)} ({len(self.library.card_ids(cfg.packs_off))} cards)"
        if value == "problems":
            n = len(self.library.problems)
            return f"{n} found" if n else "none"
        return ""

    def _change(self, index: int, d: int) -> None:
        value = self.menu.items[index].value
        cfg = self.config
        if value == "players":
            cfg.players = MIN_PLAYERS + (cfg.players - MIN_PLAYERS + d) % (MAX_PLAYERS - MIN_PLAYERS + 1)
            self._fix_field()
            self._build_menu()
        elif isinstance(value, tuple) and value[0] == "seat":
            s = value[1]
            i = self.choices.index(cfg.seats[s]) if cfg.seats[s] in self.choices else 0
            cfg.seats[s] = dict(self.choices[(i + d) % len(self.choices)])
        elif value == "field":
            valid = [f.name for f in fields_for(self.library.fields, cfg.players)]
            if not valid:
                return
            i = valid.index(cfg.field) if cfg.field in valid else 0
            cfg.field = valid[(i + d) % len(valid)]
        elif value == "preset":
            now = rule_set_of(cfg.preset, cfg.classic)
            i = RULE_SETS.index(now) if now is not None else (-1 if d > 0 else 0)
            new = RULE_SETS[(i + d) % len(RULE_SETS)]
            cfg.preset, cfg.classic = new.preset, list(new.classic)
        elif value in ("open", "pure", "sudden_death"):
            setattr(cfg, value, not getattr(cfg, value))
        elif value == "first":
            options: list[int | None] = [None, *range(cfg.players)]
            cur = cfg.first if cfg.first is not None and cfg.first < cfg.players else None
            cfg.first = options[(options.index(cur) + d) % len(options)]
        else:
            return
        self.app.sound.play("menu")
        self._remember()

    # ------------------------------------------------------------------ input
    def handle(self, action: Action) -> None:
        item = self.menu_pick(self.menu, action)
        if item is None:
            return
        v = item.value
        if v == "packs":
            packs = [(pid, self.library.pack_name(pid), len(self.library.catalog.packs[pid].card_ids))
                     for pid in self.library.pack_ids]
            if packs:
                self.stack.push(PacksWindow(self.app, packs, self.config.packs_off, self._packs_done))
        elif v == "problems":
            self.stack.push(pack_problems_window(self.app, self.library.problems))
        elif v == "preset" and self._opens_rules(action):
            self.stack.push(self.app.scene("cards-rules", config=self.config, on_change=self._remember))
        elif v == "start":
            self.start()
        elif v == "load":
            from jayden_jazz.scenes.cards import saving

            saving.ask_load(self, self.library)
        elif v == "back":
            self.close()
        else:
            self._change(self.menu.index, self._click_direction(action))

    def _opens_rules(self, action: Action) -> bool:
        """Enter, or a click left of the value's arrows, opens the Rules page; a click on the
        value itself cycles the named sets like the other rows."""
        if action.pos is None:
            return True
        text = "\u25c4 " + self.value_text("preset") + " \u25ba"
        return action.pos[0] < self.menu.rect.right - 8 - self.app.font.width(text)

    def _click_direction(self, action: Action) -> int:
        """A click on the ◄ half of a value goes back; anywhere else (and Enter) goes forward."""
        if action.pos is None:
            return 1
        text = self.value_text(self.menu.current.value) if self.menu.current else ""
        if not text:
            return 1
        shown = "◄ " + text + " ►"
        right = self.menu.rect.right - 8
        left = right - self.app.font.width(shown)
        return -1 if action.pos[0] < (left + right) // 2 else 1

    def _remember(self) -> None:
        for item in self.menu.items:             # the Rules page may have switched Random on or off
            if item.value == "start":
                item.label = start_label(self.config)
        old = self.app.settings["cards"]
        data = dict(old) if isinstance(old, dict) else {}
        data.update(self.config.to_settings())        # keeps the hands remembered beside the setup
        self.app.settings["cards"] = data
        self.app.save_settings()

    def _packs_done(self, off: list[str]) -> None:
        self.config.packs_off = list(off)
        self._remember()

    # ------------------------------------------------------------------ start
    def hand_size(self) -> int:
        f = self.library.fields.get(self.config.field)
        if f is None:
            return 0
        return self.config.rules().hand_size(f.playable_count, self.config.players)

    def start(self) -> None:
        cfg = self.config
        ids = self.library.card_ids(cfg.packs_off)
        need = self.hand_size()
        problems = cfg.rules().problems()
        if problems:
            self.app.sound.play("illegal")
            text = "; ".join(problems)
            self.stack.push(MessageWindow(self.app, "These rules cannot be combined",
                                          text[:1].upper() + text[1:] + ". Change them on the Rules page "
                                          "(Enter on the Rules row)."))
            return
        if cfg.field not in self.library.fields:
            self.stack.push(MessageWindow(self.app, "No field", "No field shape could be loaded."))
            return
        if len(set(ids)) < need:
            self.app.sound.play("illegal")
            self.stack.push(MessageWindow(
                self.app, "Not enough cards",
                f"Each hand needs {need} different cards, but the packs in use hold only {len(set(ids))}. "
                "Switch on more packs or choose a smaller field or more players."))
            return
        self._remember()
        self.stack.replace(self.app.scene("cards-hands", config=cfg.copy(), library=self.library))

    def redraw_in(self) -> None:
        return None          # nothing moves by itself: redrawn on input only

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        surface.fill(P.BLACK)
        inner = draw_window(surface, font, FRAME, "Jazz Card Game - new game")
        font.draw(surface, "Choose the players, the field and the rules.", inner.x + 4, inner.y + 2, P.LIGHT_CYAN)
        self.menu.draw(surface, font)
        for i, item in enumerate(self.menu.items):
            text = self.value_text(item.value)
            if not text:
                continue
            y = self.menu.rect.y + i * LINE_H + 1
            on = i == self.menu.index
            if item.value not in ("packs", "problems"):
                text = "\u25c4 " + text + " \u25ba"
            colour = P.BLACK if on else P.LIGHT_CYAN
            if isinstance(item.value, tuple):
                colour = P.BLACK if on else P.WHITE
                s = item.value[1]
                surface.fill(P.BLACK, (MENU_X - 11, y - 1, 8, 14))
                surface.fill(seats.light(s), (MENU_X - 10, y, 6, 12))
            if item.value == "problems" and self.library.problems and not on:
                colour = P.LIGHT_RED
            font.draw(surface, text, self.menu.rect.right - 8 - font.width(text), y, colour)
        self._draw_side(surface, inner)
        y = FRAME.bottom - 44
        if self.library.problems:
            msg = problem_summary(self.library.problems) + ": see Pack problems."
            if self.menu.rect.bottom <= y:
                font.draw(surface, msg[:72], inner.x + 4, y, P.LIGHT_RED)
            else:                                  # four seats fill the menu down to here: beside it
                x = MENU_X + MENU_W + 20
                lines = wrap(msg, (inner.right - x) // GLYPH_W)
                for j, line in enumerate(lines):
                    font.draw(surface, line, x, self.menu.rect.bottom - (len(lines) - j) * LINE_H + 1, P.LIGHT_RED)
        font.draw(surface, "\u2191\u2193 choose  \u2190\u2192 change  Enter select  Esc back", inner.x + 4,
                  FRAME.bottom - 26, P.LIGHT_GRAY)

    def _draw_side(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        font = self.app.font
        x = MENU_X + MENU_W + 20
        y = MENU_Y
        f = self.library.fields.get(self.config.field)
        if f is None:
            return
        font.draw(surface, f.title, x, y, P.YELLOW)
        cell = max(4, min(14, 112 // max(f.width, f.height)))
        gx, gy = x, y + 20
        for i in range(f.size):
            c, r = f.coords(i)
            rr = pygame.Rect(gx + c * cell, gy + r * cell, cell - 1, cell - 1)
            if f.is_playable(i):
                surface.fill(P.LIGHT_GRAY, rr)
            else:
                surface.fill(P.BROWN, rr)
                pygame.draw.line(surface, P.BLACK, rr.topleft, rr.bottomright)
        y = gy + f.height * cell + 10
        size = self.hand_size()
        lines = [(f"{f.playable_count} playable cells", P.WHITE),
                 (f"Hand: {size} cards each", P.WHITE)]
        problems = self.config.rules().problems()
        if problems:         # the reason Start will give comes first, and the explanations make room
            lines.append(("Start is refused:", P.LIGHT_RED))
            lines += [("- " + p, P.LIGHT_RED) for p in problems]
        else:
            lines.append((comparison_help(self.config.preset, self.config.classic), P.LIGHT_GRAY))
            if self.config.classic:
                lines.append(("Rules: " + rule_set_name(self.config).removeprefix("Custom: "), P.YELLOW))
        if self.menu.current is not None and self.menu.current.value == "preset":
            lines.append(("Enter: every rule, one by one", P.LIGHT_CYAN))
        if f.has_holes and not problems:
            lines.insert(1, ("Gray squares: cells; brown crossed squares: holes (no card goes there)",
                             P.LIGHT_GRAY))
        if self.config.players not in f.allowed_players:
            lines.append(("Not for this many players", P.LIGHT_RED))
        if not seats.ai_available():
            lines.append(("", P.WHITE))
            lines.append(("Computer players are not installed yet: every seat is played by a person.",
                          P.LIGHT_GRAY))
        parts = [(part, colour) for text, colour in lines for part in (_wrap(text, (inner.right - x) // 8) or [""])]
        room = max(1, (FRAME.bottom - 58 - y) // 14 + 1)      # rows above the footer
        if len(parts) > room:
            parts = parts[:room - 1] + [("... more on the Rules page", P.LIGHT_RED if problems else P.LIGHT_GRAY)]
        for part, colour in parts:
            font.draw(surface, part, x, y, colour)
            y += 14


def _wrap(text: str, cols: int) -> list[str]:
    from jayden_jazz.shell.font import wrap

    return wrap(text, max(8, cols)) if text else []
