"""The Jayden computer player: legal complete turns, Master tactics, repeatable
choices, draw answers, and the static tactics checked against brute force over
the engine's own generator.

Searches here are bounded by nodes or depth (never by the clock), so every
assertion is about what the player chooses, not how fast.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from jayden_jazz.ai.jayden import tactics as T
from jayden_jazz.ai.jayden.player import JaydenAI, accepts_draw, assess, choose_turn, is_dead, wants_draw
from jayden_jazz.ai.jayden.arena import PLAYERS, GreedyPlayer, Outcome, play_game
from jayden_jazz.ai.jayden.eval import evaluate
from jayden_jazz.ai.stats import WDL, format_wdl, wilson
from jayden_jazz.jayden import MOVE, START_JPN, Action, Position, parse_square

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --------------------------------------------------------------- helpers
def jpn(pieces: dict[str, str], side: str = "g", acted: str = "-", fired: int = 0, quiet: int = 0,
        turn: int = 1) -> str:
    """A JPN string from {square: letter}."""
    cells = [""] * 280
    for name, letter in pieces.items():
        cells[parse_square(name)] = letter
    return _format(cells, side, acted, fired, quiet, turn)


def _format(cells: list[str], side: str, acted: str, fired: int, quiet: int, turn: int) -> str:
    ranks = []
    for r in range(13, -1, -1):
        out, run = "", 0
        for f in range(20):
            c = cells[r * 20 + f]
            if c:
                out += (str(run) if run else "") + c
                run = 0
            else:
                run += 1
        ranks.append(out + (str(run) if run else ""))
    return f"{'/'.join(ranks)} {side} {acted} {fired} {quiet} {turn}"


def mirrored(pos: Position) -> Position:
    """The same position turned 180 degrees with the colours swapped."""
    cells = [""] * 280
    for sq in range(280):
        p = pos.piece_at(sq)
        if p:
            kind, side = p
            cells[279 - sq] = kind.lower() if side == "g" else kind
    side = "r" if pos.side == "g" else "g"
    acted = "-" if pos.acted is None else _name(279 - pos.acted)
    return Position(_format(cells, side, acted, pos.fired, pos.quiet, pos.turn))


def _name(sq: int) -> str:
    return f"{'abcdefghijklmnopqrst'[sq % 20]}{sq // 20 + 1}"


def play(pos_jpn: str, turn: list[str]) -> Position:
    """Replays a turn with the engine's full checks; asserts it is complete."""
    pos = Position(pos_jpn)
    side = pos.side
    for text in turn:
        assert pos.result is None and pos.side == side, f"{text} played after the turn ended"
        pos.push(text)  # raises IllegalActionError if illegal
    assert pos.result is not None or pos.side != side, f"incomplete turn {turn}"
    return pos


def takes_master_now(pos: Position) -> bool:
    """Brute force over the engine's generator: can the side to act remove or
    condition the enemy's only Master before its turn is over?"""
    side = pos.side
    enemy = "r" if side == "g" else "g"
    if pos.count(enemy, "M") != 1:
        return False

    def hits(actions: list[Action]) -> bool:
        return any(a.kind != MOVE and pos.piece_at(a.dst) == ("M", enemy) for a in actions)

    first = pos.legal_actions()
    if hits(first):
        return True
    if pos.acted is not None:
        return False
    for a in first:
        pos.push(a, validate=False)
        try:
            if pos.side == side and pos.result is None and hits(pos.legal_actions()):
                return True
        finally:
            pos.pop()
    return False


def playout(seed: int, actions: int) -> Position:
    """A position reached by random legal actions (captures favoured)."""
    rng = random.Random(seed)
    pos = Position()
    for _ in range(actions):
        acts = pos.legal_actions()
        caps = [a for a in acts if a.kind != MOVE]
        a = rng.choice(caps) if caps and rng.random() < 0.4 else rng.choice(acts)
        pos.push(a)
        if pos.result is not None:
            pos.pop()
            break
    return pos


def sparse_position(seed: int) -> Position | None:
    """A random hand-made position with pieces clustered near both Masters,
    where Master tactics are common. None if the engine refuses it."""
    rng = random.Random(seed)
    cells = [""] * 280
    m1, m2 = rng.sample(range(280), 2)
    cells[m1], cells[m2] = "M", "m"
    for _ in range(rng.randrange(6, 36)):
        c = rng.choice((m1, m2))
        f, r = c % 20 + rng.randint(-4, 4), c // 20 + rng.randint(-4, 4)
        if 0 <= f < 20 and 0 <= r < 14 and not cells[r * 20 + f]:
            letter = rng.choice("CDHIKRSNXDDIIRRHHH")
            cells[r * 20 + f] = letter if rng.random() < 0.5 else letter.lower()
    try:
        pos = Position(_format(cells, rng.choice("gr"), "-", 0, 0, 1), quiet_draw=False)
    except ValueError:
        return None
    if pos.result is not None:
        return None
    if rng.random() < 0.3:  # sometimes mid-turn
        acts = pos.legal_actions()
        if acts:
            pos.push(rng.choice(acts))
            if pos.result is not None:
                return None
    return pos


# ------------------------------------------------- legal, complete turns
@FAST
@given(seed=st.integers(0, 10**6), length=st.integers(0, 160),
       level=st.sampled_from(["easy", "normal", "hard"]), extra=st.booleans())
def test_turn_is_always_legal_and_complete(seed, length, level, extra):
    pos = playout(seed, length)
    if extra and pos.result is None and pos.acted is None:
        pos.push(random.Random(seed).choice(pos.legal_actions()))  # a mid-turn position
        if pos.result is not None:
            pos.pop()
    if pos.result is not None:
        return
    turn = choose_turn(pos.jpn(), level, seed, max_nodes=150)
    assert 1 <= len(turn) <= 2
    if pos.acted is not None:
        assert len(turn) == 1
    play(pos.jpn(), turn)


@pytest.mark.parametrize("budget", [0.01, 0.05])
def test_turn_is_complete_even_when_the_clock_runs_out_at_once(budget):
    pos = playout(11, 70)
    for level in ("easy", "normal", "hard"):
        play(pos.jpn(), choose_turn(pos.jpn(), level, 3, time_budget=budget))
    play(START_JPN, choose_turn(START_JPN, "hard", 3, time_budget=budget))


def test_finished_game_has_no_turn():
    done = jpn({"a1": "M", "t14": "k"}, side="g")  # Red has no Master: Green has won
    assert Position(done).result is not None
    assert choose_turn(done, "hard", 1, max_depth=1) == []


def test_class_api_leaves_the_position_alone():
    pos = playout(5, 40)
    before = pos.jpn()
    turn = JaydenAI("normal", random.Random(2), max_nodes=200).choose_turn(pos)
    assert pos.jpn() == before
    play(before, [str(a) for a in turn])
    assert all(isinstance(a, Action) for a in turn)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="level"):
        choose_turn(START_JPN, "expert", 1, max_depth=1)


# ------------------------------------------------- taking the Master
BASE = {"a1": "M", "b1": "K", "t14": "k", "s14": "h"}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("pieces, expected", [
    # by attack: an Interceptor with an open file
    ({"e5": "I", "e12": "m", "k3": "H", "k9": "h"}, "e5xe12"),
    # by fire: a Scout 2 squares away with 2 Cannons
    ({"k10": "S", "k12": "m", "c1": "C", "d1": "C", "p3": "H", "p9": "h"}, "k10*k12"),
    # by conditioning: the Masters stand side by side
    ({"a1": "", "j7": "M", "j8": "m", "p3": "H", "p9": "h"}, "j7=j8"),
])
def test_takes_a_master_it_can_reach(level, pieces, expected):
    board = {**BASE, **pieces}
    board = {k: v for k, v in board.items() if v}
    text = jpn(board)
    turn = choose_turn(text, level, 1, max_depth=1)
    assert turn[0] == expected
    assert play(text, turn).result.winner == "g"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_takes_a_master_that_needs_the_way_opened_first(level):
    # The Hero on e5 blocks the Interceptor: it steps aside, then e3xe12.
    text = jpn({**BASE, "e3": "I", "e5": "H", "e12": "m", "p9": "h"})
    assert not any(a.dst == parse_square("e12") for a in Position(text).legal_actions())
    turn = choose_turn(text, level, 4, max_depth=2)
    pos = play(text, turn)
    assert pos.result is not None and pos.result.winner == "g"
    assert turn[-1] == "e3xe12"


def test_mid_turn_takes_the_master_with_the_one_action_left():
    text = jpn({**BASE, "c3": "H", "e5": "I", "e12": "m"}, acted="c3")
    assert choose_turn(text, "normal", 1, max_depth=2) == ["e5xe12"]


# ------------------------------------------------- defending the Master
@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("threat", [
    # a Red Interceptor aims down the open e file at the Green Master on e1
    {"e1": "M", "e12": "i", "d4": "H", "n14": "k"},
    # a Red Scout 2 squares from the Master, Red has 2 Cannons
    {"e1": "M", "g3": "s", "a14": "c", "b14": "c", "n14": "k"},
    # a Red Raider on the Master's diagonal
    {"e1": "M", "h4": "r", "c2": "H", "n14": "k"},
])
def test_defends_against_an_immediate_master_capture(level, threat):
    # Bait: a free Red Dragon on the p file.
    pieces = {"b1": "K", "p3": "I", "p9": "d", "t14": "m", "k6": "H", "m13": "h", **threat}
    text = jpn(pieces)
    threatened = Position(jpn(pieces, side="r"))
    assert takes_master_now(threatened)  # the threat is real
    turn = choose_turn(text, level, 2, max_depth=2)
    after = play(text, turn)
    assert after.result is None and after.side == "r"
    assert not takes_master_now(after), f"{turn} leaves the Master to be taken"


def test_sees_a_scout_jump_that_cannot_be_answered():
    # Red's Master on k14 is boxed in by its own pieces; a Green Scout on p9
    # can jump to m12 (2 squares away) and fire next turn whatever Red does.
    text = jpn({"a1": "M", "b1": "K", "a2": "C", "t1": "C", "p9": "S", "k14": "m", "j14": "k",
                "l14": "k", "j13": "h", "k13": "h", "l13": "h", "c12": "h"})
    s = T.snap(Position(text))
    plan = T.scout_win(s, 0, -1)
    assert plan is not None and Action(plan[0], plan[1], MOVE) in Position(text).legal_actions()
    assert T.scout_win(s, 1, -1) is None  # Red has no Cannon: no plan
    turn = choose_turn(text, "normal", 1, max_depth=2)
    pos = play(text, turn)
    assert "p9-m12" in turn or pos.result is not None


# ------------------------------------------------- repeatable choices
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_seed_and_depth_give_the_same_turn(level):
    pos = playout(21, 90)
    text = pos.jpn()
    a = choose_turn(text, level, 5, max_depth=2)
    b = choose_turn(text, level, 5, max_depth=2)
    assert a == b
    c = JaydenAI(level, random.Random(9), max_nodes=300).choose_turn(Position(text))
    d = JaydenAI(level, random.Random(9), max_nodes=300).choose_turn(Position(text))
    assert c == d


def test_seed_varies_the_opening():
    turns = {tuple(choose_turn(START_JPN, "easy", seed, max_depth=1)) for seed in range(6)}
    assert len(turns) > 1


# ------------------------------------------------- draws
DEAD = jpn({"a1": "M", "b1": "K", "c1": "C", "t14": "m", "s14": "k", "r14": "c"})


def test_dead_position_is_offered_and_accepted():
    assert is_dead(Position(DEAD))
    for level in ("easy", "normal", "hard"):
        assert wants_draw(DEAD, level)
        assert accepts_draw(DEAD, level)


def test_long_quiet_level_position_is_dead():
    quiet = " ".join(START_JPN.split(" ")[:4] + ["150", "40"])
    assert wants_draw(quiet, "hard")
    fresh = " ".join(START_JPN.split(" ")[:4] + ["10", "40"])
    assert not wants_draw(fresh, "hard")


def test_start_position_draw_answers_follow_the_level():
    assert not wants_draw(START_JPN, "hard")
    assert not accepts_draw(START_JPN, "hard")  # level and alive: play on
    assert accepts_draw(START_JPN, "easy")  # Easy takes a draw unless clearly ahead


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_declines_when_ahead_and_accepts_when_behind(level):
    # Red (not to act) has a Dragon and two Interceptors more than Green.
    red_ahead = jpn({"a1": "M", "b1": "K", "c2": "H", "d2": "H", "t14": "m", "s14": "k", "r13": "h",
                     "q13": "h", "p12": "d", "o12": "i", "n12": "i"}, side="g")
    assert not accepts_draw(red_ahead, level)  # Red answers, and Red is ahead
    green_ahead = jpn({"a1": "M", "b1": "K", "c2": "H", "d2": "H", "e3": "D", "f3": "I", "g3": "I",
                       "t14": "m", "s14": "k", "r13": "h", "q13": "h"}, side="g")
    assert accepts_draw(green_ahead, level)  # Red answers, and Red is behind


def test_wants_no_draw_in_a_finished_game():
    done = jpn({"a1": "M", "t14": "k"})
    assert not wants_draw(done, "hard") and not accepts_draw(done, "hard")


# ------------------------------------------------- evaluation and tactics
@FAST
@given(seed=st.integers(0, 10**6), length=st.integers(0, 150))
@example(seed=452, length=67)        # two best first captures: the one the board lists first decided
@example(seed=490, length=68)        # which second capture counted, so the colours scored differently
@example(seed=28664, length=68)
def test_evaluation_is_colour_symmetric(seed, length):
    pos = playout(seed, length)
    if pos.result is not None:
        return
    other = mirrored(pos)
    assert evaluate(T.snap(other), other.board) == -evaluate(T.snap(pos), pos.board)
    assert assess(other) == assess(pos)


def test_start_position_is_level():
    pos = Position()
    assert evaluate(T.snap(pos), pos.board) == 0


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**7))
@example(seed=5077778)       # a Hero "making room" by jumping the very piece to be taken
@example(seed=7978)          # ... or by taking the Master, which ends the game first
def test_static_tactics_match_the_engine(seed):
    pos = sparse_position(seed)
    if pos is None:
        return
    s = T.snap(pos)
    x = 0 if pos.side == "g" else 1
    acted = -1 if pos.acted is None else pos.acted
    free = s.cannons[x] - pos.fired
    assert T.wins_turn(s, x, free, acted) == takes_master_now(pos)
    engine_caps = sorted((a.src, a.dst) for a in pos.pseudo_actions() if a.kind != MOVE)
    assert sorted((c.src, c.dst) for c in T.captures(s, x, free, acted)) == engine_caps
    if acted < 0:
        for c in T.discovered(s, x):  # each needs one other action first, and then it is there
            attack = Action(c.src, c.dst, "attack")
            assert any(attack in _after(pos, a) for a in pos.legal_actions() if a.src != c.src), c
        hit = {dst for _, dst in engine_caps}
        for sq in s.pieces[1 - x]:
            kind = T.KIND_OF[s.b[sq]]
            if kind != T.DEPLOYED:
                assert bool(T.attackers(s, sq, x, free, kind)) == (sq in hit)


def _after(pos: Position, action: Action) -> list[Action]:
    pos.push(action, validate=False)
    try:
        return pos.legal_actions() if pos.result is None else []
    finally:
        pos.pop()


def test_discovered_capture_is_seen_and_prepared():
    # Red's Hero on h13 could jump the Green Dragon on i13 once its own Hero
    # on j13 steps off the landing square: two actions, one capture.
    text = jpn({"a1": "M", "b1": "K", "i13": "D", "h13": "h", "j13": "h", "t14": "m", "s14": "k"}, side="r")
    s = T.snap(Position(text))
    assert not T.captures(s, 1, 0, -1)
    found = {(c.src, c.dst, c.via, c.how) for c in T.discovered(s, 1)}
    h13, i13, j13 = (parse_square(n) for n in ("h13", "i13", "j13"))
    assert found == {(h13, i13, j13, 3), (j13, i13, h13, 3)}  # either Hero can make room
    turn = choose_turn(text, "normal", 1, max_depth=2)
    assert turn[1] in ("h13xi13", "j13xi13") and turn[0][:3] in ("h13", "j13") and turn[0][3] == "-"


def test_two_action_kill_by_clearing_a_hero_landing_square():
    # Green Hero e5 is next to the Red Master e6; its landing square e7 holds
    # a Red Hero, which the Green Scout can shoot first.
    text = jpn({"a1": "M", "b1": "K", "c1": "C", "d1": "C", "e5": "H", "e6": "m", "e7": "h", "e9": "S",
                "t14": "k"})
    pos = Position(text)
    s = T.snap(pos)
    assert not T.wins_in_one(s, 0, 2, -1)
    assert T.wins_in_two(s, 0) and takes_master_now(pos)


# ------------------------------------------------- arena, stats, tool
def test_greedy_takes_the_most_valuable_piece():
    text = jpn({"a1": "M", "b1": "K", "e3": "I", "e9": "h", "h3": "I", "h9": "d", "t14": "m", "s14": "k"})
    pos = Position(text)
    picks = {str(GreedyPlayer(random.Random(s)).pick(pos)) for s in range(5)}
    assert picks == {"h3xh9"}


def test_play_game_reports_a_consistent_outcome():
    out = play_game("greedy", "random", 3, True, max_turns=60)
    assert isinstance(out, Outcome)
    assert out.winner in ("a", "b", None)
    assert out.actions_by["a"] + out.actions_by["b"] == len(out.history)
    assert set(out.think_seconds) == {"a", "b"}
    pos = Position()
    for text in out.history:
        pos.push(text)
    if out.winner is None:
        assert out.reason in ("max_turns", "quiet_draw", "agreed_draw")
    else:
        green = "a"  # a_is_green=True
        assert pos.result.winner == ("g" if out.winner == green else "r")
    again = play_game("greedy", "random", 3, True, max_turns=60)  # same seed, same game
    assert (again.winner, again.reason, again.turns, again.history) == (out.winner, out.reason, out.turns,
                                                                        out.history)
    assert set(PLAYERS) == {"random", "greedy", "easy", "normal", "hard"}


def test_wilson_interval():
    lo, hi = wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_wdl_summary():
    text = format_wdl(WDL(18, 1, 1), "A (hard)")
    assert "A (hard): 18 W / 1 D / 1 L of 20 games" in text
    assert "wins of decided games  94.7%" in text


def test_tournament_tool_prints_the_summary(capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "tournament.py"
    spec = importlib.util.spec_from_file_location("tournament_tool", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["--a", "greedy", "--b", "random", "-n", "2", "--jobs", "1", "--max-turns", "40"]) == 0
    out = capsys.readouterr().out
    assert "A (greedy):" in out and "of 2 games" in out and "per decision" in out
    assert "had the CPU" in out


def test_worker_runs_the_player():
    from jayden_jazz.ai.worker import AIWorker

    w = AIWorker()
    try:
        w.submit("jayden_jazz.ai.jayden.player:choose_turn", START_JPN, "easy", 1, quiet_draw=True,
                 time_budget=0.1)
        reply = w.wait(60)
        assert reply is not None and reply.ok, reply
        play(START_JPN, reply.value)
    finally:
        w.close()
