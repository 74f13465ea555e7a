"""Random keys, typing and clicks into the editor, the ability window and the pixel editor:
no exception, only EGA colours, and whatever gets saved is a pack the validator accepts."""

import random
from pathlib import Path

import numpy as np
import pygame
import pytest

from jayden_jazz.cards.loader import load_pack
from jayden_jazz.scenes.workshop.editor import CardEditorScene
from jayden_jazz.scenes.workshop.ownpacks import new_pack
from jayden_jazz.shell.input import Action, Kind, move
from tests.helpers import assert_ega_only

KEYS = ["f2", "f3", "f4", "backspace", "delete", "p", "f", "[", "]"]


def random_action(rng: random.Random) -> Action:
    r = rng.random()
    if r < 0.35:
        return move(rng.choice((-1, 0, 1)), rng.choice((-1, 0, 1)))
    if r < 0.5:
        return Action(Kind.KEY, key="x", text=rng.choice("abcXYZ 019A+-,.'\"!?"))
    if r < 0.6:
        return Action(Kind.ACTION, text=rng.choice(("\r", " ")))
    if r < 0.63:
        return Action(Kind.BACK)
    if r < 0.7:
        return Action(Kind.KEY, key=rng.choice(KEYS))
    if r < 0.73:
        return Action(Kind.SCROLL, dy=rng.choice((-1, 1)))
    pos = (rng.randrange(640), rng.randrange(350))
    return Action(rng.choice((Kind.POINT, Kind.POINT, Kind.ACTION, Kind.ALT)), pos=pos)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_input_into_the_workshop_editor(make_app, user_home, seed, tmp_path, monkeypatch):
    pics = tmp_path / "pics"
    pics.mkdir()
    pygame.image.save(pygame.Surface((90, 40)), str(pics / "wide.png"))
    (pics / "broken.png").write_bytes(b"not a png")
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: pics))     # where the file picker starts
    app = make_app("--seed", str(seed))
    pack = new_pack(Path(app.dirs.cards), "Mine", "Me", set())
    rng = random.Random(seed)
    for i in range(2000):
        if not any(isinstance(s, CardEditorScene) for s in app.stack):
            app.stack.push(CardEditorScene(app, pack))
        app.stack.handle(random_action(rng))
        app._update()
        if i % 50 == 0:
            app.render()
            # only palette indices 0-15 (255, the font's see-through key, also reads as black)
            used = set(np.unique(pygame.surfarray.array2d(app.display.logical)).tolist())
            assert used <= set(range(16)) | {255}, sorted(used)
    app.render()
    assert_ega_only(app.display.logical)
    info, cards, problems = load_pack(pack.file)
    assert info is not None and not [p for p in problems if p.is_error]


def test_workshop_screens_let_the_game_idle(make_app, user_home):
    """Static screens: drawn again only after input, never every tick."""
    from jayden_jazz.scenes.workshop.gallery import GalleryScene
    from jayden_jazz.scenes.workshop.home import WorkshopScene

    app = make_app()
    pack = new_pack(Path(app.dirs.cards), "Mine", "Me", set())
    for scene in (WorkshopScene(app), GalleryScene(app), CardEditorScene(app, pack)):
        app.stack.push(scene)
        assert scene.redraw_in() is None
