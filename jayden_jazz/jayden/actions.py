"""One action (half a turn) and its text form.

``Action`` is a NamedTuple: cheap to create in the generator's inner loop,
hashable, and comparable, which the AI's tables and the UI's ``in`` tests need.
"""

from __future__ import annotations

from typing import NamedTuple

from jayden_jazz.jayden.errors import ActionSyntaxError
from jayden_jazz.jayden.squares import SQUARES, parse_square, square_name, square_problem

MOVE = "move"
ATTACK = "attack"
FIRE = "fire"
CONDITION = "condition"

#: Separator character per kind, and back.
SEPARATORS = {MOVE: "-", ATTACK: "x", FIRE: "*", CONDITION: "="}
KIND_BY_SEPARATOR = {sep: kind for kind, sep in SEPARATORS.items()}


class Action(NamedTuple):
    """``src`` and ``dst`` are square indices (see :mod:`.squares`).

    For a Hero's attack ``dst`` is the enemy jumped over, as in the notation;
    :meth:`Position.landing` gives where the Hero ends up.
    """

    src: int
    dst: int
    kind: str

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Parse ``b2-b4``, ``e5xe6``, ``b1*f4`` or ``j1=j2``."""
        if not isinstance(text, str):
            raise ActionSyntaxError(f"an action must be text, not {type(text).__name__}")
        if not text:
            raise ActionSyntaxError("the action is empty")
        seps = [i for i, ch in enumerate(text) if ch in KIND_BY_SEPARATOR]
        if not seps:
            raise ActionSyntaxError(
                f"'{text}': no separator; write one of - (move), x (attack), "
                "* (fire), = (condition) between the two squares"
            )
        # A square name never holds a separator, so the first one splits.
        i = seps[0]
        if len(seps) > 1:
            raise ActionSyntaxError(f"'{text}': more than one separator")
        left, right = text[:i], text[i + 1:]
        for part, role in ((left, "from"), (right, "to")):
            if not part:
                raise ActionSyntaxError(f"'{text}': the {role}-square is missing")
            try:
                parse_square(part)
            except ActionSyntaxError:
                raise ActionSyntaxError(
                    f"'{text}': {role}-square {square_problem(part)}"
                ) from None
        return cls(parse_square(left), parse_square(right), KIND_BY_SEPARATOR[text[i]])

    def text(self) -> str:
        """The notation form; exact inverse of :meth:`from_text`."""
        return f"{square_name(self.src)}{SEPARATORS[self.kind]}{square_name(self.dst)}"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Action.from_text({self.text()!r})"


def check_action(action: object) -> Action:
    """Accept an Action or its text; refuse anything that is not one."""
    if isinstance(action, str):
        return Action.from_text(action)
    if isinstance(action, Action):
        if not (0 <= action.src < SQUARES and 0 <= action.dst < SQUARES):
            raise ActionSyntaxError(f"{tuple(action)}: square index off the board")
        if action.kind not in SEPARATORS:
            raise ActionSyntaxError(f"unknown action kind {action.kind!r}")
        return action
    raise ActionSyntaxError(f"not an action: {action!r}")


def turn_from_text(text: str) -> list[Action]:
    """Parse a whole turn: its actions separated by single spaces (``'b2-b4 c2-c4'``).

    One action is also a turn (a Master's, or a game-ending one).
    """
    if not isinstance(text, str) or not text:
        raise ActionSyntaxError("the turn is empty")
    parts = text.split(" ")
    if "" in parts:
        raise ActionSyntaxError(f"'{text}': actions are separated by exactly one space")
    if len(parts) > 2:
        raise ActionSyntaxError(f"'{text}': a turn has at most two actions")
    return [Action.from_text(p) for p in parts]


def turn_text(actions: list[Action]) -> str:
    """Inverse of :func:`turn_from_text`."""
    return " ".join(a.text() for a in actions)
