"""Tysiąc (Thousand): rules engine, records, arbiter, bots and play interfaces."""

from .engine import Game, IllegalAction
from .rules import PRESET_NAMES, Rules, RulesError

__all__ = ["Game", "IllegalAction", "PRESET_NAMES", "Rules", "RulesError"]
__version__ = "0.1.0"
