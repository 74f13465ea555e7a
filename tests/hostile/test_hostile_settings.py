"""Hand-edited and hostile settings files: defaults for what does not fit, the file kept as .bak."""

from __future__ import annotations

import os
import time

import pytest

from helpers import press, step
from jayden_jazz.files import clean_stale_temps
from jayden_jazz.settings import DEFAULTS, MAX_SETTINGS_BYTES, Settings

BOMB = "a0: &a0 [x, x]\n" + "".join(f"a{k}: &a{k} [*a{k - 1}, *a{k - 1}]\n" for k in range(1, 30))

DAMAGED = {
    # text of settings.yaml -> (words the notice must hold, key reset to its default)
    "jayden_players_text": ("jayden: {players: oops}\n", "'jayden.players' should be a mapping", "jayden"),
    "jayden_a_list": ("jayden: [g, r]\n", "'jayden' should be a mapping, not a list", "jayden"),
    "jayden_bad_kind": ("jayden: {players: {g: {kind: robot}}}\n", "'jayden.players.g.kind' should be one of",
                        "jayden"),
    "cards_players_text": ("cards: {players: many}\n", "'cards.players' should be a whole number from 2 to 4",
                           "cards"),
    "cards_seats_numbers": ("cards: {seats: [1, 2]}\n", "'cards.seats[1]' should be a mapping", "cards"),
    "cards_a_list": ("cards: [1]\n", "'cards' should be a mapping", "cards"),
    "volume_nan": ("volume: .nan\n", "'volume' should be a number from 0 to 1, not nan", "volume"),
    "volume_inf": ("volume: .inf\n", "'volume' should be a number from 0 to 1, not inf", "volume"),
    "scale_float": ("scale: 2.5\n", "'scale' should be a whole number from 1 to 6", "scale"),
    "animation_word": ("animation: warp\n", "'animation' should be one of slow, normal, fast, instant",
                       "animation"),
    "online_join_code_number": ("online_join: {address: h, code: [1]}\n", "'online_join.code' should be text",
                                "online_join"),
    "online_host_a_list": ("online_host: [game]\n", "'online_host' should be a mapping", "online_host"),
    "alias_bomb": ("mute: true\n" + BOMB, "alias", None),
    "number_key": ("1: one\nmute: true\n", "is not a setting's name", None),
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_settings_file_gives_defaults_a_notice_and_a_bak(tmp_path, name):
    text, words, key = DAMAGED[name]
    path = tmp_path / "settings.yaml"
    path.write_text(text)
    s = Settings.load(path)
    assert words in s.notice, s.notice
    assert "settings.yaml.bak" in s.notice
    assert (tmp_path / "settings.yaml.bak").read_text() == text
    if key is not None:
        assert s[key] == DEFAULTS[key]
    s.save()                                                      # what is written back is usable
    again = Settings.load(path)
    assert again.notice == ""


def test_good_fields_are_kept_next_to_bad_ones(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text("volume: .nan\nscale: 3\njayden: {players: {g: {kind: computer, level: hard}}}\n"
                    "cards: {players: 3, first: random, future_key: [1, 2]}\nfuture: {a: 1}\n")
    s = Settings.load(path)
    assert s["scale"] == 3 and s["volume"] == 0.5
    assert s["jayden"]["players"]["g"] == {"kind": "computer", "level": "hard"}
    assert s["cards"]["players"] == 3 and s["cards"]["future_key"] == [1, 2]   # unknown keys survive
    assert s["future"] == {"a": 1}


def test_a_huge_settings_file_is_not_read(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text("# " + "x" * MAX_SETTINGS_BYTES + "\n")
    s = Settings.load(path)
    assert "too large" in s.notice and s.values == DEFAULTS


def test_a_byte_order_mark_is_fine(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_bytes("\ufeffscale: 4\n".encode("utf-8"))
    s = Settings.load(path)
    assert s.notice == "" and s["scale"] == 4


def point_title_menu_at(app, value: str) -> None:
    """Put the title menu's cursor on an entry, whatever the entries above it."""
    title = app.stack.top
    title.menu.index = [item.value for item in title.menu.items].index(value)


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_the_game_shows_the_notice_and_both_games_open(make_app, user_home, name):
    user_home.mkdir(parents=True, exist_ok=True)
    (user_home / "settings.yaml").write_text(DAMAGED[name][0])
    app = make_app()
    step(app, 2)
    notice = app.stack.top
    assert notice.title == "Notice" and DAMAGED[name][1] in " ".join(notice.lines)
    press(app, "RETURN")                                          # OK
    point_title_menu_at(app, "jayden")
    press(app, "RETURN")                                          # Jayden on the title menu
    press(app, "RETURN")                                          # Start game
    assert type(app.stack.top).__name__ == "JaydenScene"
    from jayden_jazz.scenes.registry import make_scene

    app.stack.push(make_scene("cards", app))
    step(app, 2)
    assert type(app.stack.top).__name__ == "CardsSetupScene"
    assert app.run(frames=3) == 0


def test_interrupted_writes_leave_no_temporaries_behind(make_app, user_home):
    saves = user_home / "saves"
    saves.mkdir(parents=True)
    pack = user_home / "cards" / "mine"
    pack.mkdir(parents=True)
    old = [user_home / "settings.yaml.abc123.tmp", saves / "jayden-slot1.sav.x9y8.tmp",
           pack / ".mine.yaml.k2j3.tmp"]
    fresh = saves / "jayden-slot2.sav.q1w2.tmp"          # another copy of the game may be writing it
    mine = saves / "notes.tmp"                           # not the shape of the game's temporaries
    for p in (*old, fresh, mine):
        p.write_text("half a file")
    hour_ago = time.time() - 3600
    for p in (*old, mine):
        os.utime(p, (hour_ago, hour_ago))
    make_app()
    assert [p.exists() for p in old] == [False, False, False]
    assert fresh.exists() and mine.exists()
    assert clean_stale_temps(saves, older_than=0) == [fresh]


def test_stale_temporaries_are_removed_under_the_linux_layout(make_app, tmp_path, monkeypatch):
    """Settings in ~/.config, the rest in ~/.local/share: statistics and Workshop exports live in the latter."""
    from jayden_jazz import paths

    monkeypatch.delenv("JAYDEN_JAZZ_HOME")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    dirs = paths.user_dirs(platform="linux")
    assert dirs.config != dirs.data
    export = dirs.data / "shared" / "mine"
    export.mkdir(parents=True)
    pictures = dirs.data / "cards" / "mine" / "pictures"
    pictures.mkdir(parents=True)
    old = [dirs.data / "statistics.yaml.abc123.tmp", export / ".c0.png.k2j3.tmp",
           export / ".contact-sheet.png.x1y2.tmp", pictures / ".c0.png.z9z9.tmp"]
    for p in old:
        p.write_text("half a file")
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    make_app()
    assert [p.exists() for p in old] == [False, False, False, False]


def test_the_real_program_run_against_damaged_settings_ends_normally(tmp_path):
    """The whole program, headless: Jayden chosen with a broken remembered setup, exit code 0."""
    import subprocess
    import sys
    from pathlib import Path

    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.yaml").write_text("jayden: {players: oops}\nvolume: .nan\n")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, JAYDEN_JAZZ_HOME=str(home), PYTHONPATH=str(root))
    run = subprocess.run([sys.executable, "-m", "jayden_jazz", "--headless", "--scene", "jayden",
                          "--keys", "RETURN RETURN", "--frames", "40"],
                         env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert (home / "settings.yaml.bak").read_text() == "jayden: {players: oops}\nvolume: .nan\n"


def test_what_the_games_remember_passes_the_checks(tmp_path):
    """Every setup the two games write must read back without a notice (the schema follows the scenes)."""
    from jayden_jazz.scenes.cards import players as card_seats
    from jayden_jazz.scenes.cards.config import MatchConfig
    from jayden_jazz.scenes.jayden import players as jayden_seats

    path = tmp_path / "settings.yaml"
    for seat in card_seats.seat_choices() + [{"kind": "computer", "level": lv} for lv in card_seats.LEVELS]:
        for first in (None, 0, 3):
            cfg = MatchConfig(players=4, seats=[dict(seat)] * 4, first=first, packs_off=["default"])
            s = Settings.load(path)
            s["cards"] = cfg.to_settings()
            s["jayden"] = {"players": {"g": dict(seat), "r": jayden_seats.player_choices()[-1]}}
            s.save()
            again = Settings.load(path)
            assert again.notice == "" and again["cards"] == cfg.to_settings()


def test_any_plain_data_in_any_setting_loads_into_values_that_fit(tmp_path_factory):
    """Whatever a hand editor writes, every known setting ends up fitting its check (or its default)."""
    import math

    import yaml
    from hypothesis import given, settings as hsettings, strategies as st

    from jayden_jazz.settings import SCHEMA

    scalars = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.floats(allow_nan=True),
                        st.text(max_size=8), st.sampled_from(["human", "computer", "hard", "random", "g", "r"]))
    values = st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["players", "g", "r", "kind", "level", "seats", "first", "x"]), inner,
                        max_size=4)), max_leaves=12)
    folder = tmp_path_factory.mktemp("fuzz")

    @hsettings(max_examples=150, deadline=None)
    @given(st.dictionaries(st.sampled_from(sorted(SCHEMA)), values, max_size=5))
    def check(data):
        path = folder / "settings.yaml"
        path.write_text(yaml.safe_dump(data))
        s = Settings.load(path)
        for key, spec in SCHEMA.items():
            spec(s[key], key)                                    # raises if anything slipped through
        v = s["volume"]
        assert math.isfinite(v) and 0 <= v <= 1

    check()


# ------------------------------------------------------------------ the keys: section

def test_ten_thousand_unknown_commands_give_a_short_notice(make_app, user_home):
    from jayden_jazz.shell.keymap import KeyMap

    raw = {f"cmd{i}": ["x"] for i in range(10_000)}
    _, problems = KeyMap.from_settings(raw)
    text = "; ".join(problems)
    assert "'cmd0', 'cmd1', 'cmd2', 'cmd3', 'cmd4' and 9,995 more are not commands" in text
    assert len(text) < 1000
    user_home.mkdir(parents=True)
    (user_home / "settings.yaml").write_text("keys:\n" + "".join(f"  cmd{i}: [x]\n" for i in range(10_000)))
    app = make_app()
    notice = " ".join(app.stack.top.lines)
    assert "9,995 more" in notice and len(notice) < 1200


def test_a_key_name_of_100000_characters_is_not_echoed_whole():
    from jayden_jazz.shell.keymap import KeyMap, key_code

    _, problems = KeyMap.from_settings({"hint": ["k" * 100_000]})
    assert len(problems) == 1 and "is not a key name" in problems[0] and len(problems[0]) < 200
    _, problems = KeyMap.from_settings({"k" * 100_000: ["x"]})
    assert len(problems) == 1 and len(problems[0]) < 1000
    m, problems = KeyMap.from_settings({"hint": ["k"] * 10_000})
    assert problems == ["'hint' has 10,000 keys; a command may have at most 8, so its default keys are used"]
    assert m.command_for(key_code("h")).name == "hint"


def test_many_problems_are_counted_after_the_first_few():
    from jayden_jazz.shell.keymap import COMMANDS, MAX_NAMED, KeyMap

    _, problems = KeyMap.from_settings({c.name: [f"nokey{i}"] for i, c in enumerate(COMMANDS)})
    assert len(problems) == MAX_NAMED + 1
    assert problems[-1] == f"and {len(COMMANDS) - MAX_NAMED:,} more problems"
