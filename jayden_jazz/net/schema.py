"""The server's tables, one description for both stores (SQLite and PostgreSQL).

Version 1 is the schema every database starts from; each later version is
one step of :data:`MIGRATIONS`, run in the same transaction as the version
number it writes, so a database is always wholly at one version. A step is
one SQL text for both dialects, or one per dialect where they differ.

Version 2 adds the archive (issue #38): a finished game's rows move out of
the live tables into ``archived_*`` tables of the same columns, so reading
the running games back at start-up costs what is running, not everything
ever played. A finished game is still read on demand (watching it, a seat
coming back to see the end) from the archive, by id or join code. Codes in
the archive are not unique: a code is unique among live games, and an old
code may have been given out again after its game was archived -- the
newest game holding it answers.

Version 3 adds an index of the running games alone (``games_running``, partial:
``WHERE status IN ('waiting', 'playing')``), for the count of running games
each create makes on a shared database (issue #40): without it that count
read every row of ``games``, finished ones too, which stay there until a
start-up archives them -- on a busy server many times what is running.
"""

from __future__ import annotations

APPLICATION_ID = 0x4A4A5356          # "JJSV": a Jayden & Jazz server's games
SCHEMA_VERSION = 3

DIALECTS = ("sqlite", "postgresql")
FINISHED = ("over", "abandoned")
"""Statuses after which nothing more is written for a game: it may be archived."""

_BASE = """
CREATE TABLE {p}games (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL{unique},
    kind TEXT NOT NULL,
    setup TEXT NOT NULL,
    host_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    created {real} NOT NULL
);
CREATE TABLE {p}seats (
    game_id TEXT NOT NULL{ref},
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    level TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE {p}hands (
    game_id TEXT NOT NULL{ref},
    seat INTEGER NOT NULL,
    cards TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE {p}endings (
    game_id TEXT PRIMARY KEY{ref},
    seat INTEGER,
    reason TEXT NOT NULL
);
CREATE TABLE {p}actions (
    game_id TEXT NOT NULL{ref},
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
)
"""

_REAL = {"sqlite": "REAL", "postgresql": "DOUBLE PRECISION"}

SCHEMA = _BASE.format(p="", unique=" UNIQUE", ref=" REFERENCES games(id)", real="REAL") + ";\n"
"""Version 1 in SQLite (as files written before versions were kept hold it)."""


def base(dialect: str) -> str:
    """Version 1's tables in ``dialect``."""
    return _BASE.format(p="", unique=" UNIQUE", ref=" REFERENCES games(id)", real=_REAL[dialect])


COLUMNS = {
    "games": ("id", "code", "kind", "setup", "host_hash", "status", "created"),
    "seats": ("game_id", "seat", "kind", "level", "name", "token_hash"),
    "hands": ("game_id", "seat", "cards"),
    "endings": ("game_id", "seat", "reason"),
    "actions": ("game_id", "ply", "seat", "action"),
}
"""Version 1's tables and columns: what an SQLite file without a version must hold to be adopted."""

ARCHIVE = {name: f"archived_{name}" for name in COLUMNS}
"""Each live table and its archive twin (version 2)."""

MIGRATIONS: dict[int, str | dict[str, str]] = {
    2: _BASE.format(p="archived_", unique="", ref="", real="{real}")
    + ";\nCREATE INDEX archived_games_code ON archived_games (code, created)",
    3: "CREATE INDEX games_running ON games (status) WHERE status IN ('waiting', 'playing')",
}
"""Version n -> the SQL that turns a version n-1 database into version n (``{real}``: the
dialect's floating-point type), or one such text per dialect."""


def migration(version: int, dialect: str) -> list[str]:
    """The statements of one step, in ``dialect``."""
    step = MIGRATIONS[version]
    text = step if isinstance(step, str) else step[dialect]
    return [s.strip().replace("{real}", _REAL[dialect]) for s in text.split(";") if s.strip()]


def statements(text: str) -> list[str]:
    return [s.strip() for s in text.split(";") if s.strip()]


_DONE = ", ".join(f"'{s}'" for s in FINISHED)


def _game_ids() -> str:
    return f"SELECT id FROM games WHERE status IN ({_DONE})"


def archive_move() -> list[str]:
    """Every finished game's rows copied to the archive, then deleted from the live tables
    (children first, for the foreign keys). Run as one transaction: a kill anywhere in it leaves
    each game wholly live or wholly archived."""
    copy = [f"INSERT INTO {ARCHIVE['games']} ({', '.join(COLUMNS['games'])}) "
            f"SELECT {', '.join(COLUMNS['games'])} FROM games WHERE status IN ({_DONE})"]
    drop = []
    for table in ("seats", "hands", "endings", "actions"):
        cols = ", ".join(COLUMNS[table])
        copy.append(f"INSERT INTO {ARCHIVE[table]} ({cols}) SELECT {cols} FROM {table} "
                    f"WHERE game_id IN ({_game_ids()})")
        drop.append(f"DELETE FROM {table} WHERE game_id IN ({_game_ids()})")
    return copy + drop + [f"DELETE FROM games WHERE status IN ({_DONE})"]


__all__ = ["APPLICATION_ID", "ARCHIVE", "COLUMNS", "DIALECTS", "FINISHED", "MIGRATIONS", "SCHEMA", "SCHEMA_VERSION",
           "archive_move", "base", "migration", "statements"]
