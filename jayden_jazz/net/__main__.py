"""``python -m jayden_jazz.net serve [--host 127.0.0.1] [--port 8765] [--data DIR] [--store URL] [--log FILE]``;
``serve --workers N --store postgresql://...`` for N processes behind a proxy (:mod:`.supervisor`), and
``proxy-config`` for that proxy's configuration (:mod:`.proxyconf`, deploy/).

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
    serve.add_argument("--workers", type=int, default=None, metavar="N",
                       help="run N server processes on ports PORT..PORT+N-1 (each its own with --port 0) against "
                            "one --store postgresql://... database, restarted when they die; a proxy in front "
                            "routes each game to one of them (deploy/README.md)")
    serve.add_argument("--proxy-config", type=Path, default=None, metavar="FILE",
                       help="with --workers: write the proxy's configuration for the workers' addresses to FILE")
    serve.add_argument("--proxy", choices=("haproxy", "nginx"), default="haproxy",
                       help="with --proxy-config: which proxy (default haproxy)")
    serve.add_argument("--proxy-listen", default="127.0.0.1:8080", metavar="HOST:PORT",
                       help="with --proxy-config: where the proxy listens for the players (default 127.0.0.1:8080)")
    serve.add_argument("--supervised", action="store_true", help=argparse.SUPPRESS)  # a worker: ends with its stdin
    conf = sub.add_parser("proxy-config", help="write the proxy's configuration for several servers (deploy/)")
    conf.add_argument("--backend", action="append", required=True, metavar="HOST:PORT",
                      help="a worker's address (once per worker, in order)")
    conf.add_argument("--listen", default="127.0.0.1:8080", metavar="HOST:PORT",
                      help="where the proxy listens for the players (default 127.0.0.1:8080)")
    conf.add_argument("--nginx", action="store_true", help="nginx's configuration instead of HAProxy's")
    conf.add_argument("--template", type=Path, default=None, metavar="FILE",
                      help="the template (default: deploy/haproxy.cfg or deploy/nginx.conf of the checkout)")
    conf.add_argument("--out", type=Path, default=None, metavar="FILE", help="write it there (default: stdout)")
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


def proxy_config(args: argparse.Namespace) -> int:
    from . import proxyconf
    proxy = "nginx" if args.nginx else "haproxy"
    source = args.template or proxyconf.default_template(proxy)
    try:
        text = proxyconf.render(source.read_text(encoding="utf-8"), args.backend, args.listen, str(source))
        if args.out is None:
            sys.stdout.write(text)
        else:
            proxyconf.write(args.out, args.backend, args.listen, proxy, source)
    except OSError as e:
        print(f"jayden-jazz proxy-config: cannot read {source} or write {args.out}: {e.strerror or e}", file=sys.stderr)
        return 2
    except proxyconf.TemplateError as e:
        print(f"jayden-jazz proxy-config: {e}", file=sys.stderr)
        return 2
    return 0


def serve_workers(args: argparse.Namespace) -> int:
    """``serve --workers N``: the supervisor's side (the workers are plain ``serve`` processes)."""
    from . import proxyconf, supervisor
    if not str(args.store or "").startswith(("postgresql://", "postgres://")):
        return _fatal("--workers needs --store postgresql://... (one SQLite file is served by one process)")
    if not 1 <= args.workers <= 64:
        return _fatal(f"--workers must be 1 to 64, not {args.workers}")
    if args.port != 0 and not 0 < args.port <= 65536 - args.workers:
        return _fatal(f"ports {args.port}..{args.port + args.workers - 1} are not all TCP ports")
    if args.proxy_config is not None:
        try:
            proxyconf.check_address(args.proxy_listen)
        except proxyconf.TemplateError as e:
            return _fatal(f"--proxy-listen: {e}")
    passed = ["--host", args.host, "--store", args.store, "--seat-timeout", str(args.seat_timeout),
              "--rate", str(args.rate), "--max-connections", str(args.max_connections),
              "--max-games", str(args.max_games), "--sync", args.sync]
    data = args.data if args.data is not None else default_data()
    sup = supervisor.Supervisor(supervisor.worker_command(passed, data, args.log),
                                supervisor.ports_for(args.port, args.workers))
    try:
        addresses = sup.start()
    except supervisor.StartFailed as e:
        return _fatal(str(e))
    if not addresses:               # stopped while they started
        return 0
    if args.proxy_config is not None:
        hosts = [a.removeprefix("ws://") for a in addresses]
        try:
            proxyconf.write(args.proxy_config, hosts, args.proxy_listen, args.proxy)
        except (OSError, proxyconf.TemplateError) as e:
            sup.stop()
            return _fatal(f"cannot write the proxy's configuration {args.proxy_config}: {getattr(e, 'strerror', None) or e}")
        print(f"jayden-jazz serve: the {args.proxy} configuration for them is in {args.proxy_config}", flush=True)
    return sup.run()


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "proxy-config":
        return proxy_config(args)
    if args.workers is not None:
        return serve_workers(args)
    if args.supervised:
        from .supervisor import watch_stdin
        watch_stdin()
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
    # websockets says every connection opened and closed (and every proxy's health check) at INFO:
    # a line or two per player per game, a log write each, and the 4 MiB of log gone in hours;
    # its warnings and errors are still written
    logging.getLogger("websockets").setLevel(logging.WARNING)
    limits = Limits(seat_timeout=args.seat_timeout, rate=args.rate, burst=max(40.0, 2 * args.rate),
                    max_connections=args.max_connections, max_games=args.max_games)
    from . import profiling, tail
    profiling.start()               # off unless the environment asks (tools/bench_server.py --profile)
    tail.start()                    # off unless the environment asks (tools/bench_server.py: the tail's parts)
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
