"""What may lie at the server's database path: damaged, foreign, not a file at all, locked,
read-only. Each is refused at start with one line naming the file (no traceback, exit code 2)
and left exactly as it was; a damaged game is skipped and the others load; an old file without
a version is adopted; the server's files are private."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import sqlite3
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from jayden_jazz.net.dbfile import APPLICATION_ID, ARCHIVE, COLUMNS, SCHEMA, SCHEMA_VERSION
from jayden_jazz.net.logfile import LOG_BACKUPS, LOG_BYTES, PrivateRotatingHandler
from jayden_jazz.net.server import GameServer
from jayden_jazz.net.store import FILE_NAME, Store

from .conftest import ROOT

POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX file kinds and modes")


def our_database(folder: Path, games: int = 3, actions: int = 0) -> list[str]:
    """A real database of the server with ``games`` Jayden games (``actions`` rows each)."""
    store = Store(folder)
    ids = [f"game{i}" for i in range(games)]
    for i, gid in enumerate(ids):
        store.add_game(gid, f"CODE{i:02d}", "jayden", {}, "h" * 64,
                       [{"kind": "human", "name": f"P{i}"}, {"kind": "human", "name": "Q"}], float(i))
        for ply in range(actions):
            store.add_action(gid, ply, ply % 2, f"x{ply:04d}" + "y" * 150)
    store.close()
    return ids


def print_of(path: Path) -> tuple[int, str]:
    """What must not change: the mode and the bytes (a link's target, a folder's names)."""
    st = os.lstat(path)
    if stat.S_ISREG(st.st_mode):
        body = hashlib.sha256(path.read_bytes()).hexdigest()
    elif stat.S_ISLNK(st.st_mode):
        body = os.readlink(path)
    elif stat.S_ISDIR(st.st_mode):
        body = repr(sorted(os.listdir(path)))
    else:
        body = ""
    return st.st_mode, body


def serve(data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "jayden_jazz.net", "serve", "--host", "127.0.0.1", "--port", "0",
                           "--data", str(data)], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.DEVNULL)


def truncated(folder: Path) -> None:
    our_database(folder, games=4, actions=40)
    path = folder / FILE_NAME
    size = path.stat().st_size
    assert size >= 8 * 4096
    with open(path, "r+b") as f:
        f.truncate(size // 2 // 4096 * 4096)


def random_bytes(folder: Path) -> None:
    (folder / FILE_NAME).write_bytes(os.urandom(3 * 4096))


def a_folder(folder: Path) -> None:
    (folder / FILE_NAME).mkdir()
    (folder / FILE_NAME / "inside").write_text("x")


def a_fifo(folder: Path) -> None:
    os.mkfifo(folder / FILE_NAME)


def link_to_nowhere(folder: Path) -> None:
    (folder / FILE_NAME).symlink_to(folder / "gone.sqlite3")


def link_loop(folder: Path) -> None:
    (folder / FILE_NAME).symlink_to(folder / "other")
    (folder / "other").symlink_to(folder / FILE_NAME)


def read_only(folder: Path) -> None:
    our_database(folder)
    os.chmod(folder / FILE_NAME, 0o400)


def foreign(folder: Path) -> None:
    db = sqlite3.connect(folder / FILE_NAME)
    db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    db.execute("INSERT INTO notes (text) VALUES ('shopping')")
    db.commit()
    db.close()


def newer(folder: Path) -> None:
    our_database(folder)
    db = sqlite3.connect(folder / FILE_NAME)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()


def a_fifo_beside(folder: Path) -> None:
    our_database(folder)
    os.mkfifo(folder / (FILE_NAME + "-wal"))


CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo as its -wal": (a_fifo_beside, "-wal is a named pipe"),
    "truncated": (truncated, "damaged"),
    "random bytes": (random_bytes, "not an SQLite database"),
    "folder": (a_folder, "is a folder"),
    "fifo": (a_fifo, "named pipe"),
    "link to nowhere": (link_to_nowhere, "symbolic link"),
    "link loop": (link_loop, "symbolic link"),
    "read-only": (read_only, "read-only"),
    "foreign": (foreign, "another program's SQLite database (tables: notes)"),
    "newer": (newer, "newer Jayden & Jazz"),
}


@POSIX
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_database_it_must_not_use_is_refused_in_one_line_and_left_as_it_was(tmp_path: Path, case: str) -> None:
    make, words = CASES[case]
    data = tmp_path / "data"
    data.mkdir()
    make(data)
    path = data / FILE_NAME
    before = print_of(path)
    started = time.monotonic()
    out = serve(data)
    assert time.monotonic() - started < 30          # a pipe is never opened, so nothing blocks
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1, out.stderr
    assert str(path) in lines[0] and words in lines[0] and "Traceback" not in out.stderr, lines[0]   # or its -wal
    assert "--data" in lines[0] and out.stdout == ""
    assert print_of(path) == before


@POSIX
def test_a_database_locked_by_another_program_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    data = tmp_path / "data"
    our_database(data)
    path = data / FILE_NAME
    before = print_of(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA locking_mode=EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("UPDATE games SET status=status")
    try:
        out = serve(data)
    finally:
        other.execute("ROLLBACK")
        other.close()
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1, out.stderr
    assert str(path) in lines[0] and "locked" in lines[0] and "Traceback" not in out.stderr
    assert print_of(path) == before


def test_a_data_path_that_is_a_file_is_said_plainly(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("not a folder")
    out = serve(data)
    assert out.returncode == 2 and out.stderr.strip() == \
        f"jayden-jazz serve: the data folder {data} is a file, not a folder; name a folder with --data"
    assert data.read_text() == "not a folder"


def test_a_damaged_game_is_skipped_and_logged_and_the_others_load(tmp_path: Path,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    ids = our_database(data, games=4, actions=4)
    db = sqlite3.connect(data / FILE_NAME)
    db.execute("UPDATE games SET setup='{not json' WHERE id=?", (ids[1],))
    db.execute("UPDATE actions SET action=CAST(x'ff41' AS TEXT) WHERE game_id=? AND ply=2", (ids[2],))
    db.execute("DELETE FROM actions WHERE game_id=? AND ply=1", (ids[3],))
    db.commit()
    db.close()
    caplog.set_level(logging.ERROR, logger="jayden_jazz.net")
    server = GameServer(data)
    try:
        assert set(server.tables) == {ids[0]}
    finally:
        asyncio.run(server.close())
    skipped = [r.getMessage() for r in caplog.records if "damaged" in r.getMessage()]
    assert len(skipped) == 3 and all(any(gid in m for m in skipped) for gid in ids[1:]), skipped
    assert "ply 1 is missing" in next(m for m in skipped if ids[3] in m)
    assert not any(r.exc_info for r in caplog.records)
    db = sqlite3.connect(data / FILE_NAME)                     # the damaged rows are kept as they were
    assert db.execute("SELECT setup FROM games WHERE id=?", (ids[1],)).fetchone() == ("{not json",)
    db.close()


def test_a_file_from_before_versions_is_adopted_and_a_new_one_gets_the_schema(tmp_path: Path) -> None:
    old = tmp_path / "old"
    old.mkdir()
    db = sqlite3.connect(old / FILE_NAME)
    db.executescript(SCHEMA)
    db.execute("INSERT INTO games VALUES ('g', 'ABCDEF', 'jayden', '{}', 'h', 'waiting', 0)")
    db.executemany("INSERT INTO seats VALUES ('g', ?, 'human', '', 'P', NULL)", [(0,), (1,)])
    db.commit()
    db.close()
    store = Store(old)
    assert [g.id for g in store.load()] == ["g"]
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert store.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    store.close()
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / FILE_NAME).write_bytes(b"")
    store = Store(empty)
    tables = {n for (n,) in store.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == set(COLUMNS) | set(ARCHIVE.values()) and store.load() == []
    store.close()


def test_an_older_version_is_brought_up_to_date_in_one_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from jayden_jazz.net import dbfile
    our_database(tmp_path, games=1)
    from jayden_jazz.net import schema
    after = SCHEMA_VERSION + 1
    monkeypatch.setattr(dbfile, "SCHEMA_VERSION", after)
    monkeypatch.setitem(schema.MIGRATIONS, after, "ALTER TABLE games ADD COLUMN note TEXT; "
                                                  "UPDATE games SET note = 'moved'")
    store = Store(tmp_path)
    try:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == after
        assert store.db.execute("SELECT id, note FROM games").fetchall() == [("game0", "moved")]
    finally:
        store.close()


@POSIX
def test_the_servers_files_are_private(tmp_path: Path) -> None:
    data = tmp_path / "new" / "data"
    Store(data).close()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / FILE_NAME).stat().st_mode) == 0o600
    old = tmp_path / "old"
    our_database(old)
    os.chmod(old / FILE_NAME, 0o644)
    store = Store(old)
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in old.iterdir()}
    store.close()
    assert modes[FILE_NAME] == 0o600 and all(m == 0o600 for m in modes.values()), modes


@POSIX
def test_the_log_is_private_and_rotated(tmp_path: Path) -> None:
    path = tmp_path / "server.log"
    path.write_text("an old line\n")
    os.chmod(path, 0o644)
    handler = PrivateRotatingHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
    logger = logging.getLogger("test.rotation")
    logger.propagate = False
    logger.addHandler(handler)
    try:
        for i in range(LOG_BYTES * (LOG_BACKUPS + 2) // 1000):
            logger.warning("%06d %s", i, "x" * 990)
    finally:
        logger.removeHandler(handler)
        handler.close()
    logs = sorted(p.name for p in tmp_path.iterdir())
    assert logs == ["server.log"] + [f"server.log.{i}" for i in range(1, LOG_BACKUPS + 1)]
    assert all(stat.S_IMODE((tmp_path / n).stat().st_mode) == 0o600 for n in logs)
    assert all((tmp_path / n).stat().st_size <= LOG_BYTES for n in logs)


def test_damage_met_while_reading_the_games_back_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from jayden_jazz.net.__main__ import main

    def malformed(self: Store) -> list[object]:
        raise sqlite3.DatabaseError("database disk image is malformed")
    our_database(tmp_path)
    monkeypatch.setattr(Store, "load", malformed)
    assert main(["serve", "--host", "127.0.0.1", "--port", "0", "--data", str(tmp_path)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "malformed" in lines[0] and str(tmp_path) in lines[0] and "--data" in lines[0]
