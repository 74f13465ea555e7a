import pygame
import pytest

from jayden_jazz.shell.input import (REPEAT_DELAY_TICKS, REPEAT_EVERY_TICKS, InputMap, Kind,
                                     key_code)


def key(k, down=True):
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0, unicode="")


@pytest.mark.parametrize("k,d", [
    (pygame.K_HOME, (-1, -1)), (pygame.K_UP, (0, -1)), (pygame.K_PAGEUP, (1, -1)),
    (pygame.K_LEFT, (-1, 0)), (pygame.K_RIGHT, (1, 0)),
    (pygame.K_END, (-1, 1)), (pygame.K_DOWN, (0, 1)), (pygame.K_PAGEDOWN, (1, 1)),
])
def test_the_manuals_eight_direction_keys(k, d):
    (a,) = InputMap().translate(key(k))
    assert a.kind == Kind.MOVE and (a.dx, a.dy) == d


@pytest.mark.parametrize("k,kind", [(pygame.K_RETURN, Kind.ACTION), (pygame.K_SPACE, Kind.ACTION),
                                    (pygame.K_ESCAPE, Kind.BACK), (pygame.K_v, Kind.ALT)])
def test_action_buttons_and_escape(k, kind):
    (a,) = InputMap().translate(key(k))
    assert a.kind == kind


def test_mouse_maps_through_viewport_and_click_is_action_there():
    im = InputMap(lambda p: (p[0] // 2, p[1] // 2))
    acts = im.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 60), button=1))
    assert [a.kind for a in acts] == [Kind.POINT, Kind.ACTION]
    assert acts[1].pos == (50, 30)
    (m,) = im.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(3, -1), buttons=(0, 0, 0)))
    assert m.kind == Kind.POINT and m.pos == (5, 10)
    # where the pointer already rests (no relative motion) is not a movement
    assert im.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 20), rel=(0, 0), buttons=(0, 0, 0))) == []
    r = im.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=3))
    assert r[1].kind == Kind.ALT


def test_clicks_in_letterbox_are_ignored():
    im = InputMap(lambda p: None)
    assert im.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)) == []


def test_wheel_scrolls():
    (a,) = InputMap().translate(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert a.kind == Kind.SCROLL and a.dy == -1


def test_held_direction_repeats_after_delay_and_stops_on_release():
    im = InputMap()
    im.translate(key(pygame.K_DOWN))
    moves = []
    for t in range(1, REPEAT_DELAY_TICKS + 2 * REPEAT_EVERY_TICKS + 1):
        moves += [(t, a.dy) for a in im.tick()]
    assert [t for t, _ in moves] == [REPEAT_DELAY_TICKS, REPEAT_DELAY_TICKS + REPEAT_EVERY_TICKS,
                                     REPEAT_DELAY_TICKS + 2 * REPEAT_EVERY_TICKS]
    im.translate(key(pygame.K_DOWN, down=False))
    assert all(not im.tick() for _ in range(60))


def test_key_names_for_scripts():
    assert key_code("DOWN") == pygame.K_DOWN
    assert key_code("return") == pygame.K_RETURN
    assert key_code("u") == pygame.K_u
    with pytest.raises(ValueError, match="unknown key"):
        key_code("BANANA")
