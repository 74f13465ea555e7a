"""Settings that change the rules, and the capture steps they choose.

Capture is a list of rule steps (the pipeline is run by
:class:`~jayden_jazz.cards.core.Core`). The base rules have one step
(compare touching sides, higher or equal-or-higher wins); later variants
(Same, Plus, Combo, ...) register more steps by name and a setup lists them
in :attr:`Rules.steps`, without touching the engine, the solver or the
Monte Carlo player.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Protocol

from .errors import SetupError

PRESETS = ("updated", "draft")
VARIANTS = ("open", "pure", "sudden_death")


class CaptureStep(Protocol):
    """One step of the capture rule.

    ``captures(board, cell, seat)`` returns the cells whose control passes to
    ``seat``; it must not change the board. ``board`` is the rules core
    (:class:`~jayden_jazz.cards.core.Core`): read effective (clamped) values
    with ``board.value(cell, side)``, neighbours with ``board.adjacency(cell)``,
    cards and owners with ``board.card_at(cell)`` / ``board.owner_at(cell)``,
    the basic comparison with ``board.side_captures(cell, seat, ties)``.

    A *decision* step (the default) is asked once, with ``cell`` the card just
    placed, against the field as it was when the card landed: every decision
    step sees the same field, and their captures are applied together. A
    *chain* step (class attribute ``chain = True``, e.g. Combo) is asked after
    that, for each cell captured by a step named in its ``started_by`` (all
    steps when it has none) and then for each cell it captured itself,
    breadth first. Each captured cell is reported with the name of the step
    that took it first (its cause).
    """

    name: str

    def captures(self, board: Any, cell: int, seat: int) -> list[int]: ...


class SideCapture:
    """The base rule: the played card's side against the touching opposite side.

    ``ties`` is the only difference between the presets: Updated captures on
    a higher side, Draft on equal or higher.
    """

    __slots__ = ("name", "ties")

    def __init__(self, name: str, ties: bool) -> None:
        self.name = name
        self.ties = ties

    def captures(self, board: Any, cell: int, seat: int) -> list[int]:
        return board.side_captures(cell, seat, self.ties)


_STEPS: dict[str, CaptureStep] = {
    "higher": SideCapture("higher", ties=False),
    "equal_or_higher": SideCapture("equal_or_higher", ties=True),
}
BASE_CAPTURES = ("higher", "equal_or_higher")


def register_capture_step(step: CaptureStep) -> None:
    """Make a capture step available to :attr:`Rules.steps` by its name."""
    if not step.name or step.name in _STEPS:
        raise ValueError(f"a capture step named {step.name!r} already exists")
    _STEPS[step.name] = step


def unregister_capture_step(name: str) -> None:
    if name in BASE_CAPTURES:
        raise ValueError("the base capture rules cannot be removed")
    _STEPS.pop(name, None)


def capture_step(name: str) -> CaptureStep:
    try:
        return _STEPS[name]
    except KeyError:
        raise SetupError(f"unknown capture rule {name!r}; known: {', '.join(sorted(_STEPS))}") from None


def hand_size(playable_cells: int, players: int, spare: int = 0) -> int:
    """Rules: ceil(playable cells / players) + spare (0 Updated, 2 Draft)."""
    return math.ceil(playable_cells / players) + spare


@dataclass(frozen=True)
class Rules:
    """Every rule that differs between presets, one setting each, plus the variants."""

    capture: str = "higher"             # base step: 'higher' or 'equal_or_higher'
    spare: int = 0                      # extra cards in each hand
    holes: bool = True                  # whether fields with holes may be used
    open: bool = False                  # hands face up
    pure: bool = False                  # no abilities
    sudden_death: bool = False          # first multiple capture wins at once
    steps: tuple[str, ...] = ()         # extra capture steps after the base one

    @classmethod
    def preset(cls, name: str, **changes: object) -> "Rules":
        """``Rules.preset("draft", open=True)``."""
        if name == "updated":
            base = cls()
        elif name == "draft":
            base = cls(capture="equal_or_higher", spare=2)
        else:
            raise SetupError(f"unknown preset {name!r}; presets: {', '.join(PRESETS)}")
        return replace(base, **changes) if changes else base  # type: ignore[arg-type]

    @property
    def preset_name(self) -> str:
        """``updated``/``draft`` when the rule settings match one, else ``custom``."""
        core = (self.capture, self.spare, self.holes, self.steps)
        if core == ("higher", 0, True, ()):
            return "updated"
        if core == ("equal_or_higher", 2, True, ()):
            return "draft"
        return "custom"

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(v for v in VARIANTS if getattr(self, v))

    def with_variants(self, *names: str) -> "Rules":
        for n in names:
            if n not in VARIANTS:
                raise SetupError(f"unknown variant {n!r}; variants: {', '.join(VARIANTS)}")
        return replace(self, **{n: True for n in names})  # type: ignore[arg-type]

    def capture_steps(self) -> tuple[CaptureStep, ...]:
        if self.capture not in BASE_CAPTURES:
            raise SetupError(f"unknown base capture {self.capture!r}; use one of {', '.join(BASE_CAPTURES)}")
        return tuple(capture_step(n) for n in (self.capture, *self.steps))

    def hand_size(self, playable_cells: int, players: int) -> int:
        return hand_size(playable_cells, players, self.spare)

    # -- text form used in position strings: capture[+step...]:spare[:flag...] --------

    def code(self) -> str:
        parts = ["+".join((self.capture, *self.steps)), str(self.spare)]
        parts += [v for v in VARIANTS if getattr(self, v)]
        if not self.holes:
            parts.append("no_holes")
        return ":".join(parts)

    @classmethod
    def from_code(cls, text: str) -> "Rules":
        parts = text.split(":")
        if len(parts) < 2 or not parts[1].isdigit():
            raise SetupError(f"rules are written capture:spare[:variant...], not {text!r}")
        names = parts[0].split("+")
        flags = parts[2:]
        kwargs: dict[str, object] = {"capture": names[0], "steps": tuple(names[1:]),
                                     "spare": int(parts[1])}
        for f in flags:
            if f in VARIANTS:
                kwargs[f] = True
            elif f == "no_holes":
                kwargs["holes"] = False
            else:
                raise SetupError(f"unknown rules flag {f!r} in {text!r}")
        rules = cls(**kwargs)  # type: ignore[arg-type]
        if rules.code() != text:
            raise SetupError(f"rules {text!r} are not in canonical order; expected {rules.code()!r}")
        return rules

    def to_dict(self) -> dict[str, object]:
        return {"capture": self.capture, "steps": list(self.steps), "spare": self.spare,
                "holes": self.holes, "open": self.open, "pure": self.pure,
                "sudden_death": self.sudden_death}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> "Rules":
        known = {"capture", "steps", "spare", "holes", "open", "pure", "sudden_death", "preset"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise SetupError(f"unknown rules key {unknown[0]!r}; known: {', '.join(sorted(known))}")
        base = cls.preset(str(data["preset"])) if "preset" in data else cls()
        changes = {k: v for k, v in data.items() if k != "preset"}
        if "steps" in changes:
            changes["steps"] = tuple(changes["steps"])  # type: ignore[arg-type]
        for k in ("holes", "open", "pure", "sudden_death"):
            if k in changes and not isinstance(changes[k], bool):
                raise SetupError(f"rules key {k!r} is true or false")
        if "spare" in changes and (not isinstance(changes["spare"], int) or isinstance(changes["spare"], bool)
                                   or changes["spare"] < 0):
            raise SetupError("rules key 'spare' is a whole number, 0 or more")
        return replace(base, **changes)  # type: ignore[arg-type]


__all__ = ["BASE_CAPTURES", "CaptureStep", "PRESETS", "Rules", "SideCapture", "VARIANTS",
           "capture_step", "hand_size", "register_capture_step", "unregister_capture_step"]
