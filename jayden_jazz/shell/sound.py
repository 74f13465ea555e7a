"""PC-speaker style beeps, synthesized at start-up with numpy.

No sound files: each effect is a short sequence of square-wave notes. Where
no audio device exists the game stays silent instead of failing.
"""

from __future__ import annotations

import numpy as np
import pygame

#: name -> list of (frequency Hz or 0 for a rest, milliseconds)
EFFECTS: dict[str, list[tuple[float, int]]] = {
    "select": [(880, 30)],
    "move": [(440, 25), (660, 25)],
    "capture": [(330, 40), (523, 40), (784, 60)],
    "illegal": [(110, 120)],
    "victory": [(523, 100), (659, 100), (784, 100), (1047, 250)],
    "menu": [(1200, 15)],
    "flip": [(600, 20), (900, 20)],
    # Jayden: one sound per kind of action, so a player hears what happened.
    "attack": [(220, 30), (0, 10), (165, 60)],
    "fire": [(1400, 20), (1000, 20), (700, 20), (500, 25), (0, 15), (110, 70)],
    "condition": [(392, 50), (494, 50), (392, 50), (587, 80)],
    "deploy": [(988, 25), (1319, 25), (1760, 50)],
    "refusal": [(156, 70), (0, 30), (117, 110)],
    "game_end": [(523, 120), (392, 120), (659, 120), (523, 120), (784, 300)],
}


def square_wave(notes: list[tuple[float, int]], rate: int, volume: float = 0.25) -> np.ndarray:
    """Mono int16 samples; each note ends with a 2 ms fade to avoid clicks."""
    parts = []
    for freq, ms in notes:
        n = max(1, int(rate * ms / 1000))
        if freq <= 0:
            parts.append(np.zeros(n, dtype=np.float32))
            continue
        t = np.arange(n, dtype=np.float32)
        wave = np.where((t * freq / rate) % 1.0 < 0.5, 1.0, -1.0).astype(np.float32)
        fade = min(n, int(rate * 0.002))
        if fade:
            wave[-fade:] *= np.linspace(1.0, 0.0, fade, dtype=np.float32)
        parts.append(wave)
    data = np.concatenate(parts) * (volume * 32767)
    return data.astype(np.int16)


class Sound:
    def __init__(self, muted: bool = False, volume: float = 0.5) -> None:
        self.muted = muted
        self.volume = volume
        self.available = False
        self.error = ""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1)
            mixer = pygame.mixer.get_init()
            if mixer is None:
                raise pygame.error("the sound mixer did not start")
            rate, size, channels = mixer
            for name, notes in EFFECTS.items():
                mono = square_wave(notes, rate)
                arr = mono if channels == 1 else np.repeat(mono[:, None], channels, axis=1)
                if size not in (-16, 16):
                    arr = arr.astype(np.int16)
                self._sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(arr))
            self.available = True
        except (pygame.error, ValueError, TypeError, NotImplementedError) as e:
            self.error = str(e)
            self._sounds.clear()

    def play(self, name: str) -> None:
        if self.muted or not self.available:
            return
        snd = self._sounds.get(name)
        if snd is not None:
            snd.set_volume(self.volume)
            try:
                snd.play()
            except pygame.error:
                pass

    @property
    def names(self) -> list[str]:
        return list(self._sounds)
