"""Golden playthroughs: whole recorded games written out step by step.

Each file in ``tests/golden/`` is one game in the manner of OpenSpiel's
playthroughs: at every step the engine's own position text, the number of
legal actions, the action in the game's notation and the events it caused,
then the result. ``tests/test_golden.py`` reads the actions back out of a
file, replays them through the engine and compares the transcript it writes
with the file character for character, so any change in what the rules do
shows up as a readable diff.

The games were chosen once, deterministically (a seeded random choice among
legal actions, nudged towards captures or abilities where a game is meant to
show them); the choosers run only when the files are written again::

    JJ_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

Read the diff before committing regenerated files: the test also checks that
the games together still show every piece, action kind, capture rule and
event they are meant to show.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from jayden_jazz.cards import events as ev
from jayden_jazz.cards.action import Action as CardAction
from jayden_jazz.cards.field import get_field
from jayden_jazz.cards.game import Game, new_game
from jayden_jazz.cards.loader import load_packs
from jayden_jazz.cards.record import GameRecord
from jayden_jazz.cards.rules import Rules
from jayden_jazz.jayden import ATTACK, CONDITION, FIRE, MOVE, Action, Position, square_name
from jayden_jazz.jayden.pieces import KIND_BY_LETTER, SIDE_NAMES

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
UPDATE_FLAG = "JJ_UPDATE_GOLDEN"
CARD_PACKS = (ROOT / "cards" / "default", ROOT / "cards" / "example")

CARD_HEADER = "Jazz Jackrabbit Card Game"
JAYDEN_HEADER = "Jayden"


def _comment(kind: str, name: str, about: str) -> list[str]:
    return [f"# {kind} golden playthrough: {name}",
            *(f"# {line}" for line in textwrap.wrap(about, 76)),
            "# Checked by tests/test_golden.py; written by JJ_UPDATE_GOLDEN=1 (see tests/golden.py).",
            ""]


# ---------------------------------------------------------------- the card game

_catalog = None


def card_catalog():
    """The shipped packs the card games are dealt from (loaded once)."""
    global _catalog
    if _catalog is None:
        catalog, problems = load_packs(list(CARD_PACKS))
        refused = [p for p in problems if p.is_error]
        assert not refused, refused
        _catalog = catalog
    return _catalog


def _seat(s: int) -> str:
    return f"seat {s}"


def card_event_text(e: ev.Event) -> str:
    """One event of :mod:`jayden_jazz.cards.events` as a line of the transcript."""
    if isinstance(e, ev.Placed):
        return f"placed: {_seat(e.seat)} puts {e.card} on {e.cell}"
    if isinstance(e, ev.Captured):
        return f"captured ({e.cause}): {e.card} on {e.cell}, {_seat(e.old_owner)} -> {_seat(e.seat)}"
    if isinstance(e, ev.AbilityUsed):
        targets = ", ".join(e.targets) if e.targets else "no targets"
        return f"ability: {_seat(e.seat)} uses {e.card} #{e.number} ({e.effect}) on {targets}: {e.text}"
    if isinstance(e, ev.ControlGained):
        return f"control gained: {e.card} on {e.cell}, {_seat(e.old_owner)} -> {_seat(e.seat)}"
    if isinstance(e, ev.Swapped):
        return (f"swapped: {e.to_hand} leaves {e.cell} ({_seat(e.old_owner)}) for {_seat(e.seat)}'s hand,"
                f" {e.to_field} takes its place")
    if isinstance(e, ev.EffectStarted):
        return f"effect started: {e.card} #{e.number} on {e.cell} by {_seat(e.seat)}, {e.turns} turns: {e.text}"
    if isinstance(e, ev.EffectEnded):
        return f"effect ended: {e.card} #{e.number} on {e.cell} ({_seat(e.seat)}): {e.text}"
    if isinstance(e, ev.FieldReset):
        return f"field reset by {_seat(e.seat)}"
    if isinstance(e, ev.SeatSkipped):
        return f"seat skipped: {_seat(e.seat)} has no card left"
    if isinstance(e, ev.GameEnded):
        return f"game ended: {_result_text(e.result)}"
    if isinstance(e, ev.HandSwapped):
        return f"hand swap: {_seat(e.giver)} gives {e.card} to {_seat(e.receiver)}"
    if isinstance(e, ev.CardsShown):
        return f"cards shown: {_seat(e.seat)} shows {', '.join(e.cards)}"
    if isinstance(e, ev.CardDrawn):
        return f"card drawn: {_seat(e.seat)} must play {e.card}"
    raise TypeError(f"no transcript line for the event {e!r}")


def _result_text(result) -> str:
    r = result.to_dict()
    return (f"{result.summary()} (reason {r['reason']}, decided by {r['decided_by']}, "
            f"scores {r['scores']}, hand points {r['hand_points']})")


def card_transcript(name: str, about: str, setup_yaml: str, actions: Iterable[str]) -> str:
    """The transcript of the card game whose setup is the record ``setup_yaml``."""
    catalog = card_catalog()
    record = GameRecord.from_yaml(setup_yaml)
    game = record.replay(catalog)
    lines = _comment(CARD_HEADER, name, about)
    lines.append("setup:")
    lines += ["  " + line for line in setup_yaml.rstrip("\n").split("\n")]
    lines += ["", f"rules: {game.rules.code()}", "start events:"]
    lines += [f"  - {card_event_text(e)}" for e in game.setup_events()] or ["  (none)"]
    for ply, text in enumerate(actions, 1):
        legal = game.legal_actions()
        plain = game.legal_actions(abilities=False)
        lines += ["", f"ply {ply}",
                  f"  position: {game.position()}",
                  f"  to move: {_seat(game.to_move)}",
                  f"  legal actions: {len(legal)} ({len(plain)} placements)",
                  f"  action: {text}"]
        action = CardAction.parse(text)
        report = game.play(action)
        lines.append("  events:")
        lines += [f"    - {card_event_text(e)}" for e in report.events]
    result = game.result()
    lines += ["", f"final position: {game.position()}",
              f"result: {_result_text(result) if result else 'not over'}", ""]
    return "\n".join(lines)


@dataclass(frozen=True)
class CardGame:
    """How one recorded card game was set up and how its actions were chosen."""

    name: str
    about: str
    preset: str
    field: str
    players: int
    seed: int
    changes: dict = field(default_factory=dict)
    prefer: str = "random"      # random | captures | abilities
    packs: str = "all"          # all | default

    def setup_yaml(self) -> str:
        catalog = card_catalog()
        rng = random.Random(self.seed)
        rules = Rules.preset(self.preset, **self.changes)
        fld = get_field(self.field)
        ids = sorted(c for c in catalog if self.packs == "all" or c.startswith(self.packs + "/"))
        if rules.random:
            hands: list[list[str]] = [[] for _ in range(self.players)]
        else:
            from jayden_jazz.cards.deal import deal_random
            hands = deal_random(ids, fld, self.players, rules, rng)
        pool = {c: catalog[c] for c in ids}
        game = new_game(pool, fld, hands, rules, rng=rng, date=(2026, 11), players=self.players,
                        names=tuple(f"P{i + 1}" for i in range(self.players)))
        data = game.record().to_data()
        del data["actions"]
        return yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)

    def choose_actions(self, setup_yaml: str) -> list[str]:
        game = GameRecord.from_yaml(setup_yaml).replay(card_catalog())
        rng = random.Random(self.seed * 7919 + 1)
        out = []
        while not game.is_over():
            legal = sorted(game.legal_actions(), key=str)
            pick = _CARD_CHOOSERS[self.prefer](game, legal, rng)
            out.append(str(pick))
            game.push(pick)
        return out

    def transcript(self) -> str:
        setup = self.setup_yaml()
        return card_transcript(self.name, self.about, setup, self.choose_actions(setup))


def _best(legal: list, score: Callable[[object], tuple], rng: random.Random):
    scored = [(score(a), a) for a in legal]
    top = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == top])


def _capture_score(game: Game, a: CardAction) -> tuple:
    g = game.clone()
    report = g.play(a)
    causes = {c.cause for c in report.captures}
    return (len(causes - {"higher", "equal_or_higher"}), len(report.captures))


_CARD_CHOOSERS: dict[str, Callable[[Game, list, random.Random], CardAction]] = {
    "random": lambda game, legal, rng: rng.choice(legal),
    "captures": lambda game, legal, rng: _best(legal, lambda a: _capture_score(game, a), rng),
    "abilities": lambda game, legal, rng: _best(
        legal, lambda a: (a.ability is not None, len(a.targets)), rng),
}


# ---------------------------------------------------------------- Jayden

def _piece_name(pos: Position, sq: int) -> str:
    letter, side = pos.piece_at(sq)  # type: ignore[misc]
    from jayden_jazz.jayden.pieces import KIND_NAMES
    return f"{SIDE_NAMES['gr'.index(side)]} {KIND_NAMES[KIND_BY_LETTER[letter]]}"


def jayden_events(pos: Position, action: Action) -> list[str]:
    """Push ``action`` on ``pos`` and say what it did, read from the engine's state."""
    src, dst = square_name(action.src), square_name(action.dst)
    actor = _piece_name(pos, action.src)
    victim = _piece_name(pos, action.dst) if pos.piece_at(action.dst) else ""
    land = square_name(pos.landing(action))
    side, free = pos.side, pos.free_cannons(pos.side)
    pos.push(action)
    if action.kind == MOVE:
        if pos.piece_at(action.dst) and pos.piece_at(action.dst)[0] == "X":  # type: ignore[index]
            lines = [f"{actor} deploys from {src} to {dst}: shield up"]
        else:
            lines = [f"{actor} moves {src} -> {dst}"]
    elif action.kind == ATTACK:
        lines = [f"{actor} on {src} takes {victim} on {dst}, stands on {land}"]
    elif action.kind == FIRE:
        after = pos.free_cannons(side) if pos.side == side else free - _distance(action)
        lines = [f"{actor} on {src} shoots {victim} on {dst} (free Cannons {free} -> {after})"]
    elif action.kind == CONDITION:
        lines = [f"{actor} on {src} wins over {victim} on {dst}"]
    else:  # pragma: no cover - the engine has four kinds
        raise ValueError(action.kind)
    result = pos.result
    if result is not None:
        who = "draw" if result.winner is None else f"{SIDE_NAMES['gr'.index(result.winner)]} wins"
        lines.append(f"game over: {who} ({result.reason})")
    elif pos.side != side:
        lines.append(f"turn passes to {SIDE_NAMES['gr'.index(pos.side)]} (turn {pos.turn})")
    else:
        lines.append(f"{SIDE_NAMES['gr'.index(side)]} acts again with another piece")
    return lines


def _distance(action: Action) -> int:
    return max(abs(action.src % 20 - action.dst % 20), abs(action.src // 20 - action.dst // 20))


def jayden_transcript(name: str, about: str, start: str, quiet_draw: bool, actions: Iterable[str]) -> str:
    pos = Position(start, quiet_draw=quiet_draw)
    lines = _comment(JAYDEN_HEADER, name, about)
    lines += [f"start: {start}", f"quiet draw: {'on' if quiet_draw else 'off'}"]
    for n, text in enumerate(actions, 1):
        legal = pos.legal_actions()
        lines += ["", f"action {n}",
                  f"  position: {pos.jpn()}",
                  f"  legal actions: {len(legal)}",
                  f"  action: {text}",
                  "  events:"]
        lines += [f"    - {e}" for e in jayden_events(pos, Action.from_text(text))]
    result = pos.result
    lines += ["", f"final position: {pos.jpn()}",
              "result: " + ("not over" if result is None else
                            f"{'draw' if result.winner is None else result.winner} ({result.reason})"), ""]
    return "\n".join(lines)


@dataclass(frozen=True)
class JaydenGame:
    """One recorded Jayden game: where it starts and how its actions were chosen."""

    name: str
    about: str
    seed: int
    start: str | None = None
    prefer: str = "greedy"      # greedy | random
    quiet_draw: bool = True
    max_actions: int = 600

    def choose_actions(self) -> list[str]:
        from jayden_jazz.ai.jayden.arena import GreedyPlayer, RandomPlayer
        pos = Position(self.start, quiet_draw=self.quiet_draw)
        rng = random.Random(self.seed)
        player = GreedyPlayer(rng) if self.prefer == "greedy" else RandomPlayer(rng)
        out: list[str] = []
        while pos.result is None and len(out) < self.max_actions:
            a = player.pick(pos)
            out.append(str(a))
            pos.push(a)
        return out

    def transcript(self) -> str:
        start = Position(self.start).jpn()
        return jayden_transcript(self.name, self.about, start, self.quiet_draw, self.choose_actions())


# ---------------------------------------------------------------- reading a file back

def read_golden(text: str) -> tuple[str, dict[str, str], list[str]]:
    """(game, header fields, actions) of a golden file; the header holds what the
    transcript functions need besides the actions."""
    lines = text.split("\n")
    first = lines[0]
    name = first.split(": ", 1)[1]
    about_lines = []
    for line in lines[1:]:
        if line.startswith("# Checked by"):
            break
        about_lines.append(line[2:])
    header = {"name": name, "about": " ".join(about_lines)}
    actions = [line[len("  action: "):] for line in lines if line.startswith("  action: ")]
    if first.startswith(f"# {CARD_HEADER}"):
        i = lines.index("setup:")
        setup = []
        for line in lines[i + 1:]:
            if not line.startswith("  "):
                break
            setup.append(line[2:])
        header["setup"] = "\n".join(setup) + "\n"
        return "cards", header, actions
    if first.startswith(f"# {JAYDEN_HEADER}"):
        for line in lines:
            if line.startswith("start: "):
                header["start"] = line[len("start: "):]
            elif line.startswith("quiet draw: "):
                header["quiet_draw"] = line[len("quiet draw: "):]
        return "jayden", header, actions
    raise ValueError(f"not a golden playthrough: {first!r}")


def replay_golden(text: str) -> str:
    """The transcript the engines write today for the actions recorded in ``text``."""
    game, h, actions = read_golden(text)
    if game == "cards":
        return card_transcript(h["name"], h["about"], h["setup"], actions)
    return jayden_transcript(h["name"], h["about"], h["start"], h["quiet_draw"] == "on", actions)


# ---------------------------------------------------------------- the recorded games

#: A Jayden endgame: each Master with a few pieces, close enough for a conditioning.
ENDGAME_JPN = "20/20/20/20/5h4m9/8n3i7/20/20/6H2M10/3S5C10/9K10/20/20/20 g - 0 0 1"

GAMES: tuple[CardGame | JaydenGame, ...] = (
    CardGame("cards_updated_3x3_2p", "Updated preset, 3x3 field, two players; random legal actions.",
             "updated", "3x3", 2, seed=3),
    CardGame("cards_draft_5x5_2p_abilities",
             "Draft preset (equal or higher captures, two spare cards), 5x5, two players; an ability "
             "is used whenever one is offered, with the most targets: Turn effects that start and run "
             "out, gain control, swap with a hand card.",
             "draft", "5x5", 2, seed=2, prefer="abilities"),
    CardGame("cards_same_plus_combo_5x5_2p",
             "Updated with Same, Same Wall, Plus and Combo, 5x5, two players; the placement that "
             "captures by the most classic rules is chosen.",
             "updated", "5x5", 2, seed=10, prefer="captures",
             changes={"same": True, "same_wall": True, "plus": True, "combo": True}),
    CardGame("cards_reverse_fallen_ace_elemental_3x3_2p",
             "Draft with Reverse, Fallen Ace and Elemental, 3x3, two players; the placement that "
             "captures the most is chosen. Each rule changes what some placement captures: at ply 8 "
             "an A takes a 1 (Fallen Ace under Reverse), a 2 brought down to 1 by its cell's element.",
             "draft", "3x3", 2, seed=5, prefer="captures",
             changes={"reverse": True, "fallen_ace": True, "elemental": True}),
    CardGame("cards_open_sudden_death_3x3_2p",
             "Updated with the Open and Sudden Death variants and Same and Plus, 3x3, two players; "
             "random legal actions until a multiple capture ends the game.",
             "updated", "3x3", 2, seed=4, changes={"open": True, "sudden_death": True, "same": True, "plus": True}),
    CardGame("cards_hand_rules_5x5_4p",
             "Updated with the hand rules Random, Order, Hand Swap and Three Open, 5x5, four players; "
             "random legal actions.",
             "updated", "5x5", 4, seed=4,
             changes={"random": True, "order": True, "hand_swap": True, "three_open": True}),
    CardGame("cards_chaos_abilities_5x5_4p",
             "Draft with Chaos, Same, Plus and Combo, 5x5, four players; an ability is used whenever "
             "one is offered: a field reset and an instant win.",
             "draft", "5x5", 4, seed=3, prefer="abilities",
             changes={"chaos": True, "same": True, "plus": True, "combo": True}),
    JaydenGame("jayden_greedy_short",
               "From the start position, both sides take the most valuable piece they can, else act "
               "at random (the arena's greedy player, seed 8); a short game.", seed=8),
    JaydenGame("jayden_greedy_full",
               "From the start position, both sides greedy (seed 7): every piece acts, Heroes jump, "
               "Scouts shoot, Sentinels deploy, a Master wins a piece over, a Master is taken.",
               seed=7),
    JaydenGame("jayden_endgame_conditioning",
               "An endgame (two Masters, a few pieces each), both sides greedy (seed 22); it ends "
               "with a Master won over by the other.", seed=22, start=ENDGAME_JPN),
)


def _without_rule(position: str, rule: str) -> str:
    """The position string with one classic rule switched off (and its cell elements gone)."""
    out = []
    for token in position.split(" "):
        if token.startswith("rules="):
            token = ":".join(p for p in token.split(":") if p != rule)
        elif rule == "elemental" and token.startswith("elements="):
            continue
        out.append(token)
    return " ".join(out)


def plies_where_rule_matters(text: str, rule: str) -> list[int]:
    """Plies of a recorded card game whose captures would differ with ``rule`` switched off:
    the proof that a game shows a rule at work, not only that it was on."""
    _, header, actions = read_golden(text)
    catalog = card_catalog()
    game = GameRecord.from_yaml(header["setup"]).replay(catalog)
    plies = []
    for ply, a in enumerate(actions, 1):
        action = CardAction.parse(a)
        other = Game.from_position(_without_rule(game.position(), rule), catalog)
        without = [(e.cell, e.cause) for e in other.play(action).captures] if other.is_legal(action) else None
        with_rule = [(e.cell, e.cause) for e in game.play(action).captures]
        if without is None or {c for c, _ in without} != {c for c, _ in with_rule}:
            plies.append(ply)
    return plies
