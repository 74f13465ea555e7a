"""The rules documents are the project's own and every rule in them is tested.

A test file names the sections it checks with lines such as
``# rule: cards.md#capture`` near its top (one or more ``file#anchor``
references after ``# rule:``). Anchors are the headings of
``docs/rules/*.md`` written the way GitHub links them. A section no test
names must be listed in ``UNCITED`` below, and that list is kept empty.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "docs" / "rules"
CITE = re.compile(r"^#\s*rule:\s*(.+)$", re.MULTILINE)
HEADING = re.compile(r"^(#{2,6})\s+(.+?)\s*$", re.MULTILINE)

#: Rule sections no test names yet. Keep this empty: write the test instead.
UNCITED: tuple[str, ...] = ()


def slug(title: str) -> str:
    """A heading as GitHub anchors it: lower case, punctuation dropped, spaces to '-'."""
    s = re.sub(r"[^\w\- ]", "", title.strip().lower())
    return s.replace(" ", "-")


def _without_code(text: str) -> str:
    return re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)


def rule_sections() -> dict[str, list[str]]:
    """``{"cards.md#capture": [...]}``: every heading below the title, per file."""
    out: dict[str, list[str]] = {}
    for doc in sorted(RULES_DIR.glob("*.md")):
        for _, title in HEADING.findall(_without_code(doc.read_text(encoding="utf-8"))):
            out.setdefault(f"{doc.name}#{slug(title)}", []).append(title)
    return out


def citations() -> dict[str, set[str]]:
    """``{"cards.md#capture": {"tests/cards/test_cards_capture.py", ...}}``."""
    out: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for line in CITE.findall(path.read_text(encoding="utf-8")):
            for ref in line.split():
                out.setdefault(ref, set()).add(str(path.relative_to(ROOT)))
    return out


def test_both_rules_documents_exist_with_sections():
    names = {p.name for p in RULES_DIR.glob("*.md")}
    assert {"jayden.md", "cards.md"} <= names
    sections = rule_sections()
    assert sum(k.startswith("jayden.md#") for k in sections) >= 20
    assert sum(k.startswith("cards.md#") for k in sections) >= 20


def test_headings_are_unique_so_every_anchor_names_one_section():
    doubled = {k: v for k, v in rule_sections().items() if len(v) > 1}
    assert not doubled


def test_every_citation_names_a_real_section():
    sections = rule_sections()
    stale = {ref: sorted(files) for ref, files in citations().items() if ref not in sections}
    assert not stale, f"tests cite sections that do not exist: {stale}"


def test_every_rule_section_is_cited_by_a_test():
    cited = citations()
    uncited = sorted(k for k in rule_sections() if k not in cited)
    assert uncited == sorted(UNCITED), (
        f"rule sections no test names (add '# rule: <file>#<anchor>' to the test that checks "
        f"each, or write that test): {uncited}")
    assert UNCITED == ()


def test_the_citation_check_would_catch_a_missing_one():
    sections = rule_sections()
    cited = citations()
    some = "cards.md#capture"
    assert some in sections and some in cited
    del cited[some]
    assert [k for k in sections if k not in cited] == [some]


def test_links_inside_the_rules_documents_resolve():
    sections = rule_sections()
    link = re.compile(r"\]\(([^)\s]+)\)")
    broken = []
    for doc in sorted(RULES_DIR.glob("*.md")):
        for target in link.findall(doc.read_text(encoding="utf-8")):
            if target.startswith("http"):
                continue
            path, _, anchor = target.partition("#")
            if not path:
                if f"{doc.name}#{anchor}" not in sections:
                    broken.append(f"{doc.name}: {target}")
                continue
            file = (doc.parent / path).resolve()
            if not file.is_file():
                broken.append(f"{doc.name}: {target}")
            elif anchor:
                heads = {slug(t) for _, t in HEADING.findall(file.read_text(encoding="utf-8"))}
                if anchor not in heads:
                    broken.append(f"{doc.name}: {target}")
    assert not broken


def test_readme_and_instructions_point_to_the_rules():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules/jayden.md" in readme and "docs/rules/cards.md" in readme
    text = ROOT / "assets" / "text"
    assert "docs/rules/jayden.md" in (text / "instructions_jayden.txt").read_text(encoding="utf-8")
    assert "docs/rules/cards.md" in (text / "instructions_cards.txt").read_text(encoding="utf-8")


def test_nothing_cites_the_private_rules_folder():
    needle = "shared" + "/"            # spelled apart so this file does not match itself
    hits = []
    for top in ("jayden_jazz", "docs", "assets", "tests", "tools", "README.md"):
        base = ROOT / top
        files = [base] if base.is_file() else [p for p in base.rglob("*") if p.is_file()]
        for p in files:
            if p.suffix not in (".py", ".md", ".txt", ".yaml", ".yml", ".toml", ""):
                continue
            try:
                if needle in p.read_text(encoding="utf-8"):
                    hits.append(str(p.relative_to(ROOT)))
            except UnicodeDecodeError:
                continue
    assert not hits
