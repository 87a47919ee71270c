#include "trickcore/dam/sample.h"

#include "trickcore/core/status.h"

#define MARKER 56  /* pile stand-ins 56.. in the public replay: who draws which index */
#define HOLDING 63 /* a stand-in card: the seat still holds cards at the end of the view */

/* Once the pile is empty: the seats that hold no card when the view ends lose their stand-in. */
static void settle_holders(const tc_dam_sampler *s, const int *total, tc_dam_state *st)
{
    for (int p = 0; p < s->players; ++p)
        if (s->count[p] == total[p]) st->hands[p].once &= ~tc_bit(HOLDING);
}

/* The public replay: every seat's places (the deal, then each draw with the trick after which
 * it was drawn) and its plays with their tricks and the voids they show, from the referee run
 * on stand-in hands (each seat's plays to come) and a pile of markers. */
static int replay(const tc_dam_rules *r, const tc_dam_view *v, tc_dam_sampler *s)
{
    int n = r->players, h = r->hand_size, dealt = n * h, total[TC_DAM_MAX_PLAYERS] = {0};
    uint8_t cards[TC_DAM_MAX_CARDS];
    tc_multiset hands[TC_DAM_MAX_PLAYERS];
    for (int i = 0; i < r->deck_size; ++i) cards[i] = r->deck_cards[i];
    if (r->turn_trump) { /* the turned card first in the pile: it sets the trump */
        int i = 0;
        while (i < r->deck_size && cards[i] != v->turned) ++i;
        if (i == r->deck_size) return TC_ERR_ARGUMENT;
        cards[i] = cards[dealt];
        cards[dealt] = v->turned;
    }
    for (int p = 0; p < n; ++p) {
        hands[p] = (tc_multiset){0, 0};
        for (int k = 0; k < h; ++k) tc_multiset_add(&hands[p], cards[p * h + k]);
    }
    tc_dam_state st;
    if (tc_dam_start(r, &st, hands, cards + dealt, r->deck_size - dealt, v->dealer) != TC_OK)
        return TC_ERR_ARGUMENT;
    for (int p = 0; p < n; ++p) st.hands[p] = (tc_multiset){0, 0};
    for (int i = 0; i < v->plays; ++i) {
        if (v->play_seat[i] >= n || v->play_card[i] >= TC_NUM_CARD_IDS ||
            tc_multiset_add(&st.hands[v->play_seat[i]], v->play_card[i]) != TC_OK)
            return TC_ERR_ARGUMENT;
        total[v->play_seat[i]]++;
    }
    for (int p = 0; p < n; ++p) {
        st.hands[p].once |= tc_bit(HOLDING);
        s->count[p] = h;
        s->plays[p] = 0;
        for (int k = 0; k < h; ++k) {
            s->place[p * h + k] = (tc_dam_place){(int8_t)p, 0};
            s->order[p][k] = (uint8_t)(p * h + k);
        }
    }
    s->places = r->deck_size;
    for (int i = 0; i < st.pile_end; ++i) s->place[dealt + i] = (tc_dam_place){-1, 0};
    if (st.pile_end == 0) settle_holders(s, total, &st);
    for (int i = 0; i < v->plays; ++i) {
        int seat = v->play_seat[i], card = v->play_card[i], j = s->plays[seat];
        if (st.head.phase != TC_PHASE_PLAY || seat != st.head.to_act) return TC_ERR_ARGUMENT;
        s->play_card[seat][j] = (uint8_t)card;
        s->play_trick[seat][j] = (int8_t)st.head.tricks_played;
        s->play_voids[seat][j] = r->shows_void[st.led + 1][card];
        s->plays[seat] = j + 1;
        int before = st.pile_next;
        for (int k = 0; k < n && before + k < st.pile_end; ++k)
            st.pile[before + k] = (uint8_t)(MARKER + k);
        tc_dam_play_unchecked(r, &st, card);
        for (int k = 0; k < st.pile_next - before; ++k)
            for (int p = 0; p < n; ++p)
                if (st.hands[p].once & tc_bit(MARKER + k)) {
                    st.hands[p].once &= ~tc_bit(MARKER + k);
                    s->place[dealt + before + k] =
                        (tc_dam_place){(int8_t)p, (int8_t)st.head.tricks_played};
                    s->order[p][s->count[p]++] = (uint8_t)(dealt + before + k);
                }
        if (before < st.pile_end && st.pile_next == st.pile_end) settle_holders(s, total, &st);
    }
    return TC_OK;
}

static int class_of(int card)
{
    return tc_is_joker(card) ? TC_NUM_SUITS : tc_suit(card);
}

static unsigned __int128 choose(int n, int k)
{
    unsigned __int128 c = 1;
    for (int i = 1; i <= k; ++i) c = c * (unsigned)(n - k + i) / (unsigned)i;
    return c;
}

/* Splits of class k's cards among the hidden hands from the needs `need` (the rest to the
 * pile): sums C(left, a_1) C(left - a_1, a_2)... ways[k + 1][need - a]; with `pick`, stops at
 * the split where the sum passes *pick, leaving it in a. 0 on overflow. */
static int splits(const tc_dam_sampler *s, int k, int i, const int *need, int *a, int left,
                  unsigned __int128 weight, unsigned __int128 *sum, const unsigned __int128 *pick)
{
    if (i == s->holders) {
        int state = 0;
        for (int h = s->holders - 1; h >= 0; --h) state = state * s->radix[h] + need[h] - a[h];
        unsigned __int128 term;
        if (__builtin_mul_overflow(weight, s->ways[k + 1][state], &term) ||
            __builtin_add_overflow(*sum, term, sum))
            return 0;
        return pick && *sum > *pick ? 2 : 1;
    }
    int p = s->holder[i], most = s->lacks[p] >> k & 1 ? 0 : left < need[i] ? left : need[i];
    for (a[i] = 0; a[i] <= most; ++a[i]) {
        unsigned __int128 w;
        if (__builtin_mul_overflow(weight, choose(left, a[i]), &w)) return 0;
        int rc = splits(s, k, i + 1, need, a, left - a[i], w, sum, pick);
        if (rc != 1) return rc;
    }
    return 1;
}

static void decode(const tc_dam_sampler *s, int state, int *need)
{
    for (int h = 0; h < s->holders; ++h) {
        need[h] = state % s->radix[h];
        state /= s->radix[h];
    }
}

/* The hidden hands' suits lacked for good, the unseen cards by class, and the table of ways. */
static void count_ways(tc_dam_sampler *s)
{
    int n = s->players, states = 1, need[TC_DAM_MAX_PLAYERS], a[TC_DAM_MAX_PLAYERS];
    s->holders = 0;
    for (int p = 0; p < n; ++p) {
        s->lacks[p] = 0;
        if (!(s->hidden >> p & 1)) continue;
        int last = s->place[s->order[p][s->count[p] - 1]].avail;
        for (int j = 0; j < s->plays[p]; ++j)
            if (s->play_trick[p][j] >= last) s->lacks[p] |= s->play_voids[p][j];
        s->holder[s->holders] = p;
        s->radix[s->holders++] = s->count[p] - s->plays[p] + 1;
        states *= s->count[p] - s->plays[p] + 1;
    }
    for (int k = 0; k < TC_DAM_SAMPLE_CLASSES; ++k) s->class_size[k] = 0;
    for (int i = 0; i < s->pool_size[n]; ++i) {
        int c = s->pool[n][i], k = class_of(c);
        s->class_cards[k][s->class_size[k]++] = (uint8_t)c;
    }
    s->counted = states <= TC_DAM_SAMPLE_STATES;
    for (int state = 0; s->counted && state < states; ++state)
        s->ways[TC_DAM_SAMPLE_CLASSES][state] = state == 0;
    for (int k = TC_DAM_SAMPLE_CLASSES - 1; k >= 0 && s->counted; --k)
        for (int state = 0; state < states; ++state) {
            unsigned __int128 sum = 0;
            decode(s, state, need);
            if (!splits(s, k, 0, need, a, s->class_size[k], 1, &sum, 0)) s->counted = 0;
            s->ways[k][state] = sum;
        }
    if (s->counted) {
        for (int h = 0; h < s->holders; ++h) need[h] = s->radix[h] - 1;
        int top = 0;
        for (int h = s->holders - 1; h >= 0; --h) top = top * s->radix[h] + need[h];
        s->counted = s->ways[0][top] != 0;
    }
}

/* Uniform below any 128-bit bound. */
static unsigned __int128 below(bitgen_t *rng, unsigned __int128 bound)
{
    int bits = 128;
    while (bits > 1 && !((bound - 1) >> (bits - 1) & 1)) --bits;
    unsigned __int128 mask =
                          bits == 128 ? ~(unsigned __int128)0 : ((unsigned __int128)1 << bits) - 1,
                      x;
    do {
        x = (unsigned __int128)rng->next_uint64(rng->state) << 64;
        x = (x | rng->next_uint64(rng->state)) & mask;
    } while (x >= bound);
    return x;
}

/* Shuffles cards[0..count) uniformly. */
static void shuffle(tc_draw8 *d, uint8_t *cards, int count)
{
    for (int i = 0; i < count - 1; ++i) {
        int k = i + tc_draw8_below(d, (uint32_t)(count - i));
        uint8_t c = cards[k];
        cards[k] = cards[i];
        cards[i] = c;
    }
}

/* The unseen cards into the hidden group's free places (free[0..room): each hidden hand's, in
 * seat order, then the pile's) uniformly among the deals keeping every suit out of the hands
 * lacking it for good; out[i] the card of free[i]. */
static void deal_unseen(const tc_dam_sampler *s, tc_draw8 *d, int room, uint8_t *out)
{
    int need[TC_DAM_MAX_PLAYERS], a[TC_DAM_MAX_PLAYERS], fill[TC_DAM_MAX_PLAYERS + 1];
    int start = 0, n = s->players;
    if (!s->counted) {
        for (int i = 0; i < room; ++i) out[i] = s->pool[n][i];
        shuffle(d, out, room);
        return;
    }
    for (int h = 0; h < s->holders; ++h) {
        need[h] = s->radix[h] - 1;
        fill[h] = start;
        start += need[h];
    }
    fill[s->holders] = start;
    for (int k = 0; k < TC_DAM_SAMPLE_CLASSES; ++k) {
        int state = 0, size = s->class_size[k], next = 0;
        for (int h = s->holders - 1; h >= 0; --h) state = state * s->radix[h] + need[h];
        unsigned __int128 pick = below(d->rng, s->ways[k][state]), sum = 0;
        splits(s, k, 0, need, a, size, 1, &sum, &pick);
        uint8_t cards[TC_DAM_MAX_CARDS];
        for (int i = 0; i < size; ++i) cards[i] = s->class_cards[k][i];
        shuffle(d, cards, size);
        for (int h = 0; h < s->holders; ++h) {
            for (int j = 0; j < a[h]; ++j) out[fill[h]++] = cards[next++];
            need[h] -= a[h];
        }
        while (next < size) out[fill[s->holders]++] = cards[next++];
    }
    start = 0;
    for (int h = 0; h <= s->holders; ++h) { /* each hand's cards, and the pile's, in any order */
        shuffle(d, out + start, fill[h] - start);
        start = fill[h];
    }
}

/* Removes one copy of `card` from the counts; 0 when none is left. */
static int take(int *left, int card)
{
    if (left[card] <= 0) return 0;
    left[card]--;
    return 1;
}

int tc_dam_sample_plan(const tc_dam_rules *r, const tc_dam_view *v, tc_dam_sampler *s)
{
    int n = r->players, h = r->hand_size;
    if (v->seat < 0 || v->seat >= n || v->plays < 0 || v->plays > r->deck_size)
        return TC_ERR_ARGUMENT;
    s->players = n;
    s->hand_size = h;
    s->hidden = v->open_hands ? 1 << v->seat : ((1 << n) - 1) & ~(1 << v->seat);
    int rc = replay(r, v, s);
    if (rc != TC_OK) return rc;
    int left[TC_NUM_CARD_IDS];
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c) left[c] = tc_multiset_count(r->deck, c);
    for (int p = 0; p < n; ++p) {
        int held = s->count[p] - s->plays[p];
        s->pool_size[p] = 0;
        for (int j = 0; j < s->plays[p]; ++j) {
            int deadline = 0; /* places got before the j-th play's trick */
            while (deadline < s->count[p] &&
                   s->place[s->order[p][deadline]].avail <= s->play_trick[p][j])
                ++deadline;
            if (deadline <= j || !take(left, s->play_card[p][j])) return TC_ERR_ARGUMENT;
            s->prefix[p][j] = (uint8_t)deadline;
        }
        if (s->hidden >> p & 1) continue;
        if (tc_multiset_size(v->hands[p]) != held) return TC_ERR_ARGUMENT;
        for (int c = 0; c < TC_NUM_CARD_IDS; ++c)
            for (int k = 0; k < tc_multiset_count(v->hands[p], c); ++k) {
                if (!take(left, c)) return TC_ERR_ARGUMENT;
                s->pool[p][s->pool_size[p]++] = (uint8_t)c;
            }
    }
    int dealt = n * h, pile = r->deck_size - dealt, unseen = 0;
    s->pinned = -1;
    s->pile_free = 0;
    if (r->turn_trump) {
        s->pinned = dealt + pile - 1; /* the turned card is drawn last */
        s->pinned_card = v->turned;
        if (s->place[s->pinned].owner < 0 && !take(left, v->turned)) return TC_ERR_ARGUMENT;
    }
    for (int i = 0; i < pile; ++i)
        if (s->place[dealt + i].owner < 0 && dealt + i != s->pinned)
            s->pile_place[s->pile_free++] = (uint8_t)(dealt + i);
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c)
        for (int k = 0; k < left[c]; ++k) s->pool[n][unseen++] = (uint8_t)c;
    s->pool_size[n] = unseen;
    int room = s->pile_free;
    for (int p = 0; p < n; ++p)
        if (s->hidden >> p & 1) room += s->count[p] - s->plays[p];
    if (room != unseen) return TC_ERR_ARGUMENT;
    count_ways(s);
    return TC_OK;
}

/* Deals seat p's plays to its places uniformly among the ways each is got before its trick:
 * the j-th play takes a place of the growing prefix, order[0..j) the earlier ones. */
static void place_plays(const tc_dam_sampler *s, int p, tc_draw8 *d, uint8_t *order, uint8_t *cards)
{
    for (int k = 0; k < s->count[p]; ++k) order[k] = s->order[p][k];
    for (int j = 0; j < s->plays[p]; ++j) {
        int at = j + tc_draw8_below(d, (uint32_t)(s->prefix[p][j] - j));
        uint8_t t = order[at];
        order[at] = order[j];
        order[j] = t;
        cards[t] = s->play_card[p][j];
    }
}

/* The referee's verdict on seat p's places: each play held when made, no card of a suit the
 * seat showed it lacked held at that trick. */
static int legal_history(const tc_dam_sampler *s, int p, const uint8_t *cards)
{
    int held[TC_NUM_CARD_IDS] = {0}, suits[TC_NUM_SUITS] = {0}, got = 0;
    for (int j = 0; j < s->plays[p]; ++j) {
        int trick = s->play_trick[p][j], card = s->play_card[p][j];
        for (; got < s->count[p] && s->place[s->order[p][got]].avail <= trick; ++got) {
            int c = cards[s->order[p][got]];
            held[c]++;
            if (!tc_is_joker(c)) suits[tc_suit(c)]++;
        }
        for (int suit = 0; suit < TC_NUM_SUITS; ++suit)
            if ((s->play_voids[p][j] >> suit & 1) && suits[suit]) return 0;
        if (!held[card]) return 0;
        held[card]--;
        if (!tc_is_joker(card)) suits[tc_suit(card)]--;
    }
    return 1;
}

/* Whether seat p's play j may lie at the group's place `at` (a pooled card, j < 0, at any place
 * of its group but in a hand lacking its suit for good). */
static int may_lie(const tc_dam_sampler *s, int p, int j, int card, int at)
{
    int owner = s->place[at].owner;
    if (j < 0) return owner < 0 || !(s->lacks[owner] >> class_of(card) & 1);
    return owner == p && s->place[at].avail <= s->play_trick[p][j];
}

/* One proposal for the places of `group` (a seen seat p, or s->players: the hidden seats and the
 * pile): 1 when accepted. */
static int propose(const tc_dam_sampler *s, int group, tc_draw8 *d, uint8_t *cards)
{
    uint8_t order[TC_DAM_MAX_CARDS], free[TC_DAM_MAX_CARDS], pool[TC_DAM_MAX_CARDS];
    int n = s->players, room = 0;
    /* whose[c]: up to two items with card c: (seat, play index or -1 pooled, place) */
    int8_t who_seat[TC_NUM_CARD_IDS][2], who_play[TC_NUM_CARD_IDS][2];
    uint8_t who_at[TC_NUM_CARD_IDS][2], items[TC_NUM_CARD_IDS] = {0};
    for (int p = 0; p < n; ++p) {
        if (group == n ? !(s->hidden >> p & 1) : p != group) continue;
        place_plays(s, p, d, order, cards);
        for (int j = 0; j < s->plays[p]; ++j) {
            int c = s->play_card[p][j], k = items[c]++;
            who_seat[c][k] = (int8_t)p;
            who_play[c][k] = (int8_t)j;
            who_at[c][k] = order[j];
        }
        for (int k = s->plays[p]; k < s->count[p]; ++k) free[room++] = order[k];
    }
    if (group == n)
        for (int i = 0; i < s->pile_free; ++i) free[room++] = s->pile_place[i];
    if (group == n) {
        deal_unseen(s, d, room, pool);
    } else {
        for (int i = 0; i < room; ++i) pool[i] = s->pool[group][i];
        shuffle(d, pool, room);
    }
    for (int i = 0; i < room; ++i) {
        int c = pool[i], m = items[c]++;
        cards[free[i]] = pool[i];
        who_seat[c][m] = -1;
        who_play[c][m] = -1;
        who_at[c][m] = free[i];
    }
    if (s->pinned >= 0) {
        int owner = s->place[s->pinned].owner;
        int mine = owner >= 0 && (group == n ? s->hidden >> owner & 1 : owner == group);
        if (mine && cards[s->pinned] != s->pinned_card) return 0;
    }
    for (int p = 0; p < n; ++p) {
        if (group == n ? !(s->hidden >> p & 1) : p != group) continue;
        if (!legal_history(s, p, cards)) return 0;
    }
    /* Two items of one card that could trade places make the same deal twice: keep half. */
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c) {
        if (items[c] < 2 || (who_play[c][0] < 0 && who_play[c][1] < 0)) continue;
        int p0 = who_seat[c][0], p1 = who_seat[c][1];
        if (may_lie(s, p0, who_play[c][0], c, who_at[c][1]) &&
            may_lie(s, p1, who_play[c][1], c, who_at[c][0]) && tc_draw8_below(d, 2))
            return 0;
    }
    return 1;
}

int tc_dam_sample_draw(const tc_dam_sampler *s, bitgen_t *rng, int64_t count, uint8_t *cards)
{
    tc_draw8 d;
    tc_draw8_init(&d, rng);
    for (int64_t i = 0; i < count; ++i, cards += s->places) {
        if (s->pinned >= 0 && s->place[s->pinned].owner < 0)
            cards[s->pinned] = (uint8_t)s->pinned_card;
        for (int group = 0; group <= s->players; ++group) {
            if (group < s->players && (s->hidden >> group & 1)) continue;
            int64_t tries = 0;
            while (!propose(s, group, &d, cards))
                if (++tries == TC_DAM_SAMPLE_MAX_TRIES) return TC_ERR_TOO_LONG;
        }
    }
    return TC_OK;
}
