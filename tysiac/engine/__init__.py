"""The rules engine: a pure, deterministic state machine for every table form."""

from . import actions
from .errors import RULE_IDS, IllegalAction
from .game import Game
from .phases import BID, CHANCE, CHOOSE_MUSIK, DEAL, DECLARE, EXCHANGE, GAME_OVER, PHASES, PLAY
from .results import DealLog, DealResult
from .scoring import Outcome, Standing, round_points, settle

__all__ = [
    "actions", "RULE_IDS", "IllegalAction", "DealLog", "DealResult", "Game", "Outcome",
    "Standing", "round_points", "settle", "BID", "CHANCE", "CHOOSE_MUSIK", "DEAL",
    "DECLARE", "EXCHANGE", "GAME_OVER", "PHASES", "PLAY",
]
