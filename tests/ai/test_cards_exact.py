"""The public exact solver: card margins of a position and of every move."""

from __future__ import annotations

import random

import pytest

from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.cards.exact import final_margin, move_values, position_value, solve
from jayden_jazz.ai.cards.solver import LOSS, WIN, game_value
from jayden_jazz.cards.core import Core
from jayden_jazz.cards import Action, Game, Rules, deal_random, get_field, new_game
from jayden_jazz.cards.position import Position

DEFAULT = [str(__import__("pathlib").Path(__file__).resolve().parents[2] / "cards" / "default")]


@pytest.fixture(scope="module")
def cat():
    return catalog_for(DEFAULT)


def dealt(cat, seed: int, placed: int, rules: Rules, field: str = "3x3") -> Game:
    rng = random.Random(seed)
    f = get_field(field)
    g = new_game(cat, f, deal_random(sorted(cat), f, 2, rules, rng), rules, first_seat=seed % 2, date=(2026, 11),
                 rng=rng)
    while g.ply < placed and not g.is_over():
        legal = g.legal_actions()
        g.push(legal[rng.randrange(len(legal))])
    return g


def brute(g: Game) -> int:
    """Margin by trying everything on the engine, no table, no pruning."""
    me = g.to_move
    best = -99
    for a in g.legal_actions():
        g.push(a)
        if g.is_over():
            v = final_margin(g.core, me)
        else:
            v = brute(g) if g.to_move == me else -brute(g)
        g.pop()
        best = max(best, v)
    return best


@pytest.mark.parametrize("rules", [Rules(open=True, pure=True), Rules(open=True),
                                   Rules.preset("draft", open=True), Rules(open=True, sudden_death=True)])
def test_margins_match_trying_every_line_on_the_engine(cat, rules):
    for seed in range(4):
        g = dealt(cat, seed, 5, rules)
        if g.is_over():
            continue
        sol = solve(g)
        assert sol.value == brute(g), g.position()
        me = g.to_move
        for a, v in sol.moves.items():
            g.push(a)
            if g.is_over():
                want = final_margin(g.core, me)
            else:
                want = brute(g) if g.to_move == me else -brute(g)
            g.pop()
            assert v == want, (g.position(), str(a))
        assert sol.value == max(sol.moves.values())
        assert sorted(map(str, sol.moves)) == sorted(map(str, g.legal_actions()))


def test_the_margin_agrees_with_the_proven_result(cat):
    for seed in range(6):
        g = dealt(cat, 100 + seed, 3, Rules(open=True, pure=True))
        margin = position_value(g)
        wdl = game_value(Core.from_position(g.position(), cat))
        assert (margin > 0) == (wdl == WIN) and (margin < 0) == (wdl == LOSS)
        assert margin % 2 == 1        # nine cards on the field: never a tie


def test_the_solver_takes_a_game_a_core_or_a_position_string(cat):
    g = dealt(cat, 7, 4, Rules(open=True))
    by_game = move_values(g)
    assert move_values(g.core) == by_game
    assert move_values(g.position(), cat) == by_game
    assert position_value(Game.from_parts(g.position_parts(), cat)) == max(by_game.values())
    assert g.ply == 4 and g.position() == Game.from_position(g.position(), cat).position()   # untouched


def test_a_finished_game_or_three_players_are_refused(cat):
    g = dealt(cat, 3, 9, Rules(open=True, pure=True))
    assert g.is_over()
    with pytest.raises(ValueError, match="over"):
        solve(g)
    g3 = dealt(cat, 3, 20, Rules(open=True, pure=True), field="5x5")
    three = Game.from_parts(Position("5x5", g3.field.rows, Rules(open=True), (2026, 11), 3, 0, False, None,
                                     tuple(None for _ in range(25)),
                                     (((sorted(cat)[0], 0),), ((sorted(cat)[1], 1),), ((sorted(cat)[2], 2),))),
                            cat)
    with pytest.raises(ValueError, match="two players"):
        solve(three)


class _GrabAll:
    """A stand-in for a later capture rule: every touching opponent card is taken."""

    name = "test_grab_all_exact"

    def captures(self, board, cell, seat):
        return [n for _, n, _ in board.adjacency(cell)
                if board.card_at(n) is not None and board.owner_at(n) != seat]


def test_a_new_capture_rule_is_played_by_the_solver_and_the_computer_player(cat):
    from jayden_jazz.ai.cards.player import choose_action
    from jayden_jazz.ai.cards.solver import Solver
    from jayden_jazz.cards import register_capture_step, unregister_capture_step
    register_capture_step(_GrabAll())
    try:
        rules = Rules(open=True, pure=True, steps=("test_grab_all_exact",))
        for seed in range(3):
            g = dealt(cat, 40 + seed, 5, rules)
            assert solve(g).value == brute(g)
            st = Core.from_position(g.position(), cat)
            wdl = Solver(st).search(-2, 2)
            assert wdl == (brute(g) > 0) - (brute(g) < 0)
            text = choose_action(g.position(), g.to_move, "hard", 1, pack_dirs=DEFAULT, iterations=50)
            assert g.is_legal(Action.parse(text))
    finally:
        unregister_capture_step("test_grab_all_exact")


@pytest.mark.parametrize("rules", [Rules(open=True, pure=True, same=True, plus=True, combo=True),
                                   Rules(open=True, reverse=True, fallen_ace=True),
                                   Rules.preset("draft", open=True, same=True, same_wall=True, combo=True),
                                   Rules(open=True, pure=True, elemental=True, plus=True)])
def test_the_classic_rules_are_played_by_the_solver_and_the_computer_player(cat, rules):
    from jayden_jazz.ai.cards.player import choose_action
    from jayden_jazz.ai.cards.solver import Solver
    for seed in range(3):
        g = dealt(cat, 60 + seed, 5, rules)
        if g.is_over():
            continue
        want = brute(g)
        assert solve(g).value == want, g.position()
        wdl = Solver(Core.from_position(g.position(), cat)).search(-2, 2)
        assert wdl == (want > 0) - (want < 0)
        text = choose_action(g.position(), g.to_move, "hard", 1, pack_dirs=DEFAULT, iterations=50)
        assert g.is_legal(Action.parse(text))


def test_a_stopped_search_leaves_its_state_whole(cat):
    from jayden_jazz.ai.cards.solver import OutOfTime, Solver
    g = dealt(cat, 2, 1, Rules(open=True))
    s = Solver(g.core.copy(), node_limit=60)
    before = s.st.position()
    with pytest.raises(OutOfTime):
        for m in s.root_moves():
            s.child_value(m)
    assert s.st.position() == before and s.st.depth == 0


def test_the_tournament_arena_plays_classic_rules():
    from jayden_jazz.ai.cards.arena import make_rules, play_game
    r = make_rules("draft", open=1, same="1", plus=1, combo=1)
    assert (r.same, r.plus, r.combo, r.capture) == (True, True, True, "equal_or_higher")
    with pytest.raises(ValueError, match="unknown option"):
        make_rules(sam=1)
    with pytest.raises(Exception, match="Combo needs Same or Plus"):
        make_rules(combo=1)
    out = play_game("greedy", "random", 3, True, open=1, same=1, plus=1, combo=1, reverse=1, fallen_ace=1,
                    elemental=1, pack_dirs=DEFAULT)
    assert out.turns == 9 and sum(out.scores) == 9
    assert "elemental: true" in out.record and "elements:" in out.record


@pytest.mark.parametrize("rules", [Rules(open=True, pure=True, same=True, plus=True, combo=True),
                                   Rules(open=True, same=True, plus=True, combo=True),
                                   Rules.preset("draft", open=True, same=True, same_wall=True, combo=True),
                                   Rules(open=True, plus=True, combo=True, reverse=True, fallen_ace=True,
                                         sudden_death=True)])
def test_with_same_and_plus_the_bit_search_values_every_move_as_the_core_search_does(cat, rules):
    # the bit searches play Same, Plus and Combo from the compiled tables; the solver's own
    # search on the rules core (bits=False) is the second opinion, move by move
    from jayden_jazz.ai.cards.solver import Solver
    checked = bit_nodes = core_nodes = 0
    for seed in range(8):
        g = dealt(cat, 70 + seed, 4 + seed % 2 + (not rules.pure), rules)
        if g.is_over():
            continue
        fast = Solver(g.core.copy())
        slow = Solver(g.core.copy(), bits=False)
        for m in fast.root_moves():
            assert fast.child_value(m) == slow.child_value(m), (g.position(), m)
        bit_nodes += fast.bits.nodes + fast.bits.margin.nodes
        core_nodes += fast.nodes
        assert slow.bits.nodes + slow.bits.margin.nodes == 0
        checked += 1
    assert checked >= 6
    # the bits did most of the work (over the deals: a small tree full of Turn effects may
    # be searched as much on the core as in the bits)
    assert bit_nodes > 2 * core_nodes
