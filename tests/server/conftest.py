"""Servers for the web tests: SQLite in a temporary folder by default; PostgreSQL
(127.0.0.1:5432, as on these machines) in a database made for the run."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator

import asyncpg
import pytest

from tysiac.server.node import Config

from .helpers import ServerThread

PG_ADMIN = os.environ.get("TYSIAC_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


def fast_config(url: str, **kw: object) -> Config:
    """No pauses for bots, bots in threads, no rate limit a test driver would hit."""
    values: dict[str, object] = {"bot_delay": 0, "trick_pause": 0, "bot_processes": 0,
                                 "client_rate": 10_000.0, **kw}
    return Config(database_url=url, **values)  # type: ignore[arg-type]


@pytest.fixture
def sqlite_url(tmp_path: os.PathLike[str]) -> str:
    return f"sqlite:///{tmp_path}/site.db"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A fresh PostgreSQL database for this run (dropped at the end). Under CI a
    missing server is a failure; elsewhere the tests that need it are skipped."""
    name = f"tysiac_test_{secrets.token_hex(4)}"
    try:
        sql(PG_ADMIN, f'CREATE DATABASE "{name}"')
    except (OSError, asyncpg.PostgresError) as e:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip(f"no PostgreSQL at {PG_ADMIN}: {e}")
    url = PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
    yield url
    sql(PG_ADMIN, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def sql(url: str, statement: str) -> None:
    async def run() -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(statement)
        finally:
            await conn.close()
    asyncio.run(run())


@pytest.fixture
def pg_url(pg_server: str) -> str:
    """The run's PostgreSQL database, emptied for each test."""
    sql(pg_server, "DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    return pg_server


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    name = "sqlite_url" if request.param == "sqlite" else "pg_url"
    return str(request.getfixturevalue(name))


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ServerThread]:
    with ServerThread(fast_config(sqlite_url)) as s:
        yield s
