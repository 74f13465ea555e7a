"""``python -m jayden_jazz.jayden``: legal, perft (divide, positions file), show."""
# rule: jayden.md#perft
# rule: jayden.md#action-notation

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from jayden_helpers import CORNERS, jpn

from jayden_jazz.jayden import Position
from jayden_jazz.jayden.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_legal_lists_sorted_actions(capsys):
    code, out, err = _run(capsys, "legal")
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert len(lines) == 208 and lines == sorted(lines)
    assert set(lines) == {str(a) for a in Position().legal_actions()}


def test_legal_sorts_by_ascii_text(capsys):
    text = jpn(CORNERS + " Hb9 Hb10")
    code, out, _ = _run(capsys, "legal", "--position", text)
    lines = out.splitlines()
    assert lines == sorted(lines)
    assert lines.index("b10-b11") < lines.index("b9-b8")


def test_perft_total(capsys):
    assert _run(capsys, "perft", "2") == (0, "17877\n", "")


def test_perft_divide(capsys):
    code, out, _ = _run(capsys, "perft", "2", "--divide")
    lines = out.splitlines()
    assert lines[-1] == "17877"
    pairs = [line.split(" ") for line in lines[:-1]]
    assert len(pairs) == 208
    assert [p[0] for p in pairs] == sorted(p[0] for p in pairs)
    assert sum(int(p[1]) for p in pairs) == 17877
    assert "b2-b4 204" in lines


def test_perft_depth_zero(capsys):
    assert _run(capsys, "perft", "0")[1] == "1\n"


def test_perft_positions_file(capsys, tmp_path):
    path = tmp_path / "positions.txt"
    second = jpn("Ca1 hb1 Ha4 Mt1 mt14 kt12 ha10")
    path.write_text(f"{Position().jpn()}\n\n{second}\r\n", encoding="utf-8")
    code, out, _ = _run(capsys, "perft", "1", "--positions", str(path))
    assert code == 0 and out.splitlines() == ["208", "9"]


def test_perft_runs_without_the_quiet_draw(capsys):
    text = jpn(CORNERS + " He5", quiet=500)
    code, out, _ = _run(capsys, "perft", "1", "--position", text)
    assert code == 0 and int(out) > 0


def test_show_prints_the_board(capsys):
    code, out, _ = _run(capsys, "show")
    assert code == 0
    assert " 1 C S R R R R I I D M K N I I R R R R S C 1" in out
    assert out.strip().endswith(Position().jpn())


@pytest.mark.parametrize("argv,words", [
    (["legal", "--position", "nonsense"], "expected 6 fields"),
    (["perft", "-1"], "DEPTH must be 0 or more"),
    (["show", "--position", Position().jpn().replace("20/20/20", "20/21/20", 1)], "21"),
])
def test_errors_go_to_stderr_with_nonzero_exit(capsys, argv, words):
    code, out, err = _run(capsys, *argv)
    assert code != 0 and out == ""
    assert err.startswith("error: ") and words in err and "Traceback" not in err


def test_positions_file_errors_name_the_line(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(f"{Position().jpn()}\nbroken\n", encoding="utf-8")
    code, out, err = _run(capsys, "perft", "1", "--positions", str(path))
    assert code == 1 and "line 2" in err and out == ""
    code, _, err = _run(capsys, "perft", "1", "--positions", str(path), "--divide")
    assert code == 1 and "--divide" in err
    code, _, err = _run(capsys, "perft", "1", "--positions", str(tmp_path / "missing"))
    assert code == 1 and "cannot read" in err


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["bogus"])
    assert info.value.code == 2


def test_module_entry_point():
    ok = subprocess.run([sys.executable, "-m", "jayden_jazz.jayden", "perft", "1"],
                        capture_output=True, text=True, cwd=ROOT)
    assert ok.returncode == 0 and ok.stdout == "208\n"
    bad = subprocess.run([sys.executable, "-m", "jayden_jazz.jayden", "legal", "--position", "x"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 1 and "Traceback" not in bad.stderr and bad.stderr.startswith("error:")
