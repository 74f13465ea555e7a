"""A Journey game end to end in the engine: Roulette, hands, play, trade, reward, the profile."""
# rule: cards.md#journey cards.md#roulette cards.md#rewards cards.md#trade-rules

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from jayden_jazz.cards import load_packs
from jayden_jazz.journey.collection import starter_entries
from jayden_jazz.ai.journey.hands import opponent_hand
from jayden_jazz.journey.match import OPPONENT, PLAYER, conclude, hand_problem, hand_size, prepare, start
from jayden_jazz.saves import journey as jsave

ROOT = Path(__file__).resolve().parents[2]
PACKS = [str(ROOT / "cards")]
CATALOG, _ = load_packs([Path(p) for p in PACKS])


def profile() -> jsave.Profile:
    p = jsave.Profile("Ann")
    p.collection.apply(starter_entries(CATALOG.starter()))
    return p


def play_out(game, seed: int) -> None:
    rng = random.Random(seed)
    while not game.is_over():
        game.play(rng.choice(game.legal_actions()))


def test_roulette_the_opponents_hand_and_the_reward_come_from_the_seed():
    keeper = CATALOG.opponents["example/wheel_keeper"]
    drawn = {prepare(keeper, seed).rule_index for seed in range(40)}
    assert drawn == {0, 1}
    js = prepare(keeper, 17)
    assert js == prepare(keeper, 17) and js.rule_set == keeper.rule_sets[js.rule_index]
    hand = opponent_hand(keeper, js, PACKS)
    assert hand == opponent_hand(keeper, js, PACKS) and len(hand) == hand_size(js)
    assert set(hand) <= set(keeper.pool)


def test_the_players_hand_comes_from_owned_cards_one_copy_each():
    warden = CATALOG.opponents["example/pier_warden"]
    js = prepare(warden, 3)
    c = profile().collection
    owned = c.owned_cards()
    assert hand_problem(owned[:5], c, js) is None
    assert hand_problem(owned[:4], c, js) == "the hand holds 4 cards; this game needs 5"
    assert hand_problem(owned[:4] + owned[:1], c, js) == "a hand holds one copy of a card"
    stranger = next(cid for cid in CATALOG if c.owned(cid) == 0)
    assert hand_problem(owned[:4] + [stranger], c, js) == f"the profile does not own {stranger}"


@pytest.mark.parametrize("seed", range(12))
def test_a_whole_journey_game_changes_the_profile_only_by_its_trade_and_reward(tmp_path, seed):
    warden = CATALOG.opponents["example/pier_warden"]
    js = prepare(warden, seed)
    p = profile()
    mine = p.collection.owned_cards()[:5]
    game = start(CATALOG, js, mine, opponent_hand(warden, js, PACKS))
    play_out(game, seed)
    end = conclude(game, js, warden, CATALOG, f"g{seed}", choose=lambda hand, n: sorted(hand)[:n])
    result = game.result()
    assert end.outcome == ("drawn" if result.is_draw else "won" if result.winners == (PLAYER,) else "lost")
    if end.outcome == "won":
        assert len(end.cards_won) == 1 and not end.cards_lost          # One: one card, the player's pick
        assert end.cards_won[0] == sorted(game.setup.hands[OPPONENT])[0]
    elif end.outcome == "lost":
        assert len(end.cards_lost) == 1 and end.cards_lost[0] in mine and end.reward is None
    else:
        assert end.transfers == () and end.reward is None
    again = conclude(game, js, warden, CATALOG, f"g{seed}", choose=lambda hand, n: sorted(hand)[:n])
    assert again == end                                                   # the reward draw replays
    path = jsave.profile_path(tmp_path, 1)
    jsave.save(path, p, CATALOG)
    after = jsave.finish_game(path, p, CATALOG, f"g{seed}", game.record().to_yaml(), list(end.entries),
                              warden.id, end.outcome)
    total = sum(p.collection.counts.values()) + len(end.cards_won) - len(end.cards_lost) + (end.reward is not None)
    assert sum(after.collection.counts.values()) == total
    assert getattr(after.progress[warden.id], end.outcome) == 1


def test_an_unfinished_game_trades_nothing_unless_abandoned_which_loses():
    warden = CATALOG.opponents["example/pier_warden"]
    keeper = replace(CATALOG.opponents["example/wheel_keeper"], trade="all")
    js = replace(prepare(keeper, 5), rule_index=1, rule_set=keeper.rule_sets[1], trade="all")
    mine = profile().collection.owned_cards()[:5]
    game = start(CATALOG, js, mine, opponent_hand(keeper, js, PACKS))
    game.play(game.legal_actions()[0])
    with pytest.raises(ValueError, match="unfinished"):
        conclude(game, js, keeper, CATALOG, "g")
    end = conclude(game, js, keeper, CATALOG, "g", abandoned=True)
    assert end.outcome == "lost" and sorted(end.cards_lost) == sorted(mine) and end.reward is None
    assert warden.trade == "one"


def test_under_random_both_hands_are_dealt_from_what_each_side_owns():
    warden = CATALOG.opponents["default/field_warden"]
    js = prepare(warden, 9)
    assert js.rule_set.rules().random and hand_size(js) == 13
    owned = [f"default/{c.key}" for c in CATALOG.pack_cards("default")][:20]
    from jayden_jazz.journey.match import dealt_hand
    mine = dealt_hand(owned, js, PLAYER)
    assert mine == dealt_hand(owned, js, PLAYER) and len(set(mine)) == 13 and set(mine) <= set(owned)
    theirs = opponent_hand(warden, js, PACKS)
    assert set(theirs) <= set(warden.pool) and len(theirs) == 13
    game = start(CATALOG, js, mine, theirs)
    assert game.hand_ids(PLAYER) == tuple(mine)
