"""No screen imports another screen's module: they open each other by registered name.

A *scene module* is one that defines a whole-screen scene (an opaque
``Scene``). Every module under ``jayden_jazz/scenes/`` — screens and their
helpers alike — is read as source (AST), and an import of another scene
module fails the test, lazy imports inside functions included; imports under
``if TYPE_CHECKING:`` are only for the type checker and do not count.
Screens go through ``app.scene(name, **args)`` (``scenes/registry.py``).
"""

from __future__ import annotations

import ast
import inspect
from importlib import import_module
from pathlib import Path

import pytest

from jayden_jazz.scenes import registry
from jayden_jazz.shell.scene import Scene

ROOT = Path(__file__).resolve().parent.parent
SCENES_DIR = ROOT / "jayden_jazz" / "scenes"

#: Helper modules that hold a full-screen window but are shared by several screens.
SHARED_HELPERS = {
    "jayden_jazz.scenes.cards.windows": "the pass screen between turns, used by the table and the hand picker",
}


def module_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def all_modules() -> list[str]:
    return sorted(module_of(p) for p in SCENES_DIR.rglob("*.py"))


def scene_modules() -> set[str]:
    found = set()
    for name in all_modules():
        module = import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Scene) and cls.__module__ == name and cls.opaque:
                found.add(name)
    return found - set(SHARED_HELPERS)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def runtime_imports(source: str, module: str) -> set[str]:
    """Every module the source imports when it runs (``from a.b import c`` gives a.b and a.b.c)."""
    found: set[str] = set()
    package = module.rsplit(".", 1)[0]

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
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def test_the_scan_sees_lazy_imports_and_skips_type_checking_ones():
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from jayden_jazz.scenes.title import TitleScene\n"
              "def later():\n    from jayden_jazz.scenes.jayden import board\n"
              "    import jayden_jazz.scenes.options\n"
              "from .setup import x\n")
    found = runtime_imports(source, "jayden_jazz.scenes.cards.hands")
    assert "jayden_jazz.scenes.jayden.board" in found and "jayden_jazz.scenes.options" in found
    assert "jayden_jazz.scenes.cards.setup" in found
    assert "jayden_jazz.scenes.title" not in found


def test_the_known_screens_are_scene_modules():
    mods = scene_modules()
    for name in ("jayden_jazz.scenes.jayden.board", "jayden_jazz.scenes.jayden.setup",
                 "jayden_jazz.scenes.cards.hands", "jayden_jazz.scenes.cards.setup",
                 "jayden_jazz.scenes.cards.table", "jayden_jazz.scenes.title"):
        assert name in mods
    assert "jayden_jazz.scenes.windows" not in mods and "jayden_jazz.scenes.seats" not in mods


@pytest.mark.parametrize("module", all_modules())
def test_no_scene_module_is_imported_by_another_module_of_the_scenes(module):
    path = ROOT / Path(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    wrong = sorted((runtime_imports(path.read_text(encoding="utf-8"), module) & scene_modules()) - {module})
    assert not wrong, (f"{module} imports the screen module(s) {', '.join(wrong)}: open a screen with "
                       "app.scene(name, ...) from scenes/registry.py instead")


def test_every_registered_name_is_a_scene_maker():
    for name in list(registry.SCENES) + list(registry.PARTS):
        assert callable(registry.factory(name)), name
    assert registry.scene_type("menu").__name__ == "TitleScene"
    with pytest.raises(registry.UnknownScene):
        registry.factory("no-such-screen")
