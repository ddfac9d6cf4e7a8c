"""Several nodes as real processes, sharing a PostgreSQL database made for the run and
Redis (the machine's, under a prefix of their own; or a private redis-server for the
tests that restart it)."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator

import pytest
import redis

from ..server.conftest import pg_server, pg_url  # noqa: F401  (fixtures)
from ..server.helpers import ServerProcess, free_port

REDIS = os.environ.get("TYSIAC_TEST_REDIS", "redis://127.0.0.1:6379/0")
LEASE_MS = "1500"          # failover within a few seconds, and tests that do not wait long


def redis_or_skip(url: str) -> None:
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as e:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip(f"no Redis at {url}: {e}")


class PrivateRedis:
    """A redis-server of this test's own, which it may stop and start again."""

    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            pytest.skip("no redis-server to start a private Redis")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL)
        deadline = time.time() + 10
        while True:
            try:
                redis.Redis(port=self.port).ping()
                return
            except redis.RedisError:
                if time.time() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    r = PrivateRedis()
    r.start()
    yield r
    r.stop()


Cluster = Callable[..., list[ServerProcess]]


@pytest.fixture
def cluster(pg_url: str) -> Iterator[Cluster]:  # noqa: F811
    """``cluster(n, redis_url=None)``: n nodes on the run's database, started."""
    nodes: list[ServerProcess] = []

    def start(n: int, redis_url: str | None = None) -> list[ServerProcess]:
        url = redis_url or REDIS
        redis_or_skip(url)
        prefix = f"test{secrets.token_hex(4)}:"
        for _ in range(n):
            nodes.append(ServerProcess(pg_url, REDIS_URL=url, TYSIAC_REDIS_PREFIX=prefix,
                                       TYSIAC_LEASE_MS=LEASE_MS, TYSIAC_CLIENT_RATE="1000",
                                       TYSIAC_BOT_DELAY="0.02").start())
        return nodes

    yield start
    for node in nodes:
        node.stop()
