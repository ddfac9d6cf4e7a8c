"""The arbiter's time and peak memory on the largest inputs it accepts.

- the longest legal game: MAX_DEALS deals with the longest biddings (steps of
  5 without jumps up to 400, a declaration of 400, every card played), as JSON
  and as the text notation;
- a record at the size limit: that game padded with an ``extra`` field up to
  MAX_RECORD_BYTES, and an ``extra`` of small arrays up to the same size
  (refused: over MAX_JSON_VALUES);
- the most objects a parse may build: an ``extra`` of small arrays or of short
  texts at the value limit;
- one byte over the limit (refused before any parsing).

Time: median of several runs of ``judge_bytes`` (wall clock and CPU); memory: the
peak of Python's allocations (tracemalloc) in one more run.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tysiac import Game, Rules  # noqa: E402
from tysiac.arbiter import judge_bytes  # noqa: E402
from tysiac.engine import actions as A  # noqa: E402
from tysiac.record import dumps, notation, to_record  # noqa: E402
from tysiac.record.limits import (  # noqa: E402
    MAX_ACTIONS_PER_DEAL,
    MAX_DEALS,
    MAX_JSON_VALUES,
    MAX_RECORD_BYTES,
)

RUNS = 5


def longest_game() -> Game:
    """MAX_DEALS deals, each bid up one step at a time to 400 and declared at
    400 (always failed, so nobody reaches 1000 and the game goes on)."""
    rules = Rules.preset("pl-3", bid_step=5, bid_jumps=False, bid_cap="none",
                         declare_cap="none", bombs_per_player=0)
    rnd = random.Random(14)
    game = Game(rules, seed=14)
    for _ in range(MAX_DEALS):
        game.deal()
        while game.phase_name not in ("deal", "game_over"):
            legal = game.legal_actions()
            bids = [a for a in legal if A.kind(a) in ("bid", "declare")]
            game.apply(max(bids) if bids and A.kind(bids[0]) == "declare"
                       else min(bids) if bids else rnd.choice(legal))
        assert game.phase_name == "deal"
    return game


def measure(name: str, data: bytes) -> None:
    walls, cpus = [], []
    status = -1
    for _ in range(RUNS):
        w, c = time.perf_counter(), time.process_time()
        _, status, _ = judge_bytes(data)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    tracemalloc.start()
    judge_bytes(data)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"  {name:52} {len(data) / 1e6:5.2f} MB  status {status}  "
          f"{statistics.median(walls) * 1000:8.1f} ms wall  "
          f"{statistics.median(cpus) * 1000:8.1f} ms CPU  peak {peak / 1e6:6.1f} MB")


def main() -> None:
    game = longest_game()
    record = to_record(game, ["Ania", "Bartek", "Celina"])
    actions = max(len(d.actions) for d in record.deals)    # type: ignore[union-attr]
    assert actions <= MAX_ACTIONS_PER_DEAL
    as_json = dumps(record).encode()
    as_text = notation.write(record).encode()
    assert len(as_json) <= MAX_RECORD_BYTES
    padded = json.loads(as_json)
    padded["padding"] = ""
    room = MAX_RECORD_BYTES - len(json.dumps(padded, ensure_ascii=False, indent=2).encode())
    padded["padding"] = "x" * room
    at_limit = json.dumps(padded, ensure_ascii=False, indent=2).encode()
    head = b'{"players": ["A", "B", "C"], "first_dealer": 0, "junk": ['
    arrays = head + b"[0]," * ((MAX_RECORD_BYTES - len(head) - 6) // 4) + b"[0]]}"
    under = head + b"[0]," * (MAX_JSON_VALUES // 2 - 10) + b"[0]]}"
    texts = head + b'"ab",' * (MAX_JSON_VALUES - 10) + b'"ab"]}'
    print(f"arbiter (judge_bytes: read, check, replay, verdict); median of {RUNS} runs")
    print(f"  the longest legal game: {len(record.deals)} deals, up to {actions} actions each")
    measure("longest legal game, JSON", as_json)
    measure("longest legal game, text notation", as_text)
    measure("at the size limit: the game + padding", at_limit)
    measure("at the size limit: extra of 1M small arrays", arrays)
    measure(f"extra of {MAX_JSON_VALUES // 2 // 1000}k small arrays (under the value limit)",
            under)
    measure(f"extra of {MAX_JSON_VALUES // 1000}k short texts (at the value limit)", texts)
    measure("one byte over the size limit (refused)", at_limit + b" ")


if __name__ == "__main__":
    main()
