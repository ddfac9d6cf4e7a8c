"""Reading a request's body within a cap before it is parsed: the pages that take
records and sheets from outside (the arbiter, a sheet's import) never hold more than
that, and still answer an oversized upload with their page and its message."""

from __future__ import annotations

from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.types import Message

#: A body over its cap is read and dropped up to this, so that the browser, still
#: sending, gets the page with the message; beyond it the connection is closed.
DRAIN_LIMIT = 64 * 1024 * 1024


class Unreadable(Exception):
    """The body is over the cap (``too_big``) or not a form."""

    def __init__(self, too_big: bool) -> None:
        self.too_big = too_big


async def read_body(request: Request, cap: int) -> bytes:
    """The body, at most ``cap`` bytes (:class:`Unreadable` ``too_big`` beyond)."""
    length = request.headers.get("content-length", "")
    too_big = length.isdigit() and int(length) > cap
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        too_big = too_big or size > cap
        if too_big:
            if size > DRAIN_LIMIT:
                break
            continue
        chunks.append(chunk)
    if too_big:
        raise Unreadable(True)
    return b"".join(chunks)


async def read_form(request: Request, cap: int, max_fields: int) -> FormData:
    """The form of a body of at most ``cap`` bytes (URL-encoded or multipart, one
    file); :class:`Unreadable` if it is over the cap or not a form."""
    body = await read_body(request, cap)

    async def receive() -> Message:
        return {"type": "http.request", "body": body, "more_body": False}

    try:
        return await Request(request.scope, receive).form(
            max_files=1, max_fields=max_fields, max_part_size=cap)
    except (MultiPartException, HTTPException):
        raise Unreadable(False) from None
