"""Load on the web server: N tables of bots playing through the real WebSocket API.

The server runs as its own process (``tysiac serve``, SQLite in a temporary folder);
this process opens N tables of three seats and plays every seat as a client that
picks a legal move after a think time. It prints the actions per second, the
round trip of an action (intent sent → its answer received: checked, stored,
broadcast) as p50/p99, the server's event-loop-free CPU and its memory per table.

    make bench-server                      # 200 tables, 1 s think time, 60 s
    make bench-server ARGS="--tables 50 --think 0 --seconds 20"
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


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
        self.measuring = False


async def seat_client(base: str, cookie: str, table: str, think: float, stats: Stats,
                      rng: random.Random, stop: asyncio.Event) -> None:
    url = base.replace("http", "ws") + f"/ws/t/{table}"
    async with connect(url, additional_headers={"Cookie": cookie}, max_size=2**22,
                       compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "client": f"b{rng.randrange(10**9)}"}))
        seq = 0
        sent: dict[int, float] = {}
        state: dict[str, Any] | None = None
        acted_at = -1
        seq += 1
        await ws.send(json.dumps({"type": "ready", "seq": seq, "ready": True}))
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            kind = msg["type"]
            if kind in ("ack", "error") and msg.get("seq") in sent:
                started = sent.pop(msg["seq"])
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - started)
                if kind == "error":
                    stats.errors += 1
            elif kind == "state":
                state = msg
            # The state of our own move may come before its answer: decide on either.
            if state is None or state["version"] == acted_at or sent:
                continue
            move = choose(state, rng)
            if move is None:
                continue
            acted_at = state["version"]
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            seq += 1
            sent[seq] = time.perf_counter()
            await ws.send(json.dumps({**move, "seq": seq}))


def play_share(base: str, share: list[tuple[str, list[str]]], think: float, warmup: float,
               seconds: float, seed: int) -> tuple[list[float], int, float]:
    """In a client process: play these tables' seats; the round trips measured after
    the warm-up, the errors, the CPU this process used then."""
    return asyncio.run(_play_share(base, share, think, warmup, seconds, seed))


async def _play_share(base: str, share: list[tuple[str, list[str]]], think: float,
                      warmup: float, seconds: float, seed: int,
                      ) -> tuple[list[float], int, float]:
    rng = random.Random(seed)
    stop = asyncio.Event()
    stats = Stats()
    tasks = [asyncio.create_task(seat_client(base, cookie, table, think, stats,
                                             random.Random(rng.random()), stop))
             for table, cookies in share for cookie in cookies]
    await asyncio.sleep(warmup)
    stats.measuring = True
    own0 = time.process_time()
    await asyncio.sleep(seconds)
    stats.measuring = False
    own = time.process_time() - own0
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats.latencies, stats.errors, own


async def main_async(args: argparse.Namespace) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    tmp = tempfile.mkdtemp(prefix="tysiac-bench-")
    env = {**os.environ, "DATABASE_URL": args.database or f"sqlite:///{tmp}/site.db",
           "TYSIAC_BOT_PROCESSES": "1", "TYSIAC_CLIENT_RATE": "1000",
           "TYSIAC_ABANDON_AFTER": "3600"}
    profile = ["-m", "cProfile", "-o", args.profile] if args.profile else []
    server = subprocess.Popen([sys.executable, *profile, "-m", "tysiac.cli.main", "serve",
                               "--port", str(port)], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except OSError:
                await asyncio.sleep(0.1)
        base_rss = rss_kb(server.pid)
        print(f"setting up {args.tables} tables of 3 seats…", flush=True)
        tables: list[tuple[str, list[Guest]]] = []
        for i in range(args.tables):
            guests = [Guest(base) for _ in range(3)]
            for j, g in enumerate(guests):
                g.post("/guest", {"nickname": f"B{i}-{j}", "next": "/"})
            path = guests[0].post("/new", {"players": "3", "preset": "online-3",
                                           "goal": "1000", "move": "0", "bombs": "off",
                                           "hints": "off", "seat1": "human",
                                           "seat2": "human"})
            tables.append((path.removeprefix("/t/"), guests))
        # The other two sit first; then everybody connects and says ready.
        for table, guests in tables:
            for j, g in enumerate(guests[1:], start=1):
                async with connect(base.replace("http", "ws") + f"/ws/t/{table}",
                                   additional_headers={"Cookie": g.cookie()}) as ws:
                    await ws.send(json.dumps({"type": "hello", "client": "sit"}))
                    await ws.send(json.dumps({"type": "sit", "seq": 1, "seat": j}))
                    while json.loads(await ws.recv())["type"] not in ("ack", "error"):
                        pass
        # Several client processes, so that the clients' own work does not add to
        # the round trips they measure.
        shares = [[(t, [g.cookie() for g in gs]) for t, gs in tables[k::args.procs]]
                  for k in range(args.procs)]
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(args.procs) as pool:
            results = pool.starmap_async(play_share, [
                (base, share, args.think, args.warmup, args.seconds, args.seed + k)
                for k, share in enumerate(shares)])
            print("playing…", flush=True)
            await asyncio.sleep(args.warmup + 2)      # the children start and warm up
            running_rss = rss_kb(server.pid)
            cpu0, t0 = cpu_seconds(server.pid), time.perf_counter()
            await asyncio.sleep(args.seconds - 2)
            elapsed = time.perf_counter() - t0
            cpu = cpu_seconds(server.pid) - cpu0
            outcome = await asyncio.to_thread(results.get, args.warmup + args.seconds + 60)
    finally:
        server.terminate()
        server.wait(20)
    stats = Stats()
    own = 0.0
    for latencies, errors, used in outcome:
        stats.latencies += latencies
        stats.errors += errors
        own += used
    elapsed = args.seconds
    lat = sorted(stats.latencies)
    if not lat:
        print("no actions measured")
        return
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    print(f"tables {args.tables} · connections {3 * args.tables} · think time "
          f"{args.think:g} s · measured {elapsed:.0f} s")
    print(f"actions/s        {len(lat) / elapsed:8.1f}   (errors {stats.errors})")
    print(f"round trip ms    p50 {p(0.5):6.1f}   p90 {p(0.9):6.1f}   p99 {p(0.99):6.1f}   "
          f"max {lat[-1] * 1000:6.1f}   mean {statistics.fmean(lat) * 1000:6.1f}")
    print(f"CPU              server {cpu / (args.seconds - 2) * 100:5.1f}% of one core, "
          f"load generator {own / elapsed * 100:5.1f}% in {args.procs} processes "
          f"(machine load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"server memory    {running_rss / 1024:6.1f} MB running, "
          f"{(running_rss - base_rss) / args.tables:6.1f} kB per table")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--think", type=float, default=1.0,
                    help="seconds a seat thinks before its move, ±50%% (0: flat out)")
    ap.add_argument("--seconds", type=float, default=60.0, help="measuring time")
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--procs", type=int, default=2, help="client processes (default 2)")
    ap.add_argument("--database", default=None, help="a database URL (default SQLite)")
    ap.add_argument("--profile", metavar="FILE", default=None,
                    help="run the server under cProfile, its figures into FILE")
    asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    main()
