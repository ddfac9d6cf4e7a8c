"""The C kernel of the double-dummy solver, loaded with ctypes.

``solver.c`` is the search of :mod:`tysiac.bots.solver` in C, move for move; its
transposition table is per thread, so threads may solve at once.
``make setup`` builds it into ``_solver.so`` here (gcc); without it, or with
``TYSIAC_PURE_PYTHON=1`` in the environment, :func:`solve_c` returns ``None`` and
the pure-Python search runs instead, with identical results, only slower.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..solver import Position, Solution

#: Must match ``tys_abi_version()`` in solver.c.
ABI_VERSION = 5
LIBRARY = Path(__file__).with_name("_solver.so")


class _Position(ctypes.Structure):
    _fields_ = [
        ("k", ctypes.c_int32),
        ("hands", ctypes.c_uint32 * 3),
        ("leader", ctypes.c_int32),
        ("trick", ctypes.c_int32 * 3),
        ("ntrick", ctypes.c_int32),
        ("trump", ctypes.c_int32),
        ("tricks_done", ctypes.c_int32),
        ("declarer", ctypes.c_int32),
        ("points", ctypes.c_int32 * 3),
        ("weights", ctypes.c_int32 * 3),
        ("contract", ctypes.c_int32),
        ("leftover", ctypes.c_int32),
        ("meld_first_trick", ctypes.c_int32),
        ("must_beat", ctypes.c_int32),
        ("must_trump", ctypes.c_int32),
        ("must_overtrump", ctypes.c_int32),
    ]


def _load() -> ctypes.CDLL | None:
    if os.environ.get("TYSIAC_PURE_PYTHON") or not LIBRARY.exists():
        return None
    try:
        lib = ctypes.CDLL(str(LIBRARY))
        if lib.tys_abi_version() != ABI_VERSION:
            return None
    except (OSError, AttributeError):
        return None
    lib.tys_solve.argtypes = [
        ctypes.POINTER(_Position), ctypes.c_int32, ctypes.POINTER(ctypes.c_int32), ctypes.c_int32,
        ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_int64),
    ]
    lib.tys_solve.restype = ctypes.c_int
    lib.tys_value.argtypes = [
        ctypes.POINTER(_Position), ctypes.c_int32, ctypes.POINTER(ctypes.c_int32),
        ctypes.POINTER(ctypes.c_int64),
    ]
    lib.tys_value.restype = ctypes.c_int
    return lib


_LIB = _load()


def available() -> bool:
    """Whether the compiled kernel is loaded."""
    return _LIB is not None


def _struct(pos: Position) -> _Position:
    pad = (0,) * (3 - pos.k)
    return _Position(
        pos.k, (ctypes.c_uint32 * 3)(*pos.hands, *pad), pos.leader,
        (ctypes.c_int32 * 3)(*pos.trick, *(0,) * (3 - len(pos.trick))), len(pos.trick),
        pos.trump, pos.tricks_done, pos.declarer,
        (ctypes.c_int32 * 3)(*pos.points, *pad), (ctypes.c_int32 * 3)(*pos.weights, *pad),
        pos.contract, pos.leftover, pos.meld_first_trick, pos.must_beat, pos.must_trump,
        pos.must_overtrump,
    )


def solve_c(pos: Position, keep: bool = False) -> Solution | None:
    """:func:`tysiac.bots.solver.solve` in C, or ``None`` if the kernel is not built."""
    if _LIB is None:
        return None
    from ..solver import Solution, legal_moves

    moves = legal_moves(pos)
    n = len(moves)
    values = (ctypes.c_int32 * n)()
    nodes = ctypes.c_int64()
    if _LIB.tys_solve(ctypes.byref(_struct(pos)), keep, (ctypes.c_int32 * n)(*moves), n,
                      values, ctypes.byref(nodes)):
        return None                 # no memory for the table: the Python search runs
    return Solution(moves, tuple(values), nodes.value)


def value_c(pos: Position, keep: bool = False) -> tuple[int, int] | None:
    """:func:`tysiac.bots.solver.value` in C, or ``None`` if the kernel is not built."""
    if _LIB is None:
        return None
    result = ctypes.c_int32()
    nodes = ctypes.c_int64()
    if _LIB.tys_value(ctypes.byref(_struct(pos)), keep, ctypes.byref(result),
                      ctypes.byref(nodes)):
        return None
    return result.value, nodes.value
