"""The README and the documents under docs/ hold together as a newcomer reads them.

Every relative link and picture resolves to a file in the repository (and a
``#section`` to a heading of that file, anchored the way GitHub does it), the
README's test command is character for character the one CI runs, and the
README stays short enough to read (details live one link away, in docs/).
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_rules_docs import slug

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$", re.MULTILINE)
README_MAX_LINES = 250


def _without_code(text: str) -> str:
    text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    return re.sub(r"`[^`\n]*`", "", text)


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _anchors(text: str) -> set[str]:
    return {slug(t) for t in HEADING.findall(_without_code(text))}


def broken_links(doc: Path, text: str | None = None) -> list[str]:
    """The link targets in ``doc`` (or in ``text``, read as if it were ``doc``) that do not resolve."""
    text = doc.read_text(encoding="utf-8") if text is None else text
    broken = []
    for target in LINK.findall(_without_code(text)):
        if re.match(r"[a-z]+:", target):        # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        if not path:
            if anchor not in _anchors(text):
                broken.append(target)
            continue
        file = (doc.parent / path).resolve()
        if not file.exists() or ROOT not in file.parents:
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in _anchors(file.read_text(encoding="utf-8")):
            broken.append(target)
    return broken


def test_every_relative_link_in_the_readme_and_docs_resolves() -> None:
    broken = {str(d.relative_to(ROOT)): b for d in documents() if (b := broken_links(d))}
    assert not broken


def test_the_link_check_catches_a_missing_file_section_or_way_out() -> None:
    text = ("# T\n\n## Here\n\n[a](nothing.md) [b](shell.md#no-such-part) [c](#here) [d](#there)\n"
            "[e](shell.md) [f](../../outside.md) `[g](in-code.md)`\n")
    assert broken_links(ROOT / "docs" / "example.md", text) == [
        "nothing.md", "shell.md#no-such-part", "#there", "../../outside.md"]


def test_the_readme_test_command_is_the_one_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"```sh\n{ci}\n```" in readme


def test_the_readme_stays_short_and_points_to_the_details() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MAX_LINES
    for doc in ("docs/strength.md", "docs/saves.md", "docs/architecture.md", "docs/jayden-engine.md",
                "docs/cards-engine.md", "docs/card-packs.md", "docs/shell.md", "docs/playing.md"):
        assert f"]({doc}" in readme, doc
