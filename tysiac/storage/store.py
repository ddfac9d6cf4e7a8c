"""The site's store: accounts, sessions, tables and their event logs. SQLite by
default (one file, WAL), PostgreSQL when the URL says so; the same schema,
migrations and queries (SQLAlchemy Core) for both.

Every query is a plain function of a connection; :class:`Store` runs it where the
database is best reached from asyncio:

* PostgreSQL — on the asyncio engine (asyncpg); a few batches commit side by side,
  and the writes that queue up meanwhile are committed together in the next
  (group commit);
* SQLite — on the event loop's thread itself: a read or a commit to the page cache
  costs less than a hop to another thread; the writes asked for in one turn of the
  loop are committed together (group commit), and the checkpoints that wait for the
  disk run on a thread of their own.

Every event of a table goes through :meth:`Store.append`, which stores it with
its projection only if the writer still holds the table's fence and the version
follows the last one: two owners can never both write version *n*, and an owner
that was replaced can write nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from . import schema as S

MIGRATIONS = Path(__file__).with_name("migrations")
T = TypeVar("T")
Query = Callable[..., T]


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


# --- the queries: plain functions of a connection -----------------------------------

def _user(r: Any) -> User:
    return User(r.id, r.login, r.name, r.password_hash)


def _table(r: Any) -> TableRow:
    return TableRow(r.id, r.host, json.loads(r.settings), r.seed, json.loads(r.seats),
                    r.created, r.status, r.version, r.private, json.loads(r.summary),
                    r.updated, r.deadline, r.fence, r.record)


def _projection(p: dict[str, Any]) -> dict[str, Any]:
    out = dict(p)
    if "summary" in out:
        out["summary"] = json.dumps(out["summary"])
    return out


def q_create_user(c: Connection, name: str, at: float, login: str | None,
                  password_hash: str | None) -> User:
    r = c.execute(S.users.insert().values(login=login, name=name,
                                          password_hash=password_hash, created=at))
    key = r.inserted_primary_key
    assert key is not None
    return User(int(key[0]), login, name, password_hash)


def q_user(c: Connection, where: Any) -> User | None:
    r = c.execute(sa.select(S.users).where(where)).first()
    return _user(r) if r else None


def q_claim(c: Connection, user_id: int, login: str, name: str, password_hash: str) -> None:
    c.execute(S.users.update().where(S.users.c.id == user_id).values(
        login=login, name=name, password_hash=password_hash))


def q_create_session(c: Connection, token_hash: str, user_id: int, csrf: str, at: float,
                     expires: float) -> None:
    c.execute(S.sessions.insert().values(token_hash=token_hash, user_id=user_id, csrf=csrf,
                                         created=at, expires=expires))


def q_session(c: Connection, token_hash: str, now: float) -> tuple[User, str] | None:
    r = c.execute(sa.select(S.users, S.sessions.c.csrf).join(
        S.sessions, S.sessions.c.user_id == S.users.c.id).where(
        S.sessions.c.token_hash == token_hash, S.sessions.c.expires > now)).first()
    return (_user(r), r.csrf) if r else None


def q_delete_session(c: Connection, token_hash: str) -> None:
    c.execute(S.sessions.delete().where(S.sessions.c.token_hash == token_hash))


def q_set_players(c: Connection, table_id: str, users: Sequence[int | None]) -> None:
    c.execute(S.players.delete().where(S.players.c.table_id == table_id))
    c.execute(S.players.insert(), [{"table_id": table_id, "seat": i, "user_id": u}
                                   for i, u in enumerate(users)])


def q_create_table(c: Connection, table_id: str, host: int, settings: dict[str, Any],
                   seed: int, seats: list[dict[str, Any]], at: float, summary: dict[str, Any],
                   private: bool) -> None:
    c.execute(S.tables.insert().values(
        id=table_id, host=host, settings=json.dumps(settings), seed=seed,
        seats=json.dumps(seats), created=at, status="open", version=0, private=private,
        summary=json.dumps(summary), updated=at, deadline=None, fence=0))
    q_set_players(c, table_id, [s.get("user") for s in seats])


def q_take_fence(c: Connection, table_id: str) -> int:
    c.execute(S.tables.update().where(S.tables.c.id == table_id).values(
        fence=S.tables.c.fence + 1))
    r = c.execute(sa.select(S.tables.c.fence).where(S.tables.c.id == table_id)).first()
    if r is None:
        raise KeyError(table_id)
    return int(r.fence)


def _append_update(with_record: bool) -> Any:
    # (Bound names must differ from the columns of the statement.)
    values: dict[str, Any] = {"version": sa.bindparam("b_version"), "updated": sa.bindparam("b_at"),
              "status": sa.bindparam("b_status"), "summary": sa.bindparam("b_summary"),
              "deadline": sa.bindparam("b_deadline")}
    if with_record:
        values["record"] = sa.bindparam("b_record")
    return S.tables.update().where(
        S.tables.c.id == sa.bindparam("b_id"), S.tables.c.fence == sa.bindparam("b_fence"),
        S.tables.c.version == sa.bindparam("b_previous")).values(**values)


# Built once: the hot path of every move (SQLAlchemy's statement building costs more
# than SQLite's work on it).
_APPEND = {False: _append_update(False), True: _append_update(True)}
_EVENT = S.events.insert().values(table_id=sa.bindparam("b_id"),
                                  version=sa.bindparam("b_version"),
                                  event=sa.bindparam("b_event"), at=sa.bindparam("b_at"))


def q_append(c: Connection, table_id: str, fence: int, version: int, event: dict[str, Any],
             at: float, projection: dict[str, Any], players: Sequence[int | None] | None,
             ) -> None:
    """Refuses (:class:`Fenced`) before it writes anything."""
    record = projection.get("record")
    r = c.execute(_APPEND[record is not None], {
        "b_id": table_id, "b_fence": fence, "b_previous": version - 1, "b_version": version,
        "b_at": at, "b_status": projection["status"],
        "b_summary": json.dumps(projection["summary"]),
        "b_deadline": projection.get("deadline"), "b_record": record})
    if r.rowcount != 1:
        raise Fenced(table_id)
    c.execute(_EVENT, {"b_id": table_id, "b_version": version, "b_event": json.dumps(event),
                       "b_at": at})
    if players is not None:
        q_set_players(c, table_id, players)


# PostgreSQL: the appends of a batch in two statements whatever their number (one
# UPDATE of every table row whose fence and version hold, one INSERT of their events),
# not two a move: a statement through SQLAlchemy and asyncpg costs the node more CPU
# than PostgreSQL's own work on it.
_APPEND_MANY = sa.text("""
UPDATE tables AS t SET version = v.version, updated = v.at, status = v.status,
  summary = v.summary, deadline = v.deadline, record = COALESCE(v.record, t.record)
FROM unnest(CAST(:ids AS varchar[]), CAST(:fences AS bigint[]), CAST(:versions AS int[]),
            CAST(:ats AS float8[]), CAST(:statuses AS varchar[]),
            CAST(:summaries AS text[]), CAST(:deadlines AS float8[]),
            CAST(:records AS text[]))
  AS v(id, fence, version, at, status, summary, deadline, record)
WHERE t.id = v.id AND t.fence = v.fence AND t.version = v.version - 1
RETURNING t.id""")
_EVENTS_MANY = sa.text("""
INSERT INTO events (table_id, version, event, at)
SELECT * FROM unnest(CAST(:ids AS varchar[]), CAST(:versions AS int[]),
                     CAST(:events AS text[]), CAST(:ats AS float8[]))""")


def q_append_many(c: Connection, appends: Sequence[tuple[Any, ...]]) -> list[bool]:
    """:func:`q_append` of several tables at once (PostgreSQL; each table once, no
    seats changed): whether each was stored. One whose fence or version did not hold
    wrote nothing."""
    stored = {r.id for r in c.execute(_APPEND_MANY, {
        "ids": [a[0] for a in appends], "fences": [a[1] for a in appends],
        "versions": [a[2] for a in appends], "ats": [a[4] for a in appends],
        "statuses": [a[5]["status"] for a in appends],
        "summaries": [json.dumps(a[5]["summary"]) for a in appends],
        "deadlines": [a[5].get("deadline") for a in appends],
        "records": [a[5].get("record") for a in appends]})}
    kept = [a for a in appends if a[0] in stored]
    if kept:
        c.execute(_EVENTS_MANY, {"ids": [a[0] for a in kept], "versions": [a[2] for a in kept],
                                 "events": [json.dumps(a[3]) for a in kept],
                                 "ats": [a[4] for a in kept]})
    return [a[0] in stored for a in appends]


def q_update_projection(c: Connection, table_id: str, fence: int,
                        projection: dict[str, Any]) -> None:
    r = c.execute(S.tables.update().where(S.tables.c.id == table_id,
                                          S.tables.c.fence == fence).values(
        **_projection(projection)))
    if r.rowcount != 1:
        raise Fenced(table_id)


def q_table(c: Connection, table_id: str) -> TableRow | None:
    r = c.execute(sa.select(S.tables).where(S.tables.c.id == table_id)).first()
    return _table(r) if r else None


def q_events(c: Connection, table_id: str) -> list[tuple[dict[str, Any], float]]:
    rows = c.execute(sa.select(S.events.c.event, S.events.c.at).where(
        S.events.c.table_id == table_id).order_by(S.events.c.version)).all()
    return [(json.loads(r.event), r.at) for r in rows]


def q_active(c: Connection) -> list[str]:
    return [r.id for r in c.execute(sa.select(S.tables.c.id).where(
        S.tables.c.status.in_(("open", "playing")))).all()]


def q_lobby(c: Connection, limit: int) -> list[TableRow]:
    return [_table(r) for r in c.execute(sa.select(S.tables).where(
        S.tables.c.status.in_(("open", "playing")), S.tables.c.private.is_(False)).order_by(
        S.tables.c.updated.desc()).limit(limit)).all()]


def q_history(c: Connection, user_id: int, limit: int) -> list[TableRow]:
    return [_table(r) for r in c.execute(sa.select(S.tables).join(
        S.players, S.players.c.table_id == S.tables.c.id).where(
        S.players.c.user_id == user_id).order_by(S.tables.c.created.desc()).limit(
        limit)).all()]


# --- where the queries run --------------------------------------------------------------

Job = tuple[Query[Any], tuple[Any, ...], "asyncio.Future[Any]"]
Result = tuple[Any, BaseException | None]


def _run_batch(c: Connection, batch: list[Job]) -> list[Result]:
    """Every write of a batch in one transaction. A lost fence refuses one write
    before it writes anything, and the others go on; any other failure escapes and
    undoes the whole batch. On PostgreSQL the appends of different tables go
    together (:func:`q_append_many`); a second append of one table runs after them,
    alone, as it would have."""
    results: list[Result | None] = [None] * len(batch)
    if c.dialect.name == "postgresql":
        first: dict[str, int] = {}
        for i, (fn, args, _) in enumerate(batch):
            if fn is q_append and args[-1] is None:
                first.setdefault(args[0], i)
        if len(first) > 1:
            at = list(first.values())
            for i, ok in zip(at, q_append_many(c, [batch[i][1] for i in at]), strict=True):
                results[i] = (None, None if ok else Fenced(batch[i][1][0]))
    for i, (fn, args, _) in enumerate(batch):
        if results[i] is None:
            try:
                results[i] = (fn(c, *args), None)
            except Fenced as e:
                results[i] = (None, e)
    return [r for r in results if r is not None]


def _settle_all(batch: list[Job], results: list[Result]) -> None:
    for (_, _, future), (value, error) in zip(batch, results, strict=True):
        _settle(future, value, error)


class _SqliteWriter:
    """SQLite's writes, on the event loop's own thread: every write asked for during
    one turn of the loop is committed in one transaction at the end of it (group
    commit). SQLite in WAL mode with ``synchronous=NORMAL`` commits to the page cache
    in well under a millisecond, less than a hop to another thread costs; the
    checkpoints, which do wait for the disk, run on a thread of their own
    (:class:`_Checkpoints`). Should a batch fail, each write runs again alone."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.pending: list[Job] = []

    def submit(self, fn: Query[Any], args: tuple[Any, ...]) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        if not self.pending:
            loop.call_soon(self.flush)
        self.pending.append((fn, args, future))
        return future

    def flush(self) -> None:
        batch, self.pending = self.pending, []
        try:
            with self.engine.begin() as c:
                results = _run_batch(c, batch)
        except Exception as e:
            results = [(None, e)] if len(batch) == 1 else [self._alone(j) for j in batch]
        _settle_all(batch, results)

    def _alone(self, job: Job) -> Result:
        try:
            with self.engine.begin() as c:
                return _run_batch(c, [job])[0]
        except Exception as e:
            return None, e


class _PostgresWriter:
    """PostgreSQL's writes, group-committed: up to ``in_flight`` batches commit at
    once, each on a connection of its own, and every write asked for while they all
    are busy goes in the next batch (one wait for the disk for many moves, and no
    table's move queues behind a slow commit for long). A table has one write in
    flight at a time (its owner awaits each), so batches committing side by side
    never reorder one table's events."""

    def __init__(self, engine: AsyncEngine, in_flight: int = 4) -> None:
        self.engine = engine
        self.pending: list[Job] = []
        self.running = 0
        self.in_flight = in_flight

    def submit(self, fn: Query[Any], args: tuple[Any, ...]) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending.append((fn, args, future))
        if self.running < self.in_flight:
            self.running += 1
            asyncio.create_task(self._drain())
        return future

    async def _drain(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    async with self.engine.begin() as ac:
                        results = await ac.run_sync(_run_batch, batch)
                except Exception as e:
                    results = [(None, e)] if len(batch) == 1 else \
                        [await self._alone(j) for j in batch]
                _settle_all(batch, results)
        finally:
            self.running -= 1

    async def _alone(self, job: Job) -> Result:
        try:
            async with self.engine.begin() as ac:
                result: Result = (await ac.run_sync(_run_batch, [job]))[0]
                return result
        except Exception as e:
            return None, e


class _Checkpoints(threading.Thread):
    """Moves SQLite's write-ahead log into the database every few seconds, so the
    commits on the event loop never wait for the disk."""

    def __init__(self, engine: Engine, every: float = 2.0) -> None:
        super().__init__(name="sqlite-checkpoints", daemon=True)
        self.engine = engine
        self.every = every
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(self.every):
            with contextlib.suppress(sa.exc.OperationalError), self.engine.connect() as c:
                c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")


class Store:
    """One store per process; every method is one short transaction."""

    def __init__(self, engine: AsyncEngine | Engine) -> None:
        self.sqlite = isinstance(engine, Engine)
        self.engine = engine
        self._checkpoints: _Checkpoints | None = None
        self._writer: _SqliteWriter | _PostgresWriter
        if isinstance(engine, Engine):
            self._writer = _SqliteWriter(engine)
            self._checkpoints = _Checkpoints(engine)
            self._checkpoints.start()
        else:
            self._writer = _PostgresWriter(engine)
            # A read is one statement: without a transaction around it, it is one
            # round trip instead of three (BEGIN, the query, ROLLBACK).
            self._reader = engine.execution_options(isolation_level="AUTOCOMMIT")

    @classmethod
    async def open(cls, url: str | None = None) -> Store:
        """Connect, create the SQLite file's folder if needed, and migrate to the
        newest schema."""
        u = make_url(url or default_url())
        if u.drivername.startswith("sqlite"):
            if u.database and u.database != ":memory:":
                Path(u.database).parent.mkdir(parents=True, exist_ok=True)
            engine: AsyncEngine | Engine = sa.create_engine(
                u.set(drivername="sqlite"), connect_args={"timeout": 30,
                                                          "check_same_thread": False},
                poolclass=sa.pool.QueuePool, pool_size=2)
            sa.event.listen(engine, "connect", _sqlite_pragmas)
            sa.event.listen(engine, "begin", _sqlite_begin)
        else:
            # No ping before each use (three round trips through asyncpg: BEGIN, ";",
            # ROLLBACK): a connection found dead by its query is dropped with every
            # older one, and the request that met it fails once.
            engine = create_async_engine(u.set(drivername="postgresql+asyncpg"),
                                         pool_size=10, max_overflow=10, pool_recycle=1800)
        store = cls(engine)
        await store._write(_upgrade)
        return store

    async def close(self) -> None:
        if isinstance(self.engine, Engine):
            assert self._checkpoints is not None
            self._checkpoints.stopping.set()
            await asyncio.to_thread(self._checkpoints.join, 10)
            self.engine.dispose()
        else:
            await self.engine.dispose()

    async def _read(self, fn: Query[T], *args: Any) -> T:
        engine = self.engine
        if isinstance(engine, Engine):      # an indexed read from the page cache
            with engine.connect() as c:
                return fn(c, *args)
        async with self._reader.connect() as ac:
            return await ac.run_sync(fn, *args)

    async def _write(self, fn: Query[T], *args: Any) -> T:
        result: T = await self._writer.submit(fn, args)
        return result

    # The queries of other modules (.sheets) run where this store's run.
    read = _read
    write = _write

    # --- accounts and sessions ----------------------------------------------------

    async def create_user(self, name: str, at: float, login: str | None = None,
                          password_hash: str | None = None) -> User:
        """A new user; ``sqlalchemy.exc.IntegrityError`` if the login is taken."""
        return await self._write(q_create_user, name, at, login, password_hash)

    async def user(self, user_id: int) -> User | None:
        return await self._read(q_user, S.users.c.id == user_id)

    async def user_by_login(self, login: str) -> User | None:
        return await self._read(q_user, S.users.c.login == login)

    async def claim(self, user_id: int, login: str, name: str, password_hash: str) -> bool:
        """Make a guest an account, keeping its games. False if the login is taken."""
        try:
            await self._write(q_claim, user_id, login, name, password_hash)
        except sa.exc.IntegrityError:
            return False
        return True

    async def create_session(self, token_hash: str, user_id: int, csrf: str, at: float,
                             expires: float) -> None:
        await self._write(q_create_session, token_hash, user_id, csrf, at, expires)

    async def session(self, token_hash: str, now: float) -> tuple[User, str] | None:
        """The user and CSRF token of a live session."""
        return await self._read(q_session, token_hash, now)

    async def delete_session(self, token_hash: str) -> None:
        await self._write(q_delete_session, token_hash)

    # --- tables -------------------------------------------------------------------

    async def create_table(self, table_id: str, host: int, settings: dict[str, Any],
                           seed: int, seats: list[dict[str, Any]], at: float,
                           summary: dict[str, Any], private: bool) -> None:
        await self._write(q_create_table, table_id, host, settings, seed, seats, at, summary,
                          private)

    async def take_fence(self, table_id: str) -> int:
        """Raise the table's fence and return it: from now on only this owner writes."""
        return await self._write(q_take_fence, table_id)

    async def append(self, table_id: str, fence: int, version: int, event: dict[str, Any],
                     at: float, projection: dict[str, Any],
                     players: Sequence[int | None] | None = None) -> None:
        """Store event ``version`` (the previous one must be ``version - 1``) with the
        table's new projection; :class:`Fenced` if this writer lost the table."""
        await self._write(q_append, table_id, fence, version, event, at, projection, players)

    async def update_projection(self, table_id: str, fence: int,
                                projection: dict[str, Any]) -> None:
        """Change the projection without an event (a closing record, a deadline)."""
        await self._write(q_update_projection, table_id, fence, projection)

    async def table(self, table_id: str) -> TableRow | None:
        return await self._read(q_table, table_id)

    async def events(self, table_id: str) -> list[tuple[dict[str, Any], float]]:
        return await self._read(q_events, table_id)

    async def active_tables(self) -> list[str]:
        """Tables still open or in play: what a node starting up takes over."""
        return await self._read(q_active)

    async def lobby(self, limit: int = 200) -> list[TableRow]:
        """Public tables open or in play, newest first."""
        return await self._read(q_lobby, limit)

    async def history(self, user_id: int, limit: int = 200) -> list[TableRow]:
        """The tables a user sat at, newest first."""
        return await self._read(q_history, user_id, limit)


def _settle(future: asyncio.Future[Any], value: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(value)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # The driver's own transaction handling off: SQLAlchemy's "begin" event below
    # opens them, so savepoints nest as they should.
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    # WAL: readers never wait for the writer; NORMAL: a commit survives a crash of
    # the process (not of the machine), at a fraction of FULL's cost.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.execute("PRAGMA wal_autocheckpoint=0")      # _Checkpoints does them, off the loop
    cur.close()


def _sqlite_begin(conn: Connection) -> None:
    conn.exec_driver_sql("BEGIN")


def _upgrade(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        # Nodes starting together migrate one after the other.
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(1000)"))
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")
