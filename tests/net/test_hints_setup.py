"""The host's Hints choice in a game's setup: checked, stored, sent in every view, kept across a restart,
and off for a game stored before the field existed (loopback only, 127.0.0.1 port 0)."""

from __future__ import annotations

import json
import random
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from jayden_jazz.net import protocol as P
from jayden_jazz.net.games import Refusal, check_setup

from .conftest import ThreadServer, client, create, expect

TWO = [{"kind": "human"}, {"kind": "human"}]


@pytest.mark.parametrize("kind,setup", [("jayden", {"hints": True}), ("cards", {"field": "3x3", "hints": False})])
def test_the_setup_takes_hints_true_or_false(kind, setup) -> None:
    msg = P.parse_client(json.dumps({"type": "create", "kind": kind, "setup": setup, "seats": TWO}))
    assert isinstance(msg, P.Create) and msg.setup["hints"] is setup["hints"]
    assert check_setup(kind, msg.setup, TWO, random.Random(1))["hints"] is setup["hints"]


@pytest.mark.parametrize("kind", ["jayden", "cards"])
def test_without_the_field_hints_are_off(kind) -> None:
    assert check_setup(kind, {}, TWO, random.Random(1))["hints"] is False


@pytest.mark.parametrize("value", ["yes", 1, None, [True], {"on": True}])
def test_hints_of_another_type_is_a_bad_setup_in_plain_words(value) -> None:
    raw = json.dumps({"type": "create", "kind": "jayden", "setup": {"hints": value}, "seats": TWO})
    with pytest.raises(P.ProtocolError) as e:
        P.parse_client(raw)
    assert e.value.code == "bad_setup"
    assert "'hints'" in e.value.message and "true (allowed) or false (off)" in e.value.message
    with pytest.raises(Refusal) as r:                     # the table's own check, should one slip past
        check_setup("cards", {"hints": value}, TWO, random.Random(1))
    assert r.value.code == "bad_setup"


def test_the_server_refuses_a_bad_hints_value_and_keeps_the_connection(server) -> None:
    c = client(server.url)
    try:
        c.create("jayden", {"hints": "allowed"}, TWO)
        err = expect(c, "error")
        assert err["code"] == "bad_setup" and "true (allowed) or false (off)" in err["message"]
        created = create(c, "jayden", {"hints": True}, TWO)     # the same connection goes on
        assert created["code"]
    finally:
        c.close()


def _view_of(url: str, game: str, **join: object) -> dict:
    c = client(url)
    try:
        c.join(game, **join)
        return expect(c, "view")
    finally:
        c.close()


@contextmanager
def _serving(data: Path) -> Iterator[ThreadServer]:
    """A loopback server on ``data`` for the block, stopped after it whatever happens."""
    server = ThreadServer(data)
    try:
        yield server
    finally:
        server.stop()


def test_hints_are_stored_and_every_view_says_them_after_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with _serving(data) as server:
        host = client(server.url)
        allowed = create(host, "jayden", {"hints": True}, TWO)
        off = create(host, "cards", {"field": "3x3"}, TWO)
        host.close()
        assert _view_of(server.url, allowed["game"], seat=0)["hints"] is True
        assert _view_of(server.url, off["game"], spectator=True)["hints"] is False
    with _serving(data) as server:                              # a new server on the same folder
        assert _view_of(server.url, allowed["code"], seat=1)["hints"] is True
        assert _view_of(server.url, off["code"], spectator=True)["hints"] is False


def test_a_game_stored_before_the_field_existed_has_hints_off(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with _serving(data) as server:
        host = client(server.url)
        created = create(host, "jayden", {"hints": True}, TWO)
        host.close()
    db = sqlite3.connect(next(data.glob("*.sqlite3")))
    with db:
        (setup,) = db.execute("SELECT setup FROM games WHERE id = ?", (created["game"],)).fetchone()
        old = {k: v for k, v in json.loads(setup).items() if k != "hints"}
        db.execute("UPDATE games SET setup = ? WHERE id = ?", (json.dumps(old), created["game"]))
    db.close()
    with _serving(data) as server:
        assert _view_of(server.url, created["game"], seat=0)["hints"] is False
