"""Checking a parsed pack against docs/card-packs.md, card by card.

Every problem is collected (not only the first) with the line, card and
field it concerns. An error in the ``pack`` header refuses the whole pack,
and its cards are still checked so every problem is reported at once; an
error in a card refuses that card only; warnings refuse nothing.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Sequence

from . import picturefile
from .card import ELEMENTS, SIDE_NAMES, Ability, Card, Condition, Filter, Month, parse_month
from .catalog import ERROR, WARNING, PackInfo, Problem
from .language import (ABILITY_KEYS, BUDGET, CONDITION_KEYS, EFFECTS, FILTER_KEYS, MAX_ABILITIES,
                       TIMINGS, describe, suggested_cost)
from .yamlfile import LineList, LineMap, RefusedTag, describe_value

FORMAT_VERSION = 1
ID_RE = re.compile(r"^[a-z0-9_][a-z0-9_-]*$")
TOP_KEYS = ("pack", "cards", "opponents", "starter")
PACK_KEYS = ("id", "name", "author", "version", "format")
PACK_REQUIRED = ("id", "name", "author", "version")
CARD_KEYS = ("id", "name", "aliases", "started_roasting", "likes", "dislikes", "description",
             "sides", "picture", "abilities", "element")
CARD_REQUIRED = ("id", "name", "started_roasting", "likes", "dislikes", "description", "sides")
MAX_SENTENCES = 4
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*(?=\s|$)")
_TRAILING_END = re.compile(r"[.!?]+[\"')\]]*$")
_FIRST_PERSON = re.compile(r"\b(I|I'm|I've|me|my|mine|myself)\b")
MAX_YEARS = 100


def _line(container: Any, key: Any) -> int | None:
    if isinstance(container, LineMap):
        return container.line_of(key)
    if isinstance(container, LineList):
        return container.line_of(key)
    return None


def _allowed(words: tuple[str, ...] | list[str]) -> str:
    return ", ".join(words)


@dataclass
class _Report:
    file: str
    problems: list[Problem] = field(default_factory=list)

    def add(self, line: int | None, card: str | None, fld: str | None, message: str,
            severity: str = ERROR) -> None:
        self.problems.append(Problem(self.file, line, card, fld, message, severity))


@dataclass
class _CardCheck:
    """Problems of one card; ``failed`` once any error was reported."""

    report: _Report
    label: str
    failed: bool = False
    skip: set[str] = field(default_factory=set)
    """Keys whose value was a refused YAML tag: already reported, not "missing" too."""

    def error(self, line: int | None, fld: str | None, message: str) -> None:
        self.failed = True
        self.report.add(line, self.label, fld, message, ERROR)

    def warn(self, line: int | None, fld: str | None, message: str) -> None:
        self.report.add(line, self.label, fld, message, WARNING)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# ---------------------------------------------------------------------- values


def _text(chk: _CardCheck, data: LineMap, key: str, required: bool) -> str | None:
    if key in chk.skip:
        return None
    if key not in data:
        if required:
            chk.error(data.line, key, f"{key} is missing; every card needs one")
        return None
    v = data[key]
    if not isinstance(v, str):
        chk.error(_line(data, key), key, f"{key} must be text, not {describe_value(v)} "
                  "(put it in quotes)")
        return None
    if not v.strip():
        chk.error(_line(data, key), key, f"{key} is empty")
        return None
    return v.strip()


def _side_value(v: Any) -> int | None:
    if isinstance(v, bool) or isinstance(v, float):
        return None
    if _is_int(v):
        return v if 1 <= v <= 10 else None
    if isinstance(v, str):
        t = v.strip().upper()
        if t == "A":
            return 10
        if t.isdigit() and 1 <= int(t) <= 10:
            return int(t)
    return None


def _sides(chk: _CardCheck, data: LineMap) -> tuple[int, int, int, int] | None:
    if "sides" in chk.skip:
        return None
    if "sides" not in data:
        chk.error(data.line, "sides", "sides is missing; write sides: {top: 5, right: 3, bottom: 7, left: A}")
        return None
    s = data["sides"]
    line = _line(data, "sides")
    if not isinstance(s, dict):
        chk.error(line, "sides", f"sides must be a mapping of top, right, bottom and left, not {describe_value(s)}")
        return None
    ok = True
    for k in s:
        if k not in SIDE_NAMES:
            chk.error(_line(s, k), f"sides.{k}", f"unknown side {describe_value(k)}; the sides are {_allowed(SIDE_NAMES)}")
            ok = False
    values = []
    for name in SIDE_NAMES:
        if name not in s:
            chk.error(line, f"sides.{name}", f"the {name} side is missing")
            ok = False
            continue
        v = _side_value(s[name])
        if v is None:
            chk.error(_line(s, name), f"sides.{name}",
                      f"{describe_value(s[name])} is not a side value; a side is 1-9 or A (A = 10)")
            ok = False
        else:
            values.append(v)
    return (values[0], values[1], values[2], values[3]) if ok else None


def _month(chk: _CardCheck, container: LineMap, key: str, fld: str, required: bool = True) -> Month | None:
    if fld in chk.skip:
        return None
    if key not in container:
        if required:
            chk.error(container.line, fld, f"{key} is missing; write the year and month as \"YYYY-MM\"")
        return None
    v = container[key]
    line = _line(container, key)
    if isinstance(v, datetime.date):
        chk.warn(line, fld, "a full date was given; only the year and month are used (write \"YYYY-MM\")")
        return (v.year, v.month)
    if not isinstance(v, str):
        chk.error(line, fld, f"{describe_value(v)} is not a month; write the year and month as \"YYYY-MM\"")
        return None
    try:
        month = parse_month(v)
    except ValueError as e:
        chk.error(line, fld, str(e))
        return None
    if not 1900 <= month[0] <= 2100:
        chk.error(line, fld, f"year {month[0]} is out of range (1900-2100)")
        return None
    return month


def _int_in(chk: _CardCheck, container: LineMap, key: str, fld: str, lo: int, hi: int) -> int | None:
    v = container[key]
    if not _is_int(v) or not lo <= v <= hi:
        chk.error(_line(container, key), fld, f"{fld.rsplit('.', 1)[-1]} must be a whole number "
                  f"from {lo} to {hi}, not {describe_value(v)}")
        return None
    return int(v)


def _bool(chk: _CardCheck, container: LineMap, key: str, fld: str) -> bool | None:
    v = container[key]
    if not isinstance(v, bool):
        chk.error(_line(container, key), fld, f"{key} is true or false, not {describe_value(v)}")
        return None
    return v


# ---------------------------------------------------------------------- abilities


def _condition(chk: _CardCheck, ab: LineMap, fld: str) -> Condition | None:
    c = ab["condition"]
    if not isinstance(c, LineMap):
        chk.error(_line(ab, "condition"), fld, f"condition must be a mapping such as "
                  f"{{captured_at_least: 3}}, not {describe_value(c)}")
        return None
    values: dict[str, Any] = {}
    ok = True
    for k in c:
        f = f"{fld}.{k}"
        if k not in CONDITION_KEYS:
            chk.error(_line(c, k), f, f"unknown condition {describe_value(k)}; conditions: {_allowed(CONDITION_KEYS)}")
            ok = False
        elif k == "behind":
            values[k] = _bool(chk, c, k, f)
        elif k == "captured_at_least":
            values[k] = _int_in(chk, c, k, f, 1, 99)
        elif k == "roasting_within_years":
            values[k] = _int_in(chk, c, k, f, 0, MAX_YEARS)
        else:
            values[k] = _int_in(chk, c, k, f, 0, 999)
        if k in values and values[k] is None:
            ok = False
    return Condition(**values) if ok else None


def _filter(chk: _CardCheck, ab: LineMap, fld: str) -> Filter | None:
    c = ab["filter"]
    if not isinstance(c, LineMap):
        chk.error(_line(ab, "filter"), fld, f"filter must be a mapping such as "
                  f"{{roasting_within_years: 2}}, not {describe_value(c)}")
        return None
    values: dict[str, Any] = {}
    ok = True
    for k in c:
        f = f"{fld}.{k}"
        if k not in FILTER_KEYS:
            chk.error(_line(c, k), f, f"unknown filter {describe_value(k)}; filters: {_allowed(FILTER_KEYS)}")
            ok = False
            continue
        if k == "adjacent":
            values[k] = _bool(chk, c, k, f)
        elif k == "roasting_before":
            values[k] = _month(chk, c, k, f)
        elif k == "roasting_within_years":
            values[k] = _int_in(chk, c, k, f, 0, MAX_YEARS)
        else:
            values[k] = _int_in(chk, c, k, f, 4, 40)
        if values[k] is None:
            ok = False
    return Filter(**values) if ok else None


def _ability_sides(chk: _CardCheck, ab: LineMap, fld: str) -> tuple[int, ...] | None:
    v = ab["sides"]
    line = _line(ab, "sides")
    if v == "all":
        return (0, 1, 2, 3)
    items = [v] if isinstance(v, str) else v
    if not isinstance(items, list) or not items:
        chk.error(line, fld, f"sides is 'all' or a list of {_allowed(SIDE_NAMES)}, not {describe_value(v)}")
        return None
    out = []
    for x in items:
        if not isinstance(x, str) or x not in SIDE_NAMES:
            chk.error(line, fld, f"{describe_value(x)} is not a side; write 'all' or a list of {_allowed(SIDE_NAMES)}")
            return None
        if SIDE_NAMES.index(x) in out:
            chk.error(line, fld, f"the {x} side is listed twice")
            return None
        out.append(SIDE_NAMES.index(x))
    return tuple(sorted(out))


def _ability(chk: _CardCheck, ab: Any, container: LineList, index: int) -> Ability | None:
    fld = f"abilities[{index + 1}]"
    line = _line(container, index)
    if not isinstance(ab, LineMap):
        chk.error(line, fld, f"an ability is a mapping with timing, effect, target, cost and text, "
                  f"not {describe_value(ab)}")
        return None
    errors_before = chk.failed
    chk.failed = False
    for k in ab:
        if k not in ABILITY_KEYS:
            chk.error(_line(ab, k), f"{fld}.{k}", f"unknown key {describe_value(k)}; an ability may have: "
                      f"{_allowed(ABILITY_KEYS)}")
        elif isinstance(ab[k], RefusedTag):
            chk.error(_line(ab, k), f"{fld}.{k}", f"{describe_value(ab[k])} is not allowed; packs hold plain data only")
    if any(isinstance(v, RefusedTag) for v in ab.values()):
        chk.failed = True
        return None
    effect = ab.get("effect")
    spec = None
    if effect is None:
        chk.error(ab.line, f"{fld}.effect", f"effect is missing; effects: {_allowed(list(EFFECTS))}")
    elif not isinstance(effect, str) or effect not in EFFECTS:
        chk.error(_line(ab, "effect"), f"{fld}.effect",
                  f"unknown effect {describe_value(effect)}; effects: {_allowed(list(EFFECTS))}")
    else:
        spec = EFFECTS[effect]
    timing = ab.get("timing")
    if timing is None:
        hint = f"; {effect} is a{'n' if spec and spec.timing == 'instant' else ''} {spec.timing} effect, so write timing: {spec.timing}" if spec else ""
        chk.error(ab.line, f"{fld}.timing", f"timing is missing{hint}")
    elif not isinstance(timing, str) or timing not in TIMINGS:
        chk.error(_line(ab, "timing"), f"{fld}.timing",
                  f"unknown timing {describe_value(timing)}; timings: {_allowed(TIMINGS)}")
    elif spec and timing != spec.timing:
        chk.error(_line(ab, "timing"), f"{fld}.timing",
                  f"{effect} is a{'n' if spec.timing == 'instant' else ''} {spec.timing} effect, not {timing}; "
                  f"write timing: {spec.timing}")
    target = ab.get("target")
    if spec is not None:
        if target is None:
            if len(spec.targets) == 1:
                target = spec.targets[0]
            else:
                chk.error(ab.line, f"{fld}.target",
                          f"target is missing; {effect} targets: {_allowed(spec.targets)}")
        elif not isinstance(target, str) or target not in spec.targets:
            others = sorted({t for e in EFFECTS.values() for t in e.targets})
            extra = f" (known targets of all effects: {_allowed(others)})" if target not in others else ""
            chk.error(_line(ab, "target"), f"{fld}.target",
                      f"target {describe_value(target)} does not work with {effect}; "
                      f"{effect} targets: {_allowed(spec.targets)}{extra}")
        for k in ("amount", "sides", "count"):
            if k in ab and k not in spec.keys:
                users = [e for e, s in EFFECTS.items() if k in s.keys]
                chk.error(_line(ab, k), f"{fld}.{k}", f"{k} is not used by {effect} (only by {_allowed(users)})")
        if "filter" in ab and not spec.takes_filter:
            chk.error(_line(ab, "filter"), f"{fld}.filter", f"{effect} affects the whole game; it takes no filter")
    amount = 0
    sides: tuple[int, ...] | None = (0, 1, 2, 3)
    count = 1
    if spec is not None and effect == "modify":
        if "amount" not in ab:
            chk.error(ab.line, f"{fld}.amount", "amount is missing; modify needs an amount such as 3 or -1")
        else:
            a = ab["amount"]
            if not _is_int(a) or not -9 <= a <= 9 or a == 0:
                chk.error(_line(ab, "amount"), f"{fld}.amount",
                          f"amount must be a whole number from -9 to 9 other than 0, not {describe_value(a)}")
            else:
                amount = a
        if "sides" in ab:
            sides = _ability_sides(chk, ab, f"{fld}.sides")
    if spec is not None and effect == "gain_control" and "count" in ab:
        count = _int_in(chk, ab, "count", f"{fld}.count", 1, 3) or 1
    condition = _condition(chk, ab, f"{fld}.condition") if "condition" in ab else Condition()
    flt = _filter(chk, ab, f"{fld}.filter") if "filter" in ab and (spec is None or spec.takes_filter) else Filter()
    cost = None
    if "cost" not in ab:
        chk.error(ab.line, f"{fld}.cost", "cost is missing; every ability costs at least 1 point of the 24")
    else:
        c = ab["cost"]
        if not _is_int(c) or c < 1:
            chk.error(_line(ab, "cost"), f"{fld}.cost", f"cost must be a whole number of at least 1, not {describe_value(c)}")
        elif spec is not None and c < spec.min_cost:
            chk.error(_line(ab, "cost"), f"{fld}.cost",
                      f"a {effect} ability costs at least {spec.min_cost}, not {c}")
        else:
            cost = c
    name = ab.get("name")
    if name is not None and not isinstance(name, str):
        chk.error(_line(ab, "name"), f"{fld}.name", f"name must be text, not {describe_value(name)}")
        name = None
    text = ab.get("text")
    if text is not None and (not isinstance(text, str) or not text.strip()):
        chk.error(_line(ab, "text"), f"{fld}.text", f"text must be a sentence, not {describe_value(text)}")
        text = None
    failed = chk.failed
    chk.failed = errors_before or failed
    if (failed or spec is None or sides is None or condition is None or flt is None or cost is None
            or not isinstance(effect, str) or target is None):     # spec set means effect was checked
        return None
    result = Ability(timing=spec.timing, effect=effect, target=target, cost=cost,
                     text=(text or "").strip(), name=name.strip() if name else None, amount=amount,
                     sides=sides, count=count, condition=condition, filter=flt)
    if not result.text:
        result = replace(result, text=describe(result))
        chk.warn(ab.line, f"{fld}.text", f"text is missing; the game will show: {result.text}")
    else:
        lead = result.text.split(":", 1)[0].strip().lower()
        if lead in TIMINGS and lead != spec.timing:
            chk.warn(_line(ab, "text"), f"{fld}.text",
                     f"the text starts with {lead.title()}: but this is a{'n' if spec.timing == 'instant' else ''} "
                     f"{spec.timing} ability")
    suggested = suggested_cost(result)
    if result.cost < suggested:
        chk.warn(_line(ab, "cost"), f"{fld}.cost",
                 f"cost {result.cost} is below the suggested {suggested} for this ability (see docs/card-packs.md)")
    return result


# ---------------------------------------------------------------------- cards


def _picture(chk: _CardCheck, data: LineMap, folder: Path | None) -> Path | None:
    v = data["picture"]
    line = _line(data, "picture")
    if not isinstance(v, str) or not v.strip():
        chk.error(line, "picture", f"picture must be a file path inside the pack folder, not {describe_value(v)}")
        return None
    raw = v.strip().replace("\\", "/")
    rel = Path(raw)
    if rel.is_absolute() or raw.startswith("/") or re.match(r"^[A-Za-z]:", raw):
        chk.error(line, "picture", f"picture {describe_value(v)} is an absolute path; "
                  "write a path inside the pack folder such as pictures/card.png")
        return None
    if ".." in rel.parts:
        chk.error(line, "picture", f"picture {describe_value(v)} leaves the pack folder; "
                  "pictures must be inside it")
        return None
    if folder is None:
        return None
    base = folder.resolve()
    full = (base / rel).resolve()
    if not full.is_relative_to(base):
        chk.error(line, "picture", f"picture {describe_value(v)} leaves the pack folder (through a link); "
                  "pictures must be inside it")
        return None
    if not full.exists():
        chk.warn(line, "picture", f"picture file {describe_value(v)} is not in the pack folder; "
                 "the card is shown without a picture")
        return None
    try:
        picturefile.check(full)          # a pipe, device or folder is refused here, never read
    except picturefile.PictureError as e:
        chk.warn(line, "picture", f"picture {describe_value(v)} is not used: {e}; "
                 "the card is shown without a picture")
        return None
    return full


def _sentences(text: str) -> int:
    t = text.strip()
    n = len(_SENTENCE_END.findall(t))
    return n if _TRAILING_END.search(t) else n + 1


def parse_card(data: Any, pack_id: str, report: _Report, index: int, folder: Path | None,
               container: LineList | None = None) -> tuple[str | None, Card | None]:
    """Check one card entry; returns (its id if usable, the Card or None if refused)."""
    line = _line(container, index) if container is not None else None
    raw_id = data.get("id") if isinstance(data, dict) else None
    label = f"{pack_id}/{raw_id}" if isinstance(raw_id, str) and ID_RE.match(raw_id) else f"#{index + 1}"
    chk = _CardCheck(report, label)
    if not isinstance(data, dict):
        chk.error(line, None, f"a card is a mapping of id, name, sides and so on, not {describe_value(data)}")
        return None, None
    for k in data:
        if k not in CARD_KEYS:
            chk.error(_line(data, k), str(k), f"unknown key {describe_value(k)}; a card may have: {_allowed(CARD_KEYS)}")
        elif isinstance(data[k], RefusedTag):
            chk.error(_line(data, k), str(k), f"{describe_value(data[k])} is not allowed; packs hold plain data only")
            chk.skip.add(k)
    clean = LineMap({k: v for k, v in data.items() if not isinstance(v, RefusedTag)})
    clean.line = data.line if isinstance(data, LineMap) else (line or 0)
    clean.key_lines = getattr(data, "key_lines", {})
    data = clean
    card_key = None
    if "id" in chk.skip:
        pass
    elif "id" not in data:
        chk.error(data.line, "id", "id is missing; give the card an id of lowercase letters, digits, '_' and '-'")
    elif not isinstance(data["id"], str) or not ID_RE.match(data["id"]):
        chk.error(_line(data, "id"), "id", f"{describe_value(data['id'])} is not a card id; use lowercase letters, "
                  "digits, '_' and '-' (such as ember_fox)")
    else:
        card_key = data["id"]
    name = _text(chk, data, "name", True)
    likes = _text(chk, data, "likes", True)
    dislikes = _text(chk, data, "dislikes", True)
    description = _text(chk, data, "description", True)
    if description is not None:
        n = _sentences(description)
        if n > MAX_SENTENCES:
            chk.warn(_line(data, "description"), "description",
                     f"the description has {n} sentences; keep it to 1-{MAX_SENTENCES}")
        if _FIRST_PERSON.search(description):
            chk.warn(_line(data, "description"), "description",
                     "descriptions are written in the third person (found I/me/my)")
    month = _month(chk, data, "started_roasting", "started_roasting")
    aliases: tuple[str, ...] = ()
    if "aliases" in data:
        a = data["aliases"]
        if not isinstance(a, list) or not all(isinstance(x, str) and x.strip() for x in a):
            chk.error(_line(data, "aliases"), "aliases",
                      f"aliases is a list of names such as [\"EF\", \"Foxy\"], not {describe_value(a)}")
        else:
            aliases = tuple(x.strip() for x in a)
    sides = _sides(chk, data)
    picture = _picture(chk, data, folder) if "picture" in data else None
    element = None
    if "element" in data:
        e = data["element"]
        if not isinstance(e, str) or e.strip().lower() not in ELEMENTS:
            chk.error(_line(data, "element"), "element",
                      f"element is one of {', '.join(ELEMENTS)}, not {describe_value(e)}")
        else:
            element = e.strip().lower()
    abilities: list[Ability] = []
    if "abilities" in data:
        abl = data["abilities"]
        if not isinstance(abl, LineList):
            chk.error(_line(data, "abilities"), "abilities", f"abilities is a list, not {describe_value(abl)}")
        else:
            if len(abl) > MAX_ABILITIES:
                chk.error(_line(data, "abilities"), "abilities",
                          f"the card has {len(abl)} abilities; at most {MAX_ABILITIES} are allowed")
            for i, ab in enumerate(abl):
                got = _ability(chk, ab, abl, i)
                if got is not None:
                    abilities.append(got)
    if sides is not None and not chk.failed:
        total = sum(sides) + sum(a.cost for a in abilities)
        if total > BUDGET:
            chk.error(data.line, "budget",
                      f"over budget: sides {sum(sides)} + ability costs {total - sum(sides)} = {total}; "
                      f"the most is {BUDGET}")
    if (chk.failed or name is None or sides is None or month is None or likes is None or dislikes is None
            or description is None):          # each None was reported as an error, so failed is set
        return card_key, None
    return card_key, Card(id=f"{pack_id}/{card_key}", name=name, sides=sides,
                          started_roasting=month, aliases=aliases, likes=likes,
                          dislikes=dislikes, description=description,
                          picture=picture, abilities=tuple(abilities), element=element)


# ---------------------------------------------------------------------- packs


def check_pack(data: Any, file: Path, folder: Path | None,
               duplicate_keys: Sequence[tuple[Any, int]] = ()) -> tuple[PackInfo | None, list[Card], list[Problem]]:
    """Check a parsed pack; returns its header (None if refused), its good cards and problems."""
    report = _Report(str(file))
    for key, line in duplicate_keys:
        report.add(line, None, str(key), f"the key {describe_value(key)} appears twice in one mapping; "
                   "the last one is used", WARNING)
    if data is None:
        report.add(1, None, None, "the file is empty; a pack has a 'pack' header and a 'cards' list")
        return None, [], report.problems
    if not isinstance(data, LineMap):
        report.add(_line(data, 0) or 1, None, None,
                   f"a pack file is a mapping with 'pack' and 'cards', not {describe_value(data)}")
        return None, [], report.problems
    header_ok = True
    for k in data:
        if k not in TOP_KEYS:
            report.add(_line(data, k), None, str(k), f"unknown key {describe_value(k)}; a pack file has: {_allowed(TOP_KEYS)}")
            header_ok = False
    head = data.get("pack")
    info = None
    if head is None:
        report.add(data.line, None, "pack", "the 'pack' header (id, name, author, version) is missing")
        header_ok = False
    elif not isinstance(head, LineMap):
        report.add(_line(data, "pack"), None, "pack", f"'pack' must be a mapping of id, name, author and version, "
                   f"not {describe_value(head)}")
        header_ok = False
    else:
        for k in head:
            if k not in PACK_KEYS:
                report.add(_line(head, k), None, f"pack.{k}", f"unknown key {describe_value(k)}; the pack header has: "
                           f"{_allowed(PACK_KEYS)}")
                header_ok = False
        values: dict[str, str] = {}
        for k in PACK_REQUIRED:
            v = head.get(k)
            if v is None:
                report.add(head.line, None, f"pack.{k}", f"pack {k} is missing")
                header_ok = False
            elif k == "version" and isinstance(v, (int, float)) and not isinstance(v, bool):
                report.add(_line(head, k), None, "pack.version",
                           f"version {v!r} is a number; write it in quotes (\"{v}\") so it stays as written", WARNING)
                values[k] = str(v)
            elif not isinstance(v, str) or not v.strip():
                report.add(_line(head, k), None, f"pack.{k}", f"pack {k} must be text, not {describe_value(v)}")
                header_ok = False
            else:
                values[k] = v.strip()
        if "id" in values and not ID_RE.match(values["id"]):
            report.add(_line(head, "id"), None, "pack.id", f"{describe_value(values['id'])} is not a pack id; use "
                       "lowercase letters, digits, '_' and '-'")
            header_ok = False
        fmt = head.get("format", FORMAT_VERSION)
        if not _is_int(fmt) or fmt < 1:
            report.add(_line(head, "format"), None, "pack.format", f"format is a whole number (1), not {describe_value(fmt)}")
            header_ok = False
        elif fmt > FORMAT_VERSION:
            report.add(_line(head, "format"), None, "pack.format",
                       f"this pack is written for format {fmt}; this version of the game reads format {FORMAT_VERSION}")
            header_ok = False
        if header_ok:
            info = PackInfo(values["id"], values["name"], values["author"], values["version"], fmt, file, folder,
                            id_line=_line(head, "id"))
    cards = data.get("cards")
    if cards is None:
        report.add(data.line, None, "cards", "the 'cards' list is missing")
        header_ok = False
    elif not isinstance(cards, LineList):
        report.add(_line(data, "cards"), None, "cards", f"'cards' must be a list of cards, not {describe_value(cards)}")
        header_ok = False
    if isinstance(cards, LineList):
        pack_id = info.id if info is not None else _usable_id(head)
        good = _check_cards(cards, pack_id, report, folder)
    if not header_ok or info is None:
        if isinstance(cards, LineList) and cards:
            report.add(_line(data, "pack") or data.line, None, "pack",
                       "the pack is refused because of the problems above; its cards were checked "
                       "all the same", ERROR)
        return None, [], report.problems
    if not cards:
        report.add(_line(data, "cards"), None, "cards", "the pack has no cards", WARNING)
    info = PackInfo(info.id, info.name, info.author, info.version, info.format, file, folder,
                    tuple(c.id for c in good), info.id_line)
    return info, good, report.problems


def _usable_id(head: Any) -> str:
    """The header's id when it is one, else a stand-in, so a refused pack's cards can be named."""
    v = head.get("id") if isinstance(head, dict) else None
    return v.strip() if isinstance(v, str) and ID_RE.match(v.strip()) else "pack"


def _check_cards(cards: LineList, pack_id: str, report: _Report, folder: Path | None) -> list[Card]:
    good: list[Card] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(cards):
        key, card = parse_card(entry, pack_id, report, i, folder, cards)
        if key is not None:
            if key in seen:
                report.add(_line(entry, "id") if isinstance(entry, dict) else None, f"{pack_id}/{key}", "id",
                           f"the card id {key!r} is already used by card #{seen[key] + 1} of this pack; "
                           "this one is refused")
                continue
            seen[key] = i
        if card is not None:
            good.append(card)
    return good


__all__ = ["CARD_KEYS", "CARD_REQUIRED", "ID_RE", "PACK_KEYS", "check_pack", "parse_card"]
