"""Finding cards in the hand picker by typing: every letter (R too), several words, and Enter on the found card.

A pack of random names (some starting with R or V, some with several words,
some the start of another's name) is written for the test; each name is typed
through the real key path and Enter must pick exactly that card.
"""

from __future__ import annotations

import random

import pygame
import pytest

from jayden_jazz.scenes.cards import players
from jayden_jazz.scenes.cards.hands import HandChoiceScene
from tests.helpers import press, step
from tests.scenes.cards_helpers import HUMAN, PACK_DIR

SYLLABLES = ("ra", "ro", "va", "te", "sty", "mc", "al", "ly", "jaz", "zo", "bun", "ny", "qui", "ll", "ka", "ri")


@pytest.fixture
def no_ai(monkeypatch):
    monkeypatch.setattr(players, "ai_available", lambda: False)


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3))).capitalize()


def random_names(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    names: list[str] = ["Rally", "Ally", "Rally Row", "Testy McTest", "Vortex"]
    while len(names) < n:
        name = " ".join(_word(rng) for _ in range(rng.randint(1, 3)))
        if name.lower() not in {x.lower() for x in names}:
            names.append(name)
    return names


def write_pack(folder, names: list[str], aliases: dict[str, list[str]] | None = None) -> None:
    aliases = aliases or {}
    lines = ['pack:', '  id: s', '  name: "Search test pack"', '  author: "tests"', '  version: "1.0"', 'cards:']
    for i, name in enumerate(names):
        lines += [f'  - id: c{i}', f'    name: "{name}"']
        if name in aliases:
            lines.append('    aliases: [' + ", ".join(f'"{a}"' for a in aliases[name]) + ']')
        lines += ['    started_roasting: "2000-01"', '    likes: "Tests"', '    dislikes: "Bugs"',
                  f'    description: "{name} is a card for the search test."',
                  '    sides: {top: 2, right: 3, bottom: 4, left: 5}']
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "s.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def open_picker(make_app, monkeypatch, folder) -> tuple:
    from jayden_jazz import paths

    monkeypatch.setattr(paths, "card_pack_dirs", lambda extra=(), dirs=None: [folder])
    app = make_app("--scene", "cards", "--seed", "3")
    setup = app.stack.top
    setup.config.seats[1] = dict(HUMAN)
    setup.config.seats[0] = dict(HUMAN)
    press(app, "RETURN", "RETURN")                        # Choose hands, take the seat
    hc = app.stack.top
    assert isinstance(hc, HandChoiceScene) and hc.phase == "choose"
    return app, hc


def type_text(app, text: str) -> None:
    """Each character as a real key press carrying the character typed (as SDL gives it)."""
    for ch in text:
        code = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch.lower())
        mod = pygame.KMOD_LSHIFT if ch.isupper() else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=ch, scancode=0))
        step(app, 1)


def name_of(hc, cid: str) -> str:
    return hc.catalog[cid].name


def test_every_letter_searches_r_first_and_ctrl_r_fills_the_hand(make_app, monkeypatch, no_ai, tmp_path):
    write_pack(tmp_path / "p", random_names(1, 30))
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    type_text(app, "ral")                                 # R into an empty search: a search, not a hand
    assert hc.search == "ral" and not hc.picked
    assert {name_of(hc, c) for c in hc.shown} >= {"Rally", "Rally Row"}
    assert name_of(hc, hc.shown[hc.index]) == "Rally"
    press(app, "ESC")
    press(app, "r")                                       # a scripted R (no text) types too
    assert hc.search == "r" and not hc.picked
    type_text(app, "R")                                   # and so does Shift+R
    assert hc.search == "rr" and not hc.picked
    press(app, "ESC")
    assert hc.search == ""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=pygame.KMOD_LCTRL,
                                         unicode="\x12", scancode=0))
    step(app, 1)                                          # Ctrl+R: Random hand
    assert len(hc.picked) == hc.size and hc.search == ""


def test_a_random_key_that_types_nothing_fills_the_hand(make_app, monkeypatch, no_ai, tmp_path):
    write_pack(tmp_path / "p", random_names(1, 30))
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    monkeypatch.setattr(app.input.keymap, "label", lambda name: "F5" if name == "random" else "?")
    assert hc.finder.help_line() == "Type to find; F5 random"
    from jayden_jazz.shell.input import Action, Kind
    hc.handle(Action(Kind.RANDOM, key="f5"))
    assert len(hc.picked) == hc.size and hc.search == ""


def test_help_line_says_typing_finds_and_how_to_deal_at_random(make_app, monkeypatch, no_ai, tmp_path):
    write_pack(tmp_path / "p", random_names(1, 30))
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    assert hc.finder.help_line() == "Type to find; Ctrl+R random"
    type_text(app, "al")
    assert hc.finder.help_line() == "Enter picks, Esc clears"


def test_several_words_find_the_card_that_has_them_all_in_any_order(make_app, monkeypatch, no_ai, tmp_path):
    write_pack(tmp_path / "p", random_names(1, 30), aliases={"Vortex": ["Spinning Top"]})
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    type_text(app, "testy mc")
    assert [name_of(hc, c) for c in hc.shown] == ["Testy McTest"] and not hc.picked
    press(app, "ESC")
    type_text(app, "mc testy")
    assert [name_of(hc, c) for c in hc.shown] == ["Testy McTest"]
    press(app, "ESC")
    type_text(app, "top spin")                            # an alias's words find the card too
    assert [name_of(hc, c) for c in hc.shown] == ["Vortex"]
    press(app, "RETURN")
    assert [name_of(hc, c) for c in hc.picked] == ["Vortex"]


@pytest.mark.parametrize("seed", [1, 2])
def test_enter_after_typing_a_name_picks_that_card_every_time(make_app, monkeypatch, no_ai, tmp_path, seed):
    names = random_names(seed, 40)
    write_pack(tmp_path / "p", names)
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    rng = random.Random(seed)
    tried = 0
    for name in rng.sample(names, 30):
        hc.picked = []
        typed = name if rng.random() < 0.5 else name.lower()
        type_text(app, typed)
        found = hc.shown[hc.index]
        assert name_of(hc, found) == name, f"typing {typed!r} shows {name_of(hc, found)!r}"
        press(app, "RETURN")
        assert [name_of(hc, c) for c in hc.picked] == [name], f"typing {typed!r} then Enter"
        press(app, "ESC")
        assert hc.search == ""
        tried += 1
    assert tried == 30


def test_a_resting_mouse_does_not_move_the_cursor_off_the_found_card(make_app, monkeypatch, no_ai, tmp_path):
    write_pack(tmp_path / "p", random_names(1, 30))
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    vp = app.display.viewport
    r = hc.painter.tile_rect(4)
    wpos = (vp.x + int(r.centerx * vp.w / 640), vp.y + int(r.centery * vp.h / 350))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wpos, rel=(3, 0), buttons=(0, 0, 0)))
    step(app, 1)
    assert hc.index == 4                                  # hovering a tile puts the cursor there
    type_text(app, "a")
    assert len(hc.shown) > 5
    found = hc.shown[hc.index]
    assert name_of(hc, found) == "Ally"                   # a name starting with what was typed comes first
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(wpos[0] + 1, wpos[1]), rel=(1, 0),
                                         buttons=(0, 0, 0)))
    step(app, 1)                                          # a nudge inside the same place on the screen
    press(app, "RETURN")
    assert hc.picked == [found]


def test_the_shipped_test_pack_still_finds_ace(make_app, monkeypatch, no_ai):
    app, hc = open_picker(make_app, monkeypatch, PACK_DIR)
    type_text(app, "ace")
    assert [name_of(hc, c) for c in hc.shown] == ["Ace Tester"]


def test_v_types_once_a_search_has_begun_and_a_long_search_shows_its_end(make_app, monkeypatch, no_ai, tmp_path):
    write_pack(tmp_path / "p", random_names(1, 30))
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    type_text(app, "testy mc")
    press(app, "ESC")
    type_text(app, "o")
    press(app, "v")                                       # a scripted V (no text) types too
    assert hc.search == "ov"
    assert hc.shown and all("ov" in name_of(hc, c).lower() for c in hc.shown)
    press(app, "ESC")
    type_text(app, "testy mctest rally")
    assert hc.search == "testy mctest rally"
    assert hc.finder.find_text().endswith("t rally_") and len(hc.finder.find_text()) <= 18


def test_the_help_line_stays_left_of_the_buttons(make_app, monkeypatch, no_ai, tmp_path):
    from jayden_jazz.scenes.cards.hands_layout import BUTTON_X, STRIP

    write_pack(tmp_path / "p", random_names(1, 30))
    app, hc = open_picker(make_app, monkeypatch, tmp_path / "p")
    for typed in ("", "al"):
        type_text(app, typed)
        assert STRIP.x + app.font.width(hc.finder.help_line()) <= BUTTON_X - 4, hc.finder.help_line()
