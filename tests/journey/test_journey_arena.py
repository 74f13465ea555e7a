"""The Journey arena plays a level against the shipped opponents, as the tournament's tier rows do."""
# rule: cards.md#journey

from __future__ import annotations

import pytest

from jayden_jazz.ai.cards.arena import shipped_cards_dirs
from jayden_jazz.ai.cards.player import catalog_for
from jayden_jazz.ai.journey.arena import opponents_of, play_game, reachable_collection


def test_a_tier_game_is_played_to_the_end_against_that_tiers_opponents():
    out = play_game("normal", "opponent", 3, True, tier=1, iterations=60)
    assert out.turns == 9 and out.winner in ("a", "b", None) and sum(out.scores) == 9
    assert out.decisions_by["a"] == 5 and out.decisions_by["b"] == 4      # A moved first
    catalog = catalog_for(shipped_cards_dirs())
    assert {o.tier for o in opponents_of(catalog, tier=1)} == {1}


def test_the_collection_a_player_reaches_grows_with_the_tier():
    catalog = catalog_for(shipped_cards_dirs())
    sizes = [len(reachable_collection(catalog, t)) for t in range(1, 10)]
    starter = [c for c in catalog.starter() if c.startswith("default/")]
    assert sizes == sorted(sizes) and sizes[0] == len(starter) and sizes[-1] > sizes[0]


def test_only_a_level_against_the_opponent_is_a_journey_game():
    with pytest.raises(ValueError, match="--b opponent"):
        play_game("normal", "hard", 1, True, tier=1)
    with pytest.raises(ValueError, match="no Journey opponent"):
        play_game("normal", "opponent", 1, True, opponent="default/nobody")
