"""The ASGI application: pages, the table and lobby WebSockets, static files.

``create_app()`` builds it from :class:`~tysiac.server.node.Config`; uvicorn
serves it (``tysiac serve``). The app is the only authority: a browser sends
intents and receives its own seat's view, nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.routing import Mount, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketState

from . import logs, sheets, stats
from .arbiter_page import routes as arbiter_routes
from .auth import Bucket, visitor
from .host import Intent, Join, Part, dump
from .node import Config, Conn, Node
from .pages import WEB, lang_of, not_found, routes
from .protocol import PROTOCOL_VERSION, read_client
from .table import TableError

log = logging.getLogger("tysiac.server")

#: After this many messages over its rate a connection is closed.
STRIKES = 40


def _same_origin(ws: WebSocket) -> bool:
    """A page of another site may not open a WebSocket with our cookies."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True            # not a browser
    host = ws.headers.get("host", "")
    return urlsplit(origin).netloc == host


def _error(code: str, e: TableError | None, lang: str, seq: int | None = None) -> str:
    return dump({"type": "error", "seq": seq, "code": e.code if e else code,
                 "message": e.message(lang) if e else code})


async def _pump(ws: WebSocket, conn: Conn) -> None:
    """Send a connection's queue in order; a dropped (too slow) one is closed."""
    with contextlib.suppress(Exception):
        while (text := await conn.queue.get()) is not None:
            await ws.send_text(text)
    with contextlib.suppress(Exception):
        if ws.application_state != WebSocketState.DISCONNECTED:
            await ws.close(1013)


async def _receive(ws: WebSocket) -> str | bytes | None:
    msg = await ws.receive()
    if msg["type"] == "websocket.disconnect":
        return None
    text: str | None = msg.get("text")
    return text if text is not None else msg.get("bytes") or b""


async def ws_table(ws: WebSocket) -> None:
    node: Node = ws.app.state.node
    table_id = ws.path_params["id"]
    if not _same_origin(ws):
        await ws.close(1008)
        return
    v = await visitor(ws, node.store)
    lang = lang_of(ws)
    await ws.accept()
    if not await node.attach(table_id):
        await ws.send_text(_error("", TableError("no_table", "nie ma takiego stołu",
                                                 "there is no such table"), lang))
        await ws.close(1008)
        return
    conn = Conn(node.id, v.user, lang)
    node.add_conn(conn)
    pump = asyncio.create_task(_pump(ws, conn))
    bucket, strikes, client = Bucket(node.config.client_rate, 3 * node.config.client_rate), 0, ""
    user = v.user.id if v.user else None
    try:
        while not conn.closed:
            text = await _receive(ws)
            if text is None:
                break
            await asyncio.sleep(0)       # a burst of one client lets the others run
            try:
                msg = read_client(text)
            except TableError as e:
                msg = None
                error = e
            if not bucket.take() or (user is not None and not node.account_bucket(user).take()):
                strikes += 1
                if strikes > STRIKES:
                    break
                if strikes % 10 == 1:          # say so, without answering every message
                    conn.push(_error("", TableError("flood", "za dużo wiadomości: zwolnij",
                                                    "too many messages: slow down"), conn.lang,
                                     msg.seq if msg else None))
                continue
            if msg is None:
                conn.push(_error("", error, conn.lang))
                continue
            if msg.type == "lang" and msg.fields.get("lang") in ("pl", "en"):
                conn.lang = str(msg.fields["lang"])
                continue
            if not client:
                if msg.type != "hello":
                    conn.push(_error("", TableError(
                        "hello_first", "najpierw wiadomość hello",
                        f"say hello first (protocol {PROTOCOL_VERSION})"), conn.lang, msg.seq))
                    continue
                client = conn.client = str(msg.fields["client"])
                node.watch(conn, table_id)
                if not node.submit(table_id, Join(conn.id, user, client, conn.lang)):
                    break
                continue
            name = v.user.name if v.user else ""
            if not node.submit(table_id, Intent(conn.id, user, client, conn.lang, msg, name)):
                conn.push(_error("", TableError("moved", "stół jest na innym serwerze",
                                                "the table is on another server"), conn.lang))
                break
    except Exception:
        log.exception("table %s: connection failed", table_id)
    finally:
        if client:
            node.submit(table_id, Part(conn.id))
        node.drop_conn(conn)
        await pump


async def ws_lobby(ws: WebSocket) -> None:
    node: Node = ws.app.state.node
    if not _same_origin(ws):
        await ws.close(1008)
        return
    await ws.accept()
    conn = Conn(node.id, None, lang_of(ws))
    node.add_conn(conn)
    node.lobby_conns.add(conn.id)
    conn.push(dump({"type": "lobby", "tables": await node.lobby()}))
    pump = asyncio.create_task(_pump(ws, conn))
    try:
        while not conn.closed and await _receive(ws) is not None:
            pass                  # the lobby only listens
    finally:
        node.drop_conn(conn)
        await pump


def create_app(config: Config | None = None) -> Starlette:
    cfg = config or Config.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        node = await Node.create(cfg)
        if cfg.json_logs:
            logs.setup(node.id)
        app.state.node = node
        await node.start()
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            # SIGUSR1: stop renewing leases, as a node cut off by a network split does
            # (the fault tests use it; the node's tables move to other nodes).
            asyncio.get_running_loop().add_signal_handler(
                signal.SIGUSR1, lambda: setattr(node, "renewing", False))
        try:
            yield {}
        finally:
            await node.stop()

    all_routes = [*routes, *arbiter_routes, *sheets.routes, *stats.routes,
                  WebSocketRoute("/ws/t/{id}", ws_table),
                  WebSocketRoute("/ws/lobby", ws_lobby),
                  Mount("/static", StaticFiles(directory=str(WEB / "static")), name="static")]
    return Starlette(routes=all_routes, lifespan=lifespan,
                     exception_handlers={404: not_found})
