#include "trickcore/core/deal.h"

#include <string.h>

#include "trickcore/core/status.h"

uint64_t tc_batch_accepted_bits(bitgen_t *rng, uint64_t x, const uint32_t *bounds, int count,
                                int width)
{
    uint64_t product = 1;
    for (int i = 0; i < count; ++i) product *= bounds[i];
    uint64_t threshold = tc_batch_threshold(product, width);
    for (;; x = rng->next_uint64(rng->state) << (64 - width)) {
        if (tc_batch_steps(x, bounds, count, 0) >= threshold) return x;
    }
}

uint64_t tc_batch_accepted(bitgen_t *rng, const tc_batch *b, uint64_t x)
{
    const uint32_t bounds[4] = {(uint32_t)b->bound[0], (uint32_t)b->bound[1], (uint32_t)b->bound[2],
                                (uint32_t)b->bound[3]};
    return tc_batch_accepted_bits(rng, x, bounds, 4, 32);
}

void tc_shuffle_batch_redo(bitgen_t *rng, uint8_t *cards, uint8_t *top, uint64_t x,
                           const tc_batch *b)
{
    uint64_t k[4];
    tc_batch_indices(x, b, k);
    for (int i = 3; i >= 0; --i) tc_shuffle_step(cards, top - i, k[i]);
    tc_batch_indices(tc_batch_accepted(rng, b, x), b, k);
    for (int i = 0; i < 4; ++i) tc_shuffle_step(cards, top - i, k[i]);
}

int tc_dealer_init(tc_dealer *dl, tc_mask deck, int players, int hand_size)
{
    if (deck >> TC_NUM_CARD_IDS) return TC_ERR_CARD_RANGE;
    if (players < 1 || players > TC_MAX_PLAYERS || hand_size < 0) return TC_ERR_ARGUMENT;
    int size = tc_popcount(deck);
    if (players * hand_size > size) return TC_ERR_ARGUMENT;
    dl->deck = deck;
    dl->players = players;
    dl->hand_size = hand_size;
    dl->picking_seats = players * hand_size == size ? players - 1 : players;
    tc_index_plan_init(&dl->plan, size, dl->picking_seats * hand_size);
    return TC_OK;
}

void tc_dealer_deal_4x13_portable(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands)
{
    tc_dealer_deal_full_isa(dl, rng, hands, 4, 13, TC_ISA_PORTABLE);
}

#ifdef TC_ISA_BMI2_CLONE
TC_ISA_BMI2_TARGET void tc_dealer_deal_4x13_bmi2(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands)
{
    tc_dealer_deal_full_isa(dl, rng, hands, 4, 13, TC_ISA_BMI2);
}
#endif

tc_mask tc_dealer_deal_portable(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands)
{
    return tc_dealer_deal_isa(dl, rng, hands, TC_ISA_PORTABLE);
}

#ifdef TC_ISA_BMI2_CLONE
TC_ISA_BMI2_TARGET static tc_mask deal_bmi2(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands)
{
    return tc_dealer_deal_isa(dl, rng, hands, TC_ISA_BMI2);
}
#endif

tc_mask tc_dealer_deal(const tc_dealer *dl, bitgen_t *rng, tc_mask *hands)
{
#ifdef TC_ISA_BMI2_CLONE
    if (tc_isa_best() == TC_ISA_BMI2) return deal_bmi2(dl, rng, hands);
#endif
    return tc_dealer_deal_portable(dl, rng, hands);
}

/* The stock's cards in a uniformly random order: each the k-th lowest of those left. */
static TC_ALWAYS_INLINE void order_stock(const tc_index_plan *plan, bitgen_t *rng, tc_mask rest,
                                         uint8_t *stock, int isa)
{
    uint32_t index[4 * TC_MAX_BATCHES];
    tc_index_plan_draw(plan, rng, index, 1);
    for (int i = 0; i < plan->picks; ++i) {
        tc_mask bit = tc_select_bit_isa(rest, (int)index[i], isa);
        stock[i] = (uint8_t)tc_lowest(bit);
        rest ^= bit;
    }
    stock[plan->picks] = (uint8_t)tc_lowest(rest);
}

/* One-pack deals straight into the output: two at a time without a stock (but a 4x13 deal, which
 * is unrolled), else one at a time, each followed by its stock's order. */
static TC_ALWAYS_INLINE void deal_one_pack(const tc_dealer *dl, bitgen_t *rng, int64_t count,
                                           tc_mask *hands, uint8_t *stock, int isa)
{
    int players = dl->players, stock_size = dl->plan.size - players * dl->hand_size;
    int64_t d = 0;
    if (stock_size == 0 && !tc_dealer_is_4x13(dl)) { /* a 4x13 deal is unrolled instead */
        tc_mask rest[2];
        for (; d + 2 <= count; d += 2)
            tc_dealer_deal2_isa(dl, rng, hands + d * players, hands + (d + 1) * players, rest, isa);
    }
    int ordered = stock && stock_size > 0;
    tc_index_plan stock_plan;
    tc_index_plan_init(&stock_plan, stock_size, ordered ? stock_size - 1 : 0);
    for (; d < count; ++d) {
        tc_mask rest = tc_dealer_deal_isa(dl, rng, hands + d * players, isa);
        if (ordered) order_stock(&stock_plan, rng, rest, stock + d * stock_size, isa);
    }
}

static void deal_one_pack_portable(const tc_dealer *dl, bitgen_t *rng, int64_t count,
                                   tc_mask *hands, uint8_t *stock)
{
    deal_one_pack(dl, rng, count, hands, stock, TC_ISA_PORTABLE);
}

#ifdef TC_ISA_BMI2_CLONE
TC_ISA_BMI2_TARGET static void deal_one_pack_bmi2(const tc_dealer *dl, bitgen_t *rng, int64_t count,
                                                  tc_mask *hands, uint8_t *stock)
{
    deal_one_pack(dl, rng, count, hands, stock, TC_ISA_BMI2);
}
#endif

/* Two packs: a shuffle of the card list (each deal's of the previous deal's order), then each
 * hand's multiset. */
static void deal_two_packs(bitgen_t *rng, const uint8_t *deck, int deck_size, int players,
                           int hand_size, int64_t count, tc_mask *once, tc_mask *twice,
                           uint8_t *stock)
{
    int stock_size = deck_size - players * hand_size;
    uint8_t cards[TC_MAX_DECK];
    memcpy(cards, deck, (size_t)deck_size);
    tc_index_plan plan; /* the first hand's cards need no order among themselves */
    tc_shuffle_plan(&plan, deck_size, hand_size);
    for (int64_t d = 0; d < count; ++d) {
        tc_shuffle_planned(&plan, rng, cards);
        for (int p = 0; p < players; ++p) {
            const uint8_t *dealt = cards + p * hand_size;
            tc_mask seen = 0, both = 0;
            for (int i = 0; i < hand_size; ++i) tc_multiset_add_bit(&seen, &both, tc_bit(dealt[i]));
            once[d * players + p] = seen;
            twice[d * players + p] = both;
        }
        if (stock) memcpy(stock + d * stock_size, cards + players * hand_size, (size_t)stock_size);
    }
}

int tc_deal_batch(bitgen_t *rng, const uint8_t *deck, int deck_size, int players, int hand_size,
                  int64_t count, tc_mask *once, tc_mask *twice, uint8_t *stock)
{
    if (deck_size < 1 || deck_size > TC_MAX_DECK) return TC_ERR_ARGUMENT;
    if (players < 1 || players > TC_MAX_PLAYERS || hand_size < 0) return TC_ERR_ARGUMENT;
    if (players * hand_size > deck_size) return TC_ERR_ARGUMENT;
    tc_multiset seen = {0, 0};
    for (int i = 0; i < deck_size; ++i) {
        if (deck[i] >= TC_NUM_CARD_IDS) return TC_ERR_CARD_RANGE;
        if (tc_multiset_add(&seen, deck[i]) != 0 || (!twice && (seen.twice & tc_bit(deck[i]))))
            return TC_ERR_DUPLICATE;
    }
    if (twice) {
        deal_two_packs(rng, deck, deck_size, players, hand_size, count, once, twice, stock);
        return TC_OK;
    }
    tc_dealer dl;
    int rc = tc_dealer_init(&dl, seen.once, players, hand_size);
    if (rc != TC_OK) return rc;
#ifdef TC_ISA_BMI2_CLONE
    if (tc_isa_best() == TC_ISA_BMI2) {
        deal_one_pack_bmi2(&dl, rng, count, once, stock);
        return TC_OK;
    }
#endif
    deal_one_pack_portable(&dl, rng, count, once, stock);
    return TC_OK;
}
