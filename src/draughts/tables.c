#include "draughts/tables.h"

#include "draughts/movegen.h"

/* binomial[n][k] = C(n, k) for n <= 32, k <= 6. */
static const uint32_t binomial[33][7] = {
    {1, 0, 0, 0, 0, 0, 0},
    {1, 1, 0, 0, 0, 0, 0},
    {1, 2, 1, 0, 0, 0, 0},
    {1, 3, 3, 1, 0, 0, 0},
    {1, 4, 6, 4, 1, 0, 0},
    {1, 5, 10, 10, 5, 1, 0},
    {1, 6, 15, 20, 15, 6, 1},
    {1, 7, 21, 35, 35, 21, 7},
    {1, 8, 28, 56, 70, 56, 28},
    {1, 9, 36, 84, 126, 126, 84},
    {1, 10, 45, 120, 210, 252, 210},
    {1, 11, 55, 165, 330, 462, 462},
    {1, 12, 66, 220, 495, 792, 924},
    {1, 13, 78, 286, 715, 1287, 1716},
    {1, 14, 91, 364, 1001, 2002, 3003},
    {1, 15, 105, 455, 1365, 3003, 5005},
    {1, 16, 120, 560, 1820, 4368, 8008},
    {1, 17, 136, 680, 2380, 6188, 12376},
    {1, 18, 153, 816, 3060, 8568, 18564},
    {1, 19, 171, 969, 3876, 11628, 27132},
    {1, 20, 190, 1140, 4845, 15504, 38760},
    {1, 21, 210, 1330, 5985, 20349, 54264},
    {1, 22, 231, 1540, 7315, 26334, 74613},
    {1, 23, 253, 1771, 8855, 33649, 100947},
    {1, 24, 276, 2024, 10626, 42504, 134596},
    {1, 25, 300, 2300, 12650, 53130, 177100},
    {1, 26, 325, 2600, 14950, 65780, 230230},
    {1, 27, 351, 2925, 17550, 80730, 296010},
    {1, 28, 378, 3276, 20475, 98280, 376740},
    {1, 29, 406, 3654, 23751, 118755, 475020},
    {1, 30, 435, 4060, 27405, 142506, 593775},
    {1, 31, 465, 4495, 31465, 169911, 736281},
    {1, 32, 496, 4960, 35960, 201376, 906192},
};

/* Square masks (bit s - 1 = square s): where black men may stand, and white men's two parts. */
#define SQ_BLACK_MEN 0x0FFFFFFFu
#define SQ_WHITE_TOP 0xF0000000u /* 29..32 */
#define SQ_WHITE_MID 0x0FFFFFF0u /* 5..28 */

/* Status bytes: the low 2 bits are the value code (0 unknown), the rest the stage. */
enum { ST_FINAL = 0, ST_NEW = 4, ST_NEXT = 8 };
enum { CODE_LOSS = 1, CODE_DRAW = 2, CODE_WIN = 3 };

DR_INLINE uint64_t choose(int n, int k)
{
    return (n < 0 || k < 0 || k > 6 || n < k) ? 0 : binomial[n][k];
}

/* The colex rank of `set` among the squares of `avail` (set a subset of avail). */
DR_INLINE uint64_t dr_rank(uint32_t set, uint32_t avail)
{
    uint64_t rank = 0;
    for (int i = 1; set; ++i) {
        uint32_t low = set & (0u - set);
        set ^= low;
        rank += binomial[__builtin_popcount(avail & (low - 1))][i];
    }
    return rank;
}

/* The subset of `m` squares of `avail` whose colex rank is `rank`: squares are tried from the
 * highest down, each at most once. */
DR_INLINE uint32_t dr_unrank(uint64_t rank, int m, uint32_t avail)
{
    uint32_t set = 0;
    int p = __builtin_popcount(avail) - 1;
    for (int i = m; i >= 1; --i, --p) {
        while (binomial[p][i] > rank) {
            avail ^= 1u << (31 - __builtin_clz(avail));
            --p;
        }
        rank -= binomial[p][i];
        uint32_t square = 1u << (31 - __builtin_clz(avail));
        set |= square;
        avail ^= square;
    }
    return set;
}

/* Turning the board 180 degrees maps layout bit i to bit 34 - i (ghost bits to ghost bits). */
DR_INLINE dr_bits dr_reverse35(dr_bits x)
{
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    x = ((x >> 8) & 0x00FF00FF00FF00FFull) | ((x & 0x00FF00FF00FF00FFull) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFull) | ((x & 0x0000FFFF0000FFFFull) << 16);
    return ((x >> 32) | (x << 32)) >> 29;
}

DR_INLINE dr_position dr_flipped(const dr_position *p)
{
    dr_position q;
    q.black = dr_reverse35(p->white);
    q.white = dr_reverse35(p->black);
    q.kings = dr_reverse35(p->kings);
    q.turn = p->turn ^ 1;
    return q;
}

dr_position dr_flip(const dr_position *p)
{
    return dr_flipped(p);
}

int dr_slice_id(int black_men, int black_kings, int white_men, int white_kings)
{
    return ((black_men * 7 + black_kings) * 7 + white_men) * 7 + white_kings;
}

int dr_slice_init(dr_slice *s, int black_men, int black_kings, int white_men, int white_kings)
{
    int total = black_men + black_kings + white_men + white_kings;
    if (black_men < 0 || black_kings < 0 || white_men < 0 || white_kings < 0 || total == 0 ||
        total > DR_TABLES_MAX_PIECES)
        return DR_TABLES_BAD_SLICE;
    s->black_men = black_men;
    s->black_kings = black_kings;
    s->white_men = white_men;
    s->white_kings = white_kings;
    int men = black_men + white_men;
    uint64_t kings = choose(32 - men, black_kings) * choose(32 - men - black_kings, white_kings);
    uint64_t at = 0;
    for (int k = 0; k <= 4; ++k) {
        s->offset[k] = at;
        at += choose(4, k) * choose(24, white_men - k) * choose(28 - white_men + k, black_men) *
              kings;
    }
    s->offset[5] = at;
    s->size = at;
    return DR_TABLES_OK;
}

DR_INLINE uint64_t dr_index(const dr_slice *s, const dr_position *p)
{
    uint32_t kings = dr_to_squares(p->kings);
    uint32_t white_men = dr_to_squares(p->white) & ~kings;
    uint32_t black_men = dr_to_squares(p->black) & ~kings;
    uint32_t black_kings = dr_to_squares(p->black) & kings;
    uint32_t white_kings = dr_to_squares(p->white) & kings;
    int top = __builtin_popcount(white_men & SQ_WHITE_TOP), men = s->black_men + s->white_men;
    int mid = s->white_men - top, black_room = 28 - mid;
    uint64_t index = dr_rank(white_men & SQ_WHITE_TOP, SQ_WHITE_TOP) * choose(24, mid) +
                     dr_rank(white_men & SQ_WHITE_MID, SQ_WHITE_MID);
    index =
        index * choose(black_room, s->black_men) + dr_rank(black_men, SQ_BLACK_MEN & ~white_men);
    uint32_t taken = white_men | black_men;
    index = index * choose(32 - men, s->black_kings) + dr_rank(black_kings, ~taken);
    taken |= black_kings;
    index =
        index * choose(32 - men - s->black_kings, s->white_kings) + dr_rank(white_kings, ~taken);
    return s->offset[top] + index;
}

DR_INLINE void dr_unindex(const dr_slice *s, uint64_t index, dr_position *p)
{
    int top = 0;
    while (index >= s->offset[top + 1]) ++top;
    index -= s->offset[top];
    int men = s->black_men + s->white_men, mid = s->white_men - top;
    uint64_t room = choose(32 - men - s->black_kings, s->white_kings);
    uint64_t white_kings_rank = index % room;
    index /= room;
    room = choose(32 - men, s->black_kings);
    uint64_t black_kings_rank = index % room;
    index /= room;
    room = choose(28 - mid, s->black_men);
    uint64_t black_men_rank = index % room;
    index /= room;
    room = choose(24, mid);
    uint32_t white_men =
        dr_unrank(index / room, top, SQ_WHITE_TOP) | dr_unrank(index % room, mid, SQ_WHITE_MID);
    uint32_t black_men = dr_unrank(black_men_rank, s->black_men, SQ_BLACK_MEN & ~white_men);
    uint32_t taken = white_men | black_men;
    uint32_t black_kings = dr_unrank(black_kings_rank, s->black_kings, ~taken);
    uint32_t white_kings = dr_unrank(white_kings_rank, s->white_kings, ~(taken | black_kings));
    p->black = dr_from_squares(black_men | black_kings);
    p->white = dr_from_squares(white_men | white_kings);
    p->kings = dr_from_squares(black_kings | white_kings);
    p->turn = DR_BLACK;
}

uint64_t dr_slice_index(const dr_slice *s, const dr_position *p)
{
    return dr_index(s, p);
}

void dr_slice_position(const dr_slice *s, uint64_t index, dr_position *p)
{
    dr_unindex(s, index, p);
}

/* The slice id of a Black-to-move position, or -1 beyond the tables' piece counts. */
DR_INLINE int dr_position_slice(const dr_position *p)
{
    int bm = dr_popcount(p->black & ~p->kings), bk = dr_popcount(p->black & p->kings);
    int wm = dr_popcount(p->white & ~p->kings), wk = dr_popcount(p->white & p->kings);
    if (bm + bk + wm + wk > DR_TABLES_MAX_PIECES) return -1;
    return dr_slice_id(bm, bk, wm, wk);
}

void dr_tables_init(dr_tables *t)
{
    for (int id = 0; id < DR_TABLES_SLICES; ++id) {
        t->values[id] = 0;
        if (dr_slice_init(&t->slices[id], id / 343, id / 49 % 7, id / 7 % 7, id % 7) != 0)
            t->slices[id].size = 0;
    }
}

/* The value code stored for a Black-to-move position, 0 when its slice is not loaded. */
DR_INLINE int dr_tables_code(const dr_tables *t, const dr_position *p)
{
    int id = dr_position_slice(p);
    if (id < 0 || !t->values[id]) return 0;
    uint64_t i = dr_index(&t->slices[id], p);
    return (t->values[id][i >> 2] >> (2 * (i & 3))) & 3;
}

DR_POPCNT_CLONES int dr_tables_probe(const void *tables, const dr_position *p)
{
    dr_position q = p->turn == DR_BLACK ? *p : dr_flipped(p);
    int code = dr_tables_code((const dr_tables *)tables, &q);
    return code ? code - 2 : DR_PROBE_UNKNOWN;
}

int dr_build_init(dr_build *b, const dr_slice *slice, uint8_t *state, const dr_tables *solved)
{
    b->slices[0] = *slice;
    int status = dr_slice_init(&b->slices[1], slice->white_men, slice->white_kings,
                               slice->black_men, slice->black_kings);
    if (status != DR_TABLES_OK) return status;
    b->count =
        (slice->black_men == slice->white_men && slice->black_kings == slice->white_kings) ? 1 : 2;
    b->size = slice->size + (b->count == 2 ? b->slices[1].size : 0);
    b->state = state;
    b->solved = solved;
    return DR_TABLES_OK;
}

DR_INLINE int dr_build_which(const dr_build *b, uint64_t i)
{
    return i < b->slices[0].size ? 0 : 1;
}

DR_INLINE void dr_build_position(const dr_build *b, uint64_t i, dr_position *p)
{
    int which = dr_build_which(b, i);
    dr_unindex(&b->slices[which], which ? i - b->slices[0].size : i, p);
}

/* The group index of a Black-to-move position in slice `which` of the group. */
DR_INLINE uint64_t dr_build_index(const dr_build *b, int which, const dr_position *p)
{
    if (b->count == 1) which = 0;
    return dr_index(&b->slices[which], p) + (which ? b->slices[0].size : 0);
}

DR_POPCNT_CLONES int64_t dr_build_start(dr_build *b, uint64_t lo, uint64_t hi)
{
    dr_move moves[DR_MAX_MOVES];
    int64_t resolved = 0;
    for (uint64_t i = lo; i < hi; ++i) {
        dr_position p;
        dr_build_position(b, i, &p);
        const dr_slice *o = &b->slices[!dr_build_which(b, i)];
        int other_id = dr_slice_id(o->black_men, o->black_kings, o->white_men, o->white_kings);
        int code = 0, inside = 0, escape = 0;
        if (!p.white) {
            code = CODE_WIN; /* White has no pieces: it has lost */
        } else {
            int n = dr_generate(&p, moves, DR_MAX_MOVES);
            if (n < 0) return DR_TABLES_MOVEGEN;
            for (int m = 0; m < n && !code; ++m) {
                dr_position after = p;
                dr_make(&after, &moves[m]);
                dr_position q = dr_flipped(&after);
                if (dr_position_slice(&q) == other_id) {
                    ++inside;
                    continue;
                }
                int next = dr_tables_code(b->solved, &q);
                if (!next) return DR_TABLES_MISSING;
                if (next == CODE_LOSS) code = CODE_WIN;
                if (next == CODE_DRAW) escape = 1;
            }
            if (!code && !inside && !escape) code = CODE_LOSS;
        }
        b->state[2 * i + 1] = (uint8_t)(inside + escape);
        b->state[2 * i] = (uint8_t)(code ? ST_NEW | code : 0);
        resolved += code != 0;
    }
    return resolved;
}

/* Each earlier position: White to move, one of its pieces a step back from where it stands in
 * p, with that step legal there (the move generator's rules: direction, no capture due). */
DR_INLINE void dr_build_predecessors(dr_build *b, const dr_position *p, int which, int code)
{
    static const int directions[4] = {-5, -4, 4, 5};
    dr_bits empty = dr_empty(p);
    for (dr_bits pieces = p->white; pieces; pieces &= pieces - 1) {
        dr_bits to = pieces & (0 - pieces);
        dr_bits king = to & p->kings;
        for (int k = 0; k < 4; ++k) {
            int d = directions[k];
            dr_bits from = dr_shift(to, -d) & empty;
            if (!from || (!king && (from & DR_WHITE_CROWN))) continue;
            dr_position q = *p;
            q.white ^= from | to;
            if (king) q.kings ^= from | to;
            q.turn = DR_WHITE;
            if (!(dr_side_step_targets(&q, DR_WHITE, d) & to) || dr_side_jumpers(&q, DR_WHITE))
                continue;
            dr_position canonical = dr_flipped(&q);
            uint64_t j = dr_build_index(b, !which, &canonical);
            uint8_t unknown = 0;
            if (__atomic_load_n(&b->state[2 * j], __ATOMIC_RELAXED) != 0) continue; /* known */
            if (code == CODE_LOSS) {
                __atomic_compare_exchange_n(&b->state[2 * j], &unknown,
                                            (uint8_t)(ST_NEXT | CODE_WIN), 0, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED);
            } else if (__atomic_sub_fetch(&b->state[2 * j + 1], 1, __ATOMIC_RELAXED) == 0) {
                __atomic_compare_exchange_n(&b->state[2 * j], &unknown,
                                            (uint8_t)(ST_NEXT | CODE_LOSS), 0, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED);
            }
        }
    }
}

DR_POPCNT_CLONES int64_t dr_build_propagate(dr_build *b, uint64_t lo, uint64_t hi)
{
    int64_t done = 0;
    for (uint64_t i = lo; i < hi; ++i) {
        uint8_t status = __atomic_load_n(&b->state[2 * i], __ATOMIC_RELAXED);
        if ((status & ~3) != ST_NEW) continue;
        dr_position p;
        dr_build_position(b, i, &p);
        dr_build_predecessors(b, &p, dr_build_which(b, i), status & 3);
        ++done;
    }
    return done;
}

int64_t dr_build_advance(dr_build *b, uint64_t lo, uint64_t hi)
{
    int64_t fresh = 0;
    for (uint64_t i = lo; i < hi; ++i) {
        uint8_t status = b->state[2 * i];
        if ((status & ~3) == ST_NEW) {
            b->state[2 * i] = status & 3;
        } else if ((status & ~3) == ST_NEXT) {
            b->state[2 * i] = (uint8_t)(ST_NEW | (status & 3));
            ++fresh;
        }
    }
    return fresh;
}

void dr_build_pack(const dr_build *b, int which, uint64_t lo, uint64_t hi, uint8_t *out)
{
    uint64_t base = which ? b->slices[0].size : 0;
    for (uint64_t i = lo; i < hi; i += 4) {
        uint8_t byte = 0;
        for (uint64_t k = 0; k < 4 && i + k < hi; ++k) {
            int code = b->state[2 * (base + i + k)] & 3;
            byte |= (uint8_t)((code ? code : CODE_DRAW) << (2 * k));
        }
        out[i >> 2] = byte;
    }
}
