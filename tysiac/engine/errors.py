"""Illegal actions: a RECORD.md rule id plus a reason in Polish or English."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import SUIT_NAMES, card_display

#: The rule ids of RECORD.md, in its order.
RULE_IDS = (
    "bad_record", "bad_deal", "not_your_turn", "wrong_phase", "card_not_in_hand",
    "bid_too_low", "bid_step", "bid_over_cap", "redeal_not_allowed", "bad_give",
    "bad_discard", "bomb_not_allowed", "declare_too_low", "declare_over_cap",
    "meld_not_allowed", "must_follow", "must_beat", "must_trump", "must_overtrump",
    "bad_sheet", "game_over",
)

PHASE_NAMES = {
    "deal": ("rozdawanie", "dealing"),
    "bid": ("licytacja", "bidding"),
    "choose_musik": ("wybór musiku", "choosing a musik"),
    "exchange": ("oddawanie kart", "the exchange"),
    "declare": ("deklaracja", "the declaration"),
    "play": ("rozgrywka", "the play"),
    "game_over": ("koniec partii", "the end of the game"),
}

# Message templates by (rule, reason). {seat}/{other} are players, {card}/{target}
# cards, {suit} a suit; the rest are numbers.
_MESSAGES: dict[tuple[str, str], tuple[str, str]] = {
    ("not_your_turn", ""): (
        "Teraz ruch ma {other}, nie {seat}", "It is {other}'s turn, not {seat}'s"),
    ("wrong_phase", ""): (
        "{seat} nie może teraz wykonać tego ruchu: trwa {phase}",
        "{seat} cannot make that move now: this is {phase}"),
    ("wrong_phase", "over"): (
        "Rozdanie już się skończyło (ostatnią lewą, bombą albo prośbą o nowe rozdanie): "
        "ruch {seat} przychodzi po jego końcu",
        "The deal is already over (its last trick, a bomb or a redeal): {seat}'s move comes "
        "after its end"),
    ("wrong_phase", "undo"): (
        "Nie ma czego cofnąć w tym rozdaniu", "There is nothing to take back in this deal"),
    ("game_over", ""): ("Partia jest już zakończona", "The game is over"),
    ("card_not_in_hand", ""): ("{seat} nie ma karty {card}", "{seat} does not hold {card}"),
    ("bid_too_low", ""): (
        "Licytacja musi być wyższa niż {bid}", "A bid must be higher than {bid}"),
    ("bid_step", ""): (
        "{value} nie jest wielokrotnością {step}", "{value} is not a multiple of {step}"),
    ("bid_step", "jump"): (
        "Podbija się tylko o {step}: następna stawka to {next}",
        "Bids rise one step of {step} at a time: the next bid is {next}"),
    ("bid_over_cap", ""): (
        "{seat} może licytować najwyżej do {cap} (120 plus meldunki na ręce)",
        "{seat} may bid at most {cap} (120 plus the marriages in hand)"),
    ("bid_over_cap", "max"): (
        "Żadne rozdanie nie daje więcej niż {cap} punktów",
        "No deal can bring more than {cap} points"),
    ("redeal_not_allowed", ""): (
        "Te zasady nie pozwalają prosić o nowe rozdanie",
        "These rules allow no redeal"),
    ("redeal_not_allowed", "late"): (
        "O nowe rozdanie prosi się przed pierwszą licytacją",
        "A redeal may be asked only before the first bid or pass"),
    ("redeal_not_allowed", "hand"): (
        "Karty gracza {seat} nie uprawniają do nowego rozdania",
        "{seat}'s cards do not qualify for a redeal"),
    ("bad_give", ""): ("{detail}", "{detail}"),
    ("bad_discard", ""): ("{detail}", "{detail}"),
    ("bomb_not_allowed", ""): (
        "Przy tym stole nie ma bomb", "These rules allow no bombs"),
    ("bomb_not_allowed", "used"): (
        "{seat} rzucił już wszystkie bomby ({count})",
        "{seat} has used all of their bombs ({count})"),
    ("bomb_not_allowed", "unraised"): (
        "Bombę można rzucić tylko na niepodbite obowiązkowe sto",
        "A bomb is allowed only on an unraised obligatory 100"),
    ("bomb_not_allowed", "timing"): (
        "Bombę rzuca się {when}", "A bomb is thrown {when}"),
    ("declare_too_low", ""): (
        "Deklaracja nie może być niższa niż wylicytowane {bid}",
        "The contract cannot be lower than the winning bid of {bid}"),
    ("declare_over_cap", ""): (
        "{seat} może zadeklarować najwyżej {cap} (120 plus meldunki na ręce)",
        "{seat} may declare at most {cap} (120 plus the marriages in hand)"),
    ("declare_over_cap", "max"): (
        "Żadne rozdanie nie daje więcej niż {cap} punktów",
        "No deal can bring more than {cap} points"),
    ("meld_not_allowed", "lead"): (
        "Meldować można tylko wychodząc do lewy", "A marriage is announced only when leading"),
    ("meld_not_allowed", "rank"): (
        "Melduje się królem albo damą, nie {card}",
        "A marriage is announced with a king or a queen, not {card}"),
    ("meld_not_allowed", "partner"): (
        "{seat} nie ma pary do {card}", "{seat} does not hold the partner of {card}"),
    ("meld_not_allowed", "first_trick"): (
        "W pierwszej lewie meldować nie wolno", "No marriage may be announced in the first trick"),
    ("must_follow", ""): (
        "{seat} ma {card} i musi dołożyć do koloru {suit}",
        "{seat} has {card} and must follow {suit}"),
    ("must_beat", ""): (
        "{seat} ma {card} i musi przebić {target}", "{seat} has {card} and must beat {target}"),
    ("must_trump", ""): (
        "{seat} nie ma koloru {suit} i musi dać atut: ma {card}",
        "{seat} has no {suit} and must play a trump: they hold {card}"),
    ("must_overtrump", ""): (
        "{seat} ma {card} i musi przebić atut {target}",
        "{seat} has {card} and must beat the trump {target}"),
    ("bad_deal", ""): ("{detail}", "{detail}"),
    ("bad_sheet", ""): ("{detail}", "{detail}"),
}

_BOMB_WHEN = {
    "before_exchange": ("po odkryciu musiku, przed oddaniem kart",
                        "after the musik is revealed, before the exchange"),
    "after_exchange": ("po oddaniu kart, zamiast deklaracji",
                       "after the exchange, instead of declaring"),
}


def seat_name(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"gracz {seat}" if lang == "pl" else f"seat {seat}"


class IllegalAction(ValueError):
    """An action the rules forbid. ``rule`` is a RECORD.md rule id."""

    def __init__(self, rule: str, reason: str = "", **params: Any) -> None:
        self.rule = rule
        self.reason = reason
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The reason in ``lang`` (``pl`` or ``en``), players by ``names`` if given."""
        i = 0 if lang == "pl" else 1
        template = _MESSAGES.get((self.rule, self.reason), (self.rule, self.rule))[i]
        values: dict[str, Any] = {}
        for key, value in self.params.items():
            if key in ("seat", "other"):
                values[key] = seat_name(value, lang, names)
            elif key in ("card", "target"):
                values[key] = card_display(value, lang)
            elif key == "suit":
                values[key] = SUIT_NAMES[lang if lang == "pl" else "en"][value]
            elif key == "phase":
                values[key] = PHASE_NAMES[value][i]
            elif key == "when":
                values[key] = _BOMB_WHEN[value][i]
            elif key == "detail" and isinstance(value, tuple):
                values[key] = value[i]
            else:
                values[key] = value
        return template.format(**values)
