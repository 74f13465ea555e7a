"""``scenes/online/link.py`` holds the screens' own steps and is no second door to ``jayden_jazz.online``.

Read as source (AST): what link.py imports from the online package it must
use itself, never list in ``__all__``; and no module of the game, its tests
or its tools takes through link.py a name that link.py did not define
(``L.Connector``, ``from ...link import words``): those come from
``jayden_jazz.online.<module>``, where they live.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINK = ROOT / "jayden_jazz" / "scenes" / "online" / "link.py"
LINK_MODULE = "jayden_jazz.scenes.online.link"


def imported_names(tree: ast.Module) -> dict[str, str]:
    """The names a module binds by importing from ``jayden_jazz.online`` (bound name: where from)."""
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("jayden_jazz.online"):
            for alias in node.names:
                found[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("jayden_jazz.online"):
                    found[alias.asname or alias.name.split(".")[0]] = alias.name
    return found


def _all_assignment(tree: ast.Module) -> ast.Assign | None:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return node
    return None


def exported(tree: ast.Module) -> set[str]:
    """The names in the module's ``__all__``."""
    node = _all_assignment(tree)
    if node is None:
        return set()
    return {e.value for e in ast.walk(node.value) if isinstance(e, ast.Constant) and isinstance(e.value, str)}


def used_names(tree: ast.Module) -> set[str]:
    """The names the module's own code reads, annotations included (still names in the AST under
    ``from __future__ import annotations``); ``__all__`` and docstrings are text, not uses."""
    listing = _all_assignment(tree)
    return {node.id for top in tree.body if top is not listing for node in ast.walk(top)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}


def own_names(tree: ast.Module) -> set[str]:
    """What the module defines itself at its top: functions, classes, assigned names."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names - {"__all__"}


def re_exports(source: str) -> list[str]:
    """The online package's names that link.py's source imports without using, or lists in ``__all__``."""
    tree = ast.parse(source)
    names = imported_names(tree)
    used = used_names(tree)
    out = [f"{n} (from {where}) is imported but not used here" for n, where in names.items() if n not in used]
    out += [f"{n} (from {names[n]}) is in __all__" for n in sorted(exported(tree) & set(names))]
    return sorted(out)


def reached_through_link(source: str, own: set[str]) -> list[str]:
    """The names a module takes from link.py that link.py did not define itself."""
    tree = ast.parse(source)
    aliases: set[str] = set()
    taken: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.module == LINK_MODULE:
                taken += [(node.lineno, a.name) for a in node.names]
            elif node.module == "jayden_jazz.scenes.online":
                aliases.update(a.asname or a.name for a in node.names if a.name == "link")
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name == LINK_MODULE and a.asname:
                    aliases.add(a.asname)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            taken.append((node.lineno, node.attr))
        elif isinstance(node, ast.Attribute) and ast.unparse(node.value) == LINK_MODULE:
            taken.append((node.lineno, node.attr))
    return [f"line {line}: {name}" for line, name in sorted(taken) if name not in own]


def sources() -> list[Path]:
    return sorted(p for folder in ("jayden_jazz", "tests", "tools") for p in (ROOT / folder).rglob("*.py"))


def test_link_re_exports_nothing_of_the_online_package():
    assert re_exports(LINK.read_text(encoding="utf-8")) == []


def test_no_module_reaches_the_online_package_through_link():
    own = own_names(ast.parse(LINK.read_text(encoding="utf-8")))
    assert {"config", "local_only", "follow_connector", "Seeking"} <= own     # what the screens share
    found = {}
    for path in sources():
        bad = reached_through_link(path.read_text(encoding="utf-8"), own)
        if bad:
            found[str(path.relative_to(ROOT))] = bad
    assert found == {}


def test_the_checks_catch_a_door_and_a_use_of_it():
    """The two checks above on sources that break them, so that they are seen to fail."""
    door = ("from jayden_jazz.online.connector import Connector, Link\n"
            "from jayden_jazz.online import words as W\n"
            "def connector(url: str) -> Connector:\n    return Connector(url)\n"
            "__all__ = ['Link', 'connector']\n")
    assert re_exports(door) == ["Link (from jayden_jazz.online.connector.Link) is imported but not used here",
                                "Link (from jayden_jazz.online.connector.Link) is in __all__",
                                "W (from jayden_jazz.online.words) is imported but not used here"]
    assert re_exports("from jayden_jazz.online.hosting import Hosting\nx: Hosting | None = None\n") == []
    user = ("from jayden_jazz.scenes.online import link as L\n"
            "from jayden_jazz.scenes.online.link import words, config\n"
            "import jayden_jazz.scenes.online.link\n"
            "c: L.Connector = L.connector(app, 'ws://x')\n"
            "jayden_jazz.scenes.online.link.Link\n")
    assert reached_through_link(user, {"config", "connector"}) == ["line 2: words", "line 4: Connector",
                                                                     "line 5: Link"]
