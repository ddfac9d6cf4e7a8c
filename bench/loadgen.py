"""The load generator of the server benchmarks: tables set up through the site's
forms, seats played as browsers play them, over the real WebSocket API.

Used by ``server_bench.py`` (one node) and ``cluster_bench.py`` (several).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any, NamedTuple

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Guest:
    """One browser's cookies: a guest session and its forms."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies: dict[str, str] = {}

    def request(self, path: str, form: dict[str, str] | None = None) -> tuple[str, str]:
        url = self.base + path
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        for _ in range(4):
            req = urllib.request.Request(url, data=data, headers={"Cookie": self.cookie()})
            opener = urllib.request.build_opener(_NoRedirect)
            try:
                resp = opener.open(req, timeout=30)
            except urllib.error.HTTPError as e:
                resp = e
            for raw in resp.headers.get_all("Set-Cookie") or []:
                c = SimpleCookie()
                c.load(raw)
                self.cookies.update({k: m.value for k, m in c.items()})
            body = resp.read().decode()
            if resp.status in (302, 303):
                url, data = urllib.parse.urljoin(url, resp.headers["Location"]), None
                continue
            return urllib.parse.urlsplit(url).path, body
        raise RuntimeError("redirects")

    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def post(self, path: str, form: dict[str, str]) -> str:
        _, page = self.request(path)
        token = re.search(r'name="csrf" value="([^"]+)"', page)
        assert token, path
        return self.request(path, {"csrf": token.group(1), **form})[0]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def action_of(a: Any, phase: str) -> dict[str, Any]:
    if a in ("pass", "bomb", "redeal"):
        return {a: True}
    if isinstance(a, int):
        return {"bid": a} if phase == "bid" else {"declare": a} if phase == "declare" \
            else {"choose_musik": a}
    return {"play": a[:-1], "meld": True} if a.endswith("+") else {"play": a}


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A legal move of this seat now, as the message to send (None: not its turn)."""
    table, view, you = state["table"], state["view"], state["you"]
    w = table["waiting"]
    if table["status"] != "playing" or w is None:
        return None
    if w["gate"] and you in w["gate_seats"]:
        return {"type": w["gate"]}
    if view["to_move"] != you or w["seat"] != you:
        return None
    legal = [a for a in view["legal"] if a != "bomb"]
    if view["phase"] == "exchange":
        n = len(view["hand_sizes"])
        receivers = [s for s in ((view["declarer"] + i) % n for i in range(1, n))
                     if s != view["sitting_out"]][:2]
        picked = rng.sample(legal, 2)
        give = dict(zip(map(str, receivers), picked, strict=True))
        return {"type": "act", "action": {"give": give}}
    # Bid low and rarely: a seat at random keeps the contracts playable.
    if view["phase"] == "bid" and "pass" in legal and rng.random() < 0.8:
        return {"type": "act", "action": {"pass": True}}
    return {"type": "act", "action": action_of(rng.choice(legal), view["phase"])}


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.reconnects = 0
        self.measuring = False


async def seat_client(base: str, cookie: str, table: str, think: float, stats: Stats,
                      rng: random.Random, stop: asyncio.Event, start_within: float = 0.0,
                      ) -> None:
    """One seat, played as the page plays it (PROTOCOL.md, *Reconnecting*): after a
    lost connection it reconnects with the same tab id and sends its unanswered
    intent again under the same number; after a silence it asks for a sync. It comes
    in at a moment within ``start_within`` seconds, as people arrive at a site."""
    await asyncio.sleep(rng.uniform(0, start_within))
    url = base.replace("http", "ws") + f"/ws/t/{table}"
    client = f"b{rng.randrange(10**9)}"
    seq = 1
    pending: dict[str, Any] | None = {"type": "ready", "seq": seq, "ready": True}
    sent_at = time.perf_counter()
    state: dict[str, Any] | None = None
    acted_at = -1
    retry = 0.5                  # the page's backoff: doubling up to 8 s, reset once in
    while not stop.is_set():
        try:
            async with connect(url, additional_headers={"Cookie": cookie}, max_size=2**22,
                               compression=None) as ws:
                retry = 0.5
                await ws.send(json.dumps({"type": "hello", "client": client}))
                if pending is not None:
                    await ws.send(json.dumps(pending))
                quiet = 0.0
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 1.0)
                    except TimeoutError:
                        quiet += 1.0
                        if quiet >= 5:             # as the page does after a silence
                            await ws.send(json.dumps({"type": "sync"}))
                            if pending is not None:
                                await ws.send(json.dumps(pending))
                            quiet = 0.0
                        continue
                    quiet = 0.0
                    msg = json.loads(raw)
                    kind = msg["type"]
                    if kind in ("ack", "error") and pending is not None \
                            and msg.get("seq") == pending["seq"]:
                        if stats.measuring:
                            stats.latencies.append(time.perf_counter() - sent_at)
                        if kind == "error":           # refused: decide again
                            stats.errors += 1
                            acted_at = -1
                        pending = None
                    elif kind == "state":
                        state = msg
                    # The state of our own move may come before its answer: decide
                    # on either.
                    if state is None or state["version"] == acted_at or pending is not None:
                        continue
                    move = choose(state, rng)
                    if move is None:
                        continue
                    acted_at = state["version"]
                    if think:
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    seq += 1
                    pending = {**move, "seq": seq}
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps(pending))
        except (OSError, ConnectionClosed):
            if stop.is_set():
                return
            stats.reconnects += 1
            await asyncio.sleep(retry * rng.uniform(0.5, 1.0))
            retry = min(2 * retry, 8.0)


def play_share(share: list[tuple[str, list[str]]], think: float, warmup: float,
               seconds: float, seed: int) -> tuple[list[float], int, int, float]:
    """In a client process: play these tables' seats; the round trips measured after
    the warm-up, the errors, the reconnects, the CPU this process used then."""
    return asyncio.run(_play_share(share, think, warmup, seconds, seed))


async def _play_share(share: list[tuple[str, list[str]]], think: float, warmup: float,
                      seconds: float, seed: int) -> tuple[list[float], int, int, float]:
    rng = random.Random(seed)
    stop = asyncio.Event()
    stats = Stats()
    # Everybody arrives during the first half of the warm-up, not in one instant.
    tasks = [asyncio.create_task(seat_client(*seat.split("|", 1), table, think, stats,
                                             random.Random(rng.random()), stop, warmup / 2))
             for table, seats in share for seat in seats]
    await asyncio.sleep(warmup)
    stats.measuring = True
    own0 = time.process_time()
    await asyncio.sleep(seconds)
    stats.measuring = False
    own = time.process_time() - own0
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats.latencies, stats.errors, stats.reconnects, own


def setup_tables(bases: list[str], n: int, workers: int = 8) -> list[tuple[str, list[str]]]:
    """``n`` tables of three people opened through the forms (the host's node is
    ``bases[i % len]``); each table's id and its people's cookies."""
    def one(i: int) -> tuple[str, list[Guest]]:
        guests = [Guest(bases[(i + j) % len(bases)]) for j in range(3)]
        for j, g in enumerate(guests):
            g.post("/guest", {"nickname": f"B{i}-{j}", "next": "/healthz"})
        path = guests[0].post("/new", {"players": "3", "preset": "online-3", "goal": "1000",
                                       "move": "0", "bombs": "off", "hints": "off",
                                       "seat1": "human", "seat2": "human"})
        return path.removeprefix("/t/"), guests

    with ThreadPoolExecutor(workers) as pool:
        tables = list(pool.map(one, range(n)))
    asyncio.run(_sit(tables))
    return [(t, [g.base + "|" + g.cookie() for g in gs]) for t, gs in tables]


async def _sit(tables: list[tuple[str, list[Guest]]]) -> None:
    async def sit(table: str, g: Guest, seat: int) -> None:
        async with connect(g.base.replace("http", "ws") + f"/ws/t/{table}",
                           additional_headers={"Cookie": g.cookie()}) as ws:
            await ws.send(json.dumps({"type": "hello", "client": "sit"}))
            await ws.send(json.dumps({"type": "sit", "seq": 1, "seat": seat}))
            while json.loads(await ws.recv())["type"] not in ("ack", "error"):
                pass

    sem = asyncio.Semaphore(32)

    async def limited(table: str, g: Guest, seat: int) -> None:
        async with sem:
            await sit(table, g, seat)

    await asyncio.gather(*(limited(t, g, j) for t, gs in tables
                           for j, g in enumerate(gs) if j))


class Load(NamedTuple):
    """What the clients measured after the warm-up."""

    latencies: list[float]      # round trips of the intents, seconds
    errors: int                 # intents refused
    reconnects: int             # connections lost and opened again (a slow reader cut off)
    cpu: float                  # the client processes' CPU seconds


def run_load(tables: list[tuple[str, list[str]]], think: float, warmup: float,
             seconds: float, procs: int, seed: int) -> Load:
    """Play every seat of ``tables`` in ``procs`` client processes (so that the
    clients' own work adds little to what they measure)."""
    shares = [tables[k::procs] for k in range(procs)]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(procs) as pool:
        results = pool.starmap(play_share, [(share, think, warmup, seconds, seed + k)
                                            for k, share in enumerate(shares)])
    return Load([x for r in results for x in r[0]], sum(r[1] for r in results),
                sum(r[2] for r in results), sum(r[3] for r in results))


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]
