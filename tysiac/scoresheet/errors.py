"""An error of a score sheet or of its input: where, and why in Polish and English."""

from __future__ import annotations


class SheetError(ValueError):
    """A deal that the rules refuse, a form field or a CSV cell that is wrong.
    ``deal``: the deal's index (0-based) where there is one; ``field``: the form
    field at fault (``cards``, ``melds``, ``contract``…), None for the whole form."""

    def __init__(self, pl: str, en: str, deal: int | None = None,
                 field: str | None = None) -> None:
        super().__init__(en)
        self.texts = (pl, en)
        self.deal = deal
        self.field = field

    def message(self, lang: str = "pl") -> str:
        return self.texts[0 if lang == "pl" else 1]
