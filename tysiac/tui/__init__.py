"""Playing against bots in the terminal (``tysiac play``).

``session`` runs a game against bots and saves it (no UI); ``plain`` is the line
mode for screen readers and scripts; ``app`` is the full-screen Textual game.
Only ``app``, ``panels`` and ``widgets`` import Textual.
"""
