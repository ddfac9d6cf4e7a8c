"""A small TCP load balancer for trying several nodes on one machine
(``tysiac cluster``): each new connection goes to the next node that accepts it,
round robin; a node that refuses is skipped for a few seconds. It knows nothing of
HTTP, so WebSockets pass through untouched — any node can serve any browser."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time

#: A node that refused a connection is not tried again for this long (seconds).
PAUSE = 3.0


class Balancer:
    def __init__(self, backends: list[tuple[str, int]]) -> None:
        self.backends = backends
        self._next = itertools.cycle(range(len(backends)))
        self._down: dict[int, float] = {}
        self.server: asyncio.Server | None = None

    async def start(self, host: str, port: int) -> None:
        self.server = await asyncio.start_server(self._serve, host, port)

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        for _ in range(len(self.backends)):
            i = next(self._next)
            if self._down.get(i, 0.0) > time.monotonic():
                continue
            try:
                return await asyncio.open_connection(*self.backends[i])
            except OSError:
                self._down[i] = time.monotonic() + PAUSE
        return None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream = await self._open()
        if upstream is None:
            writer.close()
            return
        up_reader, up_writer = upstream
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError, asyncio.IncompleteReadError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    with contextlib.suppress(OSError):
        writer.close()
