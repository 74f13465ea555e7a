"""Every capture names what really took it, in figures: under Reverse a 2 takes an 8 "(2<8)",
under Fallen Ace a 1 takes an A "(Fallen Ace: 1<A)"; the caption while the step plays, the move
log and the replay viewer say the same."""
# rule: cards.md#reverse
# rule: cards.md#fallen-ace

from __future__ import annotations

from pathlib import Path

import pytest

from jayden_jazz.cards import Action, Card, Field, Rules, new_game
from jayden_jazz.cards import events as ev
from jayden_jazz.cards.rule_text import comparison_help
from jayden_jazz.scenes.cards.replay import CardsReplayScene
from tests.helpers import step
from tests.scenes.cards_helpers import make_table, play_click

COMPARE_PACK = Path(__file__).resolve().parent / "compare_pack"
HANDS = (("k/eight", "k/one", "k/ace", "k/five", "k/two"), ("k/two", "k/ace", "k/one", "k/eight", "k/five"))

# rules on, the placements (seat 1 first), and the cause of each capture in order
CASES = {
    "reverse": (["reverse"], [("k/eight", "a1"), ("k/two", "b1")], ["2<8"]),
    "reverse_fallen_ace": (["reverse", "fallen_ace"],
                           [("k/one", "a1"), ("k/ace", "b1"), ("k/eight", "c1")], ["Fallen Ace: A>1", "8<A"]),
    "fallen_ace": (["fallen_ace"], [("k/ace", "a1"), ("k/one", "b1"), ("k/eight", "c1")],
                   ["Fallen Ace: 1<A", "8>1"]),
}


def play_watching(app, scene, moves) -> list[str]:
    """Play the moves by mouse; every caption shown while their steps play, in order."""
    captions: list[str] = []
    for card, cell in moves:
        play_click(app, scene, card, cell)
        for _ in range(600):
            if scene.controller.caption is not None and (not captions or captions[-1] != scene.controller.caption[0]):
                captions.append(scene.controller.caption[0])
            if scene.phase != "show":
                break
            step(app)
    return captions


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_capture_is_captioned_logged_and_replayed_with_its_real_cause(make_app, case):
    classic, moves, causes = CASES[case]
    app, scene = make_table(make_app, HANDS, argv=("--cards", str(COMPARE_PACK)), open=True, classic=classic)
    captions = play_watching(app, scene, moves)
    shown = [c.rsplit("(", 1)[1].rstrip(")") for c in captions if " captures " in c]
    assert shown == causes
    logged = [ln.text.rsplit("(", 1)[1].rstrip(")") for ln in scene.controller.log.lines if " captures " in ln.text]
    assert logged == causes
    replay = CardsReplayScene(app, scene.controller.game.record(), scene.library.catalog)
    replayed = [t.rsplit("(", 1)[1].rstrip(")") for lines in replay.log for t in lines if "captured" in t]
    assert replayed == causes


def comparison_game(rules: Rules, first: str, second: str):
    a = Card.from_sides("k/a", first)
    b = Card.from_sides("k/b", second)
    n = rules.hand_size(9, 2) - 1
    pad = [Card.from_sides(f"k/p{i}", "5555") for i in range(2 * n)]
    cat = {c.id: c for c in [a, b, *pad]}
    hands = (("k/a", *(p.id for p in pad[:n])), ("k/b", *(p.id for p in pad[n:])))
    return new_game(cat, Field.rectangle(3), hands, rules, first_seat=0)


@pytest.mark.parametrize("preset,classic,attack,defend,cause", [
    ("updated", (), "5955", "5555", "higher"),
    ("draft", (), "5555", "5555", "equal_or_higher"),
    ("updated", ("reverse",), "5255", "5558", "lower"),
    ("draft", ("reverse",), "5555", "5555", "equal_or_lower"),
    ("updated", ("fallen_ace",), "5155", "555A", "fallen_ace"),
    ("updated", ("fallen_ace",), "5A55", "5551", "higher"),
    ("updated", ("reverse", "fallen_ace"), "5A55", "5551", "fallen_ace"),
    ("updated", ("reverse", "fallen_ace"), "5155", "555A", "lower"),
    ("draft", ("reverse", "fallen_ace"), "5A55", "5551", "fallen_ace"),
])
def test_the_engine_names_the_comparison_that_took_the_card(preset, classic, attack, defend, cause):
    rules = Rules.preset(preset, **{r: True for r in classic})
    g = comparison_game(rules, defend, attack)
    g.play(Action("k/a", "b1"))                      # the defender: its left side faces a1
    rep = g.play(Action("k/b", "a1"))                # the attacker's right side against it
    caught = [e for e in rep.events if isinstance(e, ev.Captured)]
    assert [(e.cell, e.cause) for e in caught] == [("b1", cause)]
    value = {"A": 10}
    mine, theirs = (value.get(attack[1], None) or int(attack[1])), (value.get(defend[3], None) or int(defend[3]))
    assert caught[0].matched == (ev.Match(1, "b1", mine, theirs),)   # the numbers compared, for the words


def test_the_setup_line_under_the_preset_follows_reverse_and_fallen_ace():
    assert comparison_help("updated") == "A higher side captures."
    assert comparison_help("updated", ["reverse"]) == "A lower side captures."
    assert comparison_help("draft", ["reverse"]) == "An equal or lower side captures; 2 spare cards."
    assert comparison_help("updated", ["fallen_ace"]) == "A higher side captures; a 1 takes an A."
    assert comparison_help("updated", ["reverse", "fallen_ace"]) == "A lower side captures; an A takes a 1."
