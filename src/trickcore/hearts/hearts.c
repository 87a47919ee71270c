#include "trickcore/hearts/hearts.h"

#include "trickcore/core/status.h"

static int is_flag(int8_t v)
{
    return v == 0 || v == 1;
}

static int within(int32_t v)
{
    return v >= -TC_HEARTS_MAX_VALUE && v <= TC_HEARTS_MAX_VALUE;
}

int tc_hearts_check_rules(const tc_hearts_rules *r)
{
    int n = r->players;
    if (n < 3 || n > TC_HEARTS_MAX_PLAYERS) return TC_ERR_ARGUMENT;
    if (r->deck & ~TC_ALL_CARDS) return TC_ERR_ARGUMENT;
    if (r->hand_size < 1 || n * r->hand_size != tc_popcount(r->deck)) return TC_ERR_ARGUMENT;
    if (r->pass_count < 0 || r->pass_count >= r->hand_size) return TC_ERR_ARGUMENT;
    if (r->rotation_length < 1 || r->rotation_length > TC_HEARTS_MAX_ROTATION)
        return TC_ERR_ARGUMENT;
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
    const tc_trick_rules no_trump = TC_HEARTS_TRICK_RULES;
    int rc = tc_hearts_check_rules(r);
    if (rc != TC_OK) return rc;
    tc_trick_table_init(&r->trick, &no_trump);
    group_values(r);
    return TC_OK;
}

static int first_leader(const tc_hearts_rules *r, const tc_hearts_state *s)
{
    if (r->first_lead == TC_HEARTS_LEAD_LEFT_OF_DEALER)
        return s->head.dealer + 1 == r->players ? 0 : s->head.dealer + 1;
    tc_mask lowest_club = tc_bit(tc_lowest(r->deck & TC_HEARTS_CLUBS));
    for (int p = 0; p < r->players; ++p)
        if (s->hands[p] & lowest_club) return p;
    return 0; /* unreachable for a dealt deck: the hands hold every card in play */
}

static void begin_play(const tc_hearts_rules *r, tc_hearts_state *s)
{
    s->head.phase = TC_PHASE_PLAY;
    s->head.leader = s->head.to_act = (int8_t)first_leader(r, s);
}

/* The first seat from the dealer's left that has still to pass. */
static int next_passer(const tc_hearts_rules *r, const tc_hearts_state *s)
{
    for (int k = 1; k <= r->players; ++k) {
        int seat = (s->head.dealer + k) % r->players;
        if (s->pending_passes & (1u << seat)) return seat;
    }
    return -1;
}

void tc_hearts_deal_unchecked(const tc_hearts_rules *r, tc_hearts_state *s, const tc_mask *hands,
                              int dealer, int64_t deal_number)
{
    *s = (tc_hearts_state){0};
    for (int p = 0; p < r->players; ++p) s->hands[p] = hands[p];
    s->head.dealer = (int8_t)dealer;
    s->head.players = (int8_t)r->players;
    s->pass_offset = r->pass_count ? r->rotation[deal_number % r->rotation_length] : 0;
    if (s->pass_offset) {
        s->head.phase = TC_PHASE_SETUP;
        s->pending_passes = (uint8_t)((1u << r->players) - 1);
        s->head.to_act = (int8_t)next_passer(r, s);
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
    tc_hearts_deal_unchecked(r, s, hands, dealer, deal_number);
    return TC_OK;
}

int tc_hearts_play(const tc_hearts_rules *r, tc_hearts_state *s, int card, int *refusal)
{
    *refusal = TC_ACCEPTED;
    if (s->head.phase != TC_PHASE_PLAY) {
        *refusal = TC_REFUSE_NOT_PLAYING;
        return TC_ERR_STATE;
    }
    if (card < 0 || card >= TC_NUM_CARD_IDS) {
        *refusal = TC_REFUSE_NOT_HELD;
        return TC_ERR_CARD_RANGE;
    }
    tc_mask bit = tc_bit(card);
    if (!(s->hands[s->head.to_act] & bit)) {
        *refusal = TC_REFUSE_NOT_HELD;
        for (int p = 0; p < r->players; ++p)
            if (s->hands[p] & bit) *refusal = TC_REFUSE_NOT_YOUR_TURN;
        return TC_ERR_ILLEGAL;
    }
    int why = TC_ACCEPTED;
    if (!(tc_hearts_legal_explained(r, s, bit, &why) & bit)) {
        *refusal = why;
        return TC_ERR_ILLEGAL;
    }
    tc_hearts_play_unchecked(r, s, card);
    return TC_OK;
}

static int pass_refusal(const tc_hearts_rules *r, const tc_hearts_state *s, int seat, tc_mask cards)
{
    if (s->head.phase != TC_PHASE_SETUP) return TC_REFUSE_NOT_PASSING;
    if (seat < 0 || seat >= r->players) return TC_REFUSE_BAD_SEAT;
    if (!(s->pending_passes & (1u << seat))) return TC_REFUSE_ALREADY_PASSED;
    if (tc_popcount(cards) != r->pass_count) return TC_REFUSE_PASS_COUNT;
    if (cards & ~s->hands[seat]) return TC_REFUSE_PASS_NOT_HELD;
    if (!tc_hearts_queen_pass_ok(r, cards)) return TC_REFUSE_QUEEN_PASS;
    return TC_ACCEPTED;
}

void tc_hearts_pass_unchecked(const tc_hearts_rules *r, tc_hearts_state *s, int seat, tc_mask cards)
{
    s->passed[seat] = cards;
    s->pending_passes &= (uint8_t)~(1u << seat);
    if (s->pending_passes) {
        s->head.to_act = (int8_t)next_passer(r, s);
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
    if (*refusal == TC_REFUSE_NOT_PASSING) return TC_ERR_STATE;
    if (*refusal == TC_REFUSE_BAD_SEAT) return TC_ERR_ARGUMENT;
    if (*refusal != TC_ACCEPTED) return TC_ERR_ILLEGAL;
    tc_hearts_pass_unchecked(r, s, seat, cards);
    return TC_OK;
}

tc_mask tc_hearts_moves(const tc_hearts_rules *r, const tc_hearts_state *s)
{
    if (s->head.phase == TC_PHASE_PLAY) return tc_hearts_legal(r, s);
    if (s->head.phase == TC_PHASE_SETUP) return tc_hearts_passable(r, s->hands[s->head.to_act]);
    return 0;
}
