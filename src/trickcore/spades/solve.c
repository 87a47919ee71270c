/* The solver on Spades: the side's tricks, or its deal score given the bids (nil, bags and bag
 * penalties as tc_spades_score_sides counts them), the other side against it
 * (docs/kernels.md, "Solver"). */
#include "trickcore/spades/solve.h"

#include <string.h>

typedef struct {
    tc_search_base base;
    const tc_spades_rules *r;
    int8_t objective;
    int8_t first, second; /* the side's seats (second -1 in cutthroat) */
    int8_t by_seat;       /* score: a nil on the side makes each seat's tricks count apart */
    int8_t seats[2][TC_SPADES_PLAYERS], count[2]; /* the seats of each side (bit of base.side) */
    int32_t score[TC_SPADES_TRICKS + 1][TC_SPADES_TRICKS + 1]; /* by first's, second's tricks */
} spades_ctx;

#define SEARCH_STATE tc_spades_state
#define SEARCH_CTX spades_ctx
#define SEARCH_KEY_WORDS 5
#define SEARCH_RANKS 2 /* the owner words: winning ranks mask them (tricks objective) */
/* Bounds at leads, and inside a trick only where its taker could decide the window. */
#define SEARCH_GAME_BOUNDS_HERE

static inline tc_mask game_moves(const spades_ctx *c, const tc_spades_state *s)
{
    return tc_spades_legal(c->r, s);
}

static inline void game_play(const spades_ctx *c, tc_spades_state *s, int card)
{
    tc_spades_play_unchecked(c->r, s, card);
}

static inline int side_tricks(const spades_ctx *c, const tc_spades_state *s)
{
    return s->head.tricks_won[c->first] + (c->second >= 0 ? s->head.tricks_won[c->second] : 0);
}

static inline int32_t game_final(const spades_ctx *c, const tc_spades_state *s)
{
    if (c->objective == TC_SOLVE_TRICKS) return side_tricks(c, s);
    return c
        ->score[s->head.tricks_won[c->first]][c->second >= 0 ? s->head.tricks_won[c->second] : 0];
}

static inline int32_t game_base(const spades_ctx *c, const tc_spades_state *s)
{
    return c->objective == TC_SOLVE_TRICKS ? side_tricks(c, s) : 0;
}

/* The cards each seat holds per suit, 4 bits each (the key's lengths under winning ranks). */
static inline uint64_t suit_lengths(const tc_spades_state *s)
{
    uint64_t lengths = 0;
    for (int p = 0; p < TC_SPADES_PLAYERS; ++p)
        for (int suit = 0; suit < TC_NUM_SUITS; ++suit)
            lengths |= (uint64_t)tc_popcount(s->hands[p] & tc_suit_mask(suit))
                       << 4 * (4 * p + suit);
    return lengths;
}

/* Who holds each live card in rank order, the jokers' words (under winning ranks, which have no
 * jokers: every seat's suit lengths instead), the leader, spades broken and, for the score, the
 * side's tricks. */
static inline void game_key(const spades_ctx *c, const tc_spades_state *s, uint64_t *key)
{
    uint64_t taken = 0;
    tc_mask live = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    tc_search_owner_words(s->hands, TC_SPADES_PLAYERS, live, key, 2, c->base.bmi2);
    if (c->objective == TC_SOLVE_SCORE)
        taken = c->by_seat ? (uint64_t)s->head.tricks_won[c->first] |
                                 (uint64_t)(c->second >= 0 ? s->head.tricks_won[c->second] : 0) << 4
                           : (uint64_t)side_tricks(c, s);
    tc_search_special_words(live, c->base.special, key + 2, c->base.bmi2);
    if (c->base.ranks) key[2] = suit_lengths(s);
    key[4] = tc_search_suit_counts(live) | (uint64_t)s->head.leader << 25 |
             (uint64_t)s->spades_broken << 27 | taken << 28;
}

/* The cards of each side (bit p of base.side: seat p is on the valued side), the live cards and
 * the seats holding trumps, worked out once for a node's bounds. */
typedef struct {
    tc_mask live, sides[2];
    unsigned trumped; /* bit p: seat p holds a trump */
} spades_view;

static TC_ALWAYS_INLINE void spades_view_of(const spades_ctx *c, const tc_spades_state *s,
                                            spades_view *v)
{
    v->sides[0] = v->sides[1] = 0;
    v->trumped = 0;
    for (int p = 0; p < TC_SPADES_PLAYERS; ++p) {
        v->sides[c->base.side >> p & 1] |= s->hands[p];
        v->trumped |= (unsigned)((s->hands[p] & c->r->trumps) != 0) << p;
    }
    v->live = v->sides[0] | v->sides[1];
}

/* Sure tricks of `seat` were it to lead: its unbroken run of top live cards in each suit, where
 * a side suit counts only as long as every opponent holding trumps must follow it, and trumps
 * only when they may be led; cashed in any order, each wins (docs/kernels.md, "Solver").
 * *why: the lowest card counted in each suit; *winners: the suits where it counts one. */
static TC_ALWAYS_INLINE int quick_tricks(const spades_ctx *c, const tc_spades_state *s,
                                         const spades_view *v, int seat, tc_mask *why,
                                         unsigned *winners)
{
    int tricks = 0;
    tc_mask hand = s->hands[seat];
    unsigned ruffers = v->trumped & (c->base.side >> seat & 1 ? ~c->base.side : c->base.side);
    *winners = 0;
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) {
        tc_mask cards = c->r->suit_masks[suit], in = v->live & cards, mine = hand & in;
        if (!mine || (suit == TC_SPADES_SUIT && !s->spades_broken && (hand & ~cards))) continue;
        tc_mask other = in & ~hand, top = other ? mine & tc_above(tc_highest(other)) : mine;
        int run = tc_popcount(top);
        if (suit != TC_SPADES_SUIT)
            for (unsigned r = ruffers; r; r &= r - 1) {
                int follow = tc_popcount(s->hands[__builtin_ctz(r)] & cards);
                run = follow < run ? follow : run;
            }
        if (!run) continue;
        tricks += run;
        *winners |= 1u << suit;
        for (int k = tc_popcount(top); k > run; --k) top &= top - 1;
        *why |= top & (0 - top);
    }
    return tricks;
}

#ifndef TC_SPADES_PARTNER_QUICK
#define TC_SPADES_PARTNER_QUICK 1 /* 0: only the leader's own quick tricks (to compare) */
#endif
#ifndef TC_SPADES_COMBINED_QUICK
#define TC_SPADES_COMBINED_QUICK 1 /* 0: the leader's or the partner's, never both */
#endif

/* The sure tricks of the side to lead: the leader's quick tricks plus its partner's when the
 * leader can lead a suit the partner wins and the partner has a card to spare on each of the
 * leader's; else the larger of the two (docs/kernels.md, "Solver"). */
static TC_ALWAYS_INLINE int side_quick_tricks(const spades_ctx *c, const tc_spades_state *s,
                                              const spades_view *v, tc_mask *why)
{
    int leader = s->head.to_act, mate = (leader + 2) & 3;
    unsigned winners, mate_winners, leads = 0;
    int quick = quick_tricks(c, s, v, leader, why, &winners);
    if (!c->r->partnerships || !TC_SPADES_PARTNER_QUICK) return quick;
    tc_mask hand = s->hands[leader];
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) {
        tc_mask in = v->live & c->r->suit_masks[suit];
        if ((hand & in) && (s->hands[mate] >> tc_highest(in) & 1) &&
            (suit != TC_SPADES_SUIT || s->spades_broken || !(hand & ~c->r->trumps)))
            leads |= 1u << suit;
    }
    if (!leads) return quick;
    tc_mask mate_why = 0;
    int via = quick_tricks(c, s, v, mate, &mate_why, &mate_winners);
    if (!(leads & mate_winners)) return quick;
    if (TC_SPADES_COMBINED_QUICK && tc_popcount(s->hands[mate]) - via >= quick) {
        *why |= mate_why; /* the leader cashes first, the partner discards its other cards */
        return quick + via;
    }
    if (via <= quick) return quick;
    *why = mate_why;
    return via;
}

/* The seat holding the live card `card`. */
static inline int holder_of(const tc_spades_state *s, int card)
{
    int seat = 0;
    while (!(s->hands[seat] >> card & 1)) ++seat;
    return seat;
}

/* The side (bit of base.side) of the seat holding `second`, the second trump in play, when it
 * surely takes a trick: the top trump sits right before it and it keeps a smaller one (two if
 * it leads now with trumps alone); else -1 (DDS's later tricks; docs/kernels.md, "Solver"). */
static TC_ALWAYS_INLINE int guarded_second(const spades_ctx *c, const tc_spades_state *s,
                                           int second)
{
    int seat = holder_of(s, second);
    tc_mask hand = s->hands[seat], trumps = hand & c->r->trumps;
    int before = (seat + TC_SPADES_PLAYERS - 1) & 3, alone = !(hand & ~c->r->trumps);
    if (!(s->hands[before] & c->r->trumps & tc_above(second)) ||
        tc_popcount(trumps) < 2 + (seat == s->head.to_act && alone))
        return -1;
    return c->base.side >> seat & 1;
}

/* Sure trump tricks of the valued side (*mine) and the other, with the cards each rests on
 * (why[1], why[0]): a player's trumps above the other side's, all but one where that side holds
 * the top trump, else one for a guarded second trump (docs/kernels.md, "Solver"). */
static TC_ALWAYS_INLINE void trump_tricks(const spades_ctx *c, const tc_spades_state *s,
                                          const spades_view *v, int *mine, int *theirs,
                                          tc_mask *why)
{
    tc_mask trumps[2] = {v->sides[0] & c->r->trumps, v->sides[1] & c->r->trumps};
    tc_mask all = trumps[0] | trumps[1];
    int sure[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
        tc_mask enemy = trumps[!k];
        int top = enemy && (enemy >> tc_highest(all) & 1); /* the other side's top trump */
        tc_mask beaten = top ? enemy & ~tc_bit(tc_highest(enemy)) : enemy;
        tc_mask above = beaten ? tc_above(tc_highest(beaten)) : ~(tc_mask)0;
        for (int i = 0; i < c->count[k]; ++i) {
            int n = tc_popcount(s->hands[c->seats[k][i]] & trumps[k] & above);
            sure[k] = n - top > sure[k] ? n - top : sure[k];
        }
        tc_mask cut = top && sure[k] ? beaten : enemy; /* fixed from its top trump up */
        why[k] = cut ? tc_bit(tc_highest(cut)) : 0;
    }
    if (all & (all - 1)) {
        int second = tc_highest(all & ~tc_bit(tc_highest(all))), k = guarded_second(c, s, second);
        if (k >= 0 && !sure[k]) {
            sure[k] = 1;
            why[k] = tc_bit(second); /* fixes the holders of the top two trumps */
        }
    }
    *mine = sure[1];
    *theirs = sure[0];
}

/* Inside a trick the bounds add only its taker: one trick, tried where that could cut. */
static TC_ALWAYS_INLINE int game_bounds_here(const spades_ctx *c, const tc_spades_state *s,
                                             int32_t alpha, int32_t beta)
{
    if (s->head.trick_len == 0) return 1;
    int32_t won = side_tricks(c, s), left = TC_SPADES_TRICKS - s->head.tricks_played;
    return beta <= won + 1 || alpha >= won + left - 1;
}

/* Inside a trick: whether the valued side takes it (else the other does). The camp with the
 * strongest card played or playable does: that card's holder plays it, or has (trump strength
 * rises with the card id). *why: that card where it beats one of the other camp's by rank. */
static TC_ALWAYS_INLINE int side_takes_trick(const spades_ctx *c, const tc_spades_state *s,
                                             tc_mask *why)
{
    tc_mask led = c->r->suit_masks[s->led_suit], trumps = c->r->trumps, cards[2] = {0, 0};
    for (int i = 0; i < TC_SPADES_PLAYERS; ++i) {
        int p = (s->head.leader + i) & 3;
        tc_mask hand = s->hands[p], follow = hand & led;
        cards[c->base.side >> p & 1] |= i < s->head.trick_len ? tc_bit(s->head.trick[i])
                                        : follow              ? follow
                                                              : hand & trumps;
    }
    tc_mask all = cards[0] | cards[1], suit = all & trumps ? trumps : led;
    int top = tc_highest(all & suit), k = (int)(cards[1] >> top & 1);
    *why = cards[!k] & suit ? tc_bit(top) : 0;
    return k;
}

/* The side's tricks so far plus its sure tricks, and as many more as are left less the other
 * side's sure tricks: at a lead trump tricks and the quick tricks of the side to lead, inside a
 * trick the trick itself; *why_lo, *why_hi: the cards each bound depends on. */
static TC_ALWAYS_INLINE int game_bounds(const spades_ctx *c, const tc_spades_state *s,
                                        int32_t alpha, int32_t beta, int32_t *lo, int32_t *hi,
                                        tc_mask *why_lo, tc_mask *why_hi)
{
    if (c->objective != TC_SOLVE_TRICKS) return 0;
    int left = TC_SPADES_TRICKS - s->head.tricks_played;
    int32_t won = side_tricks(c, s);
    *lo = won;
    *hi = won + left;
    if (s->head.trick_len == 0) {
        tc_mask why_quick = 0, why_trumps[2];
        spades_view v;
        spades_view_of(c, s, &v);
        int mine, theirs;
        trump_tricks(c, s, &v, &mine, &theirs, why_trumps);
        *why_lo = why_trumps[1];
        *why_hi = why_trumps[0];
        *lo = won + (mine < left ? mine : left);
        *hi = won + left - (theirs < left ? theirs : left);
        if (*lo >= beta || *hi <= alpha) return 1; /* decided: no quick tricks needed */
        int quick = side_quick_tricks(c, s, &v, &why_quick),
            ours = c->base.side >> s->head.to_act & 1;
        if (ours && quick > mine) {
            *lo = won + (quick < left ? quick : left);
            *why_lo = why_quick;
        } else if (!ours && quick > theirs) {
            *hi = won + left - (quick < left ? quick : left);
            *why_hi = why_quick;
        }
    } else if (side_takes_trick(c, s, why_lo)) {
        *lo += 1;
    } else {
        *hi -= 1;
        *why_hi = *why_lo;
        *why_lo = 0;
    }
    return 1;
}

static inline tc_mask game_hand(const spades_ctx *c, const tc_spades_state *s, int seat)
{
    (void)c;
    return s->hands[seat];
}

static inline tc_mask game_others(const spades_ctx *c, const tc_spades_state *s, int seat)
{
    (void)c;
    tc_mask others = (s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3]) & ~s->hands[seat];
    for (int i = 0; i < s->head.trick_len; ++i) others |= tc_bit(s->head.trick[i]);
    return others;
}

/* About the highest trick key `seat` can play to a trick led in `led`: its top card of the
 * suit, else its top trump (for the order only: jokers may rank otherwise). */
static inline int best_key_of(const spades_ctx *c, const tc_spades_state *s, int seat, int led,
                              const uint8_t *keys)
{
    tc_mask hand = s->hands[seat], follow = hand & c->r->suit_masks[led];
    tc_mask can = follow ? follow : hand & c->r->trumps;
    return can ? keys[tc_highest(can)] : 0;
}

/* search_classes in the BMI2 variant without jokers: a card folds when the next card above it
 * among the mover's and the others' (pext, then pdep back) is the mover's, of its suit; *kept
 * holds the legal cards on entry. Returns 0 where search_classes works it out itself. */
#define SEARCH_GAME_CLASSES
static TC_ALWAYS_INLINE int game_classes(const spades_ctx *c, const tc_spades_state *s,
                                         tc_mask hand, tc_mask others, tc_mask *kept)
{
    (void)s;
#if defined(TC_ISA_BMI2_CLONE) || defined(TC_ISA_BMI2_NATIVE)
    tc_mask cards = hand | others, tops = 0;
    if (!c->base.bmi2 || (cards & TC_JOKER_MASK)) return 0;
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) {
        tc_mask in = cards & tc_suit_mask(suit);
        if (in) tops |= tc_bit(tc_highest(in));
    }
    tc_mask next_ours = tc_search_pdep(tc_search_pext(hand, cards) >> 1, cards);
    *kept &= ~(hand & next_ours & ~tops);
    return 1;
#else
    (void)c, (void)hand, (void)others, (void)kept;
    return 0;
#endif
}

/* The trick's keys for the suit led, its winning key and seat. */
static inline const uint8_t *game_trick_keys(const spades_ctx *c, const tc_spades_state *s,
                                             int *best_key, int *winner, int *last)
{
    const uint8_t *keys = c->r->trick.key[s->led_suit];
    int i = tc_trick_winner_led(&c->r->trick, s->head.trick, s->head.trick_len, s->led_suit);
    *best_key = keys[s->head.trick[i]];
    *winner = (s->head.leader + i) & 3;
    *last = 0; /* one pack: no equal keys */
    return keys;
}

/* Winning ranks (docs/kernels.md, "Solver"): an entry fixes, in each suit, who holds every live
 * card from the lowest card its result depends on up; below it only the lengths count. */
static TC_ALWAYS_INLINE uint64_t game_fix(const spades_ctx *c, const tc_spades_state *s,
                                          tc_mask why)
{
    (void)c;
    tc_mask live = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3], fixed = 0;
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) {
        tc_mask in = live & tc_suit_mask(suit), low = why & in;
        if (low) fixed |= in & ~(tc_bit(tc_lowest(low)) - 1);
    }
    return tc_search_pack_isa(fixed, live, c->base.bmi2);
}

/* The bits that spread entries over buckets (search_spread): the holder of the top live card of
 * each suit that two seats or more hold (the lengths alone give the holder of any other). */
static TC_ALWAYS_INLINE uint64_t game_spread(const spades_ctx *c, const tc_spades_state *s)
{
    (void)c;
    tc_mask live = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3], top = 0;
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) {
        tc_mask in = live & tc_suit_mask(suit);
        int alone = 0;
        for (int p = 0; p < TC_SPADES_PLAYERS; ++p) alone |= (s->hands[p] & in) == in;
        if (!alone) top |= tc_bit(tc_highest(in));
    }
    return tc_search_pack_isa(top, live, c->base.bmi2);
}

/* The live cards at the packed positions `fixed` (the inverse of game_fix's packing). */
static inline tc_mask game_unfix(const spades_ctx *c, const tc_spades_state *s, uint64_t fixed)
{
    tc_mask live = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    return tc_search_unpack_isa(fixed, live, c->base.bmi2);
}

/* The cards a child's result depends on, `why`, as seen before `card` is played from `s` (to
 * `child`): with the trick's winner when it completes the trick beating a card of its own suit,
 * and the lowest card equivalent to `card` (the mover's run down to the next card of another)
 * when `card` itself counts, since the search tried `card` for its class. */
static inline tc_mask game_why_card(const spades_ctx *c, const tc_spades_state *s,
                                    const tc_spades_state *child, int card, tc_mask why)
{
    if (s->head.trick_len == TC_SPADES_PLAYERS - 1) {
        const uint8_t *trick = s->head.trick;
        int i = (child->head.leader - s->head.leader) & 3; /* the referee's winner */
        int w = i == TC_SPADES_PLAYERS - 1 ? card : trick[i];
        tc_mask played = tc_bit(trick[0]) | tc_bit(trick[1]) | tc_bit(trick[2]) | tc_bit(card);
        if (played & ~tc_bit(w) & tc_suit_mask(tc_suit(w))) why |= tc_bit(w);
    }
    if (why >> card & 1) {
        tc_mask hand = s->hands[s->head.to_act], others = game_others(c, s, s->head.to_act);
        tc_mask suit = tc_suit_mask(tc_suit(card)), below = hand & suit & (tc_bit(card) - 1);
        int low = card;
        while (below && !(others & suit & (tc_bit(low) - 1) & ~(tc_bit(tc_highest(below)) - 1))) {
            low = tc_highest(below);
            below &= ~tc_bit(low);
        }
        why |= tc_bit(low);
    }
    return why;
}

/* A lead's promise: low to a partner's top card or ruff, then the leader's top run, else high;
 * suits an enemy can ruff last (docs/kernels.md, "Solver"). */
static inline int lead_promise(const spades_ctx *c, const tc_spades_state *s, int seat, int card,
                               int rank)
{
    int led = c->r->trick.suit[card], ours = c->base.side >> seat & 1, ruff = 0, mate_ruff = 0;
    tc_mask live = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    tc_mask in = live & c->r->suit_masks[led], hand = s->hands[seat];
    for (int p = 0; p < TC_SPADES_PLAYERS && !(c->r->trumps >> card & 1); ++p)
        if (p != seat && !(s->hands[p] & in) && (s->hands[p] & c->r->trumps)) {
            if ((c->base.side >> p & 1) != ours)
                ruff = 1;
            else
                mate_ruff = 1;
        }
    int holder = holder_of(s, tc_highest(in));
    if (holder == seat && !(in & ~hand & tc_above(card))) return ruff ? 10 + rank : 70 + rank;
    if (holder != seat && (c->base.side >> holder & 1) == ours) return ruff ? -rank : 80 - rank;
    if (mate_ruff && !ruff) return 80 - rank;
    return ruff ? -20 + rank : 20 + rank;
}

/* How promising a card looks (search order, docs/kernels.md): leads as lead_promise; following,
 * play low under a partner's winner no later enemy can beat, else the cheapest card no later
 * enemy can beat, else low (third hand: the cheapest card above an enemy winner); ruffs last. */
#define SEARCH_GAME_ORDER_FACTS
/* In a trick: the best key an enemy after the mover can play (best_key_of), and whether a
 * partner plays after it. */
typedef struct {
    int threat, mate_after;
} spades_later;
#define SEARCH_ORDER_FACTS spades_later

static inline void game_order_facts(const spades_ctx *c, const tc_spades_state *s,
                                    const uint8_t *keys, int best_key, int winner,
                                    spades_later *later)
{
    (void)best_key, (void)winner;
    if (!s->head.trick_len) return;
    int ours = c->base.side >> s->head.to_act & 1;
    later->threat = later->mate_after = 0;
    for (int i = s->head.trick_len + 1; i < TC_SPADES_PLAYERS; ++i) {
        int q = (s->head.leader + i) & 3, k;
        if ((c->base.side >> q & 1) == ours)
            later->mate_after = 1;
        else if ((k = best_key_of(c, s, q, s->led_suit, keys)) > later->threat)
            later->threat = k;
    }
}

static inline int game_promise(const spades_ctx *c, const tc_spades_state *s, int seat, int card,
                               const uint8_t *keys, int best_key, int winner, int last,
                               const spades_later *later)
{
    (void)last;
    int rank = tc_is_joker(card) ? TC_NUM_RANKS + card - TC_FIRST_JOKER : tc_rank(card);
    if (s->head.trick_len == 0) return lead_promise(c, s, seat, card, rank);
    int ours = c->base.side >> seat & 1, threat = later->threat, mate_after = later->mate_after;
    int off = !(c->r->suit_masks[s->led_suit] >> card & 1),
        trump = off && (c->r->trumps >> card & 1);
    int beats = keys[card] > best_key;
    int mine = (c->base.side >> winner & 1) == ours;
    if (mine && best_key > threat) return (trump ? -20 : 40) - rank;
    if (beats && keys[card] > threat) return 60 - rank;
    if (beats && !mate_after && !mine) return 30 - rank;
    return (trump ? -20 : 20) - rank;
}

/* Whether winning ranks apply: the tricks objective, no jokers (tc_card_key ranks a suit's other
 * cards in card order). */
static int ranks_apply(const spades_ctx *c)
{
    return c->objective == TC_SOLVE_TRICKS && !(c->r->deck & TC_JOKER_MASK) &&
           (c->base.solver->switches & TC_SOLVE_RANKS) &&
           (c->base.solver->switches & TC_SOLVE_TABLE);
}

#include "trickcore/search/search.h"

/* The side's deal score for every split of tricks between its seats (score objective). */
static void score_table(spades_ctx *c, const tc_spades_state *s)
{
    int sides = tc_spades_sides(c->r), k = tc_spades_side(c->r, c->first);
    int offender = s->first_renege >= 0 ? tc_spades_side(c->r, s->first_renege) : -1;
    for (int a = 0; a <= TC_SPADES_TRICKS; ++a)
        for (int b = 0; b <= TC_SPADES_TRICKS; ++b) {
            int8_t won[TC_SPADES_PLAYERS] = {0, 0, 0, 0};
            tc_spades_result result;
            won[c->first] = (int8_t)a;
            if (c->second >= 0) won[c->second] = (int8_t)b;
            tc_spades_score_sides(c->r, sides, s->bids, won, s->scores, s->bags, offender, &result);
            c->score[a][b] = result.points[k];
        }
}

int tc_spades_solve(const tc_spades_rules *r, const tc_spades_state *s, tc_solve_request request,
                    tc_solver *solver, int32_t *values, tc_mask *legal, int32_t *value)
{
    spades_ctx c;
    unsigned objectives = 1u << TC_SOLVE_TRICKS | 1u << TC_SOLVE_SCORE;
    int status = search_begin(&c.base, &s->head, request, objectives, solver, 1);
    if (status != TC_OK) return status;
    int first = tc_lowest(request.side);
    uint8_t side = r->partnerships ? (uint8_t)(5u << (first & 1)) : (uint8_t)(1u << first);
    if (request.side != side) return TC_ERR_ARGUMENT; /* a side is the rules' side */
    c.r = r;
    c.objective = request.objective;
    c.first = (int8_t)first;
    c.second = (int8_t)(r->partnerships ? first + 2 : -1);
    c.by_seat = 0;
    c.count[0] = c.count[1] = 0;
    for (int p = 0; p < TC_SPADES_PLAYERS; ++p) {
        int k = c.base.side >> p & 1;
        c.seats[k][c.count[k]++] = (int8_t)p;
        if (k && (s->bids[p] == TC_SPADES_NIL || s->bids[p] == TC_SPADES_BLIND_NIL)) c.by_seat = 1;
    }
    memset(c.base.role, 0, TC_FIRST_JOKER);
    memset(c.base.role + TC_FIRST_JOKER, TC_SEARCH_ALONE, TC_NUM_CARD_IDS - TC_FIRST_JOKER);
    c.base.special = TC_JOKER_MASK; /* tc_search_special_cards of these roles */
    if (c.objective == TC_SOLVE_SCORE) score_table(&c, s);
    c.base.ranks = (int8_t)ranks_apply(&c);
    *value = search_root(&c, s, values, legal);
    return search_status(solver);
}
