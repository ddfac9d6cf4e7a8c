/* The double-dummy solver of tysiac/bots/solver.py in C: the same search, move
 * for move (the same objective, move order, pruning and table policy), so that
 * the values of every move are identical. Built by `make setup` into
 * _solver.so and loaded with ctypes (tysiac/bots/kernel/__init__.py); the tests
 * cross-check it against the Python search on thousands of positions.
 *
 * Cards are 0..23 = suit * 6 + rank (ranks 9 J Q K 10 A); a hand is a 24-bit
 * mask. The follow duties are those of tysiac/engine/tricks.py follow_mask. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BONUS (1 << 20)
#define INF (1 << 30)
#define UNREACHABLE 1023
#define MELD 32
#define TABLE_BITS 19
#define TABLE_SIZE (1u << TABLE_BITS)

typedef struct {
    int32_t k;
    uint32_t hands[3];
    int32_t leader;
    int32_t trick[3];
    int32_t ntrick;
    int32_t trump;
    int32_t tricks_done;
    int32_t declarer;
    int32_t points[3];
    int32_t weights[3];
    int32_t contract;
    int32_t leftover;
    int32_t meld_first_trick;
    int32_t must_beat;
    int32_t must_trump;
    int32_t must_overtrump;
} tys_position;

typedef struct {
    uint64_t key1;
    uint32_t key2;
    uint32_t gen;
    int32_t lo, hi;
} entry;

/* One table per thread (ctypes lets threads call in at once), allocated on first
   use; a new generation number stands for clearing it. An entry's value depends
   only on its key and on how the search scores (the signature below), so a search
   asked to keep the table keeps it if it scores as the one before it: the exchange
   solves one world for several exchanges in a row, the draw game rolls one world
   out for every lead and answer, and their ends repeat. (Kept, the nodes searched
   depend on the searches before; values never do.) */
static __thread entry *table;
static __thread uint32_t generation;
static __thread int32_t last_signature[12];

static const int POINTS[24] = {0, 2, 3, 4, 10, 11, 0, 2, 3, 4, 10, 11,
                               0, 2, 3, 4, 10, 11, 0, 2, 3, 4, 10, 11};
static const int MARRIAGE[4] = {100, 80, 60, 40};
static const uint32_t QUEENS = (1u << 2) | (1u << 8) | (1u << 14) | (1u << 20);

typedef struct {
    int k;
    uint32_t hands[3];
    int decl;
    int weights[3];
    int must_beat, must_trump, must_overtrump;
    int meld_first;
    int leftover;
    int bonus;
    int merge;
    int total_tricks;
    long long nodes;
} search;

static inline uint32_t suit_mask(int s) { return 0x3Fu << (6 * s); }

/* Cards of c's suit that beat c (cards.ABOVE). */
static inline uint32_t above(int c) {
    return suit_mask(c / 6) & ~((2u << c) - 1u);
}

static inline int beats(int c, int win, int trump) {
    return (c / 6 == win / 6) ? c > win : c / 6 == trump;
}

static inline int lowest(uint32_t m) { return __builtin_ctz(m); }
static inline int highest(uint32_t m) { return 31 - __builtin_clz(m); }

static int points_of(uint32_t m) {
    int total = 0;
    while (m) {
        total += POINTS[lowest(m)];
        m &= m - 1;
    }
    return total;
}

static int melds_possible(uint32_t hand) {
    uint32_t pairs = hand & (hand >> 1) & QUEENS;
    int total = 0;
    for (int s = 0; s < 4; s++)
        if (pairs >> (6 * s + 2) & 1u) total += MARRIAGE[s];
    return total;
}

/* engine/tricks.py follow_mask */
static uint32_t follow_mask(uint32_t hand, int lead_suit, int win, int trump,
                            int must_beat, int must_trump, int must_overtrump) {
    uint32_t same = hand & suit_mask(lead_suit);
    if (same) {
        if (must_beat && win / 6 == lead_suit) {
            uint32_t higher = same & above(win);
            if (higher) return higher;
        }
        return same;
    }
    if (trump >= 0 && must_trump) {
        uint32_t trumps = hand & suit_mask(trump);
        if (trumps) {
            if (must_overtrump && win / 6 == trump) {
                uint32_t higher = trumps & above(win);
                if (higher) return higher;
            }
            return trumps;
        }
    }
    return hand;
}

static int trick_start(search *S, int leader, int trump, int done, int need,
                       int alpha, int beta);

/* Equivalent-card runs for the last player of a trick (solver.py _joins). */
static int joins(int low, int c, uint32_t hand, uint32_t live) {
    if (c / 6 != low / 6) return 0;
    uint32_t between = above(low) & ~above(c) & ~(1u << c);
    if (between & live & ~hand) return 0;
    uint32_t pair = suit_mask(c / 6) & (QUEENS | (QUEENS << 1));
    return (hand & pair) != pair || !(((1u << c) | (1u << low)) & pair);
}

static int pick(const int *run, int n, int decl, int q, int win, int win_pos, int trump) {
    int c = run[0];
    int winner = beats(c, win, trump) ? q : win_pos;
    int own_side = (winner == decl) == (q == decl);
    return own_side ? run[n - 1] : run[0];
}

static int follow_moves(search *S, int q, uint32_t legal, int ntrick, int trump, int win,
                        int win_pos, int *out) {
    int cards[24], n = 0;
    for (uint32_t m = legal; m; m &= m - 1) cards[n++] = lowest(m);
    if (S->merge && ntrick == S->k - 1 && n > 1) {
        uint32_t live = S->hands[0] | S->hands[1] | (S->k == 3 ? S->hands[2] : 0) | (1u << win);
        uint32_t hand = S->hands[q];
        int keep[24], nk = 0, run[24], nr = 0;
        for (int i = 0; i < n; i++) {
            int c = cards[i];
            if (nr && joins(run[nr - 1], c, hand, live)) {
                run[nr++] = c;
                continue;
            }
            if (nr) keep[nk++] = pick(run, nr, S->decl, q, win, win_pos, trump);
            run[0] = c;
            nr = 1;
        }
        keep[nk++] = pick(run, nr, S->decl, q, win, win_pos, trump);
        memcpy(cards, keep, sizeof(int) * nk);
        n = nk;
    }
    int nout = 0, losers[24], nl = 0;
    for (int i = 0; i < n; i++) {
        if (beats(cards[i], win, trump)) out[nout++] = cards[i];
        else losers[nl++] = cards[i];
    }
    /* losers by points, then by card (solver.py _loser_key) */
    for (int i = 1; i < nl; i++) {
        int c = losers[i], key = POINTS[c] * 32 + c, j = i - 1;
        while (j >= 0 && POINTS[losers[j]] * 32 + losers[j] > key) {
            losers[j + 1] = losers[j];
            j--;
        }
        losers[j + 1] = c;
    }
    for (int i = 0; i < nl; i++) out[nout++] = losers[i];
    return nout;
}

static int next_card(search *S, int p, int *trick, int ntrick, int leader, int trump, int win,
                     int win_pos, int done, int need, int alpha, int beta);

static int follow(search *S, int q, int a, int *trick, int ntrick, int leader, int trump,
                  int win, int win_pos, int done, int need, int alpha, int beta) {
    if (beats(a, win, trump)) {
        win = a;
        win_pos = q;
    }
    S->hands[q] ^= 1u << a;
    trick[ntrick] = a;
    int v = next_card(S, q, trick, ntrick + 1, leader, trump, win, win_pos, done, need,
                      alpha, beta);
    S->hands[q] ^= 1u << a;
    return v;
}

static int next_card(search *S, int p, int *trick, int ntrick, int leader, int trump, int win,
                     int win_pos, int done, int need, int alpha, int beta) {
    int k = S->k;
    if (ntrick == k) {
        int pts = POINTS[trick[0]] + POINTS[trick[1]] + (k == 3 ? POINTS[trick[2]] : 0);
        if (done + 1 == S->total_tricks) pts += S->leftover;
        int gain = S->weights[win_pos] * pts;
        if (win_pos == S->decl && need > 0) {
            need -= pts;
            if (need <= 0) gain += S->bonus;
        }
        return gain + trick_start(S, win_pos, trump, done + 1, need, alpha - gain, beta - gain);
    }
    int q = (p + 1) % k;
    S->nodes++;
    uint32_t legal = follow_mask(S->hands[q], trick[0] / 6, win, trump, S->must_beat,
                                 S->must_trump, S->must_overtrump);
    int moves[24];
    int n = follow_moves(S, q, legal, ntrick, trump, win, win_pos, moves);
    int maximise = q == S->decl;
    int best = maximise ? -INF : INF;
    for (int i = 0; i < n; i++) {
        int v = follow(S, q, moves[i], trick, ntrick, leader, trump, win, win_pos, done, need,
                       alpha, beta);
        if (maximise) {
            if (v > best) {
                best = v;
                if (v > alpha) alpha = v;
            }
        } else if (v < best) {
            best = v;
            if (v < beta) beta = v;
        }
        if (alpha >= beta) break;
    }
    return best;
}

static int lead(search *S, int p, int a, int trump, int done, int need, int alpha, int beta) {
    int gain = 0;
    if (a >= MELD) {
        a -= MELD;
        trump = a / 6;
        int value = MARRIAGE[trump];
        gain = S->weights[p] * value;
        if (p == S->decl && need > 0) {
            need -= value;
            if (need <= 0) gain += S->bonus;
        }
    }
    S->hands[p] ^= 1u << a;
    int trick[3] = {a, 0, 0};
    int v = gain + next_card(S, p, trick, 1, p, trump, a, p, done, need, alpha - gain,
                             beta - gain);
    S->hands[p] ^= 1u << a;
    return v;
}

static int lead_moves(search *S, int p, int trump, int done, int *out) {
    uint32_t hand = S->hands[p];
    int n = 0;
    uint32_t pairs = hand & (hand >> 1) & QUEENS;
    if (pairs && (done || S->meld_first)) {
        for (uint32_t m = pairs; m; m &= m - 1) {
            int q = lowest(m);
            out[n++] = q + 1 + MELD;
            out[n++] = q + MELD;
        }
    }
    int start = n;
    for (uint32_t m = hand; m; m &= m - 1) {
        int c = lowest(m);
        int key = -(c % 6) * 8 - (c / 6 == trump) * 4 - c / 6;
        int j = n - 1;
        while (j >= start) {
            int d = out[j];
            int dkey = -(d % 6) * 8 - (d / 6 == trump) * 4 - d / 6;
            if (dkey <= key) break;
            out[j + 1] = d;
            j--;
        }
        out[j + 1] = c;
        n++;
    }
    return n;
}

static int last_trick(search *S, int leader, int trump, int need) {
    int k = S->k;
    int win = highest(S->hands[leader]), win_pos = leader;
    int pts = POINTS[win] + S->leftover;
    for (int i = 1; i < k; i++) {
        int p = (leader + i) % k;
        int c = highest(S->hands[p]);
        pts += POINTS[c];
        if (beats(c, win, trump)) {
            win = c;
            win_pos = p;
        }
    }
    int gain = S->weights[win_pos] * pts;
    if (win_pos == S->decl && need > 0 && need <= pts) gain += S->bonus;
    return gain;
}

static inline uint32_t slot(uint64_t key1, uint32_t key2) {
    uint64_t x = key1 ^ ((uint64_t)key2 * 0x9E3779B97F4A7C15ull);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 29;
    return (uint32_t)(x >> (64 - TABLE_BITS));
}

static int trick_start(search *S, int leader, int trump, int done, int need, int alpha,
                       int beta) {
    uint32_t *hands = S->hands;
    if (!hands[leader]) return 0;
    S->nodes++;
    int k = S->k;
    uint32_t remaining = hands[0] | hands[1] | (k == 3 ? hands[2] : 0);
    if (__builtin_popcount(remaining) == k) return last_trick(S, leader, trump, need);
    if (need > 0 && S->bonus) {
        int reach = points_of(remaining) + S->leftover + melds_possible(hands[S->decl]);
        if (need > reach) need = UNREACHABLE;
    } else if (need < 0) {
        need = 0;
    }
    uint64_t key1 = (uint64_t)hands[0] | ((uint64_t)hands[1] << 24) |
                    ((uint64_t)(leader * 5 + trump + 1) << 48) | ((uint64_t)need << 52);
    uint32_t key2 = k == 3 ? hands[2] : 0;
    entry *e = &table[slot(key1, key2)];
    int lo = -INF, hi = INF;
    if (e->gen == generation && e->key1 == key1 && e->key2 == key2) {
        lo = e->lo;
        hi = e->hi;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    int maximise = leader == S->decl;
    int best = maximise ? -INF : INF;
    int a0 = alpha, b0 = beta;
    int moves[32];
    int n = lead_moves(S, leader, trump, done, moves);
    for (int i = 0; i < n; i++) {
        int v = lead(S, leader, moves[i], trump, done, need, alpha, beta);
        if (maximise) {
            if (v > best) {
                best = v;
                if (v > alpha) alpha = v;
            }
        } else if (v < best) {
            best = v;
            if (v < beta) beta = v;
        }
        if (alpha >= beta) break;
    }
    if (best <= a0) hi = best;
    else if (best >= b0) lo = best;
    else lo = hi = best;
    /* The entry may have been replaced by a deeper search: write it whole. */
    e = &table[slot(key1, key2)];
    e->key1 = key1;
    e->key2 = key2;
    e->gen = generation;
    e->lo = lo;
    e->hi = hi;
    return best;
}

static int setup(search *S, const tys_position *pos) {
    memset(S, 0, sizeof *S);
    S->k = pos->k;
    for (int i = 0; i < 3; i++) {
        S->hands[i] = pos->hands[i];
        S->weights[i] = pos->weights[i];
    }
    S->decl = pos->declarer;
    S->must_beat = pos->must_beat;
    S->must_trump = pos->must_trump;
    S->must_overtrump = pos->must_overtrump;
    S->meld_first = pos->meld_first_trick;
    S->leftover = pos->leftover;
    S->bonus = pos->contract ? BONUS : 0;
    int cards = 0;
    for (int i = 0; i < S->k; i++) cards += __builtin_popcount(pos->hands[i]);
    S->total_tricks = pos->tricks_done + (cards + pos->ntrick + S->k - 1) / S->k;
    /* Merging equivalent cards needs one minimising team (solver.py). */
    int w = 0, first = 1, same = 1;
    for (int i = 0; i < S->k; i++) {
        if (i == S->decl) continue;
        if (first) {
            w = pos->weights[i];
            first = 0;
        } else if (pos->weights[i] != w) {
            same = 0;
        }
    }
    S->merge = pos->weights[S->decl] >= 0 && same && !first && w <= 0;
    int need = pos->contract ? pos->contract - pos->points[S->decl] : 0;
    return need;
}

/* The table for a new search (see `table`): 0, or -1 without memory for it. */
static int new_table(const search *S, int keep) {
    int32_t signature[12] = {S->k, S->decl, S->weights[0], S->weights[1], S->weights[2],
                             S->bonus, S->leftover, S->meld_first, S->must_beat,
                             S->must_trump, S->must_overtrump, S->total_tricks};
    if (!table) {
        table = calloc(TABLE_SIZE, sizeof(entry));
        if (!table) return -1;
    } else if (keep && generation && !memcmp(signature, last_signature, sizeof signature)) {
        return 0;
    }
    memcpy(last_signature, signature, sizeof signature);
    if (++generation == 0) {
        memset(table, 0, TABLE_SIZE * sizeof(entry));
        generation = 1;
    }
    return 0;
}

static int base_value(const tys_position *pos, int need) {
    int base = 0;
    for (int i = 0; i < pos->k; i++) base += pos->weights[i] * pos->points[i];
    if (pos->contract && need <= 0) base += BONUS;
    return base;
}

/* The exact value of the position (solver.py value). */
int tys_value(const tys_position *pos, int32_t keep, int32_t *value, int64_t *nodes) {
    search S;
    int need = setup(&S, pos);
    if (new_table(&S, keep)) return -1;
    int base = base_value(pos, need);
    int v;
    if (pos->ntrick == 0) {
        v = trick_start(&S, pos->leader, pos->trump, pos->tricks_done, need, -INF, INF);
    } else {
        int trick[3] = {0, 0, 0}, win = -1, win_pos = pos->leader;
        for (int i = 0; i < pos->ntrick; i++) {
            int c = pos->trick[i];
            trick[i] = c;
            if (i == 0 || beats(c, win, pos->trump)) {
                win = c;
                win_pos = (pos->leader + i) % S.k;
            }
        }
        int before = (pos->leader + pos->ntrick - 1) % S.k;
        v = next_card(&S, before, trick, pos->ntrick, pos->leader, pos->trump, win, win_pos,
                      pos->tricks_done, need, -INF, INF);
    }
    *value = base + v;
    *nodes = S.nodes;
    return 0;
}

/* The values of the given root moves (engine actions, in the engine's order). */
int tys_solve(const tys_position *pos, int32_t keep, const int32_t *moves, int32_t nmoves,
              int32_t *values, int64_t *nodes) {
    search S;
    int need = setup(&S, pos);
    if (new_table(&S, keep)) return -1;
    int base = base_value(pos, need);
    int p = (pos->leader + pos->ntrick) % S.k;
    int win = -1, win_pos = pos->leader;
    int trick[3] = {0, 0, 0};
    for (int i = 0; i < pos->ntrick; i++) {
        int c = pos->trick[i];
        trick[i] = c;
        if (i == 0 || beats(c, win, pos->trump)) {
            win = c;
            win_pos = (pos->leader + i) % S.k;
        }
    }
    for (int i = 0; i < nmoves; i++) {
        int v;
        if (pos->ntrick == 0)
            v = lead(&S, p, moves[i], pos->trump, pos->tricks_done, need, -INF, INF);
        else
            v = follow(&S, p, moves[i], trick, pos->ntrick, pos->leader, pos->trump, win,
                       win_pos, pos->tricks_done, need, -INF, INF);
        values[i] = base + v;
    }
    *nodes = S.nodes;
    return 0;
}

/* Checked by the loader: the layout of tys_position and the search it runs. */
int tys_abi_version(void) { return 5; }
