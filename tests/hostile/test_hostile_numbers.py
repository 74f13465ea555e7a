"""Whole numbers too long to read: every YAML reader refuses them in plain words, with the line.

Python will not turn a text of more than 4,300 digits into a number; before
the game's safe loader checked the length, one such number in a pack (in a
folder or a zip), a save (its header line alone), a record, the settings,
the statistics or a field file ended in a bare ``ValueError``.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
import yaml

from jayden_jazz import statistics as stats
from jayden_jazz.commands import main as cards_cli
from jayden_jazz.cards.field import FieldError, load_field
from jayden_jazz.cards.loader import load_pack, load_packs
from jayden_jazz.saves import store
from jayden_jazz.scenes.resume import unfinished_games
from jayden_jazz.settings import DEFAULTS, Settings
from jayden_jazz.yamlbase import MAX_INT_CHARS, safe_load

HUGE = "9" * 5000
PACK = ('pack: {id: huge, name: "Huge", author: "tests", version: "1"}\ncards:\n'
        '  - id: c0\n    name: "Card"\n    started_roasting: "2001-01"\n    likes: "Tea"\n'
        '    dislikes: "Rain"\n    description: "A card."\n'
        f'    sides: {{top: 1, right: 2, bottom: 3, left: {HUGE}}}\n')


def test_the_safe_loader_refuses_a_long_number_with_its_line_and_reads_ordinary_ones():
    assert safe_load("a: 12\nb: 0x1f\nc: -1_000\n") == {"a": 12, "b": 31, "c": -1000}
    with pytest.raises(yaml.MarkedYAMLError) as e:
        safe_load(f"a: 1\nb: {HUGE}\n")
    assert e.value.problem_mark.line + 1 == 2 and "too long" in e.value.problem


@pytest.mark.parametrize("text", ["0x" + "f" * 98, "1" * (MAX_INT_CHARS - 1)], ids=["hexadecimal", "decimal"])
def test_a_short_text_standing_for_a_number_too_large_to_print_is_refused(text):
    with pytest.raises(yaml.MarkedYAMLError):
        safe_load(f"n: {text}\n")


def test_a_pack_in_the_cards_folder_is_refused_and_the_others_still_load(tmp_path):
    (tmp_path / "huge.yaml").write_text(PACK)
    (tmp_path / "fine.yaml").write_text(PACK.replace(HUGE, "4").replace("id: huge", "id: fine"))
    catalog, problems = load_packs([tmp_path])
    assert list(catalog.packs) == ["fine"]
    [p] = [p for p in problems if p.file.endswith("huge.yaml")]
    assert "too long" in p.message and p.line == 9


def test_a_pack_inside_a_zip_is_refused_with_a_message(tmp_path):
    z = tmp_path / "huge.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("huge/huge.yaml", PACK)
    info, cards, problems = load_pack(z)
    assert info is None and cards == []
    assert any("too long" in p.message and p.line == 9 for p in problems)


def test_cards_validate_names_the_file_and_line(tmp_path, capsys):
    (tmp_path / "huge.yaml").write_text(PACK)
    assert cards_cli(["validate", str(tmp_path)]) != 0
    out = capsys.readouterr()
    text = out.out + out.err
    assert "huge.yaml" in text and "9" in text and "too long" in text
    assert "Traceback" not in text


def test_cards_replay_refuses_a_record_with_a_long_number(tmp_path, capsys):
    rec = tmp_path / "game.yaml"
    rec.write_text(f"format: jazz-record-1\nfirst_seat: {HUGE}\n")
    assert cards_cli(["replay", str(rec)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("refused: game.yaml") and "line 2" in err and "too long" in err


def _save_text(body: str) -> str:
    return f"{store.MAGIC}\nformat: {store.FORMAT}\nchecksum: {store.checksum(body)}\n\n{body}"


def test_a_save_with_a_long_number_in_its_body_is_refused_with_the_line(tmp_path, capsys):
    sav = tmp_path / "cards-auto.sav"
    sav.write_text(_save_text(f"game: cards\nply: {HUGE}\n"))
    with pytest.raises(store.SaveError) as e:
        store.read(sav)
    assert "line 6" in e.value.problem and "too long" in e.value.problem
    assert cards_cli(["replay", str(sav)]) == 1
    assert capsys.readouterr().err.startswith("refused: cards-auto.sav")


@pytest.mark.parametrize("value", [HUGE, "\u00b2", "1" * 12], ids=["5000 digits", "superscript two", "12 digits"])
def test_a_save_whose_format_line_alone_is_odd_is_refused_and_continue_passes_it_over(tmp_path, value):
    sav = tmp_path / "jayden-auto.sav"
    body = "game: jayden\n"
    sav.write_text(f"{store.MAGIC}\nformat: {value}\nchecksum: {store.checksum(body)}\n\n{body}")
    with pytest.raises(store.SaveError) as e:
        store.read(sav)
    assert "format line is damaged" in e.value.problem
    assert unfinished_games(tmp_path) == []


def test_settings_with_a_long_number_name_the_file_and_line_and_use_the_defaults(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text(f"mute: true\nscale: {HUGE}\n")
    s = Settings.load(path)
    assert str(path) in s.notice and "line 2" in s.notice and "too long" in s.notice
    assert s.values == DEFAULTS
    assert (tmp_path / "settings.yaml.bak").exists()


def test_statistics_with_a_long_number_start_afresh_and_keep_the_file(tmp_path):
    path = tmp_path / stats.FILE_NAME
    path.write_text(f"format: 1\ngames:\n  cards:\n    total: {{played: {HUGE}}}\n")
    s = stats.Statistics.load(path)
    assert "not usable" in s.notice and "line 4" in s.notice
    assert s.games["cards"].total.played == 0
    assert (tmp_path / (stats.FILE_NAME + ".bak")).exists()


def test_a_field_file_with_a_long_number_is_a_field_error(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text(f"name: f\nrows: {HUGE}\n")
    with pytest.raises(FieldError, match="too long"):
        load_field(Path(path))


# ------------------------------------------------------------------ records get a save's value cap

BIG_RECORD = "format: jazz-record-1\nactions: [" + ",".join(["1"] * 60_000) + "]\n"


def test_cards_replay_refuses_a_record_holding_more_values_than_a_save(tmp_path, capsys):
    rec = tmp_path / "big.yaml"
    rec.write_text(BIG_RECORD)
    assert cards_cli(["replay", str(rec)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("refused: big.yaml") and "more than 50,000 values" in err


def test_cards_show_refuses_a_record_holding_more_values_or_bytes_than_a_save(tmp_path, capsys):
    from jayden_jazz.cards.record import GameRecord, RecordError

    rec = tmp_path / "big.yaml"
    rec.write_text(BIG_RECORD)
    with pytest.raises(RecordError, match="more than 50,000 values"):
        GameRecord.from_file(rec)
    rec.write_text("format: jazz-record-1\n# " + "x" * (store.MAX_SAVE_BYTES + 1) + "\n")
    with pytest.raises(RecordError, match="too large"):
        GameRecord.from_file(rec)
    assert cards_cli(["show", str(rec)]) == 1
    assert "too large" in capsys.readouterr().out
