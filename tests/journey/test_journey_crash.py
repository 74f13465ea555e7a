"""A Journey game's end survives a kill at any instant: the collection is the one before the game (and
the game is offered again) or the one after it (and it is not), never a record without its trade.

A forked process finishes a won game with its trade, or a lost one, exactly as the trade screen does
(:func:`journey_records.finish`), and is killed with SIGKILL before or after each of its write
boundaries (fsync, rename, unlink), then at random instants. The next start is what the game does on
opening the Journey: temporaries cleaned, the profile settled from its records.
"""
# rule: cards.md#trade-rules

from __future__ import annotations

import os
import random
import shutil
import signal
import time
from pathlib import Path

import pytest

from jayden_jazz.cards import Card
from jayden_jazz.cards.catalog import Catalog
from jayden_jazz.files import clean_stale_temps
from jayden_jazz.journey.collection import starter_entries
from jayden_jazz.journey.trade import Transfer
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import journey_game, journey_records, store

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the kill test forks")

CATALOG = Catalog.from_cards([Card.from_sides(f"t/c{i}", "3333") for i in range(8)])
OPPONENT = "t/rex"
WIN = dict(seed=11, outcome="won", transfers=[Transfer("t/c7", 1, 0, "one: the winner's choice")], reward="t/c6")
LOSS = dict(seed=12, outcome="lost", transfers=[Transfer("t/c0", 0, 1, "one: the winner's choice")], reward=None)
BOUNDARIES = ("fsync", "replace", "unlink")


def journey(seed: int) -> dict:
    return {"opponent": OPPONENT, "seed": seed, "rule_index": 0, "trade": "one", "profile": 1}


def waiting_game(saves: Path, seed: int) -> None:
    """The profile's game file as the table leaves it at the end of a game (its trade not written)."""
    store.write(journey_game.game_path(saves, 1), {"game": "cards", "config": {"journey": journey(seed)}})


def finish(saves: Path, game: dict) -> jsave.Profile:
    profile = jsave.load(jsave.profile_path(saves, 1), CATALOG)
    after, _ = journey_records.finish(saves, 1, profile, CATALOG, journey(game["seed"]), game["outcome"], False,
                                      game["transfers"], game["reward"], {"actions": []}, "Rex")
    return after


def template(root: Path) -> tuple[Path, Path, dict, dict, dict]:
    """Two starting points (before the win; after it, before the loss) and the three collections."""
    before_win = root / "before_win"
    p = jsave.Profile("Ann")
    p.collection.apply(starter_entries({f"t/c{i}": 1 for i in range(6)}))
    jsave.save(jsave.profile_path(before_win, 1), p, CATALOG)
    waiting_game(before_win, WIN["seed"])
    c0 = dict(p.collection.counts)
    before_loss = root / "before_loss"
    shutil.copytree(before_win, before_loss)
    c1 = dict(finish(before_loss, WIN).collection.counts)
    waiting_game(before_loss, LOSS["seed"])
    done = root / "done"
    shutil.copytree(before_loss, done)
    c2 = dict(finish(done, LOSS).collection.counts)
    assert c0 != c1 != c2 and c1["t/c7"] == 1 and "t/c0" not in c2
    return before_win, before_loss, c0, c1, c2


def killed_child(saves: Path, game: dict, at: int | None = None, when: str = "before",
                 delay: float | None = None) -> int:
    """Fork a process that finishes ``game``; it kills itself at write boundary ``at`` (1-based, ``when``
    before or after the call), or the parent kills it after ``delay`` seconds. Its exit status."""
    pid = os.fork()
    if pid == 0:                                       # the child: never back into pytest
        try:
            if at is not None:
                count = [0]
                for name in BOUNDARIES:
                    real = getattr(os, name)

                    def hooked(*a, _real=real, **k):
                        count[0] += 1
                        if count[0] == at and when == "before":
                            os.kill(os.getpid(), signal.SIGKILL)
                        out = _real(*a, **k)
                        if count[0] == at and when == "after":
                            os.kill(os.getpid(), signal.SIGKILL)
                        return out
                    setattr(os, name, hooked)
            finish(saves, game)
        finally:
            os._exit(0)
    if delay is not None:
        time.sleep(delay)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    _, status = os.waitpid(pid, 0)
    return status


def boundaries(saves: Path, game: dict, tmp: Path) -> int:
    """How many write boundaries finishing ``game`` passes (counted in a child on a copy)."""
    copy = tmp / "count"
    shutil.copytree(saves, copy)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            count = [0]
            for name in BOUNDARIES:
                real = getattr(os, name)

                def hooked(*a, _real=real, **k):
                    count[0] += 1
                    return _real(*a, **k)
                setattr(os, name, hooked)
            finish(copy, game)
            os.write(w, str(count[0]).encode())
        finally:
            os._exit(0)
    os.close(w)
    n = int(os.read(r, 20).decode())
    os.close(r)
    os.waitpid(pid, 0)
    shutil.rmtree(copy)
    return n


def restart_and_check(saves: Path, game: dict, before: dict, after: dict) -> bool:
    """The next start: temporaries cleaned, the profile settled. Returns whether the game was applied."""
    clean_stale_temps(saves / "journey", depth=1, older_than=0)
    assert not list((saves / "journey").rglob("*.tmp"))
    path = jsave.profile_path(saves, 1)
    settled = journey_records.settle(path, CATALOG)
    gid = journey_game.game_id(OPPONENT, game["seed"])
    counts = dict(settled.profile.collection.counts)
    assert counts in (before, after), counts
    applied = counts == after
    assert (gid in (settled.profile.settled or ())) == applied
    assert jsave.record_path(path, gid).exists() == applied            # never a record without its trade
    assert (journey_game.kept(saves, 1) is not None) == (not applied)  # offered again exactly when not applied
    again = journey_records.settle(path, CATALOG)                      # once: a second start changes nothing
    assert again.applied == [] and dict(again.profile.collection.counts) == counts
    assert path.stat().st_mode & 0o777 == 0o600
    return applied


def test_a_kill_at_any_write_boundary_or_instant_leaves_the_game_undecided_or_fully_applied(tmp_path):
    before_win, before_loss, c0, c1, c2 = template(tmp_path)
    kills = 0
    outcomes = {True: 0, False: 0}
    cases = [(before_win, WIN, c0, c1), (before_loss, LOSS, c1, c2)]
    for start, game, before, after in cases:
        n = boundaries(start, game, tmp_path)
        assert n >= 6                                  # record, backup, profile (fsync, rename), autosave
        for at in range(1, n + 1):
            for when in ("before", "after"):
                saves = tmp_path / f"k{kills}"
                shutil.copytree(start, saves)
                status = killed_child(saves, game, at, when)
                assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
                kills += 1
                outcomes[restart_and_check(saves, game, before, after)] += 1
                shutil.rmtree(saves)
    assert outcomes[True] and outcomes[False]          # both sides of the boundary were reached
    kills += random_kills(tmp_path, cases, per_case=15, seed=37)
    assert kills >= 50


def random_kills(tmp_path: Path, cases: list, per_case: int, seed: int) -> int:
    """Kills at random instants over the time a finish takes (measured first, per case)."""
    rng = random.Random(seed)
    kills = 0
    for start, game, before, after in cases:
        saves = tmp_path / "timing"
        shutil.copytree(start, saves)
        t0 = time.perf_counter()
        killed_child(saves, game)
        span = time.perf_counter() - t0
        shutil.rmtree(saves)
        for _ in range(per_case):
            saves = tmp_path / f"r{kills}"
            shutil.copytree(start, saves)
            killed_child(saves, game, delay=rng.uniform(0, span * 1.2))
            kills += 1
            restart_and_check(saves, game, before, after)
            shutil.rmtree(saves)
    return kills


@pytest.mark.slow
def test_many_more_random_kills(tmp_path):
    before_win, before_loss, c0, c1, c2 = template(tmp_path)
    cases = [(before_win, WIN, c0, c1), (before_loss, LOSS, c1, c2)]
    assert random_kills(tmp_path, cases, per_case=80, seed=2026) == 160


def test_a_record_written_but_not_in_the_profile_is_applied_at_the_next_start_once(tmp_path):
    before_win, _, c0, c1, _ = template(tmp_path)
    path = jsave.profile_path(before_win, 1)
    saved = store.read(path)
    finish(before_win, WIN)
    store.write(path, saved)                           # as if the program stopped after the record
    assert jsave.load(path, CATALOG).collection.counts == c0
    assert journey_game.kept(before_win, 1) is None    # decided: the record exists
    settled = journey_records.settle(path, CATALOG)
    assert settled.applied == [journey_game.game_id(OPPONENT, WIN["seed"])]
    assert settled.profile.collection.counts == c1 and settled.profile.progress[OPPONENT].won == 1
    assert settled.profile.progress[OPPONENT].name == "Rex"
    assert journey_records.settle(path, CATALOG).applied == []


@pytest.mark.parametrize("copy", ["last backup", "two games old"])
def test_going_back_to_a_backup_applies_every_game_recorded_since(tmp_path, copy):
    before_win, _, c0, _, c2 = template(tmp_path)
    path = jsave.profile_path(before_win, 1)
    old = store.read(path)
    finish(before_win, WIN)
    waiting_game(before_win, LOSS["seed"])
    finish(before_win, LOSS)
    bak = path.with_name(path.name + ".bak")
    if copy == "two games old":
        store.write(bak, old)
    path.write_text("damaged")
    store.write(path, store.read(bak))                 # the profiles screen's "go back to the last good copy"
    settled = journey_records.settle(path, CATALOG)
    assert settled.profile.collection.counts == c2     # the loss is not undone
    assert len(settled.applied) == (2 if copy == "two games old" else 1)
    settled.profile.collection.check_ledger()


def test_a_profile_from_before_the_settled_list_applies_only_the_trade_it_missed(tmp_path):
    before_win, _, _, _, c2 = template(tmp_path)
    path = jsave.profile_path(before_win, 1)
    finish(before_win, WIN)                            # in the ledger
    won = store.read(path)
    waiting_game(before_win, LOSS["seed"])
    finish(before_win, LOSS)
    won.pop("settled")                                 # as an older version wrote it, the loss's profile never written
    store.write(path, won)
    settled = journey_records.settle(path, CATALOG)
    assert settled.applied == [journey_game.game_id(OPPONENT, LOSS["seed"])]
    assert settled.profile.collection.counts == c2
    assert sorted(settled.profile.settled or ()) == sorted(journey_game.game_id(OPPONENT, g["seed"]) for g in (WIN, LOSS))


def test_a_damaged_record_is_named_and_left_for_later(tmp_path):
    before_win, _, c0, _, _ = template(tmp_path)
    path = jsave.profile_path(before_win, 1)
    folder = jsave.record_path(path, "x").parent
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "t-rex-99.yaml").write_text("journey: [not, a, record]\n")
    settled = journey_records.settle(path, CATALOG)
    assert settled.applied == [] and settled.profile.collection.counts == c0
    assert len(settled.problems) == 1 and "t-rex-99.yaml" in settled.problems[0]
    assert (folder / "t-rex-99.yaml").exists()
