"""The rules arbiter: a record in, a verdict out (RECORD.md, "The arbiter")."""

from __future__ import annotations

from typing import Any

from ..cards import suit_str
from ..engine import actions as A
from ..engine.game import Game
from ..engine.phases import DEAL, GAME_OVER, PHASES
from ..engine.results import DealResult
from ..record import GameRecord, RecordError, read_record, replay
from ..record.errors import INTERNAL_ERROR

#: Exit statuses: valid, an illegal action or inconsistent sheet, not a record,
#: an internal error (a bug).
VALID, ILLEGAL, NOT_A_RECORD, INTERNAL = 0, 1, 2, 3


def judge_bytes(data: bytes | str, lang: str = "pl"
                ) -> tuple[dict[str, Any], int, GameRecord | None]:
    """Judge a record from outside (bytes or text; JSON or the text notation):
    the verdict object, the exit status and the record (None if the input is not
    a record). Total: whatever the input, a verdict comes back; a bug is a verdict
    with rule ``internal_error`` and status 3."""
    try:
        record = read_record(data)
    except RecordError as e:
        return not_a_record(e, lang), NOT_A_RECORD, None
    except Exception as e:                                   # a bug, never expected
        return internal_error(e, lang), INTERNAL, None
    verdict, status = judge(record, lang)
    return verdict, status, record


#: The former name of :func:`judge_bytes`.
judge_text = judge_bytes


def judge(record: GameRecord, lang: str = "pl") -> tuple[dict[str, Any], int]:
    """The verdict on a parsed record and the exit status. Total, as
    :func:`judge_bytes`."""
    try:
        return _judge(record, lang)
    except Exception as e:                                   # a bug, never expected
        return internal_error(e, lang), INTERNAL


def _judge(record: GameRecord, lang: str) -> tuple[dict[str, Any], int]:
    result = replay(record)
    game, error = result.game, result.error
    verdict: dict[str, Any] = {
        "valid": error is None,
        "error": _error_json(error, lang, record.players) if error else None,
        "deals": [deal_json(r) for r in game.results],
        "scores": list(game.scores),
        "finished": game.phase == GAME_OVER,
        "winner": game.winner,
        "next": next_json(game) if error is None else None,
    }
    if error is None:
        return verdict, VALID
    return verdict, NOT_A_RECORD if error.is_format_error else ILLEGAL


def internal_error(e: BaseException, lang: str = "pl") -> dict[str, Any]:
    """The verdict of a bug: RECORD.md's object with rule ``internal_error``."""
    what = f"{type(e).__name__}: {e}"[:200]
    pl = f"Błąd wewnętrzny arbitra (do zgłoszenia): {what}"
    en = f"an internal error of the arbiter (please report it): {what}"
    return {
        "valid": False,
        "error": {"deal": None, "action": None, "rule": INTERNAL_ERROR,
                  "message": pl if lang == "pl" else en, "messages": {"pl": pl, "en": en}},
        "deals": [], "scores": [], "finished": False, "winner": None, "next": None,
    }


def not_a_record(e: RecordError, lang: str = "pl") -> dict[str, Any]:
    """The verdict on an input that is not a record."""
    return {
        "valid": False, "error": _error_json(e, lang, None), "deals": [], "scores": [],
        "finished": False, "winner": None, "next": None,
    }


def _error_json(e: RecordError, lang: str, names: list[str] | None) -> dict[str, Any]:
    return {
        "deal": e.deal, "action": e.action, "rule": e.rule,
        "message": e.message(lang, names),
        "messages": {"pl": e.message("pl", names), "en": e.message("en", names)},
    }


def deal_json(r: DealResult) -> dict[str, Any]:
    """One settled deal as the arbiter reports it."""
    out: dict[str, Any] = {
        "dealer": r.dealer, "declarer": r.declarer, "bid": r.bid, "contract": r.contract,
        "bomb": r.bomb, "points": list(r.points),
        "melds": [[suit_str(s) for s in m] for m in r.melds],
        "tricks": list(r.tricks) if r.tricks_known else None,
        "delta": list(r.delta), "scores": list(r.scores),
    }
    if r.sitting_out is not None:
        out["sitting_out"] = r.sitting_out
    return out


def next_json(game: Game) -> dict[str, Any] | None:
    """Who acts next in a game in progress, in which phase, and the legal moves."""
    if game.phase in (DEAL, GAME_OVER):
        return None
    return {
        "p": game.to_move,
        "phase": PHASES[game.phase],
        "legal": [A.to_json(a) for a in game.legal_actions()],
    }
