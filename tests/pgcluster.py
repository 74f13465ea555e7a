"""A throwaway PostgreSQL cluster for the tests (the stores', the cluster's): made with ``initdb``
in a temporary folder, listening only on a unix socket in that folder (no TCP port at all); each
test makes a database of its own. As root, the cluster is made and run as the ``postgres`` user
(PostgreSQL refuses to run as root).

What a test needs and the machine lacks (PostgreSQL, HAProxy) skips the test saying why -- except
under ``CI=true``, where CI installed them (.ci/run) and a missing one is a failure, never a
quietly skipped half of the suite.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def under_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def lacking(reason: str) -> None:
    """Skip, saying why; under CI=true, fail instead."""
    if under_ci():
        pytest.fail(f"CI=true and {reason}", pytrace=False)
    pytest.skip(reason)


def _pg_bin() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def _as_owner(argv: list[str], cwd: str) -> list[str]:
    """Run as ``postgres`` when we are root (initdb and postgres refuse root)."""
    if os.name == "posix" and os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


class Cluster:
    def __init__(self, bindir: Path, fsync: bool = False) -> None:
        """``fsync``: as a real deployment's (tools/bench_server.py); the tests' cluster runs without,
        what they check does not depend on the disk and they run faster."""
        self.bindir = bindir
        self.fsync = fsync
        self.root = tempfile.mkdtemp(prefix="jj-pg-")     # short: a socket's path has a length limit
        self.data = os.path.join(self.root, "data")
        os.chmod(self.root, 0o755)
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
        self.port = 5432
        self.names = itertools.count()

    def run(self, *argv: str) -> None:
        subprocess.run(_as_owner(list(argv), self.root), check=True, cwd=self.root, timeout=120,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> None:
        self.run(str(self.bindir / "initdb"), "-D", self.data, "-U", "jj", "--auth=trust", "-E", "UTF8",
                 "--no-instructions")
        options = f"-c listen_addresses='' -k {self.root} -p {self.port} -c fsync={'on' if self.fsync else 'off'}"
        self.run(str(self.bindir / "pg_ctl"), "-D", self.data, "-o", options, "-l",
                 os.path.join(self.root, "log"), "-w", "-t", "60", "start")

    def pids(self) -> list[int]:
        """The database server's processes (the postmaster and its children: backends, WAL writer...)."""
        try:
            master = int(Path(self.data, "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return []
        out = [master]
        for stat in glob.glob("/proc/[0-9]*/stat"):
            try:
                if int(Path(stat).read_text().rsplit(")", 1)[1].split()[1]) == master:
                    out.append(int(stat.split("/")[2]))
            except (OSError, ValueError, IndexError):
                continue
        return out

    def stop(self) -> None:
        try:
            self.run(str(self.bindir / "pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://jj@/{dbname}?host={self.root}&port={self.port}"

    def new_database(self) -> str:
        import psycopg
        name = f"t{os.getpid()}_{next(self.names)}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)


def start_cluster(fsync: bool = False) -> Iterator[Cluster]:
    """The session's cluster (the body of the ``pg_cluster`` fixture in tests/conftest.py)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        lacking("psycopg 3 is not installed (pip install -e \".[test]\")")
    bindir = _pg_bin()
    if bindir is None:
        lacking("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql)")
        return
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("runuser") is None:
        lacking("running as root without runuser: PostgreSQL cannot be started as root")
    cluster = Cluster(bindir, fsync)
    try:
        cluster.start()
    except subprocess.CalledProcessError as e:
        shutil.rmtree(cluster.root, ignore_errors=True)
        lacking(f"a throwaway PostgreSQL cluster could not be started: {e.stderr.decode(errors='replace')[-300:]}")
    yield cluster
    cluster.stop()


__all__ = ["Cluster", "lacking", "start_cluster", "under_ci"]
