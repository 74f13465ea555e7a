"""Checking a pack's Journey data: its opponents and its starter collection.

Read after the pack's cards (:func:`check_journey`, called by the loader)
and linked once every pack is loaded (:func:`link_opponents`), because an
opponent's pool and rewards may name cards of other packs. Every problem
names the file, line, opponent and field, like a card's; an opponent with an
error is refused and the rest of the pack still loads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .catalog import ERROR, Catalog, PackInfo, Problem
from .field import Field, load_fields
from .opponents import LEVELS, MAX_TIER, TRADES, Opponent, RuleSet
from .rules import CLASSIC, PRESETS, VARIANTS, Rules
from .validate import ID_RE, _CardCheck, _line, _picture, _Report
from .yamlfile import LineList, LineMap, describe_value

OPPONENT_KEYS = ("id", "name", "description", "picture", "tier", "level", "pool", "rules", "trade", "rewards",
                 "requires")
OPPONENT_REQUIRED = ("id", "name", "description", "tier", "level", "pool", "rules", "trade")
RULE_KEYS = ("preset", "field", *VARIANTS, "classic")
MAX_OPPONENTS = 200
MAX_POOL = 200
MAX_ROULETTE = 8
MAX_STARTER = 500
JOURNEY_PLAYERS = 2


def _card_ref(value: Any, pack_id: str) -> str | None:
    """``pack/card``, or a bare card id meaning this pack's card."""
    if not isinstance(value, str) or not value.strip():
        return None
    ref = value.strip()
    if "/" not in ref:
        ref = f"{pack_id}/{ref}"
    pack, _, key = ref.partition("/")
    return ref if ID_RE.match(pack) and ID_RE.match(key) else None


def _rule_set(chk: _CardCheck, data: Any, container: Any, key: Any, fld: str) -> RuleSet | None:
    line = _line(container, key)
    if not isinstance(data, LineMap):
        chk.error(line, fld, f"a set of rules is a mapping ({', '.join(RULE_KEYS)}), not {describe_value(data)}")
        return None
    ok = True
    for k in data:
        if k not in RULE_KEYS:
            chk.error(_line(data, k), f"{fld}.{k}", f"unknown key {describe_value(k)}; a set of rules has: "
                      f"{', '.join(RULE_KEYS)}")
            ok = False
    preset = data.get("preset", "updated")
    if preset not in PRESETS:
        chk.error(_line(data, "preset"), f"{fld}.preset", f"preset is one of {', '.join(PRESETS)}, "
                  f"not {describe_value(preset)}")
        ok = False
    field = data.get("field", "3x3")
    if not isinstance(field, str):
        chk.error(_line(data, "field"), f"{fld}.field", f"field is a field's name such as 3x3, not "
                  f"{describe_value(field)}")
        ok = False
    variants = []
    for v in VARIANTS:
        if v in data:
            if not isinstance(data[v], bool):
                chk.error(_line(data, v), f"{fld}.{v}", f"{v} is true or false, not {describe_value(data[v])}")
                ok = False
            elif data[v]:
                variants.append(v)
    classic = data.get("classic", [])
    if not isinstance(classic, list) or any(c not in CLASSIC for c in classic):
        bad = [c for c in classic if c not in CLASSIC] if isinstance(classic, list) else [classic]
        chk.error(_line(data, "classic"), f"{fld}.classic", f"classic is a list of classic rules "
                  f"({', '.join(CLASSIC)}); {describe_value(bad[0])} is not one")
        ok = False
    if not ok:
        return None
    rs = RuleSet(preset, field, tuple(variants), tuple(c for c in CLASSIC if c in classic))
    problems = Rules.preset(preset, **{n: True for n in rs.variants + rs.classic}).problems()
    if problems:
        chk.error(line, fld, "these rules cannot be combined: " + "; ".join(problems))
        return None
    return rs


def parse_opponent(data: Any, pack_id: str, report: _Report, index: int, folder: Path | None,
                   container: LineList) -> Opponent | None:
    label = f"#{index + 1}"
    if isinstance(data, LineMap) and isinstance(data.get("id"), str) and ID_RE.match(data["id"]):
        label = f"{pack_id}/{data['id']}"
    chk = _CardCheck(report, label)
    if not isinstance(data, LineMap):
        chk.error(_line(container, index), None, f"an opponent is a mapping of {', '.join(OPPONENT_REQUIRED)}, "
                  f"not {describe_value(data)}")
        return None
    for k in data:
        if k not in OPPONENT_KEYS:
            chk.error(_line(data, k), str(k), f"unknown key {describe_value(k)}; an opponent has: "
                      f"{', '.join(OPPONENT_KEYS)}")
    for k in OPPONENT_REQUIRED:
        if k not in data:
            chk.error(data.line, k, f"{k} is missing; every opponent needs one")
    if chk.failed:
        return None
    texts = {}
    for k, longest in (("name", 40), ("description", 400)):
        v = data[k]
        if not isinstance(v, str) or not v.strip():
            chk.error(_line(data, k), k, f"{k} is text, not {describe_value(v)}")
        elif len(v.strip()) > longest:
            chk.error(_line(data, k), k, f"{k} is too long ({len(v.strip())} characters; at most {longest})")
        else:
            texts[k] = v.strip()
    if not (isinstance(data["id"], str) and ID_RE.match(data["id"])):
        chk.error(_line(data, "id"), "id", f"{describe_value(data['id'])} is not an id; use lowercase letters, "
                  "digits, '_' and '-'")
    tier = data["tier"]
    if not isinstance(tier, int) or isinstance(tier, bool) or not 1 <= tier <= MAX_TIER:
        chk.error(_line(data, "tier"), "tier", f"tier is a whole number from 1 (first met) to {MAX_TIER}, "
                  f"not {describe_value(tier)}")
    if data["level"] not in LEVELS:
        chk.error(_line(data, "level"), "level", f"level is one of {', '.join(LEVELS)}, not "
                  f"{describe_value(data['level'])}")
    if data["trade"] not in TRADES:
        chk.error(_line(data, "trade"), "trade", f"trade is one of {', '.join(TRADES)}, not "
                  f"{describe_value(data['trade'])}")
    pool: list[str] = []
    raw_pool = data["pool"]
    if not isinstance(raw_pool, LineList) or not raw_pool or len(raw_pool) > MAX_POOL:
        chk.error(_line(data, "pool"), "pool", f"pool is a list of 1 to {MAX_POOL} cards (pack/card), not "
                  f"{describe_value(raw_pool)}")
    else:
        for i, v in enumerate(raw_pool):
            ref = _card_ref(v, pack_id)
            if ref is None:
                chk.error(_line(raw_pool, i), f"pool[{i + 1}]", f"{describe_value(v)} is not a card id (pack/card)")
            elif ref in pool:
                chk.error(_line(raw_pool, i), f"pool[{i + 1}]", f"{ref} is in the pool twice")
            else:
                pool.append(ref)
    raw_rules = data["rules"]
    sets: list[RuleSet] = []
    if isinstance(raw_rules, LineList):
        if not 1 <= len(raw_rules) <= MAX_ROULETTE:
            chk.error(_line(data, "rules"), "rules", f"a Roulette lists 1 to {MAX_ROULETTE} sets of rules, "
                      f"not {len(raw_rules)}")
        for i, rs in enumerate(raw_rules[:MAX_ROULETTE]):
            got = _rule_set(chk, rs, raw_rules, i, f"rules[{i + 1}]")
            if got is not None:
                sets.append(got)
    else:
        got = _rule_set(chk, raw_rules, data, "rules", "rules")
        if got is not None:
            sets.append(got)
    rewards: list[tuple[str, int]] = []
    raw_rewards = data.get("rewards", [])
    if not isinstance(raw_rewards, list):
        chk.error(_line(data, "rewards"), "rewards", f"rewards is a list of {{card, chance}}, not "
                  f"{describe_value(raw_rewards)}")
    else:
        for i, r in enumerate(raw_rewards):
            fld = f"rewards[{i + 1}]"
            if not isinstance(r, LineMap) or set(r) != {"card", "chance"}:
                chk.error(_line(raw_rewards, i), fld, "a reward is a mapping of card and chance (per cent)")
                continue
            ref, chance = _card_ref(r["card"], pack_id), r["chance"]
            if ref is None:
                chk.error(_line(r, "card"), f"{fld}.card", f"{describe_value(r['card'])} is not a card id")
            elif not isinstance(chance, int) or isinstance(chance, bool) or not 1 <= chance <= 100:
                chk.error(_line(r, "chance"), f"{fld}.chance", f"chance is a whole per cent from 1 to 100, not "
                          f"{describe_value(chance)}")
            else:
                rewards.append((ref, chance))
        if sum(c for _, c in rewards) > 100:
            chk.error(_line(data, "rewards"), "rewards", f"the chances add up to {sum(c for _, c in rewards)} "
                      "per cent; at most 100")
    requires: list[str] = []
    raw_req = data.get("requires", [])
    if not isinstance(raw_req, list):
        chk.error(_line(data, "requires"), "requires", "requires is a list of opponent ids beaten first")
    else:
        for i, v in enumerate(raw_req):
            ref = _card_ref(v, pack_id)
            if ref is None:
                chk.error(_line(raw_req, i), f"requires[{i + 1}]", f"{describe_value(v)} is not an opponent id")
            else:
                requires.append(ref)
    picture = _picture(chk, data, folder) if "picture" in data else None
    if chk.failed:
        return None
    return Opponent(f"{pack_id}/{data['id']}", texts["name"], texts["description"], tier, data["level"],
                    tuple(pool), tuple(sets), data["trade"], tuple(rewards), tuple(requires), picture, data.line)


def check_journey(data: Any, pack_id: str, file: Path, folder: Path | None
                  ) -> tuple[tuple[Opponent, ...], tuple[tuple[str, int], ...], list[Problem]]:
    """A pack's opponents and starter collection, as far as one pack can tell."""
    report = _Report(str(file))
    if not isinstance(data, LineMap):
        return (), (), []
    opponents: list[Opponent] = []
    raw = data.get("opponents")
    if raw is not None:
        if not isinstance(raw, LineList) or len(raw) > MAX_OPPONENTS:
            report.add(_line(data, "opponents"), None, "opponents",
                       f"'opponents' is a list of at most {MAX_OPPONENTS} opponents, not {describe_value(raw)}")
        else:
            seen: set[str] = set()
            for i, entry in enumerate(raw):
                opp = parse_opponent(entry, pack_id, report, i, folder, raw)
                if opp is None:
                    continue
                if opp.id in seen:
                    report.add(opp.line, opp.id, "id", "this opponent id is already used in this pack; "
                               "this one is refused")
                    continue
                seen.add(opp.id)
                opponents.append(opp)
    starter: list[tuple[str, int]] = []
    raw_s = data.get("starter")
    if raw_s is not None:
        if not isinstance(raw_s, LineMap) or len(raw_s) > MAX_STARTER:
            report.add(_line(data, "starter"), None, "starter", "'starter' maps card ids to a number of copies "
                       f"(at most {MAX_STARTER} cards), not {describe_value(raw_s)}")
        else:
            for k, n in raw_s.items():
                ref = _card_ref(k, pack_id)
                if ref is None or not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 9:
                    report.add(_line(raw_s, k), None, f"starter.{k}", f"a starter entry is a card id and 1 to 9 "
                               f"copies, not {describe_value(k)}: {describe_value(n)}")
                else:
                    starter.append((ref, n))
    problems = [Problem(p.file, p.line, p.card, p.field, p.message, p.severity, kind="opponent")
                if p.card is not None else p for p in report.problems]
    return tuple(opponents), tuple(starter), problems


def link_opponents(catalog: Catalog, fields: dict[str, Field] | None = None
                   ) -> tuple[dict[str, Opponent], list[Problem]]:
    """Every loaded pack's opponents whose cards, fields and required opponents exist."""
    fields = load_fields() if fields is None else fields
    problems: list[Problem] = []
    candidates = {o.id: (o, info) for info in catalog.packs.values() for o in info.opponents}
    out: dict[str, Opponent] = {}

    def refuse(o: Opponent, info: PackInfo, fld: str, message: str) -> None:
        problems.append(Problem(str(info.file), o.line, o.id, fld, message + "; the opponent is refused", ERROR,
                                kind="opponent"))

    for oid, (o, info) in candidates.items():
        missing = [c for c in o.pool + tuple(c for c, _ in o.rewards) if c not in catalog]
        if missing:
            refuse(o, info, "pool", f"no loaded pack has the card {missing[0]}"
                   + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""))
            continue
        bad = [r for r in o.requires if r not in candidates or r == oid]
        if bad:
            refuse(o, info, "requires", f"{bad[0]} is not another loaded opponent")
            continue
        short = None
        for rs in o.rule_sets:
            f = fields.get(rs.field)
            if f is None:
                short = f"there is no field {rs.field!r} (fields: {', '.join(sorted(fields))})"
                break
            need = rs.rules().hand_size(f.playable_count, JOURNEY_PLAYERS)
            if len(o.pool) < need:
                short = f"the pool has {len(o.pool)} cards; {rs.field} needs a hand of {need}"
                break
        if short:
            refuse(o, info, "rules", short)
            continue
        out[oid] = o
    return out, problems


__all__ = ["OPPONENT_KEYS", "check_journey", "link_opponents", "parse_opponent"]
