"""The node's collector policy: survivors frozen, cycles collected at the full pass."""

from __future__ import annotations

import asyncio
import gc
import weakref

from tysiac.server.collector import keep_collector_calm


class Node:
    """An object in a reference cycle, as tables and connections often are."""

    def __init__(self) -> None:
        self.me = self


def test_survivors_are_frozen_and_old_cycles_collected_at_the_full_pass():
    async def run() -> tuple[int, bool, bool]:
        old = Node()
        dead = weakref.ref(old)
        task = asyncio.create_task(keep_collector_calm(freeze_s=0.05, full_s=0.4))
        try:
            await asyncio.sleep(0.12)
            frozen = gc.get_freeze_count()
            del old                              # a frozen cycle, now garbage
            gc.collect()                         # an ordinary collection skips it
            kept = dead() is not None
            await asyncio.sleep(0.5)             # the full pass
            return frozen, kept, dead() is None
        finally:
            task.cancel()
            gc.unfreeze()

    frozen, kept_while_frozen, collected = asyncio.run(run())
    assert frozen > 0
    assert kept_while_frozen
    assert collected
