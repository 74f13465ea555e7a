"""The safe YAML loader every reader of the player's files is built on.

PyYAML's safe loader (libyaml's parser when PyYAML has it) builds nothing
but plain data; this one also refuses whole numbers too long to be any
value the game uses. Python will not turn a text of more than 4,300 digits
into a number (nor print such a number), so without this check one long
number in a pack, a save, the settings or the statistics would end in a
plain ``ValueError`` instead of the reader's usual message with the line.
This module imports nothing from the game: every floor may use it.
"""

from __future__ import annotations

from typing import Any

import yaml

MAX_VALUES = 50_000
"""Values (YAML nodes) a save, a game record or the statistics may hold: far above a real one's
(a 7x7 four-player record holds a few hundred), far below a costly one."""
MAX_INT_CHARS = 100
"""Characters a whole number may be written with (sign and ``_`` included): far above any count,
seed or side the game reads, far below Python's 4,300-digit limit."""
MAX_INT_BITS = 320
"""Bits the value may need: a hexadecimal or ``1:2:3`` number of 100 characters can exceed 4,300
decimal digits (its text would then be unprintable); ~96 decimal digits is more than enough."""

_Safe: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LongNumber(yaml.constructor.ConstructorError):
    """A whole number too long to read; a marked YAML error like any other, with its line."""


def _construct_int(loader: Any, node: yaml.ScalarNode) -> int:
    text = str(node.value)
    if len(text) > MAX_INT_CHARS:
        raise LongNumber(None, None, f"a whole number of {len(text):,} characters is too long "
                                     f"(at most {MAX_INT_CHARS} are read)", node.start_mark)
    value = yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)
    if abs(value).bit_length() > MAX_INT_BITS:
        raise LongNumber(None, None, f"the whole number {text[:20]}... is too large", node.start_mark)
    return value


class SafeLoader(_Safe):  # type: ignore[misc]
    """``yaml.SafeLoader`` (or libyaml's) that refuses over-long whole numbers with their line."""


SafeLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)

#: Bases of a loader that composes nodes in Python (to count them, refuse aliases, bound depth):
#: libyaml's loader has its own C composer, so the Python one is put first.
COMPOSING_BASES: tuple = ((SafeLoader,) if issubclass(SafeLoader, yaml.composer.Composer)
                          else (yaml.composer.Composer, SafeLoader))


def init_composing(loader: Any, stream: Any) -> None:
    """``__init__`` of a loader on :data:`COMPOSING_BASES` (both bases need their own)."""
    _Safe.__init__(loader, stream)
    yaml.composer.Composer.__init__(loader)


def safe_load(text: str) -> Any:
    """``yaml.safe_load`` with over-long numbers refused (a marked ``yaml.YAMLError``)."""
    loader: Any = SafeLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


__all__ = ["COMPOSING_BASES", "LongNumber", "MAX_INT_BITS", "MAX_INT_CHARS", "MAX_VALUES", "SafeLoader", "init_composing",
           "safe_load"]
