"""Golden playthroughs: recorded games of both engines must replay exactly.

Each file in ``tests/golden/`` holds one game step by step (see
``tests/golden.py``). The test takes the actions out of the file, replays
them through the engine and compares the transcript with the file; a
difference is shown as a diff of the first lines that changed. After an
intended change of the rules or of what the engines report, write the files
again with ``JJ_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py`` and
read the diff before committing.
"""

from __future__ import annotations

import difflib
import os
import re
from collections import defaultdict

import pytest

from jayden_jazz.cards.errors import CardsError
from jayden_jazz.cards.rules import CLASSIC
from jayden_jazz.jayden.pieces import KIND_NAMES
from tests.golden import GAMES, GOLDEN_DIR, UPDATE_FLAG, CardGame, plies_where_rule_matters, replay_golden

UPDATING = os.environ.get(UPDATE_FLAG) == "1"


def _path(name: str):
    return GOLDEN_DIR / f"{name}.txt"


def _diff(want: str, got: str, name: str, limit: int = 40) -> str:
    lines = list(difflib.unified_diff(want.split("\n"), got.split("\n"), f"{name} (file)",
                                      f"{name} (engine now)", lineterm="", n=2))
    more = f"\n... {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_golden_playthrough_replays_exactly(game) -> None:
    path = _path(game.name)
    if UPDATING:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(game.transcript(), encoding="utf-8")
    assert path.exists(), f"missing {path}; write it with {UPDATE_FLAG}=1"
    want = path.read_text(encoding="utf-8")
    got = replay_golden(want)
    assert got == want, "the engine no longer plays this game as recorded:\n" + _diff(want, got, game.name)


def test_every_golden_file_belongs_to_a_recorded_game() -> None:
    files = {p.stem for p in GOLDEN_DIR.glob("*.txt")}
    assert files == {g.name for g in GAMES}


def test_a_changed_transcript_is_caught() -> None:
    """The comparison is exact: one changed count or one illegal action is found."""
    text = _path("cards_updated_3x3_2p").read_text(encoding="utf-8")
    count = re.search(r"legal actions: (\d+)", text)
    assert count is not None
    changed = text.replace(count.group(0), f"legal actions: {int(count.group(1)) + 1}", 1)
    assert replay_golden(changed) != changed
    first = re.search(r"  action: (\S+)@(\w+)", text)
    assert first is not None
    with pytest.raises(CardsError):
        replay_golden(text.replace(first.group(0), f"  action: {first.group(1)}@z9", 1))


def _texts() -> dict[str, str]:
    return {g.name: _path(g.name).read_text(encoding="utf-8") for g in GAMES}


def test_card_games_show_every_preset_rule_and_event() -> None:
    """A regenerated file cannot silently lose what the set is meant to guard."""
    seen: dict[str, set[str]] = defaultdict(set)
    for name, text in _texts().items():
        if not name.startswith("cards_"):
            continue
        rules = re.search(r"^rules: (\S+)$", text, re.M).group(1).split(":")  # type: ignore[union-attr]
        captures = re.findall(r"captured \((\w+)\)", text)
        seen["preset"].add(f"{rules[0]}:{rules[1]}")
        seen["players"].update(re.findall(r" seats=(\d) ", text))
        if captures:   # a rule counts only in a game where cards were taken under it
            seen["rule"].update(rules[2:])
        seen["cause"].update(captures)
        seen["event"].update(re.findall(r"^ +- ([a-z]+(?: [a-z]+)*?)(?::| \(| by )", text, re.M))
        seen["effect"].update(re.findall(r"#\d \((\w+)\) on ", text))
        seen["targeted"].update(re.findall(r"#\d \((\w+)\) on (?!no targets)", text))
        if re.search(r"#\d \(\w+\) on [^:,]+, [^:]+:", text):
            seen["targeted"].add("two or more targets")
        seen["end"].update(re.findall(r"^result: .*\(reason (\w+),", text, re.M))
    missing = {
        "preset": {"higher:0", "equal_or_higher:2"} - seen["preset"],
        "players": {"2", "4"} - seen["players"],
        "rule": (set(CLASSIC) | {"open", "sudden_death"}) - seen["rule"],
        "cause": {"higher", "equal_or_higher", "same", "same_wall", "plus", "combo"} - seen["cause"],
        "event": {"placed", "captured", "ability", "control gained", "swapped", "effect started",
                  "effect ended", "field reset", "game ended", "hand swap", "cards shown",
                  "card drawn"} - seen["event"],
        "effect": {"modify", "gain_control", "swap", "reset", "win"} - seen["effect"],
        "targeted": {"gain_control", "swap", "two or more targets"} - seen["targeted"],
        "end": {"field_full", "sudden_death", "instant_win"} - seen["end"],
    }
    assert not any(missing.values()), {k: v for k, v in missing.items() if v}


def test_reverse_fallen_ace_and_elemental_change_captures_in_the_recorded_games() -> None:
    """These rules have no event of their own: a rule counts as shown when some placement of
    a game would capture other cards with that rule switched off."""
    texts = _texts()
    for rule in ("reverse", "fallen_ace", "elemental"):
        games = [g.name for g in GAMES if isinstance(g, CardGame) and g.changes.get(rule)]
        assert any(plies_where_rule_matters(texts[name], rule) for name in games), rule


def test_jayden_games_use_every_piece_and_action_kind() -> None:
    acting: set[str] = set()
    kinds: set[str] = set()
    ends: set[str] = set()
    hero_jumps = deploys = 0
    for name, text in _texts().items():
        if not name.startswith("jayden_"):
            continue
        for action in re.findall(r"^  action: (\S+)$", text, re.M):
            kinds.update(ch for ch in "-x*=" if ch in action)
        acting.update(re.findall(r"^    - (?:Green|Red) ([A-Za-z ]+?) (?:on \S+ )?(?:moves|takes|shoots|wins"
                                 r"|deploys)", text, re.M))
        hero_jumps += len(re.findall(r"- (?:Green|Red) Hero on \S+ takes", text))
        deploys += len(re.findall(r"deploys from \S+ to \S+: shield up", text))
        ends.update(re.findall(r"^result: [gr] \((\w+)\)$", text, re.M))
    pieces = {n for n in KIND_NAMES if n and n != "deployed Sentinel"}
    assert pieces - acting == set(), "pieces that never act"
    assert kinds == set("-x*="), "move, attack, shot and conditioning all appear"
    assert hero_jumps and deploys
    assert {"master_taken", "master_conditioned"} <= ends


def test_the_recorded_games_are_the_ones_described() -> None:
    """Each card game's setup in its file is the one its description names."""
    for game in GAMES:
        if isinstance(game, CardGame):
            text = _path(game.name).read_text(encoding="utf-8")
            seats = set(re.findall(r" seats=(\d) ", text))
            assert seats == {str(game.players)}, game.name
            for rule, on in game.changes.items():
                assert f"  {rule}: true" in text or not on, (game.name, rule)
