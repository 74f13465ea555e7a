"""Journey games for ``tools/tournament.py --game journey``: a level against the Journey's opponents.

A is the player's side, played by a computer level (``easy``, ``normal``,
``hard``, or ``random``); B must be ``opponent``: each game is against one
opponent of the shipped Journey, played as the game plays it: its level,
its pool, its rules (Roulette drawn from the game's seed).

The player's side picks its hand with its level from the collection a
player plausibly owns on reaching that tier (:func:`reachable_collection`):
the starter cards, and what beating each opponent of the lower tiers
:data:`WINS` times (once: the win that opens the way on) brings. For
each of those wins, drawn from the game's seed as the Journey draws a real
game's (its own seed per opponent and win): the opponent's rules by
Roulette, its hand dealt from its pool, the reward draw of
``jayden_jazz/journey/draws.py``, and a narrow win's trade: under One,
Diff and Direct one card of that hand, the best by printed side total the
player does not own yet (under All the whole hand). Lost games and the
cards they cost are left out, so the model is, if anything, generous; but
it is not every card the lower tiers play or give, which no player owns on
reaching them. A row per tier thus measures how hard each tier is for a
player who has just got there.

``iterations`` (fixed work instead of the clock, the same on any machine
and at any load) is Normal's work a move; the other levels get it scaled by
their time budget against Normal's (:func:`level_iterations`: Hard
1.35 s / 0.5 s = 2.7 times as much, Easy none, as it never searches), so a
fixed-work row keeps what the levels' clocks would make of them.

Options: ``tier`` (which tier's opponents; they take turns by seed) or
``opponent`` (one opponent's id), ``pack`` (whose Journey: ``default``), ``time_budget``, ``budget_scale``,
``iterations`` as above.
"""

from __future__ import annotations

import random
import time

from jayden_jazz.ai.cards.arena import shipped_cards_dirs
from jayden_jazz.ai.cards.player import LEVELS, catalog_for, choose_action, choose_hand
from jayden_jazz.ai.journey.hands import opponent_hand
from jayden_jazz.ai.stats import Outcome
from jayden_jazz.cards import Action, get_field, new_game
from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.journey.draws import Reward, draw_reward, journey_rng
from jayden_jazz.journey.trade import computer_choice
from jayden_jazz.journey.match import OPPONENT, PLAYER, dealt_hand, prepare

PLAYERS = ("random", "easy", "normal", "hard", "opponent")
#: how many times the model's player has beaten each opponent of the lower tiers
WINS = 1


def opponents_of(catalog, tier: int | None = None, opponent: str | None = None,
                 pack: str = "default") -> list[Opponent]:
    shipped = sorted((o for o in catalog.opponents.values() if o.id.split("/")[0] == pack),
                     key=lambda o: (o.tier, o.id))
    if opponent is not None:
        chosen = [o for o in shipped if o.id == opponent]
    else:
        chosen = [o for o in shipped if tier is None or o.tier == int(tier)]
    if not chosen:
        raise ValueError(f"no Journey opponent for tier={tier!r} opponent={opponent!r}")
    return chosen


def everything_given(catalog, tier: int, pack: str = "default") -> list[str]:
    """The starter, and every card the opponents below ``tier`` play or give: the most a
    player reaching ``tier`` could own, far more than one does (the old model of this arena)."""
    cards = {c for c in catalog.starter() if c.split("/")[0] == pack}
    for o in catalog.opponents.values():
        if o.tier < tier and o.id.split("/")[0] == pack:
            cards.update(o.gives())
    return sorted(c for c in cards if c in catalog)


def reachable_collection(catalog, tier: int, seed: int, pack: str = "default") -> list[str]:
    """The starter, and the trades and rewards of beating each opponent below ``tier`` :data:`WINS`
    times (the module docstring says how), drawn from ``seed``: the same seed, the same cards."""
    owned = {c for c in catalog.starter() if c.split("/")[0] == pack and c in catalog}
    lower = sorted((o for o in catalog.opponents.values() if o.tier < tier and o.id.split("/")[0] == pack),
                   key=lambda o: (o.tier, o.id))
    for o in lower:
        for win in range(WINS):
            won = journey_rng(seed, f"arena:{o.id}:{win}").randrange(1, 2**31)
            js = prepare(o, won)
            hand = [c for c in dealt_hand(o.pool, js, OPPONENT) if c in catalog]
            if o.trade == "all":
                owned.update(hand)
            else:
                owned.update(computer_choice([c for c in hand if c not in owned], 1, catalog))
            reward = draw_reward([Reward(c, n) for c, n in o.rewards], won)
            if reward is not None and reward in catalog:
                owned.add(reward)
    return sorted(owned)


def level_iterations(level: str, iterations: int | None) -> int | None:
    """A level's fixed work a move when Normal's is ``iterations``: scaled as the time budgets
    are (None stays None: the clock decides)."""
    if iterations is None:
        return None
    return round(int(iterations) * LEVELS[level].seconds / LEVELS["normal"].seconds)


def play_game(a: str, b: str, seed: int, a_first: bool, *, tier: int | None = None, opponent: str | None = None,
              pack: str = "default", time_budget: float | None = None, budget_scale: float = 1.0,
              iterations: int | None = None, pack_dirs: list[str] | None = None,
              max_turns: int | None = None) -> Outcome:
    if b != "opponent" or a not in PLAYERS[:-1]:
        raise ValueError("--game journey plays a level (--a random|easy|normal|hard) against --b opponent")
    dirs = pack_dirs or shipped_cards_dirs()
    catalog = catalog_for(dirs)
    pool = opponents_of(catalog, tier, opponent, pack)
    opp = pool[(seed // 2) % len(pool)]
    js = prepare(opp, seed)
    rules = js.rule_set.rules()
    mine = reachable_collection(catalog, opp.tier, seed, pack)
    if rules.random or a == "random":
        hand = dealt_hand(mine, js, PLAYER)
    else:
        setup = {"field": js.rule_set.field, "players": 2, "rules": rules.to_dict(), "cards": mine}
        hand = choose_hand(dirs, setup, PLAYER, a, seed)
    theirs = opponent_hand(opp, js, dirs)
    game = new_game(catalog, get_field(js.rule_set.field), [hand, theirs], rules,
                    first_seat=PLAYER if a_first else OPPONENT, rng=random.Random(seed))
    rng = random.Random(seed * 1_000_003)
    think = {"a": 0.0, "b": 0.0}
    count = {"a": 0, "b": 0}
    worst = {"a": 0.0, "b": 0.0}
    owner = ("a", "b")
    known = sorted(set(mine) | set(opp.pool))
    while not game.is_over():
        seat = game.to_move
        who = owner[seat]
        level = a if seat == PLAYER else opp.level
        t0 = time.perf_counter()
        if level == "random":
            legal = game.legal_actions()
            action = legal[rng.randrange(len(legal))]
        else:
            budget = LEVELS[level].seconds if time_budget is None else float(time_budget)
            action = Action.parse(choose_action(game.position(), seat, level, rng.getrandbits(31),
                                                budget * budget_scale, dirs, iterations=level_iterations(level, iterations),
                                                pool=known))
        spent = time.perf_counter() - t0
        think[who] += spent
        worst[who] = max(worst[who], spent)
        count[who] += 1
        game.push(action)
    result = game.result()
    assert result is not None
    winner = owner[result.winners[0]] if len(result.winners) == 1 else None
    return Outcome(winner, result.decided_by, game.ply, think, count, dict(count),
                   tuple(str(x) for x in game.history), tuple(result.scores), owner,
                   record=game.record().to_yaml(game), worst_seconds=worst)


__all__ = ["PLAYERS", "WINS", "everything_given", "level_iterations", "opponents_of", "play_game",
           "reachable_collection"]
