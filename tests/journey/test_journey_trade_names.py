"""The trade's steps name every card they show: who was dealt what, what is chosen, won, lost and
rewarded, beside each face, for every trade rule, won and lost, on 3x3 and on 5x5 (an All trade of
thirteen cards); nothing overlaps, nothing runs off, a long name is wrapped at its spaces, never cut."""
# rule: cards.md#trade-rules cards.md#journey

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from jayden_jazz.cards.opponents import RuleSet
from jayden_jazz.journey.match import OPPONENT, PLAYER, prepare, start
from jayden_jazz.journey.trade import cards_due, finish_of
from jayden_jazz.scenes.journey import trade as trade_screen
from jayden_jazz.scenes.journey.trade_faces import cell_lines, face_rect
from tests.helpers import press, step


@pytest.fixture
def session_app(make_app, user_home):
    app = make_app("--seed", "4")
    press(app, "DOWN", "RETURN")
    step(app, 3)
    press(app, "RETURN", "RETURN")
    return app, app.stack.top.session


def a_game(session, rule, field, want, seed0=0, hands=None):
    """A game of ``rule`` on ``field`` that ``want`` wins, by random legal play from any loaded cards."""
    base = next(o for o in session.catalog.opponents.values() if not o.roulette and not o.requires)
    opp = replace(base, rule_sets=(RuleSet("updated", field, (), ()),), trade=rule)
    js = prepare(opp, 1)
    size = {"3x3": 5, "5x5": 13}[field]
    cards = list(session.catalog.keys())
    for seed in range(seed0, seed0 + 400):
        rng = random.Random(seed)
        picks = rng.sample(cards, 2 * size)
        mine, theirs = hands if hands is not None else (picks[:size], picks[size:])
        game = start(session.catalog, js, mine, theirs)
        while not game.is_over():
            game.play(rng.choice(game.legal_actions()))
        finish = finish_of(game)
        if finish.winner == want and (rule != "diff" or want != PLAYER or cards_due(rule, finish) >= 2):
            return opp, js, game
    raise AssertionError(f"no {rule} game on {field} won by {want}")


class Drawn:
    """Every text the font draws, with where."""

    def __init__(self, app, monkeypatch):
        self.texts: list[tuple[str, int, int]] = []
        real = app.font.draw

        def draw(surface, text, x, y, *a, **k):
            self.texts.append((text, x, y))
            return real(surface, text, x, y, *a, **k)

        monkeypatch.setattr(app.font, "draw", draw)

    def beside(self, cell: pygame.Rect) -> list[str]:
        face = face_rect(cell)
        return [t for t, x, y in self.texts if face.right < x < cell.right and cell.top <= y < cell.bottom]


def open_trade(app, session, rule, field, want, **more):
    """The trade screen after a game of ``a_game`` (the same arguments), on top."""
    opp, js, played = a_game(session, rule, field, want, **more)
    app.stack.push(app.scene("journey-trade", session=session, opponent=opp, setup=js, game=played))
    return app.stack.top


def check_step(app, trade, drawn, seen: dict[str, set[str]]) -> None:
    """Every page of the step: each card's name beside it, the cells apart, inside the frame and above
    the key line, the labels clear of the cells."""
    pages = trade.pages()
    area = trade.cards_area()
    groups = trade.groups()
    for n in range(len(pages)):
        drawn.texts.clear()
        app.render()
        page = pages[n]
        assert trade.shown_page(pages) == n
        cells = [cell for _, _, cell in page.cells]
        for a in range(len(cells)):
            assert area.contains(cells[a]), (trade.step, cells[a], area)
            assert cells[a].bottom <= trade_screen.FRAME.bottom - 22
            for b in range(a + 1, len(cells)):
                assert not cells[a].colliderect(cells[b])
            for text, x, y in page.labels:
                assert not cells[a].colliderect(pygame.Rect(x, y, 8 * len(text), 14))
        for g, i, cell in page.cells:
            card = trade.session.catalog[groups[g].cards[i]]
            words = " ".join(drawn.beside(cell))
            assert card.name in words, (trade.step, card.name, words)
            for text in drawn.beside(cell):
                assert face_rect(cell).right + app.font.width(text) < cell.right + 1
            seen.setdefault(trade.step, set()).add(card.id)
        if n + 1 < len(pages):                  # the next page: a page key, or the cursor moving onto it
            press(app, "RIGHT")
            while trade.step == "choose" and trade.shown_page(pages) == n:
                press(app, "RIGHT")
    while trade.shown_page(pages) > 0:
        press(app, "LEFT")


@pytest.mark.parametrize("field", ["3x3", "5x5"])
@pytest.mark.parametrize("rule", ["one", "diff", "direct", "all"])
@pytest.mark.parametrize("want", [PLAYER, OPPONENT])
def test_every_step_names_every_card_it_shows(session_app, monkeypatch, field, rule, want):
    app, session = session_app
    trade = open_trade(app, session, rule, field, want)
    drawn = Drawn(app, monkeypatch)
    seen: dict[str, set[str]] = {}
    while trade.step != "written":
        check_step(app, trade, drawn, seen)
        if trade.step == "choose":
            while trade.step == "choose":
                press(app, "RETURN", "RIGHT")
            continue
        press(app, "RETURN")
    finish = trade.finish
    assert seen["result"] == set(finish.dealt[0]) | set(finish.dealt[1])        # both hands, every page
    moved = {t.card for t in trade.conclusion.transfers} | ({trade.conclusion.reward} - {None})
    assert seen.get("changes", set()) == moved
    if field == "5x5" and rule == "all":
        assert len(trade.conclusion.transfers) == 13


def test_a_lost_card_is_shown_in_the_opponents_colours_marked_lost(session_app):
    app, session = session_app
    trade = open_trade(app, session, "all", "3x3", OPPONENT)
    press(app, "RETURN")
    assert trade.step == "changes"
    (lost,) = trade.groups()
    assert lost.owner == OPPONENT and lost.label.startswith("You lose")
    assert set(lost.cards) == set(trade.finish.dealt[PLAYER])
    assert {lost.marks[c][0] for c in lost.cards} == {"LOST"}


def test_a_word_too_long_for_five_across_gives_wider_columns_not_a_broken_word(session_app, monkeypatch):
    app, session = session_app
    ids = {c.name: c.id for c in session.catalog.values()}
    longest = max(ids, key=lambda n: max(len(w) for w in n.split()))
    rest = [c for c in session.catalog if c != ids[longest]][:9]
    trade = open_trade(app, session, "one", "3x3", PLAYER, hands=(rest[:5], rest[5:9] + [ids[longest]]))
    drawn = Drawn(app, monkeypatch)
    assert len(trade.pages()) == 1                                     # still one page on 3x3
    check_step(app, trade, drawn, {})
    assert longest.split()[0] in [t for t, _, _ in drawn.texts]


def test_a_name_is_wrapped_at_its_spaces_and_the_pack_gives_way_to_it(session_app):
    app, session = session_app
    card = next(c for c in session.catalog.values() if len(c.name) > 10 and len(c.name.split()) == 2)
    texts = [t for t, _ in cell_lines(card, ("won", 0), "Some Pack", 10)]
    assert texts == card.name.split() + ["won"]                    # two lines of name: no room for the pack
    short = next(c for c in session.catalog.values() if len(c.name) <= 10)
    assert [t for t, _ in cell_lines(short, ("won", 0), "Some Pack", 10)] == [short.name, "won", "Some Pack"]


def test_the_pack_is_named_for_a_card_whose_name_another_pack_shares():
    from types import SimpleNamespace

    from jayden_jazz.scenes.journey.trade_faces import same_names

    cards = {"a/x": SimpleNamespace(name="Pip"), "b/x": SimpleNamespace(name="Pip"), "a/y": SimpleNamespace(name="Bo")}
    assert same_names(cards) == {"Pip"}


def test_choosing_among_many_cards_moves_by_rows_turns_pages_and_takes_a_card_by_mouse(session_app):
    from tests.helpers import click

    app, session = session_app
    trade = open_trade(app, session, "diff", "5x5", PLAYER)
    press(app, "RETURN")
    assert trade.step == "choose" and len(trade.offered) == 13
    pages = trade.pages()
    assert len(pages) > 1
    across = sum(1 for g, i, cell in pages[0].cells if cell.y == pages[0].cells[0][2].y)
    press(app, "DOWN")
    assert trade.cursor == across
    while trade.shown_page(trade.pages()) == 0:
        press(app, "DOWN")
    assert trade.cursor >= len(pages[0].cells)                      # the page follows the cursor
    press(app, "UP", "UP", "UP", "UP")
    assert trade.cursor < across and trade.shown_page(trade.pages()) == 0
    g, i, cell = pages[0].cells[2]
    click(app, cell.right - 4, cell.centery)                        # on the name, beside the face
    assert trade.cursor == 2 and trade.picked == [trade.offered[2]]


def test_the_saved_step_does_not_ask_for_the_choice_again(session_app, monkeypatch):
    app, session = session_app
    trade = open_trade(app, session, "one", "3x3", PLAYER)
    drawn = Drawn(app, monkeypatch)
    while trade.step != "written":
        press(app, "RETURN")
    drawn.texts.clear()
    app.render()
    texts = [t for t, _, _ in drawn.texts]
    assert not any(t.startswith("You choose") for t in texts) and any(t.startswith("Saved in profile") for t in texts)
