/* POSIX clock_gettime for the time limit. */
#define _POSIX_C_SOURCE 199309L

#include "draughts/search.h"

#include <string.h>
#include <time.h>

#include "draughts/draw.h"
#include "draughts/eval.h"
#include "draughts/zobrist.h"
#include "trickcore/core/status.h"

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif

enum { BOUND_EXACT = 1, BOUND_LOWER = 2, BOUND_UPPER = 3 };
enum { BUCKET = 4, CHECK_EVERY = 1024, ASPIRATION = 30, REDUCE_DEPTH = 3, REDUCE_AFTER = 2 };
/* Nodes this close to the leaves (quiescence included) skip the table: not worth a cache miss. */
enum { TT_DEPTH = 2 };
/* A timed search starts no iteration after this fraction of its time. */
#define START_FRACTION 0.6
/* Move-ordering ranks above any history count. */
#define RANK_TT (1 << 30)
#define RANK_CAPTURE (1 << 28)
#define RANK_KILLER (1 << 27)
#define RANK_SEARCHED (-1)            /* below any history count */
#define HISTORY_MAX (RANK_KILLER - 1) /* history counts rank below killers, never overflow */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

size_t dr_tt_entries(size_t bytes)
{
    size_t buckets = 1;
    if (bytes < BUCKET * sizeof(dr_tt_entry)) return 0;
    while (2 * buckets * BUCKET * sizeof(dr_tt_entry) <= bytes) buckets *= 2;
    return buckets * BUCKET;
}

void dr_search_clear(dr_search *s)
{
    if (s->tt_buckets) memset(s->tt, 0, s->tt_buckets * BUCKET * sizeof(dr_tt_entry));
    memset(s->history, 0, sizeof s->history);
    memset(s->killers, 0, sizeof s->killers);
    s->age = 0;
}

void dr_search_init(dr_search *s, dr_tt_entry *tt, size_t entries)
{
    s->tt = tt;
    s->tt_buckets = entries / BUCKET;
    dr_search_clear(s);
}

/* Mate and table-win scores count plies from the root; the table holds them from the node. */
static int score_to_tt(int score, int ply)
{
    if (score >= DR_SCORE_TABLE_WIN - DR_SEARCH_MAX_PLY) return score + ply;
    if (score <= -(DR_SCORE_TABLE_WIN - DR_SEARCH_MAX_PLY)) return score - ply;
    return score;
}

static int score_from_tt(int score, int ply)
{
    if (score >= DR_SCORE_TABLE_WIN - DR_SEARCH_MAX_PLY) return score - ply;
    if (score <= -(DR_SCORE_TABLE_WIN - DR_SEARCH_MAX_PLY)) return score + ply;
    return score;
}

DR_INLINE dr_tt_entry *tt_find(const dr_search *s, uint64_t key)
{
    if (!s->tt_buckets) return NULL;
    dr_tt_entry *bucket = &s->tt[(key & (s->tt_buckets - 1)) * BUCKET];
    for (int i = 0; i < BUCKET; ++i)
        if (bucket[i].key == key && bucket[i].bound_age & 3) return &bucket[i];
    return NULL;
}

/* Same key: overwritten. Otherwise the entry of least worth goes: the shallowest, an entry of an
 * older search counting 4 plies shallower per search. */
static void tt_store(dr_search *s, uint64_t key, int depth, int score, int bound, int move)
{
    if (!s->tt_buckets) return;
    dr_tt_entry *bucket = &s->tt[(key & (s->tt_buckets - 1)) * BUCKET], *victim = bucket;
    int worst = 1 << 20;
    for (int i = 0; i < BUCKET; ++i) {
        dr_tt_entry *e = &bucket[i];
        if (e->key == key || !(e->bound_age & 3)) {
            victim = e;
            break;
        }
        int worth = e->depth - 4 * (int)((uint8_t)(s->age - (e->bound_age >> 2)) & 63);
        if (worth < worst) {
            worst = worth;
            victim = e;
        }
    }
    victim->key = key;
    victim->score = (int16_t)score;
    victim->depth = (int8_t)depth;
    victim->bound_age = (uint8_t)(bound | (s->age & 63) << 2);
    victim->move = (uint8_t)move;
}

DR_INLINE int same_move(const dr_move *m, const dr_search_move *k)
{
    return m->moved == k->moved && m->captured == k->captured && m->kings == k->kings;
}

/* The moves of a node in the search's generation order, masks only. */
static int generate(const dr_position *p, dr_move *moves)
{
    int n = dr_generate_capture_masks(p, moves, DR_MAX_MOVES);
    return n ? n : dr_generate_step_masks(p, moves, DR_MAX_MOVES);
}

/* The start and target layout bits of a simple move of the side whose pieces are `own`. */
DR_INLINE int from_to(dr_bits own, const dr_move *m, int *to)
{
    *to = dr_lowest_index(m->moved & ~own);
    return dr_lowest_index(m->moved & own);
}

/* Ranks moves[0..n) into rank[0..n); `searched` (the table's move, or -1) ranks below all. A
 * node's moves are all captures or all simple moves (captures are compulsory). */
DR_INLINE void rank_moves(const dr_search *s, const dr_position *p, const dr_move *moves, int n,
                          int searched, int ply, int *rank)
{
    if (moves[0].captured) {
        for (int i = 0; i < n; ++i) {
            dr_bits captured = moves[i].captured;
            rank[i] = RANK_CAPTURE + 16 * dr_popcount(captured) + dr_popcount(captured & p->kings);
        }
    } else {
        const dr_search_move *k0 = &s->killers[ply][0], *k1 = &s->killers[ply][1];
        const int32_t (*history)[64] = s->history[p->turn];
        dr_bits own = dr_own(p);
        for (int i = 0; i < n; ++i) {
            const dr_move *m = &moves[i];
            int to, from = from_to(own, m, &to);
            if (same_move(m, k0))
                rank[i] = RANK_KILLER + 1;
            else if (same_move(m, k1))
                rank[i] = RANK_KILLER;
            else
                rank[i] = history[from][to];
        }
    }
    if (searched >= 0) rank[searched] = RANK_SEARCHED;
}

/* The best-ranked move not yet searched (selection: most nodes cut off after a few), its rank
 * in *r; it is marked searched. Ties go to the first in generation order. */
DR_INLINE int pick(int *rank, int n, int *r)
{
    int best = 0, top = rank[0];
    for (int j = 1; j < n; ++j) {
        int x = rank[j];
        best = x > top ? j : best;
        top = x > top ? x : top;
    }
    *r = top;
    rank[best] = RANK_SEARCHED;
    return best;
}

/* Sets s->stopped at the node limit or the time limit; the next node count to call it at. */
static DR_NOINLINE void check_budget(dr_search *s)
{
    const dr_search_options *o = s->options;
    if (o->nodes && s->nodes >= o->nodes) s->stopped = 1;
    if (o->seconds > 0 && now() - s->started >= o->seconds) s->stopped = 1;
    s->next_check = o->seconds > 0 ? s->nodes + CHECK_EVERY : INT64_MAX;
    if (o->nodes && o->nodes < s->next_check) s->next_check = o->nodes;
    if (s->stopped) s->next_check = 0;
}

/* The limits are checked at the node limit and every CHECK_EVERY nodes of a timed search. */
DR_INLINE int out_of_budget(dr_search *s)
{
    if (s->nodes >= s->next_check) check_budget(s);
    return s->stopped;
}

/* The draw claim the side to move has at path index i (ply `ply`), given its moves. */
DR_INLINE int claim(const dr_search *s, int ply, const dr_move *moves, int n)
{
    int start = s->window_start[ply], i = s->base + ply;
    if (dr_forty_move_claim(s->reversible[ply])) return 1;
    return n && dr_repetition_claim(&s->path[start], &s->hashes[start], i - start + 1, moves, n);
}

/* Whether the side to move might have a repetition claim: kings, 3 reversible plies behind. */
DR_INLINE int may_repeat(const dr_search *s, const dr_position *p, int ply)
{
    return (dr_own(p) & p->kings) && s->base + ply - s->window_start[ply] >= 3;
}

DR_INLINE void make_child(dr_search *s, int ply, const dr_move *m, int child_depth)
{
    int i = s->base + ply;
    const dr_position *p = &s->path[i];
    dr_position *c = &s->path[i + 1];
    *c = *p;
    dr_make(c, m);
    s->hashes[i + 1] = dr_zobrist_update(s->hashes[i], p, m);
    if (s->tt_buckets && child_depth >= TT_DEPTH)
        PREFETCH(&s->tt[(s->hashes[i + 1] & (s->tt_buckets - 1)) * BUCKET]);
    int irreversible = dr_is_irreversible(p, m);
    s->reversible[ply + 1] = irreversible ? 0 : s->reversible[ply] + 1;
    s->window_start[ply + 1] = irreversible ? i + 1 : s->window_start[ply];
}

static DR_POPCNT_CLONES int search(dr_search *s, int ply, int depth, int alpha, int beta)
{
    const dr_position *p = &s->path[s->base + ply];
    uint64_t key = s->hashes[s->base + ply];
    const dr_search_options *o = s->options;
    s->pv_length[ply] = 0;
    s->nodes++;
    if (out_of_budget(s)) return 0;
    dr_move moves[DR_MAX_MOVES];
    int capture = dr_side_jumpers(p, p->turn) != 0;
    int n = capture ? dr_generate_capture_masks(p, moves, DR_MAX_MOVES) : 0;
    int leaf = (!capture && depth <= 0) || ply >= DR_SEARCH_MAX_PLY - 1;
    if (!capture && (!leaf || may_repeat(s, p, ply))) {
        n = dr_generate_step_masks(p, moves, DR_MAX_MOVES);
        if (n == 0) return -(DR_SCORE_MATE - ply);
    } else if (!capture && dr_side_count_steps(p, p->turn) == 0) {
        return -(DR_SCORE_MATE - ply);
    }
    int floor = -DR_SCORE_INFINITE; /* 0 when the side to move may claim a draw instead */
    if (claim(s, ply, moves, capture ? 0 : n)) {
        if (o->auto_draw) return 0;
        floor = 0;
        if (alpha < 0) alpha = 0;
        if (alpha >= beta) return 0;
    }
    int pieces = dr_popcount(p->black | p->white);
    if (o->probe && ply > 0 && pieces <= o->probe_pieces && !capture) {
        int v = o->probe(o->probe_ctx, p);
        if (v == DR_PROBE_WIN) return DR_SCORE_TABLE_WIN - ply;
        if (v == DR_PROBE_LOSS)
            return floor > -(DR_SCORE_TABLE_WIN - ply) ? floor : -(DR_SCORE_TABLE_WIN - ply);
        if (v == DR_PROBE_DRAW) return 0;
    }
    if (leaf) {
        int v = dr_evaluate_inline(p);
        return v > floor ? v : floor;
    }
    int tt_move = -1, pv_node = beta - alpha > 1;
    dr_tt_entry *e = depth >= TT_DEPTH ? tt_find(s, key) : NULL;
    if (e) {
        tt_move = e->move < n ? e->move : -1;
        int v = score_from_tt(e->score, ply), bound = e->bound_age & 3;
        if (!pv_node && e->depth >= depth &&
            (bound == BOUND_EXACT || (bound == BOUND_LOWER && v >= beta) ||
             (bound == BOUND_UPPER && v <= alpha)))
            return v > floor ? v : floor;
    }
    int rank[DR_MAX_MOVES], first = tt_move >= 0;
    int best = floor, best_move = 0, original_alpha = alpha;
    int child_depth = depth > 0 ? depth - 1 : 0; /* a pending capture extends past depth 0 */
    for (int i = 0; i < n; ++i) {
        /* The table's move first, before the others are even ranked: often no other is needed. */
        int k = 0, r = 0;
        if (i < first) {
            k = tt_move;
        } else if (n > 1) {
            if (i == first) rank_moves(s, p, moves, n, tt_move, ply, rank);
            k = pick(rank, n, &r);
        }
        const dr_move *m = &moves[k];
        make_child(s, ply, m, child_depth);
        int v;
        if (i == 0) {
            v = -search(s, ply + 1, child_depth, -beta, -alpha);
        } else {
            /* Late quiet moves of a null-window node are first searched a ply shallower. */
            int reduce = o->reductions && !pv_node && !capture && depth >= REDUCE_DEPTH &&
                         i >= REDUCE_AFTER && r < RANK_KILLER;
            v = alpha + 1;
            if (reduce) {
                int plies = depth >= 6 && i >= 2 * REDUCE_AFTER ? 2 : 1;
                v = -search(s, ply + 1, child_depth - plies, -alpha - 1, -alpha);
            }
            if (v > alpha && !s->stopped) v = -search(s, ply + 1, child_depth, -alpha - 1, -alpha);
            if (v > alpha && v < beta && !s->stopped)
                v = -search(s, ply + 1, child_depth, -beta, -alpha);
        }
        if (s->stopped) return 0;
        if (v > best) {
            best = v;
            best_move = k;
            if (v > alpha) {
                alpha = v;
                s->pv[ply][0] = (uint8_t)k;
                memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)s->pv_length[ply + 1]);
                s->pv_length[ply] = s->pv_length[ply + 1] + 1;
            }
            if (v >= beta) {
                if (!m->captured) {
                    int to, from = from_to(dr_own(p), m, &to);
                    int32_t *h = &s->history[p->turn][from][to]; /* stays in 0..HISTORY_MAX */
                    *h = *h < HISTORY_MAX - depth * depth ? *h + depth * depth : HISTORY_MAX;
                    if (!same_move(m, &s->killers[ply][0])) {
                        s->killers[ply][1] = s->killers[ply][0];
                        s->killers[ply][0] = (dr_search_move){m->moved, m->captured, m->kings};
                    }
                }
                break;
            }
        }
    }
    int bound = best >= beta ? BOUND_LOWER : best > original_alpha ? BOUND_EXACT : BOUND_UPPER;
    if (depth >= TT_DEPTH) tt_store(s, key, depth, score_to_tt(best, ply), bound, best_move);
    return best;
}

/* The index in dr_generate order of move `i` of the search's order at p. */
static int generate_index(const dr_position *p, int i)
{
    dr_move a[DR_MAX_MOVES], b[DR_MAX_MOVES];
    int n = generate(p, a), m = dr_generate(p, b, DR_MAX_MOVES);
    if (i >= n) return -1;
    for (int j = 0; j < m; ++j)
        if (b[j].moved == a[i].moved && b[j].captured == a[i].captured && b[j].kings == a[i].kings)
            return j;
    return -1;
}

/* Copies the root's principal variation, in dr_generate order, into the result. */
static void store_pv(const dr_search *s, dr_search_result *r)
{
    dr_position p = s->path[s->base];
    dr_move moves[DR_MAX_MOVES];
    r->pv_length = 0;
    for (int k = 0; k < s->pv_length[0]; ++k) {
        int j = generate_index(&p, s->pv[0][k]);
        if (j < 0) break;
        r->pv[r->pv_length++] = (uint8_t)j;
        dr_generate(&p, moves, DR_MAX_MOVES);
        dr_make(&p, &moves[j]);
    }
}

static int excluded(const dr_search_options *o, int index)
{
    for (int k = 0; k < o->exclude_count; ++k)
        if (o->exclude[k] == index) return 1;
    return 0;
}

int dr_search_run(dr_search *s, const dr_position *history, const uint64_t *hashes, int count,
                  int reversible, const dr_search_options *o, dr_search_result *r)
{
    if (count < 1 || o->depth < 1 || o->depth >= DR_SEARCH_MAX_PLY || o->nodes < 0 ||
        o->seconds < 0 || dr_check_position(&history[count - 1]) != 0)
        return TC_ERR_ARGUMENT;
    int kept = count < DR_SEARCH_WINDOW ? count : DR_SEARCH_WINDOW;
    memcpy(s->path, history + count - kept, (size_t)kept * sizeof(dr_position));
    memcpy(s->hashes, hashes + count - kept, (size_t)kept * sizeof(uint64_t));
    s->base = kept - 1;
    s->window_start[0] = 0;
    s->reversible[0] = reversible;
    s->options = o;
    s->nodes = 0;
    s->next_check = 0;
    s->stopped = 0;
    s->started = now();
    s->age++;
    for (int side = 0; side < 2; ++side)
        for (int a = 0; a < 64; ++a)
            for (int b = 0; b < 64; ++b) s->history[side][a][b] /= 8;
    const dr_position *root = &s->path[s->base];
    dr_move moves[DR_MAX_MOVES];
    int n = generate(root, moves), first = -1;
    for (int i = 0; i < n && first < 0; ++i)
        if (!excluded(o, generate_index(root, i))) first = i;
    if (first < 0) return TC_ERR_ARGUMENT;
    r->move = generate_index(root, first);
    r->score = 0;
    r->depth = 0;
    r->pv_length = 1;
    r->pv[0] = (uint8_t)r->move;
    int score = 0;
    for (int depth = 1; depth <= o->depth; ++depth) {
        int delta = ASPIRATION, alpha = -DR_SCORE_INFINITE, beta = DR_SCORE_INFINITE;
        if (depth >= 4) {
            alpha = score - delta;
            beta = score + delta;
        }
        int v, best;
        for (;;) {
            v = -DR_SCORE_INFINITE;
            best = -1;
            int a = alpha;
            dr_tt_entry *e = tt_find(s, s->hashes[s->base]);
            int rank[DR_MAX_MOVES];
            rank_moves(s, root, moves, n, -1, 0, rank);
            if (e && e->move < n) rank[e->move] = RANK_TT;
            s->pv_length[0] = 0;
            for (int i = 0; i < n; ++i) {
                int r, k = pick(rank, n, &r);
                if (excluded(o, generate_index(root, k))) continue;
                make_child(s, 0, &moves[k], depth - 1);
                int w;
                if (best < 0) {
                    w = -search(s, 1, depth - 1, -beta, -a);
                } else {
                    w = -search(s, 1, depth - 1, -a - 1, -a);
                    if (w > a && w < beta && !s->stopped) w = -search(s, 1, depth - 1, -beta, -a);
                }
                if (s->stopped) break;
                if (best < 0 || w > v) {
                    v = w;
                    best = k;
                    if (w > a) {
                        a = w;
                        s->pv[0][0] = (uint8_t)k;
                        memcpy(&s->pv[0][1], s->pv[1], (size_t)s->pv_length[1]);
                        s->pv_length[0] = s->pv_length[1] + 1;
                    }
                    if (w >= beta) break;
                }
            }
            if (s->stopped) break;
            if (v <= alpha && alpha > -DR_SCORE_INFINITE) {
                alpha = v - delta > -DR_SCORE_INFINITE ? v - delta : -DR_SCORE_INFINITE;
            } else if (v >= beta && beta < DR_SCORE_INFINITE) {
                beta = v + delta < DR_SCORE_INFINITE ? v + delta : DR_SCORE_INFINITE;
            } else {
                break;
            }
            delta *= 4;
        }
        if (s->stopped) break;
        score = v;
        tt_store(s, s->hashes[s->base], depth, score, BOUND_EXACT, best);
        r->move = generate_index(root, best);
        r->score = score;
        r->depth = depth;
        store_pv(s, r);
        if (r->pv_length == 0) {
            r->pv_length = 1;
            r->pv[0] = (uint8_t)r->move;
        }
        double elapsed = now() - s->started;
        if (score >= DR_SCORE_MATE - depth || score <= -(DR_SCORE_MATE - depth)) break;
        /* From the start position each iteration ends at 1.4-2.5 times the previous one's end:
         * start the next while it may end in time; out_of_budget stops it at the limit. */
        if (o->seconds > 0 && elapsed > START_FRACTION * o->seconds) break;
    }
    r->nodes = s->nodes;
    r->seconds = now() - s->started;
    return TC_OK;
}
