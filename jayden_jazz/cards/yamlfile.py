"""A safe YAML loader that remembers line numbers and refuses object tags.

Built on ``yaml.SafeLoader``: nothing but plain data can come out of it.
Mappings and lists come back as :class:`LineMap` / :class:`LineList`, which
remember the line of every key and item, so a problem can be reported at
the line the author has to fix. A tag that would construct an object
(``!!python/object:...``, or any tag the safe loader does not know) becomes
a :class:`RefusedTag` marker in place of its value: the card that holds it
is refused and the rest of the pack still loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml


class LineMap(dict):
    """A dict that knows the line of each key (1-based)."""

    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line) if hasattr(self, "key_lines") else self.line


class LineList(list):
    """A list that knows the line of each item (1-based)."""

    line: int = 0
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        lines = getattr(self, "item_lines", [])
        return lines[index] if 0 <= index < len(lines) else self.line


@dataclass(frozen=True)
class RefusedTag:
    tag: str
    line: int


#: libyaml's parser when PyYAML was built with it (about 10x faster on big
#: packs); both are SafeLoader classes, so only plain data can come out.
_SafeBase: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class PackLoader(_SafeBase):  # type: ignore[misc, valid-type]
    """SafeLoader plus line numbers, duplicate-key notes and refused tags."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self.duplicate_keys: list[tuple[Any, int]] = []


def _construct_map(loader: PackLoader, node: yaml.MappingNode):  # type: ignore[no-untyped-def]
    data = LineMap()
    data.line = node.start_mark.line + 1
    data.key_lines = {}
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=False)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                "while reading a mapping", node.start_mark,
                "a key here is a list or mapping; keys must be plain words", key_node.start_mark) from None
        value = loader.construct_object(value_node, deep=False)
        line = key_node.start_mark.line + 1
        if key in data:
            loader.duplicate_keys.append((key, line))
        data[key] = value
        data.key_lines[key] = line


def _construct_seq(loader: PackLoader, node: yaml.SequenceNode):  # type: ignore[no-untyped-def]
    data = LineList()
    data.line = node.start_mark.line + 1
    data.item_lines = [n.start_mark.line + 1 for n in node.value]
    yield data
    data.extend(loader.construct_object(n, deep=False) for n in node.value)


def _refuse(loader: PackLoader, node: yaml.Node) -> RefusedTag:
    return RefusedTag(str(node.tag), node.start_mark.line + 1)


def _refuse_multi(loader: PackLoader, suffix: str, node: yaml.Node) -> RefusedTag:
    return RefusedTag(str(node.tag), node.start_mark.line + 1)


PackLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
PackLoader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)
PackLoader.add_constructor(None, _refuse)
# sets, ordered maps and pairs are safe, but never plain pack data: refuse them too
for _tag in ("tag:yaml.org,2002:set", "tag:yaml.org,2002:omap", "tag:yaml.org,2002:pairs",
             "tag:yaml.org,2002:binary"):
    PackLoader.add_constructor(_tag, _refuse)
PackLoader.add_multi_constructor("tag:yaml.org,2002:python/", _refuse_multi)
PackLoader.add_multi_constructor("!", _refuse_multi)


def load_yaml(text: str) -> tuple[Any, list[tuple[Any, int]]]:
    """Parse one YAML document; returns the data and the (key, line) of repeated keys.

    Raises ``yaml.YAMLError`` for text that is not YAML.
    """
    loader = PackLoader(text)
    try:
        return loader.get_single_data(), loader.duplicate_keys
    finally:
        loader.dispose()


def describe_value(value: Any) -> str:
    """A short, safe description of a value for a message (never a deep repr)."""
    if isinstance(value, RefusedTag):
        return "the YAML tag " + value.tag.replace("tag:yaml.org,2002:", "!!")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "nothing"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"
