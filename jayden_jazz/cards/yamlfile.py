"""A safe YAML loader that remembers line numbers and refuses object tags.

Built on the game's safe loader (:mod:`jayden_jazz.yamlbase`): nothing but plain data
can come out of it, and an over-long number is a YAML error with its line.
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

from jayden_jazz.yamlbase import COMPOSING_BASES, init_composing


class LineMap(dict[Any, Any]):
    """A dict that knows the line of each key (1-based)."""

    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line) if hasattr(self, "key_lines") else self.line


class LineList(list[Any]):
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


class PackLoader(*COMPOSING_BASES):  # type: ignore[misc]
    """SafeLoader plus line numbers, duplicate-key notes, refused tags and bounded work.

    Nodes are composed in Python from libyaml's events (the composer is the
    pure-Python one), so the work can stop early: ``max_nodes`` bounds the
    nodes built (:class:`TooMuchYAML` past it) and ``cut=(key, n)`` builds
    only the first ``n`` items of the top-level list ``key``, reading past
    the rest without building them.
    """

    def __init__(self, stream: Any, *, max_nodes: int | None = None,
                 cut: tuple[str, int] | None = None) -> None:
        init_composing(self, stream)
        self.duplicate_keys: list[tuple[Any, int]] = []
        self.max_nodes = max_nodes
        self.nodes = 0
        self.cut = cut
        self.cut_from: int | None = None
        self._depth = 0
        self._cut_next = False
        self.aliases = False          # any alias met: only then can values stand for more than was built

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.nodes += 1
        if not self.aliases and self.check_event(yaml.AliasEvent):
            self.aliases = True
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            mark = self.peek_event().start_mark
            raise TooMuchYAML(f"the file holds more than {self.max_nodes:,} values; a pack may hold at most "
                              "that many", mark.line + 1 if mark else None)
        self._cut_next = (self.cut is not None and self._depth == 1 and isinstance(parent, yaml.MappingNode)
                          and isinstance(index, yaml.ScalarNode) and index.value == self.cut[0])
        return super().compose_node(parent, index)

    def compose_mapping_node(self, anchor: Any) -> Any:
        self._cut_next = False
        self._depth += 1
        try:
            return super().compose_mapping_node(anchor)
        finally:
            self._depth -= 1

    def compose_sequence_node(self, anchor: Any) -> Any:
        cut, self._cut_next = self._cut_next, False
        self._depth += 1
        try:
            if not cut:
                return super().compose_sequence_node(anchor)
            return self._compose_cut_sequence(anchor, self.cut[1])  # type: ignore[index]
        finally:
            self._depth -= 1

    def _compose_cut_sequence(self, anchor: Any, most: int) -> yaml.SequenceNode:
        start = self.get_event()
        tag = start.tag
        if tag is None or tag == "!":
            tag = self.resolve(yaml.SequenceNode, None, start.implicit)
        node = yaml.SequenceNode(tag, [], start.start_mark, None, flow_style=start.flow_style)
        if anchor is not None:
            self.anchors[anchor] = node
        index = 0
        while index < most and not self.check_event(yaml.SequenceEndEvent):
            node.value.append(self.compose_node(node, index))
            index += 1
        end, skipped = self._skip_to_end()
        node.end_mark = end.end_mark
        if skipped:
            self.cut_from = index + skipped
        return node

    def _skip_to_end(self) -> tuple[yaml.Event, int]:
        """Read past the rest of a sequence without building anything: (its end event, items skipped)."""
        get = self.get_event
        opening = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
        closing = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
        depth = items = 0
        while True:
            event = get()
            kind = type(event)
            if kind in opening:
                depth += 1
            elif kind in closing:
                if depth == 0:
                    return event, items
                depth -= 1
                if depth == 0:
                    items += 1
            elif depth == 0:
                items += 1


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


class TooMuchYAML(yaml.YAMLError):
    """A document that would expand to more values than allowed (aliases), or refers to itself."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.message = message
        self.line = line
        super().__init__(message)


TOO_BIG_TAG = "tag:jayden-jazz:too-many-values"
MAX_VALUE_SIZE = 5_000
"""Values one field of a card may stand for once its aliases are written out."""


def expanded_size(root: yaml.Node, limit: int, sizes: dict[int, int] | None = None) -> int | None:
    """How many values ``root`` stands for with every alias written out; None if over ``limit``.

    Aliases make a node graph where one node can be reached many times; a
    few nested ones stand for billions of values (an "alias bomb"). This
    counts without expanding (each node once, its size remembered) and
    stops at the first node over the limit; a node that contains itself
    counts as over it. ``sizes`` may carry what earlier calls learned.
    """
    sizes = {} if sizes is None else sizes
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        nid = id(node)
        kids = (node.value if isinstance(node, yaml.SequenceNode)
                else [n for pair in node.value for n in pair] if isinstance(node, yaml.MappingNode)
                else ())
        if done:
            on_path.discard(nid)
            total = 1 + sum(sizes[id(k)] for k in kids)
            if total > limit:
                return None
            sizes[nid] = total
            continue
        if nid in sizes:
            continue
        if nid in on_path:
            return None
        on_path.add(nid)
        stack.append((node, True))
        stack.extend((k, False) for k in kids if id(k) not in sizes)
    return sizes[id(root)]


def _mark_too_big(root: yaml.Node, key: str) -> None:
    """In each item of the top-level list ``key``, refuse a field standing for too many values.

    The field becomes a refused value (its card is refused, the others
    load), so one card's alias bomb costs nothing and blames only that card.
    """
    if not isinstance(root, yaml.MappingNode):
        return
    sizes: dict[int, int] = {}

    def marker(n: yaml.Node) -> yaml.ScalarNode:
        return yaml.ScalarNode(TOO_BIG_TAG, "", n.start_mark, n.end_mark)

    for k, items in root.value:
        if not (isinstance(k, yaml.ScalarNode) and k.value == key and isinstance(items, yaml.SequenceNode)):
            continue
        for i, card in enumerate(items.value):
            if not isinstance(card, yaml.MappingNode):
                if expanded_size(card, MAX_VALUE_SIZE, sizes) is None:
                    items.value[i] = marker(card)
                continue
            if expanded_size(card, MAX_VALUE_SIZE * 4, sizes) is not None:
                continue
            card.value = [(fk, marker(fv) if expanded_size(fv, MAX_VALUE_SIZE, sizes) is None else fv)
                          for fk, fv in card.value]


def load_yaml(text: str, *, max_values: int | None = None,
              cut: tuple[str, int] | None = None) -> tuple[Any, list[tuple[Any, int]]]:
    """Parse one YAML document; returns the data and the (key, line) of repeated keys.

    ``cut=(key, n)`` builds only the first ``n`` items of the top-level list
    ``key`` (its full length is read back with :func:`cut_length`);
    ``max_values`` bounds the values built and what they expand to through
    aliases (:class:`TooMuchYAML` when over), so a hostile document costs
    about the time to read its text and no more. Raises ``yaml.YAMLError`` for text that is
    not YAML.
    """
    loader = PackLoader(text, max_nodes=max_values, cut=cut)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, loader.duplicate_keys
        cut_from = loader.cut_from
        if cut and loader.aliases:
            _mark_too_big(node, cut[0])
        if max_values is not None and loader.aliases and expanded_size(node, max_values) is None:
            raise TooMuchYAML(f"the file stands for more than {max_values:,} values once its aliases "
                              "(*name) are written out, or an alias refers to itself; "
                              "write the values out instead", node.start_mark.line + 1)
        data = loader.construct_document(node)
        if cut_from is not None and isinstance(data, LineMap):
            data.cut = {cut[0]: cut_from}  # type: ignore[index, attr-defined]
        return data, loader.duplicate_keys
    finally:
        loader.dispose()


def cut_length(data: Any, key: str) -> int | None:
    """The full length of the list ``key`` that :func:`load_yaml` cut, or None if it was not cut."""
    return getattr(data, "cut", {}).get(key)


def describe_value(value: Any) -> str:
    """A short, safe description of a value for a message (never a deep repr)."""
    if isinstance(value, RefusedTag) and value.tag == TOO_BIG_TAG:
        return f"a value standing for more than {MAX_VALUE_SIZE:,} values through aliases (*name)"
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
