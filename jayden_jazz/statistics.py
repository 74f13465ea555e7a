"""How the player does: games played, won, drawn and lost, and the best winning streak.

Counted for both games, in total, per opponent (a person, or the computer
at Easy, Normal or Hard) and per rule set, from the side of the person at
the screen: in a game between people, the first person's seat (Player 1,
or Green). Games only computers play are not counted.

The file is small YAML in the player's data folder, written atomically. A
file that cannot be used is moved aside to ``statistics.yaml.bak`` and
counting starts afresh, with a notice, so one damaged file never stops a
game from ending or the Statistics screen from opening.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jayden_jazz.shell.appview import AppView

import yaml

from jayden_jazz.files import atomic_write_text, keep_as_bak, read_text_within
from jayden_jazz.saves.schema import PlainYAMLError, load_plain_yaml
from jayden_jazz.saves.store import MAX_SAVE_BYTES

FILE_NAME = "statistics.yaml"
FORMAT = 1
GAMES = ("cards", "jayden")
GAME_TITLES = {"cards": "Jazz Card Game", "jayden": "Jayden"}
OPPONENTS = ("human", "easy", "normal", "hard")
OPPONENT_TITLES = {"human": "a person", "easy": "Easy", "normal": "Normal", "hard": "Hard"}
OUTCOMES = ("won", "drawn", "lost")
_COUNTS = ("played", "won", "drawn", "lost", "streak", "best_streak", "abandoned")
ABANDONED = "abandoned"
"""An online game its host ended unfinished: counted apart, never in ``played`` or a streak."""
MAX_COUNT = 999_999_999
"""A count above this is not from games played (a billion games) and would not fit its column."""
MAX_RULE_ROWS = 200
"""Rule sets counted per game: far more than the presets, variants and classic rules make in
practice; a file with more is treated as damaged, and later rule sets are counted in the totals only."""
MAX_RULE_NAME = 240
"""Longer than any rule set's name the game writes (a preset, every variant and every classic rule
come to about 155 characters), so the game never refuses its own file."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


@dataclass
class Tally:
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    streak: int = 0          # wins in a row now
    best_streak: int = 0
    abandoned: int = 0       # online games ended unfinished by their host

    def add(self, outcome: str) -> None:
        if outcome == ABANDONED:
            self.abandoned += 1
            return
        if outcome not in OUTCOMES:
            raise ValueError(f"an outcome is one of {', '.join(OUTCOMES)}, not {outcome!r}")
        self.played += 1
        setattr(self, outcome, getattr(self, outcome) + 1)
        self.streak = self.streak + 1 if outcome == "won" else 0
        self.best_streak = max(self.best_streak, self.streak)

    def to_data(self) -> dict[str, int]:
        """Every count; ``abandoned`` only when there is one, so a file without online games reads
        the same in a version of the game that does not know it."""
        return {k: getattr(self, k) for k in _COUNTS if k != ABANDONED or self.abandoned}

    @classmethod
    def from_data(cls, data: Any, where: str) -> "Tally":
        if not isinstance(data, dict):
            raise ValueError(f"{where} is not a mapping")
        t = cls()
        for k, v in data.items():
            if k not in _COUNTS:
                raise ValueError(f"{where} has an unknown count {str(k)[:20]!r}")
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_COUNT:
                raise ValueError(f"{where}.{k} is not a whole number from 0 to {MAX_COUNT:,}")
            setattr(t, k, v)
        if t.won + t.drawn + t.lost != t.played or t.streak > t.won or t.best_streak < t.streak:
            raise ValueError(f"{where}: its counts do not add up")
        return t


@dataclass
class GameStats:
    total: Tally = field(default_factory=Tally)
    opponents: dict[str, Tally] = field(default_factory=dict)
    rules: dict[str, Tally] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {"total": self.total.to_data(),
                "opponents": {k: v.to_data() for k, v in self.opponents.items()},
                "rules": {k: v.to_data() for k, v in self.rules.items()}}

    @classmethod
    def from_data(cls, data: Any, where: str) -> "GameStats":
        if not isinstance(data, dict) or set(data) - {"total", "opponents", "rules"}:
            raise ValueError(f"{where} is not a table of counts")
        g = cls(Tally.from_data(data.get("total", {}), f"{where}.total"))
        for part in ("opponents", "rules"):
            rows = data.get(part, {})
            if not isinstance(rows, dict):
                raise ValueError(f"{where}.{part} is not a mapping")
            if part == "rules" and len(rows) > MAX_RULE_ROWS:
                raise ValueError(f"{where}.rules has {len(rows):,} rule sets; at most {MAX_RULE_ROWS} are kept")
            for k, v in rows.items():
                if not isinstance(k, str) or (part == "opponents" and k not in OPPONENTS):
                    raise ValueError(f"{where}.{part} has an unknown entry {str(k)[:20]!r}")
                if part == "rules" and (not k or len(k) > MAX_RULE_NAME or _CONTROL.search(k)):
                    raise ValueError(f"{where}.rules has a rule set name that is empty, longer than "
                                     f"{MAX_RULE_NAME} characters or holds control characters")
                getattr(g, part)[k] = Tally.from_data(v, f"{where}.{part}.{k}")
        return g


@dataclass
class Statistics:
    path: Path
    games: dict[str, GameStats] = field(default_factory=lambda: {g: GameStats() for g in GAMES})
    notice: str = ""         # a problem met while loading, for the player to see

    def add(self, game: str, outcome: str, opponents: list[str] | tuple[str, ...], rules: str) -> None:
        """One finished game: counted in the total, once per kind of opponent met, and under its rules."""
        g = self.games[game]
        g.total.add(outcome)
        for kind in dict.fromkeys(opponents):
            if kind not in OPPONENTS:
                raise ValueError(f"an opponent is one of {', '.join(OPPONENTS)}, not {kind!r}")
            g.opponents.setdefault(kind, Tally()).add(outcome)
        if rules in g.rules or len(g.rules) < MAX_RULE_ROWS:
            g.rules.setdefault(rules, Tally()).add(outcome)

    def to_text(self) -> str:
        data = {"format": FORMAT, "games": {k: v.to_data() for k, v in self.games.items()}}
        return ("# Jayden & Jazz statistics (a damaged file is kept as .bak and counting starts afresh)\n"
                + yaml.safe_dump(data, sort_keys=False, allow_unicode=True))

    def save(self) -> None:
        atomic_write_text(self.path, self.to_text())

    @classmethod
    def from_text(cls, path: Path, text: str) -> "Statistics":
        """Raises ValueError with the problem in plain words (the line too, for bad YAML)."""
        try:
            data = load_plain_yaml(text)
        except PlainYAMLError as e:
            raise ValueError(e.problem + (f" at line {e.line}" if e.line else "")) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
            raise ValueError(f"it is not a statistics file of format {FORMAT}")
        s = cls(path)
        for name, g in data["games"].items():
            if name not in GAMES:
                raise ValueError(f"it counts an unknown game {str(name)[:20]!r}")
            s.games[name] = GameStats.from_data(g, name)
        return s

    @classmethod
    def load(cls, path: Path) -> "Statistics":
        """The counts in ``path``; a file that cannot be used is kept as ``.bak`` and counting starts afresh.

        Read with the limits of a save (size, values, nesting), so a huge or
        hostile file costs about what a save's refusal costs.
        """
        if not path.exists():
            return cls(path)
        try:
            return cls.from_text(path, read_text_within(path, MAX_SAVE_BYTES, "statistics file"))
        except UnicodeDecodeError:
            problem = "it is not text"
        except (OSError, ValueError) as e:
            problem = str(e)
        bak = keep_as_bak(path)
        kept = f" The old file was kept as {bak.name}." if bak else ""
        return cls(path, notice=f"The statistics file {path} was not usable ({problem}), so counting "
                                f"starts afresh.{kept}")


def stats_path(app: AppView) -> Path:
    return Path(app.dirs.data) / FILE_NAME


# ---------------------------------------------------------------------- from finished games

def rules_name_cards(rules: Any, trade: str | None = None) -> str:
    """``Updated``, ``Draft + Open + Sudden Death``, ``Updated + Same + Plus + Trade One``: the
    preset, the variants, the classic rules in play (capture and hand rules: Random, Order ...)
    and a Journey game's trade rule.

    Every setting that tells two rule sets apart is named, so two different sets never share a
    line on the Statistics screen: a set that matches no preset says how it differs (the base
    capture, spare cards, holes, extra capture steps) instead of a bare ``Custom``.
    """
    from jayden_jazz.cards.rule_text import RULE_NAMES

    preset = str(rules.preset_name)
    parts = [preset.capitalize()]
    if preset == "custom":
        parts += _custom_settings(rules)
    parts += [v.replace("_", " ").title() for v in rules.variants]
    parts += [RULE_NAMES.get(r, r) for r in getattr(rules, "classic", ())]
    if trade:
        parts.append(f"Trade {trade.capitalize()}")
    return " + ".join(parts)


def _custom_settings(rules: Any) -> list[str]:
    """The settings a preset fixes, in words, for a set that matches neither preset."""
    capture = getattr(rules, "capture", "higher")
    out = ["Ties Capture" if capture == "equal_or_higher" else
           ("Higher Captures" if capture == "higher" else str(capture).replace("_", " ").title())]
    spare = int(getattr(rules, "spare", 0) or 0)
    if spare:
        out.append(f"{spare} Spare Card{'s' if spare != 1 else ''}")
    if not getattr(rules, "holes", True):
        out.append("No Holes")
    out += [str(step).replace("_", " ").title() for step in getattr(rules, "steps", ())]
    return out


def rules_name_jayden(enhanced: bool, quiet_draw: bool) -> str:
    return ("Enhanced" if enhanced else "Original") + ("" if quiet_draw else ", no 200-action draw")


def _kind(seat: dict[str, Any] | None) -> str:
    if isinstance(seat, dict) and seat.get("kind") == "computer":
        level = seat.get("level")
        return level if level in OPPONENTS else "normal"
    return "human"


def card_opponents(seats: list[dict[str, Any]], me: int) -> list[str]:
    """The kinds of opponent the seat ``me`` met, each once however many seats it played (a game
    against two Easy seats is one game against Easy; a person and Hard, one against each)."""
    return list(dict.fromkeys(_kind(s) for i, s in enumerate(seats) if i != me))


def cards_entry(seats: list[dict[str, Any]], result: Any, rules: Any,
                trade: str | None = None) -> tuple[str, list[str], str] | None:
    """(outcome, opponent kinds, rule set) of a finished card game for the first person, or None;
    ``trade``: a Journey game's trade rule, part of its rule set."""
    kinds = [_kind(s) for s in seats]
    if "human" not in kinds or result is None:
        return None
    me = kinds.index("human")
    if me in result.winners:
        outcome = "drawn" if len(result.winners) > 1 else "won"
    else:
        outcome = "lost"
    return outcome, card_opponents(seats, me), rules_name_cards(rules, trade)


def jayden_entry(players: dict[str, dict[str, Any]], winner: str | None, enhanced: bool,
                 quiet_draw: bool) -> tuple[str, list[str], str] | None:
    kinds = {side: _kind(players.get(side)) for side in ("g", "r")}
    me = next((side for side in ("g", "r") if kinds[side] == "human"), None)
    if me is None:
        return None
    other = "r" if me == "g" else "g"
    outcome = "drawn" if winner is None else ("won" if winner == me else "lost")
    return outcome, [kinds[other]], rules_name_jayden(enhanced, quiet_draw)


def record(app: AppView, game: str, entry: tuple[str, list[str], str] | None) -> str:
    """Count one finished game in the player's file; returns a problem for the player, or ''."""
    if entry is None:
        return ""
    path = stats_path(app)
    stats = Statistics.load(path)
    stats.add(game, *entry)
    notice = stats.notice
    try:
        stats.save()
    except OSError as e:
        notice = (notice + " " if notice else "") + f"Could not save the statistics to {path}: {e.strerror or e}."
    if notice and isinstance(getattr(app, "notices", None), list):
        app.notices.append(notice)
    return notice


def record_cards(app: Any, seats: list[dict[str, Any]], game: Any, trade: str | None = None) -> str:
    """The card table calls this once, when a placement ends the game (``trade``: a Journey game's)."""
    return record(app, "cards", cards_entry(seats, game.result(), game.rules, trade))


def record_jayden(app: Any, players: dict[str, dict[str, Any]], result: Any, enhanced: bool,
                  quiet_draw: bool) -> str:
    """The Jayden board calls this once, when the game ends (or a draw is agreed)."""
    if result is None:
        return ""
    return record(app, "jayden", jayden_entry(players, result.winner, enhanced, quiet_draw))


def record_jayden_game(app: Any, game: Any, result: Any) -> str:
    """The Jayden board's hook: counts a saved-game object's end once (undo and play on do not count again)."""
    if result is None or getattr(game, "counted_in_statistics", False):
        return ""
    game.counted_in_statistics = True
    return record_jayden(app, dict(game.players), result, bool(game.enhanced), bool(game.quiet_draw))


__all__ = ["ABANDONED", "FILE_NAME", "GAMES", "OPPONENTS", "Statistics", "Tally", "card_opponents", "cards_entry", "jayden_entry",
           "record", "record_cards", "record_jayden", "record_jayden_game",
           "rules_name_cards", "rules_name_jayden", "stats_path"]
