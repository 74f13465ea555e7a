"""Scripted input for the Workshop: real key events with the characters they type."""

from __future__ import annotations

import pygame

from tests.helpers import step


def key_for(ch: str) -> int:
    if ch == " ":
        return pygame.K_SPACE
    try:
        return pygame.key.key_code(ch.lower())
    except ValueError:
        return pygame.K_a      # any named key; the character travels in ``unicode``


def type_text(app, text: str) -> None:
    """Type text as a player would: one key event per character, shift applied."""
    for ch in text:
        code = key_for(ch)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    step(app, 1)


def key(app, *names: str) -> None:
    """Named keys (RETURN, DOWN, F2, BACKSPACE...) with the text a keyboard gives them."""
    from jayden_jazz.shell.input import key_code

    typed = {"RETURN": "\r", "SPACE": " ", "BACKSPACE": "\b", "TAB": "\t"}
    for name in names:
        code = key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=typed.get(name.upper(), ""),
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    step(app, 1)


def goto(app, form, row_key: str) -> None:
    """Move the form's focus to a row with Up/Down, as a player would."""
    keys = [r.key for r in form.rows]
    assert row_key in keys, f"no row {row_key!r} in {keys}"
    for _ in range(60):
        if form.current.key == row_key:
            return
        key(app, "DOWN" if keys.index(row_key) > form.index else "UP")
    raise AssertionError(f"could not reach row {row_key!r}")


def clear(app, form) -> None:
    """Empty the focused text row (End, then Backspace over it)."""
    field = form.current.field
    key(app, "END")
    key(app, *(["BACKSPACE"] * len(field.value)))


def set_text(app, form, row_key: str, text: str) -> None:
    goto(app, form, row_key)
    clear(app, form)
    type_text(app, text)


def turn_to(app, form, row_key: str, value) -> None:
    """Turn a choice row with Right until it shows ``value``."""
    goto(app, form, row_key)
    row = form.current
    for _ in range(len(row.options) + 1):
        if row.get() == value:
            return
        key(app, "RIGHT")
    raise AssertionError(f"{row_key} never became {value!r}")
