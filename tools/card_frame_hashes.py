"""A hash of every frame of scripted card games, to show a change of the table's code draws the same.

    python tools/card_frame_hashes.py --write before.txt
    ... change the card table ...
    python tools/card_frame_hashes.py --check before.txt

Headless and deterministic (fixed seeds, the scene tests' card pack, only
people at the table: a computer seat would answer from a worker process, in
real time). Each game is played through the real input path (keys and
clicks), and every frame the app renders is hashed, the logical 640x350
picture: an open 3x3 game with an ability and its target picked by keys,
the Esc menu, the rules window, the log, the card view and the end window;
a hidden-hand 3x3 game with pass screens, the result to confirm and a swap
picked by mouse; a 5x5 game of three people with hidden hands; a 7x7 game
of four people, open; the hand-choice screen (moving, picking, searching,
Done) opening its table. The same file twice means the same pictures,
pixel for pixel; ``--check`` says which frame first differs and how many.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
P0_GRAB = ["t/x1", "t/x2", "t/x3", "t/grab", "t/x4"]
WEAK5 = ["t/w1", "t/w2", "t/w3", "t/w4", "t/w5"]
HUMAN = {"kind": "human"}
OPENING = [("t/x1", "c3"), ("t/w1", "b1"), ("t/x2", "c2"), ("t/w2", "a2"), ("t/x3", "b3"), ("t/w3", "a3")]


class Recorder:
    """Hashes each rendered frame under the name of the scripted moment it belongs to."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.tag = "start"
        self.n = 0

    def hook(self, app: Any) -> None:
        render = app.render

        def hashed_render() -> None:
            render()
            digest = hashlib.sha256(bytes(app.display.logical.get_buffer())).hexdigest()[:32]
            self.lines.append(f"{self.tag} {self.n} {digest}")
            self.n += 1
        app.render = hashed_render

    def at(self, tag: str) -> None:
        self.tag, self.n = tag, 0


def games(rec: Recorder) -> list[tuple[str, Callable[[], None]]]:
    from jayden_jazz.app import make_app as build
    from jayden_jazz.scenes.cards.windows import PassScreen
    from tests.helpers import click, press, step
    from tests.scenes import cards_helpers as ch

    def make_app(*argv: str) -> Any:
        app = build(["--headless", *argv])
        app.settings["animation"] = "normal"
        app.settings["enhanced"] = True
        rec.hook(app)
        return app

    def policy_turns(app: Any, sc: Any, name: str, limit: int, by_keys: bool) -> None:
        """Play the first free cell with the first playable card until the end (or ``limit`` turns);
        an ability offer is declined with Up, Enter ("No ability" is last)."""
        for turn in range(limit):
            rec.at(f"{name} turn{turn}")
            ch.settle(app, sc)
            if sc.phase == "over":
                return
            if sc.phase == "result":
                press(app, "RETURN")
                continue
            if sc.phase == "ability":
                press(app, "UP", "RETURN")
                continue
            if isinstance(app.stack.top, PassScreen):
                press(app, "RETURN")
            g = sc.controller.game
            playable = g.playable_cards()
            card = next(c for c in g.hand_ids(g.to_move) if c in playable)
            (ch.play_keys if by_keys and turn % 2 else ch.play_click)(app, sc, card, g.free_cells()[0])

    def open_game() -> None:
        app, sc = ch.make_table(make_app, [P0_GRAB, WEAK5], seats=[HUMAN, HUMAN])
        for i, (cid, cell) in enumerate(OPENING):
            rec.at(f"open move{i}")
            ch.play_keys(app, sc, cid, cell)
        rec.at("open grab")
        ch.play_keys(app, sc, "t/grab", "a1")
        ch.settle(app, sc)
        rec.at("open ability")
        press(app, "RETURN")                       # Use 1: Grab One, then its target by keys
        rec.at("open target")
        press(app, "LEFT", "RETURN")
        step(app, 200)
        for keys in (["v"], ["escape"], ["l"], ["escape"], ["escape"], ["down"], ["escape"], ["h"]):
            rec.at("open " + "+".join(keys))
            press(app, *keys)
            step(app, 3)
        menu = [["escape"] + ["down"] * 8 + ["escape"],                 # every entry of the Esc menu
                ["escape", "down", "down", "return"], ["escape"],         # the rules summary
                ["escape", "down", "down", "down", "down", "return"],     # New game: asked first
                ["return"], ["escape", "return"]]                         # No, then the menu's Resume
        for i, keys in enumerate(menu):
            rec.at(f"open menu{i}")
            press(app, *keys)
            step(app, 3)
        for tag, (cid, cell) in (("w4", ("t/w4", "c1")), ("x4", ("t/x4", "b2"))):
            rec.at(f"open {tag}")
            ch.play_keys(app, sc, cid, cell)
        rec.at("open end")
        ch.settle(app, sc)
        step(app, 60)
        press(app, "down", "down", "RETURN")
        step(app, 30)
        app.stack.clear()

    def hidden_game() -> None:
        hands = [["t/x1", "t/x2", "t/x3", "t/swapper", "t/x4"], WEAK5]
        app, sc = ch.make_table(make_app, hands, seats=[HUMAN, HUMAN], open=False)
        for i, (cid, cell) in enumerate(OPENING):
            rec.at(f"hidden move{i}")
            ch.play_click(app, sc, cid, cell)
        rec.at("hidden swap")
        ch.play_click(app, sc, "t/swapper", "a1")
        ch.settle(app, sc)
        press(app, "RETURN")
        rec.at("hidden targets")
        click(app, *ch.cell_centre(sc, "c1"))      # not a target: refused, and why
        click(app, *ch.cell_centre(sc, "a3"))
        click(app, *ch.hand_centre(sc, 0, "t/x4"))
        step(app, 200)
        policy_turns(app, sc, "hidden", 10, by_keys=True)
        step(app, 120)
        app.stack.clear()

    def five_three() -> None:
        hands = [[f"t/x{i}" for i in range(1, 9)] + ["t/grab"],
                 [f"t/w{i}" for i in range(1, 9)] + ["t/booster"],
                 [f"t/x{i}" for i in range(1, 9)] + ["t/swapper"]]
        app, sc = ch.make_table(make_app, hands, field="5x5", first=1, seats=[HUMAN] * 3)
        policy_turns(app, sc, "5x5", 60, by_keys=False)
        step(app, 120)
        app.stack.clear()

    def seven_four() -> None:
        pool = [f"t/x{i}" for i in range(1, 9)] + [f"t/w{i}" for i in range(1, 9)]
        hands = [(pool[4 * s:] + pool[:4 * s])[:13] for s in range(4)]
        app, sc = ch.make_table(make_app, hands, field="7x7", first=2, seats=[HUMAN] * 4,
                                open=True)
        policy_turns(app, sc, "7x7", 60, by_keys=True)
        step(app, 120)
        app.stack.clear()

    def hand_choice() -> None:
        from jayden_jazz.scenes.cardkit.library import load_library
        from jayden_jazz.scenes.cards.config import MatchConfig
        from jayden_jazz.scenes.cards.hands import HandChoiceScene

        app = make_app("--cards", str(ch.PACK_DIR), "--seed", "11")
        cfg = MatchConfig(players=2, field="3x3", first=0, date=ch.DATE, open=True)
        cfg.seats[0], cfg.seats[1] = dict(HUMAN), dict(HUMAN)
        app.stack.push(HandChoiceScene(app, cfg, load_library(app)))
        step(app, 3)
        script = [["right"], ["return"], ["down"], ["return"], ["right", "right", "return"], ["up", "return"],
                  ["left", "return"], ["return"], ["tab"], ["down"], ["tab"], ["w", "e"], ["backspace", "backspace"], ["return"],
                  ["escape"], ["down", "down", "down", "return"], ["right", "return"], ["tab"], ["escape"]]
        for i, keys in enumerate(script):
            rec.at(f"hands {i}:{'+'.join(keys)}")
            press(app, *keys)
            step(app, 2)
        rec.at("hands later")
        step(app, 60)
        app.stack.clear()

    return [("open", open_game), ("hidden", hidden_game), ("5x5", five_three), ("7x7", seven_four),
            ("hands", hand_choice)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", type=Path, help="write the hashes to this file")
    ap.add_argument("--check", type=Path, help="compare with the hashes in this file")
    ap.add_argument("--only", default="", help="comma-separated games (open,hidden,5x5,7x7,hands)")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["JAYDEN_JAZZ_HOME"] = tempfile.mkdtemp(prefix="jj-card-frames-")
    sys.path.insert(0, str(ROOT))
    rec = Recorder()
    only = {s for s in args.only.split(",") if s}
    for name, play in games(rec):
        if not only or name in only:
            rec.at(name)
            play()
    if args.write:
        args.write.write_text("\n".join(rec.lines) + "\n", encoding="utf-8")
    if args.check:
        want = args.check.read_text(encoding="utf-8").splitlines()
        differ = [i for i, (a, b) in enumerate(zip(want, rec.lines)) if a != b]
        print(f"{len(rec.lines)} frames, {len(want)} recorded, {len(differ)} differ")
        if differ:
            print(f"first: recorded {want[differ[0]]!r}, now {rec.lines[differ[0]]!r}")
        return 0 if not differ and len(want) == len(rec.lines) else 1
    if not args.write:
        print("\n".join(rec.lines))
    else:
        print(f"{len(rec.lines)} frames written to {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
