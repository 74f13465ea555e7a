"""The card engine's own commands: validate packs, play random games, show things.

    validate PATH...                 every problem of every pack; exit 1 if a card is refused
    play-random --field 3x3 --players 2 --seed N
                                     a random game, printed as a YAML game record
    show CARD|FIELD|RECORD.yaml|fields ...
                                     a card, a field shape, a replayed record, or all fields

They need nothing but the engine. ``python -m jayden_jazz.cards`` runs
:mod:`jayden_jazz.commands`, which adds ``render`` (needs pygame) and
``replay`` (needs the save reader) to these, so this package never imports
upward; ``python -m jayden_jazz.cards engine`` hands over to the engine
protocol's program (docs/engine-protocol.md).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from . import picturefile
from .action import Action
from .card import parse_month
from .catalog import WARNING, Catalog, Problem
from .deal import deal_random, game_month
from .errors import CardsError
from .field import get_field, load_fields
from .game import new_game
from .loader import load_packs
from .record import GameRecord
from .rules import PRESETS, VARIANTS, Rules
from .synthetic import synthetic_cards
from .text import board_text, card_text


def game_cards_folder() -> Path:
    try:
        from jayden_jazz.paths import shipped_dir
        return shipped_dir("cards")
    except (ImportError, FileNotFoundError):  # pragma: no cover
        return Path(__file__).resolve().parents[2] / "cards"


def _catalog(args: argparse.Namespace, out) -> Catalog:  # type: ignore[no-untyped-def]
    if getattr(args, "synthetic", 0):
        return Catalog.from_cards(synthetic_cards(args.synthetic, random.Random(args.seed)))
    folders = args.packs or [game_cards_folder()]
    catalog, problems = load_packs(folders)
    refused = [p for p in problems if p.is_error]
    if refused:
        print(f"# note: {len(refused)} pack problem(s); run 'validate' to see them", file=sys.stderr)
    return catalog


def picture_problems(catalog: Catalog) -> list[Problem]:
    """Each loaded card's picture read in full: truncated or corrupt files, as warnings.

    The game itself only reads a picture's header when loading packs (fast);
    the validator has the time to look at every byte.
    """
    out = []
    for card in catalog.cards.values():
        if card.picture is None:
            continue
        problem = picturefile.damage(card.picture)
        if problem:
            info = catalog.packs.get(card.pack)
            out.append(Problem(str(info.file) if info else str(card.picture), None, card.id, "picture",
                               f"picture {Path(card.picture).name!r} is not used: {problem}; "
                               "the card is shown without a picture", WARNING))
    return out


def cmd_validate(args: argparse.Namespace) -> int:
    catalog, problems = load_packs(args.paths)
    problems = problems + picture_problems(catalog)
    errors = [p for p in problems if p.is_error]
    warnings = [p for p in problems if not p.is_error]
    for p in problems:
        if p.is_error or not args.no_warnings:
            print(p)
    refused_cards = len({(p.file, p.card) for p in errors if p.card and p.kind != "opponent"})
    refused_opponents = len({(p.file, p.card) for p in errors if p.card and p.kind == "opponent"})
    loaded = {str(info.file) for info in catalog.packs.values()}
    refused_packs = len({p.file for p in errors if not p.card and p.file not in loaded})
    opponents = len(catalog.opponents)
    if opponents or refused_opponents:      # a refused opponent is an opponent, not a card
        print(f"{len(catalog.packs)} pack(s), {len(catalog)} card(s) loaded; "
              f"{refused_cards} card(s) and {refused_packs} pack(s) refused; "
              f"{opponents} opponent(s) loaded and {refused_opponents} refused; "
              f"{len(errors)} error(s), {len(warnings)} warning(s)")
    else:
        print(f"{len(catalog.packs)} pack(s), {len(catalog)} card(s) loaded; "
              f"{refused_cards} card(s) and {refused_packs} pack(s) refused; "
              f"{len(errors)} error(s), {len(warnings)} warning(s)")
    return 1 if errors else 0


def cmd_play_random(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    args.seed = seed
    rng = random.Random(seed)
    catalog = _catalog(args, sys.stdout)
    field = get_field(args.field)
    rules = Rules.preset(args.preset).with_variants(*args.variant)
    date = parse_month(args.date) if args.date else game_month(None)
    hands = deal_random(list(catalog), field, args.players, rules, rng)
    game = new_game(catalog, field, hands, rules, first_seat=args.first_seat, rng=rng, date=date)
    while not game.is_over():
        game.push(rng.choice(game.legal_actions()))
    print(f"# random game, seed {seed}")
    print(game.record().to_yaml(game), end="")
    if args.board:
        print("\n".join("# " + line for line in board_text(game).splitlines()))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    catalog: Catalog | None = None
    status = 0
    for item in args.items:
        path = Path(item)
        if item == "fields":
            for name, f in load_fields().items():
                print(f"{name:10} {f.width}x{f.height} {f.playable_count:3} cells, players "
                      f"{'/'.join(map(str, f.allowed_players))}  {f.text()}")
            continue
        if path.suffix in (".yaml", ".yml") and path.is_file():
            if catalog is None:
                catalog = _catalog(args, sys.stdout)
            try:
                record = GameRecord.from_file(path)
                game = record.replay(catalog, upto=0)
                print(board_text(game))
                for a in record.actions:
                    game.push(a)
                    if args.steps:
                        print(f"\n{game.ply}. {a}\n{board_text(game)}")
                if not args.steps:
                    print(f"\nafter {game.ply} action(s):\n{board_text(game)}")
                print("\nposition: " + game.position())
            except CardsError as e:
                print(f"{item}: {e}")
                status = 1
            continue
        try:
            f = get_field(item)
        except CardsError:
            pass
        else:
            print(f"{f.name} ({f.title}): {f.playable_count} playable cells, players "
                  f"{'/'.join(map(str, f.allowed_players))}")
            for r, row in enumerate(f.rows):
                print(f"{r + 1:>3} " + " ".join(row))
            print("    " + " ".join(chr(97 + c) for c in range(f.width)))
            continue
        if catalog is None:
            catalog = _catalog(args, sys.stdout)
        found = [catalog[item]] if item in catalog else catalog.find(item)
        if not found:
            print(f"{item}: no such card, field or record")
            status = 1
        for c in found:
            print(card_text(c))
    return status


PROG = "python -m jayden_jazz.cards"
DESCRIPTION = "Jazz Jackrabbit Card Game tools: packs, random games, cards."


def add_engine_commands(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """validate, play-random and show, added to a parser's subcommands."""
    v = sub.add_parser("validate", help="check card packs and list every problem")
    v.add_argument("paths", nargs="+", type=Path, help="pack files, pack folders or cards folders")
    v.add_argument("--no-warnings", action="store_true", help="print errors only")
    v.set_defaults(func=cmd_validate)

    r = sub.add_parser("play-random", help="play a game of random legal actions; print its record")
    r.add_argument("--field", default="3x3")
    r.add_argument("--players", type=int, default=2)
    r.add_argument("--seed", type=int)
    r.add_argument("--preset", choices=PRESETS, default="updated")
    r.add_argument("--variant", action="append", choices=VARIANTS, default=[])
    r.add_argument("--date", help="the game's date, YYYY-MM (default: today)")
    r.add_argument("--first-seat", type=int)
    r.add_argument("--packs", action="append", type=Path, default=[],
                   help="cards folder or pack (default: the game's cards folder); may repeat")
    r.add_argument("--synthetic", type=int, default=0, metavar="N",
                   help="play with N generated cards instead of packs")
    r.add_argument("--board", action="store_true", help="also print the final board (as comments)")
    r.set_defaults(func=cmd_play_random)

    s = sub.add_parser("show", help="show cards (id, name or alias), fields, or replay a record file")
    s.add_argument("items", nargs="+")
    s.add_argument("--packs", action="append", type=Path, default=[])
    s.add_argument("--steps", action="store_true", help="for a record: show the board after every action")
    s.set_defaults(func=cmd_show, synthetic=0, seed=0)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, description=DESCRIPTION)
    add_engine_commands(p.add_subparsers(dest="command", required=True))
    return p


def run(args: argparse.Namespace) -> int:
    """A parsed command's exit status; a refused input is one ``error:`` line and status 2."""
    try:
        return int(args.func(args))
    except CardsError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def main(argv: list[str] | None = None) -> int:
    return run(build_parser().parse_args(argv))


__all__ = ["Action", "add_engine_commands", "build_parser", "main", "run"]
