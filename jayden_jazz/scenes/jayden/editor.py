"""Setting up a Jayden position: place and remove pieces, choose who acts, then play from it.

The position is shared as its JPN text (the same ``python -m jayden_jazz.jayden
show`` prints): copied to and pasted from the clipboard where there is one,
else through a text field. Nothing is checked while placing; starting a game
checks the position with the engine and says in plain words what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from jayden_jazz.jayden import START_JPN, JPNError, Position, square_name
from jayden_jazz.jayden.notation import jpn_of
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.jayden import clipboard
from jayden_jazz.scenes.jayden.names import SIDE_COLOR
from jayden_jazz.scenes.jayden.render import (CELL_H, COLS, LINE_H, ROWS, STATUS_Y, BoardRenderer, cell_at, cell_rect,
                                              square_of_cell, square_rect)
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell import palette as P
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.input import Action, Kind
from jayden_jazz.shell.scene import Scene
from jayden_jazz.shell.widgets import MenuItem, draw_window
from jayden_jazz.tables.jayden.names import PIECE_NAME, SIDE_NAME, describe_result, other

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

KINDS = "MHDIRKCSNX"                  # the brush's pieces, as the legend lists them
CLEAR_KEYS = ("delete", "backspace")


def piece_label(letter: str) -> str:
    return PIECE_NAME[letter] + (" (deployed)" if letter == "X" else "")


class PositionEditorScene(Scene):
    """The board with a brush: Enter puts a piece (chosen in a window), Delete clears, Esc opens the menu."""

    def __init__(self, app: AppView, start: str = START_JPN,
                 players: dict[str, dict[str, Any]] | None = None) -> None:
        super().__init__(app)
        self.players = players or {s: {"kind": "human"} for s in ("g", "r")}
        self.renderer = BoardRenderer(app.font)
        self.cursor = (9, ROWS - 2)
        self.pieces: dict[int, str] = {}
        self.side = "g"
        self.brush = ("H", "g")               # the piece the window offers first
        self.message = ""
        self.set_jpn(start)

    # the position ----------------------------------------------------------------
    def jpn(self) -> str:
        return jpn_of(self.pieces, self.side)

    def set_jpn(self, text: str) -> str:
        """Take a position from its JPN; "" when done, else why not (the editor keeps its position)."""
        try:
            pos = Position(text.strip())
        except JPNError as e:
            return f"That is not a position: {e}"
        self.pieces = {sq: (p[0] if p[1] == "g" else p[0].lower())
                       for sq in range(COLS * ROWS) if (p := pos.piece_at(sq)) is not None}
        self.side = pos.side
        return ""

    def put(self, sq: int, letter: str | None) -> None:
        if letter is None:
            self.pieces.pop(sq, None)
        else:
            self.pieces[sq] = letter

    def square(self) -> int:
        return square_of_cell(*self.cursor)

    # input -----------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        k = action.kind
        if k == Kind.BACK:
            self.open_menu()
        elif k == Kind.MOVE:
            c, r = self.cursor
            self.cursor = (min(max(c + action.dx, 0), COLS - 1), min(max(r + action.dy, 0), ROWS - 1))
        elif k == Kind.POINT and action.pos is not None and action.pos[1] < STATUS_Y:
            self.cursor = cell_at(action.pos)
        elif k == Kind.ACTION:
            if action.pos is not None:
                if action.pos[1] >= STATUS_Y:
                    return
                self.cursor = cell_at(action.pos)
            self.stack.push(PieceWindow(self.app, self, self.square()))
        elif k == Kind.KEY and action.key in CLEAR_KEYS:
            self.put(self.square(), None)

    def open_menu(self) -> None:
        items = [MenuItem("Go on placing", "resume"), MenuItem(f"To act: {SIDE_NAME[self.side]}", "side"),
                 MenuItem("Play from this position", "play"), MenuItem("Copy as JPN text", "copy"),
                 MenuItem("Paste JPN text", "paste"), MenuItem("Type JPN text", "type"),
                 MenuItem("Start position", "start"), MenuItem("Empty board", "empty"),
                 MenuItem("Leave the editor", "leave")]
        self.stack.push(ChoiceWindow(self.app, "Position editor", items, on_choose=self.choose, width=300))

    def choose(self, choice: Any) -> None:
        self.message = ""
        if choice == "side":
            self.side = other(self.side)
            self.message = f"{SIDE_NAME[self.side]} is to act"
        elif choice == "play":
            self.play()
        elif choice == "copy":
            if clipboard.copy_text(self.jpn()):
                self.message = "Copied the position's JPN text to the clipboard"
            else:
                self.stack.push(JpnWindow(self.app, self, "No clipboard here: copy the text from this field"))
        elif choice == "paste":
            text = clipboard.paste_text()
            if text is None:
                self.stack.push(JpnWindow(self.app, self, "No clipboard here: type or paste the text"))
            else:
                self.message = self.set_jpn(text) or "Pasted the position from the clipboard"
        elif choice == "type":
            self.stack.push(JpnWindow(self.app, self, "The position's JPN text: change it and press Enter"))
        elif choice == "start":
            self.set_jpn(START_JPN)
        elif choice == "empty":
            self.pieces = {}
        elif choice == "leave":
            self.close()

    def play(self) -> None:
        """A new game from this position, with the players chosen at team selection (in place of it);
        refused with the reason when the position cannot be played."""
        no_master = [SIDE_NAME[s] for s in ("g", "r")
                     if not any(letter == ("M" if s == "g" else "m") for letter in self.pieces.values())]
        if no_master:
            who = " and ".join(no_master)
            self.stack.push(MessageWindow(self.app, "Cannot play this position",
                                          f"{who} {'has' if len(no_master) == 1 else 'have'} no Master. "
                                          "Each side needs its Master on the board to play: put one with Enter."))
            return
        pos = Position(self.jpn())
        if pos.result is not None:
            self.stack.push(MessageWindow(self.app, "Cannot play this position",
                                          f"The game would be over at once: {describe_result(pos)[1]}"))
            return
        from jayden_jazz.scenes.registry import scene_type

        settings = self.app.settings
        game = jsave.JaydenGame(start=self.jpn(), actions=[], players={s: dict(p) for s, p in self.players.items()},
                                enhanced=settings["enhanced"], quiet_draw=settings["quiet_draw"])
        stack = self.stack
        stack.pop()
        board = self.app.scene("jayden-board", game=game)
        if isinstance(stack.top, scene_type("jayden")):
            stack.replace(board)
        else:
            stack.push(board)

    # drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(P.BLACK)
        surface.blit(self.renderer.board, (0, 0), (0, 0, 640, STATUS_Y))
        for sq, letter in self.pieces.items():
            x, y = square_rect(sq).topleft
            self.renderer.draw_piece(surface, letter.upper(), "g" if letter.isupper() else "r", x, y)
        self.renderer.coordinates(surface, False)
        pygame.draw.rect(surface, P.WHITE, cell_rect(*self.cursor), 2)
        font = self.app.font
        sq = self.square()
        here = self.pieces.get(sq)
        what = f"{square_name(sq)} " + (f"{SIDE_NAME['g' if here.isupper() else 'r']} {piece_label(here.upper())}"
                                         if here else "empty")
        font.draw(surface, f"Position editor: {SIDE_NAME[self.side]} to act", 4, STATUS_Y, SIDE_COLOR[self.side])
        font.draw(surface, what, 636 - font.width(what), STATUS_Y, P.LIGHT_GRAY)
        line = self.message or "Enter put a piece  Del clear  Esc menu (play, copy, paste, who acts)"
        font.draw(surface, line[:79], 4, STATUS_Y + LINE_H, P.YELLOW if self.message else P.LIGHT_GRAY)


class PieceWindow(ChoiceWindow):
    """What to put on a square: a piece of either side (left and right change the side) or nothing."""

    def __init__(self, app: AppView, editor: PositionEditorScene, sq: int) -> None:
        self.editor, self.sq = editor, sq
        self.side = editor.brush[1]
        items = [MenuItem(piece_label(k), k) for k in KINDS] + [MenuItem("Nothing (clear the square)", None)]
        super().__init__(app, "", items, on_choose=self.chosen, width=300)
        self.menu.index = KINDS.index(editor.brush[0])
        self.menu.line_h = CELL_H + 1                    # a whole piece picture to each row, none over another
        self.rect.h = 24 + 6 + self.menu.line_h * len(items)
        self.rect.center = (320, 175)
        self.menu.layout(self.rect.x + 6, self.rect.y + 12, self.rect.w - 12)

    def handle(self, action: Action) -> None:
        if action.kind == Kind.MOVE and action.dx and not action.dy:
            self.side = other(self.side)
            return
        super().handle(action)

    def chosen(self, kind: str | None) -> None:
        if kind is None:
            self.editor.put(self.sq, None)
            return
        self.editor.brush = (kind, self.side)
        self.editor.put(self.sq, kind if self.side == "g" else kind.lower())

    def draw(self, surface: pygame.Surface) -> None:
        self.title = f"Put on {square_name(self.sq)}: \u25c4 {SIDE_NAME[self.side]} \u25ba"
        super().draw(surface)
        for i, kind in enumerate(KINDS):
            r = self.menu.rect
            sprite = self.editor.renderer.sprite(kind, self.side)
            if sprite is not None:
                surface.blit(sprite, (r.right - 36, r.y + i * self.menu.line_h))


class JpnWindow(Scene):
    """The position's JPN text in a field: Enter takes the text as the position, Esc leaves it."""

    opaque = False

    def __init__(self, app: AppView, editor: PositionEditorScene, note: str) -> None:
        super().__init__(app)
        self.editor = editor
        self.note = note
        self.field = TextField(editor.jpn(), max_len=400, what="A position's JPN text")
        self.problem = ""
        self.rect = pygame.Rect(20, 110, 600, 110)

    def handle(self, action: Action) -> None:
        if action.kind == Kind.BACK:
            self.close()
        elif action.kind == Kind.ACTION and action.pos is None and action.key != "space":
            self.problem = self.editor.set_jpn(self.field.value)
            if not self.problem:
                self.close()
                self.editor.message = "Took the position from the text"
        else:
            self.field.handle(action)
            if self.field.refusal:
                self.app.sound.play("illegal")

    def draw(self, surface: pygame.Surface) -> None:
        font = self.app.font
        inner = draw_window(surface, font, self.rect, "Position as JPN text")
        font.draw(surface, self.note[:72], inner.x + 4, inner.y + 2, P.WHITE)
        self.field.draw(surface, font, pygame.Rect(inner.x + 4, inner.y + 22, inner.w - 8, LINE_H + 2), True)
        said = self.field.refusal or self.problem        # two lines fit above the key help
        for i, line in enumerate(wrap(said, (inner.w - 8) // 8)[:2] if said else []):
            font.draw(surface, line, inner.x + 4, inner.y + 44 + i * LINE_H,
                      P.YELLOW if self.field.refusal else P.LIGHT_RED)
        font.draw(surface, "Enter use this text  Esc back", inner.x + 4, inner.bottom - LINE_H, P.LIGHT_GRAY)
