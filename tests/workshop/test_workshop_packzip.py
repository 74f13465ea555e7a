"""Pack zips: read like a folder, and refused whole when they could escape or explode."""

import io
import stat
import zipfile
from pathlib import Path

import pytest

from jayden_jazz.cards import load_packs
from jayden_jazz.cards import packzip
from jayden_jazz.cards.packzip import ZipPackError, load_zip_pack, read_zip, zip_pack

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "cards" / "example"

PACK = """pack: {id: zipped, name: "Zipped", author: "Tester", version: "1.0"}
cards:
  - id: zippy
    name: "Zippy"
    started_roasting: "2002-08"
    likes: "Archives"
    dislikes: "Loose files"
    description: "Zippy travels compressed."
    sides: {top: 5, right: 5, bottom: 5, left: 5}
    picture: pictures/zippy.png
"""


def png_bytes() -> bytes:
    return (EXAMPLE / "pictures" / "devan.png").read_bytes()


def make_zip(path: Path, entries: dict[str, bytes], *, symlinks: tuple[str, ...] = ()) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED
            if name in symlinks:
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, data)
    return path


@pytest.fixture(autouse=True)
def private_unpack_folder(tmp_path, monkeypatch):
    root = tmp_path / "unpacked"
    monkeypatch.setattr(packzip, "_private_root", lambda: root)
    return root


def test_a_good_zip_reads_like_a_folder(tmp_path, private_unpack_folder):
    z = make_zip(tmp_path / "zipped.zip", {"zipped.yaml": PACK.encode(), "pictures/zippy.png": png_bytes(),
                                            "README.txt": b"not part of the pack"})
    info, cards, problems = load_zip_pack(z)
    assert [p for p in problems if p.is_error] == []
    assert info is not None and info.id == "zipped" and info.file == z
    (card,) = cards
    assert card.id == "zipped/zippy" and card.sides == (5, 5, 5, 5)
    assert card.picture is not None and card.picture.read_bytes() == png_bytes()
    assert card.picture.resolve().is_relative_to(private_unpack_folder.resolve())
    assert not any(private_unpack_folder.rglob("README.txt"))      # only the pack is unpacked


def test_a_dropped_zip_in_a_cards_folder_is_a_pack(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    make_zip(folder / "share.zip", {"zipped/zipped.yaml": PACK.encode(),
                                    "zipped/pictures/zippy.png": png_bytes()})
    catalog, problems = load_packs([folder])
    assert "zipped/zippy" in catalog
    assert catalog.packs["zipped"].file == folder / "share.zip"
    assert [p for p in problems if p.is_error] == []


def test_problems_inside_a_zip_name_the_zip_and_the_file(tmp_path):
    bad = PACK.replace("top: 5", "top: 12")
    z = make_zip(tmp_path / "bad.zip", {"zipped.yaml": bad.encode(), "pictures/zippy.png": png_bytes()})
    info, cards, problems = load_zip_pack(z)
    assert cards == []
    (err,) = [p for p in problems if p.is_error]
    assert err.file == str(z / "zipped.yaml") and err.field == "sides.top" and err.line == 9


@pytest.mark.parametrize("name, words", [
    ("../escape.png", "leaves the pack folder"),
    ("pictures/../../escape.png", "leaves the pack folder"),
    ("/etc/escape.png", "absolute path"),
    ("C:/escape.png", "absolute path"),
    ("..\\escape.png", "leaves the pack folder"),
])
def test_escaping_names_refuse_the_whole_zip(tmp_path, private_unpack_folder, name, words):
    z = make_zip(tmp_path / "evil.zip", {"zipped.yaml": PACK.encode(), name: png_bytes()})
    info, cards, problems = load_zip_pack(z)
    assert info is None and cards == []
    (err,) = problems
    assert err.is_error and words in err.message and err.file == str(z)
    assert not (tmp_path / "escape.png").exists()
    assert not any(private_unpack_folder.rglob("*.png")) if private_unpack_folder.exists() else True


def test_a_symlink_entry_refuses_the_zip(tmp_path):
    z = make_zip(tmp_path / "link.zip", {"zipped.yaml": PACK.encode(), "pictures/zippy.png": b"/etc/passwd"},
                 symlinks=("pictures/zippy.png",))
    info, cards, problems = load_zip_pack(z)
    assert info is None and "symbolic link" in problems[0].message


def test_a_zip_bomb_is_refused_after_reading_at_most_the_limit(tmp_path, monkeypatch):
    big = 64 * 1024 * 1024           # 64 MiB of zeros packs into about 64 KiB
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.writestr("zipped.yaml", PACK)
        with zf.open("pictures/zippy.png", "w", force_zip64=True) as f:
            chunk = bytes(1024 * 1024)
            for _ in range(big // len(chunk)):
                f.write(chunk)
    data = buf.getvalue()
    assert len(data) < 1024 * 1024
    read = []
    real_read = zipfile.ZipExtFile.read

    def counting_read(self, n=-1):
        out = real_read(self, n)
        read.append(len(out))
        return out

    monkeypatch.setattr(zipfile.ZipExtFile, "read", counting_read)
    with pytest.raises(ZipPackError, match="more than 2 MiB"):
        read_zip(data)
    assert sum(read) <= packzip.MAX_PICTURE_BYTES + len(PACK) + 2 * 64 * 1024


def test_many_entries_within_limits_still_stop_at_the_total(tmp_path, monkeypatch):
    monkeypatch.setattr(packzip, "MAX_UNPACKED_BYTES", 3 * 1024 * 1024)
    entries = {"zipped.yaml": PACK.encode()}
    for i in range(3):
        entries[f"pictures/p{i}.png"] = bytes(1024 * 1024 + 10)
    z = make_zip(tmp_path / "wide.zip", entries)
    info, cards, problems = load_zip_pack(z)
    assert info is None and "more than 3 MiB" in problems[0].message


def test_a_zip_over_the_size_limit_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(packzip, "MAX_ZIP_BYTES", 4096)
    import os
    z = make_zip(tmp_path / "fat.zip", {"zipped.yaml": PACK.encode(), "pictures/zippy.png": os.urandom(8192)})
    info, cards, problems = load_zip_pack(z)
    assert info is None and "a pack zip may be at most" in problems[0].message


def test_not_a_zip_and_two_pack_files_are_refused_with_reasons(tmp_path):
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"this is not a zip")
    assert "not a readable zip" in load_zip_pack(junk)[2][0].message
    two = make_zip(tmp_path / "two.zip", {"a.yaml": PACK.encode(), "b.yaml": PACK.encode()})
    assert "exactly one pack file" in load_zip_pack(two)[2][0].message


def test_zipping_a_pack_folder_round_trips(tmp_path):
    folder = tmp_path / "mine"
    (folder / "pictures").mkdir(parents=True)
    (folder / "zipped.yaml").write_text(PACK, encoding="utf-8")
    (folder / "pictures" / "zippy.png").write_bytes(png_bytes())
    (folder / "notes.txt").write_text("private", encoding="utf-8")
    out = tmp_path / "share" / "zipped.zip"
    names = zip_pack(folder / "zipped.yaml", out, [folder / "pictures" / "zippy.png"])
    assert names == ["zipped.yaml", "pictures/zippy.png"]
    _, direct, _ = load_packs([folder])[0], None, None
    catalog, _ = load_packs([folder])
    info, cards, problems = load_zip_pack(out)
    assert [p for p in problems if p.is_error] == []
    (card,) = cards
    assert card.picture.read_bytes() == png_bytes()
    from dataclasses import replace
    assert replace(card, picture=None) == replace(catalog["zipped/zippy"], picture=None)


def test_zipping_refuses_files_outside_the_pack(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "zipped.yaml").write_text(PACK, encoding="utf-8")
    outside = tmp_path / "secret.png"
    outside.write_bytes(b"x")
    with pytest.raises(ZipPackError, match="outside the pack folder"):
        zip_pack(folder / "zipped.yaml", tmp_path / "z.zip", [outside])
    assert not (tmp_path / "z.zip").exists()


def test_a_picture_claiming_huge_dimensions_is_left_out_of_its_card(tmp_path):
    png = png_bytes()
    bomb = png[:16] + (60000).to_bytes(4, "big") * 2 + png[24:]
    z = make_zip(tmp_path / "pixels.zip", {"zipped.yaml": PACK.encode(), "pictures/zippy.png": bomb})
    info, cards, problems = load_zip_pack(z)
    assert [c.picture for c in cards] == [None]                 # as in a folder: the card plays without it
    assert any("60000x60000" in p.message and p.file == str(z / "zipped.yaml") for p in problems)


def test_a_zip_named_on_the_command_line_is_a_pack(tmp_path):
    z = make_zip(tmp_path / "one.zip", {"zipped.yaml": PACK.encode(), "pictures/zippy.png": png_bytes()})
    catalog, problems = load_packs([z])
    assert list(catalog) == ["zipped/zippy"] and not [p for p in problems if p.is_error]
