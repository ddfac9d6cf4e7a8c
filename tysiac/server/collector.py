"""CPython's cycle collector kept out of a busy node's way.

A node holds many long-lived objects (tables, games, connections), and a full
collection walks every one of them: at 1,000 tables on one node it held the event
loop 100 to 340 ms every few seconds, which was the round trip's p99. So, every
``FREEZE_S``, the young generations are collected (cheap) and what survives is
frozen (``gc.freeze``: later collections skip it); every ``FULL_S`` everything is
unfrozen and collected in one pass, for the cycles that died old. Reference
counting frees whatever is not in a cycle at once, frozen or not.
"""

from __future__ import annotations

import asyncio
import gc
import time

FREEZE_S = 30.0
FULL_S = 600.0


async def keep_collector_calm(freeze_s: float = FREEZE_S, full_s: float = FULL_S) -> None:
    """Run for the node's life (a task); see the module docstring."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_s)
        if time.monotonic() - last_full >= full_s:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        else:
            gc.collect(1)
        gc.freeze()
