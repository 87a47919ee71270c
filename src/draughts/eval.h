/* The engine's static evaluation: a weighted sum of features of the position, each the side to
 * move's count less the opponent's, in hundredths of a man. The weights are one table,
 * dr_eval_weights, fitted by bench/tune_eval.py (docs/draughts-engine.md, "Evaluation"). */
#ifndef TRICKCORE_DRAUGHTS_EVAL_H
#define TRICKCORE_DRAUGHTS_EVAL_H

#include <stdint.h>

#include "draughts/board.h"
#include "draughts/movegen.h"

enum dr_feature {
    DR_FEATURE_MAN,         /* men */
    DR_FEATURE_KING,        /* kings */
    DR_FEATURE_BACK_RANK,   /* men on their own back rank, while the opponent has men */
    DR_FEATURE_CENTRE_MAN,  /* men on the four centre squares 14, 15, 18, 19 */
    DR_FEATURE_CENTRE_KING, /* kings on the eight squares 10, 11, 14, 15, 18, 19, 22, 23 */
    DR_FEATURE_ADVANCE,     /* men in the opponent's half (rows 5..7 counted from home) */
    DR_FEATURE_TEMPO,       /* the sum of the men's rows counted from home (0..6) */
    DR_FEATURE_MOBILITY,    /* simple moves available */
    DR_FEATURE_RUNAWAY,     /* men with an empty, enemy-free way to the crowning row */
    DR_FEATURES
};

/* Weights of the features, in hundredths of a man (a man weighs 100). */
extern const int16_t dr_eval_weights[DR_FEATURES];

/* Rows 0..7 of the board (row 0 = squares 1..4, Black's home). */
DR_INLINE dr_bits dr_row(int r)
{
    return dr_from_squares((uint32_t)0xF << (4 * r));
}

/* The squares one step behind those of b, for `side` (a constant): toward its home row. */
DR_INLINE dr_bits dr_behind(dr_bits b, int side)
{
    return side == DR_BLACK ? (b >> 4 | b >> 5) & DR_VALID : (b << 4 | b << 5) & DR_VALID;
}

/* Men of `side` (a constant) that can run to the crowning row: their forward cone holds no enemy
 * piece and some path of empty squares in it reaches the row. Only men in the far half count:
 * `open` (empty squares with such a path) and `shadow` (squares with an enemy in their cone)
 * need three rows. */
DR_INLINE int dr_runaways(const dr_position *p, int side)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white;
    dr_bits enemy = side == DR_BLACK ? p->white : p->black;
    dr_bits far =
        side == DR_BLACK ? dr_row(4) | dr_row(5) | dr_row(6) : dr_row(3) | dr_row(2) | dr_row(1);
    dr_bits men = own & ~p->kings & far, empty = dr_empty(p);
    if (!men) return 0;
    dr_bits open = (side == DR_BLACK ? DR_BLACK_CROWN : DR_WHITE_CROWN) & empty;
    dr_bits shadow = dr_behind(enemy, side);
    for (int row = 0; row < 2; ++row) {
        open |= dr_behind(open, side) & empty;
        shadow |= dr_behind(shadow, side);
    }
    return dr_popcount(men & ~shadow & dr_behind(open, side));
}

/* The features of side `side` (a constant), its counts only. */
DR_INLINE void dr_side_features(const dr_position *p, int side, int32_t *f)
{
    dr_bits own = side == DR_BLACK ? p->black : p->white;
    dr_bits enemy = side == DR_BLACK ? p->white : p->black;
    dr_bits men = own & ~p->kings, kings = own & p->kings;
    dr_bits centre4 = dr_from_squares(0x66000), centre8 = dr_from_squares(0x666600);
    /* Rows from home as bits: rows 1, 3, 5 count 1; rows 2, 3, 6 count 2; rows 4, 5, 6 count 4. */
    dr_bits bit0 =
        side == DR_BLACK ? dr_row(1) | dr_row(3) | dr_row(5) : dr_row(6) | dr_row(4) | dr_row(2);
    dr_bits bit1 =
        side == DR_BLACK ? dr_row(2) | dr_row(3) | dr_row(6) : dr_row(5) | dr_row(4) | dr_row(1);
    dr_bits bit2 =
        side == DR_BLACK ? dr_row(4) | dr_row(5) | dr_row(6) : dr_row(3) | dr_row(2) | dr_row(1);
    int tempo = dr_popcount(men & bit0) + 2 * dr_popcount(men & bit1) + 4 * dr_popcount(men & bit2);
    f[DR_FEATURE_MAN] = dr_popcount(men);
    f[DR_FEATURE_KING] = dr_popcount(kings);
    f[DR_FEATURE_BACK_RANK] =
        (enemy & ~p->kings) ? dr_popcount(men & dr_row(side == DR_BLACK ? 0 : 7)) : 0;
    f[DR_FEATURE_CENTRE_MAN] = dr_popcount(men & centre4);
    f[DR_FEATURE_CENTRE_KING] = dr_popcount(kings & centre8);
    f[DR_FEATURE_ADVANCE] =
        dr_popcount(men & (side == DR_BLACK ? dr_row(4) | dr_row(5) | dr_row(6)
                                            : dr_row(3) | dr_row(2) | dr_row(1)));
    f[DR_FEATURE_TEMPO] = tempo;
    f[DR_FEATURE_MOBILITY] = dr_side_count_steps(p, side);
    f[DR_FEATURE_RUNAWAY] = dr_runaways(p, side);
}

/* The features of the side to move less those of its opponent. */
DR_INLINE void dr_eval_features_inline(const dr_position *p, int32_t *f)
{
    int32_t black[DR_FEATURES], white[DR_FEATURES];
    dr_side_features(p, DR_BLACK, black);
    dr_side_features(p, DR_WHITE, white);
    for (int k = 0; k < DR_FEATURES; ++k)
        f[k] = p->turn == DR_BLACK ? black[k] - white[k] : white[k] - black[k];
}

/* The evaluation for the side to move: Black's less White's, negated when White is to move. */
DR_INLINE int dr_evaluate_inline(const dr_position *p)
{
    int32_t black[DR_FEATURES], white[DR_FEATURES];
    dr_side_features(p, DR_BLACK, black);
    dr_side_features(p, DR_WHITE, white);
    int16_t d[DR_FEATURES]; /* 16-bit products: one multiply-add instruction for them all */
    for (int k = 0; k < DR_FEATURES; ++k) d[k] = (int16_t)(black[k] - white[k]);
    int score = 0;
    for (int k = 0; k < DR_FEATURES; ++k) score += dr_eval_weights[k] * d[k];
    return p->turn == DR_BLACK ? score : -score;
}

/* Out-of-line versions, for the bindings and tools. */
void dr_eval_features(const dr_position *p, int32_t *features);
int dr_evaluate(const dr_position *p);

#endif
