"""Driving the site as browsers would: HTTP with cookies, WebSocket seats that play
from their views, and a server running in a thread or a process."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import uvicorn
from websockets.sync.client import ClientConnection, connect

from tysiac.server.app import create_app
from tysiac.server.node import Config

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerThread:
    """The app on uvicorn in a thread of this process, on a free port."""

    def __init__(self, config: Config) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.app = create_app(config)
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning",
            ws_max_size=16384, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(20)

    @property
    def node(self) -> Any:
        return self.app.state.node


class ServerProcess:
    """``tysiac serve`` as a real process (for kill -9)."""

    def __init__(self, database_url: str, port: int | None = None, **env: str) -> None:
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "DATABASE_URL": database_url, "TYSIAC_BOT_DELAY": "0",
                    "TYSIAC_TRICK_PAUSE": "0", "TYSIAC_BOT_PROCESSES": "1", **env}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        # The server's output goes to a file: a pipe nobody reads would stop it.
        fd, self.log = tempfile.mkstemp(prefix="tysiac-serve-", suffix=".log")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tysiac.cli.main", "serve", "--port", str(self.port)],
            env=self.env, cwd=ROOT, stdout=fd, stderr=subprocess.STDOUT)
        os.close(fd)
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/readyz", timeout=1).read()
                return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.time() > deadline or self.proc.poll() is not None:
                    raise RuntimeError(f"the server did not start:\n{self.output()}") from None
                time.sleep(0.1)

    def output(self) -> str:
        return Path(self.log).read_text(errors="replace")

    def signal(self, sig: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()          # SIGKILL: no clean shutdown
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Browser:
    """One browser's cookies and pages (no JavaScript: forms and WebSockets)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies: dict[str, str] = {}
        self.set_cookie_headers: list[str] = []

    def request(self, path: str, data: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, str, str]:
        """(status, final path, body); redirects are followed by hand to keep cookies."""
        url = self.base + path
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        for _ in range(5):
            req = urllib.request.Request(url, data=body, headers={
                "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                **(headers or {})})
            opener = urllib.request.build_opener(_NoRedirect)
            try:
                resp = opener.open(req, timeout=10)
                status, text, hdrs = resp.status, resp.read().decode(), resp.headers
            except urllib.error.HTTPError as e:
                status, text, hdrs = e.code, e.read().decode(), e.headers
            for raw in hdrs.get_all("Set-Cookie") or []:
                self.set_cookie_headers.append(raw)
                c = SimpleCookie()
                c.load(raw)
                for k, m in c.items():
                    if m["max-age"] == "0" or m.value == "":
                        self.cookies.pop(k, None)
                    else:
                        self.cookies[k] = m.value
            if status in (301, 302, 303, 307):
                url = urllib.parse.urljoin(url, hdrs["Location"])
                body = None
                continue
            return status, urllib.parse.urlsplit(url).path, text
        raise RuntimeError("too many redirects")

    def csrf(self, path: str) -> str:
        _, _, html = self.request(path)
        m = re.search(r'name="csrf" value="([^"]+)"', html)
        assert m, f"no CSRF token on {path}"
        return m.group(1)

    def post(self, path: str, form: dict[str, str], page: str | None = None
             ) -> tuple[int, str, str]:
        token = self.csrf(page or path.split("?")[0])
        return self.request(path, {"csrf": token, **form})

    def guest(self, name: str) -> None:
        status, _, _ = self.post("/guest", {"nickname": name, "next": "/"})
        assert status == 200, status

    def new_table(self, **form: str) -> str:
        fields = {"players": "3", "goal": "1000", "move": "0", "bombs": "on", "hints": "on",
                  "seat1": "basic", "seat2": "basic", "seat3": "basic", **form}
        status, path, body = self.post("/new", fields)
        assert status == 200 and path.startswith("/t/"), (status, path, body[:2000])
        return path.removeprefix("/t/")

    def seat(self, table_id: str, client: str | None = None) -> Seat:
        return Seat(self, table_id, client or f"c{random.randrange(10**9)}")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Seat:
    """A WebSocket of one browser tab at a table, keeping everything it receives."""

    browser: Browser
    table_id: str
    client: str
    ws: ClientConnection | None = None
    received: list[dict[str, Any]] = field(default_factory=list)
    state: dict[str, Any] | None = None
    seq: int = 0

    def open(self, version: int = 0) -> Seat:
        url = self.browser.base.replace("http", "ws") + f"/ws/t/{self.table_id}"
        self.ws = connect(url, additional_headers={
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.browser.cookies.items())},
            open_timeout=10, max_size=2**22, legacy=True,
            # Frames keep being read while a test is busy elsewhere: a socket that
            # paused on a full queue would miss its pongs and close (1011).
            max_queue=None)
        self.ws.send(json.dumps({"type": "hello", "client": self.client, "version": version}))
        return self

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        assert self.ws is not None
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout))
        self.received.append(msg)
        if msg["type"] == "welcome":
            self.seq = max(self.seq, msg["last_seq"])
        if msg["type"] == "state":
            self.state = msg
        return msg

    def drain(self, timeout: float = 0.05) -> list[dict[str, Any]]:
        out = []
        with contextlib.suppress(TimeoutError):
            while True:
                out.append(self.recv(timeout))
        return out

    def send(self, type_: str, seq: int | None = None, **fields: Any) -> int:
        assert self.ws is not None
        if seq is None:
            self.seq += 1
            seq = self.seq
        self.ws.send(json.dumps({"type": type_, "seq": seq, **fields}))
        return seq

    def raw(self, text: str | bytes) -> None:
        assert self.ws is not None
        self.ws.send(text)

    def until(self, pred: Any, timeout: float = 20) -> dict[str, Any]:
        """Receive until a message satisfies ``pred``."""
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                last = self.state and _short(self.state)
                raise TimeoutError(f"no such message; last state: {last}")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def wait_state(self, pred: Any, timeout: float = 20) -> dict[str, Any]:
        """The latest state if it satisfies ``pred``, else the next one that does."""
        if self.state is not None and pred(self.state):
            return self.state
        return self.until(lambda m: m["type"] == "state" and pred(m), timeout)

    def answer(self, seq: int, timeout: float = 10) -> dict[str, Any]:
        return self.until(lambda m: m["type"] in ("ack", "error") and m.get("seq") == seq,
                          timeout)

    def state_at(self, version: int, timeout: float = 10) -> dict[str, Any]:
        if self.state and self.state["version"] >= version:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["version"] >= version, timeout)


def _short(state: dict[str, Any]) -> str:
    v = state.get("view") or {}
    return json.dumps({"version": state["version"], "status": state["table"]["status"],
                       "phase": v.get("phase"), "to_move": v.get("to_move"),
                       "waiting": state["table"]["waiting"]})


def choose(state: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """What a seat that plays at random does with a state: a message type and its
    fields, or None when it has nothing to do."""
    table, view, you = state["table"], state["view"], state["you"]
    if you is None or table["status"] != "playing":
        return None
    w = table["waiting"]
    if w and w["gate"] and you in w["gate_seats"]:
        return (w["gate"], {})
    if view["to_move"] != you or not view["legal"]:
        return None
    if w and w["seat"] is None:
        return None
    legal = view["legal"]
    phase = view["phase"]
    if phase == "exchange":
        cards = [a for a in legal if isinstance(a, str) and a != "bomb"]
        if "bomb" in legal and rng.random() < 0.1:
            return ("act", {"action": {"bomb": True}})
        if len(view["hand_sizes"]) == 2:
            n = table["settings"]["discard"]
            return ("act", {"action": {"discard": rng.sample(cards, n)}})
        n = len(view["hand_sizes"])
        receivers = [s for s in ((view["declarer"] + i) % n for i in range(1, n))
                     if s != view["sitting_out"]][:2]
        picked = rng.sample(cards, 2)
        return ("act", {"action": {"give": {str(r): c for r, c in zip(receivers, picked,
                                                                     strict=True)}}})
    a = rng.choice(legal)
    return ("act", {"action": action_of(a, phase)})


def action_of(a: Any, phase: str) -> dict[str, Any]:
    """RECORD.md's action form of a ``legal`` entry."""
    if a in ("pass", "bomb", "redeal"):
        return {a: True}
    if isinstance(a, int):
        return {"bid": a} if phase == "bid" else {"declare": a} if phase == "declare" \
            else {"choose_musik": a}
    if a.endswith("+"):
        return {"play": a[:-1], "meld": True}
    return {"play": a}


def play_until(seats: list[Seat], done: Any, rng: random.Random, timeout: float = 60,
               ) -> None:
    """Every seat plays at random from its own states until ``done(state)`` holds for
    the first seat's state."""
    deadline = time.time() + timeout
    answered: dict[int, int] = {}
    while True:
        if time.time() > deadline:
            raise TimeoutError(seats[0].state and _short(seats[0].state))
        for i, s in enumerate(seats):
            s.drain(0.02)
            st = s.state
            if st is None:
                continue
            if i == 0 and done(st):
                return
            if answered.get(i) == st["version"]:
                continue
            move = choose(st, rng)
            if move is None:
                continue
            seq = s.send(move[0], **move[1])
            reply = s.answer(seq)
            if reply["type"] == "error":
                # A move from a stale state (a bot's bomb ended the deal before the
                # confirmation of the musik arrived) is refused; the table moved on.
                try:
                    s.state_at(st["version"] + 1, timeout=5)
                except TimeoutError:
                    raise AssertionError((reply, _short(st))) from None
                continue
            answered[i] = st["version"]
