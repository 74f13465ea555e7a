"""Game records: the setup plus the actions, saved as YAML and replayed exactly.

A record of a game started from a position string keeps that string under
``start`` instead of the setup. ``result`` is written for readers and
checked on replay, so a record that no longer replays to the same end is
reported rather than silently changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from jayden_jazz.files import MAX_PLAYER_FILE_BYTES, read_text_within
from jayden_jazz.yamlbase import MAX_VALUES

from .action import Action
from .card import Card, month_text, parse_month
from .deal import Setup
from .errors import CardsError, RecordError
from .field import Field
from .rules import Rules
from .yamlfile import load_yaml

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

FORMAT = "jazz-record-1"
MAX_RECORD_VALUES = MAX_VALUES     # a save's cap; a 7x7 four-player record holds a few hundred
_KEYS = {"format", "field", "rules", "date", "first_seat", "names", "custom_hands", "hands", "elements",
         "chaos_seed", "hand_swap", "shown", "start", "actions", "result"}


@dataclass
class GameRecord:
    setup: Setup | None
    actions: list[Action] = field(default_factory=list)
    start: str | None = None
    result: dict[str, Any] | None = None

    def to_data(self, game: "Game | None" = None) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT}
        if self.setup is not None:
            s = self.setup
            data["field"] = {"name": s.field.name, "rows": list(s.field.rows)}
            data["rules"] = s.rules.to_dict()
            data["date"] = month_text(s.date)
            data["first_seat"] = s.first_seat
            if s.names:
                data["names"] = list(s.names)
            if s.custom_hands:
                data["custom_hands"] = True
            data["hands"] = [list(h) for h in s.hands]
            if s.elements:
                data["elements"] = {name: e for name, e in s.elements}
            # the hand rules' draws: written only when their rule is on (older records stay alike)
            if s.hand_swap:
                data["hand_swap"] = [cid or None for cid in s.hand_swap]
            if s.shown:
                data["shown"] = [list(ids) for ids in s.shown]
            if s.chaos_seed is not None:
                data["chaos_seed"] = s.chaos_seed
        else:
            data["start"] = self.start
        data["actions"] = [str(a) for a in self.actions]
        result = self.result
        if game is not None and game.is_over():
            result = game.result().to_dict()  # type: ignore[union-attr]
        if result is not None:
            data["result"] = result
        return data

    def to_yaml(self, game: "Game | None" = None) -> str:
        """YAML text; pass the game to include its result."""
        return yaml.safe_dump(self.to_data(game), sort_keys=False, default_flow_style=None,
                              allow_unicode=True, width=100)

    @classmethod
    def from_data(cls, data: object) -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError("a game record is a YAML mapping")
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise RecordError(f"unknown record key {unknown[0]!r}; keys: {', '.join(sorted(_KEYS))}")
        fmt = data.get("format")
        if isinstance(fmt, str) and fmt.startswith("jazz-record-") and fmt != FORMAT:
            raise RecordError(f"the record's format {fmt!r} is not one this version reads ({FORMAT!r}); "
                              "it may come from a newer version of the game")
        if fmt != FORMAT:
            raise RecordError(f"not a card game record (format should be {FORMAT!r})")
        try:
            actions = [Action.parse(str(a)) for a in data.get("actions") or []]
        except CardsError as e:
            raise RecordError(str(e)) from None
        result = data.get("result")
        if "start" in data:
            return cls(None, actions, str(data["start"]), result)
        try:
            f = data["field"]
            fld = Field(list(f["rows"]), name=str(f["name"]))
            rules = Rules.from_dict(dict(data.get("rules") or {}))
            date = parse_month(str(data["date"]))
            hands = tuple(tuple(str(c) for c in h) for h in data["hands"])
            first = int(data["first_seat"])
            names = tuple(str(x) for x in data.get("names") or ())
            custom = bool(data.get("custom_hands", False))
            elements = tuple((str(k), str(v)) for k, v in dict(data.get("elements") or {}).items())
            seed = data.get("chaos_seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise ValueError("chaos_seed is a whole number")
            swap = tuple("" if c is None else str(c) for c in data.get("hand_swap") or ())
            shown = tuple(tuple(str(c) for c in ids) for ids in data.get("shown") or ())
        except (KeyError, TypeError, ValueError, CardsError) as e:
            raise RecordError(f"bad record setup: {e}") from None
        return cls(Setup(fld, hands, rules, first, date, names, custom, elements, seed, swap, shown),
                   actions, None, result)

    @classmethod
    def from_yaml(cls, text: str) -> "GameRecord":
        try:   # the pack loader: plain data only, and aliases cannot blow it up
            data, _ = load_yaml(text, max_values=MAX_RECORD_VALUES)
        except yaml.YAMLError as e:
            raise RecordError(f"the record is not valid YAML: {e}") from None
        return cls.from_data(data)

    @classmethod
    def from_file(cls, path: Path) -> "GameRecord":
        """A record file, read only when no larger than a save may be; RecordError names the problem."""
        try:
            text = read_text_within(path, MAX_PLAYER_FILE_BYTES, "game record")
        except UnicodeDecodeError:
            raise RecordError("the record is not text") from None
        except (OSError, ValueError) as e:
            raise RecordError(f"the record cannot be read: {getattr(e, 'strerror', None) or e}") from None
        return cls.from_yaml(text)

    def replay(self, catalog: Mapping[str, Card], upto: int | None = None) -> "Game":
        """The game after the first ``upto`` actions (all by default)."""
        from .game import Game
        try:
            if self.setup is not None:
                game = Game(self.setup, catalog)
            else:
                game = Game.from_position(self.start or "", catalog)
        except CardsError as e:
            raise RecordError(f"cannot start the recorded game: {e}") from None
        for i, a in enumerate(self.actions[:upto], 1):
            try:
                game.push(a)
            except CardsError as e:
                raise RecordError(f"action {i} ({a}) cannot be replayed: {e}") from None
        if upto is None and self.result is not None:
            got = game.result()
            if got is None or got.to_dict() != self.result:
                raise RecordError("the record replays to a different result than it states")
        return game


__all__ = ["FORMAT", "GameRecord"]
