"""Several nodes under load: N tables of bots through the real WebSocket API against
1, 2 and 3 nodes sharing PostgreSQL and Redis (those of this machine: a database and
a key prefix made for each run).

Each table is opened on one node and its three seats connect to different nodes, as
browsers behind a load balancer would, so a node relays what another drives.
Printed per run: tables held by each node, actions per second, round trips (p50,
p99), CPU, and the scaling from one node to three.

    make bench-cluster                     # 1000 tables, 3 s think time, 1-3 nodes
    make bench-cluster ARGS="--tables 300 --nodes 1 3 --seconds 30"
    make bench-cluster ARGS="--runs 3"     # medians of three runs, taken in turn
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import statistics
import sys
import threading
import time
import urllib.request
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).parent))
from loadgen import cpu_seconds, free_port, percentile, run_load, setup_tables  # noqa: E402
from server_bench import start_server  # noqa: E402

PG = os.environ.get("TYSIAC_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("TYSIAC_BENCH_REDIS", "redis://127.0.0.1:6379/0")
#: The issue's target: the round trip's p99 at 1,000 tables, on two cores.
TARGET_P99 = 150.0


async def fresh_database() -> str:
    name = f"tysiac_bench_{secrets.token_hex(4)}"
    conn = await asyncpg.connect(PG)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return PG.rsplit("/", 1)[0] + "/" + name


async def drop_database(url: str) -> None:
    conn = await asyncpg.connect(PG)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')
    finally:
        await conn.close()


def driven(port: int) -> int:
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=60).read()
    for line in text.decode().splitlines():
        if line.startswith("tysiac_tables_driven "):
            return int(float(line.split()[1]))
    return 0


def run(nodes: int, args: argparse.Namespace) -> dict[str, float]:
    database = asyncio.run(fresh_database())
    env = {"REDIS_URL": REDIS, "TYSIAC_REDIS_PREFIX": f"bench{secrets.token_hex(3)}:",
           "TYSIAC_BOT_PROCESSES": "0"}
    ports = [free_port() for _ in range(nodes)]
    procs = [start_server(database, p, env) for p in ports]
    try:
        print(f"{nodes} node(s): setting up {args.tables} tables…", flush=True)
        tables = setup_tables([f"http://127.0.0.1:{p}" for p in ports], args.tables)
        sample: dict[str, float] = {}

        def measure() -> None:
            time.sleep(args.warmup + 2)
            c0, t0 = sum(cpu_seconds(p.pid) for p in procs), time.perf_counter()
            time.sleep(args.seconds - 4)
            sample["cpu"] = (sum(cpu_seconds(p.pid) for p in procs) - c0) / (
                time.perf_counter() - t0)
            sample["held"] = sum(driven(p) for p in ports)
            sample["per_node"] = [driven(p) for p in ports]  # type: ignore[assignment]

        watcher = threading.Thread(target=measure)
        watcher.start()
        load = run_load(tables, args.think, args.warmup, args.seconds, args.procs,
                        args.seed)
        watcher.join()
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(30)
        asyncio.run(drop_database(database))
    lat = sorted(load.latencies)
    out = {"nodes": nodes, "actions": len(lat) / args.seconds, "errors": load.errors,
           "reconnects": load.reconnects,
           "p50": percentile(lat, .5) * 1000, "p99": percentile(lat, .99) * 1000,
           "cpu": sample["cpu"] * 100, "clients": load.cpu / args.seconds * 100,
           "held": sample["held"]}
    print(f"  tables held {int(sample['held'])} ({sample['per_node']}) · actions/s "
          f"{out['actions']:.1f} · p50 {out['p50']:.1f} ms · p99 {out['p99']:.1f} ms · "
          f"errors {load.errors} · reconnects {load.reconnects} · nodes' CPU "
          f"{out['cpu']:.0f}% of a core · clients {out['clients']:.0f}%", flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument("--think", type=float, default=3.0,
                    help="seconds a seat thinks before its move, ±50%% (default 3)")
    ap.add_argument("--nodes", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--seconds", type=float, default=45.0)
    ap.add_argument("--warmup", type=float, default=15.0)
    # Four: two client processes could not read 3,000 connections' messages in time
    # beside three nodes on two cores, and their lag was counted as the nodes'.
    ap.add_argument("--procs", type=int, default=4, help="client processes (default 4)")
    ap.add_argument("--runs", type=int, default=1,
                    help="runs of each node count, taken in turn; medians are printed")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    runs = [[run(n, args) for n in args.nodes] for _ in range(args.runs)]
    results = [median_run([r[i] for r in runs]) for i in range(len(args.nodes))]
    print()
    print(f"{args.tables} tables, think {args.think:g} s, {args.seconds:.0f} s measured, "
          f"{'median of ' + str(args.runs) + ' runs' if args.runs > 1 else 'one run'} "
          f"(machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})")
    print(" nodes   held   actions/s   p50 ms   p99 ms   nodes' CPU   errors   reconnects")
    for r in results:
        print(f" {r['nodes']:>5} {int(r['held']):>6} {r['actions']:>11.1f} {r['p50']:>8.1f} "
              f"{r['p99']:>8.1f} {r['cpu']:>10.0f}% {r['errors']:>8} {r['reconnects']:>12}")
    if len(results) > 1:
        first, last = results[0], results[-1]
        print(f"scaling {first['nodes']}→{last['nodes']} nodes: actions/s ×"
              f"{last['actions'] / first['actions']:.2f}, p99 ×{last['p99'] / first['p99']:.2f}")
    print()
    print(chart(runs, args.nodes))


def median_run(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each figure's median over the runs (errors and reconnects: their sums)."""
    out = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    for k in ("errors", "reconnects"):
        out[k] = sum(r[k] for r in runs)
    return out


def chart(runs: list[list[dict[str, float]]], nodes: list[int], width: int = 50) -> str:
    """Round-trip p50 and p99 of every run as bars, on one scale with the target."""
    top = max([TARGET_P99] + [r["p99"] for rs in runs for r in rs])
    def bar(ms: float, mark: str) -> str:
        return mark * max(1, round(ms / top * width))
    lines = [f"round trip, ms (each row a run; | the p99 target of {TARGET_P99:g} ms)"]
    target = round(TARGET_P99 / top * width)
    for i, n in enumerate(nodes):
        for rs in runs:
            r = rs[i]
            for name, mark in (("p50", "="), ("p99", "#")):
                b = bar(r[name], mark).ljust(width + 1)
                b = b[:target] + "|" + b[target + 1:]
                lines.append(f"{n} node{'s' if n > 1 else ' '} {name} {b} {r[name]:.0f}")
    return "\n".join(lines)

if __name__ == "__main__":
    main()
