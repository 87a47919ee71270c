/* Status codes returned by every checked kernel entry point. The Python layer maps each code to
 * one exception class in a single place (trickcore/_status.pxd). */
#ifndef TRICKCORE_CORE_STATUS_H
#define TRICKCORE_CORE_STATUS_H

enum tc_status {
    TC_OK = 0,
    TC_ERR_EMPTY = 1,          /* empty trick or empty input */
    TC_ERR_CARD_RANGE = 2,     /* card id outside 0..55, or a joker where none is allowed */
    TC_ERR_DUPLICATE = 3,      /* more copies of a card than the packs hold */
    TC_ERR_ARGUMENT = 4,       /* an invalid parameter value */
    TC_ERR_TOO_LONG = 5,       /* more cards than the kernel accepts */
    TC_ERR_ILLEGAL = 6,        /* an illegal move for the game's rules */
    TC_ERR_STATE = 7           /* a call in the wrong phase of the game */
};

#endif
