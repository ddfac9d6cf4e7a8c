"""The limits on a record read from outside (docs/LIMITS.md). Every reader checks
them before the work they bound, so a record from a stranger costs at most this
much; a record over a limit is a ``bad_record`` that names the limit."""

#: Bytes of a record (UTF-8), JSON or text notation. A legal game of MAX_DEALS
#: deals with the longest biddings takes about 2.3 MB as indented JSON.
MAX_RECORD_BYTES = 4_000_000
#: Deals in a record (a game rarely lasts 60; random bots play a few hundred).
MAX_DEALS = 500
#: Actions in one deal (the longest legal deal has under 100: bids from 100 to 400
#: in steps of 5, the passes, the exchange and 24 cards).
MAX_ACTIONS_PER_DEAL = 200
#: Characters in one line of the text notation.
MAX_LINE_CHARS = 100_000
#: Depth of nested JSON arrays and objects (a record needs 6; ``extra`` may nest).
MAX_NESTING = 32
#: Digits of an integer, anywhere in a record (scores need 5; 15 fit a double).
MAX_INT_DIGITS = 15
#: Values (numbers, texts, arrays, objects) in a JSON record, counted before it is
#: parsed: what bounds the memory a parse takes. The longest legal game has
#: about 150,000.
MAX_JSON_VALUES = 400_000

__all__ = ["MAX_ACTIONS_PER_DEAL", "MAX_DEALS", "MAX_INT_DIGITS", "MAX_JSON_VALUES",
           "MAX_LINE_CHARS", "MAX_NESTING", "MAX_RECORD_BYTES"]
