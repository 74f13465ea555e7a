"""``python -m jayden_jazz.net serve [--host 127.0.0.1] [--port 8765] [--data DIR] [--store URL] [--log FILE]``.

Whatever stops the server before it serves -- a port taken, a data folder or
database it must not use -- ends it with one line (on stderr, and in the log
file when there is one) and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jayden-jazz", description="Jayden & Jazz network play")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run a game server (both games, many at once)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for a LAN)")
    serve.add_argument("--port", type=int, default=8765, help="TCP port (default 8765; 0 picks a free one)")
    serve.add_argument("--data", type=Path, default=None,
                       help="folder for the games database (default: the game's user data folder)")
    serve.add_argument("--store", default=None, metavar="URL",
                       help="where the games are kept: sqlite (default: a file in the data folder) or a "
                            "PostgreSQL address, postgresql://user@host/database (needs the server-pg extra)")
    serve.add_argument("--seat-timeout", type=float, default=60.0,
                       help="seconds a player may be away before the host may replace them (default 60)")
    serve.add_argument("--rate", type=float, default=20.0,
                       help="messages a second each connection may send on average (default 20)")
    serve.add_argument("--max-connections", type=int, default=4096, help="connections held at once (default 4096)")
    serve.add_argument("--max-games", type=int, default=10_000,
                       help="games waiting or being played at once (default 10000)")
    serve.add_argument("--log", type=Path, default=None,
                       help="write the log to this file (private, rotated at 1 MiB, 3 kept) instead of stderr")
    serve.add_argument("--sync", choices=("full", "normal"), default="full",
                       help="full (default): each commit reaches the disk before its ack, surviving a power "
                            "cut; normal: it survives the server being killed, not the machine losing power")
    serve.add_argument("--owner", type=int, default=None, metavar="PID",
                       help="the game process hosting this server: once it is gone and no player has been "
                            "connected for --orphan-grace seconds, the server stops (default: none, never)")
    serve.add_argument("--orphan-grace", type=float, default=180.0, metavar="SECONDS",
                       help="with --owner: seconds alone before stopping (default 180)")
    return parser


def default_data() -> Path:
    from jayden_jazz.paths import user_dirs
    return Path(user_dirs().data) / "server"


def _fatal(line: str) -> int:
    """One line for people: on stderr, and in the log file when the log goes to one."""
    print(f"jayden-jazz serve: {line}", file=sys.stderr, flush=True)
    if any(not isinstance(h, logging.StreamHandler) or isinstance(h, logging.FileHandler)
           for h in logging.getLogger().handlers):
        logging.getLogger("jayden_jazz.net").critical("%s", line)
    return 2


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    from .datalock import DATA_IN_USE, DataFolderError, DataInUse
    from .logfile import FORMAT, log_to
    from .server import Limits, run
    from .store import DatabaseRefused, driver_errors, make_private, prepare_folder
    data = args.data if args.data is not None else default_data()
    if args.log is not None:
        try:
            prepare_folder(args.log.parent)
            log_to(args.log)
            make_private(args.log)
        except (OSError, DatabaseRefused) as e:
            return _fatal(f"cannot write the log {args.log}: {getattr(e, 'strerror', None) or e}")
    else:
        logging.basicConfig(level=logging.INFO, format=FORMAT)
    limits = Limits(seat_timeout=args.seat_timeout, rate=args.rate, burst=max(40.0, 2 * args.rate),
                    max_connections=args.max_connections, max_games=args.max_games)
    try:
        prepare_folder(data)        # a file in the folder's place is said plainly, before anything locks in it
        asyncio.run(run(args.host, args.port, data, limits, args.sync, args.owner, args.orphan_grace, args.store))
    except KeyboardInterrupt:
        return 0
    except DatabaseRefused as e:
        return _fatal(str(e))
    except driver_errors() as e:    # damage quick_check did not see, met while reading the games back
        if args.store not in (None, "sqlite"):
            first = (str(e).strip() or "?").splitlines()[0]
            return _fatal(f"the games database cannot be read ({type(e).__name__}: {first}); "
                          "check the PostgreSQL server, or start with another --store")
        return _fatal(f"the games database in {data} cannot be read ({e}); restore it from a backup or move "
                      "it away (the server then starts with no games), or start with another --data folder")
    except DataInUse as e:
        _fatal(str(e))
        return DATA_IN_USE
    except DataFolderError as e:
        return _fatal(str(e))
    except OSError as e:
        return _fatal(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
