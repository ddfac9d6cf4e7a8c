"""Cards as a player types them in the plain mode: one unambiguous form per language.

Polish: a rank ``9 W D K 10 A`` and a suit, as a symbol or a Polish suit name, whole or
cut short (``D♥``, ``Dkier``, ``D kier``, ``10 ka``, ``Wt``). English: a rank ``9 J Q K
10 A`` (``T`` too) and a suit symbol, letter or name (``Q♥``, ``QH``, ``10s``). Polish
takes no English suit letters: ``D`` is the dama, never karo. A trailing ``+`` announces
a marriage (handled by the caller).
"""

from __future__ import annotations

from ..cards import SUIT_SYMBOLS, Card

_RANKS = {
    "pl": {"9": 0, "w": 1, "d": 2, "k": 3, "10": 4, "a": 5},
    "en": {"9": 0, "j": 1, "q": 2, "k": 3, "10": 4, "t": 4, "a": 5},
}
_SUIT_WORDS = {
    "pl": ("kier", "karo", "trefl", "pik"),
    "en": ("hearts", "diamonds", "clubs", "spades"),
}
_SYMBOLS = {ch: i for i, ch in enumerate(SUIT_SYMBOLS)} | {
    ch: i for i, ch in enumerate("♡♢♧♤")}

_HELP = {
    "pl": "9 W D K 10 A i kolor ♥ ♦ ♣ ♠ albo słowem kier, karo, trefl, pik "
          "(np. D♥, D kier, 10ka)",
    "en": "9 J Q K 10 A and a suit ♥ ♦ ♣ ♠ or H D C S (e.g. Q♥, QH, 10S)",
}
_EXAMPLE = {"pl": "np. D♥ albo D kier", "en": "e.g. Q♥ or QH"}


class CardTextError(ValueError):
    """A text that is not a card in the player's language."""


def _lang(lang: str) -> str:
    return "pl" if lang == "pl" else "en"


def card_form_help(lang: str) -> str:
    """How to type a card, in ``lang``: the ranks, the suits, examples."""
    return _HELP[_lang(lang)]


def card_example(lang: str) -> str:
    """A short example of a typed card, for a question."""
    return _EXAMPLE[_lang(lang)]


def read_suit(text: str, lang: str) -> int | None:
    """A suit typed in ``lang``: a symbol, an English letter, or a suit name or its
    unambiguous beginning (``ki`` kier, ``t`` trefl; ``k`` alone is kier or karo)."""
    t = text.strip().lower()
    if t in _SYMBOLS:
        return _SYMBOLS[t]
    words = _SUIT_WORDS[_lang(lang)]
    if not t or not t.isalpha():
        return None
    matches = [i for i, word in enumerate(words) if word.startswith(t)]
    return matches[0] if len(matches) == 1 else None


def read_card(text: str, lang: str) -> Card:
    """A card typed in ``lang``; :class:`CardTextError` if it is none."""
    t = text.strip().lower()
    ranks = _RANKS[_lang(lang)]
    rank = "10" if t.startswith("10") else t[:1]
    suit = read_suit(t[len(rank):], lang) if rank in ranks else None
    if suit is None:
        raise CardTextError(text)
    return suit * 6 + ranks[rank]


def is_card_start(text: str, lang: str) -> bool:
    """A rank alone (``9``, ``10``, ``D``): the suit may follow as the next word."""
    return text.strip().lower() in _RANKS[_lang(lang)]


def card_tokens(line: str, lang: str) -> list[str]:
    """The words of a line of cards or numbers, a rank and a suit name written apart
    (``9 pik``) joined into one: ``"3 9 pik D kier"`` -> ``["3", "9pik", "Dkier"]``."""
    out: list[str] = []
    for word in line.replace(",", " ").split():
        if out and is_card_start(out[-1], lang) and read_suit(word.rstrip("+"), lang) is not None:
            out[-1] += word
        else:
            out.append(word)
    return out
