"""Opponents in a player's own pack: kept when a card is saved, made and changed in the Workshop."""

from pathlib import Path

from jayden_jazz.cards import Card
from jayden_jazz.cards.loader import load_pack
from jayden_jazz.cards.writer import PackHeader, write_pack
from jayden_jazz.scenes.workshop.ownpacks import read_own_pack, save_card

JOURNEY = """\

starter:
  ember: 2

opponents:
  - id: stoker
    name: "The Stoker"
    description: "Keeps the fire going."
    tier: 2
    level: normal
    pool: [ember, example/devan, example/fog_horn, example/quick_quill, example/brick_wall]
    rules:
      - {preset: updated, field: 3x3, open: true}
      - {field: 3x3, classic: [same, same_wall]}
    trade: diff
    rewards:
      - {card: ember, chance: 30}
  - id: ash
    name: "Ash"
    description: "Comes after the Stoker."
    tier: 3
    level: hard
    pool: [ember, example/devan, example/fog_horn, example/sandstorm, example/static_field]
    rules: {preset: updated, field: 3x3, classic: [plus]}
    trade: all
    requires: [stoker]
"""


def a_card(key: str = "ember", name: str = "Ember") -> Card:
    return Card(id=f"mine/{key}", name=name, sides=(5, 5, 5, 5), started_roasting=(2002, 8),
                likes="Lava", dislikes="Ice", description=f"{name} is hot.")


def own_pack_file(folder: Path) -> Path:
    """A player's pack with one card, a starter collection and two opponents (one a Roulette)."""
    file = folder / "mine" / "mine.yaml"
    write_pack(file, PackHeader("mine", "Mine", "Me", "1.0"), [a_card()])
    with open(file, "a", encoding="utf-8") as f:
        f.write(JOURNEY)
    return file


def test_saving_a_card_keeps_the_packs_opponents_and_starter(tmp_path):
    file = own_pack_file(tmp_path)
    before = read_own_pack(file)
    assert [o.id for o in before.info.opponents] == ["mine/stoker", "mine/ash"]
    save_card(before, a_card("spark", "Spark"), None)
    info, cards, problems = load_pack(file)
    assert [c.key for c in cards] == ["ember", "spark"]
    assert not [p for p in problems if p.is_error]
    strip = lambda os_: [o.__class__(**{**o.__dict__, "line": None}) for o in os_]   # noqa: E731
    assert strip(info.opponents) == strip(before.info.opponents)
    assert info.starter == before.info.starter == (("mine/ember", 2),)


# --- the Opponents list and the opponent editor, by keys ------------------------------------------------

import pytest  # noqa: E402

from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow  # noqa: E402
from jayden_jazz.scenes.workshop.opponent import OpponentEditorScene  # noqa: E402
from jayden_jazz.scenes.workshop.opponents import OpponentsScene  # noqa: E402
from jayden_jazz.scenes.workshop.pickwindow import PickWindow  # noqa: E402
from jayden_jazz.scenes.workshop.ruleset import RuleSetWindow  # noqa: E402
from tests.workshop.workshop_helpers import goto, key, set_text, turn_to, type_text  # noqa: E402


def no_lines(opponents):
    return [o.__class__(**{**o.__dict__, "line": None}) for o in opponents]


@pytest.fixture
def opp_list(make_app, user_home):
    app = make_app()
    file = own_pack_file(Path(app.dirs.cards))
    app.stack.push(app.scene("workshop-opponents", pack=read_own_pack(file)))
    scene = app.stack.top
    assert isinstance(scene, OpponentsScene)
    return app, scene, file


def pick(app, *names: str) -> None:
    """In an open pick window: find each name and tick it, clearing the search between."""
    for name in names:
        type_text(app, name)
        key(app, "RETURN")
        key(app, *(["BACKSPACE"] * len(name)))


def test_an_opponent_made_by_keys_is_read_back_from_the_file(opp_list):
    app, scene, file = opp_list
    before = read_own_pack(file).info.opponents
    key(app, "DOWN", "DOWN", "RETURN")                      # "+ new opponent"
    ed = app.stack.top
    assert isinstance(ed, OpponentEditorScene)
    type_text(app, "Coal Man")
    assert ed.key == "coal_man"                             # the id follows the name
    set_text(app, ed.form, "description", "Shovels coal and plays Same.")
    turn_to(app, ed.form, "tier", 4)
    turn_to(app, ed.form, "level", "hard")
    turn_to(app, ed.form, "trade", "direct")
    goto(app, ed.form, "pool")
    key(app, "RETURN")
    assert isinstance(app.stack.top, PickWindow)
    pick(app, "ember", "devan", "fog horn", "brick wall", "sandstorm")
    key(app, "ESCAPE")
    assert ed.opp.pool == ("mine/ember", "example/devan", "example/fog_horn", "example/brick_wall",
                           "example/sandstorm")
    goto(app, ed.form, "rules1")
    key(app, "RETURN")
    rules = app.stack.top
    assert isinstance(rules, RuleSetWindow)
    turn_to(app, rules.form, "same", True)
    key(app, "ESCAPE")
    goto(app, ed.form, "addrules")                          # a second set: a Roulette
    key(app, "RETURN")
    turn_to(app, app.stack.top.form, "open", True)
    key(app, "ESCAPE")
    goto(app, ed.form, "addreward")
    key(app, "RETURN")
    type_text(app, "ember")
    key(app, "RETURN")
    turn_to(app, ed.form, "reward1", 25)
    goto(app, ed.form, "requires")
    key(app, "RETURN")
    pick(app, "stoker")
    key(app, "ESCAPE")
    assert not ed.errors, ed.errors
    key(app, "F2")
    assert not ed.dirty
    info, _, problems = load_pack(file)
    assert not [p for p in problems if p.is_error]
    assert no_lines(info.opponents[:2]) == no_lines(before)  # the others are kept, in order
    (made,) = no_lines(info.opponents[2:])
    assert made == no_lines([ed.opp])[0]
    assert made.tier == 4 and made.level == "hard" and made.trade == "direct"
    assert [rs.classic for rs in made.rule_sets] == [("same",), ()] and made.rule_sets[1].variants == ("open",)
    assert made.rewards == (("mine/ember", 25),) and made.requires == ("mine/stoker",)
    key(app, "ESCAPE")                                       # saved: closes without asking
    assert app.stack.top is scene and [o.name for o in scene.opponents][-1] == "Coal Man"


def test_an_invalid_opponent_is_refused_with_its_message_and_not_saved(opp_list):
    app, scene, file = opp_list
    text = file.read_text(encoding="utf-8")
    key(app, "DOWN", "DOWN", "RETURN")
    ed = app.stack.top
    type_text(app, "Nobody")
    assert any(p.field == "pool" for p in ed.errors)         # no cards yet
    goto(app, ed.form, "rules1")
    key(app, "RETURN")
    turn_to(app, app.stack.top.form, "same_wall", True)
    assert "Same" in " ".join(app.stack.top.rs.rules().problems())
    key(app, "ESCAPE")
    assert any("cannot be combined" in p.message for p in ed.errors)
    key(app, "F2")
    window = app.stack.top
    assert isinstance(window, MessageWindow) and window.title == "Not saved"
    assert any("cannot be combined" in line for line in window.lines)
    assert file.read_text(encoding="utf-8") == text
    key(app, "RETURN", "ESCAPE")                              # changed: Esc asks, No is the default
    assert isinstance(app.stack.top, ChoiceWindow)
    key(app, "RETURN")
    assert app.stack.top is ed


def test_a_pool_too_small_for_the_field_is_refused_by_the_linker(opp_list):
    app, scene, file = opp_list
    key(app, "DOWN", "DOWN", "RETURN")
    ed = app.stack.top
    type_text(app, "Small")
    assert "description is text, not ''" in [p.message for p in ed.errors]
    set_text(app, ed.form, "description", "Plays few cards.")
    goto(app, ed.form, "pool")
    key(app, "RETURN")
    pick(app, "ember", "devan")
    key(app, "ESCAPE")
    assert [p.message for p in ed.errors] == ["the pool has 2 cards; 3x3 needs a hand of 5; the opponent is refused"]
    assert any("needs a hand of 5" in line for line, _ in ed.message_lines())


def test_editing_one_opponent_keeps_the_others(opp_list):
    app, scene, file = opp_list
    before = no_lines(read_own_pack(file).info.opponents)
    key(app, "RETURN")                                       # the Stoker
    ed = app.stack.top
    assert ed.original_id == "mine/stoker"
    turn_to(app, ed.form, "tier", 5)
    key(app, "F2")
    after = no_lines(load_pack(file)[0].opponents)
    assert after[0] == before[0].__class__(**{**before[0].__dict__, "tier": 5})
    assert after[1:] == before[1:]


def test_delete_asks_first_and_no_is_the_default(opp_list):
    app, scene, file = opp_list
    key(app, "DELETE")
    assert isinstance(app.stack.top, ChoiceWindow)
    assert "Ash require(s) it" in " ".join(app.stack.top.lines)
    key(app, "RETURN")                                       # No
    assert [o.id for o in load_pack(file)[0].opponents] == ["mine/stoker", "mine/ash"]
    key(app, "DOWN")
    key(app, "DELETE")
    key(app, "DOWN", "RETURN")                               # Yes
    assert [o.id for o in load_pack(file)[0].opponents] == ["mine/stoker"]
    assert [c.key for c in load_pack(file)[1]] == ["ember"]


def test_copy_makes_a_new_id_and_keeps_the_original(opp_list):
    app, scene, file = opp_list
    key(app, "c")
    ed = app.stack.top
    assert ed.key == "stoker_copy" and ed.original_id is None
    key(app, "F2")
    assert [o.id for o in load_pack(file)[0].opponents] == ["mine/stoker", "mine/ash", "mine/stoker_copy"]


def test_the_workshop_opens_a_packs_opponents_from_its_menu(make_app, user_home):
    from jayden_jazz.scenes.workshop.home import WorkshopScene

    app = make_app()
    own_pack_file(Path(app.dirs.cards))
    app.stack.push(WorkshopScene(app))
    key(app, "RETURN")                                   # the pack's menu
    menu = app.stack.top
    while menu.menu.current.value != "opponents":
        key(app, "DOWN")
    assert menu.menu.current.label == "Opponents (2)..."
    key(app, "RETURN")
    assert isinstance(app.stack.top, OpponentsScene)
    assert [o.name for o in app.stack.top.opponents] == ["The Stoker", "Ash"]


def test_the_list_says_why_the_game_would_refuse_an_opponent(make_app, user_home):
    from tests.helpers import assert_ega_only

    app = make_app()
    file = own_pack_file(Path(app.dirs.cards))
    file.write_text(file.read_text(encoding="utf-8").replace(
        "pool: [ember, example/devan, example/fog_horn, example/quick_quill, example/brick_wall]",
        "pool: [ember, example/devan]"), encoding="utf-8")
    app.stack.push(app.scene("workshop-opponents", pack=read_own_pack(file)))
    scene = app.stack.top
    assert scene.refusals(scene.opponents[0]) == [
        "rules: the pool has 2 cards; 3x3 needs a hand of 5; the opponent is refused"]
    assert scene.refusals(scene.opponents[1]) == []
    app.render()
    assert_ega_only(app.display.logical)
    key(app, "RETURN")
    app.render()
    assert_ega_only(app.display.logical)


def test_rewards_over_100_per_cent_are_refused(opp_list):
    app, scene, file = opp_list
    key(app, "RETURN")                                       # the Stoker: one reward of 30%
    ed = app.stack.top
    turn_to(app, ed.form, "reward1", 60)
    goto(app, ed.form, "addreward")
    key(app, "RETURN")
    type_text(app, "devan")
    key(app, "RETURN")
    turn_to(app, ed.form, "reward2", 50)
    assert [p.message for p in ed.errors] == ["the chances add up to 110 per cent; at most 100"]
    key(app, "LEFT")                                         # 50 -> 40
    assert ed.opp.rewards == (("mine/ember", 60), ("example/devan", 40)) and not ed.errors


def test_the_list_and_the_editor_by_mouse(opp_list):
    from jayden_jazz.scenes.workshop.opponents import LIST_Y, ROW_H
    from tests.helpers import click

    app, scene, file = opp_list
    y = LIST_Y + 2 * ROW_H + 4                              # "+ new opponent"
    click(app, 40, y)
    click(app, 40, y)
    ed = app.stack.top
    assert isinstance(ed, OpponentEditorScene) and ed.original_id is None
    tier = ed.form.rows.index(next(r for r in ed.form.rows if r.key == "tier"))
    vr = ed.form.value_rect(tier)
    click(app, vr.x + 30, vr.y + 5)                         # the right arrow's side: one tier up
    assert ed.opp.tier == 2


@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_into_the_opponent_screens(make_app, user_home, seed):
    """No exception, and whatever gets saved is a pack the validator accepts whole."""
    import random

    from tests.helpers import assert_ega_only
    from tests.workshop.test_workshop_monkey import random_action

    app = make_app("--seed", str(seed))
    file = own_pack_file(Path(app.dirs.cards))
    rng = random.Random(seed)
    for i in range(1500):
        if not any(isinstance(s, OpponentsScene) for s in app.stack):
            app.stack.push(app.scene("workshop-opponents", pack=read_own_pack(file)))
        app.stack.handle(random_action(rng))
        app._update()
        if i % 100 == 0:
            app.render()
            assert_ega_only(app.display.logical)
    info, cards, problems = load_pack(file)
    assert info is not None and not [p for p in problems if p.is_error]
    assert [c.key for c in cards] == ["ember"] and info.starter == (("mine/ember", 2),)


# --- the opponent's picture ----------------------------------------------------------------------------

def _file_picked(app, folder: Path, name: str) -> None:
    """In the open file picker: open ``folder`` and pick ``name`` by keys."""
    from jayden_jazz.scenes.workshop.importpic import FilePicker

    picker = app.stack.top
    assert isinstance(picker, FilePicker)
    picker.open(folder)
    picker.index = [p.name for p in picker.entries].index(name)
    key(app, "RETURN")


def test_an_opponents_picture_is_imported_saved_in_the_pack_shown_and_removed(opp_list, tmp_path):
    import pygame

    from jayden_jazz.shell import palette as P

    app, scene, file = opp_list
    pics = tmp_path / "pics"
    pics.mkdir()
    image = pygame.Surface((100, 80))
    image.fill((255, 85, 85))
    pygame.image.save(image, str(pics / "stoker.png"))
    (pics / "fake.png").write_text("this is not a picture", encoding="utf-8")

    key(app, "RETURN")                                       # the Stoker
    ed = app.stack.top
    goto(app, ed.form, "picture")
    assert ed.form.current.text.startswith("none")
    key(app, "RETURN")
    menu = app.stack.top
    assert isinstance(menu, ChoiceWindow) and not menu.menu.items[1].enabled   # nothing to remove yet
    key(app, "RETURN")                                       # Import a picture file...
    _file_picked(app, pics, "fake.png")
    window = app.stack.top
    assert isinstance(window, MessageWindow) and window.title == "Picture not imported"
    assert "not a picture the game reads" in " ".join(window.lines)
    assert ed.opp.picture is None
    key(app, "RETURN")
    key(app, "RETURN", "RETURN")                             # the menu again, Import
    _file_picked(app, pics, "stoker.png")
    assert app.stack.top is ed and ed.opp.picture is not None
    assert ed.opp.picture.parent == file.parent / "pictures" and ed.form.current.text == "pictures/stoker.png"
    assert pygame.image.load(str(ed.opp.picture)).get_size() == (64, 51)     # fitted into 64x64
    key(app, "F2")
    info, _, problems = load_pack(file)
    assert not [p for p in problems if p.is_error]
    assert info.opponents[0].picture == (file.parent / "pictures" / "stoker.png").resolve()
    assert "pictures/stoker.png" in file.read_text(encoding="utf-8")
    key(app, "ESCAPE")
    assert app.stack.top is scene
    surface = pygame.Surface((640, 350), depth=8)
    scene.draw(surface)
    y = 24 + 14 * 14 + 6
    assert surface.get_at_mapped((567, y + 1)) == P.BLACK                     # the picture's box
    assert surface.get_at_mapped((600, y + 34)) != P.BLUE

    key(app, "RETURN")                                       # the Stoker again: remove the picture
    ed = app.stack.top
    goto(app, ed.form, "picture")
    key(app, "RETURN", "DOWN", "RETURN")                     # Remove the picture
    assert ed.opp.picture is None
    key(app, "F2")
    info, _, _ = load_pack(file)
    assert info.opponents[0].picture is None and "picture:" not in file.read_text(encoding="utf-8")


def test_gives_names_the_reward_cards_and_says_when_one_is_missing(make_app, user_home):
    """The list's details name what an opponent gives by card name (this pack's or another loaded pack's);
    an id no pack has is called missing, not shown as if it were a card."""
    app = make_app()
    file = own_pack_file(Path(app.dirs.cards))
    file.write_text(file.read_text(encoding="utf-8").replace(
        "      - {card: ember, chance: 30}",
        "      - {card: ember, chance: 30}\n      - {card: example/devan, chance: 10}\n"
        "      - {card: ghost, chance: 5}"), encoding="utf-8")
    app.stack.push(app.scene("workshop-opponents", pack=read_own_pack(file)))
    scene = app.stack.top
    devan = scene._lib().catalog["example/devan"].name
    words = scene.details(scene.opponents[0])
    assert f"Gives: Ember 30%, {devan} 10%, missing card \"ghost\" (in no loaded pack) 5%." in words
    assert "Requires: The Stoker." in scene.details(scene.opponents[1])
    app.render()
