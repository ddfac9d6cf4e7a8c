"""Game records (RECORD.md): the JSON format, the text notation, replay and writing.

A record from outside comes in through :func:`read_record` (bytes or text, JSON
or the text notation, within the limits of :mod:`tysiac.record.limits`)."""

from . import limits, notation
from .errors import RecordError
from .fields import read_action
from .json_io import dumps, from_json, loads, to_json
from .model import FORMAT, FullDeal, GameRecord, RecordAction, SheetRow
from .reading import read_record
from .replay import Replay, apply_record_action, replay, to_record

#: The former name of :func:`read_record`.
read_any = read_record

__all__ = [
    "FORMAT", "FullDeal", "GameRecord", "RecordAction", "RecordError", "Replay", "SheetRow",
    "apply_record_action", "dumps", "from_json", "limits", "loads", "notation", "read_action",
    "read_any", "read_record", "replay", "to_json", "to_record",
]
