# C declarations of src/trickcore/core/status.h: status codes and refusals.

cdef extern from "trickcore/core/status.h" nogil:
    enum tc_status:
        TC_OK
        TC_ERR_EMPTY
        TC_ERR_CARD_RANGE
        TC_ERR_DUPLICATE
        TC_ERR_ARGUMENT
        TC_ERR_TOO_LONG
        TC_ERR_ILLEGAL
        TC_ERR_STATE
        TC_ERR_LIMIT

    enum tc_refusal:
        TC_ACCEPTED
        TC_REFUSE_NOT_PLAYING
        TC_REFUSE_NOT_YOUR_TURN
        TC_REFUSE_NOT_HELD
        TC_REFUSE_MUST_FOLLOW
        TC_REFUSE_NOT_BROKEN
        TC_REFUSE_FIRST_TRICK
        TC_REFUSE_BAD_SEAT
        TC_REFUSE_FIRST_LEAD
        TC_REFUSE_FIRST_LEAD_CLUB
        TC_REFUSE_NOT_PASSING
        TC_REFUSE_PASS_COUNT
        TC_REFUSE_PASS_NOT_HELD
        TC_REFUSE_ALREADY_PASSED
        TC_REFUSE_QUEEN_PASS
        TC_REFUSE_NOT_BIDDING
        TC_REFUSE_BAD_BID
        TC_REFUSE_BLIND_OFF
        TC_REFUSE_BLIND_SEEN
        TC_REFUSE_BLIND_NOT_BEHIND
        TC_REFUSE_SUICIDE_NIL
        TC_REFUSE_SUICIDE_NUMBER
        TC_REFUSE_MIRROR_COUNT
        TC_REFUSE_WHIZ_COUNT
        TC_REFUSE_ALREADY_SEEN
        TC_REFUSE_NO_MISDEAL
        TC_REFUSE_MISDEAL_LATE
        TC_REFUSE_MISDEAL_HAND
