"""Errors of reading or judging a record: where, which rule, and why in two languages."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.errors import IllegalAction

#: Rule ids for which the arbiter exits with 2: the file is not a record.
NOT_A_RECORD = ("bad_record", "bad_deal")
#: The rule id of an internal error (a bug): the arbiter exits with 3.
INTERNAL_ERROR = "internal_error"


class RecordError(ValueError):
    """A record that breaks the format or the rules. ``deal`` and ``action`` index
    the record's ``deals`` and a deal's ``actions`` (None where not applicable);
    ``path`` is the JSON field at fault (``deals[0].hands[1]``), where one is."""

    def __init__(self, rule: str, pl: str, en: str, deal: int | None = None,
                 action: int | None = None, illegal: IllegalAction | None = None,
                 path: str | None = None) -> None:
        self.rule = rule
        self.texts = (pl, en)
        self.deal = deal
        self.action = action
        self.illegal = illegal
        self.path = path
        super().__init__(self.message("en"))

    @classmethod
    def from_illegal(cls, e: IllegalAction, deal: int | None, action: int | None) -> RecordError:
        return cls(e.rule, e.message("pl"), e.message("en"), deal, action, e)

    @property
    def is_format_error(self) -> bool:
        return self.rule in NOT_A_RECORD

    def message(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        if self.illegal is not None:
            return self.illegal.message(lang, names)
        return self.texts[0 if lang == "pl" else 1]

    def where(self, lang: str = "en") -> str:
        parts = []
        if self.deal is not None:
            parts.append(f"rozdanie {self.deal}" if lang == "pl" else f"deal {self.deal}")
        if self.action is not None:
            parts.append(f"ruch {self.action}" if lang == "pl" else f"action {self.action}")
        return ", ".join(parts)


def bad_record(pl: str, en: str, deal: int | None = None,
               action: int | None = None, path: str | None = None) -> RecordError:
    return RecordError("bad_record", pl, en, deal, action, path=path)
