"""Game records (RECORD.md): the JSON format, the text notation, replay and writing."""

from . import notation
from .errors import RecordError
from .json_io import dumps, from_json, loads, to_json
from .model import FORMAT, FullDeal, GameRecord, RecordAction, SheetRow
from .replay import Replay, apply_record_action, replay, to_record


def read_any(text: str) -> GameRecord:
    """A record from JSON or from the text notation (which opens with a ``[`` tag
    or a ``{deal}``/``{sheet}`` block)."""
    return notation.read(text) if notation.is_notation(text) else loads(text)


__all__ = [
    "FORMAT", "FullDeal", "GameRecord", "RecordAction", "RecordError", "Replay", "SheetRow",
    "apply_record_action", "dumps", "from_json", "loads", "notation", "read_any", "replay",
    "to_json", "to_record",
]
