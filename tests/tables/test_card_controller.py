"""The card table's controller alone: no pygame, no screen, commands that name their seat."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from jayden_jazz.cards import Field, Rules, new_game
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.saves.cards import Pending
from jayden_jazz.tables.cards.controller import TableController
from jayden_jazz.tables.cards.flow import Phase
from jayden_jazz.tables.cards.view import Refusal, Screen

ROOT = Path(__file__).resolve().parents[2]
CATALOG = load_packs([ROOT / "tests" / "scenes" / "cards_pack"])[0]
P0_GRAB = ["t/x1", "t/x2", "t/x3", "t/grab", "t/x4"]
WEAK5 = ["t/w1", "t/w2", "t/w3", "t/w4", "t/w5"]
OPENING = [("t/x1", "c3"), ("t/w1", "b1"), ("t/x2", "c2"), ("t/w2", "a2"), ("t/x3", "b3"), ("t/w3", "a3")]
HUMAN = {"kind": "human"}


class Recorder(Screen):
    """A screen that only writes down what it was told."""

    def __init__(self) -> None:
        self.sounds: list[str] = []
        self.opened_: list[Phase] = []
        self.saves: list[bool] = []

    def sound(self, name: str) -> None:
        self.sounds.append(name)

    def opened(self, phase: Phase) -> None:
        self.opened_.append(phase)

    def committed(self, game_over: bool) -> None:
        self.saves.append(game_over)


class NoBrain:
    """No computer seat plays in these tests: asking one is a bug."""

    def __getattr__(self, name: str):
        raise AssertionError(f"the computer was asked ({name})")


def table(hands, *, open_hands: bool = True, seats=None, screen: Screen | None = None, factor: float = 0.0,
          **rules) -> TableController:
    """A 3x3 table of people with the test pack, seat 0 first; steps show at once unless ``factor``."""
    game = new_game(CATALOG, Field.rectangle(3), hands, Rules(open=open_hands, **rules), first_seat=0,
                    date=(2026, 6))
    ctl = TableController(game, [dict(s) for s in (seats or [HUMAN] * len(hands))], CATALOG,
                          brain=NoBrain, rng=random.Random(1), factor=lambda: factor, screen=screen)
    ctl.start()
    return ctl


def settle(ctl: TableController, limit: int = 200) -> None:
    """Tick until the table waits for a person or a remote seat (steps shown, seats changed)."""
    for _ in range(limit):
        if ctl.phase in (Phase.TURN, Phase.PASS, Phase.ABILITY, Phase.TARGETS, Phase.RESULT, Phase.OVER):
            return
        if ctl.phase == Phase.COMPUTER and ctl.is_remote(ctl.game.to_move):
            return
        ctl.tick()
    raise AssertionError(f"the table never waited (phase {ctl.phase})")


def play(ctl: TableController, seat: int, card: str, cell: str) -> None:
    settle(ctl)
    if ctl.phase == Phase.RESULT:
        ctl.confirm(ctl.flow.seat)
        settle(ctl)
    if ctl.phase == Phase.PASS:
        ctl.seat_ready(seat)
    ctl.place(seat, card, cell)
    settle(ctl)


def test_the_controller_needs_no_pygame():
    code = ("import sys; import jayden_jazz.tables.cards.controller, jayden_jazz.tables.cards.view; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_table_packages_import_no_screen_code():
    """The floor of ``jayden_jazz/tables``: no scenes, no shell, no pygame, lazy imports included."""
    import ast

    bad = []
    for path in sorted((ROOT / "jayden_jazz" / "tables").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            bad += [f"{path.name}: {n}" for n in names
                    if n == "pygame" or n.startswith(("pygame.", "jayden_jazz.scenes", "jayden_jazz.shell"))]
    assert not bad


def test_two_seats_play_a_whole_game_by_commands():
    screen = Recorder()
    ctl = table([P0_GRAB, WEAK5], screen=screen, pure=True)
    while not ctl.game.is_over():
        settle(ctl)
        seat = ctl.game.to_move
        hand = ctl.game.hand_ids(seat)
        free = [ctl.game.field.name_of(c) for c in ctl.game.field.cells if ctl.game.card_at(c) is None]
        ctl.pick(seat, hand[0])
        assert ctl.view(seat).selected == hand[0]
        ctl.place(seat, hand[0], free[0])
    settle(ctl)
    assert ctl.phase == Phase.OVER and len(ctl.game.history) == 9
    assert screen.opened_ == [Phase.OVER] and screen.saves == [False] * 8 + [True]
    assert "move" in screen.sounds and screen.sounds[-1] == "victory"
    assert ctl.log.lines[0].text == "Player 1 plays Solid 1 on a1"


def test_a_refused_command_says_why_and_changes_nothing():
    ctl = table([P0_GRAB, WEAK5])
    with pytest.raises(Refusal, match="Player 1 plays now, not Player 2"):
        ctl.place(1, "t/w1", "a1")
    with pytest.raises(Refusal, match="not in Player 1's hand"):
        ctl.place(0, "t/w1", "a1")
    ctl.place(0, "t/x1", "b2")
    settle(ctl)
    with pytest.raises(Refusal, match="b2 already holds a card"):
        ctl.place(1, "t/w1", "b2")
    with pytest.raises(Refusal, match="not waiting for that now"):
        ctl.choose_ability(1, None)
    with pytest.raises(Refusal, match="no result to confirm"):
        ctl.confirm(1)
    assert [str(a) for a in ctl.game.history] == ["t/x1@b2"] and ctl.game.to_move == 1


def test_an_ability_is_chosen_and_its_targets_picked_by_commands():
    ctl = table([P0_GRAB, WEAK5], factor=1.0)
    for cid, cell in OPENING:
        play(ctl, ctl.game.to_move, cid, cell)
    ctl.place(0, "t/grab", "a1")
    assert ctl.phase == Phase.SHOW and ctl.open_choice() is None     # its captures are shown first
    settle(ctl)
    assert ctl.phase == Phase.ABILITY and ctl.open_choice() == Pending("t/grab", "a1")
    assert ctl.view(0).choice is not None and ctl.view(0).choice.offered == (1,)
    ctl.choose_ability(0, 1)
    assert ctl.phase == Phase.TARGETS and "a3" in ctl.next_targets()
    with pytest.raises(Refusal, match="not a target"):
        ctl.toggle_target(0, "c3")                  # Player 1's own card
    ctl.back(0)
    assert ctl.phase == Phase.ABILITY
    ctl.choose_ability(0, 1)
    ctl.toggle_target(0, "a3")
    assert [str(a) for a in ctl.game.history][-1] == "t/grab@a1!1>a3" and ctl.open_choice() is None


def test_an_open_choice_is_restored_in_a_new_controller():
    ctl = table([P0_GRAB, WEAK5])
    for cid, cell in OPENING:
        play(ctl, ctl.game.to_move, cid, cell)
    ctl.place(0, "t/grab", "a1")
    settle(ctl)
    ctl.choose_ability(0, 1)
    saved = ctl.open_choice()
    assert saved == Pending("t/grab", "a1", 1, ())
    again = table([P0_GRAB, WEAK5])
    again.restore(ctl.game.clone(), saved)
    again.flow.restart()
    again.begin_turn()
    assert again.phase == Phase.TARGETS and again.open_choice() == saved
    again.toggle_target(0, "a3")
    assert [str(a) for a in again.game.history][-1] == "t/grab@a1!1>a3"


def test_a_seat_acts_by_its_commands_while_the_screen_shows_another_seat():
    """As a remote seat would: seat 1 plays through commands while the local viewer is seat 0."""
    ctl = table([P0_GRAB, WEAK5])
    ctl.place(0, "t/x1", "b2")
    settle(ctl)
    before = ctl.view(0)
    assert before.to_move == 1 and before.hint is None
    ctl.pick(1, "t/w1")
    assert ctl.view(0).selected == "t/w1"          # open hands: seat 0 sees what seat 1 picked
    ctl.place(1, "t/w1", "a1")
    settle(ctl)
    after = ctl.view(0)
    assert (0, "t/w1", 1) in after.board and after.to_move == 0 and after.ply == 2


def hidden_ids(ctl: TableController, viewer: int | None) -> set[str]:
    """The card ids and names of other seats' hands that ``viewer`` may not see."""
    g = ctl.game
    out = set()
    for s in range(g.players):
        if s == viewer:
            continue
        for i, cid in enumerate(g.hand_ids(s)):
            if not g.can_see_card(-1, s, i):
                out |= {cid, CATALOG[cid].name}
    return out


@pytest.mark.parametrize("rules", [{}, {"three_open": True}], ids=["hidden", "three open"])
def test_a_hidden_hand_view_holds_no_card_of_another_seats_hidden_hand(rules):
    ctl = table([P0_GRAB, WEAK5], open_hands=False, **rules)
    checked = 0
    if rules:
        assert len(ctl.view(1).hands[0].known) == 3            # Three Open's cards are known to all
    for cid, cell in OPENING + [("t/grab", "a1")]:
        settle(ctl)
        seat = ctl.game.to_move
        for viewer in (0, 1, None):
            state = ctl.view(viewer)
            assert {c for _, c in state.hands[0].known} == set(ctl.game.shown_cards(0)) or viewer == 0
            text = repr(state)
            leaks = {x for x in hidden_ids(ctl, viewer) if x in text}
            assert not leaks, (viewer, leaks)
            mine = state.hands[viewer].cards if viewer is not None else None
            assert viewer is None or mine == ctl.game.hand_ids(viewer)
            checked += 1
        if ctl.phase == Phase.PASS:
            ctl.seat_ready(seat)
        ctl.pick(seat, cid)
        ctl.place(seat, cid, cell)
        ctl.tick()
        if ctl.phase == Phase.RESULT:
            ctl.confirm(seat)
    assert checked == 21


def test_a_remote_seat_plays_whole_actions_and_the_local_person_sees_only_their_hand():
    from jayden_jazz.cards import Action

    ctl = table([P0_GRAB, WEAK5], open_hands=False, seats=[HUMAN, {"kind": "remote"}])
    assert ctl.phase == Phase.TURN and ctl.visible_seats() == {0}      # one person here: no pass screen
    with pytest.raises(Refusal, match="Player 1 plays now"):
        ctl.play(1, Action("t/w1", "a1"))
    ctl.place(0, "t/x1", "c3")
    settle(ctl)
    assert ctl.phase == Phase.COMPUTER                                   # waiting for the remote seat
    for _ in range(5):
        ctl.tick()                                                       # no brain is asked (NoBrain)
    with pytest.raises(Refusal, match="not in Player 2's hand"):
        ctl.play(1, Action("t/x2", "a1"))
    with pytest.raises(Refusal, match="not a legal action"):
        ctl.play(1, Action("t/w1", "c3"))
    ctl.play(1, Action("t/w1", "b1"))
    settle(ctl)
    assert ctl.phase == Phase.TURN and [str(a) for a in ctl.game.history] == ["t/x1@c3", "t/w1@b1"]
    view = ctl.view(0)
    assert view.hands[1].cards is None and view.hands[1].size == 4 and view.hands[0].cards is not None
