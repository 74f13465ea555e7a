"""``python -m jayden_jazz.net serve [--host 127.0.0.1] [--port 8765] [--data DIR]``."""

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
    serve.add_argument("--seat-timeout", type=float, default=60.0,
                       help="seconds a player may be away before the host may replace them (default 60)")
    serve.add_argument("--rate", type=float, default=20.0,
                       help="messages a second each connection may send on average (default 20)")
    serve.add_argument("--max-connections", type=int, default=4096, help="connections held at once (default 4096)")
    serve.add_argument("--max-games", type=int, default=10_000,
                       help="games waiting or being played at once (default 10000)")
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


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    from .datalock import DATA_IN_USE, DataFolderError, DataInUse
    from .server import Limits, run
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    data = args.data if args.data is not None else default_data()
    try:
        asyncio.run(run(args.host, args.port, data, Limits(seat_timeout=args.seat_timeout, rate=args.rate,
                                                                burst=max(40.0, 2 * args.rate),
                                                                max_connections=args.max_connections,
                                                                max_games=args.max_games), args.sync,
                        args.owner, args.orphan_grace))
    except KeyboardInterrupt:
        return 0
    except (DataInUse, DataFolderError) as e:
        print(f"jayden-jazz serve: {e}", file=sys.stderr)
        return DATA_IN_USE
    except OSError as e:
        print(f"jayden-jazz serve: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
