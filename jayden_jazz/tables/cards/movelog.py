"""What happened at the table, in plain words with cell names.

One sentence per engine event: the same words are the caption shown while
a step plays and the line kept in the move log, so what a player read
during the game is what they find when they look back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from dataclasses import dataclass

from jayden_jazz.cards import events as ev
from jayden_jazz.cards.card import side_text
from jayden_jazz.textcut import cut

CAUSE_NAMES = {"higher": "higher", "equal_or_higher": "equal or higher", "lower": "lower",
               "equal_or_lower": "equal or lower", "fallen_ace": "Fallen Ace", "same": "Same",
               "same_wall": "Same Wall", "plus": "Plus", "combo": "Combo"}
"""The words for each capture cause the engine reports: the ordinary comparison that took the
card (turned round by Reverse, or Fallen Ace's 1 against an A) or the classic rule."""


def cause_name(cause: str) -> str:
    return CAUSE_NAMES.get(cause, cause.replace("_", " "))


def match_text(cause: str, matched: Sequence[ev.Match]) -> str:
    """What Same or Plus matched, in a few figures: ``5=5 and 3=3`` (Same Wall: ``A against the
    wall``), or the equal sums ``3+7 = 7+3`` (Plus); empty when nothing is given."""
    if cause == "plus":
        return " = ".join(f"{side_text(m.mine)}+{side_text(m.theirs)}" for m in matched)
    return " and ".join("A against the wall" if m.cell is None else f"{side_text(m.mine)}={side_text(m.theirs)}"
                        for m in matched)


ORDINARY = ("higher", "equal_or_higher", "lower", "equal_or_lower")


def compared_text(m: ev.Match) -> str:
    """One comparison in figures: ``7>4``, ``3<6``, ``5=5``."""
    sign = ">" if m.mine > m.theirs else "<" if m.mine < m.theirs else "="
    return f"{side_text(m.mine)}{sign}{side_text(m.theirs)}"


def cause_text(event: ev.Captured) -> str:
    """A capture's cause as the log writes it in brackets: the numbers compared (``7>4``; the
    rule's name when they are not known), ``Same: 5=5 and 3=3``, ``Combo: 6>2``."""
    if event.cause in ORDINARY and len(event.matched) == 1:
        return compared_text(event.matched[0])
    if event.cause in ("combo", "fallen_ace") and len(event.matched) == 1:
        return f"{cause_name(event.cause)}: {compared_text(event.matched[0])}"
    what = match_text(event.cause, event.matched)
    return cause_name(event.cause) + (f": {what}" if what else "")


SIDE_WORDS = ("top", "right", "bottom", "left")
TARGET_WORDS = {"self": "this card", "own": "own cards", "opponents": "opponents' cards", "all": "all cards",
                "neighbours": "cards next to it"}


def ability_words(ab: Any) -> str:
    """What an unnamed ability does, in a few words: ``-2 right/left, all cards``."""
    if ab.effect != "modify":
        return ab.effect.replace("_", " ")
    sides = "all sides" if len(ab.sides) == 4 else "/".join(SIDE_WORDS[s] for s in ab.sides)
    return f"{ab.amount:+d} {sides}, {TARGET_WORDS.get(ab.target, ab.target)}"


SeatName = Callable[[int], str]
NAME_COLS = 15
"""The most letters of a seat's name in a sentence (online names may have 24): a line of the
log or the bottom bar keeps room for the cards and cells it is about."""


def seat_name(seat: int) -> str:
    """A seat as words name it where the table gives no names (engine tools, tests, offline)."""
    return f"Player {seat + 1}"


def short_name(name: str, cols: int = NAME_COLS) -> str:
    """``name`` in ``cols`` letters, a cut shown by an ellipsis."""
    return cut(name, cols)


def event_text(event: ev.Event, card_name: Callable[[str], str], ability_name: Callable[[str, int], str],
               seat_name: SeatName = seat_name) -> str:
    """One event as a sentence; ``card_name(id)`` and ``ability_name(id, n)`` give the names (an
    ability's own name, without its card's: the sentence says whose card it is), ``seat_name(seat)``
    the seat's as the table's panels show it (names are words only: a record keeps seat numbers)."""
    if isinstance(event, ev.Placed):
        return f"{seat_name(event.seat)} plays {card_name(event.card)} on {event.cell}"
    if isinstance(event, ev.Captured):
        return (f"{seat_name(event.seat)} captures {card_name(event.card)} on {event.cell} "
                f"from {seat_name(event.old_owner)} ({cause_text(event)})")
    if isinstance(event, ev.AbilityUsed):
        return (f"{seat_name(event.seat)} uses {card_name(event.card)}'s "
                f"{ability_name(event.card, event.number)}: {event.text}")
    if isinstance(event, ev.ControlGained):
        return (f"{seat_name(event.seat)} takes {card_name(event.card)} on {event.cell} "
                f"from {seat_name(event.old_owner)}")
    if isinstance(event, ev.Swapped):
        return (f"{card_name(event.to_hand)} leaves {event.cell} for {seat_name(event.seat)}'s hand; "
                f"{card_name(event.to_field)} takes its place")
    if isinstance(event, ev.EffectStarted):
        turns = f"{event.turns} turn{'s' if event.turns != 1 else ''}"
        return (f"{card_name(event.card)}'s {ability_name(event.card, event.number)} on {event.cell} "
                f"lasts {turns}: {event.text}")
    if isinstance(event, ev.EffectEnded):
        return f"{card_name(event.card)}'s {ability_name(event.card, event.number)} on {event.cell} ends"
    if isinstance(event, ev.FieldReset):
        return "The field is reset: every card goes back to the hand it was dealt from"
    if isinstance(event, ev.SeatSkipped):
        return f"{seat_name(event.seat)} has no card left and is skipped"
    if isinstance(event, ev.GameEnded):
        res = event.result
        if len(res.winners) == 1:
            return f"Game over: {seat_name(res.winners[0])} wins"
        return "Game over: " + " and ".join(seat_name(s) for s in res.winners) + " share a draw"
    if isinstance(event, ev.HandSwapped):
        return f"Hand Swap: {seat_name(event.giver)} gives {card_name(event.card)} to {seat_name(event.receiver)}"
    if isinstance(event, ev.CardsShown):
        names = [card_name(c) for c in event.cards]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
        return f"Three Open: {seat_name(event.seat)} shows {listed}"
    if isinstance(event, ev.CardDrawn):       # which card stays private until it is played
        return drawn_text(event, card_name, seen=False)
    return str(event)


def drawn_text(event: ev.CardDrawn, card_name: Callable[[str], str], seen: bool, you: bool = False,
               seat_name: SeatName = seat_name) -> str:
    """Chaos's draw in words. The card is named only where the person at the screen may see that
    hand (``seen``): a hidden hand's draw stays private until the card is played. ``you``: the
    hand is the only person's at the screen."""
    what = card_name(event.card) if seen else "a card"
    return f"Chaos draws {what} for {'you' if you else seat_name(event.seat)}"


def event_seat(event: ev.Event) -> int | None:
    """The seat whose colour a line is written in."""
    return getattr(event, "seat", None)


@dataclass(frozen=True)
class LogLine:
    ply: int             # the placement this line belongs to (1 = the first)
    seat: int | None
    text: str
    first: bool          # the line that opens a placement (its "plays ... on ..." line)


class MoveLog:
    """Every line of the game so far; the first line of each placement is not indented."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []

    def add(self, ply: int, seat: int | None, text: str, first: bool = False) -> None:
        self.lines.append(LogLine(ply, seat, text, first))

    @staticmethod
    def prefix(line: LogLine) -> str:
        return f"{line.ply:2d}. " if line.first else "    "

    def texts(self) -> list[str]:
        return [self.prefix(ln) + ln.text for ln in self.lines]

    def since(self, ply: int) -> list[LogLine]:
        """Lines of placements after ``ply``."""
        return [ln for ln in self.lines if ln.ply > ply]

    def summary_for(self, seat: int, since_ply: int, seat_name: SeatName = seat_name) -> str:
        """One line for ``seat`` coming back to the screen: what changed since their last turn
        (``seat_name``: the names the lines were written with)."""
        lines = self.since(since_ply)
        placements = [ln for ln in lines if ln.first]
        if not placements:
            return ""
        lost = sum(1 for ln in lines if ln.text.endswith(f"from {seat_name(seat)}") or
                   f"from {seat_name(seat)} (" in ln.text)
        where = ", ".join(ln.text.split(" on ")[-1] for ln in placements if " on " in ln.text)
        parts = [f"{len(placements)} card{'s' if len(placements) != 1 else ''} placed ({where})"]
        parts.append(f"you lost {lost} card{'s' if lost != 1 else ''}" if lost else "you lost none")
        skipped = [ln for ln in lines if ln.text.endswith("is skipped")]
        if skipped:
            parts.append(f"{len(skipped)} seat{'s' if len(skipped) != 1 else ''} skipped")
        if any(ln.text.startswith("The field is reset") for ln in lines):
            parts.append("the field was reset")
        return "Since your last turn: " + "; ".join(parts)


__all__ = ["NAME_COLS", "LogLine", "MoveLog", "SeatName", "ability_words", "cause_name", "cause_text", "compared_text", "match_text", "drawn_text", "event_seat", "event_text", "seat_name",
           "short_name"]
