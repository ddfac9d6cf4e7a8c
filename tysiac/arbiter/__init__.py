"""The rules arbiter: judges a record and explains it deal by deal."""

from .explain import explain
from .judge import ILLEGAL, NOT_A_RECORD, VALID, deal_json, judge, judge_text, next_json

__all__ = ["ILLEGAL", "NOT_A_RECORD", "VALID", "deal_json", "explain", "judge", "judge_text",
           "next_json"]
