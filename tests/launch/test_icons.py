"""Icon files: sizes read from PNG headers, the window icon, .ico/.icns for bundles."""

import struct

import pygame
import pytest

from jayden_jazz import paths
from tests.launch.launch_tools import load_tool, make_png

PNG_SIG = b"\x89PNG\r\n\x1a\n"


def test_icon_sizes_come_from_the_images_not_the_names(tmp_path):
    make_png(tmp_path / "small.png", 16)
    make_png(tmp_path / "icon_99.png", 48)
    make_png(tmp_path / "wide.png", 64, 32)          # not square: not an icon size
    (tmp_path / "broken.png").write_bytes(b"not a png at all, just text......")
    (tmp_path / "icon.txt").write_text("grid")
    assert paths.icon_pngs(tmp_path) == {16: tmp_path / "small.png", 48: tmp_path / "icon_99.png"}


def test_no_icon_folder_means_no_icons(tmp_path):
    assert paths.icon_pngs(tmp_path / "missing") == {}
    assert paths.window_icon_png(tmp_path / "missing") is None


@pytest.mark.parametrize("sizes, want", [
    ((16, 32, 64, 256), 64), ((16, 32, 256), 32), ((16, 48, 256), 48), ((16, 256), 16), ((128,), 128)])
def test_window_icon_prefers_64_then_32_then_nearest(tmp_path, sizes, want):
    for s in sizes:
        make_png(tmp_path / f"i{s}.png", s)
    assert paths.window_icon_png(tmp_path) == tmp_path / f"i{want}.png"


def test_shipped_icon_set_has_the_window_and_menu_sizes():
    sizes = set(paths.icon_pngs())
    assert {16, 32, 48, 64, 128, 256} <= sizes, sizes


def test_window_icon_is_set_at_start(make_app, monkeypatch, tmp_path):
    png = make_png(tmp_path / "i.png", 64, colour=(0, 170, 0))
    monkeypatch.setattr(paths, "window_icon_png", lambda folder=None: png)
    seen = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surf: seen.append(surf))
    make_app()
    assert len(seen) == 1 and seen[0].get_size() == (64, 64)
    assert tuple(seen[0].get_at((5, 5)))[:3] == (0, 170, 0)


def test_a_broken_icon_does_not_stop_the_game(make_app, monkeypatch, tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_bytes(PNG_SIG + b"garbage")
    monkeypatch.setattr(paths, "window_icon_png", lambda folder=None: bad)
    seen = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surf: seen.append(surf))
    app = make_app()
    assert app.running and seen == []


def test_ico_holds_every_png_up_to_256(tmp_path):
    bb = load_tool("build_bundle")
    pngs = {s: make_png(tmp_path / f"{s}.png", s) for s in (16, 32, 256, 512)}
    data = bb.write_ico(pngs, tmp_path / "out.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, 3)
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        sizes.append(w or 256)
        assert w == h and planes == 1 and bpp == 32
        blob = data[offset:offset + length]
        assert blob == pngs[w or 256].read_bytes()
    assert sizes == [16, 32, 256]


def test_icns_holds_pngs_under_their_element_types(tmp_path):
    bb = load_tool("build_bundle")
    pngs = {s: make_png(tmp_path / f"{s}.png", s) for s in (16, 24, 32, 128)}
    data = bb.write_icns(pngs, tmp_path / "out.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, found = 8, {}
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        assert data[pos + 8:pos + 16] == PNG_SIG
        found[kind] = data[pos + 8:pos + length]
        pos += length
    assert pos == len(data)
    assert found == {b"icp4": pngs[16].read_bytes(), b"icp5": pngs[32].read_bytes(),
                     b"ic07": pngs[128].read_bytes()}          # 24 px has no icns type


def test_bundle_icon_per_platform(tmp_path):
    bb = load_tool("build_bundle")
    assert bb.platform_icon(tmp_path, "linux") is None
    assert bb.platform_icon(tmp_path, "win32").suffix == ".ico"
    assert bb.platform_icon(tmp_path, "darwin").read_bytes()[:4] == b"icns"
