"""Guests and accounts: Argon2 passwords, server-side sessions in HttpOnly,
SameSite cookies (Secure over https and on loopback), CSRF tokens on every form,
and a limit on failed logins.

A guest is a user without a login; claiming an account gives that same user a
login and a password, so its games stay its own.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections import deque
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from ..storage import Store, User

SESSION_COOKIE = "tysiac_session"
CSRF_COOKIE = "tysiac_csrf"
GUEST_COOKIE = "tysiac_guest"           # the nickname a guest chose, offered next time
SESSION_DAYS = 30
LOGIN_RE = re.compile(r"[a-z0-9_.-]{3,40}")
PASSWORD_MIN = 8

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    if not stored:
        return False
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class Visitor:
    """Who is asking: the user of a live session (or nobody) and the CSRF token
    their forms must carry."""

    user: User | None
    csrf: str
    new_csrf: bool = False           # the anonymous CSRF cookie is to be set


async def visitor(conn: HTTPConnection, store: Store) -> Visitor:
    """The visitor of a request or WebSocket, read once and kept on it."""
    cached = getattr(conn.state, "visitor", None)
    if isinstance(cached, Visitor):
        return cached
    token = conn.cookies.get(SESSION_COOKIE)
    found = await store.session(token_hash(token), time.time()) if token else None
    if found is not None:
        v = Visitor(found[0], found[1])
    else:
        # Before logging in, a form's token is checked against a cookie of its own.
        anon = conn.cookies.get(CSRF_COOKIE, "")
        v = Visitor(None, anon) if len(anon) >= 32 else \
            Visitor(None, secrets.token_urlsafe(32), new_csrf=True)
    conn.state.visitor = v
    return v


def csrf_ok(v: Visitor, sent: object) -> bool:
    return isinstance(sent, str) and not v.new_csrf and hmac.compare_digest(sent, v.csrf)


def secure(conn: HTTPConnection, configured: bool | None) -> bool:
    if configured is not None:
        return configured
    return conn.url.scheme in ("https", "wss") or conn.url.hostname in (
        "localhost", "127.0.0.1", "::1")


def set_cookie(resp: Response, conn: HTTPConnection, configured: bool | None, key: str,
               value: str, days: float, strict: bool = False) -> None:
    resp.set_cookie(key, value, max_age=int(days * 86400), httponly=True,
                    secure=secure(conn, configured), samesite="strict" if strict else "lax",
                    path="/")


async def start_session(resp: Response, request: Request, store: Store, user: User,
                        configured: bool | None) -> None:
    token = secrets.token_urlsafe(32)
    now = time.time()
    await store.create_session(token_hash(token), user.id, secrets.token_urlsafe(32), now,
                               now + SESSION_DAYS * 86400)
    set_cookie(resp, request, configured, SESSION_COOKIE, token, SESSION_DAYS)


async def end_session(resp: Response, request: Request, store: Store) -> None:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        await store.delete_session(token_hash(token))
    resp.delete_cookie(SESSION_COOKIE, path="/")


class RateLimit:
    """At most ``limit`` events per key in ``window`` seconds (failed logins by
    address and by login), kept in this process."""

    def __init__(self, limit: int = 5, window: float = 300.0) -> None:
        self.limit = limit
        self.window = window
        self._events: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        q = self._events.setdefault(key, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        return q

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may try again (0: now)."""
        now = time.time()
        q = self._recent(key, now)
        return 0.0 if len(q) < self.limit else q[0] + self.window - now

    def hit(self, key: str) -> None:
        self._recent(key, time.time()).append(time.time())
        if len(self._events) > 100_000:        # forget the idle keys of a flood
            self._events = {k: q for k, q in self._events.items() if q}

    def clear(self, key: str) -> None:
        self._events.pop(key, None)


class Bucket:
    """A token bucket: ``take()`` is False while the client sends too fast."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
