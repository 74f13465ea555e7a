"""Small things the Journey's screens got wrong: ';' in the small capitals, a deck name's case, a stale
"Pick N more", the statistics' names, the beaten count, refused opponents in the validator's count, and
a reward line for an opponent that gives none."""

from __future__ import annotations

import io
import random
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path

import pygame

from jayden_jazz.cards.cli import main as cli_main
from jayden_jazz.journey.match import prepare, start
from jayden_jazz.journey.trade import finish_of
from jayden_jazz.saves import journey as jsave
from jayden_jazz.shell.smallfont import small_font
from jayden_jazz.textcut import ELLIPSIS
from tests.helpers import press, step
from tests.journey.test_journey_rulings import opponents_scene
from tests.journey.test_journey_screens import top

ROOT = Path(__file__).resolve().parents[2]


def test_a_semicolon_has_a_glyph_of_its_own():
    f = small_font()
    assert ";" in f._bits and f._bits[";"] != f._bits["?"]
    semi, question = f.render(";", 15), f.render("?", 15)
    assert [semi.get_at((x, y)) for x in range(3) for y in range(5)] != \
        [question.get_at((x, y)) for x in range(3) for y in range(5)]


def picker_of(app, scene):
    opponent = next(o for o in scene.opponents.values() if not o.requires and not o.rule_sets[0].rules().random)
    scene.choose(opponent.id)
    press(app, "RETURN")                               # Play
    step(app, 3)
    assert top(app) == "HandChoiceScene"
    return app.stack.top


def test_a_deck_name_keeps_its_case_and_pick_n_more_goes_when_the_hand_is_complete(make_app, user_home):
    app, scene = opponents_scene(make_app)
    picker = picker_of(app, scene)
    picker.load(list(picker.pool[:3]), "deck MyDeck")
    assert picker.message.startswith("Deck MyDeck loaded") and "pick 2 more" in picker.message
    from jayden_jazz.scenes.cards.hands import BUTTONS

    picker.press_button(BUTTONS.index("Done"))
    assert picker.message == "Pick 2 more cards first"
    for i in range(len(picker.shown)):
        if picker.still == 0:
            break
        if picker.shown[i] not in picker.picked:
            picker.toggle(i)
    assert picker.still == 0 and picker.message == ""
    picker.picked = picker.picked[:2]
    picker.press_button(BUTTONS.index("Done"))
    assert picker.message.startswith("Pick 3 more")
    picker.random_fill()                              # the Random hand completes it too
    assert picker.still == 0 and picker.message == ""


def test_journey_statistics_name_opponents_and_cut_long_names(make_app, user_home):
    app, scene = opponents_scene(make_app)
    session = scene.session
    long = "Professor Bartholomew Quillsworth the Third of the Lounge"
    profile = replace(session.profile, progress={
        "gone/prof": jsave.OpponentStats(won=1, name=long),
        "gone/old_timer": jsave.OpponentStats(lost=1)})
    jsave.save(session.path, profile, session.catalog)
    from jayden_jazz.scenes.journey.stats_page import NAME_COLS, journey_rows

    labels = [label.strip() for label, values, _ in journey_rows(app) if values is not None]
    assert long[:NAME_COLS - 1].rstrip() + ELLIPSIS in labels
    assert "Old Timer" in labels                        # an older profile: from the id


def test_the_beaten_header_counts_the_ticks(make_app, user_home):
    app, scene = opponents_scene(make_app)
    session = scene.session
    some = next(iter(scene.opponents))
    session.profile = replace(session.profile, progress={
        some: jsave.OpponentStats(won=1), "gone/pack": jsave.OpponentStats(won=2)})
    scene.refresh()
    ticks = sum(1 for r in scene.list.rows if r.label.startswith(" \u2713"))
    assert ticks == 1 and f"{ticks} of {len(scene.opponents)} opponents beaten" in scene.header()


def test_the_validator_counts_a_refused_opponent_as_an_opponent(tmp_path):
    from tests.workshop.test_workshop_opponents import JOURNEY, own_pack_file

    file = own_pack_file(tmp_path)
    text = file.read_text(encoding="utf-8").replace(JOURNEY, JOURNEY.replace("example/sandstorm", "example/nope"))
    file.write_text(text, encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        cli_main(["validate", str(ROOT / "cards" / "example"), str(file.parent)])
    last = out.getvalue().strip().splitlines()[-1]
    assert "0 card(s) and 0 pack(s) refused" in last
    assert "3 opponent(s) loaded and 1 refused" in last            # the example pack has two of its own


def test_no_reward_line_for_an_opponent_that_gives_no_reward(make_app, user_home):
    app, scene = opponents_scene(make_app)
    session = scene.session
    base = next(o for o in session.catalog.opponents.values() if not o.roulette and not o.requires)
    owned = session.profile.collection.owned_cards()
    shown: dict[bool, list[str]] = {}
    for rewards in (base.rewards or (("x", 0),), ()):
        opponent = replace(base, rewards=rewards, trade="all")
        js = prepare(opponent, 1)
        for seed in range(300):
            rng = random.Random(seed)
            game = start(session.catalog, js, rng.sample(owned, 5), rng.sample(list(opponent.pool), 5))
            while not game.is_over():
                game.play(rng.choice(game.legal_actions()))
            if finish_of(game).winner == 0:
                break
        trade = app.scene("journey-trade", session=session, opponent=opponent, setup=js, game=game)
        trade.step, trade.conclusion = "changes", trade.concluded()
        trade.conclusion = replace(trade.conclusion, reward=None)
        drawn: list[str] = []
        real = app.font.draw
        app.font.draw = lambda surface, text, *a, **k: (drawn.append(text), real(surface, text, *a, **k))[1]
        try:
            trade.draw(pygame.Surface((640, 350)))
        finally:
            app.font.draw = real
        shown[bool(rewards)] = drawn
    assert any("Reward drawn" in t for t in shown[True])
    assert not any("Reward drawn" in t for t in shown[False])
