"""What the setup screen decides, kept as plain data and remembered in the settings.

``MatchConfig`` is the player's choice (seats, field, preset, variants,
packs); ``Match`` is one game ready to play: the config plus the dealt
hands, the first seat and the date. A rematch is the same Match with a new
first seat.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jayden_jazz.cards import Field, Rules
from jayden_jazz.cards.deal import MAX_PLAYERS, MIN_PLAYERS
from jayden_jazz.cards.rule_text import custom_name, rule_set_of
from jayden_jazz.cards.rules import CLASSIC, PRESETS
from jayden_jazz.scenes.cards import players as seats_mod

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.intents import TableIntent
    from jayden_jazz.scenes.cards.table import CardsTableScene as TablePart

FIELD_ORDER = ("3x3", "5x5", "7x7", "cross5", "ring5", "diamond5", "diamond7", "donut7")
"""Plain squares first, then the holed shapes from small to large; others after, by name."""


def _human() -> dict[str, Any]:
    return {"kind": "human"}


FIRST_OPPONENT: dict[str, Any] = {"kind": "computer", "level": "normal"}
"""Player 2 of a first game, before the player chose any seat: one person alone at the screen gets
a game at once, with their own hand face up and the computer's hidden, and no pass screen."""


@dataclass
class MatchConfig:
    players: int = 2
    seats: list[dict[str, Any]] = dc_field(default_factory=lambda: [_human() for _ in range(seats_mod.MAX_SEATS)])
    field: str = "3x3"
    preset: str = "updated"
    open: bool = False
    pure: bool = False
    sudden_death: bool = False
    classic: list[str] = dc_field(default_factory=list)   # the classic rules that are on (Same, Plus, ...)
    packs_off: list[str] = dc_field(default_factory=list)
    first: int | None = None           # None: drawn at random
    date: tuple[int, int] | None = None  # the game's date; None is today (tests fix it)

    # -- derived -----------------------------------------------------------------
    def rules(self) -> Rules:
        return Rules.preset(self.preset, open=self.open, pure=self.pure, sudden_death=self.sudden_death,
                            **{r: True for r in CLASSIC if r in self.classic})

    def active_seats(self) -> list[dict[str, Any]]:
        return [dict(s) for s in self.seats[:self.players]]

    def humans(self) -> int:
        return sum(1 for s in self.active_seats() if not seats_mod.is_computer(s))

    def hides_hands(self) -> bool:
        """Hidden hands need a pass screen between people only when two or more share the screen."""
        return not self.open and self.humans() >= 2

    # -- settings ------------------------------------------------------------------
    def to_settings(self) -> dict[str, Any]:
        return {"players": self.players, "seats": [dict(s) for s in self.seats], "field": self.field,
                "preset": self.preset, "open": self.open, "pure": self.pure,
                "sudden_death": self.sudden_death, "classic": [r for r in CLASSIC if r in self.classic],
                "packs_off": list(self.packs_off),
                "first": "random" if self.first is None else self.first}

    @classmethod
    def from_settings(cls, data: Any, choices: list[dict[str, Any]] | None = None) -> "MatchConfig":
        """Whatever the settings file holds, the result is a usable config.

        A seat the current install cannot offer (a computer level without
        the computer player) falls back to Human. Before any seat was
        remembered (a fresh install), Player 2 is the computer at Normal
        when the install has it (:data:`FIRST_OPPONENT`).
        """
        cfg = cls()
        choices = choices if choices is not None else seats_mod.seat_choices()
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            if FIRST_OPPONENT in choices:
                cfg.seats[1] = dict(FIRST_OPPONENT)
        if not isinstance(data, dict):
            return cfg
        n = data.get("players")
        if isinstance(n, int) and not isinstance(n, bool) and MIN_PLAYERS <= n <= MAX_PLAYERS:
            cfg.players = n
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, s in enumerate(seats[:seats_mod.MAX_SEATS]):
                if isinstance(s, dict) and s in choices:
                    cfg.seats[i] = dict(s)
        f = data.get("field")
        if isinstance(f, str) and f:
            cfg.field = f
        if data.get("preset") in PRESETS:
            cfg.preset = data["preset"]
        for key in ("open", "pure", "sudden_death"):
            if isinstance(data.get(key), bool):
                setattr(cfg, key, data[key])
        classic = data.get("classic")
        if isinstance(classic, list):
            cfg.classic = [r for r in CLASSIC if r in classic]
        off = data.get("packs_off")
        if isinstance(off, list):
            cfg.packs_off = [str(p) for p in off if isinstance(p, str)]
        first = data.get("first")
        if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < MAX_PLAYERS:
            cfg.first = first
        return cfg

    def copy(self) -> "MatchConfig":
        return replace(self, seats=[dict(s) for s in self.seats], packs_off=list(self.packs_off),
                       classic=list(self.classic))


def field_order(fields: dict[str, Field]) -> list[Field]:
    known = [fields[n] for n in FIELD_ORDER if n in fields]
    rest = sorted((f for n, f in fields.items() if n not in FIELD_ORDER), key=lambda f: f.name)
    return known + rest


def fields_for(fields: dict[str, Field], players: int) -> list[Field]:
    """Shapes that take this many players (the rules' ruling lives in ``Field.allowed_players``)."""
    return [f for f in field_order(fields) if players in f.allowed_players]


@dataclass
class Match:
    """One game ready to start: the rematch keeps all of it but the first seat."""

    config: MatchConfig
    field: Field
    hands: tuple[tuple[str, ...], ...]
    first_seat: int
    pack_dirs: list[str]
    date: tuple[int, int] = dc_field(default_factory=lambda: (datetime.date.today().year,
                                                          datetime.date.today().month))
    seed: int | None = None            # the deal's seed, kept from a save that recorded one

    @property
    def players(self) -> int:
        return len(self.hands)

    def seat(self, s: int) -> dict[str, Any]:
        return self.config.seats[s] if s < len(self.config.seats) else _human()

    def names(self) -> tuple[str, ...]:
        return tuple(seats_mod.seat_name(s) for s in range(self.players))

    # A mode played on the ordinary table (the Journey) subclasses Match and takes over these.
    def autosave_path(self, saves: Path) -> Path | None:
        """Where the table autosaves this game; None for the shared card autosave."""
        return None

    def menu_entries(self) -> list[tuple[str, str]] | None:
        """The table menu's entries as (label, choice); None for the ordinary menu."""
        return None

    def seat_label(self, seat: int) -> str | None:
        """The seat's panel title at the table; None for the ordinary ``P1 Blue Human``."""
        return None

    def computer_seats_kept(self) -> bool:
        """True when a failed computer player is started again instead of its seat going to a person."""
        return False

    def on_over(self, table: TablePart) -> TableIntent | None:
        """The game ended: what the mode shows instead of the table's end window (None: the
        table's own, with rematch and new game)."""
        return None

    def on_menu(self, table: TablePart, choice: str) -> TableIntent | None:
        """A choice of the mode's own menu entries (:meth:`menu_entries`), such as ``leave`` or
        ``abandon``: what the table should do; None for the ordinary entries the table handles."""
        return None

    def trade_rule(self) -> str | None:
        """The trade rule the game is played for (a Journey game's), part of its rule set in the
        statistics; None for an ordinary game, which trades nothing."""
        return None


def setup_for_ai(match_config: MatchConfig, fld: Field, cards: list[str], date: tuple[int, int]) -> dict[str, Any]:
    """The ``setup`` dict a computer seat gets to choose its hand (plain, picklable)."""
    rules = match_config.rules()
    return {"field": fld.name, "rows": list(fld.rows), "players": match_config.players,
            "rules": rules.to_dict(), "preset": match_config.preset,
            "open": match_config.open, "pure": match_config.pure,
            "sudden_death": match_config.sudden_death,
            "hand_size": rules.hand_size(fld.playable_count, match_config.players),
            "cards": list(cards), "date": f"{date[0]:04d}-{date[1]:02d}"}


def rule_set_name(cfg: MatchConfig) -> str:
    """The named set the choice makes, else ``Custom: ...``."""
    rs = rule_set_of(cfg.preset, cfg.classic)
    return rs.name if rs is not None else custom_name(cfg.preset, cfg.classic)
