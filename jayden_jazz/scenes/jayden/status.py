"""What the Jayden board shows besides the position: the status lines' texts and the markers' view.

Read from the scene and its table each frame; nothing here changes either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jayden_jazz.jayden import square_name
from jayden_jazz.scenes.jayden.names import SIDE_COLOR
from jayden_jazz.scenes.jayden.render import BoardView
from jayden_jazz.shell import palette as P
from jayden_jazz.tables.jayden import moves
from jayden_jazz.tables.jayden.names import PIECE_NAME, SIDE_NAME, other
from jayden_jazz.tables.jayden.view import Request

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.jayden.board import JaydenScene

BLINK_TICKS = 15          # the Action Box blinks twice a second
DOTS_TICKS = 20           # the computer's "thinking..." dots


def alerts(scene: JaydenScene) -> list[tuple[str, int]]:
    """Warnings about the Master: they outrank any message on the status lines."""
    threats = scene.table.threats()
    if not threats:
        return []
    names = ", ".join(f"{PIECE_NAME[piece[0]]} {square_name(sq)}" for sq in threats
                      if (piece := scene.pos.piece_at(sq)) is not None)
    return [(f"Danger: {SIDE_NAME[other(scene.pos.side)]} could take your Master next turn ({names})",
             P.LIGHT_RED)]


def notes(scene: JaydenScene) -> list[tuple[str, int]]:
    """The second status line when no message is shown."""
    out: list[tuple[str, int]] = []
    if scene.request == Request.TURN:
        dots = "." * (1 + scene.ticks // DOTS_TICKS % 3)
        out.append((f"{SIDE_NAME[scene.pos.side]} (computer) is thinking" + dots, P.WHITE))
    at_risk = scene.table.endangered()
    if at_risk:
        n = len(at_risk)
        out.append((f"At risk next turn: {n} piece{'' if n == 1 else 's'} (red corner{'' if n == 1 else 's'})",
                    P.LIGHT_RED))
    for s in ("g", "r"):
        if not scene.pos.has_mark(s):
            out.append((f"{SIDE_NAME[s]}: no Mark", P.LIGHT_MAGENTA))
    records = scene.table.records
    took = [(s, sum(moves.taken(records, s).values())) for s in ("g", "r")]
    out.append((f"Taken: Green {took[0][1]}, Red {took[1][1]}", P.LIGHT_GRAY))
    out.append((scene.key_guide(), P.DARK_GRAY))
    return out


def key_guide(scene: JaydenScene) -> str:
    """The hotkeys as the player has them (Options > Keys)."""
    keys = scene.app.input.keymap
    hints = scene.seats.hints_offered()
    parts = [f"{keys.label('log')} moves"] + ([f"{keys.label('hint')} hint"] if hints else [])
    return ", ".join(parts + [f"{keys.label('back')} menu"])


def board_view(scene: JaydenScene) -> BoardView:
    """The markers, status and turn of the board as the scene shows them now."""
    v = scene.table.view()
    warn = scene.seats.warnings           # the Master warnings; online, off (the players never agreed on them)
    targets: dict[int, str] = {}
    costs: dict[int, int] = {}
    if v.enhanced and v.selected is not None:
        for a in v.targets:
            targets[a.dst] = a.kind
            if a.kind == "fire":
                costs[a.dst] = max(abs(a.src % 20 - a.dst % 20), abs(a.src // 20 - a.dst // 20))
    return BoardView(cursor=scene.cursor, selected=v.selected, targets=targets, costs=costs,
                     status=scene.status_on, blink=(scene.ticks // BLINK_TICKS) % 2 == 0,
                     marks=list(v.marks), threats=list(v.threats) if warn else [],
                     endangered=list(v.endangered) if warn else [], hint=list(v.hint),
                     message=scene.message if scene.stack is None or scene.stack.top is scene else "",
                     state=scene.seats.state(), alerts=scene.alerts(), notes=scene.notes(), flip=scene.flip,
                     motion=v.step,
                     clock=clock_parts(scene), more=f"({scene.app.input.keymap.label('log')} reads it all)",
                     coords=coordinates_on(str(scene.app.settings["coordinates"]), scene.enhanced))


def clock_parts(scene: JaydenScene) -> list[tuple[str, int]]:
    """Each side's time left: the running clock in its side's colour (yellow under ten seconds)."""
    clock = scene.table.clock
    if clock is None:
        return []
    out = []
    for side in ("g", "r"):
        running = scene.pos.result is None and scene.pos.side == side and bool(scene.pos.history)
        colour = (P.YELLOW if clock.seconds(side) < 10 else SIDE_COLOR[side]) if running else P.LIGHT_GRAY
        out.append((f"{SIDE_NAME[side]} {clock.text(side)}", colour))
    return out


def coordinates_on(setting: str, enhanced: bool) -> bool:
    """The Coordinates option: "enhanced" (the default) shows them in Enhanced games only."""
    return setting == "on" or (setting == "enhanced" and enhanced)
