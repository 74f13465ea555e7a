"""Makes the README's Workshop and Gallery pictures by playing the game headless.

Run: python tools/workshop_screenshots.py [--out docs/screenshots]

The card is typed in key by key, as a player would (``--keys`` cannot type
capitals or spaces), in a throw-away user folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = ap.parse_args(argv)
    os.environ["JAYDEN_JAZZ_HOME"] = tempfile.mkdtemp(prefix="jj-shots-")
    import pygame

    from jayden_jazz.app import make_app, save_screenshot
    from jayden_jazz.shell.input import key_code
    from jayden_jazz.shell.loop import STEP

    app = make_app(["--headless", "--scene", "workshop"])

    def step(n: int = 1) -> None:
        for _ in range(n):
            app._process_events()
            app.step.advance(STEP, app._update)

    def post(code: int, ch: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        step()

    def keys(*names: str) -> None:
        for n in names:
            post(key_code(n), {"RETURN": "\r"}.get(n, ""))

    def type_text(text: str) -> None:
        for ch in text:
            code = pygame.K_SPACE if ch == " " else (pygame.key.key_code(ch.lower()) if ch.isalnum() else pygame.K_a)
            post(code, ch)

    def goto(form, key: str) -> None:
        keys_ = [r.key for r in form.rows]
        while form.current.key != key:
            keys("DOWN" if keys_.index(key) > form.index else "UP")

    def set_text(form, key: str, text: str) -> None:
        goto(form, key)
        keys("END", *["BACKSPACE"] * len(form.current.field.value))
        type_text(text)

    def shot(name: str) -> None:
        app.render()
        path = args.out / f"{name}.png"
        save_screenshot(app.display.logical, path)
        print(path)

    args.out.mkdir(parents=True, exist_ok=True)
    # a new pack, then a new card in it
    keys("RETURN")
    keys("END", *["BACKSPACE"] * 8)
    type_text("Lagoon Extras")
    keys("RETURN")
    type_text("Sam")
    keys("RETURN", "RETURN")
    ed = app.stack.top
    f = ed.form
    set_text(f, "name", "Ember Fox")
    set_text(f, "aliases", "EF, Foxy")
    set_text(f, "started_roasting", "2001-03")
    set_text(f, "likes", "Lava levels, speedruns")
    set_text(f, "dislikes", "Slow loading screens")
    set_text(f, "description", "Ember Fox lives on the ladder boards. She answers every challenge within the hour.")
    goto(f, "sides")
    for i, ch in enumerate("6274"):
        type_text(ch)
        if i < 3:
            keys("RIGHT")
    goto(f, "add")
    keys("RETURN")
    ab = app.stack.top
    set_text(ab.form, "name", "Hot Streak")
    goto(ab.form, "amount")
    keys("RIGHT", "RIGHT")
    goto(ab.form, "if.captured_at_least")
    keys("RIGHT", "RIGHT")
    shot("workshop_ability")
    keys("ESCAPE")
    goto(f, "sides")
    shot("workshop_editor")
    keys("F4", "DOWN", "RETURN")
    px = app.stack.top
    for y in range(32):
        for x in range(32):
            d = (x - 15.5) ** 2 + (y - 17) ** 2
            if d < 13 ** 2:
                px.pixels[y, x] = 12 if d > 10 ** 2 else 6
    for x, y in ((11, 14), (12, 14), (19, 14), (20, 14)):
        px.pixels[y, x] = 15
    for x in range(12, 20):
        px.pixels[22, x] = 0
    shot("workshop_pixels")
    keys("F2", "ESCAPE")
    keys("F2")
    keys("ESCAPE")
    shot("workshop")
    keys("ESCAPE", "ESCAPE")
    from jayden_jazz.scenes.registry import make_scene

    app.stack.push(make_scene("gallery", app))
    keys("F4", "DOWN", "DOWN", "DOWN")
    shot("gallery")
    app.stack.clear()
    return 0


if __name__ == "__main__":
    sys.exit(main())
