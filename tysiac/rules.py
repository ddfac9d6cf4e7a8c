"""Rule options and presets (RULES.md, every section; presets in section 8).

A :class:`Rules` object is frozen and complete: every option of RULES.md has a value.
Build one from a preset plus overrides::

    Rules.preset("pl-3", bombs_per_player=0)
    Rules.from_dict({"preset": "pl-3", "bombs_per_player": 0})   # a record's "rules"

Option ids are the public contract of RULES.md; an unknown option or a bad value
raises :class:`RulesError` naming the option and the values it allows.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


class RulesError(ValueError):
    """An unknown option, preset or a value an option does not allow; the reason
    in English (``str(e)``) and in Polish (``e.message("pl")``)."""

    def __init__(self, en: str, pl: str) -> None:
        super().__init__(en)
        self.texts = (pl, en)

    def message(self, lang: str = "en") -> str:
        return self.texts[0 if lang == "pl" else 1]


@dataclass(frozen=True, slots=True)
class Penalty:
    """``{every: 3, points: 120}``: each ``every``-th occurrence costs ``points``."""

    every: int
    points: int


@dataclass(frozen=True, slots=True)
class Barrel:
    """``{at: 880, deals: 3, penalty: 120}`` (RULES.md section 7, beczka)."""

    at: int
    deals: int
    penalty: int


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of RULES.md. Field names are the option ids."""

    # Table form (section 2).
    players: int = 3
    mode: str = "standard"
    two_player_layout: str = "10+2x2"
    sitting_out: str = "dealer"
    # Bidding (section 3).
    bid_step: int = 10
    bid_jumps: bool = True
    bid_cap: str = "melds_in_hand"
    redeal_four_nines: bool = False
    redeal_weak_hand_max: int | None = None
    # Musik, exchange, declaration, bomb (section 4).
    musik_reveal: str = "always"
    declare_cap: str = "melds_in_hand"
    leftover_cards: str = "last_trick"
    bomb_points: int = 60
    bombs_per_player: int | None = 1
    bomb_timing: str = "after_exchange"
    bomb_only_unraised_100: bool = False
    bomb_free_first: int = 0
    bomb_penalty: Penalty | None = None
    # Tricks (section 5).
    meld_first_trick: bool = True
    must_beat: bool = True
    must_trump: bool = True
    must_overtrump: bool = True
    # Settling (section 6).
    rounding: str = "half_up"
    zero_penalty: Penalty | None = None
    # End of the game (section 7).
    goal: int = 1000
    barrier: int | None = 800
    barrier_mode: str = "start_of_deal"
    defender_max: int | None = None
    barrel: Barrel | None = None
    #: The preset these rules were built from (not an option; kept for records).
    preset_name: str = dataclasses.field(default="pl-3", compare=False)

    # --- construction ------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "pl-3", /, **overrides: Any) -> Rules:
        """A preset by name plus option overrides (values as in a record's JSON)."""
        key = name.strip().lower()
        if key not in PRESETS:
            names = ", ".join(PRESETS)
            raise RulesError(f"unknown preset {name!r}; presets: {names}",
                             f"nieznany zestaw zasad {name!r}; są: {names}")
        return cls()._with(PRESETS[key], key)._with(overrides, key)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """A record's ``rules`` object: ``{"preset": "pl-3", option: value, ...}``."""
        if not isinstance(data, Mapping):
            raise RulesError("rules must be an object like {\"preset\": \"pl-3\"}",
                             "zasady to obiekt, np. {\"preset\": \"pl-3\"}")
        options = dict(data)
        name = options.pop("preset", "pl-3")
        if not isinstance(name, str):
            names = ", ".join(PRESETS)
            raise RulesError(f"preset must be a name; presets: {names}",
                             f"preset to nazwa zestawu zasad; są: {names}")
        return cls.preset(name, **options)

    def to_dict(self) -> dict[str, Any]:
        """``{"preset": name, ...options that differ from the preset}``."""
        base = Rules.preset(self.preset_name)
        out: dict[str, Any] = {"preset": self.preset_name}
        for opt in OPTION_IDS:
            value = getattr(self, opt)
            if value != getattr(base, opt):
                out[opt] = _to_json(value)
        return out

    def options(self) -> dict[str, Any]:
        """Every option with its value, as JSON values."""
        return {opt: _to_json(getattr(self, opt)) for opt in OPTION_IDS}

    def with_options(self, **overrides: Any) -> Rules:
        """These rules with some options changed."""
        return self._with(overrides, self.preset_name)

    def _with(self, overrides: Mapping[str, Any], preset_name: str) -> Rules:
        parsed = {opt: _check(opt, value) for opt, value in overrides.items()}
        if "barrier" not in parsed and parsed.get("barrel") is not None:
            # RULES.md section 7: the barrel "replaces the barrier".
            parsed["barrier"] = None
        if "goal" in parsed:
            # Section 7: what the table does not set itself follows the goal.
            for option in ("barrier", "defender_max"):
                value = getattr(self, option)
                if option not in parsed and value is not None:
                    parsed[option] = _follow_goal(value, self.goal, parsed["goal"])
        current = {opt: getattr(self, opt) for opt in OPTION_IDS}
        rules = Rules(**(current | parsed), preset_name=preset_name)
        rules._check_consistent()
        return rules

    def _check_consistent(self) -> None:
        if self.mode == "dobierany" and self.players != 2:
            raise RulesError("mode=dobierany is a game for 2 players (players=2)",
                             "mode=dobierany to gra we dwoje (players=2)")
        if self.barrel is not None and self.barrier is not None:
            raise RulesError("a barrel replaces the barrier: with barrel set, barrier must be null",
                             "beczka zastępuje próg: z barrel próg (barrier) musi być null")
        for option, value in (("barrier", self.barrier), ("defender_max", self.defender_max),
                              ("barrel.at", self.barrel.at if self.barrel else None)):
            if value is not None and value >= self.goal:
                raise RulesError(f"{option} ({value}) must be below goal ({self.goal})",
                                 f"{option} ({value}) musi być mniejsze niż goal ({self.goal})")

    # --- derived facts the engine asks for -----------------------------------

    @property
    def draw_game(self) -> bool:
        return self.mode == "dobierany"

    @property
    def playing_seats(self) -> int:
        """Seats that receive cards in a deal (4 players: one sits out)."""
        return 2 if self.players == 2 else 3

    @property
    def hand_size(self) -> int:
        if self.mode == "dobierany":
            return 6
        if self.players == 2:
            return 9 if self.two_player_layout == "9+2x3" else 10
        return 7

    @property
    def musik_size(self) -> int:
        if self.mode == "dobierany":
            return 0
        if self.players == 2:
            return 3 if self.two_player_layout == "9+2x3" else 2
        return 3

    @property
    def musik_count(self) -> int:
        if self.mode == "dobierany":
            return 0
        return 2 if self.players == 2 else 1

    @property
    def tricks_per_deal(self) -> int:
        if self.mode == "dobierany":
            return 12
        return self.hand_size if self.players == 2 else 8


def _follow_goal(value: int, old_goal: int, goal: int) -> int:
    """A barrier or ``defender_max`` for another goal: scaled with the goal and
    rounded down to the 10-point step of these options. RULES.md section 7's
    examples, goal 1000 to 500: barrier 800 → 400, 900 → 450, defender_max
    990 → 490 (docs/RULES_NOTES.md)."""
    return value * goal // old_goal // 10 * 10


# --- option table: how each option is checked and described ----------------

# Each option: its check, and what it allows in English and in Polish.
_Spec = tuple[Callable[[Any], Any], tuple[str, str]]


def _choice(*values: Any) -> _Spec:
    def check(v: Any) -> Any:
        if v in values and type(v) is type(values[0]):
            return v
        raise ValueError
    shown = [json.dumps(v) for v in values]
    return check, (" or ".join(shown), " albo ".join(shown))


def _boolean() -> _Spec:
    def check(v: Any) -> bool:
        if isinstance(v, bool):
            return v
        raise ValueError
    return check, ("true or false", "true albo false")


def _integer(low: int, multiple: int = 1, nullable: bool = False) -> _Spec:
    def check(v: Any) -> int | None:
        if v is None and nullable:
            return None
        if isinstance(v, int) and not isinstance(v, bool) and v >= low and v % multiple == 0:
            return v
        raise ValueError
    en = f"an integer >= {low}" + (f", a multiple of {multiple}" if multiple > 1 else "")
    pl = f"liczba całkowita >= {low}" + (f", wielokrotność {multiple}" if multiple > 1 else "")
    return check, (en + (" or null" if nullable else ""), pl + (" albo null" if nullable else ""))


def _penalty() -> _Spec:
    def check(v: Any) -> Penalty | None:
        if v is None or isinstance(v, Penalty):
            return v
        if isinstance(v, Mapping) and set(v) == {"every", "points"}:
            every, points = v["every"], v["points"]
            if _is_int(every) and every >= 1 and _is_int(points) and points >= 0:
                return Penalty(every, points)
        raise ValueError
    return check, ('null or {"every": N >= 1, "points": N >= 0}',
                   'null albo {"every": N >= 1, "points": N >= 0}')


def _barrel() -> _Spec:
    def check(v: Any) -> Barrel | None:
        if v is None or isinstance(v, Barrel):
            return v
        if isinstance(v, Mapping) and set(v) == {"at", "deals", "penalty"}:
            at, deals, penalty = v["at"], v["deals"], v["penalty"]
            if _is_int(at) and at > 0 and _is_int(deals) and deals >= 1 \
                    and _is_int(penalty) and penalty >= 0:
                return Barrel(at, deals, penalty)
        raise ValueError
    return check, ('null or {"at": N, "deals": N >= 1, "penalty": N >= 0}',
                   'null albo {"at": N, "deals": N >= 1, "penalty": N >= 0}')


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_OPTION_CHECKS: dict[str, _Spec] = {
    "players": _choice(2, 3, 4),
    "mode": _choice("standard", "dobierany"),
    "two_player_layout": _choice("10+2x2", "9+2x3"),
    "sitting_out": _choice("dealer", "right_of_dealer", "opposite_dealer"),
    "bid_step": _choice(10, 5),
    "bid_jumps": _boolean(),
    "bid_cap": _choice("melds_in_hand", "none"),
    "redeal_four_nines": _boolean(),
    "redeal_weak_hand_max": _integer(0, nullable=True),
    "musik_reveal": _choice("always", "hidden_at_100", "from_130", "never"),
    "declare_cap": _choice("melds_in_hand", "none"),
    "leftover_cards": _choice("last_trick", "nobody"),
    "bomb_points": _integer(0, 5),
    "bombs_per_player": _integer(0, nullable=True),
    "bomb_timing": _choice("before_exchange", "after_exchange"),
    "bomb_only_unraised_100": _boolean(),
    "bomb_free_first": _integer(0),
    "bomb_penalty": _penalty(),
    "meld_first_trick": _boolean(),
    "must_beat": _boolean(),
    "must_trump": _boolean(),
    "must_overtrump": _boolean(),
    "rounding": _choice("half_up", "half_down"),
    "zero_penalty": _penalty(),
    "goal": _choice(1000, 500),
    "barrier": _integer(10, 10, nullable=True),
    "barrier_mode": _choice("start_of_deal", "cap"),
    "defender_max": _integer(10, 10, nullable=True),
    "barrel": _barrel(),
}

#: The option ids of RULES.md, in the order of the spec.
OPTION_IDS: tuple[str, ...] = tuple(_OPTION_CHECKS)


def allowed_values(option: str, lang: str = "en") -> str:
    """What an option allows, in ``lang`` (English unless "pl", as RulesError)."""
    return _OPTION_CHECKS[option][1][1 if lang == "pl" else 0]


def _check(option: str, value: Any) -> Any:
    if option not in _OPTION_CHECKS:
        names = ", ".join(OPTION_IDS)
        raise RulesError(f"unknown rule option {option!r}; options: {names}",
                         f"nieznana opcja zasad {option!r}; opcje: {names}")
    check, (en, pl) = _OPTION_CHECKS[option]
    try:
        return check(value)
    except (ValueError, TypeError):
        shown = json.dumps(_to_json(value), ensure_ascii=False)
        raise RulesError(f"bad value {shown} for rule option {option!r}; allowed: {en}",
                         f"zła wartość {shown} opcji {option!r}; dozwolone: {pl}") from None


def parse_option(text: str) -> tuple[str, Any]:
    """Read a command-line ``option=value`` (value as JSON, bare words as strings)."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep:
        raise RulesError(f"expected option=value, e.g. bombs_per_player=0, not {text!r}",
                         f"oczekiwano opcja=wartość, np. bombs_per_player=0, a nie {text!r}")
    raw = raw.strip()
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):      # not JSON (or beyond its limits): a word
        value = raw
    return name, _check(name, value)


def _to_json(value: Any) -> Any:
    if isinstance(value, (Penalty, Barrel)):
        return dataclasses.asdict(value)
    return value


# --- presets (RULES.md section 8) -----------------------------------------

PRESETS: dict[str, dict[str, Any]] = {
    "pl-3": {},
    "pl-2": {"players": 2, "bomb_timing": "before_exchange", "bomb_only_unraised_100": True},
    "pl-2-classic": {
        "players": 2, "must_trump": False, "bombs_per_player": None, "bomb_free_first": 1,
    },
    "pl-4": {"players": 4, "bomb_points": 40},
    "dobierany": {"players": 2, "mode": "dobierany", "bombs_per_player": 0, "barrier": None},
    "online-3": {"bombs_per_player": 0},
    "online-2": {"players": 2, "bombs_per_player": 0},
    "house-3": {"meld_first_trick": False, "defender_max": 990},
    "tournament-3": {
        "meld_first_trick": False, "musik_reveal": "from_130", "barrier_mode": "cap",
    },
    "barrel-3": {
        "barrel": Barrel(880, 3, 120), "barrier": None, "zero_penalty": Penalty(3, 120),
    },
}

PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)
