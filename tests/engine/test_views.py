"""Per-seat views: each seat sees its own hand, the public history and its private
knowledge (the declarer's musik, gives and discards; a received card; its draws)
— and nothing else. ``musik_reveal`` decides who sees the musik."""

from __future__ import annotations

import dataclasses

import pytest

from tysiac import Game, Rules

from .helpers import bids, cards, dealt, discard, give, moves, names, position, tricks

HANDS3 = ["KH 9H JH AD TD 9C JC", "AH TH 9D JD KC QC AS", "QD KD TC AC TS KS 9S"]
MUSIK3 = "QH QS JS"
P3 = ("QH KH 9H AD TD 9D AC TC", "AH AS TS KS QS JS 9S JD", "JH TH KD QD KC QC JC 9C")


def deal3(reveal: str = "always") -> Game:
    return dealt(Rules.preset("pl-3", musik_reveal=reveal), 2, HANDS3, [MUSIK3])


def seen_musik(game: Game) -> list[bool]:
    return [game.view(s).musik is not None for s in range(game.n)]


def test_each_seat_sees_its_own_hand_and_only_the_sizes_of_others() -> None:
    game = deal3()
    for seat in range(3):
        view = game.view(seat)
        assert names(view.hand) == set(HANDS3[seat].split())
        assert view.hand_sizes == (7, 7, 7)
    spectator = game.view(None)
    assert spectator.hand == () and spectator.legal == ()


def test_legal_actions_only_for_the_seat_to_move() -> None:
    game = deal3()
    assert game.view(1).legal == game.legal_actions() and game.view(1).my_turn
    assert game.view(0).legal == () and game.view(2).legal == ()


def test_nobody_sees_the_musik_during_bidding() -> None:
    game = deal3()
    bids(game, "110")
    assert seen_musik(game) == [False, False, False]
    assert game.view(0).bids == ((1, 110),) and game.view(2).bid == 110


@pytest.mark.parametrize(("reveal", "bidding", "everybody"), [
    ("always", "pass pass", True),
    ("hidden_at_100", "pass pass", False),
    ("hidden_at_100", "110 pass 120 pass", True),
    ("from_130", "110 pass 120 pass", False),
    ("from_130", "130 pass pass", True),
    ("never", "130 pass pass", False),
])
def test_musik_reveal(reveal: str, bidding: str, everybody: bool) -> None:
    game = deal3(reveal)
    bids(game, bidding)
    declarer = game.declarer
    seen = seen_musik(game)
    assert seen[declarer]                        # the declarer took it
    assert all(seen) is everybody
    assert game.view(None).musik_revealed is everybody
    if everybody:
        assert names(game.view((declarer + 1) % 3).musik or ()) == set(MUSIK3.split())


def test_a_given_card_is_known_to_the_giver_and_the_receiver_only() -> None:
    game = deal3()
    bids(game, "pass pass")
    give(game, "QS JS")
    qs, js = cards("QS JS")
    assert set(game.view(0).given) == {(1, qs), (2, js)}
    assert game.view(1).given == ((1, qs),)
    assert game.view(2).given == ((2, js),)
    assert game.view(None).given == ()
    # The receiver holds it; nobody else's view shows that hand.
    assert qs in game.view(1).hand and qs not in game.view(2).hand


def test_a_view_holds_no_reference_to_the_game_and_is_a_snapshot() -> None:
    game = position(*P3)
    view = game.view(1)
    for field in dataclasses.fields(view):
        assert not isinstance(getattr(view, field.name), Game)
    moves(game, "QH+")
    assert view.trick == () and view.trump is None
    later = game.view(1)
    assert later.trick == ((0, cards("QH")[0]),) and later.trump == 0
    assert later.melds == ((0, 0),) and later.points == (100, 0, 0)


def test_public_history_of_the_deal() -> None:
    game = position(*P3)
    tricks(game, "QH+ AH TH", "9S JH KH")
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view.tricks == tuple(game.tricks)
        assert view.tricks_won == (1, 1, 0)
        assert view.points == (100 + 6, 24, 0)
        assert view.contract == 100 and view.declarer == 0


def test_trick_history_lists_each_trick_by_its_leader_the_one_on_the_table_last() -> None:
    game = position(*P3)
    tricks(game, "QH+ AH TH", "9S JH KH")
    moves(game, "AD")
    history = game.view(1).trick_history()
    assert history == [(0, tuple(cards("QH AH TH"))), (1, tuple(cards("9S JH KH"))),
                       (0, tuple(cards("AD")))]


def test_two_players_the_discards_are_the_declarers_and_the_other_musik_nobodys() -> None:
    hands = ["AH TH KH QH 9H AD TD KD 9D JD", "AC TC KC 9C JC AS TS KS 9S JS"]
    game = dealt(Rules.preset("pl-2"), 0, hands, ["QD JH", "QC QS"])
    moves(game, "pass musik1")
    discard(game, "9S JS")
    mine, theirs = game.view(1), game.view(0)
    assert names(mine.discards) == {"9S", "JS"}
    assert theirs.discards == ()
    # The chosen musik is revealed (also at 100 by default); the other is unseen.
    assert names(theirs.musik or ()) == {"QC", "QS"}
    for view in (mine, theirs, game.view(None)):
        assert not {"QD", "JH"} & names(view.hand + (view.musik or ()))


def test_two_players_hidden_at_100() -> None:
    hands = ["AH TH KH QH 9H AD TD KD 9D JD", "AC TC KC 9C JC AS TS KS 9S JS"]
    game = dealt(Rules.preset("pl-2", musik_reveal="hidden_at_100"), 0, hands,
                 ["QD JH", "QC QS"])
    moves(game, "pass musik1")
    assert game.view(0).musik is None and game.view(1).musik is not None


def test_four_players_sitting_out_seat_sees_the_revealed_musik_and_holds_nothing() -> None:
    game = dealt(Rules.preset("pl-4"), 0, ["", *HANDS3], [MUSIK3])
    assert game.view(0).hand == () and game.view(0).legal == ()
    bids(game, "pass pass")
    assert names(game.view(0).musik or ()) == set(MUSIK3.split())
    give(game, "QS JS")
    assert game.view(0).given == ()


def test_after_the_deal_its_cards_are_public_in_the_results() -> None:
    game = position(*P3)
    tricks(game, "QH+ AH TH", "9S JH KH", "9D JD KD", "QC+ TC JS", "9H QS 9C",
           "QD AD KS", "AC TS JC", "TD AS KC")
    view = game.view(2)
    assert view.phase == "deal" and len(view.results) == 1
    log = view.results[0].log
    assert log is not None and len(log.hands) == 3
    assert view.scores == (100, 20, 90)
