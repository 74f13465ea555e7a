"""The card editor open on a new pack of the player's own, for the Workshop's screen tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from jayden_jazz.scenes.workshop.editor import CardEditorScene
from jayden_jazz.scenes.workshop.ownpacks import new_pack


@pytest.fixture
def editor(make_app, user_home):
    app = make_app()
    pack = new_pack(Path(app.dirs.cards), "My Cards", "Tester", set())
    scene = CardEditorScene(app, pack)
    app.stack.push(scene)
    return app, scene
