#include "trickcore/core/trick.h"

#include "trickcore/core/status.h"

static int check_rules(const tc_trick_rules *rules)
{
    if (rules->trump < TC_NO_TRUMP || rules->trump >= TC_NUM_SUITS) return TC_ERR_ARGUMENT;
    if (rules->duplicates != TC_DUP_FIRST && rules->duplicates != TC_DUP_LAST)
        return TC_ERR_ARGUMENT;
    if (rules->jokers < TC_JOKER_NONE || rules->jokers > TC_JOKER_NEUTRAL) return TC_ERR_ARGUMENT;
    if (rules->jokers == TC_JOKER_TOP_TRUMP && rules->trump == TC_NO_TRUMP) return TC_ERR_ARGUMENT;
    if (rules->packs != 1 && rules->packs != 2) return TC_ERR_ARGUMENT;
    return TC_OK;
}

static int check_cards(const uint8_t *cards, int n, const tc_trick_rules *rules, int *bad)
{
    if (n <= 0) return TC_ERR_EMPTY;
    if (n > TC_MAX_TRICK) return TC_ERR_TOO_LONG;
    tc_multiset seen = {0, 0};
    for (int i = 0; i < n; ++i) {
        int c = cards[i];
        *bad = i;
        if (c >= TC_NUM_CARD_IDS || (tc_is_joker(c) && rules->jokers == TC_JOKER_NONE))
            return TC_ERR_CARD_RANGE;
        if (tc_multiset_add(&seen, c) != 0 || (rules->packs == 1 && (seen.twice & tc_bit(c))))
            return TC_ERR_DUPLICATE;
    }
    return TC_OK;
}

int tc_trick_winner(const uint8_t *cards, int n, const tc_trick_rules *rules, int *winner, int *bad)
{
    *bad = -1;
    int rc = check_rules(rules);
    if (rc == TC_OK) rc = check_cards(cards, n, rules, bad);
    if (rc != TC_OK) return rc;
    *winner = tc_trick_winner_unchecked(cards, n, rules);
    return TC_OK;
}

/* Branch-free validity test of one trick, for the batch loop; the slow check finds the culprit. */
static inline int trick_is_valid(const uint8_t *cards, int n, const tc_trick_rules *rules)
{
    int limit = rules->jokers == TC_JOKER_NONE ? TC_NUM_CARDS : TC_NUM_CARD_IDS;
    tc_mask once = 0, twice = 0, bad = 0;
    for (int i = 0; i < n; ++i) {
        tc_mask b = tc_bit(cards[i] & 63);
        bad |= (tc_mask)(cards[i] >= limit) | (twice & b);
        twice |= once & b;
        once |= b;
    }
    if (rules->packs == 1) bad |= twice;
    return bad == 0;
}

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#define SUIT_(s) (TC_SUIT_MASK_BITS << (13 * (s)))
#define THIRTEEN_(x) x, x, x, x, x, x, x, x, x, x, x, x, x
/* The cards of each card's suit, for every 6-bit value (none above 51). */
static const tc_mask suit_cards[64] = {THIRTEEN_(SUIT_(0)), THIRTEEN_(SUIT_(1)),
                                       THIRTEEN_(SUIT_(2)), THIRTEEN_(SUIT_(3))};
/* The trump suit's cards by trump + 1 (0: no trump), for every 3-bit value (none above 4). */
static const tc_mask trump_cards[8] = {0, SUIT_(0), SUIT_(1), SUIT_(2), SUIT_(3)};

/* Each byte's card bit, or bit 63 for a byte that is no card of one pack without jokers. */
#define OUT_ (UINT64_C(1) << 63)
#define BIT2_(c) UINT64_C(1) << (c), UINT64_C(1) << ((c) + 1)
#define BIT4_(c) BIT2_(c), BIT2_((c) + 2)
#define BIT16_(c) BIT4_(c), BIT4_((c) + 4), BIT4_((c) + 8), BIT4_((c) + 12)
#define OUT4_ OUT_, OUT_, OUT_, OUT_
#define OUT16_ OUT4_, OUT4_, OUT4_, OUT4_
#define OUT64_ OUT16_, OUT16_, OUT16_, OUT16_
static const tc_mask card_bit[256] = {BIT16_(0), BIT16_(16), BIT16_(32), BIT4_(48), OUT4_,
                                      OUT4_,     OUT4_,      OUT64_,     OUT64_,    OUT64_};

/* One pack without jokers, n and per_trick constants: the card bits validate a trick (a byte
 * above 51 sets bit 63; a repeat makes sum != union) and give its winning card. Returns the first
 * invalid trick or -1 (docs/kernels.md, "Batch checks"). */
static ALWAYS_INLINE int64_t one_pack_winners(const uint8_t *cards, int64_t count, int n,
                                              int per_trick, const int8_t *trumps, int trump,
                                              int8_t *winners)
{
    tc_mask trump_mask = trump_cards[trump + 1];
    for (int64_t t = 0; t < count; ++t) {
        const uint8_t *trick = cards + t * n;
        tc_mask m = 0, sum = 0;
        for (int i = 0; i < n; ++i) {
            tc_mask b = card_bit[trick[i]];
            m |= b;
            sum += b;
        }
        unsigned bad_trump = 0;
        if (per_trick) {
            unsigned code = (unsigned)(trumps[t] + 1);
            bad_trump = code > TC_NUM_SUITS;
            trump_mask = trump_cards[code & 7];
        }
        if ((sum != m) | (m >> TC_NUM_CARDS != 0) | bad_trump) return t;
        int winning = tc_trick_winning_card(m, suit_cards[trick[0] & 63], trump_mask);
        int position = 0;
        for (int i = 1; i < n; ++i) position = trick[i] == winning ? i : position;
        winners[t] = (int8_t)position;
    }
    return -1;
}

/* one_pack_winners for a trump per trick or not, and the common trick sizes, as constants. */
static ALWAYS_INLINE int64_t one_pack_sized(const uint8_t *cards, int64_t count, int n,
                                            int per_trick, const int8_t *trumps, int trump,
                                            int8_t *winners)
{
    switch (n) {
    case 3: return one_pack_winners(cards, count, 3, per_trick, trumps, trump, winners);
    case 4: return one_pack_winners(cards, count, 4, per_trick, trumps, trump, winners);
    case 5: return one_pack_winners(cards, count, 5, per_trick, trumps, trump, winners);
    case 6: return one_pack_winners(cards, count, 6, per_trick, trumps, trump, winners);
    default: return one_pack_winners(cards, count, n, per_trick, trumps, trump, winners);
    }
}

static int64_t one_pack_batch(const uint8_t *cards, int64_t count, int n, const int8_t *trumps,
                              int trump, int8_t *winners)
{
    if (trumps) return one_pack_sized(cards, count, n, 1, trumps, trump, winners);
    return one_pack_sized(cards, count, n, 0, 0, trump, winners);
}

int tc_trick_winners_batch(const uint8_t *cards, int64_t count, int n, const int8_t *trumps,
                           const tc_trick_rules *rules, int8_t *winners, int64_t *bad_trick)
{
    *bad_trick = -1;
    int rc = check_rules(rules);
    if (rc != TC_OK) return rc;
    if (n <= 0) return TC_ERR_EMPTY;
    if (n > TC_MAX_TRICK) return TC_ERR_TOO_LONG;
    if (rules->packs == 1 && rules->jokers == TC_JOKER_NONE) {
        int64_t t = one_pack_batch(cards, count, n, trumps, rules->trump, winners);
        if (t < 0) return TC_OK;
        tc_trick_rules r = *rules;
        int bad;
        *bad_trick = t;
        if (trumps) r.trump = trumps[t];
        rc = check_rules(&r);
        return rc != TC_OK ? rc : check_cards(cards + t * n, n, &r, &bad);
    }
    /* One table per trump value (-1..3), built when a trick first needs it. */
    tc_trick_table tables[TC_NUM_SUITS + 1];
    int built[TC_NUM_SUITS + 1] = {0};
    tc_trick_rules r = *rules;
    for (int64_t t = 0; t < count; ++t) {
        const uint8_t *trick = cards + t * n;
        if (trumps) {
            r.trump = trumps[t];
            rc = check_rules(&r);
        }
        if (rc != TC_OK || !trick_is_valid(trick, n, &r)) {
            int bad;
            *bad_trick = t;
            return rc != TC_OK ? rc : check_cards(trick, n, &r, &bad);
        }
        tc_trick_table *table = &tables[r.trump + 1];
        if (!built[r.trump + 1]) {
            tc_trick_table_init(table, &r);
            built[r.trump + 1] = 1;
        }
        winners[t] = (int8_t)tc_trick_winner_table(table, trick, n);
    }
    return TC_OK;
}
