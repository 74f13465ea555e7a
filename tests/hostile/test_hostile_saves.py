"""Hand-edited and hostile save files: refused with a message, never a crash, never changed.

Each damaged save has a correct checksum (anyone editing a save by hand can
recompute it, as docs/saves.md explains), so only the body's checks stand
between it and the game.
"""

from __future__ import annotations

import pytest

from helpers import press, step
from jayden_jazz.jayden import START_JPN, Position
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.saves import store
from jayden_jazz.saves.schema import Int, Record, Text
from jayden_jazz.saves.store import SaveError


def good_body() -> dict:
    game = jsave.JaydenGame(start=START_JPN, actions=[], players={"g": {"kind": "human"}, "r": {"kind": "human"}})
    pos = Position(START_JPN)
    pos.push(pos.legal_actions()[0])
    return jsave.to_body(game, pos)


def envelope(body_text: str) -> str:
    """A save around any body text, with the checksum recomputed (as a hand editor would)."""
    return f"{store.MAGIC}\nformat: {store.FORMAT}\nchecksum: {store.checksum(body_text)}\n\n{body_text}"


def bomb(levels: int = 25) -> str:
    """A flow list of nested aliases standing for 2**levels items (a few hundred bytes)."""
    lines = ["&a0 [x, x]"]
    for k in range(1, levels):
        lines.append(f"&a{k} [*a{k - 1}, *a{k - 1}]")
    return "[" + ", ".join(lines) + "]"


def damaged(name: str) -> str:
    """The text of one damaged save by name."""
    body = good_body()
    if name == "players_not_mappings":
        body["players"] = {"g": "human", "r": ["computer", "hard"]}
    elif name == "players_a_list":
        body["players"] = ["human", "human"]
    elif name == "result_number":
        body["result"] = 7
    elif name == "turn_text":
        body["turn"] = "twelve"
    elif name == "actions_numbers":
        body["actions"] = [{"a": 1}]
    elif name == "no_masters":
        start = START_JPN.replace("M", "1").replace("m", "1")
        body.update(start=start, position=Position(start).jpn(), actions=[], turn=1, result=None)
    else:
        text = store.dumps(body).partition("\n\n")[2]
        if name == "alias_bomb_saved":
            text = text.replace(f"saved: '{body['saved']}'", "saved: " + bomb())
        elif name == "alias_bomb_actions":
            text = text.replace("actions:", "extra: " + bomb() + "\nactions:", 1)
        assert text != store.dumps(body).partition("\n\n")[2]
        return envelope(text)
    return store.dumps(body)


DAMAGED = {
    "players_not_mappings": "players.g",
    "players_a_list": "players",
    "result_number": "result",
    "turn_text": "turn",
    "actions_numbers": "actions[1]",
    "alias_bomb_saved": "alias",
    "alias_bomb_actions": "alias",
    "no_masters": "no Master",
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_save_is_refused_in_words_and_left_as_it_is(tmp_path, name):
    path = tmp_path / "jayden-autosave.sav"
    path.write_text(damaged(name), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        jsave.load(path)
    assert DAMAGED[name] in err.value.problem, err.value.problem
    info = store.describe(path, jsave.summary)                  # what the Load window shows
    assert not info.ok and info.label.startswith("(unusable:")
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_the_game_shows_a_damaged_save_and_exits_normally(make_app, name):
    app = make_app("--scene", "jayden")
    saves = app.dirs.saves
    saves.mkdir(parents=True, exist_ok=True)
    path = jsave.slot_path(saves, "autosave")
    path.write_text(damaged(name), encoding="utf-8")
    press(app, "DOWN", "RETURN")                                  # Load game
    window = app.stack.top
    assert "unusable" in window.items[0].label, [i.label for i in window.items]
    press(app, "RETURN")                                          # choose it anyway: it says why
    step(app, 2)
    refused = app.stack.top
    assert refused.title == "Save file refused"
    assert DAMAGED[name] in " ".join(refused.lines)
    assert app.run(frames=3) == 0


@pytest.mark.parametrize("change", ["crlf", "bom", "both"])
def test_editor_line_endings_and_byte_order_mark_do_not_spoil_a_save(tmp_path, change):
    text = store.dumps(good_body())
    if change in ("crlf", "both"):
        text = text.replace("\n", "\r\n")
    if change in ("bom", "both"):
        text = "\ufeff" + text
    path = tmp_path / "s.sav"
    path.write_bytes(text.encode("utf-8"))
    game, pos = jsave.load(path)
    assert len(game.actions) == 1 and pos.jpn() == good_body()["position"]


def test_any_save_kind_can_check_its_body_with_a_schema(tmp_path):
    kind = Record({"game": Text(("cards",)), "ply": Int(0, 100)}, required=("game", "ply"))
    path = tmp_path / "c.sav"
    store.write(path, {"game": "cards", "ply": 3})
    assert store.read(path, kind)["ply"] == 3
    store.write(path, {"game": "cards", "ply": True})
    with pytest.raises(SaveError, match="the field ply should be a whole number from 0 to 100, not true"):
        store.read(path, kind)
    info = store.describe(path, lambda body: "fine", kind)
    assert not info.ok and "ply" in info.label


def test_a_save_anchor_without_alias_is_plain_data_and_loads(tmp_path):
    """Only aliases are refused: an anchor alone builds nothing more than what is written."""
    text = store.dumps(good_body()).partition("\n\n")[2].replace("mode: ", "mode: &m ", 1)
    path = tmp_path / "a.sav"
    path.write_text(envelope(text))
    assert jsave.load(path)[0].enhanced is True


def test_a_save_holding_too_many_values_is_refused_early(tmp_path):
    from jayden_jazz.saves.schema import MAX_VALUES

    text = store.dumps(good_body()).partition("\n\n")[2] + "junk: [" + ", ".join(["x"] * (MAX_VALUES + 1)) + "]\n"
    path = tmp_path / "big.sav"
    path.write_text(envelope(text))
    with pytest.raises(SaveError, match=f"more than {MAX_VALUES:,} values"):
        jsave.load(path)


def test_a_long_real_game_still_loads(tmp_path):
    """The limits sit far above real saves: a game to the quiet-draw rule several times over loads."""
    game = jsave.JaydenGame(start=START_JPN, actions=[], players={"g": {"kind": "human"}, "r": {"kind": "human"}},
                            quiet_draw=False)
    pos = Position(START_JPN, quiet_draw=False)
    import random

    rng = random.Random(3)
    while pos.result is None and len(pos.history) < 600:
        pos.push(rng.choice(pos.legal_actions()))
    path = tmp_path / "long.sav"
    jsave.save(path, game, pos)
    assert jsave.load(path)[1].jpn() == pos.jpn()


def test_the_real_program_run_against_a_damaged_save_ends_normally(tmp_path):
    """The whole program, headless, as a player would start it: a message, exit code 0, no traceback."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    home = tmp_path / "home"
    (home / "saves").mkdir(parents=True)
    jsave.slot_path(home / "saves", "autosave").write_text(damaged("players_not_mappings"), encoding="utf-8")
    shot = tmp_path / "shot.png"
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, JAYDEN_JAZZ_HOME=str(home), PYTHONPATH=str(root))
    run = subprocess.run([sys.executable, "-m", "jayden_jazz", "--headless", "--scene", "jayden",
                          "--keys", "DOWN RETURN RETURN", "--frames", "40", "--screenshot", str(shot)],
                         env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert shot.exists()


def test_a_card_game_record_with_an_alias_bomb_is_refused():
    """Card game records (what card saves and the card AI read) get the same bounds as packs."""
    from jayden_jazz.cards.errors import RecordError
    from jayden_jazz.cards.record import GameRecord

    text = "format: jazz-record-1\nnames: " + bomb(40) + "\n"
    with pytest.raises(RecordError, match="stands for more than"):
        GameRecord.from_yaml(text)


def test_any_plain_data_in_any_field_is_loaded_or_refused_never_a_crash(tmp_path_factory):
    from hypothesis import given, settings as hsettings, strategies as st

    scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.floats(allow_nan=True),
                        st.text(max_size=6), st.sampled_from(["human", "computer", "g", "r", "forfeit", "jayden"]))
    values = st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["g", "r", "kind", "level", "winner", "reason"]), inner, max_size=3)),
        max_leaves=8)
    fields = ["game", "saved", "players", "mode", "quiet_draw", "start", "position", "turn", "result", "actions"]
    folder = tmp_path_factory.mktemp("fuzz")
    base = good_body()

    @hsettings(max_examples=150, deadline=None)
    @given(st.dictionaries(st.sampled_from(fields), values, min_size=1, max_size=3))
    def check(changes):
        path = folder / "jayden-autosave.sav"
        path.write_text(store.dumps({**base, **changes}), encoding="utf-8")
        try:
            jsave.load(path)
        except SaveError as e:
            assert e.problem
        store.describe(path, jsave.summary)                     # the Load window never fails

    check()


# ------------------------------------------------------------------ Continue on the title

def test_continue_reads_each_save_once_until_it_changes(tmp_path, monkeypatch):
    from jayden_jazz.scenes import resume

    good = tmp_path / "jayden-auto.sav"
    store.write(good, good_body())
    for i in range(10):    # refused files: a valid envelope whose body is not a game
        (tmp_path / f"junk{i}.sav").write_text(envelope("x: [" + ",".join(["1"] * 1000) + "]\n"))
    for i in range(5):     # not saves at all: a look at the first bytes is enough
        (tmp_path / f"other{i}.sav").write_bytes(b"\0" * 1_000_000)
    reads: list[str] = []
    real_read = store.read
    monkeypatch.setattr(store, "read", lambda path, schema=None: reads.append(path.name) or real_read(path, schema))
    assert [u.path for u in resume.unfinished_games(tmp_path)] == [good]
    assert reads == ["jayden-auto.sav"]          # the others do not start like a game's save
    reads.clear()
    for _ in range(3):
        assert resume.latest_unfinished(tmp_path).path == good
    assert reads == []
    finished = good_body()
    finished["result"] = {"winner": "g", "reason": "capture"}
    store.write(good, finished)
    assert resume.unfinished_games(tmp_path) == [] and reads == ["jayden-auto.sav"]
    good.unlink()
    assert resume.unfinished_games(tmp_path) == [] and good not in resume._heads and good not in resume._checked


def test_continue_reads_whole_only_the_newest_saves_it_needs(tmp_path, monkeypatch):
    from jayden_jazz.scenes import resume

    for i in range(10):
        body = good_body()
        body["saved"] = f"2026-01-{i + 1:02d}T12:00:00"
        store.write(tmp_path / f"jayden-slot{i}.sav", body)
    damaged = good_body()
    damaged["saved"] = "2026-02-01T12:00:00"           # the newest, but its fields do not fit
    damaged["turn"] = "green"
    store.write(tmp_path / "jayden-auto.sav", damaged)
    reads: list[str] = []
    real_read = store.read
    monkeypatch.setattr(store, "read", lambda path, schema=None: reads.append(path.name) or real_read(path, schema))
    assert resume.latest_unfinished(tmp_path).path.name == "jayden-slot9.sav"
    assert reads == ["jayden-auto.sav", "jayden-slot9.sav"]
    assert [u.path.name for u in resume.unfinished_games(tmp_path)] == [f"jayden-slot{i}.sav" for i in range(9, -1, -1)]
