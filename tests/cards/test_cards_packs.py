"""Card packs: the bad-pack corpus, the example and default packs, discovery, the CLI."""
# rule: cards.md#cards
# rule: cards.md#card-packs
# rule: cards.md#loading-packs
# rule: cards.md#problems-in-packs
# rule: cards.md#design-budget
# rule: cards.md#shipped-packs

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from jayden_jazz.cards import GameRecord
from jayden_jazz.cards.cli import main as cli_main
from jayden_jazz.cards.language import CONDITION_KEYS, EFFECTS, FILTER_KEYS
from jayden_jazz.cards.loader import MAX_PACK_BYTES, load_pack, load_packs, parse_pack_text, read_pack_text
from jayden_jazz.cards.yamlfile import PackLoader

HERE = Path(__file__).resolve().parent
BAD = HERE / "bad_packs"
ROOT = HERE.parents[1]
EXAMPLE = ROOT / "cards" / "example"
DEFAULT = ROOT / "cards" / "default"

PACK = None   # the problem is about the whole pack: no card named
# file -> (card that is named, field, words the message must contain, whether the pack's good card loads)
CORPUS: dict[str, tuple[str | None, str | None, str, bool]] = {
    "syntax_error.yaml": (PACK, None, "expected ',' or '}'", False),
    "multi_doc.yaml": (PACK, None, "expected a single document", False),
    "empty.yaml": (PACK, None, "the file is empty", False),
    "top_list.yaml": (PACK, None, "a pack file is a mapping with 'pack' and 'cards', not a list", False),
    "missing_pack.yaml": (PACK, "pack", "the 'pack' header (id, name, author, version) is missing", False),
    "bad_pack_id.yaml": (PACK, "pack.id", "'My Pack!' is not a pack id", False),
    "missing_version.yaml": (PACK, "pack.version", "pack version is missing", False),
    "unknown_top_key.yaml": (PACK, "extras", "unknown key 'extras'; a pack file has: pack, cards", False),
    "cards_not_list.yaml": (PACK, "cards", "'cards' must be a list of cards, not a mapping", False),
    "format_too_new.yaml": (PACK, "pack.format", "written for format 2", False),
    "not_utf8.yaml": (PACK, None, "not UTF-8", False),
    "python_tag.yaml": ("python-tag/bad", "likes", "the YAML tag !!python/object/apply:os.system is not allowed", True),
    "custom_tag.yaml": ("custom-tag/bad", "sides", "the YAML tag !secret is not allowed", True),
    "alias_bomb.yaml": ("alias-bomb/bad", "likes", "standing for more than 5,000 values through aliases", True),
    "picture_escape.yaml": ("picture-escape/bad", "picture", "leaves the pack folder", True),
    "picture_absolute.yaml": ("picture-absolute/bad", "picture", "is an absolute path", True),
    "over_budget.yaml": ("over-budget/bad", "budget", "over budget: sides 36 + ability costs 0 = 36; the most is 24", True),
    "side_out_of_range.yaml": ("side-out-of-range/bad", "sides.top", "11 is not a side value; a side is 1-9 or A", True),
    "side_zero.yaml": ("side-zero/bad", "sides.left", "0 is not a side value", True),
    "side_wrong_type.yaml": ("side-wrong-type/bad", "sides.top", "'high' is not a side value", True),
    "missing_side.yaml": ("missing-side/bad", "sides.left", "the left side is missing", True),
    "unknown_side.yaml": ("unknown-side/bad", "sides.middle", "unknown side 'middle'; the sides are top, right, bottom, left", True),
    "too_many_abilities.yaml": ("too-many-abilities/bad", "abilities", "4 abilities; at most 3", True),
    "unknown_effect.yaml": ("unknown-effect/bad", "abilities[1].effect",
                            "unknown effect 'steal'; effects: modify, gain_control, swap, reset, win", True),
    "unknown_target.yaml": ("unknown-target/bad", "abilities[1].target",
                            "modify targets: self, own, opponents, all, neighbours", True),
    "unknown_timing.yaml": ("unknown-timing/bad", "abilities[1].timing", "unknown timing 'forever'; timings: turn, instant", True),
    "unknown_card_key.yaml": ("unknown-card-key/bad", "colour", "unknown key 'colour'; a card may have: id, name", True),
    "unknown_ability_key.yaml": ("unknown-ability-key/bad", "abilities[1].power", "an ability may have: name, timing", True),
    "timing_mismatch.yaml": ("timing-mismatch/bad", "abilities[1].timing", "modify is a turn effect, not instant", True),
    "reset_cheap.yaml": ("reset-cheap/bad", "abilities[1].cost", "a reset ability costs at least 12, not 8", True),
    "win_cheap.yaml": ("win-cheap/bad", "abilities[1].cost", "a win ability costs at least 16, not 12", True),
    "cost_zero.yaml": ("cost-zero/bad", "abilities[1].cost", "cost must be a whole number of at least 1, not 0", True),
    "amount_zero.yaml": ("amount-zero/bad", "abilities[1].amount", "from -9 to 9 other than 0, not 0", True),
    "count_too_big.yaml": ("count-too-big/bad", "abilities[1].count", "count must be a whole number from 1 to 3, not 4", True),
    "key_not_for_effect.yaml": ("key-not-for-effect/bad", "abilities[1].amount", "amount is not used by swap (only by modify)", True),
    "filter_on_win.yaml": ("filter-on-win/bad", "abilities[1].filter", "win affects the whole game; it takes no filter", True),
    "bad_condition_key.yaml": ("bad-condition-key/bad", "abilities[1].condition.lucky",
                               "unknown condition 'lucky'; conditions: captured_at_least, controlling_at_most", True),
    "bad_filter_value.yaml": ("bad-filter-value/bad", "abilities[1].filter.roasting_before",
                              "write year and month as \"YYYY-MM\", not 'yesterday'", True),
    "duplicate_card_id.yaml": ("duplicate-card-id/good", "id", "already used by card #1 of this pack", True),
    "missing_fields.yaml": ("missing-fields/bare", "name", "name is missing", True),
    "bad_date.yaml": ("bad-date/bad", "started_roasting", "month 13 in '2001-13' is not 1-12", True),
    "wrong_text_type.yaml": ("wrong-text-type/bad", "likes", "likes must be text, not 42", True),
    "aliases_not_list.yaml": ("aliases-not-list/bad", "aliases", "aliases is a list of names", True),
    "card_not_mapping.yaml": ("#2", None, "a card is a mapping", True),
    "bad_card_id.yaml": ("#2", "id", "'Bad Card!' is not a card id", True),
}
WARNINGS = {
    "long_description.yaml": ("description", "the description has 5 sentences; keep it to 1-4"),
    "cheap_ability.yaml": ("abilities[1].cost", "cost 2 is below the suggested 16"),
}


def test_the_corpus_holds_every_listed_file_and_at_least_twenty():
    files = {p.name for p in BAD.glob("*.yaml")}
    assert set(CORPUS) | set(WARNINGS) == files
    assert len(CORPUS) >= 20


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_bad_pack_is_reported_in_plain_words(name):
    card, field, words, good_loads = CORPUS[name]
    info, cards, problems = load_pack(BAD / name)
    errors = [p for p in problems if p.is_error]
    assert errors, f"{name}: no error reported"
    hit = [p for p in errors if words in p.message]
    assert hit, f"{name}: no message with {words!r}: {[str(p) for p in errors]}"
    p = hit[0]
    assert p.file == str(BAD / name) and p.card == card and p.field == field
    if name != "not_utf8.yaml":
        assert p.line is not None and p.line >= 1
    assert words in str(p) and p.severity == "error"
    ids = [c.id for c in cards]
    if good_loads:
        assert info is not None and ids == [f"{info.id}/good"]
        assert all(p.card is not None for p in errors)       # only cards were refused
    else:
        assert info is None and ids == []


@pytest.mark.parametrize("name", sorted(WARNINGS))
def test_warnings_do_not_refuse_the_card(name):
    field, words = WARNINGS[name]
    info, cards, problems = load_pack(BAD / name)
    assert [p.severity for p in problems] == ["warning"]
    assert problems[0].field == field and words in problems[0].message
    assert len(cards) == 2 and info is not None


def test_the_line_number_points_at_the_offending_value():
    _, _, problems = load_pack(BAD / "side_out_of_range.yaml")
    lines = (BAD / "side_out_of_range.yaml").read_text().splitlines()
    assert "top: 11" in lines[problems[0].line - 1]
    _, _, problems = load_pack(BAD / "unknown_effect.yaml")
    assert "steal" in (BAD / "unknown_effect.yaml").read_text().splitlines()[problems[0].line - 1]


def test_every_problem_of_a_pack_is_reported_not_only_the_first(tmp_path):
    text = (BAD / "over_budget.yaml").read_text().replace("id: bad", "id: bad\n    colour: red").replace(
        '"2003-04"\n    likes: "Trouble"', '"2003-13"\n    likes: "Trouble"')
    (tmp_path / "many.yaml").write_text(text)
    _, cards, problems = load_pack(tmp_path / "many.yaml")
    fields = {p.field for p in problems}
    assert {"colour", "started_roasting"} <= fields and len(cards) == 1


def test_a_python_tag_is_never_executed(tmp_path):
    marker = Path("/tmp/jayden_jazz_bad_pack_marker")
    marker.unlink(missing_ok=True)
    load_packs([BAD / "python_tag.yaml"])
    assert not marker.exists()
    # SafeLoader or libyaml's CSafeLoader: both construct with SafeConstructor only
    assert issubclass(PackLoader, yaml.constructor.SafeConstructor)
    assert not issubclass(PackLoader, (yaml.constructor.FullConstructor, yaml.constructor.UnsafeConstructor))


def test_a_file_over_five_mebibytes_is_refused_unread(tmp_path):
    big = tmp_path / "huge.yaml"
    good = (BAD / "long_description.yaml").read_text()
    big.write_text(good + "#" * (MAX_PACK_BYTES + 1 - len(good.encode())) + "\n")
    assert big.stat().st_size > MAX_PACK_BYTES
    info, cards, problems = load_pack(big)
    assert info is None and cards == [] and "at most 5 MiB" in problems[0].message
    exact = tmp_path / "exact.yaml"
    exact.write_text(good + "#" * (MAX_PACK_BYTES - 2 - len(good.encode())) + "\n")
    text, problems = read_pack_text(exact)                     # at the limit: read, not refused
    assert exact.stat().st_size <= MAX_PACK_BYTES and text is not None and problems == []


def test_a_second_pack_with_the_same_id_is_refused():
    catalog, problems = load_packs([BAD / "duplicate_pack"])
    assert list(catalog.packs) == ["twin"] and catalog.packs["twin"].file.name == "twin_a.yaml"
    assert len(problems) == 1 and problems[0].file.endswith("twin_b.yaml")
    assert "already loaded" in problems[0].message and problems[0].line == 2


def test_bad_packs_do_not_stop_good_packs(tmp_path):
    catalog, problems = load_packs([BAD, EXAMPLE])
    assert "example" in catalog.packs and len(catalog.pack_cards("example")) == 12
    good_cards = {c for c in catalog if c.endswith("/good")}
    assert len(good_cards) == sum(1 for v in CORPUS.values() if v[3]) + len(WARNINGS) + 1   # + twin
    assert any(p.is_error for p in problems)


def test_a_picture_must_resolve_inside_the_pack_folder(tmp_path):
    pack = tmp_path / "pack"
    (pack / "pictures").mkdir(parents=True)
    real_png = (EXAMPLE / "pictures" / "devan.png").read_bytes()
    (pack / "pictures" / "ok.png").write_bytes(real_png)
    outside = tmp_path / "secret.png"
    outside.write_bytes(real_png)
    os.symlink(outside, pack / "pictures" / "link.png")
    text = (BAD / "long_description.yaml").read_text().replace("One. Two. Three. Four. Five.", "Fine.")
    for pic, words, loads in (("pictures/ok.png", None, True), ("pictures/link.png", "through a link", False),
                              ("pictures/missing.png", "is not in the pack folder", True)):
        (pack / "p.yaml").write_text(text.replace("  - id: bad\n", f"  - id: bad\n    picture: {pic}\n"))
        _, cards, problems = load_pack(pack / "p.yaml")
        bad = [c for c in cards if c.key == "bad"]
        assert bool(bad) == loads, pic
        if words:
            assert any(words in p.message for p in problems), pic
        if pic == "pictures/ok.png":
            assert bad[0].picture == (pack / "pictures" / "ok.png").resolve()


def test_cards_folders_hold_pack_files_and_pack_folders(tmp_path):
    text = (BAD / "long_description.yaml").read_text()
    (tmp_path / "loose.yaml").write_text(text.replace("long-description", "loose"))
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "inner.yml").write_text(text.replace("long-description", "inner"))
    (tmp_path / ".hidden.yaml").write_text(text.replace("long-description", "hidden"))
    (tmp_path / "notes.txt").write_text("not a pack")
    catalog, problems = load_packs([tmp_path, tmp_path / "loose.yaml", tmp_path / "nowhere"])
    assert sorted(catalog.packs) == ["inner", "loose"]
    assert [p.message for p in problems if p.is_error] == ["no such file or folder"]
    assert catalog.packs["inner"].folder == tmp_path / "folder"


# ---------------------------------------------------------------------- shipped packs


def test_the_example_pack_loads_cleanly_and_shows_every_ability_form():
    catalog, problems = load_packs([EXAMPLE])
    assert problems == []
    cards = list(catalog.values())
    abilities = [a for c in cards for a in c.abilities]
    assert {a.effect for a in abilities} == set(EFFECTS)
    assert {a.target for a in abilities} == {t for e in EFFECTS.values() for t in e.targets}
    assert {k for a in abilities for k in CONDITION_KEYS if getattr(a.condition, k) is not None} == set(CONDITION_KEYS)
    assert {k for a in abilities for k in FILTER_KEYS if getattr(a.filter, k) is not None} == set(FILTER_KEYS)
    assert any(len(c.abilities) == 3 for c in cards) and any(not c.abilities for c in cards)
    assert any(c.aliases for c in cards) and any(c.picture for c in cards) and any(a.name for a in abilities)
    assert {a.amount > 0 for a in abilities if a.effect == "modify"} == {True, False}
    assert {a.count for a in abilities if a.effect == "gain_control"} >= {1, 2}
    devan = catalog["example/devan"]
    assert devan.sides == (2, 4, 7, 5) and devan.picture.is_file()
    text = (EXAMPLE / "example.yaml").read_text()
    assert text.count("#") > 60                               # it is commented


def test_the_rules_seed_examples_are_expressible():
    catalog, _ = load_packs([EXAMPLE])
    texts = {c.id: c.abilities[0] for c in catalog.values() if c.abilities}
    hot = texts["example/devan"]
    assert (hot.effect, hot.target, hot.amount, hot.sides, hot.cost) == ("modify", "self", 3, (0, 1, 2, 3), 4)
    quill = texts["example/quick_quill"]
    assert (quill.effect, quill.filter.roasting_within_years, quill.cost) == ("gain_control", 2, 4)
    fog = texts["example/fog_horn"]
    assert (fog.target, fog.amount, fog.sides, fog.cost) == ("opponents", -1, (0, 2), 4)


@pytest.mark.skipif(not DEFAULT.is_dir(), reason="the default pack is not written yet")
def test_the_default_pack_has_no_refused_card():
    catalog, problems = load_packs([DEFAULT])
    errors = [str(p) for p in problems if p.is_error]
    assert errors == []
    assert "default" in catalog.packs and len(catalog) >= 30


# ---------------------------------------------------------------------- command line


def _cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli_main(list(args))
    return code, out.getvalue()


def test_cli_validate_prints_every_problem_and_fails_on_a_refused_card():
    code, out = _cli("validate", str(EXAMPLE))
    assert code == 0 and "12 card(s) loaded" in out
    code, out = _cli("validate", str(BAD / "unknown_effect.yaml"), str(BAD / "long_description.yaml"))
    assert code == 1
    assert "unknown effect 'steal'" in out and "5 sentences" in out and "1 card(s) and 0 pack(s) refused" in out
    code, out = _cli("validate", str(BAD / "long_description.yaml"))
    assert code == 0 and "warning" in out


def test_cli_play_random_prints_a_record_that_replays():
    code, out = _cli("play-random", "--field", "3x3", "--players", "2", "--seed", "7",
                     "--packs", str(EXAMPLE), "--date", "2026-11")
    assert code == 0
    rec = GameRecord.from_yaml(out)
    catalog, _ = load_packs([EXAMPLE])
    g = rec.replay(catalog)
    assert g.is_over() and rec.result == g.result().to_dict()
    code2, out2 = _cli("play-random", "--field", "3x3", "--players", "2", "--seed", "7",
                       "--packs", str(EXAMPLE), "--date", "2026-11")
    assert out2 == out                                          # the seed decides everything


def test_cli_show_cards_fields_and_records(tmp_path):
    code, out = _cli("show", "example/devan", "ring5", "--packs", str(EXAMPLE))
    assert code == 0 and "Devan" in out and "2475" in out and "16 playable cells" in out
    _, rec = _cli("play-random", "--seed", "3", "--packs", str(EXAMPLE), "--date", "2026-11")
    (tmp_path / "game.yaml").write_text(rec)
    code, out = _cli("show", str(tmp_path / "game.yaml"), "--packs", str(EXAMPLE))
    assert code == 0 and "position: jazz1 " in out and "result:" in out
    code, out = _cli("show", "no-such-thing", "--packs", str(EXAMPLE))
    assert code == 1


def test_the_engine_imports_no_pygame():
    code = ("import sys, jayden_jazz.cards, jayden_jazz.cards.cli, jayden_jazz.cards.loader;"
            "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame' "
            "or m.startswith(('jayden_jazz.shell', 'jayden_jazz.scenes'))];"
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stdout + r.stderr


def test_loading_bad_packs_changes_no_file(tmp_path):
    import shutil
    folder = tmp_path / "user_cards"
    shutil.copytree(BAD, folder)
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in folder.rglob("*") if p.is_file()}
    load_packs([folder])
    after = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in folder.rglob("*") if p.is_file()}
    assert after == before


_scalars = st.one_of(st.none(), st.booleans(), st.integers(-20, 40), st.text(max_size=12),
                     st.sampled_from(["A", "all", "top", "2001-03", "modify", "self", "swap", "game"]))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                       max_leaves=12)
_card_keys = st.sampled_from(["id", "name", "aliases", "started_roasting", "likes", "dislikes", "description",
                              "sides", "picture", "abilities", "cost", "effect"])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.dictionaries(_card_keys, _values, max_size=8), max_size=3))
def test_any_yaml_data_in_a_card_gives_problems_never_a_crash(cards):
    text = yaml.safe_dump({"pack": {"id": "fuzz", "name": "F", "author": "a", "version": "1"}, "cards": cards})
    info, loaded, problems = parse_pack_text(text, Path("fuzz.yaml"), None)
    assert info is not None
    card_errors = [p for p in problems if p.is_error and p.card]
    assert (len(loaded) == len(cards)) == (not card_errors)   # a card loads exactly when it has no error
    for p in problems:
        assert p.message and p.severity in ("error", "warning")
