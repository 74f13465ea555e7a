"""Key bindings as data: the manual's defaults, remapping in Options > Keys, settings."""

import pygame
import pytest
import yaml

from jayden_jazz import paths
from jayden_jazz.scenes.keys import KeysScene
from jayden_jazz.scenes.options import OptionsScene
from jayden_jazz.scenes.title import TitleScene
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.shell.input import InputMap, Kind
from jayden_jazz.shell.keymap import BY_NAME, COMMANDS, DEFAULT_KEYS, KeyConflict, KeyMap, key_code, may_share
from tests.helpers import press


@pytest.fixture(autouse=True)
def video():
    """Key names come from SDL, which needs the video system (the game always has it)."""
    pygame.display.init()
    yield


def down(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def kinds(im, k):
    return [a.kind for a in im.translate(down(k))]


def write_settings(text: str) -> None:
    f = paths.user_dirs().settings_file
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(text, encoding="utf-8")


def saved_keys():
    return yaml.safe_load(paths.user_dirs().settings_file.read_text(encoding="utf-8")).get("keys")


# ------------------------------------------------------------------ the defaults

@pytest.mark.parametrize("k,d", [
    (pygame.K_KP7, (-1, -1)), (pygame.K_KP8, (0, -1)), (pygame.K_KP9, (1, -1)), (pygame.K_KP4, (-1, 0)),
    (pygame.K_KP6, (1, 0)), (pygame.K_KP1, (-1, 1)), (pygame.K_KP2, (0, 1)), (pygame.K_KP3, (1, 1)),
])
def test_the_keypad_moves_like_the_manuals_eight_keys(k, d):
    (a,) = InputMap().translate(down(k))
    assert a.kind == Kind.MOVE and (a.dx, a.dy) == d


@pytest.mark.parametrize("k,kind", [(pygame.K_u, Kind.UNDO), (pygame.K_h, Kind.HINT),
                                    (pygame.K_l, Kind.LOG), (pygame.K_r, Kind.RANDOM)])
def test_hotkeys_are_named_actions(k, kind):
    acts = InputMap().translate(down(k))
    assert acts[0].kind == kind and acts[0].key == pygame.key.name(k)


def test_keys_of_no_command_stay_plain_keys():
    assert kinds(InputMap(), pygame.K_q) == [Kind.KEY]
    assert kinds(InputMap(), pygame.K_RETURN) == [Kind.ACTION]
    assert kinds(InputMap(), pygame.K_KP_ENTER) == [Kind.ACTION]


def test_every_command_has_default_keys_and_no_key_does_two_things_on_one_screen():
    assert set(DEFAULT_KEYS) == set(BY_NAME)
    m = KeyMap()
    seen: dict[int, list] = {}
    for c in COMMANDS:
        assert m.keys_of(c.name), c.name
        for k in m.keys_of(c.name):
            for other in seen.get(k, []):
                assert may_share(c, other), f"{c.name} and {other.name}"
            seen.setdefault(k, []).append(c)


# ------------------------------------------------------------------ the map itself

def test_binding_a_used_key_moves_it_and_says_so():
    m = KeyMap()
    m.bind("hint", key_code("f1"))
    msg = m.bind("undo", key_code("h"))
    assert msg == "H now does Undo. It no longer does Hint."
    assert m.command_for(key_code("h")).name == "undo"
    assert m.keys_of("hint") == (key_code("f1"),)


def test_a_commands_only_key_cannot_be_taken_or_removed():
    m = KeyMap()
    with pytest.raises(KeyConflict, match="Esc is the only key for Back / menu"):
        m.bind("hint", key_code("escape"))
    with pytest.raises(KeyConflict, match="only key for Undo"):
        m.unbind_last("undo")
    assert m.is_default()


def test_settings_hold_only_the_changes_and_read_back_the_same_map():
    m = KeyMap()
    m.bind("up", key_code("w"))
    m.bind("hint", key_code("f1"))
    m.unbind_last("look")                      # the key shown last (Tab) goes, V stays
    saved = m.to_settings()
    assert saved == {"up": ["w", "up", "keypad 8"], "hint": ["f1", "h"], "look": ["v"]}
    again, problems = KeyMap.from_settings(saved)
    assert problems == [] and again.to_settings() == saved
    assert again.command_for(key_code("tab")) is None


def test_digit_keys_written_as_numbers_in_the_settings_are_read():
    m, problems = KeyMap.from_settings({"hint": [1, "h"]})
    assert problems == [] and m.command_for(key_code("1")).name == "hint"


def test_a_key_given_in_the_settings_is_taken_from_the_defaults_of_others():
    m, problems = KeyMap.from_settings({"undo": ["h", "u"], "hint": ["f1"]})
    assert problems == []
    assert m.command_for(key_code("h")).name == "undo"


@pytest.mark.parametrize("raw,words", [
    ({"undoo": ["x"]}, ["'undoo' is not a command, so it is ignored", "the commands are: up, down"]),
    ({"hint": ["nosuchkey"]}, ["'hint': 'nosuchkey' is not a key name", "its default keys are used"]),
    ({"hint": 5}, ["'hint' should be a list of key names, not 5"]),
    ({"hint": []}, ["'hint' should be a list of key names"]),
    ([1, 2], ["'keys' should be a mapping"]),
    ({"undo": ["h"]}, ["Hint has no key left", "default keys are used for every command"]),
    ({"undo": ["x"], "hint": ["x"]}, ["X is given to both Undo and Hint"]),
])
def test_bad_key_settings_are_reported_plainly_and_defaults_used(raw, words):
    m, problems = KeyMap.from_settings(raw)
    text = "; ".join(problems)
    for w in words:
        assert w in text
    assert m.command_for(key_code("h")).name == "hint"        # the default stands


# ------------------------------------------------------------------ through the game

def test_a_remapped_key_drives_a_scene(make_app, user_home):
    write_settings("keys: {down: [s], up: [w]}\n")
    app = make_app()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    start = title.menu.index
    press(app, "s", "s")
    assert title.menu.index == start + 2
    press(app, "DOWN")                          # no longer Down: the arrow was replaced
    assert title.menu.index == start + 2
    press(app, "w")
    assert title.menu.index == start + 1


def test_a_held_remapped_key_repeats():
    m, _ = KeyMap.from_settings({"down": ["s"]})
    im = InputMap(keymap=m)
    im.translate(down(pygame.K_s))
    moves = [a for _ in range(60) for a in im.tick()]
    assert moves and all(a.kind == Kind.MOVE and a.dy == 1 for a in moves)


def test_bad_keys_in_the_settings_file_are_shown_on_the_title(make_app, user_home):
    write_settings("keys: {undoo: [u], hint: [jump]}\nmute: true\n")
    app = make_app()
    window = app.stack.top
    assert isinstance(window, MessageWindow)
    text = " ".join(window.lines)
    assert "'undoo' is not a" in text and "'jump' is not a key name" in text
    assert app.settings["mute"] is True                      # the rest of the file still counts
    assert kinds(app.input, pygame.K_h)[0] == Kind.HINT


def open_keys(app):
    press(app, "RETURN")                         # the title's first entry is a game: go by Options
    app.stack.pop()
    app.stack.push(OptionsScene(app))
    opts = app.stack.top
    opts.menu.index = [i.value for i in opts.menu.items].index("keys")
    press(app, "RETURN")
    keys = app.stack.top
    assert isinstance(keys, KeysScene)
    return keys


def choose(app, keys, command: str):
    keys.menu.index = [i.value for i in keys.menu.items].index(command)
    press(app, "RETURN")


def test_options_keys_screen_remaps_saves_and_resets(make_app, user_home):
    app = make_app()
    keys = open_keys(app)
    choose(app, keys, "undo")
    assert keys.waiting == "undo"
    press(app, "F5")
    assert keys.message == "F5 now does Undo."
    assert saved_keys() == {"undo": ["f5", "u"]}
    assert kinds(app.input, pygame.K_F5) == [Kind.UNDO]

    choose(app, keys, "undo")
    press(app, "h")                              # Hint's only key: refused, with the reason
    assert "H is the only key for Hint" in keys.message
    assert kinds(app.input, pygame.K_h)[0] == Kind.HINT

    choose(app, keys, "undo")
    press(app, "ESC")                            # Esc cancels waiting, changes nothing
    assert keys.message == "Nothing changed." and app.stack.top is keys

    choose(app, keys, "reset")
    assert isinstance(app.stack.top, ChoiceWindow)
    press(app, "RETURN")                         # the default answer is No
    assert saved_keys() == {"undo": ["f5", "u"]}
    choose(app, keys, "reset")
    press(app, "DOWN", "RETURN")                 # Yes
    assert app.stack.top is keys and saved_keys() == {}
    assert kinds(app.input, pygame.K_F5) == [Kind.KEY]
    assert app.input.keymap.is_default()


def test_delete_takes_the_key_shown_last_away(make_app, user_home):
    app = make_app()
    keys = open_keys(app)
    choose(app, keys, "look")
    press(app, "x")
    assert kinds(app.input, pygame.K_x) == [Kind.ALT]
    assert keys.keymap.labels("look") == ["X", "V", "Tab"]
    press(app, "DELETE")                         # "Del: remove the last one": the last shown, Tab
    assert keys.message == "Tab no longer does Look closer."
    assert keys.keymap.labels("look") == ["X", "V"]
    press(app, "DELETE", "DELETE")               # V goes, then X is the only key left
    assert "X is the only key for Look closer" in keys.message
    assert kinds(app.input, pygame.K_x) == [Kind.ALT]
    assert saved_keys() == {"look": ["x"]}


def test_the_keys_screen_fits_every_command_and_its_help_inside_its_frame(make_app, user_home):
    from jayden_jazz.scenes.keys import FRAME

    app = make_app()
    keys = open_keys(app)
    assert [i.value for i in keys.menu.items][:len(COMMANDS)] == [c.name for c in COMMANDS]
    assert {"flip", "legend"} <= {c.name for c in COMMANDS}
    assert keys.menu.rect.bottom + 1 + 2 * 14 <= FRAME.bottom - 1       # two help lines under the list


def test_del_removes_the_key_shown_last_in_the_list():
    m = KeyMap()
    m.bind("hint", key_code("f1"))
    shown = m.labels("hint")
    assert len(shown) == 2
    assert m.unbind_last("hint") == f"{shown[-1]} no longer does Hint."
    assert m.labels("hint") == shown[:-1]
