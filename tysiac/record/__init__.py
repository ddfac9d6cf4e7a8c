"""Game records (RECORD.md): the JSON format, the text notation, replay and writing."""

from .errors import RecordError
from .json_io import dumps, from_json, loads, to_json
from .model import FORMAT, FullDeal, GameRecord, RecordAction, SheetRow
from .replay import Replay, apply_record_action, replay, to_record

__all__ = [
    "FORMAT", "FullDeal", "GameRecord", "RecordAction", "RecordError", "Replay", "SheetRow",
    "apply_record_action", "dumps", "from_json", "loads", "replay", "to_json", "to_record",
]
