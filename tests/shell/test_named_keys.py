"""Hotkeys are named commands everywhere: scenes never read a letter, text fields still type one.

The Jayden board answers UNDO, HINT and LOG wherever the player put them;
the Statistics screen's reset is a command of its own that may share R with
Random hand (they never meet on one screen); a letter that is no longer a
command does nothing on the board, and every text field still types it.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
import yaml

from jayden_jazz import paths
from jayden_jazz import statistics as stats
from jayden_jazz.ai.worker import Reply
from jayden_jazz.jayden import START_JPN
from jayden_jazz.saves import jayden as jsave
from jayden_jazz.scenes.cards.hands_saved import NameWindow
from jayden_jazz.scenes.jayden import players as jayden_players
from jayden_jazz.scenes.jayden.board import JaydenScene, local_board
from jayden_jazz.scenes.jayden.panels import MoveListWindow
from jayden_jazz.scenes.statistics import StatisticsScene
from jayden_jazz.scenes.windows import ChoiceWindow
from jayden_jazz.scenes.workshop.gallery import GalleryScene
from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell.input import InputMap, Kind
from jayden_jazz.shell.keymap import KeyConflict, KeyMap, key_code
from tests.helpers import press, step
from tests.workshop.workshop_helpers import type_text

ROOT = Path(__file__).resolve().parents[2]
HUMANS = {"g": {"kind": "human"}, "r": {"kind": "human"}}


@pytest.fixture(autouse=True)
def video():
    """Key names come from SDL, which needs the video system (the game always has it)."""
    pygame.display.init()
    yield


def write_keys(keys: dict[str, list[str]]) -> None:
    f = paths.user_dirs().settings_file
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(yaml.safe_dump({"keys": keys}), encoding="utf-8")


class AnswerBrain:
    """Answers a Jayden hint at once with a fixed turn, and records the questions."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []
        self._reply: Reply | None = None

    @property
    def busy(self) -> bool:
        return self._reply is not None

    def submit_turn(self, jpn: str, level: str, seed: int, quiet_draw: bool) -> None:
        self.asked.append(("turn", level))
        self._reply = Reply(True, ["c2-c4"])

    def submit_wants_draw(self, jpn: str, level: str) -> None:
        self.asked.append(("wants_draw", level))
        self._reply = Reply(True, False)

    def submit_accepts_draw(self, jpn: str, level: str) -> None:
        self.asked.append(("accepts_draw", level))
        self._reply = Reply(True, False)

    def poll(self) -> Reply | None:
        reply, self._reply = self._reply, None
        return reply

    def cancel(self) -> None:
        self._reply = None

    def close(self) -> None:
        pass


def jayden_board(make_app, brain=None):
    app = make_app()
    app.settings["enhanced"] = True
    game = jsave.JaydenGame(start=START_JPN, actions=["c2-c4", "e2-e3"], players=dict(HUMANS), enhanced=True)
    sc = local_board(app, game, brain=brain)
    app.stack.push(sc)
    step(app)
    return app, sc


# ---------------------------------------------------------------- the input layer
def test_a_hotkey_is_one_named_action_carrying_its_letter():
    im = InputMap()
    (a,) = im.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="H"))
    assert a.kind == Kind.HINT and a.text == "H" and a.key == "h"      # no plain-letter echo any more


def test_statistics_reset_and_random_hand_share_r_but_are_separate_commands():
    m = KeyMap()
    assert [c.name for c in m.commands_for(key_code("r"))] == ["random", "reset_stats"]
    (a,) = InputMap(keymap=m).translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    assert a.means(Kind.RANDOM) and a.means(Kind.RESET) and not a.means(Kind.UNDO)
    assert m.bind("reset_stats", key_code("f9")) == "F9 now does Reset statistics."
    assert m.bind("reset_stats", key_code("r")) == "R already does Reset statistics."
    with pytest.raises(KeyConflict, match="U is the only key for Undo"):
        m.bind("reset_stats", key_code("u"))               # Undo works on every screen: they would meet
    m2, problems = KeyMap.from_settings({"reset_stats": ["f9"]})
    assert problems == [] and [c.name for c in m2.commands_for(key_code("r"))] == ["random"]
    assert m2.command_for(key_code("f9")).name == "reset_stats"


# ---------------------------------------------------------------- the Jayden board
def test_remapped_undo_hint_and_log_drive_the_jayden_board(make_app, user_home):
    write_keys({"undo": ["f5"], "hint": ["f6"], "log": ["f7"]})
    brain = AnswerBrain()
    app, sc = jayden_board(make_app, brain)
    assert sc.key_guide() == "F7 moves, F6 hint, Esc menu"        # the guide names the player's keys
    press(app, "u", "h", "l")                                    # old letters: no longer commands
    assert len(sc.pos.history) == 2 and brain.asked == [] and app.stack.top is sc
    press(app, "F7")
    assert isinstance(app.stack.top, MoveListWindow)
    press(app, "ESC")
    press(app, "F5")                                             # Undo: back to the start of Green's turn
    assert [str(a) for a in sc.pos.history] == []
    press(app, "F6")
    step(app, 2)
    assert brain.asked == [("turn", "hard")] and [str(a) for a in sc.hint] == ["c2-c4"]


def test_default_letters_still_drive_the_jayden_board(make_app, user_home):
    app, sc = jayden_board(make_app, AnswerBrain())
    assert sc.key_guide() == "L moves, H hint, Esc menu"
    press(app, "l")
    assert isinstance(app.stack.top, MoveListWindow)
    press(app, "ESC", "u")
    assert sc.pos.history == []


# ---------------------------------------------------------------- Statistics
def test_statistics_reset_follows_its_own_remappable_key(make_app, user_home):
    write_keys({"reset_stats": ["f9"]})
    app = make_app("--scene", "statistics")
    sc = app.stack.top
    assert isinstance(sc, StatisticsScene)
    s = stats.Statistics(stats.stats_path(app))
    s.add("jayden", "won", ["hard"], "Enhanced")
    s.save()
    press(app, "r")                                   # R is no longer the reset: nothing asked
    assert app.stack.top is sc
    press(app, "F9")
    ask = app.stack.top
    assert isinstance(ask, ChoiceWindow) and ask.title == "Reset statistics?"
    press(app, "UP", "RETURN")                        # Yes
    assert stats.Statistics.load(stats.stats_path(app)).games["jayden"].total.played == 0


# ---------------------------------------------------------------- text fields keep the letters
def test_a_text_field_types_hotkey_letters_once():
    f = TextField()
    im = InputMap()
    for ch in "hulr":
        for a in im.translate(pygame.event.Event(pygame.KEYDOWN, key=key_code(ch), mod=0, unicode=ch.upper())):
            f.handle(a)
    assert f.value == "HULR"


def test_the_gallery_search_types_hotkey_letters(make_app, user_home):
    app = make_app("--cards", str(ROOT / "tests" / "scenes" / "cards_pack"))
    g = GalleryScene(app)
    app.stack.push(g)
    type_text(app, "hurl")
    assert g.search.value == "hurl"
    press(app, "BACKSPACE", "BACKSPACE", "BACKSPACE", "BACKSPACE")
    press(app, "l", "u")                               # scripted keys carry no text: the key's letter types
    assert g.search.value == "lu"


def test_a_saved_hand_name_takes_hotkey_letters(make_app):
    app = make_app()
    names: list[str] = []
    w = NameWindow(app, "Hand", names.append)
    app.stack.push(w)
    type_text(app, "Lhur")
    press(app, "RETURN")
    assert names == ["lhur"]                     # as every letter here: by the key's name


def test_a_jayden_board_ignores_a_letter_no_command_has(make_app, user_home, monkeypatch):
    monkeypatch.setattr(jayden_players, "make_brain", AnswerBrain)
    write_keys({"undo": ["f5"]})
    app, sc = jayden_board(make_app)
    press(app, "u")
    assert len(sc.pos.history) == 2 and not sc.message
