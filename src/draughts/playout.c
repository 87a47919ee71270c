#include "draughts/playout.h"

#include <stddef.h>

#include "draughts/draw.h"
#include "draughts/movegen.h"
#include "draughts/zobrist.h"
#include "trickcore/core/deal.h"
#include "trickcore/core/status.h"

static int dr_check_rules(const dr_position *start, const dr_playout_rules *rules)
{
    if (dr_check_position(start) != 0 || rules->max_plies < 0) return TC_ERR_ARGUMENT;
    if (!rules->auto_draw && rules->max_plies == 0) return TC_ERR_ARGUMENT;
    return TC_OK;
}

static void dr_play(bitgen_t *rng, const dr_position *start, const dr_playout_rules *rules,
                    dr_game_summary *summary, uint8_t *choices, int32_t choices_capacity)
{
    dr_move moves[DR_MAX_MOVES];
    /* The positions since the last irreversible move (only needed for automatic draws, which
     * end the game before this window outgrows the 40-move rule). */
    dr_position window[DR_FORTY_MOVE_PLIES + 1];
    uint64_t hashes[DR_FORTY_MOVE_PLIES + 1];
    int reversible = 0;
    int32_t plies = 0;
    window[0] = *start;
    hashes[0] = dr_zobrist_hash(start);
    dr_position p = *start;
    summary->result = 0;
    for (;;) {
        int n = dr_generate(&p, moves, DR_MAX_MOVES);
        if (n <= 0) {
            summary->end = DR_END_NO_MOVES;
            summary->result = p.turn == DR_BLACK ? -1 : 1;
            break;
        }
        if (rules->auto_draw && dr_forty_move_claim(reversible)) {
            summary->end = DR_END_FORTY_MOVES;
            break;
        }
        if (rules->auto_draw && dr_repetition_claim(window, hashes, reversible + 1, moves, n)) {
            summary->end = DR_END_REPETITION;
            break;
        }
        if (rules->max_plies && plies >= rules->max_plies) {
            summary->end = DR_END_MAX_PLIES;
            break;
        }
        int choice = n == 1 ? 0 : tc_random_below(rng, (uint64_t)n);
        if (choices && plies < choices_capacity) choices[plies] = (uint8_t)choice;
        dr_position before = p;
        dr_make(&p, &moves[choice]);
        ++plies;
        if (dr_is_irreversible(&before, &moves[choice])) {
            reversible = 0;
            window[0] = p;
            hashes[0] = dr_zobrist_hash(&p);
        } else if (rules->auto_draw) {
            ++reversible;
            window[reversible] = p;
            hashes[reversible] = dr_zobrist_update(hashes[reversible - 1], &before, &moves[choice]);
        }
    }
    summary->plies = plies;
    summary->black_pieces = (int8_t)dr_popcount(p.black);
    summary->white_pieces = (int8_t)dr_popcount(p.white);
}

int dr_playout(bitgen_t *rng, const dr_position *start, const dr_playout_rules *rules,
               dr_game_summary *summary, uint8_t *choices, int32_t choices_capacity)
{
    int status = dr_check_rules(start, rules);
    if (status != TC_OK) return status;
    dr_play(rng, start, rules, summary, choices, choices_capacity);
    return TC_OK;
}

int dr_playout_batch(bitgen_t *rng, const dr_position *start, const dr_playout_rules *rules,
                     int64_t count, dr_game_summary *summaries)
{
    int status = dr_check_rules(start, rules);
    if (status != TC_OK) return status;
    for (int64_t g = 0; g < count; ++g) dr_play(rng, start, rules, &summaries[g], NULL, 0);
    return TC_OK;
}
