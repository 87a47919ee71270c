/* The perfect-information solver's shared types: the caller-owned search context (transposition
 * table memory, switches, statistics, move-ordering history) and the request (objective, side).
 * The search itself is search.h, instantiated once per game (docs/kernels.md, "Solver"). */
#ifndef TRICKCORE_SEARCH_SOLVER_H
#define TRICKCORE_SEARCH_SOLVER_H

#include <stdint.h>

#include "trickcore/core/cards.h"
#include "trickcore/core/draw.h" /* TC_ALWAYS_INLINE */
#include "trickcore/core/head.h"
#include "trickcore/core/isa.h"

/* Prunings that can be switched off (the results never change; tests compare all settings). */
enum tc_solve_switch {
    TC_SOLVE_TABLE = 1,       /* transposition table at trick boundaries */
    TC_SOLVE_EQUIVALENCE = 2, /* one card searched per class of equivalent cards */
    TC_SOLVE_BOUNDS = 4,      /* cut-offs on the values still reachable */
    TC_SOLVE_RANKS = 8,       /* table entries matching on the ranks that decided them */
    TC_SOLVE_GAPS = 16,       /* a card bounded by one of its suit that differs in points alone */
    TC_SOLVE_ALL = 31
};

/* The objectives; each game accepts its own (tc_<game>_solve returns TC_ERR_ARGUMENT else). */
enum tc_solve_objective {
    TC_SOLVE_POINTS = 0, /* Hearts family, Dam: the side's points as the deal scores them */
    TC_SOLVE_TRICKS = 1, /* Spades: the side's tricks */
    TC_SOLVE_SCORE = 2   /* Spades: the side's deal score given the bids */
};

typedef struct {
    int64_t nodes;     /* positions searched */
    int64_t tt_hits;   /* table probes that found the position */
    int64_t tt_stores; /* bounds written to the table */
} tc_solve_stats;

/* What a solve values: the final value of `objective` for the seats in `side` (bit per seat),
 * every other seat playing against them. */
typedef struct {
    int8_t objective; /* enum tc_solve_objective */
    uint8_t side;     /* bit p: seat p is on the valued side */
} tc_solve_request;

#define TC_SEARCH_NONE INT32_MIN /* no value yet */

/* Solvers valuing one position's cards together on one table, a thread each (tc_solver_join,
 * docs/kernels.md "Team solves"): the first searches the value, the others claim cards; all
 * return the same values. Reset (tc_solve_team_init) before each solve. */
typedef struct {
    const void *first; /* the first member's tc_solver */
    uint64_t claimed;  /* cards a member took */
    uint64_t done;     /* cards whose value is in values[] */
    int32_t best;      /* the position's value once the first member has it, else TC_SEARCH_NONE */
    int32_t status;    /* TC_ERR_LIMIT once a member stopped at its node limit */
    int32_t values[TC_NUM_CARD_IDS];
} tc_solve_team;

/* A solver: table memory owned by the caller (zeroed before the first use), entries valid for
 * one generation (tc_solver_forget starts a new one), switches, statistics, ordering history. */
typedef struct {
    void *table;
    int64_t table_bytes;
    uint32_t generation;
    int8_t switches;     /* enum tc_solve_switch bits */
    int8_t isa;          /* enum tc_isa: the variant searching, tc_isa_best() unless set */
    int64_t node_limit;  /* 0: none; else a solve stops past that many nodes (TC_ERR_LIMIT) */
    tc_solve_team *team; /* NULL: alone; else its team's table is shared between threads */
    tc_solve_stats stats;
    uint16_t history[2][TC_SEATS_MAX][TC_NUM_CARD_IDS]; /* cut-offs: follows, leads; seat, card */
} tc_solver;

/* The cards of `m` as ranks among the cards `live`: bit i for the i-th lowest live card (a pext
 * of m on live), so positions whose live cards differ only in which ones were played share
 * keys (docs/kernels.md, "Solver"). */
static inline uint64_t tc_search_pack(tc_mask m, tc_mask live)
{
    uint64_t packed = 0;
    for (m &= live; m; m &= m - 1) packed |= UINT64_C(1) << tc_popcount(live & ((m & (0 - m)) - 1));
    return packed;
}

#ifdef TC_ISA_BMI2_TARGET
TC_ISA_BMI2_TARGET static inline uint64_t tc_search_pext(tc_mask m, tc_mask live)
{
    return _pext_u64(m, live);
}

TC_ISA_BMI2_TARGET static inline tc_mask tc_search_pdep(uint64_t packed, tc_mask live)
{
    return _pdep_u64(packed, live);
}
#endif

/* tc_search_pack in the search's variant: by pext where `bmi2` (tc_search_base.bmi2). */
static TC_ALWAYS_INLINE uint64_t tc_search_pack_isa(tc_mask m, tc_mask live, int bmi2)
{
#if defined(TC_ISA_BMI2_NATIVE)
    (void)bmi2;
    return tc_search_pext(m, live);
#else
#ifdef TC_ISA_BMI2_CLONE
    if (bmi2) return tc_search_pext(m, live);
#endif
    (void)bmi2;
    return tc_search_pack(m, live);
#endif
}

/* The live cards at the packed positions `packed`: tc_search_pack's inverse (a pdep where
 * `bmi2`). */
static TC_ALWAYS_INLINE tc_mask tc_search_unpack_isa(uint64_t packed, tc_mask live, int bmi2)
{
#if defined(TC_ISA_BMI2_NATIVE)
    (void)bmi2;
    return tc_search_pdep(packed, live);
#else
#ifdef TC_ISA_BMI2_CLONE
    if (bmi2) return tc_search_pdep(packed, live);
#endif
    (void)bmi2;
    tc_mask cards = 0;
    for (; live && packed; live &= live - 1, packed >>= 1)
        if (packed & 1) cards |= live & (0 - live);
    return cards;
#endif
}

/* The hands (disjoint) as `words` words over the live cards in rank order: word b holds bit b
 * of the seat holding each card, so n hands take ceil(log2 n) words (tc_search_pack_isa). */
static TC_ALWAYS_INLINE void tc_search_owner_words(const tc_mask *hands, int players, tc_mask live,
                                                   uint64_t *key, int words, int bmi2)
{
    for (int b = 0; b < words; ++b) {
        tc_mask held = 0;
        for (int p = 0; p < players; ++p)
            if (p >> b & 1) held |= hands[p];
        key[b] = tc_search_pack_isa(held, live, bmi2);
    }
}

/* The key words of the special cards: where they stand among the live cards, and which are
 * live. With the packed hands and the suit counts, that fixes each live card's role (its
 * value, its part in the rules) in rank order, all a position's value depends on. */
static TC_ALWAYS_INLINE void tc_search_special_words(tc_mask live, tc_mask special, uint64_t *words,
                                                     int bmi2)
{
    words[0] = tc_search_pack_isa(live & special, live, bmi2);
    words[1] = live & special;
}

/* The live cards per suit (jokers as a fifth), 5 bits each: with the packed hands, the key. */
static inline uint64_t tc_search_suit_counts(tc_mask live)
{
    uint64_t counts = 0;
    for (int suit = 0; suit <= TC_NUM_SUITS; ++suit)
        counts |= (uint64_t)tc_popcount(live & tc_suit_mask(suit)) << 5 * suit;
    return counts;
}

#define TC_SEARCH_ALONE 255 /* the role of a card equivalent to no other */

/* The special cards of `deck` under `role` (by card): in each suit those whose role is not the
 * suit's most common one, and the jokers. */
static inline tc_mask tc_search_special_cards(const uint8_t *role, tc_mask deck)
{
    tc_mask special = TC_JOKER_MASK;
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) {
        tc_mask cards = deck & tc_suit_mask(suit);
        int base = TC_SEARCH_ALONE, most = 0;
        for (tc_mask a = cards; a; a &= a - 1) {
            int alike = 0;
            for (tc_mask b = cards; b; b &= b - 1)
                alike += role[tc_lowest(b)] == role[tc_lowest(a)];
            if (alike > most && role[tc_lowest(a)] != TC_SEARCH_ALONE) {
                most = alike;
                base = role[tc_lowest(a)];
            }
        }
        for (tc_mask a = cards; a; a &= a - 1)
            if (role[tc_lowest(a)] != base || base == TC_SEARCH_ALONE) special |= a & (0 - a);
    }
    return special;
}

/* What every game's search context opens with, as member `base` (search.h reads it). */
typedef struct {
    tc_solver *solver;
    uint8_t side;                     /* bit p: seat p is on the valued side */
    int8_t win_tricks;                /* search order: seats want tricks (else they duck) */
    int8_t ranks;                     /* winning ranks: entries match on the ranks they need */
    int8_t bmi2;                      /* the solver's variant is TC_ISA_BMI2 (pext and pdep) */
    int8_t gaps;                      /* cards may differ in points alone (game_value_gap) */
    int8_t near;                      /* entries hold for keys of the same shape (game_near) */
    uint8_t role[TC_NUM_CARD_IDS];    /* what rank does not decide: equal roles may fold */
    tc_mask special;                  /* cards whose role differs from their suit's */
    const void *root;                 /* the state search_root values */
    int32_t *root_lower, *root_upper; /* by card: bounds its searches at the root found */
} tc_search_base;

/* Sets up a solver on zeroed caller memory (at least 4 KiB) with `switches`. */
void tc_solver_init(tc_solver *solver, void *table, int64_t table_bytes, int switches);

/* Forgets every table entry (a new generation) and the ordering history: call it before a
 * search whose request or deal differs from the previous one's. */
void tc_solver_forget(tc_solver *solver);
/* Resets `team` for a new solve: no card claimed, no value found. */
void tc_solve_team_init(tc_solve_team *team);
/* Puts `first` (tc_solver_forget already called for the solve) and `member` in `team`: `member`
 * takes its table, generation, switches, variant and node limit, and empty statistics and
 * history. A solver whose team is set back to NULL solves alone again. */
void tc_solver_join(tc_solver *member, tc_solver *first, tc_solve_team *team);

#endif
