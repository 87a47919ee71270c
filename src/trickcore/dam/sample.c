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

/* Pascal's triangle: binom[n][k] = C(n, k) for k < TC_DAM_SAMPLE_HAND. */
static void fill_binomials(tc_dam_sampler *s)
{
    for (int n = 0; n <= TC_DAM_MAX_CARDS; ++n)
        for (int k = 0; k < TC_DAM_SAMPLE_HAND; ++k)
            s->binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : s->binom[n - 1][k - 1] + s->binom[n - 1][k];
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

/* Removes one copy of `card` from the counts; 0 when none is left. */
static int take(int *left, int card)
{
    if (left[card] <= 0) return 0;
    left[card]--;
    return 1;
}

/* Compositions of m cards into q classes. */
static int compositions(const tc_dam_sampler *s, int m, int q)
{
    return (int)s->binom[m + q - 1][q - 1];
}

/* The index of the held classes v (q of them, m cards) among the compositions, in lexicographic
 * order: the table's layout per step. */
static int rank(const tc_dam_sampler *s, int q, int m, const int *v)
{
    int at = 0;
    for (int i = 0; i < q - 1; ++i) {
        at += s->rank_at[q - i][m][v[i]];
        m -= v[i];
    }
    return at;
}

/* Seat p's classes and its steps backward from the view: a place when it was got after the
 * next play to undo, else that play. The counted span ends after the earliest play showing a
 * void, or sooner where the counts could pass 2^124; later plays' voids are checked. */
static void plan_history(tc_dam_sampler *s, int p)
{
    int voided = 0, k = s->count[p] - 1, held = s->count[p] - s->plays[p], step = 0;
    for (int j = 0; j < s->plays[p]; ++j) voided |= s->play_voids[p][j];
    s->classes[p] = 0;
    for (int c = 0; c < TC_NUM_SUITS; ++c)
        if (voided >> c & 1) s->klass[p][c] = (uint8_t)s->classes[p]++;
    for (int c = 0; c < TC_DAM_SAMPLE_CLASSES; ++c)
        if (c == TC_NUM_SUITS || !(voided >> c & 1)) s->klass[p][c] = (uint8_t)s->classes[p];
    s->classes[p]++;
    s->span[p] = 0;
    for (int j = s->plays[p] - 1; j >= 0; ++step) {
        s->step_size[p][step] = (uint8_t)held;
        if (s->place[s->order[p][k]].avail > s->play_trick[p][j]) {
            s->step_play[p][step] = -1;
            s->step_place[p][step] = s->order[p][k--];
            held--;
        } else {
            s->step_play[p][step] = (int8_t)j;
            if (s->play_voids[p][j]) s->span[p] = step + 1;
            j--;
            held++;
        }
    }
    s->steps[p] = step;
    unsigned __int128 most = 1, limit = (unsigned __int128)1 << 124;
    for (step = 0; step < s->span[p]; ++step) {
        int size = s->step_size[p][step];
        if (s->step_play[p][step] < 0 && most > limit / (unsigned)size) break;
        if (s->step_play[p][step] < 0) most *= (unsigned)size;
        s->step_at[p][step] = s->entries;
        s->entries += compositions(s, size, s->classes[p]);
    }
    s->span[p] = step;
    s->checked[p] = 0;
    for (; step < s->steps[p]; ++step) {
        int j = s->step_play[p][step];
        if (j >= 0 && s->play_voids[p][j] && s->checked[p] <= j) s->checked[p] = j + 1;
    }
}

/* The split's levels: the hidden seats whose history counts span a play (so depend on the hand),
 * most classes first; level i's classes: one per suit seat i or a later one showed lacking, then
 * the rest. */
static void plan_split(tc_dam_sampler *s)
{
    int lacked = 0;
    s->split = 0;
    for (int p = 0; p < s->players; ++p) {
        if (!(s->hidden >> p & 1) || s->span[p] == 0) continue;
        int i = s->split++;
        for (; i > 0 && s->classes[s->split_seat[i - 1]] < s->classes[p]; --i)
            s->split_seat[i] = s->split_seat[i - 1];
        s->split_seat[i] = p;
    }
    s->split_taken[0] = 0;
    for (int i = 0; i < s->split; ++i) {
        int p = s->split_seat[i];
        s->split_taken[i + 1] = s->split_taken[i] + s->count[p] - s->plays[p];
    }
    for (int i = s->split - 1; i >= 0; --i) {
        int p = s->split_seat[i], q = 0;
        for (int suit = 0; suit < TC_NUM_SUITS; ++suit)
            if (s->klass[p][suit] != s->klass[p][TC_NUM_SUITS]) lacked |= 1 << suit;
        for (int k = 0; k < TC_NUM_SUITS; ++k)
            if (lacked >> k & 1) s->split_class[i][k] = (uint8_t)q++;
        for (int k = 0; k < TC_DAM_SAMPLE_CLASSES; ++k)
            if (k == TC_NUM_SUITS || !(lacked >> k & 1)) s->split_class[i][k] = (uint8_t)q;
        s->split_classes[i] = ++q;
        for (int c = 0; c < q; ++c) s->split_size[i][c] = 0;
        for (int k = 0; k < TC_DAM_SAMPLE_CLASSES; ++k) {
            s->split_size[i][s->split_class[i][k]] += s->class_size[k];
            if (i + 1 < s->split) s->split_next[i][s->split_class[i][k]] = s->split_class[i + 1][k];
        }
        s->split_ways[i] = s->entries;
        s->entries += compositions(s, s->count[p] - s->plays[p], q);
        s->split_at[i] = s->entries;
        s->entries += compositions(s, s->split_taken[i], q);
    }
}

int tc_dam_sample_plan(const tc_dam_rules *r, const tc_dam_view *v, tc_dam_sampler *s)
{
    int n = r->players, h = r->hand_size;
    if (v->seat < 0 || v->seat >= n || v->plays < 0 || v->plays > r->deck_size)
        return TC_ERR_ARGUMENT;
    s->players = n;
    s->hand_size = h;
    fill_binomials(s);
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
    for (int k = 0; k < TC_DAM_SAMPLE_CLASSES; ++k) s->class_size[k] = 0;
    for (int i = 0; i < unseen; ++i) {
        int c = s->pool[n][i], k = class_of(c);
        s->class_cards[k][s->class_size[k]++] = (uint8_t)c;
    }
    for (int q = 2; q <= TC_DAM_SAMPLE_CLASSES; ++q)
        for (int m = 0; m < TC_DAM_SAMPLE_TAKEN; ++m)
            for (int x = 0, at = 0; x <= m; at += compositions(s, m - x, q - 1), ++x)
                s->rank_at[q][m][x] = at;
    s->entries = 0;
    s->ways_bits = TC_DAM_SAMPLE_WAYS_BITS;
    s->split_bits = TC_DAM_SAMPLE_SPLIT_BITS;
    for (int p = 0; p < n; ++p) plan_history(s, p);
    plan_split(s);
    return TC_OK;
}

/* The ways to finish seat p's counted span from step `step` with held classes v; 1 past it. */
static tc_sample_count ways_at(const tc_dam_sampler *s, const tc_sample_count *table, int p,
                               int step, const int *v)
{
    if (step >= s->span[p]) return 1;
    return table[s->step_at[p][step] + rank(s, s->classes[p], s->step_size[p][step], v)];
}

/* What seat p's step gives from held classes v: a place takes a card of any class (v[k] ways
 * for class k); a play puts its card back, none when the hand then shows a void wrongly. */
static tc_sample_count step_ways(const tc_dam_sampler *s, const tc_sample_count *table, int p,
                                 int step, int *v)
{
    int j = s->step_play[p][step];
    tc_sample_count sum = 0;
    if (j >= 0) {
        int k = s->klass[p][class_of(s->play_card[p][j])], lacking = 0;
        v[k]++;
        for (int suit = 0; suit < TC_NUM_SUITS; ++suit)
            if (s->play_voids[p][j] >> suit & 1) lacking |= v[s->klass[p][suit]];
        if (!lacking) sum = ways_at(s, table, p, step + 1, v);
        v[k]--;
        return sum;
    }
    for (int k = 0; k < s->classes[p]; ++k)
        if (v[k]) {
            v[k]--;
            sum += (unsigned)(v[k] + 1) * ways_at(s, table, p, step + 1, v);
            v[k]++;
        }
    return sum;
}

/* Stores step_ways for every held classes (i.. of them left, `left` cards) in rank order. */
static void fill(const tc_dam_sampler *s, tc_sample_count *table, int p, int step, int i, int left,
                 int *v, int32_t *at)
{
    if (i == s->classes[p] - 1) {
        v[i] = left;
        table[(*at)++] = step_ways(s, table, p, step, v);
        return;
    }
    for (v[i] = 0; v[i] <= left; ++v[i]) fill(s, table, p, step, i + 1, left - v[i], v, at);
}

/* The first composition of m cards into q classes in lexicographic order (all in the last). */
static void first_composition(int *v, int q, int m)
{
    for (int c = 0; c < q - 1; ++c) v[c] = 0;
    v[q - 1] = m;
}

/* The next composition (the same sum) in lexicographic order; 0 after the last. */
static int next_composition(int *v, int q)
{
    int j = q - 1;
    while (j > 0 && !v[j]) --j;
    if (j == 0) return 0;
    int tail = v[j] - 1;
    v[j] = 0;
    v[j - 1]++;
    v[q - 1] = tail;
    return 1;
}

/* Seat p's held classes from a hand by level i's classes. */
static void seat_classes(const tc_dam_sampler *s, int i, int p, const int *a, int *v)
{
    for (int k = 0; k < s->classes[p]; ++k) v[k] = 0;
    for (int k = 0; k < TC_DAM_SAMPLE_CLASSES; ++k)
        if (s->split_class[i][k] != s->split_class[i][TC_NUM_SUITS] || k == TC_NUM_SUITS)
            v[s->klass[p][k]] += a[s->split_class[i][k]];
}

/* Level i from cards taken t (by its classes): the sum over seat i's hands a of prod_c C(r_c,
 * a_c) (r: the cards left) times a's rounded ways times level i + 1's count at t + a. With
 * `pick`, stops where the sum passes *pick, leaving the hand in a. */
static tc_sample_count level_sum(const tc_dam_sampler *s, const tc_sample_count *table, int i,
                                 const int *t, int *a, const tc_sample_count *pick)
{
    int q = s->split_classes[i], r[TC_DAM_SAMPLE_CLASSES], next[TC_DAM_SAMPLE_CLASSES];
    int p = s->split_seat[i], last = i + 1 == s->split;
    int32_t at = s->split_ways[i];
    tc_sample_count sum = 0;
    for (int c = 0; c < q; ++c)
        if ((r[c] = s->split_size[i][c] - t[c]) < 0) return 0;
    first_composition(a, q, s->count[p] - s->plays[p]);
    do {
        tc_sample_count w = table[at++];
        for (int c = 0; c < q && w; ++c) w = a[c] > r[c] ? 0 : w * s->binom[r[c]][a[c]];
        if (!w) continue;
        if (!last) {
            int nq = s->split_classes[i + 1];
            for (int c = 0; c < nq; ++c) next[c] = 0;
            for (int c = 0; c < q; ++c) next[s->split_next[i][c]] += t[c] + a[c];
            w *= table[s->split_at[i + 1] + rank(s, nq, s->split_taken[i + 1], next)];
        }
        sum += w;
        if (pick && sum > *pick) return sum;
    } while (next_composition(a, q));
    return sum;
}

/* The bits of x: 0 for 0. */
static int bits_of(tc_sample_count x)
{
    int bits = 0;
    for (; x; x >>= 1) ++bits;
    return bits;
}

/* Level i's rounded ways of seat i's hands (at most s->ways_bits bits after the level's ways
 * shift, rounded up), then its counts by cards taken (s->split_bits). */
static void count_level(tc_dam_sampler *s, tc_sample_count *table, int i)
{
    int q = s->split_classes[i], p = s->split_seat[i], m = s->count[p] - s->plays[p];
    int a[TC_DAM_SAMPLE_CLASSES], v[TC_DAM_SAMPLE_CLASSES];
    tc_sample_count most = 0;
    int32_t at = s->split_ways[i];
    first_composition(a, q, m);
    do {
        seat_classes(s, i, p, a, v);
        table[at] = ways_at(s, table, p, 0, v);
        if (table[at] > most) most = table[at];
        ++at;
    } while (next_composition(a, q));
    int shift = bits_of(most) - s->ways_bits;
    s->ways_shift[i] = shift = shift > 0 ? shift : 0;
    for (int32_t e = s->split_ways[i]; e < at; ++e)
        table[e] = (table[e] + ((tc_sample_count)1 << shift) - 1) >> shift;
    most = 0;
    at = s->split_at[i];
    first_composition(a, q, s->split_taken[i]);
    do {
        table[at] = level_sum(s, table, i, a, v, 0);
        if (table[at] > most) most = table[at];
        ++at;
    } while (next_composition(a, q));
    shift = bits_of(most) - s->split_bits;
    s->split_shift[i] = shift = shift > 0 ? shift : 0;
    for (int32_t e = s->split_at[i]; e < at; ++e)
        table[e] = (table[e] + ((tc_sample_count)1 << shift) - 1) >> shift;
}

int tc_dam_sample_count(tc_dam_sampler *s, tc_sample_count *table)
{
    int n = s->players, v[TC_DAM_SAMPLE_CLASSES];
    for (int p = 0; p < n; ++p) {
        for (int step = s->span[p] - 1; step >= 0; --step) {
            int32_t at = s->step_at[p][step];
            fill(s, table, p, step, 0, s->step_size[p][step], v, &at);
        }
        if (s->hidden >> p & 1) continue;
        for (int k = 0; k < s->classes[p]; ++k) v[k] = 0;
        for (int i = 0; i < s->pool_size[p]; ++i) v[s->klass[p][class_of(s->pool[p][i])]]++;
        if (!ways_at(s, table, p, 0, v)) return TC_ERR_ARGUMENT;
    }
    for (int i = s->split - 1; i >= 0; --i) count_level(s, table, i);
    return s->split && !table[s->split_at[0]] ? TC_ERR_ARGUMENT : TC_OK;
}

/* Up to two items of each card in a group's proposal: (seat, play index or -1 pooled, place). */
typedef struct {
    int8_t seat[TC_NUM_CARD_IDS][2], play[TC_NUM_CARD_IDS][2];
    uint8_t at[TC_NUM_CARD_IDS][2], count[TC_NUM_CARD_IDS];
} copies;

static void note(copies *w, int card, int seat, int play, int at)
{
    int m = w->count[card]++;
    w->seat[card][m] = (int8_t)seat;
    w->play[card][m] = (int8_t)play;
    w->at[card][m] = (uint8_t)at;
}

/* A seat's held cards by class, each with its play index (-1: held now). */
typedef struct {
    uint8_t card[TC_DAM_SAMPLE_CLASSES][TC_DAM_SAMPLE_HAND];
    int8_t play[TC_DAM_SAMPLE_CLASSES][TC_DAM_SAMPLE_HAND];
    int v[TC_DAM_SAMPLE_CLASSES], size;
} held;

static void hold(const tc_dam_sampler *s, int p, held *h, int card, int play)
{
    int k = s->klass[p][class_of(card)];
    h->card[k][h->v[k]] = (uint8_t)card;
    h->play[k][h->v[k]++] = (int8_t)play;
    h->size++;
}

/* Gives place `at` seat p's held card i of class k (a uniform one when k < 0). */
static void give(held *h, int k, int i, int p, int at, tc_draw8 *d, uint8_t *cards, copies *w)
{
    if (k < 0)
        for (k = 0, i = (int)tc_draw8_below(d, (uint32_t)h->size); i >= h->v[k]; ++k) i -= h->v[k];
    cards[at] = h->card[k][i];
    note(w, h->card[k][i], p, h->play[k][i], at);
    h->v[k]--;
    h->size--;
    h->card[k][i] = h->card[k][h->v[k]];
    h->play[k][i] = h->play[k][h->v[k]];
}

/* Seat p's places from its held cards now (end[0..m)), backward: a counted step takes a class
 * with probability its share of the ways, then one of its cards uniformly; past the span, and
 * the places left at the end, a held card uniformly. */
static void history(const tc_dam_sampler *s, const tc_sample_count *table, int p, tc_draw8 *d,
                    const uint8_t *end, int m, uint8_t *cards, copies *w)
{
    held h = {.size = 0};
    for (int k = 0; k < TC_DAM_SAMPLE_CLASSES; ++k) h.v[k] = 0;
    for (int i = 0; i < m; ++i) hold(s, p, &h, end[i], -1);
    for (int step = 0; step < s->steps[p]; ++step) {
        int j = s->step_play[p][step], k = -1;
        if (j >= 0) {
            hold(s, p, &h, s->play_card[p][j], j);
            continue;
        }
        if (step < s->span[p]) {
            tc_sample_count pick = below(d->rng, ways_at(s, table, p, step, h.v)), sum = 0;
            do {
                ++k;
                if (!h.v[k]) continue;
                h.v[k]--;
                sum += (unsigned)(h.v[k] + 1) * ways_at(s, table, p, step + 1, h.v);
                h.v[k]++;
            } while (sum <= pick);
        }
        give(&h, k, k < 0 ? 0 : (int)tc_draw8_below(d, (uint32_t)h.v[k]), p, s->step_place[p][step],
             d, cards, w);
    }
    while (h.size > 0) give(&h, -1, 0, p, s->order[p][h.size - 1], d, cards, w);
}

/* The voids the counts left out: no card of a suit seat p showed lacking at a play before
 * s->checked[p] held then. */
static int voids_kept(const tc_dam_sampler *s, int p, const uint8_t *cards)
{
    int suits[TC_NUM_SUITS] = {0}, got = 0;
    for (int j = 0; j < s->checked[p]; ++j) {
        int trick = s->play_trick[p][j], card = s->play_card[p][j];
        for (; got < s->count[p] && s->place[s->order[p][got]].avail <= trick; ++got) {
            int c = cards[s->order[p][got]];
            if (!tc_is_joker(c)) suits[tc_suit(c)]++;
        }
        for (int suit = 0; suit < TC_NUM_SUITS; ++suit)
            if ((s->play_voids[p][j] >> suit & 1) && suits[suit]) return 0;
        if (!tc_is_joker(card)) suits[tc_suit(card)]--;
    }
    return 1;
}
/* Whether seat p's play j may lie at the group's place `at` (a pooled card, j < 0, anywhere:
 * the exchange keeps the history legal). */
static int may_lie(const tc_dam_sampler *s, int p, int j, int at)
{
    return j < 0 || (s->place[at].owner == p && s->place[at].avail <= s->play_trick[p][j]);
}

/* Seat p's history from its held cards now (end[0..m)), then the voids the counts left out; two
 * of its items of one card that could trade places make the same deal twice: kept half the time
 * (the items of different seats never trade). 1 when kept. */
static int seat_history(const tc_dam_sampler *s, const tc_sample_count *table, int p, tc_draw8 *d,
                        const uint8_t *end, uint8_t *cards, copies *w)
{
    history(s, table, p, d, end, s->count[p] - s->plays[p], cards, w);
    if (!voids_kept(s, p, cards)) return 0;
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c) {
        if (w->count[c] < 2 || w->seat[c][0] != p || w->seat[c][1] != p ||
            (w->play[c][0] < 0 && w->play[c][1] < 0))
            continue;
        if (may_lie(s, p, w->play[c][0], w->at[c][1]) &&
            may_lie(s, p, w->play[c][1], w->at[c][0]) && tc_draw8_below(d, 2))
            return 0;
    }
    return 1;
}

/* Takes a uniform card of the unseen cards left (left[k][0..size[k]) of each suit class k)
 * among the classes of level i's class c. */
static uint8_t take_unseen(const tc_dam_sampler *s, int i, int c, tc_draw8 *d,
                           uint8_t left[][TC_DAM_MAX_CARDS], int *size)
{
    int total = 0, k = 0;
    for (int j = 0; j < TC_DAM_SAMPLE_CLASSES; ++j)
        if (s->split_class[i][j] == c) total += size[j];
    for (int x = tc_draw8_below(d, (uint32_t)total);; ++k) {
        if (s->split_class[i][k] != c) continue;
        if (x < size[k]) {
            uint8_t card = left[k][x];
            left[k][x] = left[k][--size[k]];
            return card;
        }
        x -= size[k];
    }
}

/* The unseen cards into the hidden group's free places (out: each hidden hand's, in seat
 * order, then the pile's): the split's seats level by level, each hand drawn by its share of
 * the counts (the rounding refused), kept with probability its ways / the rounded ways, then
 * its history; the rest shuffled. 0 when refused. */
static int split_unseen(const tc_dam_sampler *s, const tc_sample_count *table, tc_draw8 *d,
                        uint8_t *out, uint8_t *cards, copies *w)
{
    uint8_t left[TC_DAM_SAMPLE_CLASSES][TC_DAM_MAX_CARDS];
    int size[TC_DAM_SAMPLE_CLASSES], start[TC_DAM_MAX_PLAYERS], fill = 0, n = s->players;
    int t[TC_DAM_SAMPLE_CLASSES] = {0}, a[TC_DAM_SAMPLE_CLASSES], v[TC_DAM_SAMPLE_CLASSES];
    for (int k = 0; k < TC_DAM_SAMPLE_CLASSES; ++k) {
        size[k] = s->class_size[k];
        for (int j = 0; j < size[k]; ++j) left[k][j] = s->class_cards[k][j];
    }
    for (int p = 0; p < n; ++p) {
        start[p] = fill;
        if (s->hidden >> p & 1) fill += s->count[p] - s->plays[p];
    }
    for (int i = 0; i < s->split; ++i) {
        int p = s->split_seat[i], q = s->split_classes[i], m = s->count[p] - s->plays[p];
        tc_sample_count total = table[s->split_at[i] + rank(s, q, s->split_taken[i], t)];
        tc_sample_count pick = below(d->rng, total << s->split_shift[i]);
        if (level_sum(s, table, i, t, a, &pick) <= pick) return 0;
        if (s->ways_shift[i]) {
            seat_classes(s, i, p, a, v);
            tc_sample_count rounded = table[s->split_ways[i] + rank(s, q, m, a)];
            if (below(d->rng, rounded << s->ways_shift[i]) >= ways_at(s, table, p, 0, v)) return 0;
        }
        for (int c = 0, e = start[p]; c < q; ++c)
            for (int j = 0; j < a[c]; ++j) out[e++] = take_unseen(s, i, c, d, left, size);
        if (!seat_history(s, table, p, d, out + start[p], cards, w)) return 0;
        if (i + 1 == s->split) break;
        for (int c = 0; c < s->split_classes[i + 1]; ++c) v[c] = 0;
        for (int c = 0; c < q; ++c) v[s->split_next[i][c]] += t[c] + a[c];
        for (int c = 0; c < s->split_classes[i + 1]; ++c) t[c] = v[c];
    }
    uint8_t rest[TC_DAM_MAX_CARDS];
    int count = 0;
    for (int k = 0; k < TC_DAM_SAMPLE_CLASSES; ++k)
        for (int j = 0; j < size[k]; ++j) rest[count++] = left[k][j];
    shuffle(d, rest, count);
    for (int p = 0, j = 0; p <= n; ++p) { /* the other hidden hands, then the pile */
        int from = p < n ? start[p] : fill, to = p < n ? from : fill + s->pile_free;
        if (p < n && (s->hidden >> p & 1) && s->span[p] == 0) to += s->count[p] - s->plays[p];
        for (int e = from; e < to; ++e) out[e] = rest[j++];
    }
    return 1;
}

/* One proposal for the places of `group` (a seen seat p, or s->players: the hidden seats and the
 * pile): 1 when accepted. */
static int propose(const tc_dam_sampler *s, const tc_sample_count *table, int group, tc_draw8 *d,
                   uint8_t *cards)
{
    uint8_t pool[TC_DAM_MAX_CARDS];
    int n = s->players, start = 0;
    copies w;
    for (int c = 0; c < TC_NUM_CARD_IDS; ++c) w.count[c] = 0;
    int owner = s->pinned >= 0 ? s->place[s->pinned].owner : -1;
    int mine = owner >= 0 && (group == n ? s->hidden >> owner & 1 : owner == group);
    if (group < n) {
        if (!seat_history(s, table, group, d, s->pool[group], cards, &w)) return 0;
    } else {
        if (!split_unseen(s, table, d, pool, cards, &w)) return 0;
        for (int p = 0; p < n; ++p) {
            if (!(s->hidden >> p & 1)) continue;
            if (s->span[p] == 0 && !seat_history(s, table, p, d, pool + start, cards, &w)) return 0;
            start += s->count[p] - s->plays[p];
        }
        for (int i = 0; i < s->pile_free; ++i) cards[s->pile_place[i]] = pool[start + i];
    }
    return !mine || cards[s->pinned] == s->pinned_card;
}

int tc_dam_sample_draw(const tc_dam_sampler *s, const tc_sample_count *table, bitgen_t *rng,
                       int64_t count, uint8_t *cards)
{
    tc_draw8 d;
    tc_draw8_init(&d, rng);
    for (int64_t i = 0; i < count; ++i, cards += s->places) {
        if (s->pinned >= 0 && s->place[s->pinned].owner < 0)
            cards[s->pinned] = (uint8_t)s->pinned_card;
        for (int group = 0; group <= s->players; ++group) {
            if (group < s->players && (s->hidden >> group & 1)) continue;
            int64_t tries = 0;
            while (!propose(s, table, group, &d, cards))
                if (++tries == TC_DAM_SAMPLE_MAX_TRIES) return TC_ERR_TOO_LONG;
        }
    }
    return TC_OK;
}
