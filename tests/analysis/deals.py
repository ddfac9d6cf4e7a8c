"""Deals built by hand for the analysis tests, in the text notation, each with
its double-dummy values worked out by hand in the comment above it."""

from __future__ import annotations

from tysiac.engine.game import Game
from tysiac.record import read_record, replay

# A forced line (pl-3, no bombs). Ania (seat 0) holds the obligatory 100 and,
# after taking the musik and giving its two nines, A and 10 of every suit: each
# of her leads is the highest card of its suit left, nobody can trump (the
# defenders never lead, so no marriage is ever announced), so she takes all 8
# tricks whatever anyone plays: 120 points, the most there are. The defenders
# write 0, so the result is +100 - 0 = 100 at every card and no card loses
# anything. Bartek and Celina hold no K+Q of one suit, nor does the musik make
# one: as declarers they could have no trump the defenders do not choose, and
# without trump each of Ania's four aces takes its trick: at most 120 - 44 = 76
# points, less than 100. Ania played 100 worth 120: 20 left on the table.
FORCED = """[Format tysiac-text/1]
[Rules pl-3 bombs_per_player=0]
[Players ["Ania","Bartek","Celina"]]
[FirstDealer 2]

{deal}
hands: AH TH AD TD AC TC AS / KH KD QC QS JH JD 9C / QH QD KC KS JC JS 9S
musik: TS 9H 9D
1:pass 2:pass
0:give(1=9H,2=9D) 0:declare=100
1. 0:AH 1:9H 2:QH
2. 0:TH 1:JH 2:9S
3. 0:AD 1:JD 2:9D
4. 0:TD 1:KD 2:QD
5. 0:AC 1:9C 2:JC
6. 0:TC 1:QC 2:KC
7. 0:AS 1:QS 2:JS
8. 0:TS 1:KH 2:KS
"""

# A marriage that changes trump (pl-3, no bombs). Ania keeps A, 10, K, Q of
# hearts and of spades: every card she leads is the highest of its suit left, so
# she takes every trick, and she is on lead to announce both marriages: hearts
# (100, trump hearts from trick 1), then spades (40, trump spades from trick 5):
# 120 + 100 + 40 = 260, which her cap (120 + 140) lets her declare. Led with its
# marriage or after an ace, every first lead reaches 260. In trick 5 she leads
# K♠ WITHOUT announcing: the spade marriage is lost, 220 < 260, the contract
# fails: from +260 - 0 to -260 - 0, a loss of 520 on that card and nowhere else.
TRUMP_CHANGE = """[Format tysiac-text/1]
[Rules pl-3 bombs_per_player=0]
[Players ["Ania","Bartek","Celina"]]
[FirstDealer 2]

{deal}
hands: AH TH KH QH AS TS KS / JH 9H AD TD KD QD JD / JS 9S AC TC KC QC JC
musik: QS 9D 9C
1:pass 2:pass
0:give(1=9D,2=9C) 0:declare=260
1. 0:KH+ 1:9H 2:9C
2. 0:QH 1:JH 2:JC
3. 0:AH 1:9D 2:QC
4. 0:TH 1:JD 2:KC
5. 0:KS 1:QD 2:9S
6. 0:QS 1:KD 2:JS
7. 0:AS 1:TD 2:TC
8. 0:TS 1:AD 2:AC
"""

# The same deal with the spade marriage announced in trick 5: 260, made.
TRUMP_CHANGE_MADE = TRUMP_CHANGE.replace("5. 0:KS ", "5. 0:KS+ ")

# A 2-player deal with leftover cards (pl-2: 10 cards each, two musiks of 2; the
# last trick's winner takes the unchosen musik and the discards). Bartek deals
# and passes; Ania plays the obligatory 100, takes musik 1 (K♣ 9♠) and discards
# J♠ K♠. She keeps A, 10, K of hearts, diamonds and clubs (sure winners: Bartek
# holds only Q, J, 9 of each and never runs out of a suit she leads) and 9♠.
# Bartek's one spade, A♠, must beat 9♠ and takes 11 points; 10♠ Q♠ (unchosen)
# and J♠ K♠ (discarded), 19 points, go to the last trick. Played before the last
# trick, 9♠ leaves Ania the last trick: 120 - 11 = 109, made; played last, it
# gives Bartek 11 + 19: Ania 90, failed. She plays it last: in trick 9 her K♣
# turns a made contract (+100 - 11 = 89) into a failed one (-100 - 30 = -130),
# a loss of 219. Keeping J♠ or K♠ instead of 9♠ gives Bartek 2 or 4 more, so her
# discards were the best: 109 with musik 1, a contract of 100.
LEFTOVER = """[Format tysiac-text/1]
[Rules pl-2]
[Players ["Ania","Bartek"]]
[FirstDealer 1]

{deal}
hands: AH TH KH AD TD KD AC TC JS KS / QH JH 9H QD JD 9D QC JC 9C AS
musik: KC 9S / TS QS
1:pass
0:musik=0 0:discard(JS,KS) 0:declare=100
1. 0:AH 1:9H
2. 0:TH 1:JH
3. 0:KH 1:QH
4. 0:AD 1:9D
5. 0:TD 1:JD
6. 0:KD 1:QD
7. 0:AC 1:9C
8. 0:TC 1:JC
9. 0:KC 1:QC
10. 0:9S 1:AS
"""

# A 4-player deal (pl-4: the dealer, Darek, sits out): the forced line again,
# with A♠ in the musik instead of 10♠ (Ania keeps 10♠ from her hand): Ania takes
# every trick, 120; Darek's sitting-out bonus is 50 for the ace in the musik.
# Bartek and Celina as declarers: Ania's three aces take at least 33, so at most
# 87 < 100.
FOUR = (FORCED.replace("[Rules pl-3 bombs_per_player=0]", "[Rules pl-4]")
        .replace('"Celina"]]', '"Celina","Darek"]]').replace("[FirstDealer 2]", "[FirstDealer 3]")
        .replace("AC TC AS /", "AC TC TS /").replace("JS 9S\n", "JS 9S /\n")
        .replace("musik: TS", "musik: AS"))


def game_of(text: str) -> Game:
    """The game a record describes (it must be valid)."""
    result = replay(read_record(text))
    assert result.error is None, result.error
    return result.game
