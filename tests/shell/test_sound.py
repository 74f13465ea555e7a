import numpy as np
import pygame

from jayden_jazz.shell import sound as S


def test_square_wave_has_two_levels_and_right_length():
    w = S.square_wave([(1000, 100)], 22050, volume=0.5)
    assert w.dtype == np.int16 and len(w) == 2205
    body = w[:-50]
    assert set(np.unique(body)) == {-16383, 16383}
    # 1000 Hz -> 100 periods in 0.1 s -> about 200 sign changes
    changes = np.count_nonzero(np.diff(np.sign(body)))
    assert 195 <= changes <= 201


def test_rest_is_silence():
    assert not S.square_wave([(0, 10)], 8000).any()


def test_effects_built_with_dummy_audio():
    snd = S.Sound()
    assert snd.available
    assert set(snd.names) >= {"select", "move", "capture", "illegal", "victory"}
    snd.play("capture")   # must not raise even with the dummy driver


def test_no_audio_device_means_silence_not_crash(monkeypatch):
    def fail(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    snd = S.Sound()
    assert not snd.available and "audio device" in snd.error
    snd.play("victory")   # silently nothing


def test_mute_plays_nothing():
    snd = S.Sound(muted=True)
    played = []

    class Spy:
        def set_volume(self, v): pass
        def play(self): played.append(1)
    snd._sounds = {name: Spy() for name in snd._sounds}
    snd.play("move")
    assert played == []
    snd.muted = False
    snd.play("move")
    assert played == [1]
