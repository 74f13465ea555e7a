"""Card saves: every point of a random game survives a save and a load, and bad files are refused."""

from __future__ import annotations

import random
import re
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_save_helpers import CATALOG, FIELDS, pick, random_game, seats_for
from jayden_jazz.cards import Game
from jayden_jazz.saves import cards as csave
from jayden_jazz.saves import store
from jayden_jazz.saves.cards import Pending
from jayden_jazz.saves.store import SaveError


def same_game(a: Game, b: Game) -> None:
    assert b.position() == a.position()
    assert b.history == a.history
    assert b.zobrist() == a.zobrist()
    assert b.result() == a.result()
    assert [str(x) for x in b.legal_actions()] == [str(x) for x in a.legal_actions()]


def a_pending_choice(game: Game, rng: random.Random) -> Pending | None:
    """An unfinished ability choice the table could be showing now, if the position offers one."""
    with_ability = [a for a in game.legal_actions() if a.ability is not None]
    if not with_ability:
        return None
    a = rng.choice(with_ability)
    if not a.targets or rng.random() < 0.3:
        return Pending(a.card, a.cell)                         # the ability window is open
    chosen = list(a.targets[: rng.randrange(len(a.targets))])  # some targets picked, not all
    return Pending(a.card, a.cell, a.ability, tuple(chosen))


@st.composite
def games(draw):
    field = draw(st.sampled_from(sorted(FIELDS)))
    players = draw(st.sampled_from(FIELDS[field]))
    return dict(seed=draw(st.integers(0, 2**32 - 1)), field=field, players=players,
                preset=draw(st.sampled_from(["updated", "draft"])), open=draw(st.booleans()),
                pure=draw(st.booleans()), sudden_death=draw(st.booleans()))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_saving_and_loading_at_every_point_gives_the_same_game(spec):
    rng = random.Random(spec["seed"] ^ 0x5A5A)
    game = random_game(**spec)
    info = seats_for(game, ("human", "hard", "easy", "normal"))
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "cards-slot1.sav"
        while True:
            info.pending = a_pending_choice(game, rng) if not game.is_over() and rng.random() < 0.5 else None
            csave.save(path, info, game)
            loaded, back = csave.load(path, CATALOG)
            same_game(game, back)
            assert loaded.seats == info.seats and loaded.seed == info.seed and loaded.pending == info.pending
            assert back.setup == game.setup
            if game.is_over():
                break
            game.push(pick(game, rng))


def _saved(tmp_path: Path, plies: int = 3, **spec) -> tuple[Path, Game]:
    rng = random.Random(5)
    game = random_game(spec.pop("seed", 11), **spec)
    for _ in range(plies):
        game.push(pick(game, rng))
    path = tmp_path / "cards-slot1.sav"
    csave.save(path, seats_for(game, ("human", "normal")), game)
    return path, game


def _resign(text: str, edit) -> str:
    """Change the body and write a matching checksum, as a careful hand-editor would."""
    body = yaml.safe_load(text.partition("\n\n")[2])
    edit(body)
    return store.dumps(body)


def _flip_byte(text: str) -> str:
    raw = bytearray(text.encode())
    raw[len(raw) * 2 // 3] ^= 0x04
    return raw.decode("utf-8", errors="replace")


def _bomb(levels: int = 25) -> str:
    """Nested aliases standing for 2**levels items in a few hundred bytes."""
    return "[" + ", ".join(["&a0 [x, x]"] + [f"&a{k} [*a{k - 1}, *a{k - 1}]" for k in range(1, levels)]) + "]"


def _body_text(text: str, new_body: str) -> str:
    return f"{store.MAGIC}\nformat: {store.FORMAT}\nchecksum: {store.checksum(new_body)}\n\n{new_body}"


DAMAGE = [
    ("truncated", lambda t: t[: len(t) // 2], "checksum does not match"),
    ("flipped byte", _flip_byte, "checksum does not match"),
    ("wrong checksum", lambda t: t.replace("checksum: sha256:", "checksum: sha256:0"), "checksum does not match"),
    ("newer format", lambda t: t.replace("format: 1", "format: 9", 1), "newer version"),
    ("not a save", lambda t: "hello\n", "not a Jayden & Jazz save"),
    ("illegal action", lambda t: _resign(t, lambda b: b["record"]["actions"].__setitem__(
        1, b["record"]["actions"][0])), "cannot be replayed"),
    ("position mismatch", lambda t: _resign(t, lambda b: b.update(ply=b["ply"] - 1) or
                                            b["record"]["actions"].pop()), "do not lead to the saved position"),
    ("another game", lambda t: _resign(t, lambda b: b.update(game="jayden")), "another game"),
    ("alias", lambda t: _body_text(t, t.partition("\n\n")[2] + "extra: &a [1, 2]\nmore: *a\n"), "alias"),
    ("alias bomb in saved", lambda t: _body_text(t, re.sub(r"saved: '[^']*'", "saved: " + _bomb(),
                                                           t.partition("\n\n")[2])), "alias"),
    ("tag", lambda t: _body_text(t, t.partition("\n\n")[2].replace("game: cards", "game: !!str cards")),
     "YAML tag"),
    ("python tag", lambda t: _body_text(t, t.partition("\n\n")[2] + "x: !!python/object:os.system {}\n"),
     "cannot be read"),
]


@pytest.mark.parametrize("name,damage,message", DAMAGE, ids=[d[0] for d in DAMAGE])
def test_damaged_saves_are_refused_and_left_untouched(tmp_path, name, damage, message):
    path, _ = _saved(tmp_path)
    bad = damage(path.read_text())
    path.write_text(bad)
    with pytest.raises(SaveError) as e:
        csave.load(path, CATALOG)
    assert message in str(e.value) and "cards-slot1.sav" in str(e.value)
    assert path.read_text() == bad


WRONG_TYPES = [
    ("saved", 12), ("seed", "x"), ("seed", True), ("seats", "human"), ("seats", [{"kind": "robot"}, {}]),
    ("config", []), ("config", {"players": "2"}), ("config", {"open": 1}), ("config", {5: 1}), ("record", "x"),
    ("position", 5), ("ply", "3"), ("ply", 2.5), ("to_move", "0"), ("result", "won"), ("pending", [1]),
    ("pending", {"card": 3, "cell": "a1", "ability": None, "targets": []}),
    ("record.field", "3x3"), ("record.field.rows", "###"), ("record.field.name", 3), ("record.rules", []),
    ("record.rules.open", "yes"), ("record.rules.spare", "0"), ("record.date", 202611),
    ("record.first_seat", "0"), ("record.first_seat", False), ("record.hands", "abc"),
    ("record.hands.0", [1, 2, 3]), ("record.actions", "a@b"), ("record.actions.0", 7),
    ("record.names", "me"), ("record.custom_hands", "no"), ("record.format", 1), ("record.extra", 1),
    ("unknown", 1),
]


def _set(body: dict, dotted: str, value) -> None:
    *parents, last = dotted.split(".")
    node = body
    for p in parents:
        node = node[int(p)] if p.isdigit() else node[p]
    if last.isdigit():
        node[int(last)] = value
    else:
        node[last] = value


@pytest.mark.parametrize("where,value", WRONG_TYPES, ids=[f"{w}={v!r}" for w, v in WRONG_TYPES])
def test_wrong_types_in_any_field_are_refused(tmp_path, where, value):
    path, _ = _saved(tmp_path)
    bad = _resign(path.read_text(), lambda b: _set(b, where, value))
    path.write_text(bad)
    with pytest.raises(SaveError):
        csave.load(path, CATALOG)
    assert path.read_text() == bad


def test_a_finished_game_keeps_its_result(tmp_path):
    rng = random.Random(3)
    game = random_game(8, "5x5", 3)
    while not game.is_over():
        game.push(pick(game, rng))
    path = tmp_path / "cards-autosave.sav"
    csave.save(path, seats_for(game), game)
    body = store.read(path)
    assert body["result"] == game.result().to_dict() and body["record"]["result"] == body["result"]
    _, back = csave.load(path, CATALOG)
    assert back.result() == game.result()
    bad = _resign(path.read_text(), lambda b: b["result"].update(winners=[9]))
    path.write_text(bad)
    with pytest.raises(SaveError, match="result does not match|different result"):
        csave.load(path, CATALOG)


def test_an_impossible_unfinished_choice_is_refused(tmp_path):
    path, game = _saved(tmp_path, plies=1)
    free = game.free_cells()[0]
    card = game.hand(game.to_move)[0].id
    for pending in ({"card": card, "cell": "z9", "ability": None, "targets": []},
                    {"card": "none/such", "cell": free, "ability": None, "targets": []},
                    {"card": card, "cell": free, "ability": 1, "targets": ["a1", "a1"]}):
        bad = _resign(path.read_text(), lambda b: b.update(pending=pending))
        path.write_text(bad)
        with pytest.raises(SaveError, match="unfinished placement|not offered|target"):
            csave.load(path, CATALOG)


def test_a_card_missing_from_the_packs_is_named(tmp_path):
    from jayden_jazz.cards.catalog import Catalog
    path, game = _saved(tmp_path)
    gone = game.setup.hands[0][0]
    fewer = Catalog.from_cards(c for cid, c in ((k, CATALOG[k]) for k in CATALOG) if cid != gone)
    with pytest.raises(SaveError, match=gone):
        csave.load(path, fewer)


def test_the_save_text_is_the_shared_envelope(tmp_path):
    path, game = _saved(tmp_path)
    text = path.read_text()
    assert text.startswith("jayden-jazz save\nformat: 1\nchecksum: sha256:")
    body = store.read(path)
    assert body["game"] == "cards" and body["seed"] == 1234
    assert body["record"]["actions"] == [str(a) for a in game.history]
    assert body["record"]["hands"] == [list(h) for h in game.setup.hands]
    assert "slot" not in csave.summary(body) and "card 4" in csave.summary(body)


def test_a_plain_record_file_is_read_too(tmp_path):
    rng = random.Random(1)
    game = random_game(4)
    while not game.is_over():
        game.push(pick(game, rng))
    path = tmp_path / "game.yaml"
    path.write_text(game.record().to_yaml(game))
    record, back = csave.read_game(path, CATALOG)
    assert back.position() == game.position() and back.result() == game.result()
    path.write_text("format: jazz-record-1\nactions: &a [x]\n")
    with pytest.raises(SaveError, match="aliases"):
        csave.read_game(path, CATALOG)
    path.write_bytes(b"\xff\xfe garbage")
    with pytest.raises(SaveError):
        csave.read_game(path, CATALOG)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_replaying_a_record_gives_the_result_of_the_game_that_wrote_it(spec):
    rng = random.Random(spec["seed"] + 1)
    game = random_game(**spec)
    while not game.is_over():
        game.push(pick(game, rng))
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "game.yaml"
        path.write_text(game.record().to_yaml(game))
        record, back = csave.read_game(path, CATALOG)
    assert back.result() == game.result() and back.position() == game.position()
    assert record.result == game.result().to_dict()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.tuples(st.floats(0, 1), st.sampled_from("ab09:-[]{}@!>_/.,' \n#&*")),
                                           min_size=1, max_size=4))
def test_a_hand_edited_save_with_a_good_checksum_is_loaded_or_refused_never_crashes(seed, edits):
    rng = random.Random(seed)
    game = random_game(seed, "5x5", 3)
    for _ in range(rng.randrange(6)):
        game.push(pick(game, rng))
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "cards-slot1.sav"
        csave.save(path, seats_for(game), game)
        body = list(path.read_text().partition("\n\n")[2])
        for where, ch in edits:
            body[int(where * (len(body) - 1))] = ch
        path.write_text(_body_text("", "".join(body)))
        try:
            _, back = csave.load(path, CATALOG)
        except SaveError:
            return
        assert back.position() == game.position() and back.history == game.history


def test_the_load_window_marks_a_wrongly_typed_save_unusable(tmp_path):
    path, _ = _saved(tmp_path)
    assert store.describe(path, csave.summary).ok
    path.write_text(_resign(path.read_text(), lambda b: b.update(ply="three")))
    info = store.describe(path, csave.summary)
    assert not info.ok and info.label.startswith("(unusable:") and "ply" in info.label


def test_setup_choices_a_later_version_adds_are_kept(tmp_path):
    path, game = _saved(tmp_path)
    path.write_text(_resign(path.read_text(), lambda b: b["config"].update(hands="pick")))
    info, back = csave.load(path, CATALOG)
    assert info.config["hands"] == "pick" and back.position() == game.position()
