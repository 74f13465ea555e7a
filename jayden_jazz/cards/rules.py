"""Settings that change the rules, and the capture steps they choose.

Capture is a list of rule steps (the pipeline is run by
:class:`~jayden_jazz.cards.core.Core`). The base rules have one step
(compare touching sides, higher or equal-or-higher wins); the classic rules
(Same, Same Wall, Plus, Combo) add theirs when switched on. The steps a
setup can name are kept by name in one table here, the built-in ones listed
in it; :func:`register_capture_step` adds another, which a setup then names
in :attr:`Rules.steps`, without touching the engine, the solver or the
Monte Carlo player.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from .capture import CaptureStep, SideCapture
from .classic import Combo, Plus, Same, SameWall
from .errors import SetupError

PRESETS = ("updated", "draft")
VARIANTS = ("open", "pure", "sudden_death")
# The classic Triple Triad rules, each a setting (off by default), in their canonical order.
CAPTURE_RULES = ("same", "same_wall", "plus", "combo", "reverse", "fallen_ace", "elemental")
HAND_RULES = ("random", "order", "chaos", "hand_swap", "three_open")
CLASSIC = CAPTURE_RULES + HAND_RULES
# Bits of the basic comparison's mode (see :func:`~jayden_jazz.cards.judge.comparison`).
TIES, REVERSE, FALLEN_ACE = 1, 2, 4


# Every capture step a setup can name, by name: the built-in ones here, more through
# register_capture_step. Rules.capture_steps() looks them up.
_STEPS: dict[str, CaptureStep] = {step.name: step for step in (
    SideCapture("higher"),
    SideCapture("equal_or_higher"),
    Same(),
    SameWall(),
    Plus(),
    Combo(),
)}
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
    same: bool = False                  # two or more equal touching pairs capture
    same_wall: bool = False             # with Same: an A side facing the edge or a hole is a pair
    plus: bool = False                  # two or more touching pairs with the same sum capture
    combo: bool = False                 # cards taken by Same / Plus capture on, breadth first
    reverse: bool = False               # the basic comparison turned round: lower captures
    fallen_ace: bool = False            # a 1 takes an A in the basic comparison
    elemental: bool = False             # elemental cells: +1 on a match, -1 otherwise
    random: bool = False                # hands dealt at random
    order: bool = False                 # play the leftmost card of the hand
    chaos: bool = False                 # play the card drawn for you at the start of the turn
    hand_swap: bool = False             # each seat gives one random card to the next
    three_open: bool = False            # three cards of each hidden hand are shown

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

    @property
    def classic(self) -> tuple[str, ...]:
        """The classic rules that are on, in canonical order."""
        return tuple(r for r in CLASSIC if getattr(self, r))

    @property
    def comparison_mode(self) -> int:
        """The basic comparison as bits: TIES (Draft), REVERSE, FALLEN_ACE."""
        return ((TIES if self.capture == "equal_or_higher" else 0) | (REVERSE if self.reverse else 0)
                | (FALLEN_ACE if self.fallen_ace else 0))

    def problems(self) -> list[str]:
        """Combinations the rules refuse, in plain words (empty when the setup is sound)."""
        out = []
        if self.same_wall and not self.same:
            out.append("Same Wall needs Same")
        if self.combo and not (self.same or self.plus):
            out.append("Combo needs Same or Plus")
        if self.order and self.chaos:
            out.append("Order and Chaos cannot both be on")
        return out

    def check(self) -> "Rules":
        problems = self.problems()
        if problems:
            raise SetupError("these rules cannot be combined: " + "; ".join(problems))
        return self

    def capture_steps(self) -> tuple[CaptureStep, ...]:
        """The classic decision steps first (a card both they and the basic comparison take
        is theirs, so it starts a Combo), then the base comparison, the extra steps, Combo."""
        if self.capture not in BASE_CAPTURES:
            raise SetupError(f"unknown base capture {self.capture!r}; use one of {', '.join(BASE_CAPTURES)}")
        self.check()
        names = [n for n in ("same", "same_wall", "plus") if getattr(self, n)]
        names += [self.capture, *self.steps]
        if self.combo:
            names.append("combo")
        return tuple(capture_step(n) for n in names)

    def hand_size(self, playable_cells: int, players: int) -> int:
        return hand_size(playable_cells, players, self.spare)

    # -- text form used in position strings: capture[+step...]:spare[:flag...] --------

    def code(self) -> str:
        parts = ["+".join((self.capture, *self.steps)), str(self.spare)]
        parts += [v for v in VARIANTS if getattr(self, v)]
        if not self.holes:
            parts.append("no_holes")
        parts += self.classic
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
            elif f in CLASSIC:
                kwargs[f] = True
            else:
                raise SetupError(f"unknown rules flag {f!r} in {text!r}")
        rules = cls(**kwargs)  # type: ignore[arg-type]
        if rules.code() != text:
            raise SetupError(f"rules {text!r} are not in canonical order; expected {rules.code()!r}")
        return rules.check()

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"capture": self.capture, "steps": list(self.steps), "spare": self.spare,
                                  "holes": self.holes, "open": self.open, "pure": self.pure,
                                  "sudden_death": self.sudden_death}
        out.update({r: True for r in self.classic})    # only the rules that are on: old records stay alike
        return out

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> "Rules":
        known = {"capture", "steps", "spare", "holes", "open", "pure", "sudden_death", "preset", *CLASSIC}
        unknown = sorted(set(data) - known)
        if unknown:
            raise SetupError(f"unknown rules key {unknown[0]!r}; known: {', '.join(sorted(known))}")
        base = cls.preset(str(data["preset"])) if "preset" in data else cls()
        changes = {k: v for k, v in data.items() if k != "preset"}
        if "steps" in changes:
            changes["steps"] = tuple(changes["steps"])  # type: ignore[arg-type]
        for k in ("holes", "open", "pure", "sudden_death", *CLASSIC):
            if k in changes and not isinstance(changes[k], bool):
                raise SetupError(f"rules key {k!r} is true or false")
        if "spare" in changes and (not isinstance(changes["spare"], int) or isinstance(changes["spare"], bool)
                                   or changes["spare"] < 0):
            raise SetupError("rules key 'spare' is a whole number, 0 or more")
        return replace(base, **changes).check()  # type: ignore[arg-type]


__all__ = ["BASE_CAPTURES", "CAPTURE_RULES", "CLASSIC", "FALLEN_ACE", "HAND_RULES", "PRESETS", "REVERSE", "Rules",
           "TIES", "VARIANTS", "capture_step", "hand_size", "register_capture_step", "unregister_capture_step"]
