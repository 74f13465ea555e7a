"""Typing: key actions carry the character typed, and a text field edits with it."""

import pygame

from jayden_jazz.scenes.workshop.textfield import TextField
from jayden_jazz.shell.input import Action, InputMap, Kind


def keydown(key: int, ch: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0)


def test_key_actions_carry_the_typed_character():
    im = InputMap()
    (a,) = im.translate(keydown(pygame.K_e, "E"))
    assert (a.kind, a.key, a.text) == (Kind.KEY, "e", "E")
    (space,) = im.translate(keydown(pygame.K_SPACE, " "))
    assert (space.kind, space.text) == (Kind.ACTION, " ")
    (v,) = im.translate(keydown(pygame.K_v, "v"))
    assert (v.kind, v.text) == (Kind.ALT, "v")
    (up,) = im.translate(keydown(pygame.K_UP, ""))
    assert (up.kind, up.dx, up.dy, up.text) == (Kind.MOVE, 0, -1, "")   # arrows type nothing


def test_a_text_field_types_moves_and_deletes():
    f = TextField("ace")
    for a in (Action(Kind.MOVE, dx=-1), Action(Kind.KEY, key="b", text="B"), Action(Kind.ACTION, text=" "),
              Action(Kind.ALT, text="v")):
        assert f.handle(a)
    assert (f.value, f.cursor) == ("acB ve", 5)
    f.handle(Action(Kind.KEY, key="backspace", text="\b"))
    f.handle(Action(Kind.MOVE, dx=-1, dy=-1))          # Home
    f.handle(Action(Kind.KEY, key="delete"))
    assert (f.value, f.cursor) == ("cB e", 0)
    assert not f.handle(Action(Kind.MOVE, dy=1))       # up and down belong to the form
    long = TextField("", max_len=3)
    for ch in "abcd":
        long.handle(Action(Kind.KEY, key=ch, text=ch))
    assert long.value == "abc"
