"""Hostile card packs: bounded time and memory, a bounded report, every problem still named."""

from __future__ import annotations

import io
import time
from contextlib import redirect_stdout

import pytest

from helpers import press, step
from jayden_jazz.cards import loader
from jayden_jazz.cards.catalog import MAX_PER_KIND, Problem, cap_problems, shared_key
from jayden_jazz.cards.cli import main as cards_cli
from jayden_jazz.cards.loader import MAX_CARDS_PER_PACK, MAX_PACK_BYTES, load_pack, load_packs

HEAD = 'pack: {id: hostile, name: "Hostile", author: "tests", version: "1"}\ncards:\n'


def card(i: int, anchor: str = "") -> str:
    return (f"  - {anchor}\n    id: c{i}\n    name: \"Card {i}\"\n    started_roasting: \"2001-01\"\n"
            f"    likes: \"Tea\"\n    dislikes: \"Rain\"\n    description: \"A card.\"\n"
            f"    sides: {{top: 1, right: 2, bottom: 3, left: 4}}\n")


def write(tmp_path, text: str, name: str = "p.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_one_card_referred_to_thousands_of_times_is_read_once_and_reported_briefly(tmp_path):
    refs = 5 * MAX_CARDS_PER_PACK
    path = write(tmp_path, HEAD + card(0, "&c") + "  - *c\n" * refs)
    info, cards, problems = load_pack(path)
    assert [c.key for c in cards] == ["c0"]
    dups = [p for p in problems if "already used" in p.message]
    assert len(dups) == MAX_PER_KIND
    more = [p for p in problems if p.message.startswith("and ") and "more like this" in p.message]
    assert [p.message for p in more] == [f"and {MAX_CARDS_PER_PACK - 1 - MAX_PER_KIND:,} more like this"]
    limit = [p for p in problems if p.field == "cards" and "at most" in p.message]
    assert len(limit) == 1 and f"the pack has {refs + 1:,} cards" in limit[0].message
    assert len(problems) < 10


def test_a_pack_over_the_card_limit_loads_its_first_cards_and_refuses_the_rest(tmp_path):
    n = MAX_CARDS_PER_PACK + 200
    path = write(tmp_path, HEAD + "".join(card(i) for i in range(n)))
    info, cards, problems = load_pack(path)
    assert len(cards) == MAX_CARDS_PER_PACK and cards[-1].key == f"c{MAX_CARDS_PER_PACK - 1}"
    assert [p.message for p in problems] == [
        f"the pack has {n:,} cards; a pack may have at most {MAX_CARDS_PER_PACK:,}: the first "
        f"{MAX_CARDS_PER_PACK:,} were read and the other 200 refused (split the pack into several)"]
    assert problems[0].line == 2


@pytest.mark.parametrize("where", ["cards", "top"])
def test_nested_aliases_standing_for_billions_are_refused_without_building_them(tmp_path, where):
    levels = "".join(f"      l{k}: &l{k} [*l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}]\n" for k in range(1, 20))
    if where == "cards":
        text = (HEAD + card(0) + "  - id: bomb\n    zz:\n      l0: &l0 [a, b, c, d]\n" + levels
                + "    likes: *l19\n")
    else:
        text = HEAD.replace("cards:\n", "x:\n  l0: &l0 [a, b, c, d]\n" + levels.replace("      ", "  ")
                            + "cards:\n  - *l19\n")
    info, cards, problems = load_pack(write(tmp_path, text))
    words = [p.message for p in problems if "through aliases" in p.message or "aliases (*name)" in p.message]
    assert words, [str(p) for p in problems]
    if where == "cards":
        assert [c.key for c in cards] == ["c0"]             # the other card still loads
        assert any(p.card == "hostile/bomb" and p.field == "likes" for p in problems)
    else:
        assert info is None and cards == []


def test_an_alias_that_contains_itself_is_refused(tmp_path):
    info, cards, problems = load_pack(write(tmp_path, HEAD + "  - &me [*me]\n"))
    assert info is None or not cards
    assert problems and all(p.is_error for p in problems)


def test_the_values_a_pack_may_hold_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(loader, "MAX_PACK_VALUES", 500)
    info, cards, problems = load_pack(write(tmp_path, HEAD + "".join(card(i) for i in range(100))))
    assert info is None and cards == []
    assert [p.message for p in problems] == ["the file holds more than 500 values; a pack may hold at most that many"]


def test_a_refused_header_still_has_its_cards_checked(tmp_path):
    text = HEAD.replace('author: "tests", ', "") + card(0) + card(1).replace("top: 1", "top: 11")
    info, cards, problems = load_pack(write(tmp_path, text))
    assert info is None and cards == []
    fields = {(p.card, p.field) for p in problems}
    assert (None, "pack.author") in fields and ("hostile/c1", "sides.top") in fields
    assert any("its cards were checked" in p.message for p in problems)


def test_a_pack_one_byte_over_the_limit_says_its_exact_size(tmp_path):
    path = tmp_path / "big.yaml"
    with open(path, "wb") as f:
        f.truncate(MAX_PACK_BYTES + 1)
    _, _, problems = load_pack(path)
    assert [p.message for p in problems] == [
        f"the file is {MAX_PACK_BYTES + 1:,} bytes; a pack file may be at most 5 MiB ({MAX_PACK_BYTES:,} bytes)"]


def test_problems_are_capped_per_kind_and_every_kind_is_kept():
    same = [Problem("f", i, f"p/c{i}", f"abilities[{i}].cost", "cost is missing") for i in range(10)]
    other = [Problem("f", 99, "p/x", "name", "name is missing")]
    out = cap_problems(same[:5] + other + same[5:], per_kind=2)
    assert [p.message for p in out] == ["cost is missing", "cost is missing", "and 8 more like this",
                                        "name is missing"]


def test_the_validator_prints_a_short_report_of_a_hostile_pack(tmp_path):
    path = write(tmp_path, HEAD + card(0, "&c") + "  - *c\n" * 3000)
    out = io.StringIO()
    with redirect_stdout(out):
        status = cards_cli(["validate", str(path)])
    lines = out.getvalue().splitlines()
    assert status == 1 and len(lines) < 10
    assert "more like this" in out.getvalue()


def test_big_packs_are_read_behind_a_progress_window_and_then_setup_opens(make_app, tmp_path):
    from jayden_jazz.scenes.cardkit.library import QUICK_LOAD_BYTES
    from jayden_jazz.scenes.cards.loading import PackLoadingScene

    n = 0
    parts = [HEAD]
    size = len(HEAD)
    while size <= QUICK_LOAD_BYTES:
        parts.append(card(n))
        size += len(parts[-1])
        n += 1
    pack = write(tmp_path, "".join(parts), "big.yaml")
    app = make_app("--cards", str(pack))
    title = app.stack.top
    title.menu.index = [item.value for item in title.menu.items].index("cards")
    press(app, "RETURN")                                     # Jazz Card Game
    assert isinstance(app.stack.top, PackLoadingScene)
    deadline = time.monotonic() + 120                        # a bound, not a timing: it ends far sooner
    while isinstance(app.stack.top, PackLoadingScene) and time.monotonic() < deadline:
        step(app, 1)
        time.sleep(0.01)
    setup = app.stack.top
    assert type(setup).__name__ == "CardsSetupScene"
    assert len(setup.library.catalog.pack_cards("hostile")) == min(n, MAX_CARDS_PER_PACK)


def test_esc_leaves_the_progress_window(make_app, tmp_path):
    from jayden_jazz.scenes.cardkit.library import LibraryLoad
    from jayden_jazz.scenes.cards.loading import PackLoadingScene

    app = make_app()
    app.stack.push(PackLoadingScene(app, LibraryLoad(app)))
    press(app, "ESCAPE")
    assert type(app.stack.top).__name__ == "TitleScene"


def test_the_worker_uses_the_cards_the_game_loaded(tmp_path):
    """The card AI finds the game's catalogue in its worker instead of reading the packs again."""
    from jayden_jazz.ai.worker import AIWorker, share

    path = write(tmp_path, HEAD + card(0) + card(1))
    catalog, _ = load_packs([path])
    gone = str(tmp_path / "moved-away")                      # reading these folders would find nothing
    share(shared_key([gone]), catalog)
    w = AIWorker()
    try:
        w.submit("jayden_jazz.ai._testing:catalog_ids", [gone])
        reply = w.wait(60)
        assert reply is not None and reply.ok, reply
        assert reply.value == ["hostile/c0", "hostile/c1"]
        share(("later",), 42)                                # a running worker receives later shares
        w.submit("jayden_jazz.ai._testing:shared_value", ["later"])
        assert w.wait(60).value == 42
    finally:
        w.close()


def test_packs_that_cannot_be_read_at_all_give_a_message_not_a_hang(make_app, monkeypatch):
    from jayden_jazz.scenes.cardkit import library
    from jayden_jazz.scenes.cards.loading import PackLoadingScene

    def broken(app, progress=None):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(library, "load_library", broken)
    app = make_app()
    app.stack.push(PackLoadingScene(app, library.LibraryLoad(app)))
    deadline = time.monotonic() + 60
    while isinstance(app.stack.top, PackLoadingScene) and time.monotonic() < deadline:
        step(app, 1)
        time.sleep(0.01)
    window = app.stack.top
    assert window.title == "Card packs" and "Input/output error" in " ".join(window.lines)


def test_the_gallery_also_waits_for_big_packs_behind_the_progress_window(make_app, tmp_path):
    from jayden_jazz.scenes.cardkit.library import QUICK_LOAD_BYTES
    from jayden_jazz.scenes.cards.loading import PackLoadingScene
    from jayden_jazz.scenes.registry import make_scene

    count = QUICK_LOAD_BYTES // len(card(0)) + 10
    pack = write(tmp_path, HEAD + "".join(card(i) for i in range(count)), "big.yaml")
    app = make_app("--cards", str(pack))
    app.stack.push(make_scene("gallery", app))
    assert isinstance(app.stack.top, PackLoadingScene)
    deadline = time.monotonic() + 120
    while isinstance(app.stack.top, PackLoadingScene) and time.monotonic() < deadline:
        step(app, 1)
        time.sleep(0.01)
    gallery = app.stack.top
    assert type(gallery).__name__ == "GalleryScene"
    assert len(gallery.lib.catalog.pack_cards("hostile")) == min(count, MAX_CARDS_PER_PACK)


def test_any_text_gives_problems_never_an_exception(tmp_path_factory):
    """Random YAML-ish text (aliases, tags, nesting, broken syntax) only ever yields problems."""
    from hypothesis import given, settings as hsettings, strategies as st

    pieces = st.sampled_from(["pack:", "cards:", "  - ", "&a ", "*a", "*b", "&b [", "]", "{", "}", "id: x",
                              "sides: {top: 1}", "!!python/object:os.system", "!x", "[*a, *a]", ": ", "- ",
                              "\n", "\n  ", "'", '"', "<<: *a", "? ", "|", "1", "null", "2001-01-01"])
    folder = tmp_path_factory.mktemp("fuzz")

    @hsettings(max_examples=300, deadline=None)
    @given(st.lists(pieces, max_size=30))
    def check(parts):
        path = folder / "p.yaml"
        path.write_text(HEAD + "".join(parts))
        info, cards, problems = load_pack(path)
        assert info is None or isinstance(cards, list)
        assert all(isinstance(p, Problem) for p in problems)

    check()
