"""A Journey profile's own Last hand in the hand picker.

The card game keeps each seat's last hand in the settings, shared by every
game; a Journey profile owns only some cards, and loses some in trades, so
it keeps its own (in the profile file, ``last_hand``) and the picker takes
a remembered hand (the last one, a deck) whole or not at all: a hand with a
card the profile no longer owns is refused with the card's name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cards.hands_layout import STRIP
from jayden_jazz.scenes.journey.words import card_name
from jayden_jazz.shell.font import wrap
from jayden_jazz.shell.smallfont import small_font

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.journey.run import Session


class ProfileHands:
    """``for_game``: the picker before a game (the hand is kept as the next Last hand, a remembered
    hand loads whole or not at all); else the deck builder's (nothing kept, and an incomplete deck
    loads what is still owned, so it can be mended)."""

    def __init__(self, session: Session, for_game: bool = True) -> None:
        self.session = session
        self.for_game = for_game

    def last(self) -> tuple[list[str], str | None]:
        hand = list(self.session.profile.last_hand)
        if not hand:
            return [], (self.session.hand_not_kept
                        or "No last hand yet in this profile: each game's hand is kept for the next")
        return hand, self.missing(hand, "last hand")

    def keep(self, hand: list[str]) -> None:
        profile = self.session.profile
        if not self.for_game or tuple(hand) == profile.last_hand:
            return
        try:
            self.session.write(replace(profile, last_hand=tuple(hand)))
            self.session.hand_not_kept = ""
        except (SaveError, OSError) as e:        # the game goes on; the next Last hand says why it is not there
            self.session.hand_not_kept = ("The last hand was not kept: the profile could not be written ("
                                          f"{getattr(e, 'strerror', None) or 'see the profiles screen'})")

    def missing(self, ids: list[str], what: str) -> str | None:
        if not self.for_game:
            return None
        owned = self.session.profile.collection
        gone = [c for c in dict.fromkeys(ids) if owned.owned(c) < 1]
        if not gone:
            return None
        names = [card_name(self.session.catalog, c) for c in gone]
        for shown in range(len(names), 0, -1):         # as many names as the picker's two message lines hold
            text = f"The {what} is incomplete: the profile no longer owns {', '.join(names[:shown])}" + (
                f" and {len(names) - shown} more" if shown < len(names) else "")
            if len(wrap(text, small_font().columns(STRIP.w))) <= 2:
                break
        return text


__all__ = ["ProfileHands"]
