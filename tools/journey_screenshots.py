"""Makes the README's Card Journey pictures by playing the game headless.

Run: python tools/journey_screenshots.py [--out docs/screenshots]

A new profile is made and one game played from the title by keys, in a
throw-away user folder, then the trade steps, the opponent list, a Roulette
opponent's card, the collection book and the deck builder are taken, and
last the cards step of a game lost under All.
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
    from jayden_jazz.tables.cards.flow import Phase
    from tests.helpers import step

    app = make_app(["--headless", "--seed", "3"])

    def keys(*names: str, text: str = "") -> None:
        for n in names:
            code = key_code(n)
            ch = text or {"RETURN": "\r"}.get(n, "")
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
            step(app)

    def top() -> str:
        return type(app.stack.top).__name__

    def shot(name: str) -> None:
        step(app, 2)
        app.render()
        path = args.out / f"{name}.png"
        save_screenshot(app.display.logical, path)
        print(path)

    keys("DOWN", "RETURN")
    step(app, 3)
    keys("RETURN")
    for ch in "Jazz":
        keys(ch.lower(), text=ch)
    keys("RETURN", "RETURN", "RETURN")             # the profile, the first opponent, Play
    step(app, 3)
    keys("r", text="\x12")                         # Random hand (Ctrl+R)
    keys("RETURN")                                 # Done
    for _ in range(600):
        t = app.stack.top
        if top() == "MessageWindow":
            break
        if top() == "ChoiceWindow" or (getattr(t, "phase", None) == Phase.TURN and t.controller.game.to_move == 0
                                       and t.cursor is not None):
            keys("RETURN")
        else:
            step(app, 10)
    keys("RETURN")
    trade = app.stack.top
    shot("journey_trade_result")
    keys("RETURN")
    if trade.step == "choose":
        keys("RIGHT")
        shot("journey_trade_choose")
        keys("RETURN")
        shot("journey_trade_review")
        keys("RETURN")
    shot("journey_trade_cards")
    keys("RETURN", "RETURN")
    session = app.stack.top.session
    keys("DOWN")
    shot("journey_opponents")
    roulette = next(o for o in session.catalog.opponents.values() if o.roulette)
    app.stack.push(app.scene("journey-opponent", session=session, opponent=roulette, seed=7))
    shot("journey_opponent")
    keys("ESC", "B", "DOWN", "DOWN")
    shot("journey_book")
    keys("ESC", "D", "RETURN", "RETURN")
    step(app, 3)
    keys("DOWN", "RETURN", "RIGHT", "RIGHT", "RETURN", "DOWN", "RETURN", "RIGHT")
    shot("journey_deck_builder")
    shot_lost(app, session, shot, keys)
    return 0


def shot_lost(app, session, shot, keys) -> None:
    """A game lost under All (random legal play from a fixed seed): the whole hand shown as lost."""
    import random
    from dataclasses import replace

    from jayden_jazz.cards.opponents import RuleSet
    from jayden_jazz.journey.match import OPPONENT, prepare, start
    from jayden_jazz.journey.trade import finish_of

    base = next(o for o in session.catalog.opponents.values() if not o.roulette and not o.requires)
    opponent = replace(base, rule_sets=(RuleSet("updated", "3x3", (), ()),), trade="all")
    js = prepare(opponent, 1)
    owned = session.profile.collection.owned_cards()
    for seed in range(200):
        rng = random.Random(seed)
        game = start(session.catalog, js, rng.sample(owned, 5), rng.sample(list(opponent.pool), 5))
        while not game.is_over():
            game.play(rng.choice(game.legal_actions()))
        if finish_of(game).winner == OPPONENT:
            break
    app.stack.push(app.scene("journey-trade", session=session, opponent=opponent, setup=js, game=game))
    keys("RETURN")
    shot("journey_trade_lost")


if __name__ == "__main__":
    sys.exit(main())
