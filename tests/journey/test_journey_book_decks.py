"""The collection book's filters and completion, and decks built, copied, deleted and marked incomplete."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from jayden_jazz.journey.collection import Collection, Deck, LedgerEntry, starter_entries
from jayden_jazz.saves import journey as jsave
from tests.helpers import ctrl, press, step


def open_profile(make_app):
    """Title -> Card Journey -> a new profile in slot 1 -> the opponent list."""
    app = make_app("--seed", "5")
    press(app, "DOWN", "RETURN")
    step(app, 3)
    press(app, "RETURN", "RETURN")
    assert type(app.stack.top).__name__ == "OpponentsScene"
    return app, app.stack.top.session


def test_the_book_lists_every_card_and_filters_owned_missing_pack_and_ability(make_app, user_home):
    app, session = open_profile(make_app)
    press(app, "B")
    book = app.stack.top
    assert type(book).__name__ == "BookScene"
    every = session.library.card_ids()
    assert [r.value for r in book.list.rows] == every
    owned = set(session.profile.collection.owned_cards())
    press(app, "F2")
    assert {r.value for r in book.list.rows} == owned
    assert all(r.label.startswith("1x ") for r in book.list.rows)
    press(app, "F2")
    assert {r.value for r in book.list.rows} == set(every) - owned
    press(app, "F2", "F3")                                   # all cards, the first pack only
    first = session.library.pack_ids[0]
    assert {r.value.split("/")[0] for r in book.list.rows} == {first}
    press(app, "F3", "F3", "F4")                             # every pack again, the first ability effect
    effect = book.ability
    assert book.list.rows and all(effect in {a.effect for a in session.catalog[r.value].abilities}
                                  for r in book.list.rows)
    text = ", ".join(book.completion())
    have = sum(1 for c in session.catalog.packs[first].card_ids if c in owned)
    assert f"{session.library.pack_name(first)} {have}/{len(session.catalog.packs[first].card_ids)}" in text
    nettle = next(o for o in session.catalog.opponents.values() if o.rewards)
    card, chance = nettle.rewards[0]
    assert f"{nettle.name} ({chance}%)" in book.who(card)[1]
    assert nettle.name in book.who(nettle.pool[0])[0]
    press(app, "ESC")
    assert type(app.stack.top).__name__ == "OpponentsScene"


def test_a_deck_is_built_copied_deleted_and_kept_in_the_profile(make_app, user_home):
    app, session = open_profile(make_app)
    path = jsave.profile_path(Path(app.dirs.saves), 1)
    press(app, "D")
    decks = app.stack.top
    assert type(decks).__name__ == "DecksScene"
    press(app, "RETURN")                                     # New deck: the sizes window
    press(app, "RETURN")                                     # 5 cards
    step(app, 3)
    picker = app.stack.top
    assert type(picker).__name__ == "HandChoiceScene"
    assert set(picker.pool) == set(session.profile.collection.owned_cards())
    ctrl(app, "r")                                           # Random hand (Ctrl+R)
    press(app, "RETURN")                                     # Done
    assert app.stack.top is decks
    on_disk = jsave.load(path, session.catalog)
    assert len(on_disk.decks) == 1 and len(on_disk.decks[0].cards) == 5
    name = on_disk.decks[0].name
    press(app, "UP", "UP", "UP", "RETURN")                  # the deck's commands
    window = app.stack.top
    window.menu.index = [i.value for i in window.menu.items].index("copy")
    press(app, "RETURN")
    on_disk = jsave.load(path, session.catalog)
    assert [d.name for d in on_disk.decks] == [name, f"{name} copy"]
    assert on_disk.decks[0].cards == on_disk.decks[1].cards
    decks.list.index = 1
    press(app, "RETURN")
    window = app.stack.top
    window.menu.index = [i.value for i in window.menu.items].index("delete")
    press(app, "RETURN")
    assert app.stack.top.menu.current.label == "No"
    press(app, "RETURN")
    assert len(jsave.load(path, session.catalog).decks) == 2             # No: kept
    decks.list.index = 1
    press(app, "RETURN")
    window = app.stack.top
    window.menu.index = [i.value for i in window.menu.items].index("delete")
    press(app, "RETURN", "DOWN", "RETURN")
    assert [d.name for d in jsave.load(path, session.catalog).decks] == [name]


def test_an_incomplete_deck_is_marked_and_cannot_be_chosen(make_app, user_home):
    app, session = open_profile(make_app)
    catalog = session.catalog
    owned = session.profile.collection.owned_cards()
    profile = jsave.Profile("Bea", Collection())
    profile.collection.apply(starter_entries(catalog.starter()))
    profile.collection.apply([LedgerEntry(owned[0], -1, "trade", "test-1")])
    profile = replace(profile, decks=[Deck("Lost one", tuple(owned[:5])), Deck("Fine", tuple(owned[1:6]))])
    session.write(profile)
    press(app, "D")
    decks = app.stack.top
    labels = [r.label for r in decks.list.rows]
    assert "incomplete" in labels[0] and "incomplete" not in labels[1]
    press(app, "ESC")
    from jayden_jazz.scenes.journey.run import decks_window

    class Picker:                     # what decks_window needs of the hand picker
        size = 5
        stack = app.stack
        app_ = app
        loaded: list = []

        def load(self, cards, what):
            self.loaded.append(cards)

    picker = Picker()
    picker.app = app
    decks_window(picker, session)
    items = app.stack.top.menu.items
    assert not items[0].enabled and "incomplete" in items[0].label
    assert items[1].enabled


def test_random_keys_on_the_journey_screens_never_fail(make_app, user_home):
    """A seeded walk of keys and clicks over every Journey screen (bounded): no screen raises, and
    every profile written on the way still loads."""
    import random

    app, session = open_profile(make_app)
    rng = random.Random(27)
    names = ["UP", "DOWN", "LEFT", "RIGHT", "RETURN", "RETURN", "ESC", "F2", "F3", "F4", "B", "D", "R", "V",
             "BACKSPACE", "A", "PAGEDOWN"]
    from tests.helpers import click

    seen = set()
    for i in range(600):
        seen.add(type(app.stack.top).__name__)
        if type(app.stack.top).__name__ in ("TitleScene", "ProfilesScene") or len(app.stack) == 0:
            app.stack.clear()
            app.stack.push(app.scene("menu"))
            press(app, "DOWN", "RETURN")
            step(app, 2)
            press(app, "RETURN")
            if type(app.stack.top).__name__ == "NameWindow":
                press(app, "RETURN")
            continue
        if rng.random() < 0.15:
            click(app, rng.randrange(640), rng.randrange(350))
        else:
            press(app, rng.choice(names))
        step(app, rng.choice([1, 1, 5]))
    for slot in (1, 2, 3):
        path = jsave.profile_path(Path(app.dirs.saves), slot)
        if path.exists():
            jsave.load(path, session.catalog)
    assert {"OpponentsScene", "OpponentCardScene", "BookScene", "DecksScene", "HandChoiceScene"} <= seen, seen
