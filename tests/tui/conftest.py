"""Fixtures of the terminal game's tests."""

from __future__ import annotations

import pytest

from tysiac.bots import LEVELS

from .helpers import PassiveBot


@pytest.fixture
def passive(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(LEVELS, "passive", PassiveBot)
    return "passive"
