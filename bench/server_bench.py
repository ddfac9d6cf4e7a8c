"""Load on the web server: N tables of bots playing through the real WebSocket API.

The server runs as its own process (``tysiac serve``, SQLite in a temporary folder);
N tables of three seats are opened through its forms and every seat is played, in
client processes of their own, as a browser would: a legal move after a think
time. Printed: actions per second, the round trip of an action (intent sent → its
answer received: checked, stored, broadcast) as p50/p99, the CPU of the server and
of the clients, and the server's memory per table.

    make bench-server                      # 200 tables, 1 s think time, 60 s
    make bench-server ARGS="--tables 50 --think 0 --seconds 20"
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from loadgen import cpu_seconds, free_port, percentile, rss_kb, run_load, setup_tables  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def start_server(database: str, port: int, env: dict[str, str] | None = None,
                 ) -> subprocess.Popen[bytes]:
    full = {**os.environ, "DATABASE_URL": database, "TYSIAC_BOT_PROCESSES": "1",
            "TYSIAC_CLIENT_RATE": "1000", "TYSIAC_ABANDON_AFTER": "3600", **(env or {})}
    proc = subprocess.Popen([sys.executable, "-m", "tysiac.cli.main", "serve", "--port",
                             str(port)], env=full, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--think", type=float, default=1.0,
                    help="seconds a seat thinks before its move, ±50%% (0: flat out)")
    ap.add_argument("--seconds", type=float, default=60.0, help="measuring time")
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--procs", type=int, default=2, help="client processes (default 2)")
    ap.add_argument("--database", default=None, help="a database URL (default SQLite)")
    args = ap.parse_args()
    port = free_port()
    database = args.database or f"sqlite:///{tempfile.mkdtemp(prefix='tysiac-bench-')}/site.db"
    server = start_server(database, port)
    try:
        base_rss = rss_kb(server.pid)
        print(f"setting up {args.tables} tables of 3 seats…", flush=True)
        tables = setup_tables([f"http://127.0.0.1:{port}"], args.tables)
        print("playing…", flush=True)
        # The server's CPU and memory over the measured stretch, in a thread beside.
        sample: dict[str, float] = {}

        def measure() -> None:
            time.sleep(args.warmup + 2)
            sample["rss"] = rss_kb(server.pid)
            c0, t0 = cpu_seconds(server.pid), time.perf_counter()
            time.sleep(args.seconds - 4)
            sample["cpu"] = (cpu_seconds(server.pid) - c0) / (time.perf_counter() - t0)

        watcher = threading.Thread(target=measure)
        watcher.start()
        load = run_load(tables, args.think, args.warmup, args.seconds, args.procs,
                        args.seed)
        watcher.join()
    finally:
        server.terminate()
        server.wait(20)
    lat = sorted(load.latencies)
    if not lat:
        print("no actions measured")
        return
    print(f"tables {args.tables} · connections {3 * args.tables} · think time "
          f"{args.think:g} s · measured {args.seconds:.0f} s")
    print(f"actions/s        {len(lat) / args.seconds:8.1f}   (errors {load.errors}, "
          f"reconnects {load.reconnects})")
    print(f"round trip ms    p50 {percentile(lat, .5) * 1000:6.1f}   "
          f"p90 {percentile(lat, .9) * 1000:6.1f}   p99 {percentile(lat, .99) * 1000:6.1f}   "
          f"max {lat[-1] * 1000:6.1f}   mean {statistics.fmean(lat) * 1000:6.1f}")
    print(f"CPU              server {sample['cpu'] * 100:5.1f}% of one core, clients "
          f"{load.cpu / args.seconds * 100:5.1f}% in {args.procs} processes "
          f"(machine load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"server memory    {sample['rss'] / 1024:6.1f} MB running, "
          f"{(sample['rss'] - base_rss) / args.tables:6.1f} kB per table")


if __name__ == "__main__":
    main()
