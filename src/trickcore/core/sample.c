#include "trickcore/core/sample.h"

#include "trickcore/core/deal.h"
#include "trickcore/core/status.h"

#define TC_SAMPLE_MAX_ENTRIES (INT64_C(1) << 22) /* 64 MiB of counts */

int tc_sampler_plan(tc_sampler *s, int slots, const int8_t *need, const tc_mask *allowed,
                    tc_mask unknown)
{
    int total = 0;
    if (slots < 1 || slots > TC_SAMPLE_MAX_SLOTS) return TC_ERR_ARGUMENT;
    s->slots = slots;
    for (int p = 0; p < slots; ++p) {
        if (need[p] < 0 || need[p] > TC_SAMPLE_MAX_NEED) return TC_ERR_ARGUMENT;
        s->need[p] = need[p];
        total += need[p];
    }
    if (total != tc_popcount(unknown)) return TC_ERR_ARGUMENT;
    s->classes = 0;
    for (tc_mask m = unknown; m; m &= m - 1) { /* group the cards by the slots allowed them */
        int card = tc_lowest(m), k = 0;
        uint8_t sig = 0;
        for (int p = 0; p < slots; ++p) sig |= (uint8_t)(((allowed[p] >> card) & 1) << p);
        while (k < s->classes && s->cls[k].slots != sig) ++k;
        if (k == s->classes) {
            if (k == TC_SAMPLE_MAX_CLASSES) return TC_ERR_ARGUMENT;
            s->cls[k] = (tc_sample_class){0, sig, 0};
            s->classes++;
        }
        s->cls[k].cards |= tc_bit(card);
        s->cls[k].size++;
    }
    /* Fewest slots first: the widest class comes last, where its split is forced. */
    for (int i = 1; i < s->classes; ++i)
        for (int j = i; j > 0 && tc_popcount(s->cls[j].slots) < tc_popcount(s->cls[j - 1].slots);
             --j) {
            tc_sample_class t = s->cls[j];
            s->cls[j] = s->cls[j - 1];
            s->cls[j - 1] = t;
        }
    int64_t entries = 0;
    for (int k = 0; k <= s->classes; ++k) {
        uint8_t before = 0, after = 0;
        for (int i = 0; i < s->classes; ++i) *(i < k ? &before : &after) |= s->cls[i].slots;
        int64_t size = 1;
        for (int p = 0; p < slots; ++p) {
            int active = (before >> p & 1) & (after >> p & 1);
            s->stride[k][p] = active ? size : 0;
            s->fixed[k][p] = (int8_t)((before >> p & 1) ? 0 : need[p]);
            if (active) size *= need[p] + 1;
        }
        s->offset[k] = entries;
        entries += size;
        if (entries > TC_SAMPLE_MAX_ENTRIES) return TC_ERR_TOO_LONG;
    }
    s->entries = entries;
    for (int n = 0; n <= TC_SAMPLE_MAX_NEED; ++n)
        for (int k = 0; k <= TC_SAMPLE_MAX_NEED; ++k)
            s->choose[n][k] = k > n                ? 0
                              : (k == 0 || k == n) ? 1
                                                   : s->choose[n - 1][k - 1] + s->choose[n - 1][k];
    return TC_OK;
}

/* The table entry of capacities c at level k, or -1 when a fixed slot does not match. */
static int64_t entry_of(const tc_sampler *s, int k, const int8_t *c)
{
    int64_t at = s->offset[k];
    for (int p = 0; p < s->slots; ++p) {
        if (s->stride[k][p])
            at += c[p] * s->stride[k][p];
        else if (c[p] != s->fixed[k][p])
            return -1;
    }
    return at;
}

/* Splits of class k over its slots `list[i..]` from capacities c, `left` cards to place: sums
 * prod C(c, a) * h[k + 1](c - a) in enumeration order; with `pick`, stops at the split where
 * the running sum passes *pick and leaves it in c (as c - a). -1 on overflow. */
static int walk(const tc_sampler *s, const tc_sample_count *h, int k, const int *list, int i, int n,
                int8_t *c, int left, tc_sample_count weight, tc_sample_count *sum,
                const tc_sample_count *pick)
{
    int p = list[i], low = i == n - 1 ? left : 0, high = left < c[p] ? left : c[p];
    for (int a = low; a <= high; ++a) {
        tc_sample_count w;
        if (__builtin_mul_overflow(weight, (tc_sample_count)s->choose[c[p]][a], &w)) return -1;
        c[p] = (int8_t)(c[p] - a);
        if (i == n - 1) {
            int64_t at = entry_of(s, k + 1, c);
            tc_sample_count term;
            if (at >= 0) {
                if (__builtin_mul_overflow(w, h[at], &term) ||
                    __builtin_add_overflow(*sum, term, sum))
                    return -1;
                if (pick && *sum > *pick) return 1;
            }
        } else {
            int rc = walk(s, h, k, list, i + 1, n, c, left - a, w, sum, pick);
            if (rc) return rc;
        }
        c[p] = (int8_t)(c[p] + a);
    }
    return 0;
}

static int slot_list(const tc_sampler *s, int k, int *list)
{
    int n = 0;
    for (int p = 0; p < s->slots; ++p)
        if (s->cls[k].slots >> p & 1) list[n++] = p;
    return n;
}

int tc_sampler_count(const tc_sampler *s, tc_sample_count *table)
{
    int K = s->classes, list[TC_SAMPLE_MAX_SLOTS];
    int8_t c[TC_SAMPLE_MAX_SLOTS];
    int zero = 1;
    for (int p = 0; p < s->slots; ++p) zero &= s->fixed[K][p] == 0;
    table[s->offset[K]] = (tc_sample_count)zero;
    for (int k = K - 1; k >= 0; --k) {
        int n = slot_list(s, k, list);
        for (int64_t e = s->offset[k]; e < s->offset[k + 1]; ++e) {
            int64_t rest = e - s->offset[k];
            for (int p = 0; p < s->slots; ++p) { /* decode the mixed radix */
                int64_t stride = s->stride[k][p];
                c[p] = stride ? (int8_t)((rest / stride) % (s->need[p] + 1)) : s->fixed[k][p];
            }
            tc_sample_count sum = 0;
            if (n && walk(s, table, k, list, 0, n, c, s->cls[k].size, 1, &sum, 0) < 0)
                return TC_ERR_TOO_LONG;
            table[e] = sum;
        }
    }
    return tc_sampler_total(s, table) ? TC_OK : TC_ERR_ILLEGAL;
}

tc_sample_count tc_sampler_total(const tc_sampler *s, const tc_sample_count *table)
{
    int64_t at = entry_of(s, 0, s->need);
    return at < 0 ? 0 : table[at];
}

/* Uniform below a 64-bit bound: Lemire's multiply-and-reject on one word. */
static uint64_t below64(bitgen_t *rng, uint64_t bound)
{
    uint64_t lo, hi = tc_mul64(rng->next_uint64(rng->state), bound, &lo);
    if (lo < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while (lo < threshold) hi = tc_mul64(rng->next_uint64(rng->state), bound, &lo);
    }
    return hi;
}

/* Uniform below any bound: one word when it fits, else masked 128-bit words and rejection. */
static tc_sample_count below(bitgen_t *rng, tc_sample_count bound)
{
    if (bound >> 64 == 0) return below64(rng, (uint64_t)bound);
    int bits = 128 - __builtin_clzll((uint64_t)(bound >> 64));
    tc_sample_count mask = ((tc_sample_count)1 << (bits - 64) << 64) - 1, x;
    do {
        x = (tc_sample_count)rng->next_uint64(rng->state) << 64;
        x = (x | rng->next_uint64(rng->state)) & mask;
    } while (x >= bound);
    return x;
}

void tc_sampler_draw(const tc_sampler *s, const tc_sample_count *table, tc_draw8 *d, tc_mask *out)
{
    int8_t c[TC_SAMPLE_MAX_SLOTS];
    int list[TC_SAMPLE_MAX_SLOTS];
    for (int p = 0; p < s->slots; ++p) {
        c[p] = s->need[p];
        out[p] = 0;
    }
    for (int k = 0; k < s->classes; ++k) {
        int n = slot_list(s, k, list);
        int8_t before[TC_SAMPLE_MAX_SLOTS];
        for (int p = 0; p < s->slots; ++p) before[p] = c[p];
        if (n > 1) { /* the split: the k-th row of the class-by-slot count matrix */
            tc_sample_count pick = below(d->rng, table[entry_of(s, k, c)]), sum = 0;
            walk(s, table, k, list, 0, n, c, s->cls[k].size, 1, &sum, &pick);
        } else {
            c[list[0]] = (int8_t)(c[list[0]] - s->cls[k].size);
        }
        tc_mask left = s->cls[k].cards;
        for (int i = 0; i < n - 1; ++i) /* a uniform subset for each slot, the rest to the last */
            for (int a = before[list[i]] - c[list[i]]; a > 0; --a) {
                tc_mask bit = tc_select_bit(left, tc_draw8_below(d, (uint32_t)tc_popcount(left)));
                out[list[i]] |= bit;
                left ^= bit;
            }
        out[list[n - 1]] |= left;
    }
}

int tc_sample_deal_slot(tc_sample_deal *s, int8_t *need, tc_mask *allowed, int seat, int count,
                        tc_mask cards)
{
    int k = s->core.slots;
    if (k == TC_SAMPLE_MAX_SLOTS || count < 0) return TC_ERR_ARGUMENT;
    s->seat_of[k] = (int8_t)seat;
    need[k] = (int8_t)count;
    allowed[k] = cards;
    s->core.slots = k + 1;
    return TC_OK;
}

void tc_sample_deal_batch(const tc_sample_deal *s, const tc_sample_count *table, bitgen_t *rng,
                          int64_t count, tc_mask *hands)
{
    tc_draw8 d;
    tc_mask out[TC_SAMPLE_MAX_SLOTS];
    tc_draw8_init(&d, rng);
    for (int64_t i = 0; i < count; ++i, hands += s->players) {
        tc_sampler_draw(&s->core, table, &d, out);
        for (int p = 0; p < s->players; ++p) hands[p] = s->known[p];
        for (int k = 0; k < s->core.slots; ++k) hands[s->seat_of[k]] |= out[k];
    }
}
