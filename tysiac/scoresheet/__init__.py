"""The score keeper for games played with real cards: a score sheet is a record of
score-sheet deals (RECORD.md), settled by replaying it through the engine as the
arbiter does, so a sheet, the arbiter and an online game always agree.

:mod:`.model` the sheet, :mod:`.settled` what its deals came to, :mod:`.entry` a
deal from a form's fields, :mod:`.csv_io` sheets as CSV, :mod:`.stats` statistics
over games. No I/O: storage and the interfaces use these."""

from .entry import DealForm, Entry, read_entry
from .errors import SheetError
from .model import Sheet
from .settled import SettledDeal, SettledSheet, settle_sheet

__all__ = ["DealForm", "Entry", "Sheet", "SettledDeal", "SettledSheet", "SheetError",
           "read_entry", "settle_sheet"]
