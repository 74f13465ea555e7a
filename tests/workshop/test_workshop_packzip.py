"""Pack zips: read like a folder, and refused whole when they could escape or explode."""

import hashlib
import io
import os
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


REAL_PRIVATE_ROOT = packzip._private_root


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


def _zipped(tmp_path: Path, name: str = "zipped.zip", likes: str = "Archives") -> tuple[Path, str]:
    z = make_zip(tmp_path / name, {"zipped.yaml": PACK.replace("Archives", likes).encode(),
                                   "pictures/zippy.png": png_bytes()})
    return z, hashlib.sha256(z.read_bytes()).hexdigest()[:32]


def _plant(root: Path, digest: str) -> None:
    """What another user could leave in a shared unpack folder under a known zip's digest."""
    (root / digest / "pictures").mkdir(parents=True)
    (root / digest / "zipped.yaml").write_text(PACK.replace("Archives", "Planted"), encoding="utf-8")
    (root / digest / "pictures" / "zippy.png").write_bytes(png_bytes())
    (root / digest / ".complete").write_bytes(b"")


def test_zips_unpack_into_the_players_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("JAYDEN_JAZZ_HOME", str(tmp_path / "home"))
    assert REAL_PRIVATE_ROOT() == tmp_path / "home" / "cache" / "zips"
    monkeypatch.delenv("JAYDEN_JAZZ_HOME")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if not os.name == "nt":
        assert REAL_PRIVATE_ROOT() == tmp_path / "xdg" / "jayden-jazz" / "zips"


def test_the_unpack_folder_is_made_private_and_checked(tmp_path, private_unpack_folder):
    z, _ = _zipped(tmp_path)
    info, cards, problems = load_zip_pack(z)
    assert info is not None and not [p for p in problems if p.is_error]
    st = os.lstat(private_unpack_folder)
    assert stat.S_IMODE(st.st_mode) == 0o700 and st.st_uid == os.getuid()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_content_planted_in_a_folder_others_may_write_is_not_loaded(tmp_path, private_unpack_folder):
    z, digest = _zipped(tmp_path)
    private_unpack_folder.mkdir()
    os.chmod(private_unpack_folder, 0o777)
    _plant(private_unpack_folder, digest)
    info, cards, problems = load_zip_pack(z)
    assert [c.likes for c in cards] == ["Archives"]         # the zip's own card, not the planted one
    assert stat.S_IMODE(os.lstat(private_unpack_folder).st_mode) == 0o700


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners")
def test_an_unpack_folder_of_another_user_or_a_link_is_refused(tmp_path, private_unpack_folder):
    z, digest = _zipped(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    _plant(elsewhere, digest)
    private_unpack_folder.symlink_to(elsewhere)
    info, cards, problems = load_zip_pack(z)
    assert cards == [] and "not a plain folder" in problems[0].message
    private_unpack_folder.unlink()
    if os.getuid() == 0:                     # only root can hand a folder to another user
        elsewhere.rename(private_unpack_folder)
        os.chown(private_unpack_folder, 65534, 65534)
        info, cards, problems = load_zip_pack(z)
        assert cards == [] and "belongs to another user" in problems[0].message


def test_the_unpack_folder_is_pruned_by_age_and_size(tmp_path, private_unpack_folder, monkeypatch):
    old, old_digest = _zipped(tmp_path, "old.zip", "Old")
    mid, mid_digest = _zipped(tmp_path, "mid.zip", "Mid")
    assert load_zip_pack(old)[1] and load_zip_pack(mid)[1]
    stale = private_unpack_folder / ".unpack-crashed"
    stale.mkdir()
    (stale / "zipped.yaml").write_text("half", encoding="utf-8")
    two_hours_ago = os.stat(stale).st_mtime - 7200
    os.utime(stale, (two_hours_ago, two_hours_ago))
    long_ago = two_hours_ago - 40 * 86400
    os.utime(private_unpack_folder / old_digest, (long_ago, long_ago))
    new, new_digest = _zipped(tmp_path, "new.zip", "New")
    assert load_zip_pack(new)[1]
    assert sorted(p.name for p in private_unpack_folder.iterdir()) == sorted([mid_digest, new_digest])
    monkeypatch.setattr(packzip, "MAX_CACHE_BYTES", 1)       # over the cap: only the zip just read stays
    newest, newest_digest = _zipped(tmp_path, "newest.zip", "Newest")
    assert load_zip_pack(newest)[1]
    assert [p.name for p in private_unpack_folder.iterdir()] == [newest_digest]


@pytest.mark.parametrize("entries", [
    {"a" * 300 + "/zipped.yaml": PACK.encode()},
    {"zipped.yaml": PACK.encode(), "pictures/" + "p" * 300 + ".png": b"x"},
    {"zipped.yaml": PACK.encode(), "pictures/" + "/".join(["d" * 250] * 20) + "/x.png": b"x"},
])
def test_a_zip_refused_for_a_long_name_leaves_nothing_behind(tmp_path, private_unpack_folder, entries):
    z = make_zip(tmp_path / "long.zip", entries)
    info, cards, problems = load_zip_pack(z)
    assert info is None and "name too long to unpack" in problems[0].message
    assert list(private_unpack_folder.iterdir()) == []
