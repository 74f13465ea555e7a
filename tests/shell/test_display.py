import pytest

from jayden_jazz.shell.display import LOGICAL_H, LOGICAL_W, compute_viewport, new_logical_surface
from jayden_jazz.shell.palette import EGA_RGB


def test_logical_surface_is_8bit_with_ega_palette():
    s = new_logical_surface()
    assert s.get_size() == (640, 350) and s.get_bitsize() == 8
    assert [tuple(c)[:3] for c in s.get_palette()[:16]] == list(EGA_RGB)
    s.fill(14)
    assert tuple(s.get_at((0, 0)))[:3] == (0xFF, 0xFF, 0x55)


def test_aspect_correct_shape_is_4_to_3_with_whole_vertical_scale():
    vp = compute_viewport((933, 700), aspect_correct=True)
    assert vp.h == 700 and abs(vp.w / vp.h - 4 / 3) < 0.01


def test_letterbox_centres_picture_in_wide_window():
    vp = compute_viewport((1920, 1080), aspect_correct=True)
    assert vp.h == 1050 and vp.y == 15            # 3x vertical: 350*3
    assert abs(vp.w / vp.h - 4 / 3) < 0.01
    assert vp.x == (1920 - vp.w) // 2


def test_square_pixels_use_whole_multiples():
    vp = compute_viewport((1300, 800), aspect_correct=False)
    assert (vp.w, vp.h) == (1280, 700)


@pytest.mark.parametrize("window,aspect", [((933, 700), True), ((1920, 1080), True),
                                            ((1300, 800), False), ((640, 350), False), ((800, 900), True)])
def test_mouse_maps_back_to_logical_pixels(window, aspect):
    vp = compute_viewport(window, aspect)
    assert vp.to_logical((vp.x, vp.y)) == (0, 0)
    assert vp.to_logical((vp.x + vp.w - 1, vp.y + vp.h - 1)) == (LOGICAL_W - 1, LOGICAL_H - 1)
    cx, cy = vp.to_logical((vp.x + vp.w // 2, vp.y + vp.h // 2))
    assert abs(cx - 320) <= 1 and abs(cy - 175) <= 1
    if vp.x > 0:
        assert vp.to_logical((vp.x - 1, vp.y)) is None       # letterbox bar


def test_tiny_window_does_not_crash():
    assert compute_viewport((0, 0)).w == 0
    assert compute_viewport((0, 0)).to_logical((0, 0)) is None


def _pattern(display) -> None:
    import random

    rng = random.Random(1)
    for y in range(LOGICAL_H):
        for x in range(0, LOGICAL_W, 7):
            display.logical.fill(rng.randrange(16), (x, y, 7, 1))


@pytest.mark.parametrize("size", [(933, 700), (1920, 1080), (1000, 500), (800, 900)])
def test_renderer_shows_exactly_what_software_scaling_shows(size):
    """Nearest neighbour, 4:3, letterboxed: SDL's renderer and the software fallback agree pixel for pixel."""
    import numpy as np
    import pygame

    from jayden_jazz.shell.display import Display

    gpu, soft = Display(accelerated=True), Display(accelerated=False)
    try:
        assert gpu.accelerated and not soft.accelerated
        for d in (gpu, soft):
            _pattern(d)
        gpu._sdl_window.size = size
        gpu.resized()
        soft.window = pygame.display.set_mode(size)
        soft.resized()
        gpu.present()
        soft.present()
        shown = pygame.surfarray.array3d(gpu._renderer.to_surface())
        assert shown.shape[:2] == size
        assert np.array_equal(shown, pygame.surfarray.array3d(pygame.display.get_surface()))
        vp = gpu.viewport
        if vp.x:
            assert not shown[:vp.x].any()              # black letterbox bars
        if vp.y:
            assert not shown[:, :vp.y].any()
        colours = {tuple(c) for c in shown.reshape(-1, 3)}
        assert colours <= set(EGA_RGB)                 # no blended in-between colours
    finally:
        gpu._sdl_window.destroy()
        pygame.event.clear()           # its closing events must not reach later tests' windows


def test_without_a_renderer_the_display_scales_in_software(monkeypatch):
    import pygame

    from jayden_jazz.shell.display import Display

    def no_window(*a, **k):
        raise pygame.error("no renderer here")

    monkeypatch.setattr(pygame, "Window", no_window)
    d = Display(accelerated=True)
    assert not d.accelerated and d.window_size() == (933, 700)
    d.present()
    assert d.presents == 1


def test_window_events_hide_show_and_resize():
    import pygame

    from jayden_jazz.shell.display import Display

    d = Display(accelerated=False)
    assert not d.window_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert d.window_event(pygame.event.Event(pygame.WINDOWMINIMIZED)) and d.hidden
    assert d.window_event(pygame.event.Event(pygame.WINDOWRESTORED)) and not d.hidden
    d.window_event(pygame.event.Event(pygame.WINDOWHIDDEN))
    assert d.hidden
    d.window_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert not d.hidden
    d.window = pygame.display.set_mode((1920, 1080))
    assert d.window_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1080))
    assert (d.viewport.w, d.viewport.h) == (1400, 1050)


def test_palette_check_looks_at_indices_so_a_stray_index_fails():
    from tests.helpers import assert_ega_only

    s = new_logical_surface()
    s.fill(15)
    assert_ega_only(s)                      # all sixteen indices are fine
    s.set_at((3, 5), 16)                    # black on screen, but not an EGA index
    assert tuple(s.get_at((3, 5)))[:3] == (0, 0, 0)
    with pytest.raises(AssertionError, match=r"above 15: \[16\].*x=3, y=5"):
        assert_ega_only(s)
