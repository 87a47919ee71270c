#include "trickcore/trick.h"

#include "trickcore/status.h"

static int check_rules(const tc_trick_rules *rules)
{
    if (rules->trump < TC_NO_TRUMP || rules->trump >= TC_NUM_SUITS) return TC_ERR_ARGUMENT;
    if (rules->duplicates != TC_DUP_FIRST && rules->duplicates != TC_DUP_LAST) return TC_ERR_ARGUMENT;
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

int tc_trick_winners_batch(const uint8_t *cards, int64_t count, int n, const int8_t *trumps,
                           const tc_trick_rules *rules, int8_t *winners, int64_t *bad_trick)
{
    *bad_trick = -1;
    int rc = check_rules(rules);
    if (rc != TC_OK) return rc;
    if (n <= 0) return TC_ERR_EMPTY;
    if (n > TC_MAX_TRICK) return TC_ERR_TOO_LONG;
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
