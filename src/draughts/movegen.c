#include "draughts/movegen.h"

#include <limits.h>
#include <stddef.h>

/* The state of one capture search: the piece's start, what it may jump and land on, the path so
 * far and where complete sequences go (nowhere when only counting). */
typedef struct {
    dr_bits start; /* the capturing piece's square */
    dr_bits enemy; /* enemy pieces (captured ones stay on the board until the end) */
    dr_bits enemy_kings;
    dr_bits empty; /* empty squares, the start square included (a king may come back) */
    dr_bits crown; /* where a man is crowned, ending the move */
    int king;
    dr_move *moves; /* NULL: count only */
    int paths;      /* record landing paths (notation) or only the masks (search, perft) */
    int count;
    int capacity; /* count > capacity signals overflow */
    uint8_t path[DR_MAX_PATH];
} dr_capture_search;

/* Piece kinds of a capture search, each searched by its own specialised function. */
enum { DR_BLACK_MAN = 0, DR_WHITE_MAN = 1, DR_KING = 2 };

DR_INLINE void dr_record_capture(dr_capture_search *s, dr_bits at, dr_bits captured, int jumps)
{
    if (!s->moves) {
        ++s->count;
        return;
    }
    if (s->count >= s->capacity) {
        s->count = s->capacity + 1;
        return;
    }
    dr_move *m = &s->moves[s->count++];
    m->moved = s->start ^ at;
    m->captured = captured;
    m->kings = (captured & s->enemy_kings) ^ (s->king ? m->moved : (at & s->crown));
    m->length = (uint8_t)(jumps + 1);
    if (!s->paths) return;
    for (int i = 0; i <= jumps; ++i) m->path[i] = s->path[i];
}

static void dr_extend_black_man(dr_capture_search *s, dr_bits at, dr_bits captured, int jumps);
static void dr_extend_white_man(dr_capture_search *s, dr_bits at, dr_bits captured, int jumps);
static void dr_extend_king(dr_capture_search *s, dr_bits at, dr_bits captured, int jumps);

/* Tries the jump from `at` in direction d and searches on from its landing square; returns
 * whether the jump was possible. A man that lands on its crowning row is crowned and stops. */
DR_INLINE int dr_try_jump(dr_capture_search *s, dr_bits at, dr_bits captured, int jumps, int piece,
                          int d)
{
    if (piece != DR_KING && !dr_is_forward(piece, d)) return 0;
    dr_bits victim = dr_shift(at, d) & s->enemy & ~captured;
    dr_bits landing = dr_shift(at, 2 * d) & s->empty;
    if (!victim || !landing || s->count > s->capacity) return !!(victim && landing);
    if (jumps + 1 >= DR_MAX_PATH) { /* only in malformed positions: more than 12 enemies */
        s->count = s->capacity + 1;
        return 1;
    }
    if (s->paths) s->path[jumps + 1] = (uint8_t)dr_square_of_index(dr_lowest_index(landing));
    captured |= victim;
    if (piece == DR_KING)
        dr_extend_king(s, landing, captured, jumps + 1);
    else if (landing & s->crown)
        dr_record_capture(s, landing, captured, jumps + 1);
    else if (piece == DR_BLACK_MAN)
        dr_extend_black_man(s, landing, captured, jumps + 1);
    else
        dr_extend_white_man(s, landing, captured, jumps + 1);
    return 1;
}

/* Extends the sequence that has made `jumps` jumps and stands on `at`, recording every complete
 * sequence: one that cannot jump again. `piece` is a compile-time constant. */
DR_INLINE void dr_extend(dr_capture_search *s, dr_bits at, dr_bits captured, int jumps, int piece)
{
    int extended = dr_try_jump(s, at, captured, jumps, piece, -5);
    extended |= dr_try_jump(s, at, captured, jumps, piece, -4);
    extended |= dr_try_jump(s, at, captured, jumps, piece, 4);
    extended |= dr_try_jump(s, at, captured, jumps, piece, 5);
    if (!extended && jumps > 0) dr_record_capture(s, at, captured, jumps);
}

static void dr_extend_black_man(dr_capture_search *s, dr_bits at, dr_bits captured, int jumps)
{
    dr_extend(s, at, captured, jumps, DR_BLACK_MAN);
}

static void dr_extend_white_man(dr_capture_search *s, dr_bits at, dr_bits captured, int jumps)
{
    dr_extend(s, at, captured, jumps, DR_WHITE_MAN);
}

static void dr_extend_king(dr_capture_search *s, dr_bits at, dr_bits captured, int jumps)
{
    dr_extend(s, at, captured, jumps, DR_KING);
}

/* The first jump of a man, from `from` in direction d: recorded at once when it ends the move
 * (`ends` holds such landing squares), searched on otherwise. */
DR_INLINE void dr_first_man_jump(dr_capture_search *s, dr_bits from, dr_bits ends, int side, int d)
{
    dr_bits landing = dr_shift(from, 2 * d), victim = dr_shift(from, d);
    if (s->paths) s->path[1] = (uint8_t)dr_square_of_index(dr_lowest_index(landing));
    if (landing & ends)
        dr_record_capture(s, landing, victim, 1);
    else if (side == DR_BLACK)
        dr_extend_black_man(s, landing, victim, 1);
    else
        dr_extend_white_man(s, landing, victim, 1);
}

/* Men's first jumps are read from direction masks (most captures are a man's single jump);
 * kings and men's later jumps go through the depth-first search. Jumpers are taken in ascending
 * order and directions ascending, so sequences come out in path order. */
DR_INLINE int dr_side_captures(const dr_position *p, int side, dr_move *moves, int capacity,
                               int paths)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white;
    dr_bits enemy = side == DR_BLACK ? p->white : p->black;
    dr_bits empty = dr_empty(p), kings = own & p->kings, men = own & ~kings;
    int d1 = side == DR_BLACK ? 4 : -5, d2 = side == DR_BLACK ? 5 : -4;
    dr_bits men1 = dr_jumpers_toward(men, enemy, empty, d1);
    dr_bits men2 = dr_jumpers_toward(men, enemy, empty, d2);
    dr_bits jumpers = men1 | men2 | (dr_side_jumpers(p, side) & kings);
    if (!jumpers) return 0;
    dr_capture_search s;
    s.enemy = enemy;
    s.enemy_kings = enemy & p->kings;
    s.crown = side == DR_BLACK ? DR_BLACK_CROWN : DR_WHITE_CROWN;
    s.moves = moves;
    s.paths = paths;
    s.count = 0;
    s.capacity = moves ? capacity : INT_MAX;
    dr_bits ends1 = dr_final_landings(dr_shift(men1, 2 * d1), enemy, empty, s.crown, side);
    dr_bits ends2 = dr_final_landings(dr_shift(men2, 2 * d2), enemy, empty, s.crown, side);
    if (!moves) { /* counting: single jumps that end the move need no search */
        s.count = dr_popcount(ends1) + dr_popcount(ends2);
        men1 &= ~dr_shift(ends1, -2 * d1);
        men2 &= ~dr_shift(ends2, -2 * d2);
        jumpers = men1 | men2 | (jumpers & kings);
    }
    while (jumpers) {
        dr_bits from = jumpers & (0 - jumpers);
        jumpers ^= from;
        s.start = from;
        s.king = (kings & from) != 0;
        s.empty = empty | from;
        if (paths) s.path[0] = (uint8_t)dr_square_of_index(dr_lowest_index(from));
        if (s.king) {
            dr_extend_king(&s, from, 0, 0);
        } else {
            if (from & men1) dr_first_man_jump(&s, from, ends1, side, d1);
            if (from & men2) dr_first_man_jump(&s, from, ends2, side, d2);
        }
        if (s.count > s.capacity) return -1;
    }
    return s.count;
}

int dr_generate_captures(const dr_position *p, dr_move *moves, int capacity)
{
    return p->turn == DR_BLACK ? dr_side_captures(p, DR_BLACK, moves, capacity, 1)
                               : dr_side_captures(p, DR_WHITE, moves, capacity, 1);
}

/* Appends the men's single jumps landing on `landings` in direction d, masks only. */
DR_INLINE int dr_add_single_jumps(dr_move *moves, int n, dr_bits landings, dr_bits enemy_kings,
                                  dr_bits crown, int d)
{
    for (; landings; landings &= landings - 1) {
        dr_bits to = landings & (0 - landings), victim = dr_shift(to, -d);
        dr_move *m = &moves[n++];
        m->moved = to | dr_shift(to, -2 * d);
        m->captured = victim;
        m->kings = (victim & enemy_kings) | (to & crown);
        m->length = 2;
    }
    return n;
}

/* The common case first: every capture a man's single jump, read from two landing masks. */
DR_INLINE int dr_side_capture_masks(const dr_position *p, int side, dr_move *moves, int capacity)
{
    dr_bits landings1, landings2;
    if (!dr_single_jumps(p, side, &landings1, &landings2))
        return dr_side_captures(p, side, moves, capacity, 0);
    if (dr_popcount(landings1) + dr_popcount(landings2) > capacity) return -1;
    dr_bits enemy_kings = (side == DR_BLACK ? p->white : p->black) & p->kings;
    dr_bits crown = side == DR_BLACK ? DR_BLACK_CROWN : DR_WHITE_CROWN;
    int d1 = side == DR_BLACK ? 4 : -5, d2 = side == DR_BLACK ? 5 : -4;
    int n = dr_add_single_jumps(moves, 0, landings1, enemy_kings, crown, d1);
    return dr_add_single_jumps(moves, n, landings2, enemy_kings, crown, d2);
}

DR_POPCNT_CLONES int dr_generate_capture_masks(const dr_position *p, dr_move *moves, int capacity)
{
    return p->turn == DR_BLACK ? dr_side_capture_masks(p, DR_BLACK, moves, capacity)
                               : dr_side_capture_masks(p, DR_WHITE, moves, capacity);
}

DR_POPCNT_CLONES int dr_count_captures(const dr_position *p)
{
    return p->turn == DR_BLACK ? dr_side_captures(p, DR_BLACK, NULL, 0, 0)
                               : dr_side_captures(p, DR_WHITE, NULL, 0, 0);
}

/* Appends the step from `from` in direction d, with its path, if it is legal; returns 0, or -1
 * when full. */
DR_INLINE int dr_add_step(const dr_position *p, dr_move *moves, int *n, int capacity, dr_bits from,
                          dr_bits targets, int d)
{
    dr_bits to = dr_shift(from, d) & targets;
    if (!to) return 0;
    if (*n >= capacity) return -1;
    dr_bits crown = p->turn == DR_BLACK ? DR_BLACK_CROWN : DR_WHITE_CROWN;
    dr_move *m = &moves[(*n)++];
    m->moved = from | to;
    m->captured = 0;
    m->kings = (from & p->kings) ? from | to : to & crown;
    m->path[0] = (uint8_t)dr_square_of_index(dr_lowest_index(from));
    m->path[1] = (uint8_t)dr_square_of_index(dr_lowest_index(to));
    m->length = 2;
    return 0;
}

/* The simple moves, by start square, then by direction: ascending paths. */
DR_INLINE int dr_steps(const dr_position *p, dr_move *moves, int capacity)
{
    dr_bits back5 = dr_side_step_targets(p, p->turn, -5);
    dr_bits back4 = dr_side_step_targets(p, p->turn, -4);
    dr_bits ahead4 = dr_side_step_targets(p, p->turn, 4);
    dr_bits ahead5 = dr_side_step_targets(p, p->turn, 5);
    dr_bits movable = (back5 << 5) | (back4 << 4) | (ahead4 >> 4) | (ahead5 >> 5);
    int n = 0;
    while (movable) {
        dr_bits from = movable & (0 - movable);
        movable ^= from;
        if (dr_add_step(p, moves, &n, capacity, from, back5, -5) ||
            dr_add_step(p, moves, &n, capacity, from, back4, -4) ||
            dr_add_step(p, moves, &n, capacity, from, ahead4, 4) ||
            dr_add_step(p, moves, &n, capacity, from, ahead5, 5))
            return -1;
    }
    return n;
}

int dr_generate(const dr_position *p, dr_move *moves, int capacity)
{
    int n = dr_generate_captures(p, moves, capacity);
    return n != 0 ? n : dr_steps(p, moves, capacity);
}

/* Appends the steps of `movers` in direction d, masks only; a man reaching `crown` is crowned. */
DR_INLINE int dr_add_step_masks(dr_move *moves, int n, dr_bits movers, dr_bits empty, int king,
                                dr_bits crown, int d)
{
    for (dr_bits targets = dr_shift(movers, d) & empty; targets; targets &= targets - 1) {
        dr_bits to = targets & (0 - targets), moved = to | dr_shift(to, -d);
        dr_move *m = &moves[n++];
        m->moved = moved;
        m->captured = 0;
        m->kings = king ? moved : to & crown;
    }
    return n;
}

/* The simple moves of `side` by direction, then by target square; -1 beyond `capacity`. */
DR_INLINE int dr_side_step_masks(const dr_position *p, int side, dr_move *moves, int capacity)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white, kings = own & p->kings;
    dr_bits men = own & ~kings, empty = dr_empty(p);
    dr_bits crown = side == DR_BLACK ? DR_BLACK_CROWN : DR_WHITE_CROWN;
    int d1 = side == DR_BLACK ? 4 : -5, d2 = side == DR_BLACK ? 5 : -4;
    if (4 * dr_popcount(own) > capacity && dr_side_count_steps(p, side) > capacity) return -1;
    int n = dr_add_step_masks(moves, 0, men, empty, 0, crown, d1);
    n = dr_add_step_masks(moves, n, men, empty, 0, crown, d2);
    if (!kings) return n;
    n = dr_add_step_masks(moves, n, kings, empty, 1, crown, d1);
    n = dr_add_step_masks(moves, n, kings, empty, 1, crown, d2);
    n = dr_add_step_masks(moves, n, kings, empty, 1, crown, -d1);
    return dr_add_step_masks(moves, n, kings, empty, 1, crown, -d2);
}

DR_POPCNT_CLONES int dr_generate_step_masks(const dr_position *p, dr_move *moves, int capacity)
{
    return p->turn == DR_BLACK ? dr_side_step_masks(p, DR_BLACK, moves, capacity)
                               : dr_side_step_masks(p, DR_WHITE, moves, capacity);
}
