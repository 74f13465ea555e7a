"""Card games as save bodies, and back, checked field by field and by replay.

A card save uses the same envelope as Jayden's (:mod:`.store`) with
``game: cards``. Its body holds the game record (setup with the dealt
hands, rules and variants, game date, actions in the card notation), the
seed the deal came from, who sits at each seat, the position string and,
when the save was made while an ability's targets were being chosen, that
unfinished choice. Loading checks the type of every field before using it,
replays the record through the engine and checks it reaches the saved
position, so a save can never put the table in a state the rules could not
produce. The cards themselves come from the loaded packs: a save names
cards, it does not carry them, and a card whose pack changed makes the
replay disagree, which is reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from jayden_jazz.cards import Card, CardsError, Game, GameRecord
from jayden_jazz.cards import record as record_mod
from jayden_jazz.cards.rules import CLASSIC
from jayden_jazz.saves import store
from jayden_jazz.saves.schema import MAX_VALUES, PlainYAMLError, load_plain_yaml
from jayden_jazz.saves.store import SaveError

SLOTS = 5
GAME = "cards"
LEVELS = ("easy", "normal", "hard")
_BODY_KEYS = {"game", "saved", "seed", "seats", "config", "record", "position", "ply", "to_move",
              "result", "pending"}
_RECORD_TYPES: dict[str, tuple[type, ...]] = {
    "format": (str,), "field": (dict,), "rules": (dict,), "date": (str,), "first_seat": (int,),
    "names": (list,), "custom_hands": (bool,), "hands": (list,), "actions": (list,), "result": (dict,),
    "elements": (dict,), "chaos_seed": (int,), "hand_swap": (list,), "shown": (list,),
}
_RULE_TYPES: dict[str, tuple[type, ...]] = {
    "capture": (str,), "steps": (list,), "spare": (int,), "holes": (bool,), "open": (bool,),
    "pure": (bool,), "sudden_death": (bool,), "preset": (str,),
    **{name: (bool,) for name in CLASSIC},
}
_RESULT_TYPES: dict[str, type] = {"reason": str, "decided_by": str, "winners": list, "scores": list,
                                  "hand_points": list, "tied": list}
_CONFIG_TYPES: dict[str, tuple[type, ...]] = {
    "players": (int,), "seats": (list,), "field": (str,), "preset": (str,), "open": (bool,),
    "pure": (bool,), "sudden_death": (bool,), "packs_off": (list,), "first": (int, str),
}


@dataclass(frozen=True)
class Pending:
    """A placement waiting for its ability: chosen card and cell, maybe the ability and some targets.

    ``ability`` None means the ability window was open; a number means its
    targets were being picked and ``targets`` are those picked so far.
    """

    card: str
    cell: str
    ability: int | None = None
    targets: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {"card": self.card, "cell": self.cell, "ability": self.ability, "targets": list(self.targets)}


@dataclass
class CardsSave:
    """What a card save holds besides the game itself."""

    seats: list[dict[str, Any]]                  # per seat: {"kind": "human"} / {"kind": "computer", "level": ..}
    config: dict[str, Any] = field(default_factory=dict)   # the setup screen's choices, for a rematch
    seed: int | None = None
    pending: Pending | None = None
    saved: str = field(default_factory=lambda: datetime.now().isoformat(timespec="seconds"))


def slot_path(folder: Path, slot: int | str) -> Path:
    return folder / (f"cards-{slot}.sav" if isinstance(slot, str) else f"cards-slot{slot}.sav")


def slot_paths(folder: Path, include_autosave: bool = True) -> list[tuple[str, Path]]:
    """(label, path) for the autosave and the five slots, in the order the windows list them."""
    out = [("Auto", slot_path(folder, "autosave"))] if include_autosave else []
    return out + [(f"Slot {n}", slot_path(folder, n)) for n in range(1, SLOTS + 1)]


# ---------------------------------------------------------------------- writing

def to_body(info: CardsSave, game: Game) -> dict[str, Any]:
    res = game.result()
    return {
        "game": GAME,
        "saved": datetime.now().isoformat(timespec="seconds"),
        "seed": info.seed,
        "seats": [dict(s) for s in info.seats],
        "config": dict(info.config),
        "record": game.record().to_data(game),
        "position": game.position(),
        "ply": game.ply,
        "to_move": None if res is not None else game.to_move,
        "result": None if res is None else res.to_dict(),
        "pending": None if info.pending is None else info.pending.to_data(),
    }


def save(path: Path, info: CardsSave, game: Game) -> None:
    """Atomic, like every save: a crash mid-write leaves the previous file."""
    store.write(path, to_body(info, game))


# ---------------------------------------------------------------------- checking

def _is(value: Any, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return bool in types
    return isinstance(value, types)


_WHAT = {str: "text", dict: "a mapping", int: "a whole number", list: "a list", bool: "true or false"}


def _need(path: Path | str, where: str, value: Any, types: tuple[type, ...], what: str = "") -> None:
    what = what or _WHAT.get(types[0], types[0].__name__)
    if not _is(value, types):
        raise SaveError(path, f"the field '{where}' should be {what}, not "
                              f"{_WHAT.get(type(value), type(value).__name__)}")


def _str_list(path: Path | str, where: str, value: Any) -> None:
    _need(path, where, value, (list,), "a list")
    for i, x in enumerate(value):
        _need(path, f"{where}[{i}]", x, (str,), "text")


def _int_list(path: Path | str, where: str, value: Any) -> None:
    _need(path, where, value, (list,), "a list")
    for i, x in enumerate(value):
        _need(path, f"{where}[{i}]", x, (int,), "a whole number")


def _check_result(path: Path | str, where: str, value: Any) -> None:
    _need(path, where, value, (dict,), "a mapping")
    for key, t in _RESULT_TYPES.items():
        if key not in value:
            raise SaveError(path, f"the field '{where}.{key}' is missing")
        if t is list:
            _int_list(path, f"{where}.{key}", value[key])
        else:
            _need(path, f"{where}.{key}", value[key], (t,), "text")
    extra = sorted(set(value) - set(_RESULT_TYPES))
    if extra:
        raise SaveError(path, f"the field '{where}' has an unknown key {extra[0]!r}")


def check_record_data(path: Path | str, data: Any, where: str = "record") -> None:
    """Every field of a game record has the type the format says, before anything reads it."""
    _need(path, where, data, (dict,), "a mapping")
    for key, value in data.items():
        types = _RECORD_TYPES.get(key)
        if key == "start":
            types = (str,)
        if types is None:
            raise SaveError(path, f"the field '{where}' has an unknown key {key!r}")
        _need(path, f"{where}.{key}", value, types)
    if data.get("format") != record_mod.FORMAT:
        raise SaveError(path, f"the field '{where}.format' should be {record_mod.FORMAT!r}")
    if "start" not in data:
        for key in ("field", "date", "first_seat", "hands"):
            if key not in data:
                raise SaveError(path, f"the field '{where}.{key}' is missing")
        f = data["field"]
        _need(path, f"{where}.field.name", f.get("name"), (str,), "text")
        _str_list(path, f"{where}.field.rows", f.get("rows"))
        extra = sorted(set(f) - {"name", "rows"})
        if extra:
            raise SaveError(path, f"the field '{where}.field' has an unknown key {extra[0]!r}")
        for key, value in (data.get("rules") or {}).items():
            types = _RULE_TYPES.get(key)
            if types is None:
                raise SaveError(path, f"the field '{where}.rules' has an unknown key {key!r}")
            if key == "steps":
                _str_list(path, f"{where}.rules.steps", value)
            else:
                _need(path, f"{where}.rules.{key}", value, types)
        hands = data["hands"]
        for i, h in enumerate(hands):
            _str_list(path, f"{where}.hands[{i}]", h)
        if "names" in data:
            _str_list(path, f"{where}.names", data["names"])
    _str_list(path, f"{where}.actions", data.get("actions", []))
    if "result" in data:
        _check_result(path, f"{where}.result", data["result"])


def _check_seat(path: Path | str, i: int, s: Any) -> dict[str, Any]:
    _need(path, f"seats[{i}]", s, (dict,), "a mapping")
    kind = s.get("kind")
    if kind == "human" and set(s) == {"kind"}:
        return {"kind": "human"}
    if kind == "computer" and set(s) == {"kind", "level"} and s.get("level") in LEVELS:
        return {"kind": "computer", "level": s["level"]}
    raise SaveError(path, f"the field 'seats[{i}]' should be a human or a computer of level "
                          f"{', '.join(LEVELS)}")


def _check_config(path: Path | str, cfg: Any) -> dict[str, Any]:
    """The setup screen's choices; keys this version does not know are kept for the setup to ignore."""
    _need(path, "config", cfg, (dict,), "a mapping")
    for key, value in cfg.items():
        _need(path, "config key", key, (str,), "text")
        types = _CONFIG_TYPES.get(key)
        if types is None:
            continue
        _need(path, f"config.{key}", value, types)
        if key == "packs_off":
            _str_list(path, "config.packs_off", value)
        if key == "seats":
            for i, s in enumerate(value):
                _check_seat(path, i, s)
    return dict(cfg)


def _check_pending(path: Path | str, p: Any) -> Pending | None:
    if p is None:
        return None
    _need(path, "pending", p, (dict,), "a mapping")
    extra = sorted(set(p) - {"card", "cell", "ability", "targets"})
    if extra:
        raise SaveError(path, f"the field 'pending' has an unknown key {extra[0]!r}")
    _need(path, "pending.card", p.get("card"), (str,), "text")
    _need(path, "pending.cell", p.get("cell"), (str,), "text")
    ability = p.get("ability")
    if ability is not None:
        _need(path, "pending.ability", ability, (int,), "a whole number")
    _str_list(path, "pending.targets", p.get("targets", []))
    return Pending(p["card"], p["cell"], ability, tuple(p.get("targets", [])))


def check_pending(path: Path | str, game: Game, pending: Pending) -> None:
    """A saved unfinished choice must be one the table could be in on that position."""
    try:
        offered = game.abilities_offered(pending.card, pending.cell)
    except (CardsError, ValueError) as e:
        raise SaveError(path, f"its unfinished placement {pending.card}@{pending.cell} is not possible: {e}") \
            from None
    if not offered:
        raise SaveError(path, f"its unfinished placement {pending.card}@{pending.cell} offers no ability")
    if pending.ability is None:
        if pending.targets:
            raise SaveError(path, "its unfinished placement has targets but no ability")
        return
    if pending.ability not in offered:
        raise SaveError(path, f"ability {pending.ability} is not offered after {pending.card}@{pending.cell}")
    if game.target_options(pending.card, pending.cell, pending.ability) == [()]:
        raise SaveError(path, f"ability {pending.ability} takes no targets, so nothing was being chosen")
    chosen: list[str] = []
    for t in pending.targets:
        if t not in game.next_targets(pending.card, pending.cell, pending.ability, chosen):
            raise SaveError(path, f"{t!r} is not a target that could be picked there")
        chosen.append(t)
    if not game.next_targets(pending.card, pending.cell, pending.ability, chosen):
        raise SaveError(path, "its unfinished placement already has all its targets")


def refuse_anchors_and_tags(path: Path | str, body_text: str, first_line: int = 5) -> None:
    """A save the game writes never uses YAML anchors, aliases or tags; an edited one is refused.

    Aliases can make a tiny file expand to gigabytes when read, and tags
    ask the reader to build other kinds of values than the format has.
    ``first_line`` is the file's line of the text's first line (a save's
    body starts on line 5). Only the tokens of the values a save may hold
    are looked at: past them, reading the values refuses the file anyway.
    """
    if not any(ch in body_text for ch in "&*!"):
        return
    try:
        for n, tok in enumerate(yaml.scan(body_text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))):
            if isinstance(tok, (yaml.AnchorToken, yaml.AliasToken)):
                raise SaveError(path, f"it uses YAML anchors or aliases (line {tok.start_mark.line + first_line}), "
                                      "which saves never contain")
            if isinstance(tok, yaml.TagToken):
                raise SaveError(path, f"it uses a YAML tag (line {tok.start_mark.line + first_line}), "
                                      "which saves never contain")
            if n > _MAX_TOKENS:
                return
    except yaml.YAMLError:
        raise SaveError(path, "its contents cannot be read") from None


#: a value is at most a few tokens (key, value, flow entry): past this, a file holds too many values
_MAX_TOKENS = 4 * MAX_VALUES


# ---------------------------------------------------------------------- reading

MAX_ACTIONS = 1000       # far beyond any card game (49 cells, one reset)


def check_fields(body: dict[str, Any], path: Path | str) -> tuple[list[dict[str, Any]], dict[str, Any],
                                                                   Pending | None]:
    """Every field of a card save body has its type, before the engine reads any of it."""
    if not isinstance(body, dict):
        raise SaveError(path, "its contents are not a saved game")
    if body.get("game") != GAME:
        raise SaveError(path, f"it is a save of another game ({str(body.get('game'))[:20]!r}), "
                              "not the card game")
    extra = sorted(set(body) - _BODY_KEYS, key=str)
    if extra:
        raise SaveError(path, f"it has an unknown field {str(extra[0])[:30]!r}")
    for key in ("record", "position", "ply", "seats"):
        if key not in body:
            raise SaveError(path, f"it lacks the field '{key}'")
    saved = body.get("saved", "")
    _need(path, "saved", saved, (str,), "text")
    seed = body.get("seed")
    if seed is not None:
        _need(path, "seed", seed, (int,), "a whole number")
    _need(path, "seats", body["seats"], (list,), "a list")
    seats = [_check_seat(path, i, s) for i, s in enumerate(body["seats"])]
    config = _check_config(path, body.get("config", {}))
    _need(path, "position", body["position"], (str,), "text")
    _need(path, "ply", body["ply"], (int,), "a whole number")
    if body.get("to_move") is not None:
        _need(path, "to_move", body["to_move"], (int,), "a whole number")
    if body.get("result") is not None:
        _check_result(path, "result", body["result"])
    pending = _check_pending(path, body.get("pending"))
    data = body["record"]
    check_record_data(path, data)
    if "start" in data:
        raise SaveError(path, "its record has no setup (a save always starts from a deal)")
    if len(data.get("actions", [])) > MAX_ACTIONS:
        raise SaveError(path, f"it holds more than {MAX_ACTIONS} actions, more than any card game has")
    return seats, config, pending


def from_body(body: dict[str, Any], path: Path | str,
              catalog: Mapping[str, Card]) -> tuple[CardsSave, Game]:
    seats, config, pending = check_fields(body, path)
    saved, seed, data = body.get("saved", ""), body.get("seed"), body["record"]
    try:
        record = GameRecord.from_data(data)
        game = record.replay(catalog)
    except CardsError as e:
        raise SaveError(path, missing_packs(data, catalog) or f"its game cannot be replayed: {e}") from None
    if len(seats) != game.players:
        raise SaveError(path, f"it names {len(seats)} seats for a {game.players}-player game")
    if game.ply != body["ply"] or game.position() != body["position"]:
        raise SaveError(path, "its actions do not lead to the saved position")
    res = game.result()
    if (None if res is None else res.to_dict()) != body.get("result"):
        raise SaveError(path, "its recorded result does not match the game")
    if body.get("to_move") is not None and (res is not None or body["to_move"] != game.to_move):
        raise SaveError(path, "its seat to move does not match the game")
    if pending is not None:
        if res is not None:
            raise SaveError(path, "it has an unfinished placement in a finished game")
        check_pending(path, game, pending)
    return CardsSave(seats, config, seed, pending, saved), game


def load(path: Path, catalog: Mapping[str, Card]) -> tuple[CardsSave, Game]:
    """Read, check and replay a card save; raises SaveError and leaves the file as it is."""
    body = store.read(path)
    refuse_anchors_and_tags(path, path.read_text(encoding="utf-8").partition("\n\n")[2])
    return from_body(body, path, catalog)


def read_game(path: Path, catalog: Mapping[str, Card]) -> tuple[GameRecord, Game]:
    """A card save or a plain game record file (``format: jazz-record-1``), replayed.

    What the replay viewer and ``python -m jayden_jazz.cards replay`` read.
    """
    path = Path(path)
    try:
        head = path.read_bytes()[:len(store.MAGIC)]
    except OSError as e:
        raise SaveError(path, f"it could not be read ({e.strerror or e})") from None
    if head == store.MAGIC.encode():
        _, game = load(path, catalog)
        return game.record(), game
    text = store.read_text(path, what="game record")
    refuse_anchors_and_tags(path, text, first_line=1)
    try:   # a save's limits: bounded values and nesting, so a hostile record costs little to refuse
        data = load_plain_yaml(text)
    except PlainYAMLError as e:
        where = f" at line {e.line}" if e.line else ""
        raise SaveError(path, f"it is neither a save nor a game record: {e.problem}{where}") from None
    if not isinstance(data, dict) or data.get("format") != record_mod.FORMAT:
        raise SaveError(path, "it is neither a save nor a game record")
    check_record_data(path, data, "")
    try:
        record = GameRecord.from_data(data)
        return record, record.replay(catalog)
    except CardsError as e:
        raise SaveError(path, missing_packs(data, catalog) or f"the record cannot be replayed: {e}") from None


def missing_packs(data: Mapping[str, Any], catalog: Mapping[str, Card]) -> str | None:
    """Why a game cannot be replayed when its hands hold cards of packs that are not loaded,
    naming the packs (a player adds a pack, not a card); None when every pack is there."""
    loaded = {cid.split("/")[0] for cid in catalog}
    raw = data.get("hands")
    hands: list[Any] = raw if isinstance(raw, list) else []
    packs = sorted({str(c).split("/")[0] for h in hands if isinstance(h, list) for c in h
                    if "/" in str(c) and str(c) not in catalog} - loaded)
    if not packs:
        return None
    names = ", ".join(repr(p[:40]) for p in packs[:5]) + (" and more" if len(packs) > 5 else "")
    which = "the pack " if len(packs) == 1 else "the packs "
    return (f"its cards come from {which}{names}, not loaded here: put "
            f"{'it' if len(packs) == 1 else 'them'} in your cards folder (or name "
            f"{'it' if len(packs) == 1 else 'them'} with --cards PATH)")


def summary(body: dict[str, Any]) -> str:
    """One line for the Load and Save windows, from the body's checked fields, without replaying it.

    Raises SaveError for a body that does not fit, which the windows show as the slot's problem.
    """
    check_fields(body, "<save>")
    seats = body.get("seats")
    seats = seats if isinstance(seats, list) else []
    who = " v ".join(("CPU " + str(s.get("level", "?")).capitalize()) if isinstance(s, dict)
                     and s.get("kind") == "computer" else "Human" for s in seats)
    rec = body.get("record")
    rec = rec if isinstance(rec, dict) else {}
    fld = rec.get("field")
    fld = fld if isinstance(fld, dict) else {}
    saved = str(body.get("saved", ""))[:16].replace("T", " ")
    state = "finished" if body.get("result") else f"card {int(body.get('ply') or 0) + 1}"
    return f"{saved}  {str(fld.get('name', '?'))[:8]} {who}, {state}"


__all__ = ["CardsSave", "GAME", "Pending", "SLOTS", "check_fields", "check_pending", "check_record_data",
           "from_body",
           "load", "read_game", "refuse_anchors_and_tags", "save", "slot_path", "slot_paths", "summary"]
