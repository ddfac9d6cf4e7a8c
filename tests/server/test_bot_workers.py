"""A node's bot workers end with it, even when it is killed with ``kill -9``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

NODE = """
import asyncio, os, time
from tysiac.server.bots import BotPool

async def main():
    pool = BotPool(1)
    print(await pool.run(os.getpid), flush=True)
    time.sleep(60)

asyncio.run(main())
"""


def running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="the parent-death signal is Linux's")
def test_a_killed_node_leaves_no_bot_worker_behind():
    node = subprocess.Popen([sys.executable, "-c", NODE], stdout=subprocess.PIPE, text=True)
    try:
        assert node.stdout is not None
        worker = int(node.stdout.readline())
        assert worker != node.pid and running(worker)
        os.kill(node.pid, signal.SIGKILL)
        node.wait(10)
        deadline = time.monotonic() + 10
        while running(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not running(worker)
    finally:
        node.kill()
