"""The Journey's words say what they do and fit where they are drawn: the picker's Decks button, the
opponent list's legend, the trade's marks under the cards and its last step, the statistics' columns,
the book's cut names, the table's seat panels."""

from __future__ import annotations

from jayden_jazz.journey.match import prepare
from jayden_jazz.scenes.journey import opponents as opp_screen
from jayden_jazz.scenes.journey import stats_page
from jayden_jazz.scenes.journey.words import fit
from jayden_jazz.scenes.cards.hands_layout import BUTTONS
from tests.helpers import press, step
from tests.journey.test_journey_book_decks import open_profile


def open_list(make_app):
    app, _ = open_profile(make_app)
    return app, app.stack.top


def test_the_journeys_hand_picker_button_is_called_decks_and_opens_them(make_app, user_home):
    app, scene = open_list(make_app)
    press(app, "RETURN", "RETURN")                   # the first opponent, Play
    step(app, 3)
    picker = app.stack.top
    assert type(picker).__name__ == "HandChoiceScene"
    b = BUTTONS.index("Saved hands")
    assert picker.painter.button_label(b) == "Decks"
    picker.press_button(b)
    assert app.stack.top.title == "Decks"
    press(app, "ESCAPE", "ESCAPE")
    ordinary = app.scene("cards-hands", config=picker.config, library=picker.library)
    assert ordinary.painter.button_label(b) == "Saved hands"   # the card game's own picker keeps its words


def test_the_opponent_lists_legend_fits_beside_the_list(make_app, user_home):
    app, scene = open_list(make_app)
    assert opp_screen.SIDE_X + app.font.width(opp_screen.LEGEND) <= opp_screen.FRAME.right - 8


def test_the_last_step_of_the_trade_says_saved(make_app, user_home):
    app, scene = open_list(make_app)
    session = scene.session
    opponent = next(o for o in session.catalog.opponents.values() if not o.requires and not o.roulette)
    from jayden_jazz.journey.match import start

    owned = session.profile.collection.owned_cards()
    js = prepare(opponent, 1)
    game = start(session.catalog, js, owned[:5], list(opponent.pool)[:5])
    trade = app.scene("journey-trade", session=session, opponent=opponent, setup=js, game=game, abandoned=True)
    app.stack.push(trade)
    while trade.step != "written":
        press(app, "RETURN")
    assert not trade.failed and trade.written.startswith("Saved in profile 1")


def test_the_statistics_columns_have_distinct_names_and_do_not_touch():
    names = [n for n, _ in stats_page.COLUMNS]
    assert len({n.lower() for n in names}) == len(names)           # not "Lost" and "lost"
    for (_, left), (name, right) in zip(stats_page.COLUMNS, stats_page.COLUMNS[1:]):
        assert right - 8 * len(name) >= left + 8


def test_a_name_cut_to_fit_ends_in_an_ellipsis():
    assert fit("Carrotus Lounge Regulars", 12) == "Carrotus Lo\u2026" and len(fit("Carrotus Lounge Regulars", 12)) == 12
    assert fit("Example Pack", 12) == "Example Pack"


def test_a_deck_size_the_profile_cannot_fill_is_offered_greyed_with_the_reason(make_app, user_home):
    from dataclasses import replace

    from jayden_jazz.journey.collection import Collection

    app, scene = open_list(make_app)
    session = scene.session
    five = session.profile.collection.owned_cards()[:6]
    session.profile = replace(session.profile, collection=Collection({c: 1 for c in five}))
    press(app, "D")
    decks = app.stack.top
    decks.ask_size()
    items = app.stack.top.menu.items
    assert any(i.enabled for i in items)
    for item in items:
        n = item.value[0]
        assert item.enabled == (n <= 6) and (("you own 6 different cards" in item.label) == (n > 6))


def test_a_list_of_card_names_is_wrapped_between_names_never_inside_one():
    from jayden_jazz.scenes.journey.words import wrap_list

    text = "Plays (and may lose in a trade): Doublejump Dex, Bip & Bop, Hugsworth"
    assert wrap_list(text, 52) == ["Plays (and may lose in a trade): Doublejump Dex,", "Bip & Bop, Hugsworth"]
    assert wrap_list("A: " + "x" * 12, 8) == ["A:", "xxxxxxxx", "xxxx"]           # too long alone: wrapped


def test_the_opponent_card_shows_every_played_card_name_whole(make_app, user_home, monkeypatch):
    app, scene = open_list(make_app)
    drawn = []
    real = app.font.draw
    monkeypatch.setattr(app.font, "draw", lambda s, text, *a, **k: (drawn.append(text), real(s, text, *a, **k))[1])
    for opponent in scene.session.catalog.opponents.values():
        card = app.scene("journey-opponent", session=scene.session, opponent=opponent, seed=7)
        app.stack.push(card)
        drawn.clear()
        app.render()
        lines = [t for t in drawn if t]
        if any(t.endswith("...") for t in lines):                    # a pool too long for the card: cut at the end
            continue
        for cid in opponent.pool:
            name = scene.session.catalog[cid].name
            assert any(name in t for t in lines), (opponent.name, name)
        app.stack.pop()
