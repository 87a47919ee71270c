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

int tc_trick_winners_batch(const uint8_t *cards, int64_t count, int n, const int8_t *trumps,
                           const tc_trick_rules *rules, int8_t *winners, int64_t *bad_trick)
{
    *bad_trick = -1;
    int rc = check_rules(rules);
    if (rc != TC_OK) return rc;
    tc_trick_rules r = *rules;
    for (int64_t t = 0; t < count; ++t) {
        const uint8_t *trick = cards + t * n;
        int bad;
        if (trumps) {
            r.trump = trumps[t];
            rc = check_rules(&r);
        }
        if (rc == TC_OK) rc = check_cards(trick, n, &r, &bad);
        if (rc != TC_OK) {
            *bad_trick = t;
            return rc;
        }
        winners[t] = (int8_t)tc_trick_winner_unchecked(trick, n, &r);
    }
    return TC_OK;
}
