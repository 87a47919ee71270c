/* The deal head: the fields every card game's C state opens with, so that one binding (and one
 * search) reads phase, turn and trick of any game. Each game's state struct has it as its first
 * member `head`; the game's own fields follow. */
#ifndef TRICKCORE_CORE_HEAD_H
#define TRICKCORE_CORE_HEAD_H

#include <stdint.h>

#define TC_SEATS_MAX 6

/* The phases of a deal: before play (passing, bidding; a game may have none), play, over. */
enum tc_phase { TC_PHASE_SETUP = 0, TC_PHASE_PLAY = 1, TC_PHASE_OVER = 2 };

typedef struct {
    uint8_t trick[TC_SEATS_MAX];     /* the current trick's cards in play order, led card first */
    int8_t tricks_won[TC_SEATS_MAX]; /* per seat */
    uint8_t voids[TC_SEATS_MAX];     /* per seat, bit s: the seat showed by play it lacks suit s */
    int8_t phase;                    /* enum tc_phase */
    int8_t to_act;                   /* the seat to act; -1 when the deal is over */
    int8_t dealer;
    int8_t leader;    /* the seat that led (or leads) the current trick */
    int8_t trick_len; /* cards in the current trick */
    int8_t tricks_played;
    int8_t players;
} tc_deal_head;

#endif
