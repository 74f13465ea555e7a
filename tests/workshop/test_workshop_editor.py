"""The card editor by scripted input: every field and ability form round-trips through a save."""

from pathlib import Path

import pytest

from jayden_jazz.cards import Card, Condition, Filter
from jayden_jazz.cards.loader import load_pack
from jayden_jazz.cards.writer import PackHeader
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.scenes.workshop.ability import AbilityEditor
from jayden_jazz.scenes.workshop.editor import CardEditorScene
from jayden_jazz.scenes.workshop.ownpacks import read_own_packs
from tests.helpers import assert_ega_only
from tests.workshop.workshop_helpers import goto, key, set_text, turn_to, type_text


def fill_card(app, ed, sides="1231"):
    f = ed.form
    set_text(app, f, "name", "Ember Fox")
    set_text(app, f, "aliases", "EF, Foxy")
    set_text(app, f, "started_roasting", "2001-03")
    set_text(app, f, "likes", "Lava levels, speedruns")
    set_text(app, f, "dislikes", "Slow loading screens")
    set_text(app, f, "description", "Ember Fox lives on the ladder boards. She answers within the hour.")
    goto(app, f, "sides")
    for i, ch in enumerate(sides):
        type_text(app, ch)
        if i < 3:
            key(app, "RIGHT")


def saved_card(ed) -> Card:
    info, cards, problems = load_pack(ed.pack.file)
    assert not [p for p in problems if p.is_error], problems
    (card,) = [c for c in cards if c.key == ed.card.key]
    return card


def test_every_card_field_made_by_typing_round_trips(editor):
    app, ed = editor
    fill_card(app, ed, sides="5A27")
    assert ed.card.id == "my_cards/ember_fox"      # the id follows the name of a new card
    assert ed.errors == []
    key(app, "F2")
    assert not ed.dirty and "Saved" in ed.status
    card = saved_card(ed)
    assert card == ed.card
    assert (card.name, card.aliases, card.started_roasting) == ("Ember Fox", ("EF", "Foxy"), (2001, 3))
    assert (card.likes, card.dislikes) == ("Lava levels, speedruns", "Slow loading screens")
    assert card.description.startswith("Ember Fox lives") and card.sides == (5, 10, 2, 7)
    text = ed.pack.file.read_text(encoding="utf-8")
    assert 'name: "Ember Fox"' in text and "sides: {top: 5, right: A, bottom: 2, left: 7}" in text


def add_ability(app, ed) -> AbilityEditor:
    goto(app, ed.form, "add")
    key(app, "RETURN")
    top = app.stack.top
    assert isinstance(top, AbilityEditor)
    return top


ABILITY_FORMS = [
    # (effect, {row: value}, expected fields)
    ("modify", {"target": "self", "amount": 3, "sides": (0, 1, 2, 3)}, dict(target="self", amount=3, cost=4)),
    ("modify", {"target": "opponents", "amount": -1, "sides": (0, 2)}, dict(target="opponents", amount=-1,
                                                                          sides=(0, 2), cost=4)),
    ("modify", {"target": "own", "amount": 1, "if.behind": True}, dict(target="own", cost=4,
                                                                      condition=Condition(behind=True))),
    ("modify", {"target": "all", "amount": -2, "sides": (1, 3), "if.empty_cells_at_most": 4},
     dict(target="all", sides=(1, 3), condition=Condition(empty_cells_at_most=4))),
    ("modify", {"target": "neighbours", "amount": 2, "sides": (0,), "only.total_at_most": 18},
     dict(target="neighbours", sides=(0,), filter=Filter(total_at_most=18))),
    ("gain_control", {"only.roasting_within_years": 2}, dict(target="choose_field", cost=4,
                                                            filter=Filter(roasting_within_years=2))),
    ("gain_control", {"count": 2, "if.captured_at_least": 3, "only.adjacent": False},
     dict(count=2, cost=8, condition=Condition(captured_at_least=3), filter=Filter(adjacent=False))),
    ("swap", {"if.controlling_at_most": 2, "only.roasting_before": "2005-01"},
     dict(target="choose_swap", cost=5, condition=Condition(controlling_at_most=2),
          filter=Filter(roasting_before=(2005, 1)))),
    ("reset", {"if.roasting_within_years": 5}, dict(target="game", cost=12,
                                                     condition=Condition(roasting_within_years=5))),
    ("win", {}, dict(target="game", cost=16)),
]


@pytest.mark.parametrize("effect, rows, expected", ABILITY_FORMS,
                         ids=[f"{e}-{i}" for i, (e, _, _) in enumerate(ABILITY_FORMS)])
def test_every_ability_form_made_in_the_workshop_round_trips(editor, effect, rows, expected):
    app, ed = editor
    fill_card(app, ed, sides="1111")
    ab_ed = add_ability(app, ed)
    f = ab_ed.form
    set_text(app, f, "name", "Inside Joke")
    turn_to(app, f, "effect", effect)
    for row, value in rows.items():
        if row == "only.roasting_before":
            set_text(app, f, row, value)
        else:
            turn_to(app, f, row, value)
    key(app, "ESCAPE")
    assert app.stack.top is ed
    ab = ed.card.abilities[0]
    for name, value in expected.items():
        assert getattr(ab, name) == value, name
    assert ab.name == "Inside Joke" and ab.text.split(":")[0] in ("Turn", "Instant")
    assert ed.errors == [], ed.errors
    key(app, "F2")
    assert saved_card(ed) == ed.card


def test_three_abilities_and_typed_text_round_trip(editor):
    app, ed = editor
    fill_card(app, ed, sides="1111")
    for effect in ("modify", "swap", "gain_control"):
        ab_ed = add_ability(app, ed)
        turn_to(app, ab_ed.form, "effect", effect)
        set_text(app, ab_ed.form, "text", f"Instant: my own words for {effect}!")
        goto(app, ab_ed.form, "done")
        key(app, "RETURN")
    assert [a.effect for a in ed.card.abilities] == ["modify", "swap", "gain_control"]
    assert "add" not in [r.key for r in ed.form.rows]          # three is the most
    key(app, "F2")
    card = saved_card(ed)
    assert card == ed.card and card.abilities[1].text == "Instant: my own words for swap!"
    # the validator's warning about a text with the wrong timing word is shown, not refused
    assert any(p.field == "abilities[1].text" and not p.is_error for p in ed.problems)


def test_a_card_over_budget_cannot_be_saved_and_says_why(editor):
    app, ed = editor
    fill_card(app, ed, sides="AAAA")
    assert ed.card.budget == 40
    assert any(p.field == "budget" for p in ed.errors)
    key(app, "F2")
    top = app.stack.top
    assert isinstance(top, MessageWindow) and top.title == "Not saved"
    assert any("over budget" in line for line in top.lines)
    assert "ember_fox" not in ed.pack.file.read_text(encoding="utf-8")
    app.render()
    assert_ega_only(app.display.logical)


def test_validator_messages_follow_typing(editor):
    app, ed = editor
    assert {p.field for p in ed.errors} >= {"name", "likes", "dislikes", "description"}
    fill_card(app, ed)
    assert ed.errors == []
    set_text(app, ed.form, "started_roasting", "2001-13")
    assert [p.field for p in ed.errors] == ["started_roasting"]
    set_text(app, ed.form, "id", "-bad")                 # typed in an id's letters, yet not an id
    assert "id" in {p.field for p in ed.errors}
    type_text(app, "!")                                  # a key no id has is refused as it is typed, and said why
    assert ed.fields["id"].value == "-bad" and ed.status.startswith('An id has no "!"')
    type_text(app, "X Y")                                # a capital and a space are kept as an id has them
    assert ed.fields["id"].value == "-badx_y" and ed.status == ""


def test_undo_goes_back_one_edit_at_a_time(editor):
    app, ed = editor
    set_text(app, ed.form, "name", "Ember")
    goto(app, ed.form, "sides")
    type_text(app, "9")
    assert ed.card.sides[0] == 9 and ed.card.name == "Ember"
    key(app, "F3")
    assert ed.card.sides[0] == 5 and ed.card.name == "Ember"
    key(app, "F3")
    assert ed.card.name == "" and ed.fields["name"].value == ""


def test_closing_with_changes_asks_and_keeps_editing_by_default(editor):
    app, ed = editor
    set_text(app, ed.form, "name", "Ember")
    key(app, "ESCAPE")
    ask = app.stack.top
    assert isinstance(ask, ChoiceWindow) and ask.menu.current.value == "keep"
    key(app, "RETURN")
    assert app.stack.top is ed and ed.card.name == "Ember"


def test_editing_a_hand_written_pack_keeps_a_backup(make_app, user_home):
    app = make_app()
    folder = Path(app.dirs.cards) / "hand"
    folder.mkdir(parents=True)
    card = Card(id="hand/a", name="A", sides=(5, 5, 5, 5), started_roasting=(2002, 8), likes="x",
                dislikes="y", description="A is a card.")
    text = "# my own comments\n" + "\n".join(
        line for line in __import__("jayden_jazz.cards.writer", fromlist=["pack_yaml"]).pack_yaml(
            PackHeader("hand", "Hand", "Me"), [card]).splitlines() if "Card Workshop" not in line) + "\n"
    (folder / "hand.yaml").write_text(text, encoding="utf-8")
    (pack,) = read_own_packs(Path(app.dirs.cards))
    ed = CardEditorScene(app, pack, pack.cards[0], original_key="a")
    app.stack.push(ed)
    set_text(app, ed.form, "likes", "Backups")
    key(app, "F2")
    assert (folder / "hand.yaml.bak").read_text(encoding="utf-8") == text
    assert saved_card(ed).likes == "Backups"


def _hand_edited_pack(app):
    """A Workshop pack of two cards open in the editor on card A, then B renamed by hand in the file."""
    import os

    folder = Path(app.dirs.cards) / "mine"
    folder.mkdir(parents=True)
    cards = [Card(id=f"mine/{k}", name=k.upper(), sides=(5, 5, 5, 5), started_roasting=(2002, 8), likes="x",
                  dislikes="y", description=f"{k.upper()} is a card.") for k in ("a", "b")]
    from jayden_jazz.cards.writer import write_pack
    write_pack(folder / "mine.yaml", PackHeader("mine", "Mine", "Me"), cards)
    (pack,) = read_own_packs(Path(app.dirs.cards))
    ed = CardEditorScene(app, pack, pack.cards[0], original_key="a")
    app.stack.push(ed)
    set_text(app, ed.form, "likes", "Editing")
    file = folder / "mine.yaml"
    edited = file.read_text(encoding="utf-8").replace('name: "B"', 'name: "Bee by hand"')
    assert edited != file.read_text(encoding="utf-8")
    file.write_text(edited, encoding="utf-8")
    st = os.stat(file)
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))   # a later edit, however fast the test
    return ed, file, edited


def test_a_hand_edit_made_while_the_editor_is_open_is_not_overwritten_by_default(make_app, user_home):
    app = make_app()
    ed, file, edited = _hand_edited_pack(app)
    key(app, "F2")
    ask = app.stack.top
    assert isinstance(ask, ChoiceWindow) and ask.title == "Pack changed"
    assert "changed on disk since you opened it" in " ".join(ask.lines)
    assert ask.menu.current.value == "no"
    key(app, "RETURN")                                  # the default: do not overwrite
    assert app.stack.top is ed and ed.dirty
    assert file.read_text(encoding="utf-8") == edited
    assert not list(file.parent.glob("*.bak*"))


def test_overwriting_a_hand_edit_keeps_it_as_a_backup(make_app, user_home):
    app = make_app()
    ed, file, edited = _hand_edited_pack(app)
    key(app, "F2")
    ask = app.stack.top
    ask.menu.index = [i.value for i in ask.items].index("overwrite")
    key(app, "RETURN")
    assert app.stack.top is ed and not ed.dirty
    assert (file.parent / "mine.yaml.bak").read_text(encoding="utf-8") == edited
    assert [c.likes for c in load_pack(file)[1]] == ["Editing", "x"]
    assert [c.name for c in load_pack(file)[1]] == ["A", "B"]       # overwritten, as asked
    set_text(app, ed.form, "likes", "Again")
    key(app, "F2")                                      # the Workshop's own write: no question
    assert app.stack.top is ed and saved_card(ed).likes == "Again"


def test_reloading_after_a_hand_edit_keeps_both_edits(make_app, user_home):
    app = make_app()
    ed, file, edited = _hand_edited_pack(app)
    key(app, "F2")
    ask = app.stack.top
    ask.menu.index = [i.value for i in ask.items].index("reload")
    key(app, "RETURN")
    assert app.stack.top is ed and ed.dirty and ed.card.likes == "Editing"
    key(app, "F2")
    assert app.stack.top is ed
    assert [(c.name, c.likes) for c in load_pack(file)[1]] == [("A", "Editing"), ("Bee by hand", "x")]


def test_the_validator_command_accepts_what_the_workshop_saves(editor, capsys):
    from jayden_jazz.cards.cli import main

    app, ed = editor
    fill_card(app, ed)
    ab_ed = add_ability(app, ed)
    turn_to(app, ab_ed.form, "effect", "gain_control")
    key(app, "ESCAPE", "F2")
    assert main(["validate", str(ed.pack.folder)]) == 0
    out = capsys.readouterr().out
    assert "1 pack(s), 1 card(s) loaded" in out and "0 error(s), 0 warning(s)" in out


def test_over_budget_is_named_even_while_other_fields_are_missing(editor):
    app, ed = editor
    goto(app, ed.form, "sides")
    type_text(app, "A")
    key(app, "RIGHT")
    type_text(app, "A")
    assert ed.card.budget == 30
    assert [p.field for p in ed.errors][0] == "budget"
    key(app, "F2")
    assert any("over budget" in line for line in app.stack.top.lines)
