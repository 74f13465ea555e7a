"""The online screens around a card game: Continue names the game, Host and Join remember their
last values, the join code field takes a code's length, errors keep off the key help line.
Servers listen on 127.0.0.1 port 0 only."""

from __future__ import annotations

import pytest
import yaml

from jayden_jazz.scenes.online import link as L
from tests.helpers import step
from tests.scenes.test_online_watch import drawn_text


def keep_session(app, kind: str, url: str) -> None:
    path = L.session_path(app)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump({"format": 1, "kind": kind, "url": url, "game": "g1", "code": "ABC234",
                                    "seat": 1, "token": "t", "saved": "2026-01-01T00:00:00"}), encoding="utf-8")


@pytest.mark.parametrize("kind, words", [("cards", "Card game"), ("jayden", "Jayden")])
def test_continue_names_the_kind_of_game_kept(make_app, kind, words):
    import socket

    with socket.socket() as s:                   # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = make_app()
    keep_session(app, kind, f"ws://127.0.0.1:{port}")
    app.stack.clear()
    app.stack.push(app.scene("menu"))
    app.stack.push(app.scene("online-continue", path=L.session_path(app)))
    step(app)
    text = drawn_text(app)
    assert f"{words}, join code ABC234" in text
    assert ("Jayden" in text) == (kind == "jayden")
    app.stack.clear()
