"""The kept online game (``online.yaml``) is written and forgotten from the saves folder alone, and a
write that fails is told through the notice callback: no app is needed, and nothing is raised."""

from __future__ import annotations

from types import SimpleNamespace

from jayden_jazz.online.connector import Link
from jayden_jazz.online.session import SESSION_FILE, forget_session, load_session, save_session, session_path


def link(game: str = "g1", token: str | None = "tok", url: str = "ws://127.0.0.1:9") -> Link:
    net = SimpleNamespace(session={"token": token} if token else None)
    return Link(net=net, url=url, game=game, code="ABC123", seat=1, kind="cards")  # type: ignore[arg-type]


def test_a_seat_is_kept_in_the_saves_folder_and_read_back(tmp_path):
    said: list[str] = []
    save_session(tmp_path, link(), notice=said.append)
    kept = load_session(session_path(tmp_path))
    assert session_path(tmp_path) == tmp_path / SESSION_FILE
    assert kept is not None and (kept["game"], kept["seat"], kept["token"], kept["kind"]) == ("g1", 1, "tok", "cards")
    assert said == []


def test_a_write_that_fails_is_told_through_the_notice_and_keeps_nothing(tmp_path):
    saves = tmp_path / "saves"
    saves.write_text("a file where the folder should be", encoding="utf-8")
    said: list[str] = []
    save_session(saves, link(), notice=said.append)
    assert len(said) == 1 and said[0].startswith("Could not keep the online game for Continue in ")
    assert str(saves / SESSION_FILE) in said[0]
    save_session(saves, link())                     # no one to tell: still nothing raised
    assert saves.read_text(encoding="utf-8") == "a file where the folder should be"


def test_a_seat_without_a_token_is_not_kept(tmp_path):
    save_session(tmp_path, link(token=None))
    assert not session_path(tmp_path).exists()


def test_forgetting_one_game_leaves_a_newer_one_kept(tmp_path):
    save_session(tmp_path, link("newer"))
    forget_session(tmp_path, "older")
    assert load_session(session_path(tmp_path))["game"] == "newer"
    forget_session(tmp_path, "newer")
    assert not session_path(tmp_path).exists()
    forget_session(tmp_path)                        # nothing kept: nothing to do, nothing raised
    assert not session_path(tmp_path).exists()


def test_the_kept_address_is_the_servers_never_a_games_path(tmp_path):
    """The game's path is made again from the kept code on Continue; a path kept with the address
    could name another game than the code does."""
    save_session(tmp_path, link(url="ws://proxy.example:80/game/ZZZZZZ/"))
    kept = load_session(session_path(tmp_path))
    assert kept is not None and kept["url"] == "ws://proxy.example:80" and kept["code"] == "ABC123"
