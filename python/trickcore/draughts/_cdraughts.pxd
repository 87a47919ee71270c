# C declarations of the draughts kernels in src/draughts/.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from numpy.random cimport bitgen_t


cdef extern from "draughts/board.h" nogil:
    int DR_BLACK
    int DR_WHITE
    enum: DR_MAX_PATH
    int DR_PIECES_PER_SIDE
    ctypedef uint64_t dr_bits

    ctypedef struct dr_position:
        dr_bits black
        dr_bits white
        dr_bits kings
        int turn

    ctypedef struct dr_move:
        dr_bits moved
        dr_bits captured
        dr_bits kings
        uint8_t path[DR_MAX_PATH]
        uint8_t length

    int dr_index_of_square(int square)
    int dr_square_of_index(int index)
    uint32_t dr_to_squares(dr_bits b)
    dr_bits dr_from_squares(uint32_t m)
    void dr_make(dr_position *p, const dr_move *m)
    int dr_is_irreversible(const dr_position *p, const dr_move *m)
    int dr_same_position(const dr_position *a, const dr_position *b)
    int dr_check_position(const dr_position *p)
    int dr_popcount(dr_bits b)


cdef extern from "draughts/movegen.h" nogil:
    enum: DR_MAX_MOVES
    int dr_generate(const dr_position *p, dr_move *moves, int capacity)


cdef extern from "draughts/zobrist.h" nogil:
    uint64_t dr_zobrist_hash(const dr_position *p)
    uint64_t dr_zobrist_update(uint64_t hash, const dr_position *before, const dr_move *m)


cdef extern from "draughts/draw.h" nogil:
    int DR_FORTY_MOVE_PLIES
    int dr_forty_move_claim(int reversible_plies)
    int dr_repetition_claim(const dr_position *history, const uint64_t *hashes, int count,
                            const dr_move *moves, int n)


cdef extern from "draughts/perft.h" nogil:
    int DR_MAX_PERFT_DEPTH
    int dr_perft(const dr_position *p, int depth, int bulk, uint64_t *leaves)


cdef extern from "draughts/playout.h" nogil:
    int DR_END_NO_MOVES
    int DR_END_REPETITION
    int DR_END_FORTY_MOVES
    int DR_END_MAX_PLIES

    ctypedef struct dr_playout_rules:
        int auto_draw
        int reductions
        int32_t max_plies

    ctypedef struct dr_game_summary:
        int8_t result
        int8_t end
        int8_t black_pieces
        int8_t white_pieces
        int32_t plies

    int dr_playout(bitgen_t *rng, const dr_position *start, const dr_playout_rules *rules,
                   dr_game_summary *summary, uint8_t *choices, int32_t choices_capacity)
    int dr_playout_batch(bitgen_t *rng, const dr_position *start, const dr_playout_rules *rules,
                         int64_t count, dr_game_summary *summaries)


cdef extern from "draughts/tables.h" nogil:
    int DR_PROBE_WIN
    int DR_PROBE_DRAW
    int DR_PROBE_LOSS
    int DR_PROBE_UNKNOWN
    int DR_TABLES_MAX_PIECES
    enum: DR_TABLES_SLICES
    int DR_TABLES_OK
    int DR_TABLES_MISSING

    ctypedef struct dr_slice:
        int black_men, black_kings, white_men, white_kings
        uint64_t size

    ctypedef struct dr_tables:
        const uint8_t *values[DR_TABLES_SLICES]
        dr_slice slices[DR_TABLES_SLICES]

    void dr_tables_init(dr_tables *t)

    ctypedef struct dr_build:
        dr_slice slices[2]
        int count
        uint64_t size

    int dr_slice_init(dr_slice *s, int black_men, int black_kings, int white_men,
                      int white_kings)
    int dr_slice_id(int black_men, int black_kings, int white_men, int white_kings)
    uint64_t dr_slice_index(const dr_slice *s, const dr_position *p)
    void dr_slice_position(const dr_slice *s, uint64_t index, dr_position *p)
    int dr_tables_probe(const void *tables, const dr_position *p)
    int dr_build_init(dr_build *b, const dr_slice *slice, uint8_t *state,
                      const dr_tables *solved)
    int64_t dr_build_start(dr_build *b, uint64_t lo, uint64_t hi)
    int64_t dr_build_propagate(dr_build *b, uint64_t lo, uint64_t hi)
    int64_t dr_build_advance(dr_build *b, uint64_t lo, uint64_t hi)
    void dr_build_pack(const dr_build *b, int which, uint64_t lo, uint64_t hi, uint8_t *out)
cdef extern from "draughts/eval.h" nogil:
    enum: DR_FEATURES
    const int16_t dr_eval_weights[]
    void dr_eval_features(const dr_position *p, int32_t *features)
    int dr_evaluate(const dr_position *p)


cdef extern from "draughts/search.h" nogil:
    enum: DR_SEARCH_MAX_PLY
    enum: DR_SEARCH_WINDOW
    int DR_SCORE_MATE
    int DR_SCORE_TABLE_WIN

    ctypedef struct dr_tt_entry:
        pass

    ctypedef struct dr_search_options:
        int depth
        int64_t nodes
        double seconds
        int auto_draw
        int reductions
        const int *exclude
        int exclude_count
        int (*probe)(const void *ctx, const dr_position *p)
        const void *probe_ctx
        int probe_pieces

    ctypedef struct dr_search_result:
        int move
        int score
        int depth
        int64_t nodes
        double seconds
        int pv_length
        uint8_t pv[DR_SEARCH_MAX_PLY]

    ctypedef struct dr_search:
        pass

    size_t dr_tt_entries(size_t bytes)
    void dr_search_init(dr_search *s, dr_tt_entry *tt, size_t entries)
    void dr_search_clear(dr_search *s)
    int dr_search_run(dr_search *s, const dr_position *history, const uint64_t *hashes, int count,
                      int reversible, const dr_search_options *o, dr_search_result *r)
