"""The site's store: accounts, sessions, tables and their event logs, over
SQLAlchemy's asyncio engine. SQLite by default (one file, WAL), PostgreSQL when
the URL says so; the same schema and migrations for both.

Every write of a table's event goes through :meth:`Store.append`, which stores
the event and its projection in one transaction only if the writer still holds
the table's fence and the version follows the last one: two owners can never
both write version *n*, and an owner that was replaced can write nothing.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from . import schema as S

MIGRATIONS = Path(__file__).with_name("migrations")


class Fenced(Exception):
    """The writer no longer owns the table (a newer fence, or another version)."""


@dataclass(frozen=True, slots=True)
class User:
    id: int
    login: str | None          # None: a guest
    name: str
    password_hash: str | None

    @property
    def guest(self) -> bool:
        return self.login is None


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    host: int
    settings: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    created: float
    status: str
    version: int
    private: bool
    summary: dict[str, Any]
    updated: float
    deadline: float | None
    fence: int
    record: str | None


def default_url() -> str:
    """``DATABASE_URL``, or a SQLite file in the user's data directory."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return f"sqlite:///{base / 'tysiac' / 'site.db'}"


def async_url(url: str) -> sa.URL:
    """The asyncio driver's URL for a plain one (``postgresql://``, ``sqlite:///``)."""
    u = make_url(url)
    driver = {"postgresql": "postgresql+asyncpg", "postgres": "postgresql+asyncpg",
              "sqlite": "sqlite+aiosqlite"}.get(u.drivername, u.drivername)
    return u.set(drivername=driver)


def _row(r: Any) -> TableRow:
    return TableRow(r.id, r.host, json.loads(r.settings), r.seed, json.loads(r.seats),
                    r.created, r.status, r.version, r.private, json.loads(r.summary),
                    r.updated, r.deadline, r.fence, r.record)


class Store:
    """One store per process; every method is a short transaction."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        # SQLite has one writer at a time: queue writers here rather than in retries.
        self._write_lock = asyncio.Lock() if self.sqlite else None

    @classmethod
    async def open(cls, url: str | None = None) -> Store:
        """Connect, create the SQLite file's folder if needed, and migrate to the
        newest schema."""
        u = async_url(url or default_url())
        kwargs: dict[str, Any] = {}
        if u.drivername.startswith("sqlite"):
            if u.database and u.database != ":memory:":
                Path(u.database).parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"timeout": 30}
        else:
            kwargs.update(pool_size=10, max_overflow=10, pool_pre_ping=True)
        engine = create_async_engine(u, **kwargs)
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        store = cls(engine)
        async with engine.begin() as conn:
            await conn.run_sync(_upgrade)
        return store

    async def close(self) -> None:
        await self.engine.dispose()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncConnection]:
        if self._write_lock is None:
            async with self.engine.begin() as conn:
                yield conn
            return
        async with self._write_lock, self.engine.begin() as conn:
            yield conn

    # --- accounts and sessions ----------------------------------------------------

    async def create_user(self, name: str, at: float, login: str | None = None,
                          password_hash: str | None = None) -> User:
        """A new user; ``sqlalchemy.exc.IntegrityError`` if the login is taken."""
        async with self._write() as conn:
            r = await conn.execute(S.users.insert().values(
                login=login, name=name, password_hash=password_hash, created=at))
            key = r.inserted_primary_key
            assert key is not None
            uid = int(key[0])
        return User(uid, login, name, password_hash)

    async def user(self, user_id: int) -> User | None:
        return await self._user(S.users.c.id == user_id)

    async def user_by_login(self, login: str) -> User | None:
        return await self._user(S.users.c.login == login)

    async def _user(self, where: Any) -> User | None:
        async with self.engine.connect() as conn:
            r = (await conn.execute(sa.select(S.users).where(where))).first()
        return User(r.id, r.login, r.name, r.password_hash) if r else None

    async def claim(self, user_id: int, login: str, name: str, password_hash: str) -> bool:
        """Make a guest an account, keeping its games. False if the login is taken."""
        try:
            async with self._write() as conn:
                await conn.execute(S.users.update().where(S.users.c.id == user_id).values(
                    login=login, name=name, password_hash=password_hash))
        except sa.exc.IntegrityError:
            return False
        return True

    async def create_session(self, token_hash: str, user_id: int, csrf: str, at: float,
                             expires: float) -> None:
        async with self._write() as conn:
            await conn.execute(S.sessions.insert().values(
                token_hash=token_hash, user_id=user_id, csrf=csrf, created=at,
                expires=expires))

    async def session(self, token_hash: str, now: float) -> tuple[User, str] | None:
        """The user and CSRF token of a live session."""
        q = sa.select(S.users, S.sessions.c.csrf).join(
            S.sessions, S.sessions.c.user_id == S.users.c.id).where(
            S.sessions.c.token_hash == token_hash, S.sessions.c.expires > now)
        async with self.engine.connect() as conn:
            r = (await conn.execute(q)).first()
        return (User(r.id, r.login, r.name, r.password_hash), r.csrf) if r else None

    async def delete_session(self, token_hash: str) -> None:
        async with self._write() as conn:
            await conn.execute(S.sessions.delete().where(S.sessions.c.token_hash == token_hash))

    # --- tables -------------------------------------------------------------------

    async def create_table(self, table_id: str, host: int, settings: dict[str, Any],
                           seed: int, seats: list[dict[str, Any]], at: float,
                           summary: dict[str, Any], private: bool) -> None:
        async with self._write() as conn:
            await conn.execute(S.tables.insert().values(
                id=table_id, host=host, settings=json.dumps(settings), seed=seed,
                seats=json.dumps(seats), created=at, status="open", version=0,
                private=private, summary=json.dumps(summary), updated=at, deadline=None,
                fence=0))
            await self._set_players(conn, table_id, [s.get("user") for s in seats])

    async def _set_players(self, conn: AsyncConnection, table_id: str,
                           users: Sequence[int | None]) -> None:
        await conn.execute(S.players.delete().where(S.players.c.table_id == table_id))
        await conn.execute(S.players.insert(), [
            {"table_id": table_id, "seat": i, "user_id": u} for i, u in enumerate(users)])

    async def take_fence(self, table_id: str) -> int:
        """Raise the table's fence and return it: from now on only this owner writes."""
        async with self._write() as conn:
            await conn.execute(S.tables.update().where(S.tables.c.id == table_id).values(
                fence=S.tables.c.fence + 1))
            r = (await conn.execute(sa.select(S.tables.c.fence).where(
                S.tables.c.id == table_id))).first()
        if r is None:
            raise KeyError(table_id)
        return int(r.fence)

    async def append(self, table_id: str, fence: int, version: int, event: dict[str, Any],
                     at: float, projection: dict[str, Any],
                     players: Sequence[int | None] | None = None) -> None:
        """Store event ``version`` (the previous one must be ``version - 1``) with the
        table's new projection; :class:`Fenced` if this writer lost the table."""
        async with self._write() as conn:
            r = await conn.execute(S.tables.update().where(
                S.tables.c.id == table_id, S.tables.c.fence == fence,
                S.tables.c.version == version - 1).values(version=version, updated=at,
                                                           **_projection(projection)))
            if r.rowcount != 1:
                raise Fenced(table_id)
            await conn.execute(S.events.insert().values(
                table_id=table_id, version=version, event=json.dumps(event), at=at))
            if players is not None:
                await self._set_players(conn, table_id, players)

    async def update_projection(self, table_id: str, fence: int,
                                projection: dict[str, Any]) -> None:
        """Change the projection without an event (a closing record, a deadline)."""
        async with self._write() as conn:
            r = await conn.execute(S.tables.update().where(
                S.tables.c.id == table_id, S.tables.c.fence == fence).values(
                **_projection(projection)))
            if r.rowcount != 1:
                raise Fenced(table_id)

    async def table(self, table_id: str) -> TableRow | None:
        async with self.engine.connect() as conn:
            r = (await conn.execute(sa.select(S.tables).where(S.tables.c.id == table_id))).first()
        return _row(r) if r else None

    async def events(self, table_id: str) -> list[tuple[dict[str, Any], float]]:
        q = sa.select(S.events.c.event, S.events.c.at).where(
            S.events.c.table_id == table_id).order_by(S.events.c.version)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(q)).all()
        return [(json.loads(r.event), r.at) for r in rows]

    async def active_tables(self) -> list[str]:
        """Tables still open or in play: what a node starting up takes over."""
        q = sa.select(S.tables.c.id).where(S.tables.c.status.in_(("open", "playing")))
        async with self.engine.connect() as conn:
            return [r.id for r in (await conn.execute(q)).all()]

    async def lobby(self, limit: int = 200) -> list[TableRow]:
        """Public tables open or in play, newest first."""
        q = sa.select(S.tables).where(S.tables.c.status.in_(("open", "playing")),
                                      S.tables.c.private.is_(False)).order_by(
            S.tables.c.updated.desc()).limit(limit)
        async with self.engine.connect() as conn:
            return [_row(r) for r in (await conn.execute(q)).all()]

    async def history(self, user_id: int, limit: int = 200) -> list[TableRow]:
        """The tables a user sat at, newest first."""
        q = sa.select(S.tables).join(S.players, S.players.c.table_id == S.tables.c.id).where(
            S.players.c.user_id == user_id).order_by(S.tables.c.created.desc()).limit(limit)
        async with self.engine.connect() as conn:
            return [_row(r) for r in (await conn.execute(q)).all()]


def _projection(p: dict[str, Any]) -> dict[str, Any]:
    out = dict(p)
    if "summary" in out:
        out["summary"] = json.dumps(out["summary"])
    return out


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL: readers never wait for the writer; NORMAL: a commit survives a crash of
    # the process (not of the machine), at a fraction of FULL's cost.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def _upgrade(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        # Nodes starting together migrate one after the other.
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(1000)"))
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")
