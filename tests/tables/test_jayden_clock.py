# rule: jayden.md#the-clock
"""The game clock: time for the whole game, an increment per turn, and a loss when it runs out.

Driven by the table's ticks, without pygame or a screen.
"""

from __future__ import annotations

import pytest

from jayden_jazz.jayden import Action
from jayden_jazz.saves.jayden import JaydenGame
from jayden_jazz.tables.jayden.clock import TICKS_PER_SECOND, Clock
from jayden_jazz.tables.jayden.names import describe_result
from jayden_jazz.tables.jayden.view import Event
from tests.tables.test_jayden_controller import events, table

SECOND = TICKS_PER_SECOND


def play(t, *actions: str) -> None:
    for a in actions:
        assert t.act(t.pos.side, Action.from_text(a)).ok


def test_the_clock_starts_with_the_first_action_and_runs_for_the_side_to_act():
    clock = Clock(5, 3)
    t = table(clock=clock)
    t.tick(10 * SECOND)
    assert clock.left == {"g": 300 * SECOND, "r": 300 * SECOND}           # nobody has acted yet
    play(t, "c2-c3")
    t.tick(2 * SECOND)
    assert clock.left["g"] == 298 * SECOND and clock.left["r"] == 300 * SECOND
    play(t, "e2-e3")                                                        # Green's turn is over
    t.tick(SECOND)
    assert clock.left["g"] == 301 * SECOND                                 # ... and earns 3 s
    assert clock.left["r"] == 299 * SECOND


def test_running_out_of_time_loses_the_game():
    clock = Clock(1, 0)
    t = table(clock=clock)
    play(t, "c2-c3", "e2-e3", "c13-c12")
    t.take_notices()
    t.tick(60 * SECOND + 5)
    assert tuple(t.pos.result) == ("g", "time_out") and clock.left["r"] == 0
    assert t.game.result == {"winner": "g", "reason": "time_out"}
    assert events(t.take_notices()) == [Event.TURN_ENDED, Event.FINISHED, Event.ENDED]
    assert describe_result(t.pos) == ("Green wins", "Green wins: Red ran out of time.")
    assert not t.act("r", Action.from_text("e13-e12")).ok                   # the game is over
    t.tick(SECOND)
    assert clock.left["g"] > 0                                             # and the clock stopped


def test_a_game_lost_on_time_loads_with_its_result():
    t = table(clock=Clock(1, 0))
    play(t, "c2-c3")
    t.tick(61 * SECOND)
    saved = JaydenGame(start=t.game.start, actions=list(t.game.actions), players=dict(t.game.players),
                       result=t.game.result)
    assert tuple(saved.position().result) == ("r", "time_out")


def test_the_clock_reads_in_minutes_then_tenths():
    clock = Clock(3, 2)
    assert clock.text("g") == "3:00" and clock.name == "3+2"
    clock.left["g"] = 65 * SECOND + 1
    assert clock.text("g") == "1:06"
    clock.left["g"] = 9 * SECOND + SECOND // 2
    assert clock.text("g") == "0:09.5"


@pytest.mark.parametrize("minutes,increment", [(0, 2), (5, -1)])
def test_a_clock_without_time_is_refused_in_plain_words(minutes, increment):
    with pytest.raises(ValueError, match="a clock needs minutes above 0"):
        Clock(minutes, increment)
