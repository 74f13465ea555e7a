"""Plain YAML and field-by-field schemas for the player's own files.

Saves and settings are edited by hand (the README says how), so whatever
they hold is checked before any of it is used: the type and range of every
field, down to the nested ones. A problem is a :class:`SchemaError` naming
the field (``players.g.kind``) and saying what it should be, in plain words.

YAML aliases (``*name``) are refused outright: a save or settings file
never needs one, and a few of them nested can stand for gigabytes of data
(an "alias bomb") once a value is printed or walked.

Any save kind describes its body with these specs (:class:`Record`,
:class:`ListOf`, :class:`Text` ...) and calls :func:`check`.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import yaml

from jayden_jazz.yamlbase import COMPOSING_BASES, MAX_VALUES, LongNumber, init_composing


# ---------------------------------------------------------------------- plain YAML


class PlainYAMLError(yaml.YAMLError):
    """Text that is not plain YAML data: ``line`` is 1-based (None when unknown)."""

    def __init__(self, problem: str, line: int | None) -> None:
        self.problem = problem
        self.line = line
        super().__init__(problem + (f" (line {line})" if line else ""))


MAX_DEPTH = 40
"""Lists and mappings one inside another: a save nests about six deep; Python's own limit is far off."""


class _NoAliasLoader(*COMPOSING_BASES):  # type: ignore[misc]
    """The safe loader that stops at the first alias, past ``max_values`` or nested past
    :data:`MAX_DEPTH`, before building anything."""

    def __init__(self, stream: str, max_values: int) -> None:
        init_composing(self, stream)
        self.max_values = max_values
        self.values = 0
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:  # type: ignore[override]
        mark = self.peek_event().start_mark
        line = mark.line + 1 if mark else None
        if self.check_event(yaml.AliasEvent):
            raise PlainYAMLError("it uses a YAML alias (*name); aliases are not allowed here", line)
        self.values += 1
        if self.values > self.max_values:
            raise PlainYAMLError(f"it holds more than {self.max_values:,} values", line)
        if self.depth >= MAX_DEPTH:
            raise PlainYAMLError(f"its lists and mappings are nested more than {MAX_DEPTH} deep", line)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def load_plain_yaml(text: str, max_values: int = MAX_VALUES) -> Any:
    """One YAML document of plain data (safe loader, no aliases, bounded size and nesting).

    Raises :class:`PlainYAMLError` with the line of the problem.
    """
    loader = _NoAliasLoader(text, max_values)
    try:
        return loader.get_single_data()
    except PlainYAMLError:
        raise
    except LongNumber as e:            # valid YAML, but not a value any file of the game holds
        raise PlainYAMLError(str(e.problem), e.problem_mark.line + 1 if e.problem_mark else None) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        if "nesting depth" in str(e.problem or ""):    # libyaml's own limit, met while it reads ahead
            raise PlainYAMLError(f"its lists and mappings are nested more than {MAX_DEPTH} deep", line) from None
        raise PlainYAMLError(f"it is not valid YAML ({e.problem or e.context or 'unreadable'})", line) from None
    except yaml.YAMLError as e:
        raise PlainYAMLError(f"it is not valid YAML ({e})", None) from None
    except RecursionError:
        raise PlainYAMLError("its YAML is nested too deeply", None) from None
    finally:
        loader.dispose()


# ---------------------------------------------------------------------- schemas


class SchemaError(ValueError):
    """A field that does not fit: ``where`` is its dotted name, ``problem`` the plain words."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


def show(value: Any) -> str:
    """A short description of a value for a message (never a long or deep repr)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = repr(value)
        return text if len(text) <= 20 else text[:17] + "..."
    if isinstance(value, str):
        return repr(value if len(value) <= 30 else value[:27] + "...")
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


Spec = Callable[[Any, str], None]


def _join(where: str, key: Any) -> str:
    return f"{where}.{key}" if where else str(key)


class Int:
    """A whole number (not true/false), optionally within ``lo..hi``."""

    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi

    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise SchemaError(where, f"should be a whole number{self._range()}, not {show(value)}")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise SchemaError(where, f"should be a whole number{self._range()}, not {show(value)}")

    def _range(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f" from {self.lo} to {self.hi}"
        if self.lo is not None:
            return f" of at least {self.lo}"
        return "" if self.hi is None else f" of at most {self.hi}"


class Number(Int):
    """A finite number, whole or not (not NaN, not infinite, not true/false)."""

    def __call__(self, value: Any, where: str) -> None:
        if (not isinstance(value, (int, float)) or isinstance(value, bool)
                or not math.isfinite(value)
                or (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi)):
            raise SchemaError(where, f"should be a number{self._range()}, not {show(value)}")


class Bool:
    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, bool):
            raise SchemaError(where, f"should be true or false, not {show(value)}")


class Text:
    """Text of at most ``max_len`` characters, optionally one of ``choices``."""

    def __init__(self, choices: Sequence[str] | None = None, max_len: int = 200) -> None:
        self.choices = tuple(choices) if choices is not None else None
        self.max_len = max_len

    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, str):
            what = "one of " + ", ".join(self.choices) if self.choices else "text"
            raise SchemaError(where, f"should be {what}, not {show(value)}")
        if self.choices is not None and value not in self.choices:
            raise SchemaError(where, f"should be one of {', '.join(self.choices)}, not {show(value)}")
        if len(value) > self.max_len:
            raise SchemaError(where, f"is too long ({len(value)} characters; at most {self.max_len})")


class Moment(Text):
    """A date and time as text (YAML may also have read an unquoted one as a date)."""

    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, (datetime.date, datetime.datetime)):
            super().__call__(value, where)


class Optional:
    """Nothing (``null``) or what ``spec`` accepts."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

    def __call__(self, value: Any, where: str) -> None:
        if value is not None:
            self.spec(value, where)


class OneOf:
    """What any of ``specs`` accepts; ``what`` names the choice in the message."""

    def __init__(self, what: str, *specs: Spec) -> None:
        self.what, self.specs = what, specs

    def __call__(self, value: Any, where: str) -> None:
        for spec in self.specs:
            try:
                spec(value, where)
                return
            except SchemaError:
                pass
        raise SchemaError(where, f"should be {self.what}, not {show(value)}")


class ListOf:
    def __init__(self, item: Spec, max_items: int = 1000) -> None:
        self.item, self.max_items = item, max_items

    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise SchemaError(where, f"should be a list, not {show(value)}")
        if len(value) > self.max_items:
            raise SchemaError(where, f"has {len(value)} items; at most {self.max_items} are allowed")
        for i, v in enumerate(value):
            self.item(v, f"{where}[{i + 1}]")


class Record:
    """A mapping with known keys: ``fields`` (key -> spec), of which ``required`` must be there.

    Unknown keys are left alone (a newer version may have written them)
    unless ``strict``; their values are plain YAML already, so harmless.
    """

    def __init__(self, fields: Mapping[str, Spec], required: Sequence[str] = (), *,
                 strict: bool = False) -> None:
        self.fields = dict(fields)
        self.required = tuple(required)
        self.strict = strict

    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise SchemaError(where, f"should be a mapping, not {show(value)}")
        for key in self.required:
            if key not in value:
                raise SchemaError(_join(where, key), "is missing")
        for key, v in value.items():
            spec = self.fields.get(key) if isinstance(key, str) else None
            if spec is not None:
                spec(v, _join(where, key))
            elif self.strict:
                raise SchemaError(_join(where, show(key)), "is not a known field")


def check(spec: Spec, value: Any, where: str = "") -> None:
    """Raise :class:`SchemaError` for the first field of ``value`` that ``spec`` refuses."""
    spec(value, where)


def problem_of(spec: Spec, value: Any, where: str = "") -> str | None:
    """The first problem in plain words, or None when ``value`` fits."""
    try:
        spec(value, where)
    except SchemaError as e:
        return str(e)
    return None


__all__ = ["Bool", "Int", "ListOf", "Moment", "Number", "OneOf", "Optional", "PlainYAMLError", "Record",
           "SchemaError", "Text", "check", "load_plain_yaml", "problem_of", "show"]
