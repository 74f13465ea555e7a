"""Building card tables for scene tests and playing them through the real input path."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from jayden_jazz.ai.worker import Reply
from jayden_jazz.cards import Action, Game, GameRecord
from jayden_jazz.scenes.cards.config import Match, MatchConfig
from jayden_jazz.scenes.cardkit.library import load_library
from jayden_jazz.scenes.cards.table import CardsTableScene
from tests.helpers import click, press, step

PACK_DIR = Path(__file__).resolve().parent / "cards_pack"
DATE = (2026, 6)
# the test pack's weak and strong hands, and a person's seat
WEAK5 = ["t/w1", "t/w2", "t/w3", "t/w4", "t/w5"]
STRONG5 = ["t/x1", "t/x2", "t/x3", "t/x4", "t/x5"]
HUMAN = {"kind": "human"}


class LocalBrain:
    """An in-process stand-in for the computer player (tests only): random legal choices.

    It answers after ``delay`` polls so the scene's waiting path is used,
    and records what it was asked.
    """

    def __init__(self, catalog: Any, seed: int = 1, delay: int = 3) -> None:
        self.catalog = catalog
        self.rng = random.Random(seed)
        self.delay = delay
        self.asked: list[tuple] = []
        self.pools: list[list[str] | None] = []
        self._answer: Any = None
        self._left = 0
        self.closed = False
        self.cancelled = 0

    @property
    def busy(self) -> bool:
        return self._answer is not None

    def game_of(self, text: str) -> Game:
        """The scene hands over a game record's YAML (a position string works too)."""
        if text.startswith("jazz1"):
            return Game.from_position(text, self.catalog)
        return GameRecord.from_yaml(text).replay(self.catalog)

    def submit_action(self, position: str, seat: int, level: str, seed: int, pack_dirs: list[str],
                      pool: list[str] | None = None) -> None:
        self.asked.append(("action", position, seat, level))
        self.pools.append(pool)
        game = self.game_of(position)
        assert game.to_move == seat
        self._answer = str(self.rng.choice(game.legal_actions()))
        self._left = self.delay

    def submit_hint(self, position: str, seat: int, pack_dirs: list[str],
                    pool: list[str] | None = None) -> None:
        self.asked.append(("hint", position, seat))
        self.pools.append(pool)
        game = self.game_of(position)
        self._answer = {"action": str(game.legal_actions()[0]), "value": "win"}
        self._left = self.delay

    def submit_hand(self, pack_dirs: list[str], setup: dict, seat: int, level: str, seed: int) -> None:
        self.asked.append(("hand", setup, seat, level))
        self._answer = self.rng.sample(setup["cards"], setup["hand_size"])
        self._left = self.delay

    def poll(self) -> Reply | None:
        if self._answer is None:
            return None
        self._left -= 1
        if self._left > 0:
            return None
        ans, self._answer = self._answer, None
        return Reply(True, ans)

    def cancel(self) -> None:
        self.cancelled += 1
        self._answer = None

    def close(self) -> None:
        self.closed = True


def make_table(make_app, hands, *, field: str = "3x3", first: int = 0, seats=None, argv=(),
               brain=None, **rules: Any):
    """A table scene over the title, with fixed hands and the test pack loaded."""
    app = make_app("--cards", str(PACK_DIR), "--seed", "11", *argv)
    lib = load_library(app)
    players = len(hands)
    cfg = MatchConfig(players=players, field=field, first=first, date=DATE, **rules)
    for s, seat in enumerate(seats or []):
        cfg.seats[s] = dict(seat)
    match = Match(cfg, lib.fields[field], tuple(tuple(h) for h in hands), first, lib.pack_dir_texts, DATE)
    scene = CardsTableScene(app, match, brain=brain, library=lib)
    app.stack.push(scene)
    step(app)
    return app, scene


def settle(app, scene, limit: int = 600) -> None:
    """Run frames until the table waits for a person (or the game is over)."""
    for _ in range(limit):
        if scene.phase in ("turn", "pass", "over", "ability", "targets", "result"):
            return
        step(app)
    raise AssertionError(f"the table never waited for a person (phase {scene.phase})")


def take_seat(app, scene) -> None:
    """Let the table reach the next person's turn and confirm the pass screen if one is up."""
    from jayden_jazz.scenes.cards.windows import PassScreen

    settle(app, scene)
    if scene.phase == "result":                # hot seat: the mover confirms their result first
        press(app, "RETURN")
        settle(app, scene)
    if isinstance(app.stack.top, PassScreen):
        press(app, "RETURN")
    assert scene.phase == "turn", scene.phase


def cell_centre(scene, name: str) -> tuple[int, int]:
    return scene.layout.card_rect(scene.controller.game.field.index(name)).center


def hand_centre(scene, seat: int, card_id: str) -> tuple[int, int]:
    view = scene.keys.view_state()
    for i, r in scene.renderer.hand_slots(scene.picture.frame(view), seat):
        if scene.controller.game.hand(seat)[i].id == card_id:
            return r.center
    raise AssertionError(f"{card_id} is not drawn in seat {seat}'s hand")


def play_click(app, scene, card_id: str, cell: str) -> None:
    """One placement by mouse: the hand card, then the cell."""
    take_seat(app, scene)
    seat = scene.controller.game.to_move
    click(app, *hand_centre(scene, seat, card_id))
    click(app, *cell_centre(scene, cell))


def goto(app, scene, key) -> None:
    """Walk the cursor with arrow keys until it rests on ``key``."""
    for _ in range(30):
        if scene.cursor == key:
            return
        rects = dict(scene.keys.slots())
        cur, dst = rects[scene.cursor], rects[key]
        dx, dy = dst.centerx - cur.centerx, dst.centery - cur.centery
        if abs(dx) >= abs(dy):
            press(app, "RIGHT" if dx > 0 else "LEFT")
        else:
            press(app, "DOWN" if dy > 0 else "UP")
    raise AssertionError(f"the cursor never reached {key} (at {scene.cursor})")


def play_keys(app, scene, card_id: str, cell: str) -> None:
    """One placement with the keyboard only: arrows to the card, Enter, arrows to the cell, Enter."""
    from jayden_jazz.scenes.cards.render import cell_key, hand_key

    take_seat(app, scene)
    g = scene.controller.game
    seat = g.to_move
    index = [c.id for c in g.hand(seat)].index(card_id)
    goto(app, scene, hand_key(seat, index))
    press(app, "RETURN")
    goto(app, scene, cell_key(g.field.index(cell)))
    press(app, "RETURN")


def history(scene) -> list[str]:
    return [str(a) for a in scene.controller.game.history]


__all__ = ["Action", "DATE", "LocalBrain", "PACK_DIR", "cell_centre", "goto", "hand_centre", "history",
           "make_table", "play_click", "play_keys", "settle", "take_seat"]
