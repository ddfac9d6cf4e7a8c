"""The rules arbiter: a record in, a verdict out (RECORD.md, "The arbiter")."""

from __future__ import annotations

from typing import Any

from ..cards import suit_str
from ..engine import actions as A
from ..engine.game import Game
from ..engine.phases import DEAL, GAME_OVER, PHASES
from ..engine.results import DealResult
from ..record import GameRecord, RecordError, read_any, replay

#: Exit statuses: valid, an illegal action or inconsistent sheet, not a record.
VALID, ILLEGAL, NOT_A_RECORD = 0, 1, 2


def judge_text(text: str, lang: str = "pl") -> tuple[dict[str, Any], int, GameRecord | None]:
    """Judge a record given as JSON (or in the text notation): the verdict object,
    the exit status and the record (None if the text is not a record)."""
    try:
        record = read_any(text)
    except RecordError as e:
        return _not_a_record(e, lang), NOT_A_RECORD, None
    verdict, status = judge(record, lang)
    return verdict, status, record


def judge(record: GameRecord, lang: str = "pl") -> tuple[dict[str, Any], int]:
    """The verdict on a parsed record and the exit status."""
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


def _not_a_record(e: RecordError, lang: str) -> dict[str, Any]:
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
        "tricks": list(r.tricks), "delta": list(r.delta), "scores": list(r.scores),
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
