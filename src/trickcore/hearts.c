#include "trickcore/hearts.h"

#include <string.h>

#include "trickcore/deal.h"
#include "trickcore/status.h"

static int is_flag(int8_t v) { return v == 0 || v == 1; }

static int within(int32_t v) { return v >= -TC_HEARTS_MAX_VALUE && v <= TC_HEARTS_MAX_VALUE; }

int tc_hearts_check_rules(const tc_hearts_rules *r)
{
    int n = r->players;
    if (n < 3 || n > TC_HEARTS_MAX_PLAYERS) return TC_ERR_ARGUMENT;
    if (r->deck & ~TC_ALL_CARDS) return TC_ERR_ARGUMENT;
    if (r->hand_size < 1 || n * r->hand_size != tc_popcount(r->deck)) return TC_ERR_ARGUMENT;
    if (r->pass_count < 0 || r->pass_count >= r->hand_size) return TC_ERR_ARGUMENT;
    if (r->rotation_length < 1 || r->rotation_length > TC_HEARTS_MAX_ROTATION) return TC_ERR_ARGUMENT;
    for (int i = 0; i < r->rotation_length; ++i)
        if (r->rotation[i] < 0 || r->rotation[i] >= n) return TC_ERR_ARGUMENT;
    if (r->first_lead < TC_HEARTS_LEAD_LOWEST_CLUB || r->first_lead > TC_HEARTS_LEAD_LEFT_OF_DEALER)
        return TC_ERR_ARGUMENT;
    if (r->first_lead != TC_HEARTS_LEAD_LEFT_OF_DEALER && !(r->deck & TC_HEARTS_CLUBS))
        return TC_ERR_ARGUMENT;
    if (!is_flag(r->first_trick_protected) || !is_flag(r->hearts_must_be_broken) ||
        !is_flag(r->queen_breaks_hearts) || !is_flag(r->hearts_lead_with_only_queen) ||
        !is_flag(r->queen_pass_restricted) || !is_flag(r->void_if_one_takes_all))
        return TC_ERR_ARGUMENT;
    if (r->moon < TC_HEARTS_MOON_OFF || r->moon > TC_HEARTS_MOON_SUBTRACT_FROM_SHOOTER)
        return TC_ERR_ARGUMENT;
    if (r->moon != TC_HEARTS_MOON_OFF && (!r->moon_cards || (r->moon_cards & ~r->deck)))
        return TC_ERR_ARGUMENT;
    if (!within(r->moon_points) || !within(r->no_tricks_bonus)) return TC_ERR_ARGUMENT;
    for (int c = 0; c < TC_NUM_CARDS; ++c)
        if (!within(r->values[c])) return TC_ERR_ARGUMENT;
    return TC_OK;
}

/* Groups the cards by value (see tc_hearts_points). */
static void group_values(tc_hearts_rules *r)
{
    r->value_count = 0;
    for (int c = 0; c < TC_NUM_CARDS; ++c) {
        int v = r->values[c], i = 0;
        if (v == 0) continue;
        while (i < r->value_count && r->value_of[i] != v) ++i;
        if (i == r->value_count) {
            r->value_of[r->value_count++] = (int16_t)v;
            r->value_cards[i] = 0;
        }
        r->value_cards[i] |= tc_bit(c);
    }
}

int tc_hearts_prepare_rules(tc_hearts_rules *r)
{
    const tc_trick_rules no_trump = {TC_NO_TRUMP, TC_DUP_FIRST, TC_JOKER_NONE, 1};
    int rc = tc_hearts_check_rules(r);
    if (rc != TC_OK) return rc;
    tc_trick_table_init(&r->trick, &no_trump);
    group_values(r);
    return TC_OK;
}

static int first_leader(const tc_hearts_rules *r, const tc_hearts_state *s)
{
    if (r->first_lead == TC_HEARTS_LEAD_LEFT_OF_DEALER)
        return s->dealer + 1 == r->players ? 0 : s->dealer + 1;
    tc_mask lowest_club = tc_bit(tc_lowest(r->deck & TC_HEARTS_CLUBS));
    for (int p = 0; p < r->players; ++p)
        if (s->hands[p] & lowest_club) return p;
    return 0; /* unreachable for a dealt deck: the hands hold every card in play */
}

static void begin_play(const tc_hearts_rules *r, tc_hearts_state *s)
{
    s->phase = TC_HEARTS_PLAYING;
    s->leader = s->to_act = (int8_t)first_leader(r, s);
}

/* The first seat from the dealer's left that has still to pass. */
static int next_passer(const tc_hearts_rules *r, const tc_hearts_state *s)
{
    for (int k = 1; k <= r->players; ++k) {
        int seat = (s->dealer + k) % r->players;
        if (s->pending_passes & (1u << seat)) return seat;
    }
    return -1;
}

/* Deals valid hands: no checks. */
static void begin_deal(const tc_hearts_rules *r, tc_hearts_state *s, const tc_mask *hands,
                       int dealer, int64_t deal_number)
{
    memset(s, 0, sizeof *s);
    for (int p = 0; p < r->players; ++p) s->hands[p] = hands[p];
    s->dealer = (int8_t)dealer;
    s->pass_offset = r->pass_count ? r->rotation[deal_number % r->rotation_length] : 0;
    if (s->pass_offset) {
        s->phase = TC_HEARTS_PASSING;
        s->pending_passes = (uint8_t)((1u << r->players) - 1);
        s->to_act = (int8_t)next_passer(r, s);
    } else {
        begin_play(r, s);
    }
}

int tc_hearts_start(const tc_hearts_rules *r, tc_hearts_state *s, const tc_mask *hands, int dealer,
                    int64_t deal_number)
{
    int rc = tc_hearts_check_rules(r);
    if (rc != TC_OK) return rc;
    if (dealer < 0 || dealer >= r->players || deal_number < 0) return TC_ERR_ARGUMENT;
    tc_mask seen = 0;
    for (int p = 0; p < r->players; ++p) {
        if (hands[p] & ~r->deck) return TC_ERR_CARD_RANGE;
        if (hands[p] & seen) return TC_ERR_DUPLICATE;
        if (tc_popcount(hands[p]) != r->hand_size) return TC_ERR_ARGUMENT;
        seen |= hands[p];
    }
    begin_deal(r, s, hands, dealer, deal_number);
    return TC_OK;
}

int tc_hearts_play(const tc_hearts_rules *r, tc_hearts_state *s, int card, int *refusal)
{
    *refusal = TC_HEARTS_ACCEPTED;
    if (s->phase != TC_HEARTS_PLAYING) {
        *refusal = TC_HEARTS_NOT_PLAYING;
        return TC_ERR_STATE;
    }
    if (card < 0 || card >= TC_NUM_CARD_IDS) {
        *refusal = TC_HEARTS_NOT_HELD;
        return TC_ERR_CARD_RANGE;
    }
    tc_mask bit = tc_bit(card);
    if (!(s->hands[s->to_act] & bit)) {
        *refusal = TC_HEARTS_NOT_HELD;
        for (int p = 0; p < r->players; ++p)
            if (s->hands[p] & bit) *refusal = TC_HEARTS_NOT_YOUR_TURN;
        return TC_ERR_ILLEGAL;
    }
    int why = TC_HEARTS_ACCEPTED;
    if (!(tc_hearts_legal_explained(r, s, bit, &why) & bit)) {
        *refusal = why;
        return TC_ERR_ILLEGAL;
    }
    tc_hearts_play_unchecked(r, s, card);
    return TC_OK;
}

static int pass_refusal(const tc_hearts_rules *r, const tc_hearts_state *s, int seat, tc_mask cards)
{
    if (s->phase != TC_HEARTS_PASSING) return TC_HEARTS_NOT_PASSING;
    if (seat < 0 || seat >= r->players) return TC_HEARTS_BAD_SEAT;
    if (!(s->pending_passes & (1u << seat))) return TC_HEARTS_ALREADY_PASSED;
    if (tc_popcount(cards) != r->pass_count) return TC_HEARTS_PASS_COUNT;
    if (cards & ~s->hands[seat]) return TC_HEARTS_PASS_NOT_HELD;
    if (r->queen_pass_restricted && (cards & TC_HEARTS_QUEEN_BIT) &&
        !(cards & TC_HEARTS_QUEEN_PARTNERS))
        return TC_HEARTS_QUEEN_PASS;
    return TC_HEARTS_ACCEPTED;
}

/* Records a valid pass; the last one exchanges the cards and starts the play. */
static void pass_unchecked(const tc_hearts_rules *r, tc_hearts_state *s, int seat, tc_mask cards)
{
    s->passed[seat] = cards;
    s->pending_passes &= (uint8_t)~(1u << seat);
    if (s->pending_passes) {
        s->to_act = (int8_t)next_passer(r, s);
        return;
    }
    int n = r->players;
    for (int p = 0; p < n; ++p) s->hands[p] &= ~s->passed[p];
    for (int p = 0; p < n; ++p) s->hands[(p + s->pass_offset) % n] |= s->passed[p];
    begin_play(r, s);
}

int tc_hearts_pass(const tc_hearts_rules *r, tc_hearts_state *s, int seat, tc_mask cards,
                   int *refusal)
{
    *refusal = pass_refusal(r, s, seat, cards);
    if (*refusal == TC_HEARTS_NOT_PASSING) return TC_ERR_STATE;
    if (*refusal == TC_HEARTS_BAD_SEAT) return TC_ERR_ARGUMENT;
    if (*refusal != TC_HEARTS_ACCEPTED) return TC_ERR_ILLEGAL;
    pass_unchecked(r, s, seat, cards);
    return TC_OK;
}

tc_mask tc_hearts_moves(const tc_hearts_rules *r, const tc_hearts_state *s)
{
    if (s->phase == TC_HEARTS_PLAYING) return tc_hearts_legal(r, s);
    if (s->phase == TC_HEARTS_PASSING) return tc_hearts_passable(r, s->hands[s->to_act]);
    return 0;
}

void tc_hearts_score(const tc_hearts_rules *r, const tc_hearts_state *s, int32_t *points,
                     int *shooter, int *void_deal)
{
    int n = r->players;
    *shooter = -1;
    *void_deal = 0;
    for (int p = 0; p < n; ++p) {
        if (r->void_if_one_takes_all && s->tricks_won[p] == r->hand_size) *void_deal = 1;
        if (r->moon != TC_HEARTS_MOON_OFF && (s->taken[p] & r->moon_cards) == r->moon_cards)
            *shooter = p;
    }
    if (*void_deal) {
        *shooter = -1;
        for (int p = 0; p < n; ++p) points[p] = 0;
        return;
    }
    for (int p = 0; p < n; ++p)
        points[p] = tc_hearts_points(r, s->taken[p]) +
                    (s->tricks_won[p] == 0 ? r->no_tricks_bonus : 0);
    if (*shooter < 0) return;
    points[*shooter] -= tc_hearts_points(r, r->moon_cards);
    for (int p = 0; p < n; ++p) {
        if (r->moon == TC_HEARTS_MOON_SUBTRACT_FROM_SHOOTER && p == *shooter)
            points[p] -= r->moon_points;
        else if (r->moon == TC_HEARTS_MOON_ADD_TO_OTHERS && p != *shooter)
            points[p] += r->moon_points;
    }
}

/* ---- Greedy policy: every choice maximises a key; ties go to the lowest card id. ---- */

static int best_card(tc_mask m, const int32_t *key)
{
    int best = tc_lowest(m);
    for (m &= m - 1; m; m &= m - 1) {
        int c = tc_lowest(m);
        if (key[c] > key[best]) best = c;
    }
    return best;
}

/* Keys over the cards of a mask: `value_weight * value + rank_weight * rank`. */
static void fill_keys(const tc_hearts_rules *r, tc_mask m, int value_weight, int rank_weight,
                      int32_t *key)
{
    for (; m; m &= m - 1) {
        int c = tc_lowest(m);
        key[c] = value_weight * r->values[c] + rank_weight * tc_rank(c);
    }
}

/* Lead the lowest rank (then the lowest value); follow with the most valuable card that does not
 * win the trick (then the lowest); when every card wins, the last player wins with its highest
 * harmless card and the others play their lowest; when void, discard the most valuable card
 * (Q♠, then high hearts), keeping cards worth less than nothing. */
static int greedy_card(const tc_hearts_rules *r, const tc_hearts_state *s, tc_mask legal)
{
    int32_t key[TC_NUM_CARDS];
    if (s->trick_len == 0) {
        fill_keys(r, legal, -1, -4096, key);
        return best_card(legal, key);
    }
    tc_mask led = tc_suit_mask(s->led_suit);
    if (legal & led) {
        tc_mask trick = 0;
        for (int i = 0; i < s->trick_len; ++i) trick |= tc_bit(s->trick[i]);
        tc_mask below_winner = (tc_bit(tc_highest(trick & led)) - 1) & led;
        tc_mask safe = legal & below_winner;
        if (safe) {
            fill_keys(r, safe, 16, -1, key);
            return best_card(safe, key);
        }
        if (s->trick_len == r->players - 1) fill_keys(r, legal, -16, 1, key);
        else fill_keys(r, legal, -1, -4096, key);
        return best_card(legal, key);
    }
    tc_mask kept = 0;
    for (tc_mask m = legal; m; m &= m - 1)
        if (r->values[tc_lowest(m)] < 0) kept |= m & (0 - m);
    tc_mask dump = legal & ~kept ? legal & ~kept : legal;
    fill_keys(r, dump, 16, 1, key);
    return best_card(dump, key);
}

/* Pass the most dangerous cards: highest value, then highest rank; under the Q♠ restriction a
 * pass that would break it is made without Q♠. */
static tc_mask greedy_pass(const tc_hearts_rules *r, tc_mask hand)
{
    int32_t key[TC_NUM_CARDS];
    for (int attempt = 0; attempt < 2; ++attempt) {
        tc_mask pool = attempt ? hand & ~TC_HEARTS_QUEEN_BIT : hand, chosen = 0;
        fill_keys(r, pool, 16, 1, key);
        for (int i = 0; i < r->pass_count; ++i) {
            int c = best_card(pool, key);
            chosen |= tc_bit(c);
            pool &= ~tc_bit(c);
        }
        if (!r->queen_pass_restricted || !(chosen & TC_HEARTS_QUEEN_BIT) ||
            (chosen & TC_HEARTS_QUEEN_PARTNERS))
            return chosen;
    }
    return 0; /* unreachable: without Q♠ the pass is always allowed */
}

/* The cards `seat` passes under `policy`. */
static tc_mask policy_pass(const tc_hearts_rules *r, const tc_hearts_state *s, int seat,
                           int policy, tc_draw *d)
{
    tc_mask hand = s->hands[seat];
    if (policy == TC_HEARTS_GREEDY) return greedy_pass(r, hand);
    for (;;) { /* uniform over legal passes: redraw the rare one that breaks the Q♠ rule */
        tc_mask cards = tc_draw_subset(d, hand, r->pass_count);
        if (pass_refusal(r, s, seat, cards) == TC_HEARTS_ACCEPTED) return cards;
    }
}

/* Plays the deal to its end with `policy`. When `plays` is given, records each card played and
 * the legal cards it was chosen from, from index 0. */
static void finish(const tc_hearts_rules *r, tc_hearts_state *s, int policy, tc_draw *d,
                   uint8_t *plays, tc_mask *legal_out)
{
    while (s->phase == TC_HEARTS_PASSING) {
        int seat = s->to_act;
        pass_unchecked(r, s, seat, policy_pass(r, s, seat, policy, d));
    }
    for (int k = 0; s->phase == TC_HEARTS_PLAYING; ++k) {
        tc_mask legal = tc_hearts_legal(r, s);
        int card = policy == TC_HEARTS_GREEDY ? greedy_card(r, s, legal) : tc_draw_card(d, legal);
        if (plays) {
            plays[k] = (uint8_t)card;
            legal_out[k] = legal;
        }
        tc_hearts_play_unchecked(r, s, card);
    }
}

static int check_policy(int policy)
{
    return policy == TC_HEARTS_RANDOM || policy == TC_HEARTS_GREEDY ? TC_OK : TC_ERR_ARGUMENT;
}

int tc_hearts_playouts(const tc_hearts_rules *r, const tc_hearts_state *start, bitgen_t *rng,
                       int policy, int64_t count, int32_t *points)
{
    int rc = tc_hearts_check_rules(r);
    if (rc == TC_OK) rc = check_policy(policy);
    if (rc != TC_OK) return rc;
    tc_draw d;
    tc_draw_init(&d, rng);
    for (int64_t i = 0; i < count; ++i) {
        tc_hearts_state s = *start;
        int shooter, void_deal;
        finish(r, &s, policy, &d, 0, 0);
        tc_hearts_score(r, &s, points + i * r->players, &shooter, &void_deal);
    }
    return TC_OK;
}

/* Deals one deal of the block: a shuffle of the deck, then the pass direction. */
static void deal_one(const tc_hearts_rules *r, tc_hearts_state *s, bitgen_t *rng, tc_draw *d,
                     uint8_t *deck, tc_mask *hands, int *direction)
{
    int n = r->players, hand_size = r->hand_size;
    tc_shuffle(rng, deck, n * hand_size);
    for (int p = 0; p < n; ++p) {
        tc_mask hand = 0;
        for (int i = 0; i < hand_size; ++i) hand |= tc_bit(deck[p * hand_size + i]);
        hands[p] = hand;
    }
    int draw_direction = r->pass_count > 0 && r->rotation_length > 1;
    *direction = draw_direction ? tc_draw_below(d, (uint32_t)r->rotation_length) : 0;
    begin_deal(r, s, hands, 0, *direction);
}

int tc_hearts_simulate(const tc_hearts_rules *r, bitgen_t *rng, int policy, int64_t count,
                       const tc_hearts_block *out)
{
    int rc = tc_hearts_check_rules(r);
    if (rc == TC_OK) rc = check_policy(policy);
    if (rc != TC_OK) return rc;
    int n = r->players, deck_size = n * r->hand_size;
    uint8_t deck[TC_NUM_CARDS];
    int k = 0;
    for (tc_mask m = r->deck; m; m &= m - 1) deck[k++] = (uint8_t)tc_lowest(m);
    tc_draw d;
    tc_draw_init(&d, rng);
    for (int64_t j = 0; j < count; ++j) {
        tc_hearts_state s;
        tc_mask hands[TC_HEARTS_MAX_PLAYERS];
        int direction, shooter, void_deal;
        deal_one(r, &s, rng, &d, deck, hands, &direction);
        finish(r, &s, policy, &d, out->plays ? out->plays + j * deck_size : 0,
               out->legal ? out->legal + j * deck_size : 0);
        tc_hearts_score(r, &s, out->points + j * n, &shooter, &void_deal);
        for (int p = 0; p < n; ++p) out->tricks[j * n + p] = s.tricks_won[p];
        out->moon[j] = (uint8_t)(shooter >= 0);
        out->shooter[j] = (int8_t)shooter;
        out->void_deal[j] = (uint8_t)void_deal;
        out->direction[j] = (int8_t)direction;
        if (out->hands) memcpy(out->hands + j * n, hands, (size_t)n * sizeof(tc_mask));
        if (out->passes) memcpy(out->passes + j * n, s.passed, (size_t)n * sizeof(tc_mask));
    }
    return TC_OK;
}
