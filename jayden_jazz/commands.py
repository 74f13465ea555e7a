"""``python -m jayden_jazz.cards``: the card engine's commands plus the two that need more.

    validate | play-random | show    the engine's own (:mod:`jayden_jazz.cards.cli`)
    render PACK_OR_FOLDER --out DIR [--card ID]
                                     each card as a 250x350 PNG and a contact sheet per pack
    replay FILE                      replay a save or record file: the final position string
                                     and "result: <winner seat or draw> (<how>)"; exit 1 if refused

``render`` draws with pygame and ``replay`` reads saves, so they live here,
above the engine: the card engine package imports neither pygame nor the
saves, and ``jayden_jazz/cards/__main__.py`` (the program, never imported by
the engine) hands its command line to :func:`main`. The heavy imports stay
inside the commands, so ``validate`` starts without pygame.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from jayden_jazz.cards import cli as engine
from jayden_jazz.cards.loader import load_packs


def _out_problem(out: Path) -> str | None:
    """Why ``render`` cannot write into ``out``, in plain words; None when it can.

    Checked before a card is drawn, so a bad ``--out`` costs nothing and
    leaves nothing behind.
    """
    try:
        if out.exists() and not out.is_dir():
            return f"--out {out} is a file, not a folder"
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return f"cannot make the folder {out} ({e.strerror or e})"
    if not os.access(out, os.W_OK | os.X_OK):
        return f"cannot write into the folder {out} (permission denied)"
    return None


def cmd_render(args: argparse.Namespace) -> int:
    catalog, problems = load_packs(args.paths)
    for p in problems:
        if p.is_error:
            print(p, file=sys.stderr)
    cards = list(catalog.values())
    if args.card:
        cards = [catalog[args.card]] if args.card in catalog else catalog.find(args.card)
        if not cards:
            print(f"no card {args.card!r} in {', '.join(map(str, args.paths))}", file=sys.stderr)
            return 1
    if not cards:
        print("no cards to render", file=sys.stderr)
        return 1
    out = Path(args.out)
    problem = _out_problem(out)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    from jayden_jazz.scenes.workshop.export import render_cards

    names = {pid: info.name for pid, info in catalog.packs.items()}
    try:
        written = render_cards(cards, out, names, sheet=not args.card)
    except OSError as e:
        where = e.filename if e.filename else out
        print(f"error: cannot write {where} ({e.strerror or e})", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    print(f"{len(cards)} card(s) rendered into {out}", file=sys.stderr)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replays with the same checks as loading a save; a refused file is one line on stderr."""
    from jayden_jazz.saves.cards import read_game
    from jayden_jazz.saves.store import SaveError

    try:
        from jayden_jazz.paths import card_pack_dirs
        folders = card_pack_dirs(args.cards)          # as the game loads them: --cards come last
    except FileNotFoundError:  # pragma: no cover
        folders = [engine.game_cards_folder(), *args.cards]
    catalog, _ = load_packs(folders)
    try:
        _, game = read_game(args.file, catalog)
    except SaveError as e:
        print(f"refused: {' '.join(str(e).split())}", file=sys.stderr)
        return 1
    print(game.position())
    res = game.result()
    if res is None:
        print(f"result: unfinished (seat {game.to_move} to move after {game.ply} actions)")
    else:
        print(f"result: {'draw' if res.is_draw else res.winners[0]} ({res.decided_by})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=engine.PROG, description=engine.DESCRIPTION)
    sub = p.add_subparsers(dest="command", required=True)
    engine.add_engine_commands(sub)
    g = sub.add_parser("render", help="draw each card as a 250x350 PNG (EGA colours) and a contact sheet")
    g.add_argument("paths", nargs="+", type=Path, metavar="PACK_OR_FOLDER")
    g.add_argument("--out", type=Path, required=True, metavar="DIR",
                   help="where to write; each pack gets a folder DIR/<pack id>/")
    g.add_argument("--card", metavar="ID", help="only this card (pack/id, id, name or alias)")
    g.set_defaults(func=cmd_render)
    rp = sub.add_parser("replay", help="replay a save or record file; print the final position and result")
    rp.add_argument("file", type=Path)
    rp.add_argument("--cards", "--packs", dest="cards", action="append", type=Path, default=[], metavar="PATH",
                    help="a card pack or folder of packs to load after the game's and your cards folders, "
                         "as the game's --cards (--packs is the old name); may repeat")
    rp.set_defaults(func=cmd_replay)
    return p


def main(argv: list[str] | None = None) -> int:
    return engine.run(build_parser().parse_args(argv))


__all__ = ["build_parser", "cmd_render", "cmd_replay", "main"]
