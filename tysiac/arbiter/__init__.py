"""The rules arbiter: judges a record and explains it deal by deal."""

from .explain import explain
from .judge import (
    ILLEGAL,
    INTERNAL,
    NOT_A_RECORD,
    VALID,
    deal_json,
    internal_error,
    judge,
    judge_bytes,
    judge_text,
    next_json,
    not_a_record,
)

__all__ = ["ILLEGAL", "INTERNAL", "NOT_A_RECORD", "VALID", "deal_json", "explain",
           "internal_error", "judge", "judge_bytes", "judge_text", "next_json", "not_a_record"]
