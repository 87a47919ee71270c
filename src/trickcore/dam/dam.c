#include "trickcore/dam/dam.h"

#include <string.h>

#include "trickcore/core/playout.h"
#include "trickcore/core/status.h"

static int is_flag(int8_t v)
{
    return v == 0 || v == 1;
}

static int within(int32_t v)
{
    return v >= -TC_DAM_MAX_VALUE && v <= TC_DAM_MAX_VALUE;
}

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

/* Gives the next `count` cards of the pile one each to the trick's winner and the seats after it
 * in playing order (the refill order; count <= n). */
static inline void draw_cards(tc_dam_state *s, int winner, int n, int count)
{
    const uint8_t *top = s->pile + s->pile_next;
    for (int k = 0; k < count; ++k)
        tc_dam_add_copy(&s->hands[tc_dam_seat_after(winner, k, n)], top[k]);
    s->pile_next = (uint8_t)(s->pile_next + count);
}

/* After a trick of all n players: the refill (every hand is one short of hand_size), keeping the
 * voids. A seat that draws an unseen card may again hold a suit it showed it lacked; the face-up
 * turned card clears only its own suit. */
static inline void refill(tc_dam_state *s, int winner, int n)
{
    int left = s->pile_end - s->pile_next;
    if (left > n) { /* everyone draws an unseen card */
        memset(s->head.voids, 0, sizeof s->head.voids);
        draw_cards(s, winner, n, n);
        return;
    }
    for (int k = 0; k < left; ++k) { /* the last cards: later seats may go short */
        int seat = tc_dam_seat_after(winner, k, n), card = s->pile[s->pile_next + k];
        int face_up = k == left - 1 && s->turned != TC_NO_CARD;
        if (!face_up)
            s->head.voids[seat] = 0;
        else if (!tc_is_joker(card))
            s->head.voids[seat] &= (uint8_t)~(1u << tc_suit(card));
    }
    draw_cards(s, winner, n, left);
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
        s->head.phase = TC_PHASE_OVER;
        s->head.to_act = -1;
        return;
    }
    for (int p = 0; p < n; ++p) {
        int q = p;
        do q = q + 1 == n ? 0 : q + 1;
        while (!(holders >> q & 1));
        s->next_seat[p] = (uint8_t)q;
    }
    if (!(holders >> winner & 1)) s->head.leader = s->head.to_act = (int8_t)s->next_seat[winner];
}

/* The card points of the n cards `ids` of a trick. */
static TC_ALWAYS_INLINE int32_t trick_points(const tc_dam_rules *r, const uint64_t *ids, int n)
{
    int32_t points = 0;
    for (int i = 0; i < n; ++i) points += r->values[ids[i]];
    return points;
}

/* Gives a complete trick worth `points` to the seat `winner`, who leads the next one (and
 * is to act, and won the latest trick: the simulation's fast path sets to_act, tricks_played
 * and last_winner after its last trick). */
static inline void take_trick(tc_dam_state *s, int32_t points, int winner)
{
    s->points_taken[winner] += points;
    s->head.tricks_won[winner]++;
    s->head.leader = (int8_t)winner;
}

/* Finishes a trick of n cards; inlined for the usual sizes, so its loops are unrolled. */
static inline void finish_trick(const tc_dam_rules *r, tc_dam_state *s, int n)
{
    int winner = s->trick_seats[tc_trick_winner_table(&r->tables[s->trump + 1], s->head.trick, n)];
    uint64_t ids[TC_DAM_MAX_PLAYERS];
    for (int i = 0; i < n; ++i) ids[i] = s->head.trick[i];
    take_trick(s, trick_points(r, ids, n), winner);
    s->last_winner = s->head.to_act = (int8_t)winner;
    s->head.tricks_played++;
    if (s->pile_end - s->pile_next <= n) /* else every seat draws an unseen card */
        for (int i = 0; i < n; ++i)
            s->head.voids[s->trick_seats[i]] |= r->shows_void[s->led + 1][s->head.trick[i]];
    s->head.trick_len = 0;
    s->led = -1;
    s->led_mask = 0;
    /* While the pile lasts every hand holds cards, so every seat played: n is the players. */
    if (s->pile_next < s->pile_end)
        refill(s, winner, n);
    else
        seat_holders(r, s, winner);
}

void tc_dam_finish_trick(const tc_dam_rules *r, tc_dam_state *s)
{
    switch (s->head.trick_len) {
    case 4: finish_trick(r, s, 4); break;
    case 3: finish_trick(r, s, 3); break;
    case 2: finish_trick(r, s, 2); break;
    default: finish_trick(r, s, s->head.trick_len);
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
            r->shows_void[led + 1][c] =
                (uint8_t)(led >= 0 && suit != TC_SUITLESS && suit != led ? 1u << led : 0);
        }
    }
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c)
        r->suit_cards[c] = r->led_cards[r->led_after[0][c] + 1];
    int k = 0;
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c)
        for (int copy = 0; copy < tc_multiset_count(r->deck, c); ++copy)
            r->deck_cards[k++] = (uint8_t)c;
    r->deck_size = (int8_t)k;
    return TC_OK;
}

/* Starts the deal whose hands and pile (pile[pile_next..pile_end), in draw order) are in place:
 * under turn_trump the last card of the pile is the turned one, its suit trump; the player left
 * of the dealer leads. */
static void begin_deal(const tc_dam_rules *r, tc_dam_state *s, int dealer)
{
    int n = r->players;
    for (int p = 0; p < TC_DAM_MAX_PLAYERS; ++p) {
        s->points_taken[p] = 0;
        s->head.tricks_won[p] = 0;
        s->head.voids[p] = 0;
        s->next_seat[p] = (uint8_t)(p + 1 < n ? p + 1 : 0);
    }
    s->head.phase = TC_PHASE_PLAY;
    s->head.dealer = (int8_t)dealer;
    s->head.players = (int8_t)r->players;
    s->head.tricks_played = 0;
    s->last_winner = -1;
    s->turned = TC_NO_CARD;
    s->trump = TC_NO_TRUMP;
    if (r->turn_trump) {
        uint8_t turned = s->pile[s->pile_end - 1];
        s->turned = turned;
        s->trump = (int8_t)(tc_is_joker(turned) ? TC_NO_TRUMP : tc_suit(turned));
    }
    s->head.trick_len = 0;
    s->trick_size = (int8_t)n;
    s->led = -1;
    s->led_mask = 0;
    s->head.leader = s->head.to_act = (int8_t)(dealer + 1 == n ? 0 : dealer + 1);
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
    if (r->turn_trump) { /* the top card is turned and put at the bottom */
        memcpy(s->pile, pile + 1, (size_t)(pile_size - 1));
        s->pile[pile_size - 1] = pile[0];
    } else {
        memcpy(s->pile, pile, (size_t)pile_size);
    }
    s->pile_next = 0;
    s->pile_end = (uint8_t)pile_size;
    begin_deal(r, s, dealer);
    return TC_OK;
}

int tc_dam_play(const tc_dam_rules *r, tc_dam_state *s, int card, int *refusal)
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
    if (!(s->hands[s->head.to_act].once & bit)) {
        *refusal = TC_REFUSE_NOT_HELD;
        for (int p = 0; p < r->players; ++p)
            if (s->hands[p].once & bit) *refusal = TC_REFUSE_NOT_YOUR_TURN;
        return TC_ERR_ILLEGAL;
    }
    if (!(tc_dam_legal(s) & bit)) {
        *refusal = TC_REFUSE_MUST_FOLLOW;
        return TC_ERR_ILLEGAL;
    }
    tc_dam_play_unchecked(r, s, card);
    return TC_OK;
}

tc_mask tc_dam_moves(const tc_dam_state *s)
{
    return s->head.phase == TC_PHASE_PLAY ? tc_dam_legal(s) : 0;
}

void tc_dam_score(const tc_dam_rules *r, const tc_dam_state *s, int32_t *points)
{
    for (int p = 0; p < r->players; ++p) {
        if (r->score_tricks)
            points[p] = s->head.tricks_won[p] + (p == s->last_winner ? r->last_trick_bonus : 0);
        else
            points[p] = s->points_taken[p];
    }
}

/* ---- Greedy policy: every choice maximises a key; ties go to the lowest card id. ---- */

static int strength(int card)
{
    return tc_is_joker(card) ? TC_NUM_RANKS + card - TC_FIRST_JOKER : tc_rank(card);
}

/* The legal cards that would take the trick `cards` (len cards so far) as it stands (every card,
 * when leading). */
static tc_mask winning_cards(const tc_trick_table *table, const uint8_t *cards, int len,
                             tc_mask legal)
{
    if (len == 0) return legal;
    uint8_t trick[TC_DAM_MAX_PLAYERS + 1];
    memcpy(trick, cards, (size_t)len);
    tc_mask wins = 0;
    for (tc_mask m = legal; m; m &= m - 1) {
        trick[len] = (uint8_t)tc_lowest(m);
        if (tc_trick_winner_table(table, trick, len + 1) == len) wins |= m & (0 - m);
    }
    return wins;
}

/* Cards of the suit of `card` in `hand`, copies counted (0 for a joker). */
static int suit_length(const tc_dam_rules *r, const tc_multiset *hand, int card)
{
    tc_mask suit = r->suit_cards[card];
    return tc_popcount(hand->once & suit) + tc_popcount(hand->twice & suit);
}

/* The card of `m` with the highest key `value_weight * value + strength_weight * strength`, plus
 * `length_weight` times its suit's length in `hand` when a hand is given. */
static int best_card_by(const tc_dam_rules *r, tc_mask m, int value_weight, int strength_weight,
                        const tc_multiset *hand, int length_weight)
{
    int best = -1;
    int32_t best_key = 0;
    for (; m; m &= m - 1) {
        int c = tc_lowest(m);
        int32_t key = value_weight * r->values[c] + strength_weight * strength(c);
        if (hand) key += length_weight * suit_length(r, hand, c);
        if (best < 0 || key > best_key) {
            best = c;
            best_key = key;
        }
    }
    return best;
}

static int best_card(const tc_dam_rules *r, tc_mask m, int value_weight, int strength_weight)
{
    return best_card_by(r, m, value_weight, strength_weight, 0, 0);
}

/* Greedy: avoid leads weak and follows with the most valuable card that does not take the trick;
 * collect leads strong and takes with the weakest card that does. Tie-breaks:
 * docs/rules/dam.md, "Simulation". */
static int greedy_card(const tc_dam_rules *r, const tc_trick_table *table, const uint8_t *cards,
                       int len, tc_mask legal)
{
    enum { BY_VALUE = 32, BY_STRENGTH = 4096 };
    if (len == 0)
        return r->collect ? best_card(r, legal, 1, BY_STRENGTH)
                          : best_card(r, legal, -1, -BY_STRENGTH);
    tc_mask wins = winning_cards(table, cards, len, legal);
    if (r->collect && wins) return best_card(r, wins, 1, -BY_STRENGTH);
    if (!r->collect && (legal & ~wins)) return best_card(r, legal & ~wins, BY_VALUE, 1);
    return best_card(r, legal, -BY_VALUE, -1);
}

/* ---- Rule policy: a casual player's habits, from its hand and the trick (no memory) ---- */

/* The rule policy (docs/environments.md, "Danish Dam"): avoid ducks, dumps and leads low in short
 * suits; collect leads aces and takes tricks worth points, else plays cheap. Card values count
 * under card scoring only; jokers serve when nothing else does. */
static int rule_card(const tc_dam_rules *r, const tc_dam_state *s)
{
    enum { BY_VALUE = 32, BY_STRENGTH = 4096, BY_LENGTH = 1 << 20 };
    const tc_multiset *hand = &s->hands[s->head.to_act];
    tc_mask legal = tc_dam_legal(s), plain = legal & ~TC_JOKER_MASK;
    int v = !r->score_tricks, len = s->head.trick_len, last = len == s->trick_size - 1;
    if (len == 0) {
        tc_mask leads = plain ? plain : legal;
        int top = best_card(r, leads, 0, 1);
        if (r->collect && !tc_is_joker(top) && tc_rank(top) == TC_NUM_RANKS - 1) return top;
        return best_card_by(r, leads, -v, -BY_STRENGTH, hand, r->collect ? BY_LENGTH : -BY_LENGTH);
    }
    tc_mask wins = winning_cards(&r->tables[s->trump + 1], s->head.trick, len, legal);
    if (!r->collect) {
        tc_mask loses = legal & ~wins,
                spare = loses & ~TC_JOKER_MASK ? loses & ~TC_JOKER_MASK : loses;
        if (spare & s->led_mask) return best_card(r, spare & s->led_mask, v, BY_STRENGTH);
        if (spare) return best_card(r, spare, BY_VALUE * v, 1);
        return last ? best_card(r, legal, -BY_VALUE * v, 1) : best_card(r, legal, -v, -BY_STRENGTH);
    }
    int32_t stake = r->score_tricks;
    for (int i = 0; i < len && !r->score_tricks; ++i) stake += r->values[s->head.trick[i]];
    if (wins && (stake > 0 || last))
        return best_card(r, wins, v, last ? -BY_STRENGTH : BY_STRENGTH);
    return best_card(r, plain ? plain : legal, -BY_VALUE * v, -1);
}

/* ---- Playing deals out with a policy ---- */

static int check_policy(int policy)
{
    return policy == TC_DAM_RANDOM || policy == TC_DAM_GREEDY ? TC_OK : TC_ERR_ARGUMENT;
}

/* The bit of the card `policy` plays from `legal` after the `len` cards `cards` of the trick,
 * noting it in *rec; the random policy uses the 8-bit `chunk`, drawn for this card.
 * `isa` (a constant) may be TC_ISA_BMI2 only in code built for TC_ISA_BMI2_TARGET. */
static TC_ALWAYS_INLINE tc_mask choose_card(const tc_dam_rules *r, const tc_trick_table *table,
                                            const uint8_t *cards, int len, tc_mask legal,
                                            int policy, bitgen_t *rng, uint32_t chunk, int isa,
                                            tc_playout_recorder *rec)
{
    tc_mask bit = policy == TC_DAM_GREEDY ? tc_bit(greedy_card(r, table, cards, len, legal))
                                          : tc_draw8_bit_chunk(rng, legal, chunk, isa);
    tc_playout_record(rec, tc_lowest(bit), legal);
    return bit;
}

/* The card `policy` (random or greedy) plays for the seat to act, the random one by the 8-bit
 * `chunk`, noted in *rec. */
static int policy_card(const tc_dam_rules *r, const tc_dam_state *s, int policy, bitgen_t *rng,
                       uint32_t chunk, tc_playout_recorder *rec)
{
    return tc_lowest(choose_card(r, &r->tables[s->trump + 1], s->head.trick, s->head.trick_len,
                                 tc_dam_legal(s), policy, rng, chunk, TC_ISA_PORTABLE, rec));
}

int tc_dam_policy_card(const tc_dam_rules *r, const tc_dam_state *s, int policy, tc_draw8 *d)
{
    if (policy == TC_DAM_RULE) return rule_card(r, s);
    return policy_card(r, s, policy, d->rng, policy == TC_DAM_GREEDY ? 0 : tc_draw8_chunk(d), 0);
}

/* One 64-bit draw per trick under the random policy (its low 32 bits serve: see dam.h). */
static inline uint64_t trick_word(bitgen_t *rng, int policy)
{
    return policy == TC_DAM_RANDOM ? rng->next_uint64(rng->state) : 0;
}

/* ---- Batched choices ----
 * Without jokers the followers' legal sets are fixed once the lead is played: one 16-bit batch
 * (batched multiply-and-reject) draws them all (docs/kernels.md, "Draws made ahead"). */
#define TC_DAM_BATCH_WIDTH 16

/* The batch is held in the top `width` bits of a 64-bit number (tc_batch_step's form): x =
 * chunk << (64 - width), and the low parts stay there, so a step is one multiply. */
static TC_ALWAYS_INLINE uint64_t batch_of_chunk(uint32_t chunk, int width)
{
    return (uint64_t)chunk << (64 - width);
}

/* The cold path of draw_batch and redo_followers, for a rejected batch: index[] from fresh
 * draws, the first one accepted (deal.h's tc_batch_accepted_bits). */
static void batch_redrawn(bitgen_t *rng, const uint32_t *bounds, int count, uint32_t *index)
{
    int width = TC_DAM_BATCH_WIDTH;
    uint64_t fresh = rng->next_uint64(rng->state) << (64 - width);
    tc_batch_steps(tc_batch_accepted_bits(rng, fresh, bounds, count, width), bounds, count, index);
}

/* Whether the batch whose last low part is x, with the product `product` of its bounds, may be
 * rejected: 2^16 mod product < product, so this is the hot path's one test. */
static TC_ALWAYS_INLINE int batch_maybe_rejected(uint64_t x, uint32_t product)
{
    return x < batch_of_chunk(product, TC_DAM_BATCH_WIDTH);
}

/* index[i] uniform below bounds[i] (each 1..13) for i < count (1..3), from the 16-bit chunk. */
static TC_ALWAYS_INLINE void draw_batch(bitgen_t *rng, uint32_t chunk, const uint32_t *bounds,
                                        int count, uint32_t *index)
{
    uint32_t product = 1;
    for (int i = 0; i < count; ++i) product *= bounds[i];
    uint64_t x = batch_of_chunk(chunk, TC_DAM_BATCH_WIDTH);
    x = tc_batch_steps(x, bounds, count, index);
    if (batch_maybe_rejected(x, product) && x < tc_batch_threshold(product, TC_DAM_BATCH_WIDTH))
        batch_redrawn(rng, bounds, count, index);
}

/* A trick's first card under batches: uniform among `legal` by the 16-bit chunk (a batch of
 * one), noted in *rec. */
static TC_ALWAYS_INLINE tc_mask lead_bit(bitgen_t *rng, tc_mask legal, uint32_t chunk, int isa,
                                         tc_playout_recorder *rec)
{
    uint32_t bound = tc_card_count_isa(legal, isa), index;
    draw_batch(rng, chunk, &bound, 1, &index);
    tc_mask bit = tc_select_bit_isa(legal, (int)index, isa);
    tc_playout_record(rec, tc_lowest(bit), legal);
    return bit;
}

/* Whether the random policy draws the followers' choices as a batch. */
static inline int draws_batches(const tc_dam_rules *r, int policy)
{
    return policy == TC_DAM_RANDOM && !(r->deck.once & TC_JOKER_MASK);
}

/* Plays the rest of the trick in progress (its suit led, no jokers) under the random policy: the
 * followers' choices are one batch from the trick's bits 16 to 31 (`draws`). */
static void play_followers(const tc_dam_rules *r, tc_dam_state *s, bitgen_t *rng, uint32_t draws,
                           tc_playout_recorder *rec)
{
    int count = s->trick_size - s->head.trick_len, seat = s->head.to_act;
    tc_mask legal[TC_DAM_MAX_PLAYERS];
    uint32_t bounds[TC_DAM_MAX_PLAYERS], index[TC_DAM_MAX_PLAYERS];
    for (int i = 0; i < count; ++i, seat = s->next_seat[seat]) {
        legal[i] = tc_dam_legal_cards(s->hands[seat].once, s->led_mask, 0);
        bounds[i] = (uint32_t)tc_popcount(legal[i]);
    }
    draw_batch(rng, draws >> 16, bounds, count, index);
    for (int i = 0; i < count; ++i) {
        int card = tc_lowest(tc_select_bit(legal[i], (int)index[i]));
        tc_playout_record(rec, card, legal[i]);
        tc_dam_play_unchecked(r, s, card);
    }
}

/* Plays the deal to its end card by card on the checked path's state (any trick, any seats).
 * `draws` are the 32 random bits of the trick in progress (see dam.h), if one is; a new trick
 * takes the low half of a new word. */
static void play_out(const tc_dam_rules *r, tc_dam_state *s, int policy, bitgen_t *rng,
                     uint32_t draws, tc_playout_recorder *rec)
{
    int batches = draws_batches(r, policy);
    while (s->head.phase == TC_PHASE_PLAY) {
        if (s->head.trick_len == 0) draws = (uint32_t)trick_word(rng, policy);
        if (batches && s->head.trick_len == 0) {
            tc_dam_play_unchecked(
                r, s,
                tc_lowest(lead_bit(rng, tc_dam_legal(s), draws & 0xFFFF, TC_ISA_PORTABLE, rec)));
        } else if (batches) {
            play_followers(r, s, rng, draws, rec);
        } else {
            uint32_t chunk = (draws >> (TC_DRAW8_CHUNK_BITS * s->head.trick_len)) & 0xFF;
            tc_dam_play_unchecked(r, s, policy_card(r, s, policy, rng, chunk, rec));
        }
    }
}

int tc_dam_playouts(const tc_dam_rules *r, const tc_dam_state *start, bitgen_t *rng, int policy,
                    int64_t count, int32_t *points)
{
    int rc = policy == TC_DAM_RULE ? TC_OK : check_policy(policy);
    if (rc != TC_OK) return rc;
    for (int64_t i = 0; i < count; ++i) {
        tc_dam_state s = *start;
        if (policy == TC_DAM_RULE) /* deterministic, one card at a time */
            while (s.head.phase == TC_PHASE_PLAY) tc_dam_play_unchecked(r, &s, rule_card(r, &s));
        else
            play_out(r, &s, policy, rng, s.head.trick_len ? (uint32_t)trick_word(rng, policy) : 0,
                     0);
        tc_dam_score(r, &s, points + i * r->players);
    }
    return TC_OK;
}

/* ---- Block simulation ---- */

/* The trick loops over the lanes are unrolled by two. */
#define TC_DAM_UNROLL_LANES TC_UNROLL(2)

/* Adds a copy of the card `b` (a bit) to a hand in parity form holding at most one. */
static TC_ALWAYS_INLINE void parity_add(tc_mask *held, tc_mask *odd, tc_mask b)
{
    *held |= b;
    *odd ^= b;
}

/* Takes a copy of the held card `b` from a hand in parity form: the card stays held when a copy
 * is left (an odd count after the take). */
static TC_ALWAYS_INLINE void parity_take(tc_mask *held, tc_mask *odd, tc_mask b)
{
    *odd ^= b;
    *held ^= b & ~*odd; /* written as a xor of an and-not so that compilers emit andn */
}

/* Deals deal j of the block by `dealer`: shuffles s->pile in place (stopped above the first
 * hand), deals the hands into *h and leaves the pile in draw order (turned card last); `out`
 * records the deal (docs/kernels.md, "Fast phase and parity hands"). */
static TC_ALWAYS_INLINE void deal_one(const tc_dam_rules *r, const tc_index_plan *shuffle,
                                      tc_dam_state *s, tc_dam_hands *h, bitgen_t *rng,
                                      const tc_dam_block *out, int64_t j, int dealer)
{
    int n = r->players, hand_size = r->hand_size, dealt = n * hand_size, deck_size = r->deck_size;
    tc_shuffle_planned(shuffle, rng, s->pile);
    const uint8_t *card = s->pile;
    for (int p = 0; p < n; ++p) {
        tc_mask held = 0, odd = 0;
        TC_UNROLL(4)
        for (const uint8_t *end = card + hand_size; card < end; ++card)
            parity_add(&held, &odd, tc_bit(*card));
        h->held[p] = held;
        h->odd[p] = odd;
    }
    s->pile_next = (uint8_t)dealt;
    s->pile_end = (uint8_t)deck_size;
    begin_deal(r, s, dealer);
    if (!out) return;
    for (int p = 0; p < n; ++p) {
        out->once[j * n + p] = h->held[p];
        out->twice[j * n + p] = h->held[p] & ~h->odd[p];
    }
    int pile_size = deck_size - dealt;
    if (pile_size == 0) return;
    uint8_t *pile = out->pile + j * pile_size;
    if (r->turn_trump) {
        pile[0] = s->pile[deck_size - 1];
        memcpy(pile + 1, s->pile + dealt, (size_t)(pile_size - 1));
    } else {
        memcpy(pile, s->pile + dealt, (size_t)pile_size);
    }
}

void tc_dam_deal_random(const tc_dam_rules *r, const tc_index_plan *plan, tc_dam_state *s,
                        bitgen_t *rng, int dealer)
{
    tc_dam_hands h;
    memcpy(s->pile, r->deck_cards, (size_t)r->deck_size);
    deal_one(r, plan, s, &h, rng, 0, 0, dealer);
    for (int p = 0; p < r->players; ++p) {
        s->hands[p].once = h.held[p];
        s->hands[p].twice = h.held[p] & ~h.odd[p];
    }
}

/* The short refill after a trick of the fast phase: the next `count` cards of the pile (from
 * `top`), count < n, one each to the trick's winner and the seats after it in playing order. */
static TC_ALWAYS_INLINE void lane_short_refill(tc_dam_hands *h, const uint8_t *top, int winner,
                                               int n, int count)
{
    for (int k = 0; k < count; ++k) {
        int seat = tc_dam_seat_after(winner, k, n);
        parity_add(&h->held[seat], &h->odd[seat], tc_bit(top[k]));
    }
}

/* The card whose bit is `bit`, as an unsigned 64-bit index, so that indexing a table by it needs
 * no sign extension (compilers extend __builtin_ctzll's int: four instructions a trick). */
static TC_ALWAYS_INLINE uint64_t card_of_bit(tc_mask bit)
{
    return (uint64_t)(uint32_t)tc_lowest(bit);
}

/* Without jokers: which of the n plays wins, from the winning card and a table of each card's
 * play (the first copy kept under "first", the last under "last"). (docs/kernels.md, "Dam") */
static TC_ALWAYS_INLINE int play_of_winning_card(const uint64_t *cards, const tc_mask *bits, int n,
                                                 tc_mask led, tc_mask trumps, int last)
{
    uint8_t play_of[TC_NUM_CARD_IDS];
    tc_mask played = 0;
    for (int i = 0; i < n; ++i) played |= bits[i];
    if (last)
        for (int i = 0; i < n; ++i) play_of[cards[i]] = (uint8_t)i;
    else
        for (int i = n - 1; i >= 0; --i) play_of[cards[i]] = (uint8_t)i;
    return play_of[(unsigned)tc_trick_winning_card(played, led, trumps)];
}

/* Plays the card `bit` of play i of a trick from the hand (held, odd) of `seat`, noting it
 * for the trick's winner; the first card (any card with jokers, until one has a suit) sets the
 * cards of the suit led. */
static TC_ALWAYS_INLINE void play_bit(const tc_dam_rules *r, tc_dam_hands *h, int seat,
                                      tc_mask held, tc_mask odd, tc_mask bit, int i, uint8_t *cards,
                                      tc_mask *bits, tc_mask *led_cards, int jokers)
{
    uint64_t card = card_of_bit(bit);
    parity_take(&held, &odd, bit);
    h->held[seat] = held;
    h->odd[seat] = odd;
    cards[i] = (uint8_t)card;
    bits[i] = bit;
    if (i == 0 || jokers) *led_cards = *led_cards ? *led_cards : r->suit_cards[card];
}

/* The cards of a trick's plays, as masks (passed by value, so that the hot path keeps them in
 * registers). */
typedef struct {
    tc_mask bit[TC_DAM_MAX_PLAYERS];
} trick_bits;

/* Cold path of a fast trick's batch (last low part x, `product`): if it is rejected, the
 * followers' plays are taken back and replayed from the batch redrawn. Returns the plays. */
static trick_bits redo_followers(const tc_dam_rules *r, tc_dam_hands *h, int leader, int n,
                                 tc_mask led_cards, trick_bits played, uint64_t x, uint32_t product,
                                 bitgen_t *rng, tc_playout_recorder *rec)
{
    int count = n - 1;
    (void)r;
    if (count < 1 || x >= tc_batch_threshold(product, TC_DAM_BATCH_WIDTH)) return played;
    tc_mask legal[TC_DAM_MAX_PLAYERS] = {0};
    uint32_t bounds[TC_DAM_MAX_PLAYERS] = {0}, index[TC_DAM_MAX_PLAYERS] = {0};
    for (int i = 1; i < n; ++i) {
        int seat = tc_dam_seat_after(leader, i, n);
        parity_add(&h->held[seat], &h->odd[seat], played.bit[i]);
        legal[i] = tc_dam_legal_cards(h->held[seat], led_cards, 0);
        bounds[i - 1] = (uint32_t)tc_popcount(legal[i]);
    }
    batch_redrawn(rng, bounds, count, index);
    if (rec && rec->plays) {
        rec->plays -= count;
        rec->legal -= count;
    }
    for (int i = 1; i < n; ++i) {
        int seat = tc_dam_seat_after(leader, i, n);
        tc_mask bit = tc_select_bit(legal[i], (int)index[i - 1]);
        tc_playout_record(rec, tc_lowest(bit), legal[i]);
        parity_take(&h->held[seat], &h->odd[seat], bit);
        played.bit[i] = bit;
    }
    return played;
}

/* One trick of the fast phase by all n seats from s->leader (no refusal checks, no voids), the
 * first `refills` seats taking top[0..refills) first; `jokers`, `batch` constants. Draws from
 * `draws` (docs/random-streams.md, "Dam"; docs/kernels.md, "Fast phase and parity hands"). */
static TC_ALWAYS_INLINE void play_full_trick(const tc_dam_rules *r, const tc_trick_table *table,
                                             tc_mask trumps, tc_dam_state *s, tc_dam_hands *h,
                                             const uint8_t *top, int refills, bitgen_t *rng,
                                             uint32_t draws, int n, int jokers, int batch, int last,
                                             int policy, int isa, tc_playout_recorder *rec)
{
    uint8_t cards[TC_DAM_MAX_PLAYERS];
    tc_mask bits[TC_DAM_MAX_PLAYERS];
    int leader = s->head.leader;
    tc_mask led_cards = 0; /* of the suit led, once a card has set it */
    uint64_t x = 0;        /* the followers' batch */
    uint32_t product = 1;
    if (batch) x = batch_of_chunk(draws >> 16, TC_DAM_BATCH_WIDTH);
    uint8_t drawn[TC_DAM_MAX_PLAYERS]; /* a copy: the hands' stores cannot change it */
    if (refills) memcpy(drawn, top, (size_t)n);
    for (int i = 0; i < n; ++i) {
        int seat = i == 0 ? leader : tc_dam_seat_after(leader, i, n);
        tc_mask held = h->held[seat], odd = h->odd[seat];
        if (i < refills) parity_add(&held, &odd, tc_bit(drawn[i]));
        tc_mask legal = tc_dam_legal_cards(held, led_cards, jokers ? TC_JOKER_MASK : 0), bit;
        if (batch && i > 0) {
            uint32_t bound = tc_card_count_isa(legal, isa);
            product *= bound;
            bit = tc_select_bit_isa(legal, (int)tc_batch_step(&x, bound), isa);
            tc_playout_record(rec, tc_lowest(bit), legal);
        } else if (batch) {
            bit = lead_bit(rng, legal, draws & 0xFFFF, isa, rec);
        } else {
            bit = choose_card(r, table, cards, i, legal, policy, rng, (draws >> 8 * i) & 0xFF, isa,
                              rec);
        }
        play_bit(r, h, seat, held, odd, bit, i, cards, bits, &led_cards, jokers);
    }
    if (batch && batch_maybe_rejected(x, product)) {
        trick_bits played = {{0}};
        for (int i = 0; i < n; ++i) played.bit[i] = bits[i];
        played = redo_followers(r, h, leader, n, led_cards, played, x, product, rng, rec);
        for (int i = 1; i < n; ++i) bits[i] = played.bit[i];
    }
    uint64_t ids[TC_DAM_MAX_PLAYERS];
    for (int i = 0; i < n; ++i) ids[i] = card_of_bit(bits[i]);
    int winner = jokers ? tc_trick_winner_bits(bits, n, led_cards, trumps, r->trick.jokers, last)
                        : play_of_winning_card(ids, bits, n, led_cards, trumps, last);
    take_trick(s, trick_points(r, ids, n), tc_dam_seat_after(leader, winner, n));
}

/* The 32 random bits of trick t of a lane, from its group's words (words[w][lane]; see "Random
 * choices from draws made ahead" in dam.h). */
static inline uint32_t trick_draws(uint64_t (*words)[TC_DAM_GROUP], int t, int lane)
{
    return (uint32_t)(words[t >> 1][lane] >> (32 * (t & 1)));
}

/* Words of the draws for a deal's tricks of all seats (two tricks a word, at least two cards a
 * trick). */
#define TC_DAM_TRICK_WORDS ((TC_DAM_MAX_CARDS + 3) / 4)

/* Plays `count` deals TC_DAM_GROUP lanes at a time, in step trick by trick on the fast path, the
 * draws made ahead after the lanes' deals; lanes past count are played and dropped. Inlined with
 * constants (docs/kernels.md, "Fast phase and parity hands"). */
static TC_ALWAYS_INLINE void simulate_lanes(const tc_dam_rules *r, bitgen_t *rng, int64_t count,
                                            const tc_dam_block *out, int n, int jokers, int batch,
                                            int last, int policy, int record, int isa)
{
    int deck_size = r->deck_size, dealt = n * r->hand_size, pile_size = deck_size - dealt;
    int full_refills = pile_size / n, short_refill = pile_size % n;
    int tricks = full_refills + r->hand_size; /* of all n seats */
    tc_dam_state s[TC_DAM_GROUP];
    tc_dam_hands h[TC_DAM_GROUP];
    const tc_trick_table *table[TC_DAM_GROUP]; /* of the lane's trump */
    tc_mask trumps[TC_DAM_GROUP];              /* the lane's trump cards, or 0 */
    tc_playout_recorder rec[TC_DAM_GROUP];
    uint64_t words[TC_DAM_TRICK_WORDS][TC_DAM_GROUP]; /* the draws of the full tricks */
    memset(s, 0, sizeof s);
    memset(rec, 0, sizeof rec);
    memset(words, 0, sizeof words);
    for (int lane = 0; lane < TC_DAM_GROUP; ++lane)
        memcpy(s[lane].pile, r->deck_cards, (size_t)deck_size);
    tc_index_plan shuffle;
    tc_shuffle_plan(&shuffle, deck_size, r->hand_size);
    for (int64_t first = 0; first < count; first += TC_DAM_GROUP) {
        int lanes = tc_playout_lanes_within(first, count, TC_DAM_GROUP);
        for (int lane = 0; lane < TC_DAM_GROUP; ++lane) {
            int kept = record && lane < lanes;
            deal_one(r, &shuffle, &s[lane], &h[lane], rng, kept ? out : 0, first + lane, 0);
            table[lane] = &r->tables[s[lane].trump + 1];
            trumps[lane] = r->led_cards[s[lane].trump + 1];
            if (record) {
                rec[lane].plays = 0; /* a dropped lane records nothing */
                if (kept)
                    tc_playout_recorder_at(&rec[lane], out->plays, out->legal, first + lane,
                                           deck_size);
            }
        }
        if (policy == TC_DAM_RANDOM)
            for (int w = 0; w < (tricks + 1) / 2; ++w)
                for (int lane = 0; lane < TC_DAM_GROUP; ++lane)
                    words[w][lane] = rng->next_uint64(rng->state);
        /* Trick 0, then the refill tricks (each hand first takes its card of the refill after
         * trick t - 1) and the short refill, then the tricks that play the hands out: one loop
         * with each kind of trick written once, and no test of t inside a trick. */
        for (int t = 0; t < tricks;) {
            TC_DAM_UNROLL_LANES
            for (int lane = 0; lane < TC_DAM_GROUP; ++lane)
                play_full_trick(r, table[lane], trumps[lane], &s[lane], &h[lane], 0, 0, rng,
                                trick_draws(words, t, lane), n, jokers, batch, last, policy, isa,
                                tc_playout_lane_recorder(record ? rec : 0, lane));
            if (++t > 1) continue;
            for (; t <= full_refills; ++t) {
                int drawn = dealt + (t - 1) * n;
                TC_DAM_UNROLL_LANES
                for (int lane = 0; lane < TC_DAM_GROUP; ++lane)
                    play_full_trick(r, table[lane], trumps[lane], &s[lane], &h[lane],
                                    s[lane].pile + drawn, n, rng, trick_draws(words, t, lane), n,
                                    jokers, batch, last, policy, isa,
                                    tc_playout_lane_recorder(record ? rec : 0, lane));
            }
            if (short_refill)
                for (int lane = 0; lane < TC_DAM_GROUP; ++lane)
                    lane_short_refill(&h[lane], s[lane].pile + dealt + full_refills * n,
                                      s[lane].head.leader, n, short_refill);
        }
        for (int lane = 0; lane < TC_DAM_GROUP; ++lane) s[lane].last_winner = s[lane].head.leader;
        /* A short refill leaves some hands a card longer than others: those play on, from the
         * checked path's state. Otherwise every hand is empty now: the deal is over. */
        for (int lane = 0; short_refill && lane < TC_DAM_GROUP; ++lane) {
            for (int p = 0; p < n; ++p) {
                s[lane].hands[p].once = h[lane].held[p];
                s[lane].hands[p].twice = h[lane].held[p] & ~h[lane].odd[p];
            }
            s[lane].pile_next = s[lane].pile_end; /* the last refill drew the last card */
            s[lane].head.to_act = s[lane].head.leader;
            s[lane].head.tricks_played = (int16_t)tricks;
            seat_holders(r, &s[lane], s[lane].head.leader); /* sets up the short trick */
            play_out(r, &s[lane], policy, rng, 0, tc_playout_lane_recorder(record ? rec : 0, lane));
        }
        for (int lane = 0; lane < lanes; ++lane) {
            int64_t j = first + lane;
            tc_dam_score(r, &s[lane], out->points + j * n);
            for (int p = 0; p < n; ++p) out->tricks[j * n + p] = s[lane].head.tricks_won[p];
            out->trump[j] = s[lane].trump;
            out->last_trick[j] = s[lane].last_winner;
        }
    }
}

typedef void (*simulate_fn)(const tc_dam_rules *r, bitgen_t *rng, int64_t count,
                            const tc_dam_block *out);

/* Any rules, policy and recording: players and jokers read from the rules. */
static void simulate_generic(const tc_dam_rules *r, bitgen_t *rng, int policy, int64_t count,
                             const tc_dam_block *out)
{
    simulate_lanes(r, rng, count, out, r->players, 1, draws_batches(r, policy),
                   r->trick.duplicates == TC_DUP_LAST, policy, out->plays != 0, TC_ISA_PORTABLE);
}

/* The fast loops (random policy, no recording) per (deck, players), deck 0: no jokers, "first";
 * 1: no jokers, "last"; 2: jokers (either rule). One list, a row per deck, defines each
 * instruction set's functions and fills its table. */
/* clang-format off */
#define TC_DAM_FAST_LOOPS(X, ...) \
    X(0, 2, __VA_ARGS__) X(0, 3, __VA_ARGS__) X(0, 4, __VA_ARGS__) \
    X(1, 2, __VA_ARGS__) X(1, 3, __VA_ARGS__) X(1, 4, __VA_ARGS__) \
    X(2, 2, __VA_ARGS__) X(2, 3, __VA_ARGS__) X(2, 4, __VA_ARGS__)
/* clang-format on */
#define TC_DAM_FAST_DEFINE(deck, n, suffix, target, isa) \
    target static void fast_##deck##_##n##_##suffix(const tc_dam_rules *r, bitgen_t *rng, \
                                                    int64_t count, const tc_dam_block *out) \
    { \
        simulate_lanes(r, rng, count, out, n, (deck) == 2, (deck) != 2, \
                       (deck) == 2 ? r->trick.duplicates == TC_DUP_LAST : (deck), TC_DAM_RANDOM, \
                       0, isa); \
    }
#define TC_DAM_FAST_ENTRY(deck, n, suffix, target, isa) \
    [deck][(n) - 2] = fast_##deck##_##n##_##suffix,

TC_DAM_FAST_LOOPS(TC_DAM_FAST_DEFINE, portable, , TC_ISA_PORTABLE)
static const simulate_fn loops_portable[3][3] = {
    TC_DAM_FAST_LOOPS(TC_DAM_FAST_ENTRY, portable, , TC_ISA_PORTABLE)};
#ifdef TC_ISA_BMI2_CLONE
TC_DAM_FAST_LOOPS(TC_DAM_FAST_DEFINE, bmi2, TC_ISA_BMI2_TARGET, TC_ISA_BMI2)
static const simulate_fn loops_bmi2[3][3] = {
    TC_DAM_FAST_LOOPS(TC_DAM_FAST_ENTRY, bmi2, TC_ISA_BMI2_TARGET, TC_ISA_BMI2)};
#endif

int tc_dam_simulate(const tc_dam_rules *r, bitgen_t *rng, int policy, int64_t count,
                    const tc_dam_block *out, int loop)
{
    int rc = check_policy(policy);
    if (rc != TC_OK) return rc;
    if (loop < TC_DAM_LOOP_BEST || loop > TC_DAM_LOOP_GENERIC) return TC_ERR_ARGUMENT;
    if (policy != TC_DAM_RANDOM || out->plays || loop == TC_DAM_LOOP_GENERIC) {
        simulate_generic(r, rng, policy, count, out);
        return TC_OK;
    }
    int deck = (r->deck.once & TC_JOKER_MASK) ? 2 : r->trick.duplicates == TC_DUP_LAST;
    int players = r->players - 2;
    int isa = loop == TC_DAM_LOOP_PORTABLE ? TC_ISA_PORTABLE : tc_isa_best();
    simulate_fn fast = loops_portable[deck][players];
#ifdef TC_ISA_BMI2_CLONE
    if (isa == TC_ISA_BMI2) fast = loops_bmi2[deck][players];
#endif
    fast(r, rng, count, out);
    return TC_OK;
}
