"""`python -m jayden_jazz.cards render`: one 250x350 EGA picture per card and a contact sheet."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pygame

from jayden_jazz.cards import load_packs
from jayden_jazz.commands import main
from jayden_jazz.shell.palette import EGA_RGB

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "cards" / "default"


def colours(path: Path) -> set[tuple[int, int, int]]:
    surf = pygame.image.load(str(path))
    rgb = pygame.Surface(surf.get_size())
    rgb.blit(surf, (0, 0))
    arr = pygame.surfarray.array3d(rgb).reshape(-1, 3).astype(np.int64)
    keys = np.unique((arr[:, 0] << 16) | (arr[:, 1] << 8) | arr[:, 2])
    return {(int(k) >> 16, (int(k) >> 8) & 255, int(k) & 255) for k in keys}


def test_render_default_pack_writes_every_card_and_a_contact_sheet(tmp_path, capsys):
    out = tmp_path / "D"
    assert main(["render", str(DEFAULT), "--out", str(out)]) == 0
    catalog, _ = load_packs([DEFAULT])
    keys = {c.key for c in catalog.values()}
    assert len(keys) >= 39
    files = sorted((out / "default").glob("*.png"))
    cards = [f for f in files if f.name != "contact.sheet.png"]
    assert {f.stem for f in cards} == keys
    ega = set(EGA_RGB)
    for f in cards:
        assert pygame.image.load(str(f)).get_size() == (250, 350), f.name
        used = colours(f)
        assert used <= ega, f"{f.name}: {sorted(used - ega)[:3]}"
        assert len(used) >= 4, f"{f.name} is nearly blank"
    sheet = out / "default" / "contact.sheet.png"
    w, h = pygame.image.load(str(sheet)).get_size()
    assert w >= 8 * 250 and h >= 5 * 350       # 39 cards in rows of 8
    assert colours(sheet) <= ega
    assert str(sheet) in capsys.readouterr().out


def test_render_one_card_by_id_or_name(tmp_path):
    out = tmp_path / "one"
    assert main(["render", str(ROOT / "cards"), "--out", str(out), "--card", "example/devan"]) == 0
    assert [p.relative_to(out).as_posix() for p in out.rglob("*.png")] == ["example/devan.png"]
    out2 = tmp_path / "two"
    assert main(["render", str(ROOT / "cards"), "--out", str(out2), "--card", "Devan"]) == 0
    assert (out2 / "example" / "devan.png").is_file()


def test_render_unknown_card_is_refused_with_a_message(tmp_path, capsys):
    assert main(["render", str(DEFAULT), "--out", str(tmp_path), "--card", "nobody_at_all"]) == 1
    assert "no card 'nobody_at_all'" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_the_cards_package_stays_free_of_pygame():
    code = ("import sys, jayden_jazz.cards, jayden_jazz.cards.cli, jayden_jazz.cards.writer, "
            "jayden_jazz.cards.packzip, jayden_jazz.cards.loader; "
            "from jayden_jazz.cards.cli import main; "
            "main(['validate', 'cards/example']); "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr



def test_the_card_command_line_validates_without_pygame_and_renders_by_the_same_spelling(tmp_path):
    """``python -m jayden_jazz.cards`` is one program: validate stays pygame-free, render draws."""
    code = ("import runpy, sys; sys.argv = ['x', 'validate', 'cards/example']\n"
            "try:\n    runpy.run_module('jayden_jazz.cards', run_name='__main__')\n"
            "except SystemExit as e:\n    assert e.code == 0, e.code\n"
            "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame' or "
            "m.startswith(('jayden_jazz.scenes', 'jayden_jazz.saves', 'jayden_jazz.shell'))]\n"
            "assert not bad, bad")
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-m", "jayden_jazz.cards", "render", "cards/example", "--out",
                        str(tmp_path), "--card", "example/devan"], cwd=ROOT, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "example" / "devan.png").is_file()

def _render_refused(capsys, out: Path) -> str:
    """``render --out out`` is refused with one ``error:`` line and status 2, nothing else."""
    code = main(["render", str(ROOT / "cards" / "example"), "--out", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2, err
    assert len(err) == 1 and err[0].startswith("error: "), err
    return err[0]


def test_render_to_a_file_or_under_a_file_is_one_error_line(tmp_path, capsys):
    file = tmp_path / "taken.png"
    file.write_bytes(b"mine")
    assert "is a file, not a folder" in _render_refused(capsys, file)
    assert "Not a directory" in _render_refused(capsys, file / "sub")
    assert file.read_bytes() == b"mine"


def test_render_to_proc_or_an_overlong_name_is_one_error_line(tmp_path, capsys):
    assert "/proc/self" in _render_refused(capsys, Path("/proc/self"))
    assert "File name too long" in _render_refused(capsys, tmp_path / ("n" * 300))


def test_render_into_an_unwritable_folder_is_one_error_line(tmp_path, capsys, monkeypatch):
    import jayden_jazz.scenes.workshop.export as export

    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    if os.geteuid() != 0:          # root writes anywhere; the refused write below stands in for it
        assert "permission denied" in _render_refused(capsys, locked)

    def refuse(path, data):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(export, "atomic_write_bytes", refuse)
    line = _render_refused(capsys, tmp_path / "out")
    assert "Permission denied" in line and "example" in line
