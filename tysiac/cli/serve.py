"""``tysiac serve``: the web site (online tables) on uvicorn.

SQLite in the user's data directory by default, PostgreSQL when ``DATABASE_URL``
(or ``--database``) says so. With ``REDIS_URL`` (or ``--redis``) the process is one
node of several: any number of them, on one machine (``--workers N``) or many, share
the database and Redis. The address to open is printed once the server listens;
logs are JSON lines on standard error (at a terminal, a lone node shows only
warnings).
"""

from __future__ import annotations

import argparse
import os
import sys

_T = {
    "open": ("Tysiąc działa: otwórz {url} w przeglądarce (Ctrl+C kończy).",
             "Tysiąc is up: open {url} in a browser (Ctrl+C stops it)."),
    "db": ("Baza danych: {url}", "Database: {url}"),
    "workers": ("--workers powyżej 1 potrzebuje Redisa (--redis albo REDIS_URL) i bazy "
                "PostgreSQL (--database albo DATABASE_URL)",
                "--workers above 1 needs Redis (--redis or REDIS_URL) and PostgreSQL "
                "(--database or DATABASE_URL)"),
    "missing": ("Brak pakietów serwera ({name}). Zainstaluj je: pip install 'tysiac[web]' "
                "albo uruchom make run.",
                "The server's packages are missing ({name}). Install them: pip install "
                "'tysiac[web]', or run make run."),
}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="run the web site: online tables with friends and bots",
                       description="Serve the online tables. Open the printed address in a "
                       "browser; the games are kept in the database.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for the network)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--database", metavar="URL", default=None,
                   help="database URL (default: DATABASE_URL, else SQLite in the data folder)")
    p.add_argument("--redis", metavar="URL", default=None,
                   help="Redis URL: this process is one node of several (default: REDIS_URL)")
    p.add_argument("--workers", type=int, default=1,
                   help="node processes on this port (more than 1 needs Redis and PostgreSQL)")
    p.add_argument("--lang", choices=("pl", "en"), default="pl", help="language of messages")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lang = 0 if args.lang == "pl" else 1
    try:
        import uvicorn

        from ..server.app import create_app
        from ..server.node import Config
        from ..storage import default_url
    except ImportError as e:
        print(_T["missing"][lang].format(name=e.name), file=sys.stderr)
        return 2
    if args.database:
        os.environ["DATABASE_URL"] = args.database
    if args.redis:
        os.environ["REDIS_URL"] = args.redis
    # JSON log lines for operators (a node of several, or output to a file); a person
    # who ran make run in a terminal sees only the address and any warnings.
    alone_at_terminal = sys.stderr.isatty() and not os.environ.get("REDIS_URL")
    os.environ.setdefault("TYSIAC_JSON_LOGS", "0" if alone_at_terminal else "1")
    url_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    url = f"http://{url_host}:{args.port}/"
    options: dict[str, object] = {"host": args.host, "port": args.port, "ws_max_size": 16384,
                                  # a few kB a message: compressing each costs more
                                  # CPU than it saves
                                  "ws_per_message_deflate": False, "log_level": "warning",
                                  "lifespan": "on", "timeout_graceful_shutdown": 10}
    if args.workers > 1:
        database = os.environ.get("DATABASE_URL", "")
        if not os.environ.get("REDIS_URL") or not database.startswith("postgres"):
            print(_T["workers"][lang], file=sys.stderr)
            return 2
        print(_T["db"][lang].format(url=_shown(database)), flush=True)
        print(_T["open"][lang].format(url=url), flush=True)
        # Each worker builds its own app (and node) from the environment.
        uvicorn.run("tysiac.server.app:create_app", factory=True, workers=args.workers,
                    **options)  # type: ignore[arg-type]
        return 0
    app = create_app(Config.from_env())

    class Server(uvicorn.Server):
        async def startup(self, sockets: list | None = None) -> None:  # type: ignore[type-arg]
            await super().startup(sockets)
            if self.started:
                print(_T["db"][lang].format(url=_shown(default_url())), flush=True)
                print(_T["open"][lang].format(url=url), flush=True)

    # uvloop when it is there (server.run() picks it).
    Server(uvicorn.Config(app, **options)).run()  # type: ignore[arg-type]
    return 0


def _shown(url: str) -> str:
    """A database URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, cred = head.partition("://")
    return f"{scheme}://{cred.split(':')[0]}@{tail}"
