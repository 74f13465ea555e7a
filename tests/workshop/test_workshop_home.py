"""The Workshop's pack list: own packs only, new pack, copy, delete (asks, No first), zip for sharing."""

import re
import zipfile
from pathlib import Path

import pygame
import pytest

from jayden_jazz.cards import Card
from jayden_jazz.cards.loader import load_pack
from jayden_jazz.cards.packzip import load_zip_pack
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.scenes.workshop.editor import CardEditorScene
from jayden_jazz.scenes.workshop.home import WorkshopScene
from jayden_jazz.scenes.workshop.ownpacks import new_pack, save_card
from jayden_jazz.scenes.workshop.picture import (FilePicker, PixelEditor, import_picture,
                                                 load_indices, MAX_IMPORT_BYTES)
from jayden_jazz.shell.palette import EGA_RGB
from tests.helpers import assert_ega_only
from tests.workshop.workshop_helpers import key, type_text

ROOT = Path(__file__).resolve().parents[2]


def a_card(pack_id: str, key_: str = "ember", name: str = "Ember") -> Card:
    return Card(id=f"{pack_id}/{key_}", name=name, sides=(5, 5, 5, 5), started_roasting=(2002, 8),
                likes="Lava", dislikes="Ice", description=f"{name} is hot.")


@pytest.fixture
def home(make_app, user_home):
    app = make_app()
    pack = new_pack(Path(app.dirs.cards), "Mine", "Me", set())
    pack = save_card(pack, a_card("mine"), None)
    scene = WorkshopScene(app)
    app.stack.push(scene)
    return app, scene


def goto_card(app, scene, key_: str) -> None:
    for _ in range(len(scene.rows)):
        kind, pack, card = scene.current
        if card is not None and card.key == key_:
            return
        key(app, "DOWN")
    raise AssertionError(key_)


def test_only_the_players_packs_are_listed(home):
    app, w = home
    assert [p.id for p in w.packs] == ["mine"]
    assert [r[0] for r in w.rows] == ["pack", "card", "new", "newpack"]


def test_a_new_pack_is_made_by_typing_its_name(make_app, user_home):
    app = make_app()
    w = WorkshopScene(app)
    app.stack.push(w)
    key(app, "RETURN")                              # "+ new pack"
    key(app, "END", *["BACKSPACE"] * 8)
    type_text(app, "Lagoon Extras")
    key(app, "RETURN")
    type_text(app, "Sam")
    key(app, "RETURN")
    (pack,) = w.packs
    assert (pack.id, pack.name, pack.info.author) == ("lagoon_extras", "Lagoon Extras", "Sam")
    assert pack.file == Path(app.dirs.cards) / "lagoon_extras" / "lagoon_extras.yaml"
    assert w.current[0] == "new"


def test_delete_asks_and_no_is_the_default(home):
    app, w = home
    goto_card(app, w, "ember")
    key(app, "DELETE")
    ask = app.stack.top
    assert isinstance(ask, ChoiceWindow) and ask.menu.current.value == "no"
    key(app, "RETURN")
    assert [c.key for c in w.packs[0].cards] == ["ember"]
    key(app, "DELETE", "DOWN", "RETURN")
    assert w.packs[0].cards == []
    assert load_pack(w.packs[0].file)[1] == []


def test_delete_after_a_hand_edit_writes_nothing_and_shows_the_file_as_it_is(home):
    import os

    from jayden_jazz.scenes.windows import MessageWindow

    app, w = home
    goto_card(app, w, "ember")
    file = w.packs[0].file
    edited = file.read_text(encoding="utf-8").replace('name: "Ember"', 'name: "Ember by hand"')
    file.write_text(edited, encoding="utf-8")
    st = os.stat(file)
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    key(app, "DELETE", "DOWN", "RETURN")
    win = app.stack.top
    assert isinstance(win, MessageWindow) and "changed on disk" in " ".join(win.lines)
    assert file.read_text(encoding="utf-8") == edited
    assert [c.name for c in w.packs[0].cards] == ["Ember by hand"]


def test_copy_opens_the_editor_on_a_new_card(home):
    app, w = home
    goto_card(app, w, "ember")
    key(app, "c")
    ed = app.stack.top
    assert isinstance(ed, CardEditorScene) and ed.card.key == "ember_copy" and ed.card.name == "Ember (copy)"
    key(app, "F2", "ESCAPE")
    assert app.stack.top is w
    assert [c.key for c in w.packs[0].cards] == ["ember", "ember_copy"]


def test_shipped_and_added_packs_are_never_offered(make_app, user_home):
    app = make_app("--cards", str(ROOT / "tests" / "scenes" / "cards_pack"))
    new_pack(Path(app.dirs.cards), "Mine", "Me", set())
    w = WorkshopScene(app)
    app.stack.push(w)
    assert [p.id for p in w.packs] == ["mine"]
    before = {p: p.read_bytes() for p in (ROOT / "cards").rglob("*.yaml")}
    key(app, "DOWN", "RETURN", "F2", "ESCAPE", "ESCAPE")
    assert {p: p.read_bytes() for p in (ROOT / "cards").rglob("*.yaml")} == before


def test_zip_a_pack_from_the_workshop(home):
    app, w = home
    goto_card(app, w, "ember")
    key(app, "z")
    top = app.stack.top
    assert isinstance(top, ChoiceWindow) and top.title == "Zipped" and top.menu.current.value == "ok"
    out = Path(app.dirs.data) / "shared" / "mine.zip"
    assert zipfile.ZipFile(out).namelist() == ["mine.yaml"]
    info, cards, problems = load_zip_pack(out)
    assert [c.id for c in cards] == ["mine/ember"]


def test_a_locked_pack_says_why(make_app, user_home):
    app = make_app()
    own = Path(app.dirs.cards)
    own.mkdir(parents=True)
    (own / "half.yaml").write_text('pack: {id: half, name: "Half", author: "x", version: "1"}\n'
                                  'cards:\n  - id: a\n    name: "A"\n', encoding="utf-8")
    w = WorkshopScene(app)
    app.stack.push(w)
    assert w.packs[0].locked and "fix the file by hand" in w.packs[0].locked
    assert "new" not in [r[0] for r in w.rows]
    app.render()
    assert_ega_only(app.display.logical)


# ---------------------------------------------------------------------- pictures


def test_import_scales_and_reduces_to_ega(tmp_path):
    src = tmp_path / "photo.png"
    img = pygame.Surface((200, 100), 0, 32)
    for x in range(200):
        pygame.draw.line(img, (x, 255 - x, (x * 7) % 256), (x, 0), (x, 99))
    pygame.image.save(img, str(src))
    dest = import_picture(src, tmp_path / "pack", "ember")
    assert dest == tmp_path / "pack" / "pictures" / "ember.png"
    got = pygame.image.load(str(dest))
    assert got.get_size() == (64, 32)
    rgb = pygame.surfarray.array3d(got).reshape(-1, 3)
    assert {tuple(int(v) for v in c) for c in rgb} <= set(EGA_RGB)
    assert import_picture(src, tmp_path / "pack", "ember").name == "ember_2.png"   # never overwrites


def test_import_refuses_big_files_and_non_pictures(tmp_path):
    from jayden_jazz.scenes.workshop.picture import PictureError

    big = tmp_path / "big.png"
    big.write_bytes(b"\0" * (MAX_IMPORT_BYTES + 1))
    with pytest.raises(PictureError, match="at most 4 MiB"):
        import_picture(big, tmp_path, "x")
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not a picture")
    with pytest.raises(PictureError, match="PNG, JPEG, GIF or BMP"):
        import_picture(junk, tmp_path, "x")
    bomb = tmp_path / "bomb.png"          # a header claiming 100000x100000 pixels is refused unread
    head = (EXAMPLE_PNG := (ROOT / "cards" / "example" / "pictures" / "devan.png").read_bytes())[:16]
    bomb.write_bytes(head + (100000).to_bytes(4, "big") * 2 + EXAMPLE_PNG[24:])
    with pytest.raises(PictureError, match="100000x100000 pixels"):
        import_picture(bomb, tmp_path, "x")
    assert not (tmp_path / "pictures").exists()


def test_import_through_the_file_picker(home, tmp_path):
    app, w = home
    goto_card(app, w, "ember")
    key(app, "RETURN")
    ed = app.stack.top
    src_dir = tmp_path / "mypics"
    src_dir.mkdir()
    pygame.image.save(pygame.Surface((16, 16)), str(src_dir / "face.png"))
    ed.stack.push(FilePicker(app, lambda p: __import__(
        "jayden_jazz.scenes.workshop.picture", fromlist=["_imported"])._imported(app, ed, p), start=src_dir))
    key(app, "DOWN", "RETURN")                     # ".." is first, then face.png
    assert app.stack.top is ed
    assert ed.card.picture == ed.pack.folder / "pictures" / "ember.png"
    key(app, "F2")
    assert load_pack(ed.pack.file)[1][0].picture == ed.card.picture


def _unblock(fifo: Path) -> None:
    """Open the pipe's other end so a reader stuck on it returns (a test must not hang)."""
    import os

    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:
        return
    os.close(fd)


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_chosen_as_a_picture_is_refused_in_plain_words(home, tmp_path):
    import os
    import threading

    from jayden_jazz.scenes.workshop.picture import _imported
    from jayden_jazz.scenes.windows import MessageWindow

    app, w = home
    goto_card(app, w, "ember")
    key(app, "RETURN")
    ed = app.stack.top
    src_dir = tmp_path / "mypics"
    src_dir.mkdir()
    fifo = src_dir / "face.png"
    os.mkfifo(fifo)
    ed.stack.push(FilePicker(app, lambda p: _imported(app, ed, p), start=src_dir))
    done = threading.Event()

    def pick() -> None:
        key(app, "DOWN", "RETURN")                 # ".." is first, then face.png
        done.set()

    worker = threading.Thread(target=pick, daemon=True)
    worker.start()
    worker.join(5)
    if not done.is_set():
        _unblock(fifo)
        worker.join(5)
        pytest.fail("choosing a named pipe as a picture hung the game")
    win = app.stack.top
    assert isinstance(win, MessageWindow)
    text = " ".join(win.lines)
    assert "face.png" in text and "named pipe" in text and "not a picture file" in text
    assert ed.card.picture is None
    assert not (ed.pack.folder / "pictures").exists()


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="POSIX devices")
def test_devices_and_folders_are_never_read_as_pictures(tmp_path):
    """The pipe case is in the test above, which cannot hang when it fails."""
    from jayden_jazz.cards import picturefile
    from jayden_jazz.scenes.cardkit.pictures import ega_picture
    from jayden_jazz.scenes.workshop.picture import PictureError

    import socket

    folder = tmp_path / "folder.png"
    folder.mkdir()
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp_path / "sock.png"))
    for path, kind in ((Path("/dev/null"), "a character device"), (tmp_path / "sock.png", "a socket"),
                       (folder, "a folder")):
        with pytest.raises(picturefile.PictureError, match=rf"it is {re.escape(kind)}, not a picture file"):
            picturefile.check(path)
        with pytest.raises(PictureError, match="not a picture file"):
            import_picture(path, tmp_path / "pack", "x")
        assert ega_picture(path) is None
        assert "not a picture file" in (picturefile.damage(path) or "")
    sock.close()
    assert not (tmp_path / "pack").exists()


def test_pixel_editor_paints_in_ega_and_saves(home):
    app, w = home
    goto_card(app, w, "ember")
    key(app, "RETURN")
    ed = app.stack.top
    key(app, "F4", "DOWN", "RETURN")               # "Draw a new picture..."
    px = app.stack.top
    assert isinstance(px, PixelEditor) and px.pixels.shape == (32, 32)
    type_text(app, "]")                            # after white comes see-through
    assert px.colour == 255
    key(app, "RETURN")                             # painting see-through on see-through: no change
    assert not px.dirty and px.history == []
    px.colour = 12
    key(app, "RETURN", "RIGHT", "f")
    assert px.pixels[16, 16] == 12 and (px.pixels == 12).sum() == 32 * 32
    key(app, "F3")
    assert (px.pixels == 12).sum() == 1
    key(app, "F2")
    assert ed.card.picture is not None
    assert load_indices(ed.card.picture)[16, 16] == 12
    app.render()
    assert_ega_only(app.display.logical)
    key(app, "ESCAPE")
    assert app.stack.top is ed


def test_pack_name_author_and_version_can_be_changed(home):
    app, w = home
    assert w.current[0] == "pack"
    key(app, "RETURN", "DOWN", "RETURN")          # the pack's menu: "Name, author and version..."
    key(app, "END", *["BACKSPACE"] * 4)
    type_text(app, "Lagoon")
    key(app, "RETURN", "RETURN")                   # the author stays
    key(app, "END", "BACKSPACE", "BACKSPACE", "BACKSPACE")      # "1.0"
    type_text(app, "1.1")
    key(app, "RETURN")
    (pack,) = w.packs
    assert (pack.id, pack.name, pack.info.author, pack.info.version) == ("mine", "Lagoon", "Me", "1.1")
    assert [c.key for c in pack.cards] == ["ember"]


def test_a_pack_as_card_pictures_from_the_workshop(home):
    app, w = home
    key(app, "RETURN")                             # the pack's menu
    menu = app.stack.top
    while menu.menu.current.value != "render":
        key(app, "DOWN")
    key(app, "RETURN")
    folder = Path(app.dirs.data) / "shared" / "mine"
    assert sorted(p.name for p in folder.iterdir()) == ["contact.sheet.png", "ember.png"]
    assert pygame.image.load(str(folder / "ember.png")).get_size() == (250, 350)
    assert app.stack.top.title == "Cards as pictures"
