"""The floors: the lower packages never import the ones built on them.

Read as source (AST), every import counts: at the top of a module, inside a
function (a lazy import is still a dependency), and a literal
``import_module("...")``. Only imports under ``if TYPE_CHECKING:`` are left
out (they are for the type checker; nothing runs them).

    engines   jayden_jazz/jayden, jayden_jazz/cards    themselves and paths, files, yamlbase; never pygame
    ai        jayden_jazz/ai                           no scenes, shell, saves, settings, statistics, pygame
    saves     jayden_jazz/saves                        no scenes, shell, settings, pygame
    tables    jayden_jazz/tables (table controllers)   no scenes, shell, pygame
    journey   jayden_jazz/journey                      no scenes, shell, pygame, ai (ai/journey imports it)
    net       jayden_jazz/net                          no scenes, shell, pygame
    online    jayden_jazz/online (hosting, connecting)  no scenes, shell, pygame
    cardkit   jayden_jazz/scenes/cardkit               no screen package (scenes/cards, workshop, jayden)
    workshop  jayden_jazz/scenes/workshop              nothing of the card screens (scenes/cards)

A package that does not exist yet (``tables``; ``journey`` and ``net`` on
other branches) passes; the rule holds the
day it appears. The README's developer section lists the same floors.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "jayden_jazz"

#: (importer, imported): imports that break a floor today, each to be removed. Nothing else may join.
KNOWN_EXCEPTIONS: set[tuple[str, str]] = set()

#: The programs behind ``python -m jayden_jazz.cards`` and ``python -m jayden_jazz.jayden``: run, never
#: imported by the engines, and so above them.
ENTRY_POINTS = {"jayden_jazz.cards.__main__", "jayden_jazz.jayden.__main__"}


def module_of(path: Path, root: Path = ROOT) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _exists(module: str, root: Path) -> bool:
    parts = module.split(".")
    if parts[0] != "jayden_jazz":
        return False
    path = root.joinpath(*parts)
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports_of(path: Path, root: Path = ROOT) -> set[str]:
    """The modules a source file imports when it runs, lazy ones included.

    ``from a import b`` counts as ``a.b`` when that is a module of the game,
    else as ``a``; relative imports are made absolute.
    """
    module = module_of(path, root)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if _exists(sub, root) else base)
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("import_module", "__import__") and node.args and \
                    isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def package_imports(package: str, root: Path = ROOT) -> dict[str, set[str]]:
    """{module: what it imports} for every module of a package (empty when it does not exist)."""
    folder = root.joinpath(*package.split("."))
    if not folder.is_dir():
        return {}
    return {module_of(p, root): imports_of(p, root) for p in sorted(folder.rglob("*.py"))}


def within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def broken(package: str, *, allowed: tuple[str, ...] | None = None,
           denied: tuple[str, ...] = (), root: Path = ROOT) -> list[str]:
    """Imports of ``package`` that break its floor, as ``importer -> imported`` lines.

    With ``allowed``, a game module outside the package and those prefixes
    breaks it (and pygame always does); ``denied`` names what may never be
    imported.
    """
    out = []
    for module, imported in package_imports(package, root).items():
        if module in ENTRY_POINTS:
            continue
        for name in sorted(imported):
            if (module, name) in KNOWN_EXCEPTIONS or (module, name.rsplit(".", 1)[0]) in KNOWN_EXCEPTIONS:
                continue
            bad = within(name, denied)
            if allowed is not None:
                ours = within(name, (package,) + LOWEST) or name == "jayden_jazz"
                bad = bad or within(name, ("pygame",)) or (
                    name.startswith("jayden_jazz") and not ours and not within(name, allowed))
            if bad:
                out.append(f"{module} -> {name}")
    return out


ENGINES = ("jayden_jazz.jayden", "jayden_jazz.cards")
#: Modules that import nothing of the game, which any floor may use: where the files are, the
#: atomic writer and its kin, the safe YAML loader.
LOWEST = ("jayden_jazz.paths", "jayden_jazz.files", "jayden_jazz.yamlbase")
SCREENS = ("jayden_jazz.scenes", "jayden_jazz.shell", "pygame")


@pytest.mark.parametrize("package, allowed, denied", [
    ("jayden_jazz.jayden", (), ("pygame",)),
    ("jayden_jazz.cards", (), ("pygame",)),
    ("jayden_jazz.ai", None, SCREENS + ("jayden_jazz.saves", "jayden_jazz.settings", "jayden_jazz.statistics")),
    ("jayden_jazz.saves", None, SCREENS + ("jayden_jazz.settings",)),
    ("jayden_jazz.tables", None, SCREENS),
    ("jayden_jazz.journey", None, SCREENS + ("jayden_jazz.ai",)),
    ("jayden_jazz.net", None, SCREENS),
    ("jayden_jazz.online", None, SCREENS),
    ("jayden_jazz.scenes.cardkit", None,
     ("jayden_jazz.scenes.cards", "jayden_jazz.scenes.workshop", "jayden_jazz.scenes.jayden")),
    ("jayden_jazz.scenes.workshop", None, ("jayden_jazz.scenes.cards",)),
])
def test_each_floor_holds(package, allowed, denied):
    assert broken(package, allowed=allowed, denied=denied) == []


def test_every_known_exception_is_still_there():
    """An exception that was fixed is taken off the list, so the floor cannot slip back unseen."""
    for importer, imported in KNOWN_EXCEPTIONS:
        path = ROOT.joinpath(*importer.split(".")).with_suffix(".py")
        assert path.is_file() and imported in imports_of(path), (
            f"{importer} no longer imports {imported}: remove it from KNOWN_EXCEPTIONS")


def test_the_checker_sees_lazy_relative_and_named_imports(tmp_path):
    """The reader itself: a floor test that cannot see an import proves nothing."""
    fake = tmp_path / "jayden_jazz" / "cards"
    fake.mkdir(parents=True)
    (tmp_path / "jayden_jazz" / "__init__.py").write_text("")
    (tmp_path / "jayden_jazz" / "scenes").mkdir()
    (tmp_path / "jayden_jazz" / "scenes" / "__init__.py").write_text("")
    (tmp_path / "jayden_jazz" / "scenes" / "title.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "lazy.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from jayden_jazz.shell import palette\n"
        "def f():\n    from ..scenes import title\n    import pygame.draw\n"
        "def g():\n    return __import__('importlib').import_module('jayden_jazz.saves.store')\n")
    assert broken("jayden_jazz.cards", allowed=(), denied=("pygame",), root=tmp_path) == [
        "jayden_jazz.cards.lazy -> jayden_jazz.saves.store",
        "jayden_jazz.cards.lazy -> jayden_jazz.scenes.title",
        "jayden_jazz.cards.lazy -> pygame.draw",
    ]


def test_the_card_engine_commands_that_need_more_live_above_it():
    """``render`` (pygame) and ``replay`` (saves) are reached through the entry point, not the engine."""
    engine = imports_of(PKG / "cards" / "cli.py")
    assert not any(within(m, ("jayden_jazz.scenes", "jayden_jazz.saves", "pygame")) for m in engine)
    assert '"jayden_jazz.commands:main"' in (PKG / "cards" / "__main__.py").read_text(encoding="utf-8")


def test_the_journey_sits_below_the_computer_player():
    """``ai/journey`` plays the Journey's games, so the Journey's rules may not call up into ``ai``
    (its opponent's hand is chosen in ``ai/journey/hands.py``): the two never import each other."""
    journey = {n for names in package_imports("jayden_jazz.journey").values() for n in names}
    assert not any(within(n, ("jayden_jazz.ai",)) for n in journey)
    assert "jayden_jazz.journey.match" in imports_of(PKG / "ai" / "journey" / "hands.py")
    assert "jayden_jazz.ai.journey.hands" in imports_of(PKG / "ai" / "journey" / "arena.py")
