"""The Journey arena plays a level against the shipped opponents, as the tournament's tier rows do."""
# rule: cards.md#journey

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards.arena import shipped_cards_dirs
from jayden_jazz.ai.cards.player import LEVELS, catalog_for
from jayden_jazz.ai.journey import arena
from jayden_jazz.ai.journey.arena import (WINS, everything_given, level_iterations, opponents_of, play_game,
                                          reachable_collection)
from jayden_jazz.journey.match import hand_size, prepare


def test_a_tier_game_is_played_to_the_end_against_that_tiers_opponents():
    out = play_game("normal", "opponent", 3, True, tier=1, iterations=60)
    assert out.turns == 9 and out.winner in ("a", "b", None) and sum(out.scores) == 9
    assert out.decisions_by["a"] == 5 and out.decisions_by["b"] == 4      # A moved first
    catalog = catalog_for(shipped_cards_dirs())
    assert {o.tier for o in opponents_of(catalog, tier=1)} == {1}


def test_the_collection_a_player_reaches_grows_with_the_tier_but_is_not_everything_the_lower_tiers_give():
    catalog = catalog_for(shipped_cards_dirs())
    starter = sorted(c for c in catalog.starter() if c.startswith("default/"))
    for seed in (1, 2, 7):
        owned = [reachable_collection(catalog, t, seed) for t in range(1, 10)]
        assert owned[0] == starter
        for t in range(1, 9):
            assert set(owned[t - 1]) <= set(owned[t])                  # a tier further, never fewer cards
        assert len(owned[-1]) > len(owned[3]) > len(owned[0])
        for t in range(2, 10):
            assert set(owned[t - 1]) < set(everything_given(catalog, t)), (seed, t)   # a strict subset
            assert len(owned[t - 1]) <= len(starter) + WINS * 2 * len(
                [o for o in opponents_of(catalog) if o.tier < t])      # a trade card and a reward a win
    # reproducible by the game's seed, and drawn from it: other seeds own other cards
    assert reachable_collection(catalog, 9, 5) == reachable_collection(catalog, 9, 5)
    assert len({tuple(reachable_collection(catalog, 9, s)) for s in range(1, 9)}) > 1


def test_every_tier_leaves_the_player_enough_cards_for_its_hands():
    catalog = catalog_for(shipped_cards_dirs())
    for o in opponents_of(catalog):
        for seed in range(1, 13):
            assert len(reachable_collection(catalog, o.tier, seed)) >= hand_size(prepare(o, seed)), (o.id, seed)


def test_fixed_work_is_normals_and_the_other_levels_scale_it_as_their_clocks():
    assert level_iterations("normal", 400) == 400
    assert level_iterations("hard", 400) > level_iterations("normal", 400) > level_iterations("easy", 400)
    assert level_iterations("hard", 400) == round(400 * LEVELS["hard"].seconds / LEVELS["normal"].seconds)
    assert level_iterations("hard", None) is None               # the clock, as before


def test_a_fixed_work_game_gives_hard_more_work_than_normal(monkeypatch):
    seen: dict[str, set] = {}

    def spy(position, seat, level, seed, budget, dirs, iterations=None, pool=None):
        seen.setdefault(level, set()).add(iterations)
        return real(position, seat, level, seed, budget, dirs, iterations=60, pool=pool)

    real = arena.choose_action
    monkeypatch.setattr(arena, "choose_action", spy)
    play_game("normal", "opponent", 1, True, opponent="default/lady_roulette", iterations=100)
    assert seen == {"normal": {100}, "hard": {level_iterations("hard", 100)}}


def test_only_a_level_against_the_opponent_is_a_journey_game():
    with pytest.raises(ValueError, match="--b opponent"):
        play_game("normal", "hard", 1, True, tier=1)
    with pytest.raises(ValueError, match="no Journey opponent"):
        play_game("normal", "opponent", 1, True, opponent="default/nobody")
