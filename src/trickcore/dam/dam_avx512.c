#include "trickcore/dam/dam_avx512.h"

#ifdef TC_DAM_AVX512
#include <immintrin.h>

#define TC_AVX512_TARGET \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512cd,avx512vpopcntdq,avx512bitalg," \
                          "avx512vbmi,popcnt,bmi,bmi2")))

/* The group's deals, 8 to a register (one in each 64-bit lane), played in step. */
#define TC_AVX512_LANES 8
#define TC_AVX512_REGS (TC_DAM_GROUP / TC_AVX512_LANES)
#if TC_DAM_GROUP != 2 * TC_AVX512_LANES
#error "the AVX-512 loop plays the group in two registers of 8 deals (deal_rows gathers 16)"
#endif

int tc_dam_avx512_usable(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512cd") &&
           __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx512bitalg") &&
           __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("bmi2");
}

/* The state of eight deals between tricks. Hands are by seat counted from the leader (so the
 * leader's is held[0]), which makes every trick the same sequence of operations in every lane;
 * the leader's seat and the tallies are by seat. */
typedef struct {
    __m512i held[TC_DAM_MAX_PLAYERS], odd[TC_DAM_MAX_PLAYERS]; /* tc_dam_hands' parity form */
    __m512i leader; /* the seat, in both 32-bit halves */
    __m512i tally[TC_DAM_MAX_PLAYERS]; /* by seat: points taken (low half), tricks won (high) */
} group_regs;

/* What every trick reads. */
typedef struct {
    __m512i trumps;                 /* each lane's trump cards, or 0 */
    __m512i values_low, values_high; /* the 16-bit card values by card (0 from 56 to 63) */
} group_consts;

/* The position of the j-th lowest set bit of the nibble v at 4 * v + j (0 past its bits). */
static const uint8_t nibble_select_table[64] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 1, 2, 0, 0, 0, 1, 2, 0,
    3, 0, 0, 0, 0, 3, 0, 0, 1, 3, 0, 0, 0, 1, 3, 0, 2, 3, 0, 0, 0, 2, 3, 0, 1, 2, 3, 0, 0, 1, 2, 3};

/* A byte shuffle that copies byte 4 of each 64-bit lane (the low byte of its high half) to all
 * its bytes. */
static const uint8_t high_half_byte_table[64] = {
    4, 4, 4, 4, 4, 4, 4, 4, 12, 12, 12, 12, 12, 12, 12, 12, 4, 4, 4, 4, 4, 4, 4, 4, 12, 12, 12, 12,
    12, 12, 12, 12, 4, 4, 4, 4, 4, 4, 4, 4, 12, 12, 12, 12, 12, 12, 12, 12, 4, 4, 4, 4, 4, 4, 4, 4,
    12, 12, 12, 12, 12, 12, 12, 12};

/* The first card of the suit of each card (0 past the 52 cards). */
static const uint8_t suit_start_table[64] = {
    0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  13, 13, 13, 13, 13, 13, 13, 13, 13,
    13, 13, 13, 13, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 39, 39, 39, 39, 39,
    39, 39, 39, 39, 39, 39, 39, 39, 0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0};

/* The position (card) of the k-th lowest set bit (k counted from 0) of each lane's m, which has
 * more than k set; k is the high half of each lane of `k_high` (as a batch step leaves its
 * index). Byte by byte: the byte holding the bit is the one whose running count of set bits
 * passes k; within it, the nibble; within the nibble, a table lookup. */
TC_AVX512_TARGET static inline __m512i select_cards(__m512i m, __m512i k_high)
{
    const __m512i nibble_select = _mm512_loadu_si512(nibble_select_table);
    const __m512i high_half_byte = _mm512_loadu_si512(high_half_byte_table);
    const __m512i byte_base = _mm512_set1_epi64(0x3830282018100800); /* 8 * byte */
    const __m512i low_nibbles = _mm512_set1_epi8(0x0F);
    __m512i count = _mm512_popcnt_epi8(m);
    __m512i through = _mm512_add_epi8(count, _mm512_slli_epi64(count, 8));
    through = _mm512_add_epi8(through, _mm512_slli_epi64(through, 16));
    through = _mm512_add_epi8(through, _mm512_slli_epi64(through, 32)); /* set bits to byte end */
    __m512i before = _mm512_sub_epi8(through, count);
    __m512i kb = _mm512_shuffle_epi8(k_high, high_half_byte); /* k in every byte of its lane */
    __mmask64 target = _mm512_mask_cmple_epu8_mask(_mm512_cmpgt_epu8_mask(through, kb), before, kb);
    __m512i rank = _mm512_sub_epi8(kb, before); /* of the bit within the target byte */
    __m512i low = _mm512_and_si512(m, low_nibbles);
    __m512i low_count = _mm512_popcnt_epi8(low);
    __mmask64 high = _mm512_cmpge_epu8_mask(rank, low_count);
    __m512i nibble = _mm512_mask_mov_epi8(low, high,
                                          _mm512_and_si512(_mm512_srli_epi16(m, 4), low_nibbles));
    rank = _mm512_mask_sub_epi8(rank, high, rank, low_count);
    __m512i at = _mm512_permutexvar_epi8(_mm512_add_epi8(_mm512_slli_epi16(nibble, 2), rank),
                                         nibble_select);
    at = _mm512_mask_add_epi8(at, high, at, _mm512_set1_epi8(4));
    at = _mm512_maskz_add_epi8(target, at, byte_base);
    return _mm512_sad_epu8(at, _mm512_setzero_si512());
}

/* The cards of the suit of each lane's card. */
TC_AVX512_TARGET static inline __m512i suit_cards_of(__m512i card)
{
    __m512i start = _mm512_permutexvar_epi8(card, _mm512_loadu_si512(suit_start_table));
    return _mm512_sllv_epi64(_mm512_set1_epi64((long long)TC_SUIT_MASK_BITS), start);
}

/* Adds the cards (bits) pile[k * TC_DAM_GROUP + lane] to the hands of the first `count` seats
 * from the leader. */
TC_AVX512_TARGET static inline void draw_cards(group_regs *g, const tc_mask *pile, int count)
{
    for (int k = 0; k < count; ++k) {
        __m512i bit = _mm512_loadu_si512(pile + k * TC_DAM_GROUP);
        g->held[k] = _mm512_or_si512(g->held[k], bit);
        g->odd[k] = _mm512_xor_si512(g->odd[k], bit);
    }
}

/* The exact test behind play_trick's quick one, for the lanes it flags (rarely): whether the
 * first card's draw (its last low part lead_x, its bound lead_bound) or the followers' batch
 * (batch_x, the product of its bounds) is rejected in some lane. */
TC_AVX512_TARGET __attribute__((noinline, cold)) static int some_draw_rejected(
    __m512i lead_x, __m512i lead_bound, __m512i batch_x, __m512i product)
{
    uint64_t lead_low[TC_AVX512_LANES], bound[TC_AVX512_LANES], batch_low[TC_AVX512_LANES];
    uint64_t products[TC_AVX512_LANES];
    _mm512_storeu_si512(lead_low, lead_x);
    _mm512_storeu_si512(bound, lead_bound);
    _mm512_storeu_si512(batch_low, batch_x);
    _mm512_storeu_si512(products, product);
    for (int lane = 0; lane < TC_AVX512_LANES; ++lane) {
        uint64_t lead = (uint64_t)(uint32_t)lead_low[lane] << 32;
        uint64_t batch = (uint64_t)(uint32_t)batch_low[lane] << 32;
        if (lead < tc_batch_threshold(bound[lane], 16) ||
            batch < tc_batch_threshold(products[lane], 16))
            return 1;
    }
    return 0;
}

/* Plays one trick of all n seats in every lane with its 32 random bits (the low half of each
 * lane of `draws`), after the first `refills` seats (0 or n) take the cards pile[0..refills).
 * Returns 0, having changed nothing, when some lane's draw is rejected (dam.c redraws). */
TC_AVX512_TARGET static TC_ALWAYS_INLINE int play_trick(const group_consts *c, group_regs *g,
                                                        __m512i draws,
                                                        const tc_mask *pile, int refills, int n,
                                                        int last)
{
    const __m512i one = _mm512_set1_epi64(1);
    group_regs next = *g;
    draw_cards(&next, pile, refills);
    __m512i *held = next.held, *odd = next.odd;
    /* The first card: a batch of one on the low 16 bits (x in the top half of 32 bits). */
    __m512i lead_bound = _mm512_popcnt_epi64(held[0]);
    __m512i lead_x = _mm512_mul_epu32(_mm512_slli_epi64(draws, 16), lead_bound);
    __mmask16 maybe = /* the low part (low half) below 2^16 mod bound < bound, shifted alike */
        _mm512_mask_cmplt_epu32_mask(0x5555, lead_x, _mm512_slli_epi64(lead_bound, 16));
    __m512i card[TC_DAM_MAX_PLAYERS], bit[TC_DAM_MAX_PLAYERS], legal[TC_DAM_MAX_PLAYERS];
    __m512i index[TC_DAM_MAX_PLAYERS]; /* in the high halves */
    card[0] = select_cards(held[0], lead_x);
    __m512i led = suit_cards_of(card[0]);
    /* The followers: one batch on the high 16 bits. */
    __m512i x = _mm512_and_si512(draws, _mm512_set1_epi64(0xFFFF0000));
    __m512i product = one;
    for (int k = 1; k < n; ++k) {
        __mmask8 follows = _mm512_test_epi64_mask(held[k], led);
        legal[k] = _mm512_mask_and_epi64(held[k], follows, held[k], led);
        __m512i count = _mm512_popcnt_epi64(legal[k]);
        x = index[k] = _mm512_mul_epu32(x, count);
        product = _mm512_mul_epu32(product, count);
    }
    maybe |= _mm512_mask_cmplt_epu32_mask(0x5555, x, _mm512_slli_epi64(product, 16));
    if (__builtin_expect(maybe != 0, 0) && some_draw_rejected(lead_x, lead_bound, x, product))
        return 0;
    for (int k = 1; k < n; ++k) card[k] = select_cards(legal[k], index[k]);
    for (int k = 0; k < n; ++k) bit[k] = _mm512_sllv_epi64(one, card[k]);
    __m512i played = bit[0];
    for (int k = 0; k < n; ++k) {
        odd[k] = _mm512_xor_si512(odd[k], bit[k]);
        held[k] = _mm512_ternarylogic_epi64(held[k], bit[k], odd[k], 0xB4); /* ^ (bit & ~odd) */
        if (k) played = _mm512_or_si512(played, bit[k]);
    }
    /* The winner: the first (under "last", the last) play of the winning card. */
    __m512i winning = _mm512_mask_and_epi64(_mm512_and_si512(played, led),
                                            _mm512_test_epi64_mask(played, c->trumps), played,
                                            c->trumps);
    __m512i winning_bit = _mm512_srlv_epi64(_mm512_set1_epi64((long long)(UINT64_C(1) << 63)),
                                            _mm512_lzcnt_epi64(winning));
    __mmask8 wins[TC_DAM_MAX_PLAYERS], seen = 0;
    for (int i = 0; i < n; ++i) {
        int k = last ? n - 1 - i : i;
        __mmask8 is = _mm512_cmpeq_epi64_mask(bit[k], winning_bit);
        wins[k] = is & (__mmask8)~seen;
        seen |= is;
    }
    __m512i winner = _mm512_setzero_si512(); /* the winning play, in both 32-bit halves */
    for (int k = 1; k < n; ++k)
        winner = _mm512_mask_mov_epi64(winner, wins[k], _mm512_set1_epi32(k));
    /* The tally: the trick's card values (16-bit lookups of the plays at once, card 63 worth 0
     * for the missing ones) and one trick. */
    uint64_t missing = n < 4 ? UINT64_C(0x003F003F003F003F) << (16 * n) : 0;
    __m512i lookups = _mm512_set1_epi64((long long)missing);
    for (int k = 0; k < n; ++k)
        lookups = _mm512_or_si512(lookups, _mm512_slli_epi64(card[k], 16 * k));
    __m512i values = _mm512_permutex2var_epi16(c->values_low, lookups, c->values_high);
    __m512i pairs = _mm512_madd_epi16(values, _mm512_set1_epi16(1));
    __m512i tally = _mm512_mask_mov_epi32(_mm512_add_epi32(pairs, _mm512_srli_epi64(pairs, 32)),
                                          0xAAAA, _mm512_set1_epi32(1));
    __m512i seat = _mm512_add_epi32(next.leader, winner);
    seat = n == 4 ? _mm512_and_si512(seat, _mm512_set1_epi32(3))
                  : _mm512_min_epu32(seat, _mm512_sub_epi32(seat, _mm512_set1_epi32(n)));
    for (int p = 0; p < n; ++p)
        next.tally[p] = _mm512_mask_add_epi32(next.tally[p],
                                              _mm512_cmpeq_epi32_mask(seat, _mm512_set1_epi32(p)),
                                              next.tally[p], tally);
    /* The winner leads: count the hands from it (with four seats, turned by one seat or not,
     * then by two or not). */
    if (n == 4) {
        __mmask8 by_one = wins[1] | wins[3], by_two = wins[2] | wins[3];
        __m512i turned_held[4], turned_odd[4];
        for (int i = 0; i < 4; ++i) {
            turned_held[i] = _mm512_mask_mov_epi64(held[i], by_one, held[(i + 1) % 4]);
            turned_odd[i] = _mm512_mask_mov_epi64(odd[i], by_one, odd[(i + 1) % 4]);
        }
        for (int i = 0; i < 4; ++i) {
            g->held[i] = _mm512_mask_mov_epi64(turned_held[i], by_two, turned_held[(i + 2) % 4]);
            g->odd[i] = _mm512_mask_mov_epi64(turned_odd[i], by_two, turned_odd[(i + 2) % 4]);
            g->tally[i] = next.tally[i];
        }
    } else {
        for (int i = 0; i < n; ++i) {
            g->held[i] = held[i];
            g->odd[i] = odd[i];
            for (int k = 1; k < n; ++k) {
                g->held[i] = _mm512_mask_mov_epi64(g->held[i], wins[k], held[(i + k) % n]);
                g->odd[i] = _mm512_mask_mov_epi64(g->odd[i], wins[k], odd[(i + k) % n]);
            }
            g->tally[i] = next.tally[i];
        }
    }
    g->leader = seat;
    return 1;
}

/* Eight lanes' state from s and h (hands by seat) to the registers, with zero tallies, and back
 * (the tallies added to s). */
TC_AVX512_TARGET static void load_group(group_regs *g, const tc_dam_state *s,
                                        const tc_dam_hands *h, int n)
{
    uint64_t held[TC_DAM_MAX_PLAYERS][TC_AVX512_LANES], odd[TC_DAM_MAX_PLAYERS][TC_AVX512_LANES];
    uint32_t leader[2 * TC_AVX512_LANES];
    for (int lane = 0; lane < TC_AVX512_LANES; ++lane) {
        int first = s[lane].leader;
        leader[2 * lane] = leader[2 * lane + 1] = (uint32_t)first;
        for (int k = 0; k < n; ++k) {
            int seat = tc_dam_seat_after(first, k, n);
            held[k][lane] = h[lane].held[seat];
            odd[k][lane] = h[lane].odd[seat];
        }
    }
    for (int k = 0; k < n; ++k) {
        g->held[k] = _mm512_loadu_si512(held[k]);
        g->odd[k] = _mm512_loadu_si512(odd[k]);
        g->tally[k] = _mm512_setzero_si512();
    }
    g->leader = _mm512_loadu_si512(leader);
}

TC_AVX512_TARGET static void store_group(const group_regs *g, tc_dam_state *s, tc_dam_hands *h,
                                         int n)
{
    uint64_t held[TC_DAM_MAX_PLAYERS][TC_AVX512_LANES], odd[TC_DAM_MAX_PLAYERS][TC_AVX512_LANES];
    uint64_t tally[TC_DAM_MAX_PLAYERS][TC_AVX512_LANES];
    uint32_t leader[2 * TC_AVX512_LANES];
    for (int k = 0; k < n; ++k) {
        _mm512_storeu_si512(held[k], g->held[k]);
        _mm512_storeu_si512(odd[k], g->odd[k]);
        _mm512_storeu_si512(tally[k], g->tally[k]);
    }
    _mm512_storeu_si512(leader, g->leader);
    for (int lane = 0; lane < TC_AVX512_LANES; ++lane) {
        int first = (int)leader[2 * lane];
        s[lane].leader = (int8_t)first;
        for (int k = 0; k < n; ++k) {
            int seat = tc_dam_seat_after(first, k, n);
            h[lane].held[seat] = held[k][lane];
            h[lane].odd[seat] = odd[k][lane];
            s[lane].points_taken[k] += (int32_t)(uint32_t)tally[k][lane];
            s[lane].tricks_won[k] = (int8_t)(s[lane].tricks_won[k] + (int)(tally[k][lane] >> 32));
        }
    }
}

/* The cards of the group's shuffled decks as bits, rows[position][lane], each row gathered from
 * the 16 decks at once (a 32-bit load per lane that ends at the card, inside the deck). */
TC_AVX512_TARGET static void deal_rows(const tc_dam_state *s, tc_mask (*rows)[TC_DAM_GROUP],
                                       int deck_size)
{
    const __m512i one = _mm512_set1_epi64(1);
    const __m512i lanes = _mm512_mullo_epi32(
        _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
        _mm512_set1_epi32((int)sizeof(tc_dam_state)));
    for (int at = 0; at < deck_size; ++at) {
        int from = at >= 3 ? at - 3 : at; /* the load's first byte */
        __m512i words = _mm512_i32gather_epi32(lanes, (const void *)(s[0].pile + from), 1);
        __m512i cards = _mm512_and_si512(_mm512_srli_epi32(words, (unsigned)(8 * (at - from))),
                                         _mm512_set1_epi32(0xFF));
        __m256i low = _mm512_castsi512_si256(cards), high = _mm512_extracti64x4_epi64(cards, 1);
        _mm512_storeu_si512(rows[at], _mm512_sllv_epi64(one, _mm512_cvtepu32_epi64(low)));
        _mm512_storeu_si512(rows[at] + 8, _mm512_sllv_epi64(one, _mm512_cvtepu32_epi64(high)));
    }
}

/* The registers of eight lanes (from `first`) at the start of their deals: the hands from the
 * rows, the leader (left of dealer 0) and zero tallies. */
TC_AVX512_TARGET static void hands_from_rows(group_regs *g, const tc_mask (*rows)[TC_DAM_GROUP],
                                             int first, int hand_size, int n)
{
    int leader = 1 % n;
    for (int k = 0; k < n; ++k) {
        int seat = tc_dam_seat_after(leader, k, n);
        __m512i held = _mm512_setzero_si512(), odd = _mm512_setzero_si512();
        for (int at = seat * hand_size; at < (seat + 1) * hand_size; ++at) {
            __m512i bit = _mm512_loadu_si512(rows[at] + first);
            held = _mm512_or_si512(held, bit);
            odd = _mm512_xor_si512(odd, bit);
        }
        g->held[k] = held;
        g->odd[k] = odd;
        g->tally[k] = _mm512_setzero_si512();
    }
    g->leader = _mm512_set1_epi32(leader);
}

TC_AVX512_TARGET static TC_ALWAYS_INLINE void play_tricks(const tc_dam_rules *r, tc_dam_state *s,
                                                          tc_dam_hands *h, const tc_mask *trumps,
                                                          const uint64_t (*words)[TC_DAM_GROUP],
                                                          bitgen_t *rng, int n, int last)
{
    int deck_size = r->deck_size, dealt = n * r->hand_size, pile_size = deck_size - dealt;
    int full_refills = pile_size / n, short_refill = pile_size % n;
    int tricks = full_refills + r->hand_size;
    tc_mask pile[TC_DAM_MAX_CARDS][TC_DAM_GROUP]; /* the decks as dealt, by position and lane */
    deal_rows(s, pile, deck_size);
    int16_t values[64] = {0};
    memcpy(values, r->values, sizeof r->values);
    group_consts c[TC_AVX512_REGS];
    group_regs g[TC_AVX512_REGS];
    for (int i = 0; i < TC_AVX512_REGS; ++i) {
        c[i].trumps = _mm512_loadu_si512(trumps + TC_AVX512_LANES * i);
        c[i].values_low = _mm512_loadu_si512(values);
        c[i].values_high = _mm512_loadu_si512(values + 32);
        hands_from_rows(&g[i], pile, TC_AVX512_LANES * i, r->hand_size, n);
    }
    const tc_mask *short_top = short_refill ? pile[deck_size - short_refill] : 0;
    for (int t = 0; t < tricks; ++t) {
        int refills = t >= 1 && t <= full_refills ? n : 0; /* the refill after trick t - 1 */
        const tc_mask *top = refills ? pile[dealt + (t - 1) * n] : 0;
        int played[TC_AVX512_REGS];
        for (int i = 0; i < TC_AVX512_REGS; ++i) {
            int lane = TC_AVX512_LANES * i;
            __m512i draws = _mm512_loadu_si512(words[t >> 1] + lane);
            if (t & 1) draws = _mm512_srli_epi64(draws, 32);
            played[i] = play_trick(&c[i], &g[i], draws, refills ? top + lane : 0, refills, n,
                                   last);
        }
        for (int i = 0; i < TC_AVX512_REGS; ++i) { /* the lanes of a trick not played, in order */
            if (played[i]) continue;
            int first = TC_AVX512_LANES * i;
            store_group(&g[i], s + first, h + first, n);
            for (int lane = first; lane < first + TC_AVX512_LANES; ++lane)
                tc_dam_replay_trick(r, &s[lane], &h[lane], trumps[lane],
                                    refills ? s[lane].pile + dealt + (t - 1) * n : 0, refills,
                                    tc_dam_trick_draws(words, t, lane), rng);
            load_group(&g[i], s + first, h + first, n);
        }
        if (t == full_refills && short_refill) /* the last cards, after the last full refill */
            for (int i = 0; i < TC_AVX512_REGS; ++i)
                draw_cards(&g[i], short_top + TC_AVX512_LANES * i, short_refill);
    }
    for (int i = 0; i < TC_AVX512_REGS; ++i)
        store_group(&g[i], s + TC_AVX512_LANES * i, h + TC_AVX512_LANES * i, n);
}

#define TC_DAM_AVX512_LOOP(name, n, last) \
    TC_AVX512_TARGET static void name(const tc_dam_rules *r, tc_dam_state *s, tc_dam_hands *h, \
                                      const tc_mask *trumps, \
                                      const uint64_t (*words)[TC_DAM_GROUP], bitgen_t *rng) \
    { \
        play_tricks(r, s, h, trumps, words, rng, n, last); \
    }
TC_DAM_AVX512_LOOP(tricks_2, 2, 0)
TC_DAM_AVX512_LOOP(tricks_3, 3, 0)
TC_DAM_AVX512_LOOP(tricks_4, 4, 0)
TC_DAM_AVX512_LOOP(tricks_2_last, 2, 1)
TC_DAM_AVX512_LOOP(tricks_3_last, 3, 1)
TC_DAM_AVX512_LOOP(tricks_4_last, 4, 1)

void tc_dam_avx512_tricks(const tc_dam_rules *r, tc_dam_state *s, tc_dam_hands *h,
                          const tc_mask *trumps, const uint64_t (*words)[TC_DAM_GROUP],
                          bitgen_t *rng)
{
    typedef void (*loop_fn)(const tc_dam_rules *, tc_dam_state *, tc_dam_hands *, const tc_mask *,
                            const uint64_t (*)[TC_DAM_GROUP], bitgen_t *);
    static const loop_fn loops[2][3] = {{tricks_2, tricks_3, tricks_4},
                                        {tricks_2_last, tricks_3_last, tricks_4_last}};
    loops[r->trick.duplicates == TC_DUP_LAST][r->players - 2](r, s, h, trumps, words, rng);
}
#endif
