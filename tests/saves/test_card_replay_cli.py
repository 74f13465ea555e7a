"""``python -m jayden_jazz.cards replay`` and ``tools/tournament.py --records``."""

from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
from pathlib import Path

from card_save_helpers import CATALOG, pick, random_game, seats_for
from jayden_jazz.commands import main as cards_main
from jayden_jazz.saves import cards as csave

ROOT = Path(__file__).resolve().parents[2]


def _tournament():
    spec = importlib.util.spec_from_file_location("tournament_tool", ROOT / "tools" / "tournament.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def _replay(capsys, path: Path, *extra: str) -> tuple[int, list[str], str]:
    code = cards_main(["replay", str(path), *extra])
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err


def test_the_tournament_records_replay_to_every_printed_result(tmp_path, capsys):
    folder = tmp_path / "D"
    assert _tournament().main(["--game", "cards", "--a", "random", "--b", "greedy", "-n", "10",
                               "--jobs", "1", "--records", str(folder)]) == 0
    printed = capsys.readouterr().out
    lines = re.findall(r"seed (\d+) ([AB]) first: (A \(random\)|B \(greedy\)|draw) by (\w+)", printed)
    assert len(lines) == 10
    files = sorted(folder.glob("*.yaml"))
    assert len(files) == 10
    for seed, first, who, how in lines:
        path = next(f for f in files if f"-seed{seed}-{first}first" in f.name)
        code, out, err = _replay(capsys, path)
        assert code == 0, err
        assert out[0].startswith("jazz1 ")
        winner, reason = re.fullmatch(r"result: (\d|draw) \((\w+)\)", out[1]).groups()
        assert reason == how
        if who == "draw":
            assert winner == "draw"
        else:
            # seats alternate between the players from the first mover (seat 0)
            role = first if int(winner) % 2 == 0 else ("B" if first == "A" else "A")
            assert who.startswith(role)


def test_replay_reads_a_save_and_refuses_a_damaged_one(tmp_path, capsys, monkeypatch):
    rng = random.Random(2)
    game = random_game(6)
    for _ in range(4):
        game.push(pick(game, rng))
    path = tmp_path / "cards-slot2.sav"
    csave.save(path, seats_for(game), game)
    monkeypatch.setattr("jayden_jazz.commands.load_packs", lambda folders: (CATALOG, []))
    code, out, _ = _replay(capsys, path)
    assert code == 0 and out == [game.position(), f"result: unfinished (seat {game.to_move} to move after 4 actions)"]
    while not game.is_over():
        game.push(pick(game, rng))
    csave.save(path, seats_for(game), game)
    code, out, _ = _replay(capsys, path)
    res = game.result()
    assert code == 0 and out[1] == f"result: {'draw' if res.is_draw else res.winners[0]} ({res.decided_by})"
    text = path.read_text()
    path.write_text(text[:-20])
    code, out, err = _replay(capsys, path)
    assert code != 0 and out == [] and len(err.strip().splitlines()) == 1
    assert "cards-slot2.sav" in err and "checksum" in err
    assert path.read_text() == text[:-20]


def test_replay_as_a_command(tmp_path):
    """The real command line, on a game played with the shipped cards."""
    rec = subprocess.run([sys.executable, "-m", "jayden_jazz.cards", "play-random", "--seed", "9"],
                         capture_output=True, text=True, cwd=ROOT, check=True).stdout
    path = tmp_path / "game.yaml"
    path.write_text(rec)
    done = subprocess.run([sys.executable, "-m", "jayden_jazz.cards", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and re.fullmatch(r"result: (\d|draw) \(\w+\)", done.stdout.splitlines()[1])
    path.write_text(rec.replace("@", "#", 1))
    done = subprocess.run([sys.executable, "-m", "jayden_jazz.cards", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 1 and done.stdout == "" and done.stderr.count("\n") == 1


def test_replay_takes_cards_as_the_game_does_and_packs_as_the_old_name(tmp_path, capsys, monkeypatch):
    seen: list[list[Path]] = []

    def loader(folders):
        seen.append(list(folders))
        return CATALOG, []

    monkeypatch.setattr("jayden_jazz.commands.load_packs", loader)
    game = random_game(3)
    path = tmp_path / "cards-slot1.sav"
    csave.save(path, seats_for(game), game)
    extra = tmp_path / "more"
    for flag in ("--cards", "--packs"):
        code, out, err = _replay(capsys, path, flag, str(extra))
        assert code == 0, err
        assert seen[-1][-1] == extra and len(seen[-1]) >= 2     # after the game's folders, as in the game


def test_a_refused_replay_names_the_missing_pack_not_a_card(tmp_path, capsys, monkeypatch):
    from jayden_jazz.cards import Catalog

    game = random_game(4)
    path = tmp_path / "cards-slot1.sav"
    csave.save(path, seats_for(game), game)
    packs = sorted({cid.split("/")[0] for cid in CATALOG})
    monkeypatch.setattr("jayden_jazz.commands.load_packs", lambda folders: (Catalog.from_cards([]), []))
    code, out, err = _replay(capsys, path)
    assert code == 1 and out == [] and len(err.strip().splitlines()) == 1
    assert f"the pack {packs[0]!r}" in err and "not loaded here" in err and "--cards" in err
    assert "/" not in err.split("cards-slot1.sav", 1)[1]            # no card id, the pack
