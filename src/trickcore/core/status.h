/* Status codes returned by every checked kernel entry point. The Python layer maps each code to
 * one exception class in a single place (python/trickcore/core/errors.py). */
#ifndef TRICKCORE_CORE_STATUS_H
#define TRICKCORE_CORE_STATUS_H

enum tc_status {
    TC_OK = 0,
    TC_ERR_EMPTY = 1,      /* empty trick or empty input */
    TC_ERR_CARD_RANGE = 2, /* card id outside 0..55, or a joker where none is allowed */
    TC_ERR_DUPLICATE = 3,  /* more copies of a card than the packs hold */
    TC_ERR_ARGUMENT = 4,   /* an invalid parameter value */
    TC_ERR_TOO_LONG = 5,   /* more cards than the kernel accepts */
    TC_ERR_ILLEGAL = 6,    /* an illegal move for the game's rules */
    TC_ERR_STATE = 7,      /* a call in the wrong phase of the game */
    TC_ERR_LIMIT = 8       /* a search ran out of its node budget */
};

/* Why a move was refused: every game's checked entry points write one of these (the binding
 * words each as a message). Codes shared by the games come first. */
enum tc_refusal {
    TC_ACCEPTED = 0,
    TC_REFUSE_NOT_PLAYING = 1,   /* a card played before play begins or after the deal */
    TC_REFUSE_NOT_YOUR_TURN = 2, /* the card is in another seat's hand, or another seat acts */
    TC_REFUSE_NOT_HELD = 3,      /* nobody holds the card (played already, or not in play) */
    TC_REFUSE_MUST_FOLLOW = 4,   /* follow suit */
    TC_REFUSE_NOT_BROKEN = 5,    /* the suit may not be led before it is broken */
    TC_REFUSE_FIRST_TRICK = 6,   /* a card the first trick forbids */
    TC_REFUSE_BAD_SEAT = 7,      /* no such seat */
    /* Hearts family: the first lead and passing. */
    TC_REFUSE_FIRST_LEAD = 8,      /* the first trick is led with the lowest club */
    TC_REFUSE_FIRST_LEAD_CLUB = 9, /* the first trick is led with a club */
    TC_REFUSE_NOT_PASSING = 10,    /* a pass outside the passing phase */
    TC_REFUSE_PASS_COUNT = 11,     /* wrong number of cards passed */
    TC_REFUSE_PASS_NOT_HELD = 12,  /* a passed card is not in the passer's hand */
    TC_REFUSE_ALREADY_PASSED = 13,
    TC_REFUSE_QUEEN_PASS = 14, /* Q♠ passed without another spade or J♦ */
    /* Spades: bidding, looking, misdeals. */
    TC_REFUSE_NOT_BIDDING = 15,      /* a bid, look or claim outside the bidding phase */
    TC_REFUSE_BAD_BID = 16,          /* not a bid code */
    TC_REFUSE_BLIND_OFF = 17,        /* blind nil is not played */
    TC_REFUSE_BLIND_SEEN = 18,       /* blind nil after looking at the hand */
    TC_REFUSE_BLIND_NOT_BEHIND = 19, /* blind nil while the side is not far enough behind */
    TC_REFUSE_SUICIDE_NIL = 20,      /* suicide: the partner bid a number, so this bid is nil */
    TC_REFUSE_SUICIDE_NUMBER = 21,   /* suicide: the partner bid nil, so this bid is a number */
    TC_REFUSE_MIRROR_COUNT = 22,     /* mirror: the bid is the number of spades held */
    TC_REFUSE_WHIZ_COUNT = 23,       /* whiz: the bid is the number of spades held or nil */
    TC_REFUSE_ALREADY_SEEN = 24,     /* a look at a hand already seen */
    TC_REFUSE_NO_MISDEAL = 25,       /* misdeals are not played */
    TC_REFUSE_MISDEAL_LATE = 26,     /* a misdeal asked for after the first bid */
    TC_REFUSE_MISDEAL_HAND = 27      /* the hand meets no misdeal condition */
};

#endif
