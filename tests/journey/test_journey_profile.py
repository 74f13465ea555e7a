"""Journey profiles on disk: checked, never overwritten when refused, backed up, never half-written."""
# rule: cards.md#collection

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from jayden_jazz.cards import Card
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.journey import Deck
from jayden_jazz.journey.collection import LedgerEntry, starter_entries
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import store
from jayden_jazz.saves.store import SaveError

ROOT = Path(__file__).resolve().parents[2]
CARDS = [Card.from_sides(f"t/c{i}", "3333") for i in range(8)]
CATALOG = Catalog.from_cards(CARDS)


def starter() -> jsave.Profile:
    p = jsave.Profile("Ann")
    p.collection.apply(starter_entries({f"t/c{i}": 1 for i in range(6)}))
    p.decks.append(Deck("First", tuple(f"t/c{i}" for i in range(5))))
    return p


def test_a_profile_round_trips_and_the_replaced_one_is_kept_as_bak(tmp_path):
    path = jsave.profile_path(tmp_path, 1)
    p = starter()
    jsave.save(path, p, CATALOG)
    back = jsave.load(path, CATALOG)
    assert back.collection.counts == p.collection.counts and back.decks == p.decks and back.name == "Ann"
    first = path.read_text()
    after = jsave.finish_game(path, back, CATALOG, "g1", "record: 1\n",
                              [LedgerEntry("t/c0", -1, "trade", "g1", "one"),
                               LedgerEntry("t/c7", +1, "reward", "g1")], "rex", "won")
    assert jsave.load(path, CATALOG).collection.counts == after.collection.counts
    assert after.collection.owned("t/c0") == 0 and after.collection.owned("t/c7") == 1
    assert after.progress["rex"] == jsave.OpponentStats(won=1, cards_won=1, cards_lost=1) and after.games == 1
    assert (path.parent / "profile1.sav.bak").read_text() == first
    assert jsave.record_path(path, "g1").read_text() == "record: 1\n"
    assert back.collection.owned("t/c0") == 1                  # the profile passed in is not changed


def _body() -> dict:
    return jsave.to_body(starter())


DAMAGE = {
    "name is a number": lambda b: b.update(name=12),
    "name with control characters": lambda b: b.update(name="A\x1bB"),
    "games is text": lambda b: b.update(games="many"),
    "collection is a list": lambda b: b.update(collection=["t/c0"]),
    "a negative count": lambda b: b["collection"].update({"t/c0": -1}),
    "a zero count": lambda b: b["collection"].update({"t/c0": 0}),
    "a count the ledger does not explain": lambda b: b["collection"].update({"t/c0": 2}),
    "an unknown card": lambda b: (b["collection"].update({"t/zz": 1}),
                                  b["ledger"].append(["t/zz", "1", "starter", "", ""])),
    "an unknown card in a deck": lambda b: b["decks"][0].update(cards=["t/nope"]),
    "ledger is a mapping": lambda b: b.update(ledger={"a": 1}),
    "a ledger entry cut short": lambda b: b["ledger"].append(["t/c0", "1"]),
    "a ledger reason made up": lambda b: b["ledger"].append(["t/c0", "1", "gift", "", ""]),
    "decks is text": lambda b: b.update(decks="all"),
    "progress row of text": lambda b: b.update(progress={"rex": "won"}),
    "progress count negative": lambda b: b.update(progress={"rex": {"won": -1}}),
    "an unknown field": lambda b: b.update(cheat=True),
    "not a profile": lambda b: b.update(game="cards"),
}


@pytest.mark.parametrize("damage", list(DAMAGE), ids=list(DAMAGE))
def test_a_damaged_profile_is_refused_with_a_message_and_left_untouched(tmp_path, damage):
    path = jsave.profile_path(tmp_path, 2)
    body = _body()
    DAMAGE[damage](body)
    path.parent.mkdir(parents=True)
    store.write(path, body)
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        jsave.load(path, CATALOG)
    assert str(e.value).startswith("profile2.sav: ") and len(e.value.problem) > 10
    with pytest.raises(SaveError):
        jsave.save(path, starter(), CATALOG)                   # never written over
    assert path.read_bytes() == before and not (path.parent / "profile2.sav.bak").exists()


@pytest.mark.parametrize("how", ["truncated", "alias", "newer format", "not text"])
def test_a_profile_file_broken_on_disk_is_refused_and_kept(tmp_path, how):
    path = jsave.profile_path(tmp_path, 3)
    jsave.save(path, starter(), CATALOG)
    text = path.read_text()
    if how == "truncated":
        raw = text[: len(text) // 2].encode()
    elif how == "alias":
        raw = store.dumps({**_body(), "name": "x"}).replace("name: x", "name: &a x\nx2: *a").encode()
    elif how == "newer format":
        raw = text.replace(f"format: {store.FORMAT}", f"format: {store.FORMAT + 1}").encode()
    else:
        raw = b"\xff\xfe" + text.encode()
    path.write_bytes(raw)
    with pytest.raises(SaveError):
        jsave.load(path, CATALOG)
    with pytest.raises(SaveError):
        jsave.save(path, starter(), CATALOG)
    assert path.read_bytes() == raw


WRITER = textwrap.dedent("""
    import random, sys
    from pathlib import Path
    from jayden_jazz.cards import Card
    from jayden_jazz.cards.catalog import Catalog
    from jayden_jazz.journey.collection import LedgerEntry
    from jayden_jazz.saves import journey as jsave
    catalog = Catalog.from_cards([Card.from_sides(f"t/c{i}", "3333") for i in range(8)])
    path = Path(sys.argv[1])
    rng = random.Random(int(sys.argv[2]))
    p = jsave.load(path, catalog)
    print("ready", flush=True)
    while True:
        owned = p.collection.owned_cards()
        give = rng.choice(owned)
        take = rng.choice([f"t/c{i}" for i in range(8)])
        g = f"g{p.games + 1}"
        entries = [LedgerEntry(give, -1, "trade", g, "one"), LedgerEntry(take, +1, "reward", g)]
        p = jsave.finish_game(path, p, catalog, g, "x" * rng.randrange(1, 50000), entries, "rex",
                              rng.choice(["won", "lost", "drawn"]))
""")


def test_a_profile_killed_mid_write_always_loads_as_before_or_after_a_game(tmp_path):
    path = jsave.profile_path(tmp_path, 1)
    p = jsave.Profile("Ann")
    p.collection.apply(starter_entries({f"t/c{i}": 3 for i in range(8)}))
    jsave.save(path, p, CATALOG)
    total = sum(p.collection.counts.values())
    for k in range(6):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(k)], cwd=ROOT,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(0.05 + 0.07 * k)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        loaded = jsave.load(path, CATALOG)                     # loads: never a half-written profile
        loaded.collection.check_ledger()
        assert sum(loaded.collection.counts.values()) == total   # each game gives one and takes one
        games = {e.game for e in loaded.collection.ledger if e.game}
        assert len(games) == loaded.games
        assert all(jsave.record_path(path, g).exists() for g in games)
    assert loaded.games > 0
