"""Who sits at each seat, their colours, and how a computer seat is asked to play.

A computer seat is answered by ``jayden_jazz.ai.cards.player`` in a worker
process; the scenes talk to it through a *brain* (``submit_*`` then
``poll``), so tests can swap in an in-process brain without a process.
A game is handed over as its record's YAML text (setup and actions): it
replays exactly, and it tells the player which cards were seen on the
field before a reset; the computer player itself keeps to what its seat
may know.
"""

from __future__ import annotations

from importlib import util
from typing import Any, Protocol

from jayden_jazz.shell import palette as P

LEVELS = ("easy", "normal", "hard")
AI_MODULE = "jayden_jazz.ai.cards.player"
MAX_SEATS = 4

#: (dark, light) EGA pair per seat: card fill and border/label colour.
SEAT_COLOURS: tuple[tuple[int, int], ...] = (
    (P.BLUE, P.LIGHT_BLUE), (P.RED, P.LIGHT_RED), (P.GREEN, P.LIGHT_GREEN), (P.MAGENTA, P.LIGHT_MAGENTA))
COLOUR_NAMES = ("Blue", "Red", "Green", "Magenta")


def ai_available() -> bool:
    try:
        return util.find_spec(AI_MODULE) is not None
    except (ImportError, ValueError):
        return False


def seat_choices() -> list[dict[str, Any]]:
    choices: list[dict[str, Any]] = [{"kind": "human"}]
    if ai_available():
        choices += [{"kind": "computer", "level": lv} for lv in LEVELS]
    return choices


def label(seat: dict[str, Any] | None) -> str:
    if is_computer(seat):
        return f"Computer ({str(seat.get('level', 'normal')).capitalize()})"  # type: ignore[union-attr]
    return "Human"


def is_computer(seat: dict[str, Any] | None) -> bool:
    return bool(seat) and seat.get("kind") == "computer"  # type: ignore[union-attr]


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def dark(seat: int) -> int:
    return SEAT_COLOURS[seat % MAX_SEATS][0]


def light(seat: int) -> int:
    return SEAT_COLOURS[seat % MAX_SEATS][1]


class Brain(Protocol):
    """Answers computer seats without blocking the frame loop."""

    @property
    def busy(self) -> bool: ...

    def submit_action(self, position: str, seat: int, level: str, seed: int,
                      pack_dirs: list[str]) -> None: ...

    def submit_hand(self, pack_dirs: list[str], setup: dict[str, Any], seat: int, level: str,
                    seed: int) -> None: ...

    def submit_hint(self, position: str, seat: int, pack_dirs: list[str]) -> None: ...

    def poll(self) -> Any: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class WorkerBrain:
    """The real computer player, in an :class:`~jayden_jazz.ai.worker.AIWorker` process."""

    def __init__(self) -> None:
        self._worker: Any = None

    def _w(self) -> Any:
        if self._worker is None:
            from jayden_jazz.ai.worker import AIWorker

            self._worker = AIWorker()
        return self._worker

    @property
    def busy(self) -> bool:
        return self._worker is not None and self._worker.busy

    def submit_action(self, position: str, seat: int, level: str, seed: int,
                      pack_dirs: list[str]) -> None:
        self._w().submit(f"{AI_MODULE}:choose_action", position, seat, level, seed, None, list(pack_dirs))

    def submit_hand(self, pack_dirs: list[str], setup: dict[str, Any], seat: int, level: str,
                    seed: int) -> None:
        self._w().submit(f"{AI_MODULE}:choose_hand", list(pack_dirs), dict(setup), seat, level, seed)

    def submit_hint(self, position: str, seat: int, pack_dirs: list[str]) -> None:
        self._w().submit(f"{AI_MODULE}:hint", position, seat, list(pack_dirs))

    def poll(self) -> Any:
        return self._worker.poll() if self._worker is not None else None

    def cancel(self) -> None:
        if self._worker is not None and self._worker.busy:
            self._worker.cancel()

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None


def make_brain() -> Brain:
    """The brain new scenes use; tests replace this function."""
    return WorkerBrain()
