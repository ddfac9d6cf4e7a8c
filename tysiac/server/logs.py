"""Structured logs: one JSON object a line, with the node and (where a line is about
one) the table on every line."""

from __future__ import annotations

import json
import logging
import time


class JsonLines(logging.Formatter):
    def __init__(self, node: str) -> None:
        super().__init__()
        self.node = node

    def format(self, record: logging.LogRecord) -> str:
        out = {"time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
               + f".{int(record.msecs):03d}Z", "level": record.levelname.lower(),
               "node": self.node, "logger": record.name, "msg": record.getMessage()}
        table = getattr(record, "table", None)
        if table is not None:
            out["table"] = table
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def setup(node: str, level: int = logging.INFO) -> None:
    """Log JSON lines to standard error (the server's own messages; uvicorn's too)."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines(node))
    # uvicorn's info lines are one per connection opened: noise at a site's scale.
    for name, at in (("tysiac", level), ("uvicorn.error", max(level, logging.WARNING))):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(at)
        logger.propagate = False
