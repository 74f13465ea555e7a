"""The live card table and the replay viewer give every small face its short name from the whole
table's names (so two cards sharing their first words wear different ones), worked out from the
cards the player may see only: a hidden card's name never reaches the painter or the forms."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame

from jayden_jazz.cards import Rules, new_game
from jayden_jazz.cards.field import load_fields
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.paths import shipped_dir
from jayden_jazz.scenes.cardkit.cards_art import compact_columns
from jayden_jazz.scenes.cardkit.short_names import short_name
from jayden_jazz.scenes.cards import render, replay, table_names
from jayden_jazz.scenes.cards.game_frame import frame_of
from jayden_jazz.scenes.cards.render import TableLayout, TableRenderer, TableView, hand_key
from jayden_jazz.shell.display import new_logical_surface
from jayden_jazz.shell.font import Font
from jayden_jazz.shell.pixelart import load_font_glyphs

FIELDS = load_fields()
FONT = Font(load_font_glyphs())
TWINS = ("Marlowe Springwright", "Marlowe Springfield")    # shortened alone, both the same
HIDDEN_TWIN = "Marlowe Springtide"                          # only ever in the hidden hand


def catalog_and_hands(field: str, players: int, per_hand: int, names: dict[int, str]):
    """A catalog of shipped cards with fresh ids, dealt ``per_hand`` a seat; ``names`` renames
    the cards at those places of the deal (seat * per_hand + index)."""
    shipped = sorted(load_packs([shipped_dir("cards")])[0].values(), key=lambda c: c.id)
    deal = []
    for k in range(players * per_hand):
        card = shipped[k % len(shipped)]
        deal.append(replace(card, id=f"z/c{k}", name=names.get(k, f"Card Number {k}"), abilities=()))
    catalog = {c.id: c for c in deal}
    hands = [[c.id for c in deal[s * per_hand:(s + 1) * per_hand]] for s in range(players)]
    return catalog, new_game(catalog, FIELDS[field], hands, Rules(), first_seat=0, rng=random.Random(1),
                             date=(2026, 6))


def painted(monkeypatch, ren: TableRenderer, game, view: TableView) -> list[tuple[str, tuple[int, int], tuple | None]]:
    """(name, face size, short name given) of every face the renderer asked the painter for."""
    calls: list[tuple[str, tuple[int, int], tuple | None]] = []
    real = render.draw_face

    def spy(surface, font, rect, card, owner, values=None, **kw):
        calls.append((card.name, pygame.Rect(rect).size, kw.get("short")))
        real(surface, font, rect, card, owner, values, **kw)
    monkeypatch.setattr(render, "draw_face", spy)
    ren.draw(new_logical_surface((640, 350)), frame_of(game, view))
    return calls


def test_two_hand_cards_sharing_their_first_word_wear_different_short_names_on_a_5x5_table(monkeypatch):
    _, game = catalog_and_hands("5x5", 2, 13, {0: TWINS[0], 1: TWINS[1]})
    ren = TableRenderer(FONT, TableLayout(FIELDS["5x5"], 2))
    calls = painted(monkeypatch, ren, game, TableView(visible=frozenset({0})))
    twins = {name: (size, short) for name, size, short in calls if name in TWINS}
    assert set(twins) == set(TWINS)
    (size, first), (_, second) = twins[TWINS[0]], twins[TWINS[1]]
    cols = compact_columns(size)
    assert cols, f"5x5 hand cards of {size} are expected to be small faces"
    assert short_name(TWINS[0], cols) == short_name(TWINS[1], cols)       # alone they collide...
    assert first is not None and second is not None and first != second  # ...on the table they do not


def test_a_hidden_card_never_reaches_the_painter_nor_changes_a_seen_card_s_short_name(monkeypatch):
    """Seat 2's hand is face down and holds a third Marlowe: were its name among the table's, the
    seen Marlowe's short form would change with it and tell the player it is there."""
    ren = TableRenderer(FONT, TableLayout(FIELDS["5x5"], 2))
    view = TableView(visible=frozenset({0}))
    _, plain = catalog_and_hands("5x5", 2, 13, {0: TWINS[0]})
    seen_alone = {n: s for n, _, s in painted(monkeypatch, ren, plain, view)}[TWINS[0]]
    _, game = catalog_and_hands("5x5", 2, 13, {0: TWINS[0], 13: HIDDEN_TWIN})
    calls = painted(monkeypatch, ren, game, view)
    hidden = {c.name for c in game.hand(1)}
    assert HIDDEN_TWIN in hidden
    assert not hidden & {name for name, _, _ in calls}
    assert not hidden & ren.names.seen
    assert {n: s for n, _, s in calls}[TWINS[0]] == seen_alone
    # once everybody knows that card (Three Open, a given card), the two are told apart
    at = [c.name for c in game.hand(1)].index(HIDDEN_TWIN)
    calls = painted(monkeypatch, ren, game, TableView(visible=frozenset({0}), revealed=frozenset({hand_key(1, at)})))
    shorts = {n: s for n, _, s in calls}
    assert HIDDEN_TWIN in ren.names.seen and shorts[TWINS[0]] != shorts[HIDDEN_TWIN]


def test_the_forms_are_worked_out_once_per_set_of_seen_names_not_every_frame(monkeypatch):
    _, game = catalog_and_hands("5x5", 2, 13, {0: TWINS[0], 1: TWINS[1]})
    ren = TableRenderer(FONT, TableLayout(FIELDS["5x5"], 2))
    worked: list[int] = []
    real = table_names.short_names

    def counting(names, columns, lines=2):
        worked.append(columns)
        return real(names, columns, lines)
    monkeypatch.setattr(table_names, "short_names", counting)
    view = TableView(visible=frozenset({0, 1}))
    surface = new_logical_surface((640, 350))
    for _ in range(5):
        ren.draw(surface, frame_of(game, view))
    first = len(worked)
    assert first >= 1 and len(worked) == len(set(worked))          # once for each face width
    game.push(game.legal_actions()[0])                               # a card moves: same names in sight
    ren.draw(surface, frame_of(game, view))
    assert len(worked) == first


def test_the_replay_viewer_tells_two_field_cards_apart(monkeypatch, make_app):
    """A 7x7 replay draws its cells as small faces: the two Marlowes played are told apart."""
    catalog, game = catalog_and_hands("7x7", 2, 25, {0: TWINS[0], 25: TWINS[1]})
    for seat in (0, 1):
        game.push(next(a for a in game.legal_actions() if a.card == game.hand(seat)[0].id))
    app = make_app()
    scene = replay.CardsReplayScene(app, game.record(), catalog, playing=False)
    scene.go_to(2)
    calls: list[tuple[str, tuple | None]] = []
    real = replay.draw_face
    monkeypatch.setattr(replay, "draw_face", lambda s, f, r, card, *a, **kw: (calls.append((card.name, kw.get("short"))),
                                                                             real(s, f, r, card, *a, **kw)))
    scene.draw(app.display.logical)
    shorts = dict(calls)
    assert shorts[TWINS[0]] is not None and shorts[TWINS[0]] != shorts[TWINS[1]]


def test_a_hidden_card_played_to_the_field_comes_into_the_table_s_names_with_that_move(monkeypatch):
    _, game = catalog_and_hands("5x5", 2, 13, {0: TWINS[0], 13: HIDDEN_TWIN})
    ren = TableRenderer(FONT, TableLayout(FIELDS["5x5"], 2))
    view = TableView(visible=frozenset({0}))
    painted(monkeypatch, ren, game, view)
    game.push(next(a for a in game.legal_actions() if a.card == game.hand(0)[1].id))
    painted(monkeypatch, ren, game, view)
    assert HIDDEN_TWIN not in ren.names.seen                       # still in the hidden hand
    hidden = next(c for c in game.hand(1) if c.name == HIDDEN_TWIN)
    game.push(next(a for a in game.legal_actions() if a.card == hidden.id))
    after = {n: s for n, _, s in painted(monkeypatch, ren, game, view)}
    assert HIDDEN_TWIN in ren.names.seen and HIDDEN_TWIN in after  # on the field now, for all to see
    assert ren.names.short(TWINS[0], (44, 46)) != ren.names.short(HIDDEN_TWIN, (44, 46))
