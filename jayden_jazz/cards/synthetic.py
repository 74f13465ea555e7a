"""Generated cards and pack text for benchmarks, property tests and the CLI.

Cards are random but always legal (within budget, valid abilities), so the
same generator feeds the engine directly and, as YAML, the pack loader.
"""

from __future__ import annotations

import random

from .card import SIDE_NAMES, Ability, Card, Condition, Filter, side_text
from .language import BUDGET, describe, suggested_cost

_TARGETS = ("self", "own", "opponents", "all", "neighbours")


def _ability(rng: random.Random) -> Ability:
    kind = rng.choice(("modify", "modify", "modify", "gain_control", "swap", "reset", "win"))
    cond = Condition()
    flt = Filter()
    if rng.random() < 0.3:
        cond = rng.choice((Condition(captured_at_least=3), Condition(behind=True),
                           Condition(controlling_at_most=4), Condition(empty_cells_at_most=4),
                           Condition(roasting_within_years=5)))
    if kind == "modify":
        amount = rng.choice((-2, -1, 1, 2, 3))
        sides = rng.choice(((0, 1, 2, 3), (0, 2), (1, 3), (0,)))
        target = rng.choice(_TARGETS)
        if rng.random() < 0.2:
            flt = rng.choice((Filter(roasting_within_years=3), Filter(total_at_most=20), Filter(adjacent=True)))
        ab = Ability("turn", "modify", target, 0, "", amount=amount, sides=sides, filter=flt, condition=cond)
        cost = suggested_cost(ab)
        if cost > 12:
            ab = Ability("turn", "modify", target, 0, "", amount=1 if amount > 0 else -1, sides=(0, 2),
                         filter=flt, condition=cond)
            cost = suggested_cost(ab)
    elif kind == "gain_control":
        count = rng.choice((1, 1, 2))
        if rng.random() < 0.5:
            flt = rng.choice((Filter(roasting_within_years=2), Filter(roasting_before=(2005, 1)),
                              Filter(total_at_most=18)))
        ab = Ability("instant", "gain_control", "choose_field", 0, "", count=count, filter=flt, condition=cond)
        cost = 4 * count
    elif kind == "swap":
        ab = Ability("instant", "swap", "choose_swap", 0, "", condition=cond)
        cost = 5
    elif kind == "reset":
        ab = Ability("instant", "reset", "game", 0, "", condition=cond)
        cost = 12
    else:
        ab = Ability("instant", "win", "game", 0, "", condition=Condition(captured_at_least=3))
        cost = 16
    ab = Ability(ab.timing, ab.effect, ab.target, cost, "", amount=ab.amount, sides=ab.sides,
                 count=ab.count, condition=ab.condition, filter=ab.filter)
    return Ability(ab.timing, ab.effect, ab.target, cost, describe(ab), amount=ab.amount,
                   sides=ab.sides, count=ab.count, condition=ab.condition, filter=ab.filter)


def synthetic_cards(n: int, rng: random.Random, pack: str = "gen",
                    ability_rate: float = 0.5) -> list[Card]:
    """``n`` legal cards; about ``ability_rate`` of them carry one or two abilities."""
    out = []
    for i in range(n):
        abilities: list[Ability] = []
        if rng.random() < ability_rate:
            abilities.append(_ability(rng))
            if rng.random() < 0.25:
                abilities.append(_ability(rng))
        budget = BUDGET - sum(a.cost for a in abilities)
        while budget < 4:
            abilities.pop()
            budget = BUDGET - sum(a.cost for a in abilities)
        total = rng.randint(4, min(budget, 40))
        sides = [1, 1, 1, 1]
        for _ in range(total - 4):
            open_ = [s for s in range(4) if sides[s] < 10]
            sides[rng.choice(open_)] += 1
        month = (rng.randint(1996, 2026), rng.randint(1, 12))
        out.append(Card(id=f"{pack}/c{i:04d}", name=f"Card {i}", sides=(sides[0], sides[1], sides[2], sides[3]),
                        started_roasting=month, likes="generated", dislikes="nothing",
                        description=f"Card {i} was made by a generator.", abilities=tuple(abilities)))
    return out


def _yaml_ability(a: Ability) -> list[str]:
    lines = [f"      - timing: {a.timing}", f"        effect: {a.effect}", f"        target: {a.target}"]
    if a.effect == "modify":
        lines.append(f"        amount: {a.amount}")
        lines.append("        sides: " + ("all" if len(a.sides) == 4 else "[" + ", ".join(SIDE_NAMES[s] for s in a.sides) + "]"))
    if a.effect == "gain_control":
        lines.append(f"        count: {a.count}")
    for key, obj in (("condition", a.condition), ("filter", a.filter)):
        items = []
        for k in obj.__slots__:
            v = getattr(obj, k)
            if v is None:
                continue
            if isinstance(v, bool):
                v = "true" if v else "false"
            elif isinstance(v, tuple):
                v = f'"{v[0]:04d}-{v[1]:02d}"'
            items.append(f"{k}: {v}")
        if items:
            lines.append(f"        {key}: {{{', '.join(items)}}}")
    lines.append(f"        cost: {a.cost}")
    lines.append(f'        text: "{a.text}"')
    return lines


def pack_yaml(cards: list[Card], pack_id: str = "gen") -> str:
    """A pack file holding the given cards (ids must belong to ``pack_id``)."""
    lines = ["pack:", f"  id: {pack_id}", '  name: "Generated pack"', '  author: "bench"',
             '  version: "1.0"', "cards:"]
    for c in cards:
        lines += [f"  - id: {c.key}", f'    name: "{c.name}"',
                  f'    started_roasting: "{c.started_roasting[0]:04d}-{c.started_roasting[1]:02d}"',
                  f'    likes: "{c.likes}"', f'    dislikes: "{c.dislikes}"',
                  f'    description: "{c.description}"',
                  "    sides: {" + ", ".join(f"{n}: {side_text(v)}" for n, v in zip(SIDE_NAMES, c.sides)) + "}"]
        if c.abilities:
            lines.append("    abilities:")
            for a in c.abilities:
                lines += _yaml_ability(a)
    return "\n".join(lines) + "\n"


__all__ = ["pack_yaml", "synthetic_cards"]
