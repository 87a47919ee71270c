#include "trickcore/deal.h"

#include <string.h>

#include "trickcore/status.h"

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
    int stock_size = deck_size - players * hand_size;
    uint8_t cards[TC_MAX_DECK];
    memcpy(cards, deck, (size_t)deck_size);
    for (int64_t d = 0; d < count; ++d) {
        tc_shuffle(rng, cards, deck_size);
        for (int p = 0; p < players; ++p) {
            const uint8_t *dealt = cards + p * hand_size;
            if (twice) {
                tc_multiset hand = {0, 0};
                for (int i = 0; i < hand_size; ++i) tc_multiset_add(&hand, dealt[i]);
                once[d * players + p] = hand.once;
                twice[d * players + p] = hand.twice;
            } else {
                tc_mask hand = 0;
                for (int i = 0; i < hand_size; ++i) hand |= tc_bit(dealt[i]);
                once[d * players + p] = hand;
            }
        }
        if (stock) memcpy(stock + d * stock_size, cards + players * hand_size, (size_t)stock_size);
    }
    return TC_OK;
}
