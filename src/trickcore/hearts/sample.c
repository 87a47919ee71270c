#include "trickcore/hearts/sample.h"

#include "trickcore/core/status.h"

/* The first leader the referee finds when `seat` holds `cards` and the next seat the rest. */
static int leader_when(const tc_hearts_rules *open, int dealer, int seat, tc_mask cards)
{
    tc_hearts_state s;
    tc_mask hands[TC_HEARTS_MAX_PLAYERS] = {0};
    hands[seat] = cards;
    hands[(seat + 1) % open->players] = open->deck & ~cards;
    tc_hearts_deal_unchecked(open, &s, hands, dealer, 0);
    return s.head.leader;
}

/* The cards `seat` cannot have held with `card` for the referee to accept the play now: probed
 * with two-card hands, exact since every rule keeps a card unless the hand meets a mask. */
static tc_mask refused_with(const tc_hearts_rules *r, const tc_hearts_state *now, int seat,
                            int card, tc_mask candidates)
{
    tc_mask refused = 0;
    for (tc_mask m = candidates; m; m &= m - 1) {
        tc_hearts_state probe = *now;
        int refusal;
        for (int p = 0; p < r->players; ++p) probe.hands[p] = 0;
        probe.hands[seat] = tc_bit(card) | (m & (0 - m));
        if (tc_hearts_play(r, &probe, card, &refusal) != TC_OK) refused |= m & (0 - m);
    }
    return refused;
}

int tc_hearts_sample_plan(const tc_hearts_rules *r, const tc_hearts_view *v, tc_sample_deal *s)
{
    int n = r->players, obs = v->seat;
    if (obs < 0 || obs >= n || v->plays < 0 || v->plays > tc_popcount(r->deck))
        return TC_ERR_ARGUMENT;
    tc_mask refused[TC_HEARTS_MAX_PLAYERS] = {0}, played[TC_HEARTS_MAX_PLAYERS] = {0}, all = 0;
    s->players = n;
    s->core.slots = 0;
    for (int p = 0; p < TC_SEATS_MAX; ++p) s->known[p] = 0;
    s->known[obs] = v->hand;
    if (!v->passing) {
        tc_hearts_rules open = *r; /* no passing: the deal starts its play at once */
        open.pass_count = 0;
        for (int i = 0; i < v->plays; ++i) all |= tc_bit(v->play_card[i]);
        if (v->pass_offset) s->known[(obs + v->pass_offset) % n] |= v->passed & ~all;
        tc_mask unseen = r->deck & ~v->hand & ~all & ~s->known[(obs + v->pass_offset) % n];
        int lead = v->leader;
        if (lead < 0 || lead >= n || leader_when(&open, v->dealer, lead, r->deck) != lead)
            return TC_ERR_ARGUMENT;
        /* A card that makes its holder the first leader was in the leader's hand. */
        for (tc_mask m = lead == obs ? 0 : unseen; m; m &= m - 1)
            if (leader_when(&open, v->dealer, lead, m & (0 - m)) == lead &&
                leader_when(&open, v->dealer, lead, 0) != lead)
                s->known[lead] |= m & (0 - m);
        unseen &= ~s->known[lead];
        tc_hearts_state pub;
        tc_mask hands[TC_HEARTS_MAX_PLAYERS] = {0};
        hands[lead] = r->deck;
        tc_hearts_deal_unchecked(&open, &pub, hands, v->dealer, 0);
        for (int i = 0; i < v->plays; ++i) {
            int seat = v->play_seat[i], card = v->play_card[i];
            if (seat != pub.head.to_act || pub.head.phase != TC_PHASE_PLAY) return TC_ERR_ARGUMENT;
            if (seat != obs) refused[seat] |= refused_with(r, &pub, seat, card, unseen);
            played[seat] |= tc_bit(card);
            pub.hands[seat] |= tc_bit(card);
            tc_hearts_play_unchecked(r, &pub, card);
        }
    }
    int8_t need[TC_SAMPLE_MAX_SLOTS];
    tc_mask allowed[TC_SAMPLE_MAX_SLOTS], unknown = r->deck & ~all;
    for (int p = 0; p < n; ++p) unknown &= ~s->known[p];
    for (int p = 0; p < n; ++p) {
        int left = r->hand_size - tc_popcount(played[p]) - tc_popcount(s->known[p]);
        if (p != obs && tc_sample_deal_slot(s, need, allowed, p, left, ~refused[p]) != TC_OK)
            return TC_ERR_ARGUMENT;
    }
    return tc_sampler_plan(&s->core, s->core.slots, need, allowed, unknown);
}
