"""card_pack_dirs: the shipped pack, then the player's folder, then --cards paths."""

from pathlib import Path

import pytest

from jayden_jazz import paths
from jayden_jazz.paths import UserDirs, card_pack_dirs


@pytest.fixture
def dirs(tmp_path):
    return UserDirs(tmp_path / "cfg", tmp_path / "data")


def test_order_shipped_then_player_then_each_extra(dirs, tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "packs"
    a.write_text("x")
    b.mkdir()
    got = card_pack_dirs([a, b], dirs=dirs)
    assert got == [paths.shipped_dir("cards"), dirs.cards, a, b]
    assert (got[0] / "default").is_dir()


def test_player_folder_is_listed_before_it_exists(dirs):
    assert not dirs.cards.exists()
    assert card_pack_dirs([], dirs=dirs) == [paths.shipped_dir("cards"), dirs.cards]


def test_missing_extra_path_is_kept_for_the_loader_to_report(dirs, tmp_path):
    ghost = tmp_path / "nope.yaml"
    assert card_pack_dirs([ghost], dirs=dirs)[-1] == ghost


def test_a_place_named_twice_is_listed_once(dirs, tmp_path, monkeypatch):
    dirs.cards.mkdir(parents=True)
    extra = tmp_path / "mine"
    extra.mkdir()
    monkeypatch.chdir(tmp_path)
    got = card_pack_dirs([paths.shipped_dir("cards"), Path("mine"), extra, dirs.cards / ".." / "cards"],
                         dirs=dirs)
    assert got == [paths.shipped_dir("cards"), dirs.cards, Path("mine")]


def test_defaults_to_the_player_folders(user_home):
    assert card_pack_dirs([])[1] == user_home / "cards"


def test_no_shipped_cards_is_a_clear_error(monkeypatch, tmp_path, dirs):
    monkeypatch.setattr(paths, "_data_roots", lambda: [tmp_path / "empty"])
    with pytest.raises(FileNotFoundError, match="'cards' folder is missing"):
        card_pack_dirs([], dirs=dirs)


def test_cards_flag_reaches_the_list(make_app, tmp_path, user_home):
    pack = tmp_path / "extra.yaml"
    app = make_app("--cards", str(pack), "--cards", str(tmp_path))
    assert card_pack_dirs(app.extra_card_paths, dirs=app.dirs) == [
        paths.shipped_dir("cards"), user_home / "cards", pack, tmp_path]
