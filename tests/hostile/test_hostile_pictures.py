"""Hostile card pictures: sized from their header before any decoding; damage named by the validator."""

from __future__ import annotations

import io
import struct
import zlib
from contextlib import redirect_stdout
from pathlib import Path

import pygame
import pytest

from jayden_jazz.cards import picturefile
from jayden_jazz.cards.cli import main as cards_cli
from jayden_jazz.cards.loader import load_pack
from jayden_jazz.cards.picturefile import MAX_PICTURE_BYTES, MAX_PICTURE_SIDE, PictureError
from jayden_jazz.scenes.cardkit.pictures import ega_picture

ROOT = Path(__file__).resolve().parents[2]
REAL = (ROOT / "cards" / "example" / "pictures" / "devan.png").read_bytes()
PACK = """pack: {id: pics, name: "Pictures", author: "tests", version: "1"}
cards:
  - id: c0
    name: "Card"
    started_roasting: "2001-01"
    likes: "Tea"
    dislikes: "Rain"
    description: "A card."
    sides: {top: 1, right: 2, bottom: 3, left: 4}
    picture: pictures/p.png
"""


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_claiming(w: int, h: int) -> bytes:
    """A small PNG file whose header claims w x h pixels (a 10000x10000 one costs 720 MB to decode)."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\0" * 1024)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def pack_with(tmp_path, picture: bytes) -> Path:
    (tmp_path / "pictures").mkdir(exist_ok=True)
    (tmp_path / "pictures" / "p.png").write_bytes(picture)
    (tmp_path / "p.yaml").write_text(PACK)
    return tmp_path / "p.yaml"


def validate(path: Path) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = cards_cli(["validate", str(path)])
    return status, out.getvalue()


@pytest.mark.parametrize("size", [(10000, 10000), (20000, 20000), (MAX_PICTURE_SIDE + 1, 8), (8, 65535)])
def test_an_oversized_picture_is_refused_from_its_header(tmp_path, size):
    path = pack_with(tmp_path, png_claiming(*size))
    with pytest.raises(PictureError, match=f"it is {size[0]}x{size[1]} pixels; a picture may be at most "
                                           f"{MAX_PICTURE_SIDE}x{MAX_PICTURE_SIDE}"):
        picturefile.check(tmp_path / "pictures" / "p.png")
    assert ega_picture(tmp_path / "pictures" / "p.png") is None
    _, cards, problems = load_pack(path)
    assert cards[0].picture is None                         # the card loads, without its picture
    assert any(p.field == "picture" and f"{size[0]}x{size[1]} pixels" in p.message for p in problems)
    status, out = validate(path)
    assert f"{size[0]}x{size[1]} pixels" in out


def test_the_largest_allowed_picture_is_used(tmp_path):
    pygame.image.save(pygame.Surface((MAX_PICTURE_SIDE, MAX_PICTURE_SIDE)), str(tmp_path / "big.png"))
    assert picturefile.check(tmp_path / "big.png") == ("PNG", MAX_PICTURE_SIDE, MAX_PICTURE_SIDE)
    assert picturefile.damage(tmp_path / "big.png") is None
    assert ega_picture(tmp_path / "big.png") is not None


def test_a_picture_file_over_the_byte_limit_is_refused(tmp_path):
    path = tmp_path / "fat.png"
    path.write_bytes(REAL + b"\0" * MAX_PICTURE_BYTES)
    with pytest.raises(PictureError, match="a picture may be at most 4 MiB"):
        picturefile.check(path)
    assert ega_picture(path) is None


def flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:]


UNKNOWN = "it is not a picture the game reads (a PNG, JPEG, GIF or BMP file)"


@pytest.mark.parametrize("name, picture, words", [
    ("pixels changed", flip(REAL, len(REAL) - 20), "checksum is wrong"),
    ("cut short", REAL[: len(REAL) // 2], "cut short"),
    ("not a picture", b"hello, I am text\n" * 10, UNKNOWN),
    ("empty", b"", UNKNOWN),
    ("header only", REAL[:30], "cut short"),
])
def test_the_validator_names_damaged_pictures(tmp_path, name, picture, words):
    path = pack_with(tmp_path, picture)
    status, out = validate(path)
    assert words in out, out
    assert "card pics/c0, picture" in out and "shown without a picture" in out


def test_a_sound_picture_gives_no_warning(tmp_path):
    status, out = validate(pack_with(tmp_path, REAL))
    assert status == 0 and out.splitlines() == [
        "1 pack(s), 1 card(s) loaded; 0 card(s) and 0 pack(s) refused; 0 error(s), 0 warning(s)"]


@pytest.mark.parametrize("ext", ["bmp", "jpg"])
def test_other_formats_are_sized_from_their_headers(tmp_path, ext):
    surf = pygame.Surface((37, 21))
    surf.fill((200, 40, 40))
    path = tmp_path / f"p.{ext}"
    pygame.image.save(surf, str(path))
    fmt, w, h = picturefile.check(path)
    assert (w, h) == (37, 21) and fmt in ("BMP", "JPEG")
    assert picturefile.damage(path) is None


def test_gif_headers_are_read():
    head = b"GIF89a" + struct.pack("<HH", 3000, 20) + b"\0" * 10
    assert picturefile.header_size(head) == ("GIF", 3000, 20)


def test_the_picture_editor_refuses_a_huge_picture_before_decoding_it(tmp_path):
    from jayden_jazz.scenes.workshop.picture import MAX_IMPORT_SIDE, PictureError as ImportError_, import_picture

    src = tmp_path / "huge.png"
    src.write_bytes(png_claiming(20000, 20000))
    with pytest.raises(ImportError_, match=f"huge.png: it is 20000x20000 pixels; a picture may be at most "
                                           f"{MAX_IMPORT_SIDE}x{MAX_IMPORT_SIDE}"):
        import_picture(src, tmp_path / "pack", "x")
    assert not (tmp_path / "pack").exists()


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="named pipes are POSIX")
def test_a_pack_picture_that_is_a_named_pipe_is_named_as_one_and_never_read(tmp_path):
    import os
    import threading

    (tmp_path / "pictures").mkdir()
    os.mkfifo(tmp_path / "pictures" / "p.png")
    (tmp_path / "pics.yaml").write_text(PACK, encoding="utf-8")
    out: list = []
    worker = threading.Thread(target=lambda: out.append(load_pack(tmp_path / "pics.yaml")), daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():
        os.close(os.open(tmp_path / "pictures" / "p.png", os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("a pack picture that is a named pipe hung the loader")
    _, cards, problems = out[0]
    assert [c.picture for c in cards] == [None]
    assert any("named pipe" in p.message and "not a picture file" in p.message for p in problems)
