"""Bots on a server: their thinking runs in worker processes, never on the event
loop, and their answers come back as ordinary table events. Hints and the
analysis of a settled deal run there too.

A worker receives a seat's :class:`~tysiac.engine.views.View` (never a game) and
keeps one bot per (level, seed), so a bot answers as it would anywhere else.
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ..analysis import DealAnalysis, NotAnalysable, analyse_deal
from ..bots import Bot, make_bot
from ..bots.hint import advice_json, hint
from ..cards import card_str
from ..engine import actions as A
from ..engine.game import Game
from ..engine.phases import EXCHANGE
from ..engine.views import View
from ..record import read_record, replay

_bots: dict[tuple[str, int], Bot] = {}


def choose(level: str, seed: int, view: View) -> int:
    """In a worker: the action of the bot ``level``/``seed`` for ``view``."""
    bot = _bots.get((level, seed))
    if bot is None:
        if len(_bots) > 4096:      # a long-running worker forgets finished tables' bots
            _bots.clear()
        bot = _bots[(level, seed)] = make_bot(level, seed)
    return bot.choose(view)


def advise(view: View, lang: str) -> list[dict[str, Any]]:
    """In a worker: the advice of ``bots.hint``'s default level for ``view``,
    best first, as JSON."""
    return [advice_json(a, lang, view) for a in hint(view)[:5]]


def analyse(record: str, index: int) -> DealAnalysis | tuple[str, str, str]:
    """In a worker: the analysis of deal ``index`` of a record (its text), or why
    there is none (reason, Polish, English: an exception's own arguments would not
    come back from a process)."""
    game = replay(read_record(record)).game
    try:
        return analyse_deal(game, index)
    except NotAnalysable as e:
        return (e.reason, *e.texts)


def _die_with_parent() -> None:
    """In a worker, at its start: end when the node ends, even by ``kill -9`` (a
    worker blocked on its queue would otherwise outlive it). Linux only."""
    if sys.platform != "linux":
        return
    parent = os.getppid()
    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
    if os.getppid() != parent:          # the node died before the call
        os._exit(0)


class BotPool:
    """Worker processes for bots and hints (``processes=0``: a thread, for tests)."""

    def __init__(self, processes: int | None = None) -> None:
        n = (os.cpu_count() or 1) if processes is None else processes
        self.executor: Executor
        if n == 0:
            self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")
        else:
            # spawn: a fork of a process with an event loop and database threads is unsafe.
            self.executor = ProcessPoolExecutor(
                max_workers=n, mp_context=multiprocessing.get_context("spawn"),
                initializer=_die_with_parent)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    async def turn(self, game: Game, seat: int, level: str, seed: int) -> dict[str, Any]:
        """The bot's whole turn at ``seat`` as a RECORD.md action (without ``p``): the
        two gives or the discards of an exchange are chosen one card at a time on a
        copy of the game, as the engine takes them."""
        g = game.copy()
        receivers = g.receivers
        steps: list[int] = []
        while True:
            a = await self.run(choose, level, seed, g.view(seat))
            steps.append(a)
            g.apply(a)
            if A.kind(a) not in ("give", "discard") or g.phase != EXCHANGE:
                break
        return action_payload(steps, receivers)

    async def hint(self, view: View, lang: str) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = await self.run(advise, view, lang)
        return result

    async def analyse(self, record: str, index: int) -> DealAnalysis | tuple[str, str, str]:
        """The analysis of a settled deal (about a second of a worker's time)."""
        result: DealAnalysis | tuple[str, str, str] = await self.run(analyse, record, index)
        return result

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def action_payload(steps: list[int], receivers: tuple[int, ...]) -> dict[str, Any]:
    """Engine actions of one turn as a RECORD.md action without ``p``."""
    a = steps[0]
    kind = A.kind(a)
    if kind == "give":
        return {"give": {str(r): card_str(A.card_of(s))
                         for r, s in zip(receivers, steps, strict=True)}}
    if kind == "discard":
        return {"discard": [card_str(A.card_of(s)) for s in steps]}
    if kind == "play":
        return {"play": card_str(A.card_of(a)), "meld": True} if A.is_meld(a) \
            else {"play": card_str(A.card_of(a))}
    if kind in ("bid", "declare", "choose_musik"):
        return {kind: A.value_of(a)}
    return {kind: True}
