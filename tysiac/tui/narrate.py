"""What happened at the table since the player last looked, as sentences.

The plain line mode prints them (a screen reader reads them in order) and the
full-screen game shows the latest. Built from the human's views alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import KING, MARRIAGE_VALUES, QUEEN, SUIT_SYMBOLS, rank_of
from ..engine.views import View
from .texts import card, cards, hand_text, tr, tr_about


class Narrator:
    """Remembers what it has told and tells the rest."""

    def __init__(self, names: Sequence[str], lang: str) -> None:
        self.names = list(names)
        self.lang = lang
        self.deal_id = -1
        self._reset()

    def _reset(self) -> None:
        self.bids = 0
        self.declarer_told = False
        self.musik_told = False
        self.given_told = 0
        self.contract_told = False
        self.cards_told = 0          # cards of this deal's tricks already told
        self.melds_told = 0
        self.bomb_told = False

    def news(self, view: View, deal_id: int) -> list[str]:
        """Sentences about everything new in ``view``. ``deal_id`` counts the deals
        dealt (a redeal starts a new deal with the same number); between deals the
        view still shows the deal just settled."""
        lang, names = self.lang, self.names
        out: list[str] = []
        if deal_id == 0:
            return out                  # nothing dealt yet
        if deal_id != self.deal_id:
            self.deal_id = deal_id
            self._reset()
            settled = view.phase in ("deal", "game_over") and bool(view.results)
            dealer = view.results[-1].dealer if settled else view.dealer
            out.append(tr("n_deal", lang, n=view.deal_number + (0 if settled else 1),
                          dealer=names[dealer]))
            if view.sitting_out is not None:
                out.append(tr("n_you_out", lang) if view.sitting_out == view.seat
                           else tr("n_out", lang, name=names[view.sitting_out]))
            if view.hand:
                out.append(tr("n_hand", lang, cards=hand_text(view.hand, lang)))
            if view.obligatory is not None:
                out.append(tr_about("n_obligatory", lang, view.obligatory, view.seat,
                                    name=names[view.obligatory]))
        for seat, bid in view.bids[self.bids:]:
            out.append(tr("n_bids", lang, name=names[seat], bid=bid) if bid
                       else tr("n_passes", lang, name=names[seat]))
        self.bids = len(view.bids)
        if view.declarer is not None and not self.declarer_told and view.obligatory is not None:
            self.declarer_told = True
            out.append(tr_about("n_declarer", lang, view.declarer, view.seat,
                                name=names[view.declarer], bid=view.bid))
        if view.declarer is not None and not self.musik_told and \
                (view.players != 2 or view.musik_choice is not None):
            self.musik_told = True
            if view.musik is None:
                out.append(tr("n_musik_hidden", lang))
            elif view.players == 2:
                out.append(tr_about("n_musik_n", lang, view.declarer, view.seat,
                                    name=names[view.declarer],
                                i=(view.musik_choice or 0) + 1, cards=cards(view.musik, lang)))
            else:
                out.append(tr("n_musik", lang, cards=cards(view.musik, lang)))
        for receiver, c in view.given[self.given_told:]:
            if receiver == view.seat and view.declarer is not None:
                out.append(tr("n_got", lang, name=names[view.declarer], card=card(c, lang)))
        self.given_told = len(view.given)
        if view.contract is not None and not self.contract_told:
            self.contract_told = True
            out.append(tr_about("n_contract", lang, view.declarer, view.seat,
                                name=names[view.declarer or 0], n=view.contract))
        last = view.results[-1] if view.phase in ("deal", "game_over") and view.results \
            else None
        if last is not None and last.bomb and not self.bomb_told:
            self.bomb_told = True
            out.append(tr_about("n_bomb", lang, last.declarer, view.seat,
                                name=names[last.declarer or 0]))
        return self._plays(view, out)

    def _plays(self, view: View, out: list[str]) -> list[str]:
        """Every card played since the last telling, and who took each trick."""
        lang, names = self.lang, self.names
        k = 2 if view.players == 2 else 3
        plays: list[tuple[int, int, int | None]] = []      # (seat, card, winner if last)
        for leader, trick, winner in view.tricks:
            seats = _seats(view, leader, len(trick))
            for j, (s, c) in enumerate(zip(seats, trick, strict=True)):
                plays.append((s, c, winner if j == len(trick) - 1 else None))
        plays += [(s, c, None) for s, c in view.trick]
        melds = list(view.melds)
        for i in range(self.cards_told, len(plays)):
            seat, c, won_by = plays[i]
            meld = ""
            # Marriages are told in order; a seat's first K or Q lead of that suit is the
            # announcing one (a K or Q led without announcing forfeits the marriage).
            if i % k == 0 and rank_of(c) in (QUEEN, KING) and self.melds_told < len(melds) \
                    and melds[self.melds_told] == (seat, c // 6):
                self.melds_told += 1
                meld = tr("n_meld", lang, suit=SUIT_SYMBOLS[c // 6], value=MARRIAGE_VALUES[c // 6])
            out.append(tr("n_plays", lang, name=names[seat], card=card(c, lang), meld=meld))
            if won_by is not None:
                out.append(tr_about("n_takes", lang, won_by, view.seat, i=i // k + 1,
                                    name=names[won_by]))
        self.cards_told = len(plays)
        return out


def _seats(view: View, leader: int, count: int) -> list[int]:
    """Who played a completed trick's cards: clockwise from the leader, skipping the
    seat that sits out."""
    n, out = view.players, []
    s = leader
    for _ in range(count):
        out.append(s)
        s = (s + 1) % n
        if s == view.sitting_out:
            s = (s + 1) % n
    return out


