"""The phases of a game and the chance player (shared by the state and its checks)."""

CHANCE = -1
DEAL, BID, CHOOSE_MUSIK, EXCHANGE, DECLARE, PLAY, GAME_OVER = range(7)
#: Phase names as RECORD.md's ``next.phase`` writes them.
PHASES = ("deal", "bid", "choose_musik", "exchange", "declare", "play", "game_over")
