#include "trickcore/dam.h"

#include <string.h>

#include "trickcore/deal.h"
#include "trickcore/status.h"

static int is_flag(int8_t v) { return v == 0 || v == 1; }

static int within(int32_t v) { return v >= -TC_DAM_MAX_VALUE && v <= TC_DAM_MAX_VALUE; }

static int check_rules(const tc_dam_rules *r)
{
    int n = r->players, jokers = r->trick.jokers;
    if (n < 2 || n > TC_DAM_MAX_PLAYERS) return TC_ERR_ARGUMENT;
    if (r->hand_size < 1 || r->hand_size > TC_DAM_MAX_HAND) return TC_ERR_ARGUMENT;
    if (!is_flag(r->turn_trump) || !is_flag(r->score_tricks) || !is_flag(r->collect))
        return TC_ERR_ARGUMENT;
    if (r->trick.duplicates != TC_DUP_FIRST && r->trick.duplicates != TC_DUP_LAST)
        return TC_ERR_ARGUMENT;
    if (jokers != TC_JOKER_NONE && jokers != TC_JOKER_OUTRIGHT && jokers != TC_JOKER_NEUTRAL)
        return TC_ERR_ARGUMENT;
    if (r->trick.packs != 1 && r->trick.packs != 2) return TC_ERR_ARGUMENT;
    tc_multiset deck = r->deck;
    if ((deck.twice & ~deck.once) || ((deck.once | deck.twice) >> TC_NUM_CARD_IDS))
        return TC_ERR_ARGUMENT;
    if (r->trick.packs == 1 && deck.twice) return TC_ERR_ARGUMENT;
    if (jokers == TC_JOKER_NONE && (deck.once & TC_JOKER_MASK)) return TC_ERR_ARGUMENT;
    int size = tc_multiset_size(deck), dealt = n * r->hand_size;
    if (size > TC_DAM_MAX_CARDS || dealt > size) return TC_ERR_ARGUMENT;
    if (r->turn_trump && dealt == size) return TC_ERR_ARGUMENT; /* no pile to turn a card from */
    if (!within(r->last_trick_bonus)) return TC_ERR_ARGUMENT;
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c)
        if (!within(r->values[c])) return TC_ERR_ARGUMENT;
    return TC_OK;
}

/* After a trick of all n players: the winner draws first, then the others in playing order, one
 * card each while the pile lasts (every hand is one short of hand_size then). A seat that draws an unseen card
 * may again hold a suit it showed it lacked; the face-up turned card clears only its own suit. */
static inline void refill(tc_dam_state *s, int winner, int n)
{
    int left = s->pile_end - s->pile_next;
    const uint8_t *top = s->pile + s->pile_next;
    if (left > n) { /* everyone draws an unseen card */
        for (int k = 0; k < n; ++k) {
            int seat = winner + k < n ? winner + k : winner + k - n;
            tc_dam_add_copy(&s->hands[seat], top[k]);
        }
        memset(s->voids, 0, sizeof s->voids);
        s->pile_next = (uint8_t)(s->pile_next + n);
        return;
    }
    for (int k = 0; k < left; ++k) { /* the last cards: later seats may go short */
        int seat = winner + k < n ? winner + k : winner + k - n, card = top[k];
        tc_dam_add_copy(&s->hands[seat], card);
        int face_up = k == left - 1 && s->turned != TC_NO_CARD;
        if (!face_up) s->voids[seat] = 0;
        else if (!tc_is_joker(card)) s->voids[seat] &= (uint8_t)~(1u << tc_suit(card));
    }
    s->pile_next = s->pile_end;
}

/* Once the pile is empty a hand may run out before the others: the next trick is played by the
 * seats still holding cards, led by the winner or, when its hand is empty, by the next seat
 * holding cards; the deal ends when no seat does. */
static void seat_holders(const tc_dam_rules *r, tc_dam_state *s, int winner)
{
    int n = r->players, holders = 0;
    for (int p = 0; p < n; ++p) holders |= (s->hands[p].once != 0) << p;
    if (holders == (1 << n) - 1) return; /* nothing changes while every hand holds cards */
    s->trick_size = (int8_t)tc_popcount((tc_mask)holders);
    if (!holders) {
        s->phase = TC_DAM_OVER;
        s->to_act = -1;
        return;
    }
    for (int p = 0; p < n; ++p) {
        int q = p;
        do q = q + 1 == n ? 0 : q + 1;
        while (!(holders >> q & 1));
        s->next_seat[p] = (uint8_t)q;
    }
    if (!(holders >> winner & 1)) s->leader = s->to_act = (int8_t)s->next_seat[winner];
}

/* Finishes a trick of n cards; inlined for the usual sizes, so its loops are unrolled. */
static inline void finish_trick(const tc_dam_rules *r, tc_dam_state *s, int n)
{
    int winner = s->trick_seats[tc_trick_winner_table(&r->tables[s->trump + 1], s->trick, n)];
    int32_t points = 0;
    for (int i = 0; i < n; ++i) points += r->values[s->trick[i]];
    s->points_taken[winner] += points;
    s->tricks_won[winner]++;
    s->tricks_played++;
    s->last_winner = (int8_t)winner;
    s->leader = s->to_act = (int8_t)winner;
    if (s->pile_end - s->pile_next <= n) /* else every seat draws an unseen card */
        for (int i = 0; i < n; ++i) s->voids[s->trick_seats[i]] |= r->shows_void[s->led + 1][s->trick[i]];
    s->trick_len = 0;
    s->led = -1;
    s->led_mask = 0;
    /* While the pile lasts every hand holds cards, so every seat played: n is the players. */
    if (s->pile_next < s->pile_end) refill(s, winner, n);
    else seat_holders(r, s, winner);
}

void tc_dam_finish_trick(const tc_dam_rules *r, tc_dam_state *s)
{
    switch (s->trick_len) {
    case 4: finish_trick(r, s, 4); break;
    case 3: finish_trick(r, s, 3); break;
    case 2: finish_trick(r, s, 2); break;
    default: finish_trick(r, s, s->trick_len);
    }
}

int tc_dam_prepare_rules(tc_dam_rules *r)
{
    int rc = check_rules(r);
    if (rc != TC_OK) return rc;
    for (int trump = TC_NO_TRUMP; trump < TC_NUM_SUITS; ++trump) {
        tc_trick_rules rules = r->trick;
        rules.trump = (int8_t)trump;
        tc_trick_table_init(&r->tables[trump + 1], &rules);
    }
    r->led_cards[0] = 0;
    for (int led = -1; led < TC_NUM_SUITS; ++led) {
        if (led >= 0) r->led_cards[led + 1] = tc_suit_mask(led);
        for (int c = 0; c < TC_NUM_CARD_IDS; ++c) {
            int suit = r->tables[0].suit[c]; /* TC_SUITLESS for a joker: it never sets the suit */
            r->led_after[led + 1][c] = (int8_t)(led >= 0 || suit == TC_SUITLESS ? led : suit);
            r->shows_void[led + 1][c] = (uint8_t)(led >= 0 && suit != TC_SUITLESS && suit != led
                                                      ? 1u << led : 0);
        }
    }
    int k = 0;
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c)
        for (int copy = 0; copy < tc_multiset_count(r->deck, c); ++copy) r->deck_cards[k++] = (uint8_t)c;
    r->deck_size = (int8_t)k;
    return TC_OK;
}

/* Starts the deal whose hands and pile (pile[pile_next..pile_end)) are in place: turns the top
 * card of the pile when the rules say so, and lets the player left of the dealer lead. */
static void begin_deal(const tc_dam_rules *r, tc_dam_state *s, int dealer)
{
    int n = r->players;
    for (int p = 0; p < TC_DAM_MAX_PLAYERS; ++p) {
        s->points_taken[p] = 0;
        s->tricks_won[p] = 0;
        s->voids[p] = 0;
        s->next_seat[p] = (uint8_t)(p + 1 < n ? p + 1 : 0);
    }
    s->phase = TC_DAM_PLAYING;
    s->dealer = (int8_t)dealer;
    s->tricks_played = 0;
    s->last_winner = -1;
    s->turned = TC_NO_CARD;
    s->trump = TC_NO_TRUMP;
    if (r->turn_trump) {
        uint8_t turned = s->pile[s->pile_next];
        memmove(s->pile + s->pile_next, s->pile + s->pile_next + 1,
                (size_t)(s->pile_end - s->pile_next - 1));
        s->pile[s->pile_end - 1] = turned;
        s->turned = turned;
        s->trump = (int8_t)(tc_is_joker(turned) ? TC_NO_TRUMP : tc_suit(turned));
    }
    s->trick_len = 0;
    s->trick_size = (int8_t)n;
    s->led = -1;
    s->led_mask = 0;
    s->leader = s->to_act = (int8_t)(dealer + 1 == n ? 0 : dealer + 1);
}

int tc_dam_start(const tc_dam_rules *r, tc_dam_state *s, const tc_multiset *hands,
                 const uint8_t *pile, int pile_size, int dealer)
{
    int n = r->players;
    if (dealer < 0 || dealer >= n) return TC_ERR_ARGUMENT;
    if (pile_size != r->deck_size - n * r->hand_size) return TC_ERR_ARGUMENT;
    int left[TC_NUM_CARD_IDS];
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c) left[c] = tc_multiset_count(r->deck, c);
    for (int p = 0; p < n; ++p) {
        tc_multiset h = hands[p];
        if ((h.twice & ~h.once) || ((h.once | h.twice) >> TC_NUM_CARD_IDS)) return TC_ERR_ARGUMENT;
        if (tc_multiset_size(h) != r->hand_size) return TC_ERR_ARGUMENT;
        for (int c = 0; c < TC_NUM_CARD_IDS; ++c) left[c] -= tc_multiset_count(h, c);
    }
    for (int i = 0; i < pile_size; ++i) {
        if (pile[i] >= TC_NUM_CARD_IDS) return TC_ERR_CARD_RANGE;
        left[pile[i]]--;
    }
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c) {
        if (left[c] < 0) return TC_ERR_DUPLICATE; /* more copies than the deck holds */
        if (left[c] > 0) return TC_ERR_ARGUMENT;  /* a card of the deck is missing */
    }
    memset(s, 0, sizeof *s);
    for (int p = 0; p < n; ++p) s->hands[p] = hands[p];
    memcpy(s->pile, pile, (size_t)pile_size);
    s->pile_next = 0;
    s->pile_end = (uint8_t)pile_size;
    begin_deal(r, s, dealer);
    return TC_OK;
}

int tc_dam_play(const tc_dam_rules *r, tc_dam_state *s, int card, int *refusal)
{
    *refusal = TC_DAM_ACCEPTED;
    if (s->phase != TC_DAM_PLAYING) {
        *refusal = TC_DAM_NOT_PLAYING;
        return TC_ERR_STATE;
    }
    if (card < 0 || card >= TC_NUM_CARD_IDS) {
        *refusal = TC_DAM_NOT_HELD;
        return TC_ERR_CARD_RANGE;
    }
    tc_mask bit = tc_bit(card);
    if (!(s->hands[s->to_act].once & bit)) {
        *refusal = TC_DAM_NOT_HELD;
        for (int p = 0; p < r->players; ++p)
            if (s->hands[p].once & bit) *refusal = TC_DAM_NOT_YOUR_TURN;
        return TC_ERR_ILLEGAL;
    }
    if (!(tc_dam_legal(s) & bit)) {
        *refusal = TC_DAM_MUST_FOLLOW;
        return TC_ERR_ILLEGAL;
    }
    tc_dam_play_unchecked(r, s, card);
    return TC_OK;
}

tc_mask tc_dam_moves(const tc_dam_state *s)
{
    return s->phase == TC_DAM_PLAYING ? tc_dam_legal(s) : 0;
}

void tc_dam_score(const tc_dam_rules *r, const tc_dam_state *s, int32_t *points)
{
    for (int p = 0; p < r->players; ++p) {
        if (r->score_tricks)
            points[p] = s->tricks_won[p] + (p == s->last_winner ? r->last_trick_bonus : 0);
        else
            points[p] = s->points_taken[p];
    }
}

/* ---- Greedy policy: every choice maximises a key; ties go to the lowest card id. ---- */

static int strength(int card) { return tc_is_joker(card) ? TC_NUM_RANKS + card - TC_FIRST_JOKER : tc_rank(card); }

/* The legal cards that would take the trick as it stands (every card, when leading). */
static tc_mask winning_cards(const tc_dam_rules *r, const tc_dam_state *s, tc_mask legal)
{
    if (s->trick_len == 0) return legal;
    uint8_t trick[TC_DAM_MAX_PLAYERS + 1];
    memcpy(trick, s->trick, (size_t)s->trick_len);
    tc_mask wins = 0;
    for (tc_mask m = legal; m; m &= m - 1) {
        trick[s->trick_len] = (uint8_t)tc_lowest(m);
        if (tc_trick_winner_table(&r->tables[s->trump + 1], trick, s->trick_len + 1) == s->trick_len)
            wins |= m & (0 - m);
    }
    return wins;
}

/* The card of `m` with the highest key `value_weight * value + strength_weight * strength`. */
static int best_card(const tc_dam_rules *r, tc_mask m, int value_weight, int strength_weight)
{
    int best = -1;
    int32_t best_key = 0;
    for (; m; m &= m - 1) {
        int c = tc_lowest(m);
        int32_t key = value_weight * r->values[c] + strength_weight * strength(c);
        if (best < 0 || key > best_key) {
            best = c;
            best_key = key;
        }
    }
    return best;
}

/* Avoid (points are bad): lead the weakest card (then the least valuable); follow with the most
 * valuable card that does not take the trick (then the strongest); when every card takes it,
 * play the least valuable (then the weakest).
 * Collect (points are good): lead the strongest card (then the most valuable); take the trick
 * with the weakest card that does (then the most valuable); when none does, play the least
 * valuable (then the weakest). */
static int greedy_card(const tc_dam_rules *r, const tc_dam_state *s, tc_mask legal)
{
    enum { BY_VALUE = 32, BY_STRENGTH = 4096 };
    if (s->trick_len == 0)
        return r->collect ? best_card(r, legal, 1, BY_STRENGTH) : best_card(r, legal, -1, -BY_STRENGTH);
    tc_mask wins = winning_cards(r, s, legal);
    if (r->collect && wins) return best_card(r, wins, 1, -BY_STRENGTH);
    if (!r->collect && (legal & ~wins)) return best_card(r, legal & ~wins, BY_VALUE, 1);
    return best_card(r, legal, -BY_VALUE, -1);
}

int tc_dam_policy_card(const tc_dam_rules *r, const tc_dam_state *s, int policy, tc_draw *d)
{
    tc_mask legal = tc_dam_legal(s);
    return policy == TC_DAM_GREEDY ? greedy_card(r, s, legal) : tc_draw_card(d, legal);
}

static int check_policy(int policy)
{
    return policy == TC_DAM_RANDOM || policy == TC_DAM_GREEDY ? TC_OK : TC_ERR_ARGUMENT;
}

int tc_dam_playouts(const tc_dam_rules *r, const tc_dam_state *start, bitgen_t *rng, int policy,
                    int64_t count, int32_t *points)
{
    int rc = check_policy(policy);
    if (rc != TC_OK) return rc;
    tc_draw d;
    tc_draw_init(&d, rng);
    for (int64_t i = 0; i < count; ++i) {
        tc_dam_state s = *start;
        while (s.phase == TC_DAM_PLAYING) tc_dam_play_unchecked(r, &s, tc_dam_policy_card(r, &s, policy, &d));
        tc_dam_score(r, &s, points + i * r->players);
    }
    return TC_OK;
}

/* Deals one deal of the block: s->pile holds the deck in some order; it is shuffled in place,
 * the first players * hand_size cards are dealt in turn (hand_size to each seat) and the rest is
 * the pile. `pile_out`, when given, receives the pile as dealt (before the turn). */
static void deal_one(const tc_dam_rules *r, tc_dam_state *s, bitgen_t *rng, uint8_t *pile_out)
{
    int n = r->players, hand_size = r->hand_size, dealt = n * hand_size;
    tc_shuffle(rng, s->pile, r->deck_size);
    for (int p = 0; p < n; ++p) {
        tc_multiset hand = {0, 0};
        for (int i = 0; i < hand_size; ++i) tc_dam_add_copy(&hand, s->pile[p * hand_size + i]);
        s->hands[p] = hand;
    }
    s->pile_next = (uint8_t)dealt;
    s->pile_end = (uint8_t)r->deck_size;
    if (pile_out) memcpy(pile_out, s->pile + dealt, (size_t)(r->deck_size - dealt));
    begin_deal(r, s, 0);
}

/* Plays TC_DAM_LANES deals from the deck orders in s[], card by card across the lanes, and
 * stores the first `lanes` of them as deals first.. of the block. Inlined with constant `policy`
 * and `record`, so the common loop carries no tests for them. */
static inline void play_lanes(const tc_dam_rules *r, tc_dam_state *s, bitgen_t *rng, tc_draw *d,
                              int policy, int record, int64_t first, int lanes,
                              const tc_dam_block *out)
{
    int n = r->players, deck_size = r->deck_size, pile_size = deck_size - n * r->hand_size;
    for (int lane = 0; lane < TC_DAM_LANES; ++lane) {
        int64_t j = first + lane;
        int kept = record && lane < lanes;
        deal_one(r, &s[lane], rng, kept && pile_size ? out->pile + j * pile_size : 0);
        for (int p = 0; kept && p < n; ++p) {
            out->once[j * n + p] = s[lane].hands[p].once;
            out->twice[j * n + p] = s[lane].hands[p].twice;
        }
    }
    for (int i = 0; i < deck_size; ++i) {
        for (int lane = 0; lane < TC_DAM_LANES; ++lane) {
            tc_mask legal = tc_dam_legal(&s[lane]);
            int card = policy == TC_DAM_GREEDY ? greedy_card(r, &s[lane], legal) : tc_draw_card(d, legal);
            if (record && lane < lanes) {
                out->plays[(first + lane) * deck_size + i] = (uint8_t)card;
                out->legal[(first + lane) * deck_size + i] = legal;
            }
            tc_dam_play_unchecked(r, &s[lane], card);
        }
    }
    for (int lane = 0; lane < lanes; ++lane) {
        int64_t j = first + lane;
        tc_dam_score(r, &s[lane], out->points + j * n);
        for (int p = 0; p < n; ++p) out->tricks[j * n + p] = s[lane].tricks_won[p];
        out->trump[j] = s[lane].trump;
        out->last_trick[j] = s[lane].last_winner;
    }
}

int tc_dam_simulate(const tc_dam_rules *r, bitgen_t *rng, int policy, int64_t count,
                    const tc_dam_block *out)
{
    int rc = check_policy(policy);
    if (rc != TC_OK) return rc;
    tc_draw d;
    tc_draw_init(&d, rng);
    tc_dam_state s[TC_DAM_LANES];
    memset(s, 0, sizeof s);
    for (int lane = 0; lane < TC_DAM_LANES; ++lane) memcpy(s[lane].pile, r->deck_cards, (size_t)r->deck_size);
    /* One deal is a single long dependency chain; playing TC_DAM_LANES deals side by side, a card
     * at a time each, lets the CPU overlap them. Every deal plays every card of the deck. Lanes
     * past `count` are played and dropped, so deal j never depends on count. */
    int record = out->plays != 0;
    for (int64_t first = 0; first < count; first += TC_DAM_LANES) {
        int lanes = count - first < TC_DAM_LANES ? (int)(count - first) : TC_DAM_LANES;
        if (record) play_lanes(r, s, rng, &d, policy, 1, first, lanes, out);
        else if (policy == TC_DAM_GREEDY) play_lanes(r, s, rng, &d, TC_DAM_GREEDY, 0, first, lanes, out);
        else play_lanes(r, s, rng, &d, TC_DAM_RANDOM, 0, first, lanes, out);
    }
    return TC_OK;
}
