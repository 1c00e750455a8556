"""``kashi serve``: the hook the ``kashi`` command wires in (``add_parser`` and ``run``)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from kashi.server.settings import DEFAULT_DATABASE, Settings


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` subcommand to the ``kashi`` command's subparsers."""
    serve: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run the game server (lobby, realtime play, bots)"
    )
    configure(serve)
    return serve


def add_worker_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``bot-worker`` subcommand: bot moves for instances run with KASHI_BOT_QUEUE=redis."""
    worker: argparse.ArgumentParser = subparsers.add_parser(
        "bot-worker", help="think bot moves for server instances that share a Redis (KASHI_BOT_QUEUE=redis)"
    )
    worker.add_argument("--redis", help="the instances' Redis URL (KASHI_REDIS_URL)")
    worker.add_argument("--processes", type=int, default=1, help="worker processes to run (default 1)")
    worker.add_argument("--log-level", choices=("debug", "info", "warning", "error"), help="(KASHI_LOG_LEVEL)")
    return worker


def run_worker(args: argparse.Namespace) -> int:
    """Answer bot jobs until interrupted, in ``--processes`` processes."""
    import multiprocessing
    import os
    import signal
    import socket

    from kashi.server.bot_workers import serve_jobs

    url = args.redis or os.environ.get("KASHI_REDIS_URL")
    if not url:
        print("kashi bot-worker: give --redis or KASHI_REDIS_URL", file=sys.stderr)
        return 2
    if args.processes < 1:
        print("kashi bot-worker: --processes must be at least 1", file=sys.stderr)
        return 2
    level = args.log_level or os.environ.get("KASHI_LOG_LEVEL", "info")
    name = f"{socket.gethostname()}-{os.getpid()}"
    context = multiprocessing.get_context("spawn")
    me = os.getpid()
    workers = [
        context.Process(target=serve_jobs, args=(url, f"{name}-{n}", level, me)) for n in range(args.processes - 1)
    ]
    for worker in workers:
        worker.start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # through the finally: the workers stop too
    try:
        serve_jobs(url, f"{name}-{args.processes - 1}", level)
    except KeyboardInterrupt:
        pass
    finally:
        for worker in workers:
            worker.terminate()
    return 0


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", help="address to listen on (default 127.0.0.1; KASHI_HOST)")
    parser.add_argument("--port", type=int, help="port (default 8000; KASHI_PORT)")
    parser.add_argument(
        "--db", help=f"database URL, e.g. {DEFAULT_DATABASE} or postgresql://user@host/db (KASHI_DATABASE_URL)"
    )
    parser.add_argument(
        "--redis", help="Redis URL for fan-out between instances, e.g. redis://127.0.0.1:6379/0 (KASHI_REDIS_URL)"
    )
    parser.add_argument(
        "--grace",
        type=float,
        help="seconds a player is away before the others may decide for the seat (KASHI_GRACE_SECONDS)",
    )
    parser.add_argument("--log-level", choices=("debug", "info", "warning", "error"), help="(KASHI_LOG_LEVEL)")


def settings_from(args: argparse.Namespace) -> Settings:
    return Settings.from_env(
        database_url=args.db,
        redis_url=args.redis,
        host=args.host,
        port=args.port,
        grace_seconds=args.grace,
        log_level=args.log_level,
    )


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    import uvicorn

    from kashi.server.app import create_app
    from kashi.server.logs import setup_logging

    try:
        settings = settings_from(args)
    except ValueError as error:
        print(f"kashi serve: {error}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_config=None,
        ws_max_size=max(65536, settings.max_message_bytes * 4),
        ws_ping_interval=settings.heartbeat_seconds,
        ws_ping_timeout=settings.heartbeat_seconds * 2,
        proxy_headers=False,
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kashi serve", description="Run the kashi game server.")
    configure(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
