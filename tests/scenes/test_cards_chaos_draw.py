"""Chaos's draw step at the table: the card is named and marked in the hand only for a person
who may see that hand (Open, their own hand against the computer); a hidden hand's draw says
"a card" and marks nothing, in the caption, the move log and the pixels alike."""
# rule: cards.md#classic-rules

from __future__ import annotations

import pytest

from jayden_jazz.cards import events as ev
from jayden_jazz.scenes.cards import players
from jayden_jazz.tables.cards.movelog import drawn_text
from jayden_jazz.scenes.cards.render import hand_key
from tests.helpers import click, press, step
from tests.scenes.cards_helpers import (HUMAN, PACK_DIR, STRONG5, WEAK5, LocalBrain, cell_centre, make_table,
                                        take_seat)

COMPUTER = {"kind": "computer", "level": "easy"}


@pytest.fixture
def fake_ai(monkeypatch):
    monkeypatch.setattr(players, "ai_available", lambda: True)


def local_brain() -> LocalBrain:
    from jayden_jazz.cards.loader import load_packs
    from jayden_jazz.paths import shipped_dir

    return LocalBrain(load_packs([shipped_dir("cards"), PACK_DIR])[0])


def draw_steps(app, sc, placements: int = 4) -> list[dict]:
    """Play ``placements`` placements (a person clicks a free cell: the drawn card is picked
    already); every Chaos draw step seen on screen, with what the screen said and drew then."""
    seen: dict[tuple[int, int], dict] = {}
    for _ in range(4000):
        cur = sc.controller.show.current if sc.controller.show is not None else None
        if sc.phase == "show" and cur is not None and isinstance(cur.event, ev.CardDrawn):
            e = cur.event
            key = (len(sc.controller.game.history), e.seat)
            if key not in seen:
                view = sc.view()
                seen[key] = {"event": e, "caption": sc.picture.top_text()[0][0], "drawn": view.drawn,
                             "faces": set(sc.renderer.faces), "log": [ln.text for ln in sc.controller.log.lines],
                             "hand": sc.controller.game.hand_ids(e.seat)}
        if len(sc.controller.game.history) >= placements and sc.phase != "show":
            break
        if sc.phase == "turn":
            g = sc.controller.game
            free = next(c for c in g.field.cells if g.card_at(c) is None)
            click(app, *cell_centre(sc, g.field.name_of(free)))
        elif sc.phase in ("result", "pass"):
            press(app, "RETURN")
        step(app)
    assert len(sc.controller.game.history) >= placements
    return list(seen.values())


def name(sc, card_id: str) -> str:
    return sc.library.catalog[card_id].name


def test_the_draw_in_words():
    e = ev.CardDrawn(1, "t/x3")
    names = {"t/x3": "Solid 3"}.__getitem__
    assert drawn_text(e, names, seen=True) == "Chaos draws Solid 3 for Player 2"
    assert drawn_text(e, names, seen=True, you=True) == "Chaos draws Solid 3 for you"
    assert drawn_text(e, names, seen=False) == "Chaos draws a card for Player 2"


def test_open_hands_name_and_mark_every_draw(make_app):
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, HUMAN], open=True, classic=["chaos"])
    steps = draw_steps(app, sc)
    assert {s["event"].seat for s in steps} == {0, 1}
    for s in steps:
        e = s["event"]
        text = f"Chaos draws {name(sc, e.card)} for Player {e.seat + 1}"
        assert s["caption"] == text
        assert s["drawn"] == hand_key(e.seat, s["hand"].index(e.card))     # marked in the hand
        assert text in s["log"]                                             # the log keeps the words read


def test_against_the_computer_only_the_persons_own_draw_is_named(make_app, fake_ai):
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, COMPUTER], brain=local_brain(),
                         classic=["chaos"])
    steps = draw_steps(app, sc)
    mine = [s for s in steps if s["event"].seat == 0]
    theirs = [s for s in steps if s["event"].seat == 1]
    assert mine and theirs
    for s in mine:
        e = s["event"]
        assert s["caption"] == f"Chaos draws {name(sc, e.card)} for you"
        assert s["drawn"] == hand_key(0, s["hand"].index(e.card))
    for s in theirs:
        e = s["event"]
        assert s["caption"] == "Chaos draws a card for Player 2"
        assert s["drawn"] is None                                           # not even its place in the hand
        assert ("hand", 1, e.card) not in s["faces"]
        assert not any(name(sc, e.card) in ln or e.card in ln for ln in s["log"])   # not yet played: private


def test_hot_seat_names_the_draw_only_after_the_pass_screen(make_app):
    app, sc = make_table(make_app, [WEAK5, STRONG5], seats=[HUMAN, HUMAN], classic=["chaos"])
    steps = draw_steps(app, sc, placements=3)
    assert {s["event"].seat for s in steps} == {0, 1}
    for s in steps:
        e = s["event"]
        assert s["caption"] == f"Chaos draws a card for Player {e.seat + 1}"
        assert s["drawn"] is None and not any(f[0] == "hand" for f in s["faces"])
        assert not any(name(sc, e.card) in ln for ln in s["log"])
    take_seat(app, sc)                         # the next person passed the screen: now theirs to see
    drawn = sc.controller.game.drawn_card
    assert sc.controller.messages.text == f"Chaos drew {name(sc, drawn)} for you: pick a free cell for it"
    assert sc.selected == sc.controller.game.hand_ids(sc.controller.game.to_move).index(drawn)
