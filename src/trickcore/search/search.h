/* The one perfect-information search of the trick games, instantiated by each game's solve.c:
 * fail-soft alpha-beta over cards, a transposition table at trick boundaries holding bounds on
 * (value - base), zero-window searches driven to the exact value (MTD(f)), one card searched
 * per class of equivalent cards, bound cut-offs and history move ordering
 * (docs/kernels.md, "Solver").
 *
 * Before including it, a game defines SEARCH_STATE (its state struct), SEARCH_CTX (a struct
 * with members `tc_solver *solver`, `uint8_t side` and `uint8_t role[TC_NUM_CARD_IDS]`),
 * SEARCH_KEY_WORDS and these functions, all on the referee's own rules (hearts.h, ...):
 *   tc_mask game_moves(ctx, s)          legal cards of the seat to act (distinct cards)
 *   void game_play(ctx, s, card)        the referee's unchecked play
 *   int32_t game_final(ctx, s)          value of a finished deal, higher better for the side
 *   int32_t game_base(ctx, s)           at a trick boundary: the part of the final value that
 *                                       is already fixed; final - base depends only on the key
 *   void game_key(ctx, s, key)          at a trick boundary: the words that decide final - base
 *   int game_bounds(ctx, s, lo, hi)     values still reachable (0: none known)
 *   tc_mask game_hand(ctx, s, seat)     the distinct cards `seat` holds
 *   tc_mask game_others(ctx, s, seat)   cards a copy of which is live outside seat's hand
 * role[card] classes the cards alike but for rank (same value, same special part in the rules);
 * TC_SEARCH_ALONE marks a card equivalent to no other. */
#ifndef TRICKCORE_SEARCH_SEARCH_H
#define TRICKCORE_SEARCH_SEARCH_H

#include <string.h>

#include "trickcore/core/cards.h"
#include "trickcore/core/status.h"
#include "trickcore/search/solver.h"

#define TC_SEARCH_INF (1 << 29)
#define TC_SEARCH_ALONE 255
#define TC_SEARCH_BUCKET 4 /* entries probed per position */

typedef struct {
    uint64_t key[SEARCH_KEY_WORDS];
    int32_t lower, upper; /* bounds on value - base */
    uint32_t generation;
    uint8_t best;  /* the card that cut off or was best, TC_NO_CARD if none */
    uint8_t depth; /* 56 - tricks played: the more, the dearer to recompute */
    uint8_t pad[2];
} search_entry;

static inline uint64_t search_hash(const uint64_t *key)
{
    uint64_t h = UINT64_C(0x9E3779B97F4A7C15);
    for (int i = 0; i < SEARCH_KEY_WORDS; ++i) {
        h ^= key[i];
        h *= UINT64_C(0xBF58476D1CE4E5B9);
        h ^= h >> 31;
    }
    return h;
}

/* The entry of `key` in the table, or the one to replace (stale, else the cheapest). */
static search_entry *search_slot(tc_solver *sv, const uint64_t *key, int *found)
{
    int64_t buckets = sv->table_bytes / (int64_t)(sizeof(search_entry) * TC_SEARCH_BUCKET);
    search_entry *bucket = (search_entry *)sv->table +
                           (int64_t)(search_hash(key) % (uint64_t)buckets) * TC_SEARCH_BUCKET;
    search_entry *victim = bucket;
    for (int i = 0; i < TC_SEARCH_BUCKET; ++i) {
        search_entry *e = bucket + i;
        if (e->generation != sv->generation) {
            if (victim->generation == sv->generation) victim = e;
            continue;
        }
        if (!memcmp(e->key, key, sizeof e->key)) {
            *found = 1;
            return e;
        }
        if (victim->generation == sv->generation && e->depth < victim->depth) victim = e;
    }
    *found = 0;
    return victim;
}

/* The cards a key keeps as they are: the suits of `deck` whose cards differ in role, and the
 * jokers; the other suits may be keyed by rank among the live cards (tc_search_pack). */
static inline tc_mask search_fixed_cards(const uint8_t *role, tc_mask deck)
{
    tc_mask fixed = TC_JOKER_MASK;
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) {
        tc_mask cards = deck & tc_suit_mask(suit);
        for (tc_mask rest = cards; rest; rest &= rest - 1)
            if (role[tc_lowest(rest)] != role[tc_lowest(cards)] ||
                role[tc_lowest(rest)] == TC_SEARCH_ALONE)
                fixed |= tc_suit_mask(suit);
    }
    return fixed;
}

/* The legal cards left after equivalence: of cards of one suit and role held by the mover with
 * no live card of anybody else between them, only the highest is searched. */
static inline tc_mask search_classes(const SEARCH_CTX *c, const SEARCH_STATE *s, tc_mask legal)
{
    int seat = s->head.to_act;
    tc_mask hand = game_hand(c, s, seat), others = game_others(c, s, seat), kept = legal;
    for (tc_mask rest = legal; rest; rest &= rest - 1) {
        int card = tc_lowest(rest);
        if (c->role[card] == TC_SEARCH_ALONE || (others >> card & 1)) continue;
        tc_mask above = hand & tc_suit_mask(tc_suit(card)) & ~((tc_bit(card) << 1) - 1);
        if (!above) continue;
        int next = tc_lowest(above);
        tc_mask between = (tc_bit(next) << 1) - tc_bit(card); /* card..next inclusive */
        if (c->role[next] == c->role[card] && !(others & between) && (legal >> next & 1))
            kept &= ~tc_bit(card);
    }
    return kept;
}

/* The representative searched for `card` under search_classes: the top of its class. */
static inline int search_representative(const SEARCH_CTX *c, const SEARCH_STATE *s, tc_mask kept,
                                        int card)
{
    while (!(kept >> card & 1)) {
        tc_mask hand = game_hand(c, s, s->head.to_act);
        card = tc_lowest(hand & tc_suit_mask(tc_suit(card)) & ~((tc_bit(card) << 1) - 1));
    }
    return card;
}

/* The cards of `moves` in search order: the table's card first, then by cut-off history. */
static inline int search_order(const SEARCH_CTX *c, int seat, tc_mask moves, int first,
                               uint8_t *cards)
{
    const uint16_t *history = c->solver->history[seat];
    int n = 0;
    if (first != TC_NO_CARD && (moves >> first & 1)) {
        cards[n++] = (uint8_t)first;
        moves &= ~tc_bit(first);
    }
    int start = n;
    for (; moves; moves &= moves - 1) {
        int card = tc_lowest(moves), i = n++;
        while (i > start && history[cards[i - 1]] < history[card]) {
            cards[i] = cards[i - 1];
            --i;
        }
        cards[i] = (uint8_t)card;
    }
    return n;
}

/* Fail-soft alpha-beta: the value if it lies in (alpha, beta), else a bound beyond the window. */
static int32_t search_node(SEARCH_CTX *c, const SEARCH_STATE *s, int32_t alpha, int32_t beta)
{
    tc_solver *sv = c->solver;
    sv->stats.nodes++;
    if (s->head.phase != TC_PHASE_PLAY) return game_final(c, s);
    int32_t lower = -TC_SEARCH_INF, upper = TC_SEARCH_INF;
    if ((sv->switches & TC_SOLVE_BOUNDS) && game_bounds(c, s, &lower, &upper)) {
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
    }
    uint64_t key[SEARCH_KEY_WORDS];
    int32_t base = 0;
    int first = TC_NO_CARD, found = 0,
        table = s->head.trick_len == 0 && (sv->switches & TC_SOLVE_TABLE);
    if (table) {
        game_key(c, s, key);
        base = game_base(c, s);
        const search_entry *entry = search_slot(sv, key, &found);
        if (found) {
            sv->stats.tt_hits++;
            if (entry->lower + base > lower) lower = entry->lower + base;
            if (entry->upper + base < upper) upper = entry->upper + base;
            if (lower >= beta || lower == upper) return lower;
            if (upper <= alpha) return upper;
            first = entry->best;
        }
    }
    int seat = s->head.to_act, ours = c->side >> seat & 1;
    tc_mask moves = game_moves(c, s);
    if (sv->switches & TC_SOLVE_EQUIVALENCE) moves = search_classes(c, s, moves);
    uint8_t cards[TC_NUM_CARD_IDS];
    int n = search_order(c, seat, moves, first, cards), best_card = n ? cards[0] : TC_NO_CARD;
    int32_t best = ours ? -TC_SEARCH_INF : TC_SEARCH_INF;
    for (int i = 0; i < n; ++i) {
        SEARCH_STATE child = *s;
        game_play(c, &child, cards[i]);
        int32_t v = search_node(c, &child, alpha, beta);
        if (ours ? v > best : v < best) {
            best = v;
            best_card = cards[i];
        }
        if (ours ? best >= beta : best <= alpha) {
            uint16_t *h = &sv->history[seat][cards[i]];
            *h = (uint16_t)(*h < 60000 ? *h + 1 + s->head.players : *h);
            break;
        }
    }
    if (table) { /* probed again: the searches below may have reused the slot */
        search_entry *entry = search_slot(sv, key, &found);
        if (!found) {
            memcpy(entry->key, key, sizeof key);
            entry->generation = sv->generation;
            entry->lower = -TC_SEARCH_INF;
            entry->upper = TC_SEARCH_INF;
        }
        /* a fail-high is a lower bound, a fail-low an upper bound; inside the window exact */
        if (best > alpha && best - base > entry->lower) entry->lower = best - base;
        if (best < beta && best - base < entry->upper) entry->upper = best - base;
        entry->best = (uint8_t)best_card;
        entry->depth = (uint8_t)(TC_NUM_CARD_IDS - s->head.tricks_played);
        sv->stats.tt_stores++;
    }
    return best;
}

/* The exact value of a position by zero-window searches (MTD(f)) from `guess`. */
static int32_t search_exact(SEARCH_CTX *c, const SEARCH_STATE *s, int32_t guess)
{
    int32_t lower = -TC_SEARCH_INF, upper = TC_SEARCH_INF;
    if (s->head.phase != TC_PHASE_PLAY) return game_final(c, s);
    if (c->solver->switches & TC_SOLVE_BOUNDS) game_bounds(c, s, &lower, &upper);
    int32_t g = guess < lower ? lower : guess > upper ? upper : guess;
    while (lower < upper) {
        int32_t beta = g == lower ? g + 1 : g;
        g = search_node(c, s, beta - 1, beta);
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return lower;
}

/* The exact value of every legal card of the seat to act into values[card] (legal cards only),
 * their mask into *legal; returns the position's value for the seat to act. */
static int32_t search_root(SEARCH_CTX *c, const SEARCH_STATE *s, int32_t *values, tc_mask *legal)
{
    tc_mask moves = game_moves(c, s), kept = moves;
    if (c->solver->switches & TC_SOLVE_EQUIVALENCE) kept = search_classes(c, s, moves);
    int ours = c->side >> s->head.to_act & 1;
    int32_t best = ours ? -TC_SEARCH_INF : TC_SEARCH_INF, guess = 0;
    for (tc_mask rest = kept; rest; rest &= rest - 1) {
        int card = tc_lowest(rest);
        SEARCH_STATE child = *s;
        game_play(c, &child, card);
        guess = values[card] = search_exact(c, &child, guess);
        if (ours ? guess > best : guess < best) best = guess;
    }
    for (tc_mask rest = moves & ~kept; rest; rest &= rest - 1) {
        int card = tc_lowest(rest);
        values[card] = values[search_representative(c, s, kept, card)];
    }
    *legal = moves;
    return best;
}

#endif
