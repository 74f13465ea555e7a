"""The hand picker's Last hand in the Journey is the profile's own: kept in the profile (an old profile
without one loads as it was), never the card game's, and a remembered hand with a card the profile no
longer owns is refused with the card's name instead of being offered."""
# rule: cards.md#collection cards.md#decks

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from jayden_jazz.cards import Card
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.journey import Deck
from jayden_jazz.journey.collection import LedgerEntry, starter_entries
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import store
from jayden_jazz.scenes.cards.hands_layout import BUTTONS
from tests.helpers import ctrl, press, step

CATALOG = Catalog.from_cards([Card.from_sides(f"t/c{i}", "3333") for i in range(8)])


def test_an_old_profile_without_a_last_hand_loads_and_is_written_back_as_it_was(tmp_path):
    path = jsave.profile_path(tmp_path, 1)
    p = jsave.Profile("Ann")
    p.collection.apply(starter_entries({f"t/c{i}": 1 for i in range(6)}))
    jsave.save(path, p, CATALOG)
    old_body = store.read(path)
    assert "last_hand" not in old_body                       # the body an older version wrote
    back = jsave.load(path, CATALOG)
    assert back.last_hand == () and jsave.to_body(back) == old_body
    kept = replace(back, last_hand=("t/c1", "t/c0"))
    jsave.save(path, kept, CATALOG)
    assert jsave.load(path, CATALOG).last_hand == ("t/c1", "t/c0")
    after = jsave.finish_game(path, kept, CATALOG, "x-1", "record: 1\n",
                              [LedgerEntry("t/c7", 1, "reward", "x-1")], "t/x", "won")
    assert after.last_hand == ("t/c1", "t/c0") == jsave.load(path, CATALOG).last_hand   # a game keeps it


def journey_picker(make_app):
    """A new profile's opponent list, then the first opponent's hand picker."""
    app = make_app("--seed", "5")
    press(app, "DOWN", "RETURN")
    step(app, 3)
    press(app, "RETURN", "RETURN")
    session = app.stack.top.session
    press(app, "RETURN", "RETURN")
    step(app, 3)
    picker = app.stack.top
    assert type(picker).__name__ == "HandChoiceScene" and set(picker.pool) <= set(session.profile.collection.counts)
    return app, session, picker


def test_a_journey_hand_is_kept_in_its_profile_and_not_in_the_card_games_settings(make_app, user_home):
    app, session, picker = journey_picker(make_app)
    app.settings["cards"] = {**app.settings["cards"], "last_hands": {"0": ["nowhere/x"]}}
    picker.press_button(BUTTONS.index("Last hand"))
    assert picker.picked == [] and picker.message.startswith("No last hand yet in this profile")
    ctrl(app, "r")
    hand = list(picker.picked)
    picker.press_button(BUTTONS.index("Done"))
    step(app, 2)
    assert type(app.stack.top).__name__ == "CardsTableScene"
    on_disk = jsave.load(jsave.profile_path(Path(app.dirs.saves), session.slot), session.catalog)
    assert list(on_disk.last_hand) == hand == list(session.profile.last_hand)
    assert app.settings["cards"]["last_hands"] == {"0": ["nowhere/x"]}          # the card game's own, untouched
    ordinary = app.scene("cards-hands", config=picker.config, library=picker.library)
    assert ordinary.saved.last_hand() != hand


def test_the_journey_pickers_last_hand_is_the_profiles(make_app, user_home):
    app, session, picker = journey_picker(make_app)
    hand = list(picker.pool[:picker.size])
    session.write(replace(session.profile, last_hand=tuple(hand)))
    app.settings["cards"] = {**app.settings["cards"], "last_hands": {"0": list(reversed(picker.pool))}}
    picker.press_button(BUTTONS.index("Last hand"))
    assert picker.picked == hand


def test_a_last_hand_or_deck_with_a_card_no_longer_owned_is_refused_with_its_name(make_app, user_home):
    app, session, picker = journey_picker(make_app)
    lost = picker.pool[0]
    hand = list(picker.pool[:picker.size])
    counts = dict(session.profile.collection.counts)
    session.profile.collection.apply([LedgerEntry(lost, -counts[lost], "trade", "x-1")])
    session.write(replace(session.profile, last_hand=tuple(hand)))
    picker.press_button(BUTTONS.index("Last hand"))
    name = session.catalog[lost].name
    assert picker.picked == [] and picker.message == f"The last hand is incomplete: the profile no longer owns {name}"
    picker.load(hand, "deck First")
    assert picker.picked == [] and "deck First is incomplete" in picker.message and name in picker.message


def test_the_deck_builder_still_loads_what_is_owned_of_an_incomplete_deck_and_keeps_no_last_hand(make_app,
                                                                                                 user_home):
    app, session, picker = journey_picker(make_app)
    press(app, "ESCAPE")
    owned = list(picker.pool)
    lost = owned[0]
    session.profile.collection.apply([LedgerEntry(lost, -session.profile.collection.owned(lost), "trade", "x-1")])
    session.write(replace(session.profile, decks=[Deck("First", tuple(owned[:5]))]))
    from jayden_jazz.scenes.journey.lasthand import ProfileHands

    builder = ProfileHands(session, for_game=False)
    assert builder.missing(owned[:5], "deck First") is None          # mending: the rest loads
    builder.keep(owned[1:6])
    assert session.profile.last_hand == ()
    incomplete = [d for d in session.profile.decks if d.name == "First"]
    from jayden_jazz.journey.collection import deck_problem

    assert deck_problem(incomplete[0], session.profile.collection,
                        name_of=lambda c: session.catalog[c].name) == \
        f"incomplete: no longer owned: {session.catalog[lost].name}"


def test_building_a_deck_keeps_neither_the_card_games_last_hand_nor_the_profiles(make_app, user_home):
    app, session, picker = journey_picker(make_app)
    press(app, "ESCAPE")
    app.settings["cards"] = {**app.settings["cards"], "last_hands": {"0": ["nowhere/x"]}}
    app.stack.push(app.scene("journey-decks", session=session))
    decks = app.stack.top
    decks.build("Mine", (5, "3x3", "updated"), [])
    builder = app.stack.top
    ctrl(app, "r")
    builder.press_button(BUTTONS.index("Done"))
    step(app, 2)
    assert [d.name for d in session.profile.decks] == ["Mine"]
    assert app.settings["cards"]["last_hands"] == {"0": ["nowhere/x"]} and session.profile.last_hand == ()


def test_a_hand_missing_many_cards_is_refused_in_the_two_lines_the_picker_has(make_app, user_home):
    from jayden_jazz.scenes.cards.hands_layout import STRIP
    from jayden_jazz.shell.font import wrap
    from jayden_jazz.shell.smallfont import small_font

    app, session, picker = journey_picker(make_app)
    hand = sorted(picker.pool, key=lambda c: -len(session.catalog[c].name))[:picker.size]
    session.profile.collection.apply([LedgerEntry(c, -session.profile.collection.owned(c), "trade", "x-1")
                                      for c in hand])
    session.write(replace(session.profile, last_hand=tuple(hand)))
    picker.press_button(BUTTONS.index("Last hand"))
    rows, small = picker.painter.message_rows()
    assert picker.picked == [] and picker.message.startswith("The last hand is incomplete")
    assert "more" in picker.message and session.catalog[hand[0]].name in picker.message
    assert len(wrap(picker.message, small_font().columns(STRIP.w))) <= 2 and " ".join(rows) == picker.message


def test_a_last_hand_that_could_not_be_written_says_so_at_the_next_last_hand(make_app, user_home, monkeypatch):
    from jayden_jazz.scenes.journey.lasthand import ProfileHands
    from jayden_jazz.scenes.journey.run import Session

    app, session, picker = journey_picker(make_app)

    def refuse(self, profile):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Session, "write", refuse)
    ProfileHands(session).keep(list(picker.pool[:5]))
    hand, why = ProfileHands(session).last()
    assert hand == [] and why == ("The last hand was not kept: the profile could not be written "
                                  "(No space left on device)")
