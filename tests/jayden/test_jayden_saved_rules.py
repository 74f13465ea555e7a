"""What a saved Jayden game keeps of the rules: an agreed draw, the 200-action setting."""
# rule: jayden.md#draw-by-agreement
# rule: jayden.md#the-200-action-draw

from jayden_jazz.jayden import START_JPN, Position, Result
from jayden_jazz.saves import jayden as jsave

HUMANS = {"g": {"kind": "human"}, "r": {"kind": "human"}}


def test_an_agreed_draw_is_kept_as_the_result_of_a_saved_game(tmp_path):
    pos = Position()
    pos.push("b2-b4")
    pos.push("c2-c4")
    pos.agree_draw()
    path = tmp_path / "draw.sav"
    jsave.save(path, jsave.JaydenGame(start=START_JPN, actions=[], players=dict(HUMANS)), pos)
    game, back = jsave.load(path)
    assert back.result == Result(None, "agreed_draw")
    assert game.actions == ["b2-b4", "c2-c4"]          # the offer is not an action
    assert back.legal_actions() == []


def test_each_saved_game_remembers_whether_the_200_action_draw_was_on(tmp_path):
    for on in (True, False):
        pos = Position(quiet_draw=on)
        path = tmp_path / f"quiet-{on}.sav"
        jsave.save(path, jsave.JaydenGame(start=START_JPN, actions=[], players=dict(HUMANS), quiet_draw=on),
                   pos)
        game, back = jsave.load(path)
        assert game.quiet_draw is on and back.quiet_draw_rule is on
