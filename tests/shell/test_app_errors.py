"""Start-up errors name their real cause: only an unknown scene name is "Unknown scene"."""

import pytest

from jayden_jazz.app import main
from jayden_jazz.scenes import registry


def test_unknown_scene_name_lists_the_known_ones(capsys, user_home):
    assert main(["--headless", "--scene", "nope"]) == 2
    err = capsys.readouterr().err
    assert "Unknown scene 'nope'" in err
    for name in ("menu", "cards", "jayden", "instructions", "options"):
        assert name in err


class Broken:
    """A scene whose construction fails with a KeyError of its own."""

    def __init__(self, app):
        raise KeyError("missing_field")


def test_a_key_error_inside_a_scene_surfaces_as_itself(capsys, user_home, monkeypatch):
    monkeypatch.setitem(registry.SCENES, "broken", f"{__name__}:Broken")
    with pytest.raises(KeyError, match="missing_field") as info:
        main(["--headless", "--scene", "broken"])
    assert not isinstance(info.value, registry.UnknownScene)
    assert "Unknown scene" not in capsys.readouterr().err
