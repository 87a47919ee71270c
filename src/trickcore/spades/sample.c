#include "trickcore/spades/sample.h"

#include "trickcore/core/status.h"

/* The trump counts of a dealt hand with which the referee accepts the bid `code` of the seat
 * to bid in `now`: bit t for t trumps. */
static uint32_t counts_bidding(const tc_spades_rules *r, const tc_spades_state *now, int code)
{
    uint32_t counts = 0;
    int seat = now->head.to_act;
    tc_mask trumps = r->trumps, others = r->deck & ~r->trumps;
    for (int t = 0; t <= TC_SPADES_TRICKS; ++t) {
        tc_spades_state probe = *now;
        tc_mask hand = 0, m = trumps, o = others;
        for (int i = 0; i < t && m; ++i, m &= m - 1) hand |= m & (0 - m);
        for (int i = t; i < TC_SPADES_TRICKS && o; ++i, o &= o - 1) hand |= o & (0 - o);
        if (tc_popcount(hand) != TC_SPADES_TRICKS) continue; /* no such hand in this deck */
        int refusal;
        probe.hands[seat] = hand;
        if (code == TC_SPADES_BLIND_NIL) /* only an unseen hand bids it */
            probe.seen &= (uint8_t)~(1u << seat);
        else
            probe.seen |= (uint8_t)(1u << seat);
        if (tc_spades_bid(r, &probe, code, &refusal) == TC_OK) counts |= UINT32_C(1) << t;
    }
    return counts;
}

/* The cards `seat` cannot have held with `card` for the referee to accept the play now: probed
 * with two-card hands, exact since every rule keeps a card unless the hand meets a mask. */
static tc_mask refused_with(const tc_spades_rules *r, const tc_spades_state *now, int seat,
                            int card, tc_mask candidates)
{
    tc_mask refused = 0;
    for (tc_mask m = candidates; m; m &= m - 1) {
        tc_spades_state probe = *now;
        int refusal;
        for (int p = 0; p < TC_SPADES_PLAYERS; ++p) probe.hands[p] = 0;
        probe.hands[seat] = tc_bit(card) | (m & (0 - m));
        if (tc_spades_play(r, &probe, card, &refusal) != TC_OK) refused |= m & (0 - m);
    }
    return refused;
}

int tc_spades_sample_plan(const tc_spades_rules *r, const tc_spades_view *v, tc_sample_deal *s)
{
    int obs = v->seat;
    if (obs < 0 || obs >= TC_SPADES_PLAYERS || v->bids_made < 0 ||
        v->bids_made > TC_SPADES_PLAYERS || v->plays < 0 ||
        (v->plays && v->bids_made < TC_SPADES_PLAYERS))
        return TC_ERR_ARGUMENT;
    tc_spades_state pub;
    tc_mask hands[TC_SPADES_PLAYERS], rest = r->deck;
    for (int p = 0; p < TC_SPADES_PLAYERS; ++p) { /* any deal: the replay below is public */
        hands[p] = 0;
        for (int i = 0; i < TC_SPADES_TRICKS; ++i, rest &= rest - 1) hands[p] |= rest & (0 - rest);
    }
    if (tc_spades_start(r, &pub, hands, v->dealer, v->scores, v->bags) != TC_OK)
        return TC_ERR_ARGUMENT;
    uint32_t counts[TC_SPADES_PLAYERS];
    for (int p = 0; p < TC_SPADES_PLAYERS; ++p) {
        counts[p] = (UINT32_C(1) << (TC_SPADES_TRICKS + 1)) - 1;
        pub.hands[p] = 0;
    }
    for (int i = 0; i < v->bids_made; ++i) {
        int seat = pub.head.to_act;
        counts[seat] &= counts_bidding(r, &pub, v->bids[seat]);
        tc_spades_bid_unchecked(&pub, v->bids[seat]);
    }
    tc_mask refused[TC_SPADES_PLAYERS] = {0}, played[TC_SPADES_PLAYERS] = {0}, all = 0;
    tc_mask own = v->seen ? v->hand : 0;
    for (int i = 0; i < v->plays; ++i) all |= tc_bit(v->play_card[i]);
    for (int i = 0; i < v->plays; ++i) {
        int seat = v->play_seat[i], card = v->play_card[i];
        if (seat != pub.head.to_act || pub.head.phase != TC_PHASE_PLAY) return TC_ERR_ARGUMENT;
        if (seat != obs) refused[seat] |= refused_with(r, &pub, seat, card, r->deck & ~own & ~all);
        played[seat] |= tc_bit(card);
        pub.hands[seat] |= tc_bit(card);
        tc_spades_play_unchecked(r, &pub, card);
    }
    int8_t need[TC_SAMPLE_MAX_SLOTS];
    tc_mask allowed[TC_SAMPLE_MAX_SLOTS];
    s->players = TC_SPADES_PLAYERS;
    s->core.slots = 0;
    for (int p = 0; p < TC_SEATS_MAX; ++p) s->known[p] = 0;
    s->known[obs] = own;
    for (int p = 0; p < TC_SPADES_PLAYERS; ++p) {
        int left = TC_SPADES_TRICKS - tc_popcount(played[p]), rc = TC_OK;
        if (p == obs && v->seen) continue;
        if (counts[p] == (UINT32_C(1) << (TC_SPADES_TRICKS + 1)) - 1) {
            rc = tc_sample_deal_slot(s, need, allowed, p, left, ~refused[p]);
        } else if (tc_popcount(counts[p]) == 1) { /* the bid told its trumps */
            int trumps = tc_lowest(counts[p]) - tc_popcount(played[p] & r->trumps);
            rc = tc_sample_deal_slot(s, need, allowed, p, trumps, ~refused[p] & r->trumps);
            if (rc == TC_OK)
                rc = tc_sample_deal_slot(s, need, allowed, p, left - trumps,
                                         ~refused[p] & ~r->trumps);
        } else {
            rc = TC_ERR_ARGUMENT;
        }
        if (rc != TC_OK) return rc;
    }
    return tc_sampler_plan(&s->core, s->core.slots, need, allowed, r->deck & ~own & ~all);
}
