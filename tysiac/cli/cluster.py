"""``tysiac cluster``: several nodes on this machine behind a small load balancer,
sharing PostgreSQL and Redis — the site as a deployment outgrowing one machine runs
it, for trying it out (``make cluster``)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import subprocess
import sys

_T = {
    "up": ("Węzły: {nodes}. Rozdzielacz: {url} (Ctrl+C zatrzymuje wszystko).",
           "Nodes: {nodes}. Load balancer: {url} (Ctrl+C stops everything)."),
    "down": ("Węzeł na porcie {port} zakończył się ({code}).",
             "The node on port {port} ended ({code})."),
    "no_db": ("Nie ma połączenia z PostgreSQL ({url}): {e}",
              "Cannot reach PostgreSQL ({url}): {e}"),
}
DEFAULT_DB = "postgresql://postgres@127.0.0.1:5432/tysiac"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "cluster",
        help="try several nodes on this machine: nodes, Redis, PostgreSQL and a load balancer",
        description="Start NODES server processes on PORT+1, PORT+2, … sharing PostgreSQL "
        "and Redis, and a load balancer on PORT in front of them. Ctrl+C stops them all.")
    p.add_argument("--nodes", type=int, default=3, help="how many nodes (default 3)")
    p.add_argument("--port", type=int, default=8000,
                   help="the load balancer's port; the nodes take the next ones (default 8000)")
    p.add_argument("--database", metavar="URL", default=None,
                   help="PostgreSQL URL (default: DATABASE_URL, else the database tysiac on "
                   "127.0.0.1)")
    p.add_argument("--redis", metavar="URL", default=None,
                   help="Redis URL (default: REDIS_URL, else redis://127.0.0.1:6379/0)")
    p.add_argument("--lang", choices=("pl", "en"), default="pl", help="language of messages")
    p.set_defaults(run=run)


async def ensure_database(url: str) -> None:
    """Create the database of ``url`` if the server does not have it yet."""
    import asyncpg

    name = url.rsplit("/", 1)[1].split("?")[0]
    try:
        conn = await asyncpg.connect(url)
    except asyncpg.InvalidCatalogNameError:
        admin = await asyncpg.connect(url.rsplit("/", 1)[0] + "/postgres")
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()
    else:
        await conn.close()


async def serve_cluster(nodes: int, port: int, database: str, redis: str, lang: int) -> int:
    from ..server.balancer import Balancer

    env = {**os.environ, "DATABASE_URL": database, "REDIS_URL": redis}
    procs = [subprocess.Popen([sys.executable, "-m", "tysiac.cli.main", "serve", "--port",
                               str(port + 1 + i), "--lang", "pl" if lang == 0 else "en"],
                              env=env, stdout=subprocess.DEVNULL)
             for i in range(nodes)]
    balancer = Balancer([("127.0.0.1", port + 1 + i) for i in range(nodes)])
    await balancer.start("127.0.0.1", port)
    print(_T["up"][lang].format(
        nodes=", ".join(f"http://127.0.0.1:{port + 1 + i}/" for i in range(nodes)),
        url=f"http://127.0.0.1:{port}/"), flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1.0)
            for i, proc in enumerate(procs):
                if proc.returncode is None and proc.poll() is not None:
                    print(_T["down"][lang].format(port=port + 1 + i, code=proc.returncode),
                          file=sys.stderr, flush=True)
    finally:
        await balancer.close()
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(15)
    return 0


def run(args: argparse.Namespace) -> int:
    lang = 0 if args.lang == "pl" else 1
    database = args.database or os.environ.get("DATABASE_URL") or DEFAULT_DB
    redis = args.redis or os.environ.get("REDIS_URL") or DEFAULT_REDIS
    try:
        asyncio.run(ensure_database(database))
    except Exception as e:      # any failure to reach it is told, not a traceback
        print(_T["no_db"][lang].format(url=database, e=e), file=sys.stderr)
        return 2
    return asyncio.run(serve_cluster(args.nodes, args.port, database, redis, lang))
