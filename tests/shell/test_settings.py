import os

import yaml

from jayden_jazz.files import atomic_write_text
from jayden_jazz.settings import DEFAULTS, Settings


def test_missing_file_gives_defaults_without_notice(tmp_path):
    s = Settings.load(tmp_path / "settings.yaml")
    assert s.values == DEFAULTS and s.notice == ""


def test_round_trip_keeps_values_and_unknown_keys(tmp_path):
    p = tmp_path / "cfg" / "settings.yaml"
    s = Settings.load(p)
    s["mute"] = True
    s["scale"] = 3
    s["from_the_future"] = {"x": 1}
    s.save()
    t = Settings.load(p)
    assert t["mute"] is True and t["scale"] == 3 and t["from_the_future"] == {"x": 1}
    assert yaml.safe_load(p.read_text())["mute"] is True


def test_atomic_write_leaves_old_file_when_writing_fails(tmp_path, monkeypatch):
    p = tmp_path / "settings.yaml"
    p.write_text("mute: true\n")

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", boom)
    try:
        atomic_write_text(p, "mute: false\n")
    except OSError:
        pass
    assert p.read_text() == "mute: true\n"
    assert [f.name for f in tmp_path.iterdir()] == ["settings.yaml"]   # no temp file left


def test_broken_yaml_gives_defaults_notice_and_bak(tmp_path):
    p = tmp_path / "settings.yaml"
    p.write_text("mute: [unclosed\nscale: 2\n")
    s = Settings.load(p)
    assert s.values == DEFAULTS
    assert "not valid YAML" in s.notice and "line" in s.notice and str(p) in s.notice
    bak = tmp_path / "settings.yaml.bak"
    assert bak.read_text() == "mute: [unclosed\nscale: 2\n"
    assert not p.exists()
    s.save()          # a later save writes a fresh file, the .bak stays
    assert bak.exists() and Settings.load(p).notice == ""


def test_wrong_types_keep_good_keys_and_report_bad(tmp_path):
    p = tmp_path / "settings.yaml"
    p.write_text("mute: yes please\nscale: 3\nfullscreen: 1\n")
    s = Settings.load(p)
    assert s["scale"] == 3
    assert s["mute"] is False and s["fullscreen"] is False
    assert "'mute' should be true or false" in s.notice and "'fullscreen' should be true or false" in s.notice
    assert (tmp_path / "settings.yaml.bak").exists()


def test_not_a_mapping(tmp_path):
    p = tmp_path / "settings.yaml"
    p.write_text("- just\n- a list\n")
    s = Settings.load(p)
    assert "mapping" in s.notice and s.values == DEFAULTS


def test_out_of_range_values_are_refused_with_defaults_and_bak(tmp_path):
    p = tmp_path / "settings.yaml"
    p.write_text("scale: 99\nvolume: 7\nmute: true\n")
    s = Settings.load(p)
    assert s["scale"] == 2 and s["volume"] == 0.5 and s["mute"] is True
    assert "'scale' should be a whole number from 1 to 6, not 99" in s.notice
    assert "'volume' should be a number from 0 to 1, not 7" in s.notice
    assert (tmp_path / "settings.yaml.bak").read_text() == "scale: 99\nvolume: 7\nmute: true\n"


def test_animation_speed_is_one_setting_for_both_games(tmp_path):
    from jayden_jazz.settings import ANIMATION_SPEEDS, Settings, animation_factor
    s = Settings.load(tmp_path / "settings.yaml")
    assert s["animation"] == "normal" and animation_factor(s["animation"]) == 1.0
    assert [animation_factor(n) for n in ANIMATION_SPEEDS] == [2.0, 1.0, 0.4, 0.0]
    s["animation"] = "instant"
    s.save()
    assert Settings.load(tmp_path / "settings.yaml")["animation"] == "instant"
    (tmp_path / "settings.yaml").write_text("animation: 7\n")
    bad = Settings.load(tmp_path / "settings.yaml")
    assert bad["animation"] == "normal" and "animation" in bad.notice
