"""The host's choices for a card game online, and the ``create`` they make.

The host sits at seat 0; every other seat is either for a player on
another machine or the computer at a level. The 3x3 field takes two
players only, so with three or four the field is 5x5 whatever was chosen.
Hands may be Open or hidden, with the hand rules Three Open, Hand Swap and
Chaos in any mix (docs/rules/cards.md, "Hand rules"); the server deals
Random hands too.
"""

from __future__ import annotations

from typing import Any

PRESETS: list[tuple[str, Any]] = [("Updated", "updated"), ("Draft", "draft")]
FIELDS: list[tuple[str, Any]] = [("3x3", "3x3"), ("5x5", "5x5")]
HANDS: list[tuple[str, Any]] = [("Open", True), ("Hidden", False)]
DEALING: list[tuple[str, Any]] = [("Each picks their own", False), ("Random (dealt)", True)]
HAND_RULES: list[tuple[str, Any]] = [
    ("None", ()), ("Three Open", ("three_open",)), ("Hand Swap", ("hand_swap",)), ("Chaos", ("chaos",)),
    ("Three Open + Hand Swap", ("three_open", "hand_swap")), ("Three Open + Chaos", ("three_open", "chaos")),
    ("Hand Swap + Chaos", ("hand_swap", "chaos")), ("All three", ("three_open", "hand_swap", "chaos")),
]
PLAYERS: list[tuple[str, Any]] = [("2", 2), ("3", 3), ("4", 4)]
OTHERS: list[tuple[str, Any]] = [
    ("Players on other machines", {"kind": "human"}),
    ("Computer - Easy", {"kind": "computer", "level": "easy"}),
    ("Computer - Normal", {"kind": "computer", "level": "normal"}),
    ("Computer - Hard", {"kind": "computer", "level": "hard"}),
]
#: Which seats the "Other seats" choice fills: all the others, or all but the second (one friend and
#: the computer in the rest).
FILL: list[tuple[str, Any]] = [("All other seats", "all"), ("All but seat 2", "rest")]

OPTIONS: dict[str, list[tuple[str, Any]]] = {"preset": PRESETS, "field": FIELDS, "open": HANDS, "hand_rules": HAND_RULES,
                                            "random": DEALING, "players": PLAYERS, "others": OTHERS, "fill": FILL}
ROWS: list[tuple[str, str]] = [("Rules", "preset"), ("Field", "field"), ("Hands", "open"), ("Hand rules", "hand_rules"),
                               ("Hand choice", "random"), ("Players", "players"), ("Other seats", "others"),
                               ("Computer in", "fill")]


def field_for(field: str, players: int) -> str:
    return field if players == 2 else "5x5"


def cards_create(values: dict[str, int]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The ``setup`` and ``seats`` of ``create`` for the chosen option indices (the host is seat 0)."""
    pick = {key: opts[values.get(key, 0) % len(opts)][1] for key, opts in OPTIONS.items()}
    players = int(pick["players"])
    other = dict(pick["others"])
    seats: list[dict[str, Any]] = [{"kind": "human"}]
    for i in range(1, players):
        computer_here = other["kind"] == "computer" and not (pick["fill"] == "rest" and i == 1)
        seats.append(dict(other) if computer_here else {"kind": "human"})
    rules: dict[str, Any] = {"preset": pick["preset"], "open": bool(pick["open"]), "random": bool(pick["random"])}
    rules.update({name: True for name in pick["hand_rules"]})
    setup = {"rules": rules, "field": field_for(str(pick["field"]), players)}
    return setup, seats


def shown(key: str, values: dict[str, int]) -> str:
    """The text of one choice as the Host screen shows it."""
    opts = OPTIONS[key]
    text = str(opts[values.get(key, 0) % len(opts)][0])
    if key == "field":
        players = PLAYERS[values.get("players", 0) % len(PLAYERS)][1]
        used = field_for(str(FIELDS[values.get(key, 0) % len(FIELDS)][1]), players)
        if used != FIELDS[values.get(key, 0) % len(FIELDS)][1]:
            text = f"{used} (3x3 is for 2)"
    return text


def rules_words(rules: dict[str, Any]) -> str:
    """A card game's rules in a few words, for the waiting room and the hand picker, so a player
    knows them before choosing a hand: "Updated, Hidden, Three Open, Hand Swap" (the dealing apart)."""
    from jayden_jazz.cards import Rules
    from jayden_jazz.cards.rule_text import RULE_NAMES

    r = Rules.from_dict(dict(rules))
    parts = [str(r.preset_name).capitalize(), "Open" if r.open else "Hidden"]
    parts += [v.replace("_", " ").title() for v in r.variants if v != "open"]
    parts += [RULE_NAMES.get(c, c.replace("_", " ").title()) for c in r.classic if c != "random"]
    return ", ".join(parts)


def picker_title(rules: dict[str, Any]) -> str:
    """The online hand picker's heading: the rules the hand is for (48 columns)."""
    from jayden_jazz.textcut import cut

    return cut(f"Rules: {rules_words(rules)}", 48)


def picker_config(view: dict[str, Any]) -> Any:
    """A local setup like the server's game, enough for the hand picker (field, players, visibility)."""
    from jayden_jazz.scenes.cards.config import MatchConfig

    setup = view["setup"]
    return MatchConfig(players=int(setup["players"]), field=str(setup["field"]["name"]),
                       open=bool(setup["rules"].get("open")))
