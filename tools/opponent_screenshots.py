"""Makes the pictures of the Workshop's Opponents list and opponent editor by playing headless.

Run: python tools/opponent_screenshots.py [--out docs/screenshots]

A throw-away user folder gets a pack with one card and two opponents; the
third opponent is made by keys, as a player would, and pictured unsaved.
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

JOURNEY = """
opponents:
  - id: stoker
    name: "The Stoker"
    description: "Keeps the boiler of the pier's old steamer going, and plays as plainly as he talks."
    tier: 1
    level: easy
    pool: [ember, example/devan, example/fog_horn, example/quick_quill, example/brick_wall]
    rules: {preset: updated, field: 3x3, open: true}
    trade: one
    rewards:
      - {card: ember, chance: 30}
  - id: ash
    name: "Ash"
    description: "Sweeps up after the Stoker and spins a wheel of rules before every game."
    tier: 3
    level: normal
    pool: [ember, example/devan, example/fog_horn, example/sandstorm, example/static_field]
    rules:
      - {preset: updated, field: 3x3, classic: [plus]}
      - {preset: updated, field: 3x3, classic: [same, same_wall]}
    trade: diff
    requires: [stoker]
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = ap.parse_args(argv)
    os.environ["JAYDEN_JAZZ_HOME"] = tempfile.mkdtemp(prefix="jj-shots-")
    import pygame

    from jayden_jazz.app import make_app, save_screenshot
    from jayden_jazz.cards import Card
    from jayden_jazz.cards.writer import PackHeader, write_pack
    from jayden_jazz.scenes.workshop.ownpacks import read_own_pack
    from jayden_jazz.shell.input import key_code
    from jayden_jazz.shell.loop import STEP

    app = make_app(["--headless"])
    file = Path(app.dirs.cards) / "pier" / "pier.yaml"
    ember = Card(id="pier/ember", name="Ember", sides=(5, 6, 4, 5), started_roasting=(2002, 8),
                 likes="Lava", dislikes="Ice", description="Ember keeps the stove warm.")
    write_pack(file, PackHeader("pier", "The Old Pier", "Sam", "1.0"), [ember])
    with open(file, "a", encoding="utf-8") as f:
        f.write(JOURNEY)

    def step(n: int = 1) -> None:
        for _ in range(n):
            app._process_events()
            app.step.advance(STEP, app._update)

    def keys(*names: str) -> None:
        for n in names:
            code = key_code(n)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0,
                                                 unicode={"RETURN": "\r"}.get(n, ""), scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
            step()

    def type_text(text: str) -> None:
        for ch in text:
            code = pygame.K_SPACE if ch == " " else (pygame.key.key_code(ch.lower()) if ch.isalnum() else pygame.K_a)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
            step()

    def goto(form, key: str) -> None:
        keys_ = [r.key for r in form.rows]
        while form.current.key != key:
            keys("DOWN" if keys_.index(key) > form.index else "UP")

    def shot(name: str) -> None:
        app.render()
        path = args.out / f"{name}.png"
        save_screenshot(app.display.logical, path)
        print(path)

    args.out.mkdir(parents=True, exist_ok=True)
    app.stack.push(app.scene("workshop-opponents", pack=read_own_pack(file)))
    keys("DOWN")
    shot("workshop_opponents")
    keys("DOWN", "RETURN")
    ed = app.stack.top
    type_text("Coal Man")
    goto(ed.form, "description")
    type_text("Shovels coal all night and plays Same on a bigger board.")
    goto(ed.form, "tier")
    keys("RIGHT", "RIGHT", "RIGHT")
    goto(ed.form, "level")
    keys("RIGHT", "RIGHT")
    goto(ed.form, "pool")
    keys("RETURN")
    for name in ("ember", "devan", "fog horn"):
        type_text(name)
        keys("RETURN", *["BACKSPACE"] * len(name))
    keys("ESCAPE")
    goto(ed.form, "rules1")
    keys("RETURN")
    rules = app.stack.top
    goto(rules.form, "same_wall")
    keys("RIGHT")
    shot("workshop_opponent_rules")
    keys("ESCAPE")
    goto(ed.form, "pool")
    shot("workshop_opponent_editor")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
