"""The Jayden table on its own: commands by side, refusals, the computer, undo, the view.

No pygame, no screen: what a remote seat or a test drives is exactly this.
"""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from jayden_jazz.ai.jayden.player import accepts_draw, choose_turn, wants_draw
from jayden_jazz.jayden import START_JPN, Action, Position, parse_square
from jayden_jazz.saves.jayden import JaydenGame
from jayden_jazz.tables.jayden import steps
from jayden_jazz.tables.jayden.controller import AI_SELECT_TICKS, JaydenController
from jayden_jazz.tables.jayden.steps import Blast
from jayden_jazz.tables.jayden.view import Event, JaydenView, Notice, Request
from tests.scenes.jpn_helpers import jpn

HUMANS = {"g": {"kind": "human"}, "r": {"kind": "human"}}
EASY = {"kind": "computer", "level": "easy"}
MASTER_IN_REACH = jpn({"j1": "M", "a1": "D", "a9": "m", "e1": "K", "c1": "H", "t14": "h", "s13": "h"})


@dataclass
class Reply:
    ok: bool
    value: Any


class InlineBrain:
    """The real computer player, asked in this process with a tiny search budget."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self._reply: Reply | None = None
        self.cancelled = 0
        self.closed = False

    @property
    def busy(self) -> bool:
        return self._reply is not None

    def submit_turn(self, jpn_text: str, level: str, seed: int, quiet_draw: bool) -> None:
        self.asked.append("turn")
        self._reply = Reply(True, choose_turn(jpn_text, level, seed, quiet_draw, max_depth=1, max_nodes=200))

    def submit_wants_draw(self, jpn_text: str, level: str) -> None:
        self.asked.append("wants_draw")
        self._reply = Reply(True, wants_draw(jpn_text, level))

    def submit_accepts_draw(self, jpn_text: str, level: str) -> None:
        self.asked.append("accepts_draw")
        self._reply = Reply(True, accepts_draw(jpn_text, level))

    def poll(self) -> Reply | None:
        reply, self._reply = self._reply, None
        return reply

    def cancel(self) -> None:
        self.cancelled += 1
        self._reply = None

    def close(self) -> None:
        self.closed = True


def table(start: str = START_JPN, players: dict[str, dict[str, str]] | None = None, *, enhanced: bool = True,
          brain: InlineBrain | None = None, **kw: Any) -> JaydenController:
    game = JaydenGame(start=start, actions=[], players=dict(players or HUMANS), enhanced=enhanced)
    return JaydenController(game, brain=brain or InlineBrain(), rng=random.Random(7), **kw)


def events(notices: list[Notice]) -> list[Event]:
    return [n.event for n in notices]


def test_the_controller_imports_no_pygame_and_no_screen():
    code = ("import sys; import jayden_jazz.tables.jayden.controller; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame' or '.scenes' in m or '.shell' in m))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_requests_are_an_enum_that_reads_as_the_old_words():
    assert [r.value for r in Request] == ["turn", "hint", "accept", "offer"]
    assert Request.TURN == "turn" and Request("hint") is Request.HINT


def test_a_whole_game_of_scripted_legal_actions_between_two_seats():
    t = table()
    rng = random.Random(3)
    turns_started = finished = ended = 0
    for _ in range(2000):
        if t.pos.result is not None:
            break
        side = t.pos.side
        action = rng.choice(sorted(t.pos.legal_actions(), key=str))
        out = t.act(side, action)
        assert out.ok and out.done == "played", out
        seen = events(t.take_notices())
        assert seen[0] is Event.PLAYED
        turns_started += seen.count(Event.TURN_STARTED)
        finished += seen.count(Event.FINISHED)
        ended += seen.count(Event.ENDED)
    res = t.pos.result
    assert res is not None and finished == ended == 1      # counted once, shown once
    assert t.game.actions == [str(a) for a in t.pos.history] and len(t.records) == len(t.pos.history)
    assert Position(START_JPN).jpn() != t.pos.jpn()
    # the record replays to the same end
    again = Position(START_JPN, quiet_draw=t.game.quiet_draw)
    for a in t.game.actions:
        again.push(Action.from_text(a))
    assert again.result == res and turns_started == sum(r.ends_turn for r in t.records) - 1
    refused = t.act(t.pos.side, t.pos.history[-1])
    assert not refused and refused.reason == "The game is over"


def test_a_command_from_the_side_not_to_act_is_refused_with_its_reason():
    t = table()
    out = t.press("r", parse_square("c13"))
    assert not out.ok and out.reason == "Green is to act, not Red"
    assert not t.act("r", Action.from_text("c13-c12")) and t.selected is None
    assert t.press("g", parse_square("c13")).reason == ("The Hero on c13 is Red's; Green is to act: "
                                                        "choose one of Green's pieces")
    t.press("g", parse_square("c2"))
    out = t.press("g", parse_square("c7"))
    assert out.reason == "Hero c2 to c7: a Hero moves 1 or 2 squares" and t.selected == parse_square("c2")
    assert not t.pos.history and t.take_notices() == []


def test_a_computer_side_is_not_driven_by_commands():
    t = table(players={"g": EASY, "r": {"kind": "human"}})
    out = t.press("g", parse_square("c2"))
    assert out.reason == "Green (computer) is to act"
    assert t.resign_refusal("g") and not t.resign("g").ok and t.pos.result is None


def test_two_computers_play_to_the_end_and_the_view_follows_each_move():
    t = table(MASTER_IN_REACH, {"g": dict(EASY), "r": dict(EASY)}, pace=lambda: 1.0)
    shown: dict[str, int] = {}
    views_after_a_move: list[JaydenView] = []
    for _ in range(5000):
        t.tick()
        v = t.view()
        if v.chosen is not None:
            shown[str(v.chosen)] = shown.get(str(v.chosen), 0) + 1
            assert v.selected == v.chosen.src and v.targets == ()     # the piece shown selected first
        if Event.PLAYED in events(t.take_notices()):
            views_after_a_move.append(v)
        if t.pos.result is not None:
            break
    assert t.pos.result is not None and t.pos.result.winner == "g" and t.pos.result.reason == "master_taken"
    assert all(shown[str(a)] >= AI_SELECT_TICKS - 1 for a in t.pos.history)
    first = views_after_a_move[0]
    assert first.marks[-1].action == t.pos.history[0] and first.selected is None and first.chosen is None
    assert first.records[0].piece in "DHKM"
    assert "turn" in t.brain.asked and t.view().request is None


def test_the_request_follows_a_computer_turn_and_a_hint():
    brain = InlineBrain()
    t = table(players={"g": {"kind": "human"}, "r": dict(EASY)}, brain=brain)
    assert t.request is None
    assert t.ask_hint("g").done == "asked" and t.request is Request.HINT
    t.tick()
    assert t.request is None and len(t.hint) == 2
    assert [n.text for n in t.take_notices()][-1].startswith("Hint: ")
    t.act("g", t.hint[0])
    assert len(t.hint) == 1                          # following a hint keeps its second action
    t.act("g", t.hint[0])
    assert t.pos.side == "r" and t.request is None
    t.tick()
    assert t.request is Request.TURN
    t.tick()
    assert t.request is None and t.computer.chosen is not None


def test_hints_and_undo_are_enhanced_only():
    t = table(enhanced=False)
    assert t.ask_hint("g").reason == "Hints are part of Enhanced mode (Options, Play mode)"
    assert t.undo("g").reason == "Undo is part of Enhanced mode (Options, Play mode)"
    assert table().undo("g").reason == "Nothing to undo: no action has been made yet"


def test_undo_goes_back_to_the_start_of_the_last_human_turn():
    t = table(players={"g": {"kind": "human"}, "r": dict(EASY)})
    t.act("g", Action.from_text("c2-c4"))
    t.act("g", Action.from_text("e2-e3"))
    for _ in range(200):                            # Red (computer) plays its turn
        t.tick()
        if t.pos.side == "g":
            break
    assert len(t.pos.history) >= 3 and t.pos.side == "g"
    t.take_notices()
    out = t.undo("g")
    assert out.ok and t.pos.history == [] and t.game.actions == [] and t.records == []
    assert events(t.take_notices()) == [Event.TURN_ENDED, Event.SAY, Event.TURN_STARTED]
    assert t.brain.cancelled >= 1 and t.request is None


def test_a_draw_between_people_is_asked_of_the_other_side():
    t = table()
    out = t.offer_draw("g")
    assert out.ok and out.ask == "r" and t.pos.result is None
    assert t.answer_draw("r", False).done == "declined"
    assert [n.text for n in t.take_notices()] == ["Red declines the draw"]
    t.answer_draw("r", True)
    assert tuple(t.pos.result) == (None, "agreed_draw") and t.game.result["reason"] == "agreed_draw"
    assert events(t.take_notices()) == [Event.TURN_ENDED, Event.FINISHED, Event.ENDED]
    assert not t.offer_draw("g").ok


def test_resigning_ends_the_game_for_the_other_side():
    t = table()
    assert t.resign("r").reason == "Only the side to act can resign, while the game goes on"
    assert t.offer_draw("r").reason == "Only the side to act can offer a draw, while the game goes on"
    assert t.resign("g").ok and tuple(t.pos.result) == ("r", "resigned")
    assert events(t.take_notices()) == [Event.TURN_ENDED, Event.FINISHED, Event.ENDED]


def test_the_end_is_shown_after_the_last_action_s_steps():
    start = jpn({"j1": "M", "a1": "D", "a9": "m", "c1": "H", "e1": "K", "t14": "h"})
    t = table(start, pace=lambda: 1.0)
    t.act("g", Action.from_text("a1xa9"))
    seen = events(t.take_notices())
    assert Event.FINISHED in seen and Event.ENDED not in seen and t.pending_end
    motion = t.view().step
    assert motion is not None and [type(s).__name__ for s in motion.steps] == ["Slide", "Burst", "Burst"]
    assert motion.steps[-1].blast is Blast.MASTER
    t.tick(motion.total - 1)
    assert Event.ENDED not in events(t.take_notices())
    t.tick()
    assert events(t.take_notices()) == [Event.ENDED] and t.view().step is None


def test_a_shot_is_shown_in_flight_then_its_burst_and_skip_finishes_it():
    start = jpn({"j1": "M", "a1": "C", "b1": "C", "e5": "S", "g6": "r", "a2": "K", "c1": "H",
                 "j14": "m", "s14": "k"})
    t = table(start, pace=lambda: 1.0)
    t.act("g", Action.from_text("e5*g6"))
    motion = t.step
    assert motion is not None and [type(s).__name__ for s in motion.steps] == ["Shot", "Burst"]
    t.tick(3)
    assert type(motion.current()[0]).__name__ == "Shot" and motion.current()[1] == 3
    assert t.skip() is False and t.step is None and motion.done


def test_a_table_nobody_watches_shows_no_steps():
    t = table()
    t.act("g", Action.from_text("c2-c4"))
    assert t.step is None and steps.for_action(t.records[-1], 0.0) is None
    slow, fast = steps.for_action(t.records[-1], 2.0), steps.for_action(t.records[-1], 0.5)
    assert slow is not None and fast is not None and slow.total > fast.total > 0


class ScriptedBrain(InlineBrain):
    """Answers with the replies it is given, in order, whatever it is asked."""

    def __init__(self, *replies: Reply) -> None:
        super().__init__()
        self.replies = list(replies)

    def submit_turn(self, jpn_text: str, level: str, seed: int, quiet_draw: bool) -> None:
        self.asked.append("turn")
        self._reply = self.replies.pop(0)

    def submit_wants_draw(self, jpn_text: str, level: str) -> None:
        self.asked.append("wants_draw")
        self._reply = self.replies.pop(0)

    def submit_accepts_draw(self, jpn_text: str, level: str) -> None:
        self.asked.append("accepts_draw")
        self._reply = self.replies.pop(0)


def run(t: JaydenController, ticks: int) -> list[Notice]:
    seen: list[Notice] = []
    for _ in range(ticks):
        t.tick()
        seen += t.take_notices()
    return seen


def test_a_failing_computer_hands_its_side_to_a_person():
    brain = ScriptedBrain(Reply(False, "Traceback ...\nMemoryError: out of memory"))
    t = table(players={"g": dict(EASY), "r": {"kind": "human"}}, brain=brain)
    seen = run(t, 3)
    assert [(n.event, n.side, n.text) for n in seen] == [(Event.COMPUTER_FAILED, "g", "MemoryError: out of memory")]
    assert t.player("g") == {"kind": "human"} and t.game.players["g"] == {"kind": "human"}
    assert t.press("g", parse_square("c2")).done == "selected"      # Green is a person's to play now


def test_an_illegal_answer_is_said_and_the_turn_asked_again():
    brain = ScriptedBrain(Reply(True, ["c2-c7"]), Reply(True, ["c2-c4", "e2-e3"]))
    t = table(players={"g": dict(EASY), "r": {"kind": "human"}}, brain=brain, pace=lambda: 1.0)
    seen = run(t, 2 + AI_SELECT_TICKS)
    assert "Computer chose an illegal action c2-c7; asking again" in [n.text for n in seen]
    assert not t.pos.history
    run(t, 200)
    assert [str(a) for a in t.pos.history] == ["c2-c4", "e2-e3"] and brain.asked == ["turn", "turn"]


def test_an_answer_that_is_not_actions_fails_with_the_reason():
    t = table(players={"g": dict(EASY), "r": {"kind": "human"}}, brain=ScriptedBrain(Reply(True, [])))
    seen = run(t, 3)
    assert [(n.event, n.text) for n in seen] == [(Event.COMPUTER_FAILED, "it returned no action")]


def test_a_computer_offers_a_draw_after_a_quiet_spell_and_a_person_answers():
    quiet = jpn({"j1": "M", "a1": "H", "a2": "K", "j14": "m", "a14": "h", "s14": "k"}, quiet=60)
    brain = ScriptedBrain(Reply(True, True))
    t = table(quiet, {"g": dict(EASY), "r": {"kind": "human"}}, brain=brain)
    t.tick()
    assert t.request is Request.OFFER and brain.asked == ["wants_draw"]
    seen = run(t, 1)
    assert [(n.event, n.side) for n in seen] == [(Event.DRAW_OFFERED, "g")] and t.request is None
    assert t.answer_draw("r", True).done == "drawn" and tuple(t.pos.result) == (None, "agreed_draw")


def test_a_draw_offered_to_the_computer_is_answered_later():
    brain = ScriptedBrain(Reply(True, False))
    t = table(players={"g": {"kind": "human"}, "r": dict(EASY)}, brain=brain)
    assert t.offer_draw("g").done == "asked" and t.request is Request.ACCEPT
    assert [n.text for n in run(t, 1)] == ["Red (computer) considers the offer", "Red declines the draw"]
    assert t.pos.result is None and t.request is None


def test_a_remote_seat_is_waited_for_and_acts_by_command():
    brain = InlineBrain()
    t = table(players={"g": {"kind": "human"}, "r": {"kind": "remote"}}, brain=brain)
    t.act("g", Action.from_text("c2-c4"))
    t.act("g", Action.from_text("e2-e3"))
    run(t, 100)
    assert t.pos.side == "r" and len(t.pos.history) == 2 and brain.asked == []     # nobody asks the computer
    assert t.act("g", Action.from_text("d2-d3")).reason == "Red is to act, not Green"
    assert t.act("r", Action.from_text("c13-c11")).ok and t.pos.piece_at("c11") == ("H", "r")


class SlowBrain(InlineBrain):
    """Thinks until ``answer()``: the computer is still working on its turn meanwhile."""

    def __init__(self) -> None:
        super().__init__()
        self.held: Reply | None = None

    def submit_turn(self, jpn_text: str, level: str, seed: int, quiet_draw: bool) -> None:
        super().submit_turn(jpn_text, level, seed, quiet_draw)
        self.held, self._reply = self._reply, None

    def submit_accepts_draw(self, jpn_text: str, level: str) -> None:
        self.asked.append("accepts_draw")
        self._reply = Reply(True, False)          # this one never takes a draw

    def answer(self) -> None:
        self._reply, self.held = self.held, None

    def cancel(self) -> None:
        super().cancel()
        self.held = None


def _computer_thinking() -> tuple[JaydenController, SlowBrain]:
    brain = SlowBrain()
    t = table(players={"g": {"kind": "human"}, "r": EASY}, brain=brain)
    t.act("g", Action.from_text("c2-c3"))
    t.act("g", Action.from_text("e2-e3"))
    t.tick(3)
    assert t.request == Request.TURN and t.pos.side == "r"
    return t, brain


def test_a_person_resigns_while_the_computer_thinks():
    t, brain = _computer_thinking()
    assert t.resign_refusal("g") == ""
    assert t.resign("r").reason == "Only a person can resign, while the game goes on"
    assert t.resign("g").ok and tuple(t.pos.result) == ("r", "resigned")
    assert brain.cancelled and t.request is None


def test_a_draw_offered_while_the_computer_thinks_is_answered_then_it_plays_on():
    t, brain = _computer_thinking()
    out = t.offer_draw("g")
    assert out.ok and out.done == "asked" and brain.cancelled == 1
    assert brain.asked[-1] == "accepts_draw" and t.request == Request.ACCEPT
    t.tick()                                      # the answer comes
    assert "Red declines the draw" in [n.text for n in t.take_notices()]
    t.tick()
    assert t.request == Request.TURN and brain.asked[-1] == "turn"    # its turn is asked again
    brain.answer()
    for _ in range(400):
        t.tick()
        if t.pos.side == "g":
            break
    assert t.pos.side == "g" and len(t.pos.history) == 4


def test_the_pieces_at_risk_are_in_the_view_for_a_person_in_enhanced_mode_only():
    start = jpn({"j1": "M", "t14": "m", "s14": "k", "a2": "K", "e5": "H", "e9": "d", "p5": "H"})
    t = table(start)
    assert t.endangered() == [parse_square("e5")] and t.view().endangered == (parse_square("e5"),)
    assert table(start, enhanced=False).endangered() == []
    t.act("g", Action.from_text("p5-p6"))
    t.act("g", Action.from_text("a2-a3"))
    assert t.pos.side == "r" and t.endangered() == []          # Red's pieces: none in reach of Green


def test_a_takeback_between_people_goes_back_to_the_start_of_the_askers_last_turn():
    t = table(enhanced=False)                                  # a courtesy in both modes
    assert t.take_back("r").reason == "Red has no turn to take back yet"
    for a in ("c2-c3", "e2-e3", "c13-c12"):
        t.act(t.pos.side, Action.from_text(a))
    t.take_notices()
    out = t.take_back("g")                                     # Green's turn, and Red's first action since
    assert out.ok and out.done == "taken back"
    assert t.pos.jpn() == START_JPN and t.game.actions == [] and t.records == []
    notices = t.take_notices()
    assert events(notices) == [Event.TURN_ENDED, Event.SAY, Event.TURN_STARTED]
    assert notices[1].text == "Green takes back the last turn"


def test_there_is_no_takeback_against_the_computer_or_after_the_end():
    t = table(players={"g": {"kind": "human"}, "r": EASY})
    t.act("g", Action.from_text("c2-c3"))
    assert "Undo (Enhanced mode)" in t.take_back("g").reason
    t2 = table()
    t2.act("g", Action.from_text("c2-c3"))
    t2.resign("g")
    assert t2.take_back("g").reason == "The game is over"
