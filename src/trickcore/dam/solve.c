/* The solver on Danish Dam with the draw pile's order known: the side's points as the rules
 * score them (card points, or tricks and the last-trick bonus), refills included, every other
 * seat against it; avoid negates the points so the search maximises (docs/kernels.md,
 * "Solver"). */
#include "trickcore/dam/solve.h"
#include "trickcore/search/duck.h"

typedef struct {
    tc_search_base base;
    const tc_dam_rules *r;
    int8_t players;
    int8_t sign;                                  /* +1 collect, -1 avoid */
    tc_multiset pile_cards[TC_DAM_MAX_CARDS + 1]; /* [i]: the cards of pile[i..end) */
    int32_t pile_gain[TC_DAM_MAX_CARDS + 1];      /* [i]: their positive points, and negative */
    int32_t pile_loss[TC_DAM_MAX_CARDS + 1];
} dam_ctx;

#define SEARCH_STATE tc_dam_state
#define SEARCH_CTX dam_ctx
#define SEARCH_KEY_WORDS (2 * TC_DAM_MAX_PLAYERS + 5)
/* Buckets of 8 entries: avoid at 10 cards a hand 12 % fewer nodes than with 4 (the shapes'
 * buckets fill fastest), 5-8 % less time; collect within its noise (docs/kernels.md). */
#define SEARCH_BUCKET 8
#define SEARCH_NEAR (2 * TC_DAM_MAX_PLAYERS + 2) /* with near entries: the live cards (game_near) */

static inline tc_mask game_moves(const dam_ctx *c, const tc_dam_state *s)
{
    (void)c;
    return tc_dam_legal(s);
}

static inline void game_play(const dam_ctx *c, tc_dam_state *s, int card)
{
    tc_dam_play_unchecked(c->r, s, card);
}

/* The side's score so far: card points, or tricks (with the bonus once the deal is over). */
static inline int32_t side_score(const dam_ctx *c, const tc_dam_state *s, int over)
{
    int32_t sum = 0;
    for (int p = 0; p < c->players; ++p) {
        if (!(c->base.side >> p & 1)) continue;
        if (!c->r->score_tricks)
            sum += s->points_taken[p];
        else
            sum +=
                s->head.tricks_won[p] + (over && p == s->last_winner ? c->r->last_trick_bonus : 0);
    }
    return c->sign * sum;
}

static inline int32_t game_final(const dam_ctx *c, const tc_dam_state *s)
{
    return side_score(c, s, 1);
}

static inline int32_t game_base(const dam_ctx *c, const tc_dam_state *s)
{
    return side_score(c, s, 0);
}

/* The hands and the pile (both masks each) by rank among the live cards, the special cards'
 * words (with near entries: the cards live once and twice instead), the leader and the pile's
 * position: all that final - base depends on. */
static inline void game_key(const dam_ctx *c, const tc_dam_state *s, uint64_t *key)
{
    tc_multiset pile = c->pile_cards[s->pile_next];
    tc_mask live = pile.once;
    for (int p = 0; p < c->players; ++p) live |= s->hands[p].once;
    for (int p = 0; p < TC_DAM_MAX_PLAYERS; ++p) {
        key[2 * p] = p < c->players ? tc_search_pack_isa(s->hands[p].once, live, c->base.bmi2) : 0;
        key[2 * p + 1] =
            p < c->players ? tc_search_pack_isa(s->hands[p].twice, live, c->base.bmi2) : 0;
    }
    int k = 2 * TC_DAM_MAX_PLAYERS;
    key[k] = tc_search_pack_isa(pile.once, live, c->base.bmi2);
    key[k + 1] = tc_search_pack_isa(pile.twice, live, c->base.bmi2);
    if (c->base.near) { /* the decks hold at most two copies: the sum is never -1 */
        tc_multiset all = pile;
        for (int p = 0; p < c->players; ++p) (void)tc_multiset_sum(all, s->hands[p], &all);
        key[k + 2] = all.once;
        key[k + 3] = all.twice;
    } else {
        tc_search_special_words(live, c->base.special, key + k + 2, c->base.bmi2);
    }
    key[k + 4] =
        tc_search_suit_counts(live) | (uint64_t)s->head.leader << 25 | (uint64_t)s->pile_next << 27;
}

/* Collect with the pile empty, at a trick boundary: the positive points of the leader's quick
 * winners. Cashed first, top down in each suit, each wins its trick: the top live card of its
 * suit, or a copy of it led first under "first wins"; a side suit counts only while every other
 * seat holding trumps must follow. 0 when another seat holds a joker (docs/kernels.md). */
static inline int32_t leader_winner_points(const dam_ctx *c, const tc_dam_state *s)
{
    int leader = s->head.to_act, last = c->r->tables[s->trump + 1].last;
    tc_multiset hand = s->hands[leader], others = {0, 0};
    for (int p = 0; p < c->players; ++p) /* the decks hold at most two copies: never -1 */
        if (p != leader) (void)tc_multiset_sum(others, s->hands[p], &others);
    if (others.once & TC_JOKER_MASK) return 0;
    int32_t points = 0;
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) {
        tc_mask in = tc_suit_mask(suit);
        int cap = TC_DAM_MAX_CARDS;
        if (suit != s->trump && s->trump >= 0)
            for (int p = 0; p < c->players; ++p)
                if (p != leader && (s->hands[p].once & tc_suit_mask(s->trump))) {
                    int follow = tc_multiset_size(
                        (tc_multiset){s->hands[p].once & in, s->hands[p].twice & in});
                    cap = follow < cap ? follow : cap;
                }
        for (tc_mask live = (hand.once | others.once) & in; live && cap > 0;) {
            int card = tc_highest(live), mine = tc_multiset_count(hand, card);
            int theirs = tc_multiset_count(others, card);
            live &= ~tc_bit(card);
            if (!mine || (last && theirs)) break;
            for (int k = 0; k < mine && cap > 0; ++k, --cap)
                points += c->r->values[card] > 0 ? c->r->values[card] : 0;
            if (theirs) break;
        }
    }
    return points;
}

/* Avoid with the pile empty, at a trick boundary: the most points the side can be made to take
 * if the other camp leads, or the side's lone seat leads a card it must beat, and every side
 * seat can then duck every trick while every seat holds cards (the other camp keeps the lead);
 * else -1. Past that, in the tricks of hands longer than the other camp's shortest, each such
 * hand's dearest card counts for every card it holds over that shortest. */
static inline int32_t duck_slack(const dam_ctx *c, const tc_dam_state *s)
{
    tc_mask trumps = s->trump >= 0 ? tc_suit_mask(s->trump) : 0; /* the side holds none */
    tc_multiset theirs = {0, 0};
    int fewest = TC_DAM_MAX_CARDS, size[TC_DAM_MAX_PLAYERS], leader = s->head.to_act;
    for (int p = 0; p < c->players; ++p) {
        size[p] = tc_multiset_size(s->hands[p]);
        if ((c->base.side >> p & 1) && (s->hands[p].once & (TC_JOKER_MASK | trumps))) return -1;
        if (c->base.side >> p & 1) continue;
        fewest = size[p] < fewest ? size[p] : fewest;
        (void)tc_multiset_sum(theirs, s->hands[p], &theirs);
    }
    if (theirs.once & TC_JOKER_MASK) return -1;
    int last = c->r->tables[s->trump + 1].last;
    if (!(c->base.side >> leader & 1)) {
        for (int p = 0; p < c->players; ++p)
            if ((c->base.side >> p & 1) && !tc_ducks_all(s->hands[p], theirs, last)) return -1;
    } else {
        tc_mask seats[TC_DAM_MAX_PLAYERS];
        for (int p = 0; p < c->players; ++p) seats[p] = s->hands[p].once;
        if (c->base.side != 1u << leader ||
            !tc_leads_then_ducks(s->hands[leader], ~(tc_mask)0, theirs, seats, c->players, leader,
                                 last))
            return -1;
    }
    int longer = 0; /* a side seat outlasts the other camp's shortest hand */
    for (int p = 0; p < c->players; ++p) longer |= (c->base.side >> p & 1) && size[p] > fewest;
    int32_t slack = 0;
    for (int p = 0; p < c->players && longer; ++p) {
        if (size[p] <= fewest) continue;
        int32_t dearest = 0;
        for (tc_mask m = s->hands[p].once; m; m &= m - 1) {
            int32_t value = c->r->values[tc_lowest(m)];
            dearest = value > dearest ? value : dearest;
        }
        slack += dearest * (size[p] - fewest);
    }
    return slack;
}

#define SEARCH_BOUNDS_PER_TRICK /* live cards and points taken change only as a trick ends */
static inline int game_bounds(const dam_ctx *c, const tc_dam_state *s, int32_t alpha, int32_t beta,
                              int32_t *lo, int32_t *hi)
{
    (void)alpha, (void)beta;
    if (c->r->score_tricks) return 0;
    int32_t gain = c->pile_gain[s->pile_next], loss = c->pile_loss[s->pile_next];
    for (int i = 0; i < s->head.trick_len; ++i) {
        int32_t v = c->r->values[s->head.trick[i]];
        gain += v > 0 ? v : 0;
        loss += v < 0 ? v : 0;
    }
    for (int p = 0; p < c->players; ++p)
        for (int copy = 0; copy < 2; ++copy)
            for (tc_mask m = copy ? s->hands[p].twice : s->hands[p].once; m; m &= m - 1) {
                int32_t v = c->r->values[tc_lowest(m)];
                gain += v > 0 ? v : 0;
                loss += v < 0 ? v : 0;
            }
    int32_t past = side_score(c, s, 0);
    *lo = past + (c->sign > 0 ? loss : -gain);
    *hi = past + (c->sign > 0 ? gain : -loss);
    if (c->sign < 0 && s->head.trick_len == 0 && s->pile_next == s->pile_end && *lo < *hi) {
        int32_t slack = duck_slack(c, s);
        if (slack >= 0 && past - slack > *lo) *lo = past - slack;
    }
    if (c->sign > 0 && s->head.trick_len == 0 && s->pile_next == s->pile_end) {
        int32_t sure = leader_winner_points(c, s); /* the leader cashes them first */
        if (c->base.side >> s->head.to_act & 1)
            *lo += sure;
        else
            *hi -= sure;
    }
    return 1;
}

static inline tc_mask game_hand(const dam_ctx *c, const tc_dam_state *s, int seat)
{
    (void)c;
    return s->hands[seat].once;
}

static inline tc_mask game_others(const dam_ctx *c, const tc_dam_state *s, int seat)
{
    tc_mask others = c->pile_cards[s->pile_next].once;
    for (int i = 0; i < s->head.trick_len; ++i) others |= tc_bit(s->head.trick[i]);
    for (int p = 0; p < c->players; ++p)
        if (p != seat) others |= s->hands[p].once;
    return others;
}

static inline const uint8_t *game_trick_keys(const dam_ctx *c, const tc_dam_state *s, int *best_key,
                                             int *winner, int *last)
{
    const tc_trick_table *table = &c->r->tables[s->trump + 1];
    const uint8_t *keys = table->key[s->led < 0 ? TC_NUM_SUITS : s->led];
    int i = tc_trick_winner_table(table, s->head.trick, s->head.trick_len);
    *best_key = keys[s->head.trick[i]];
    *winner = s->trick_seats[i];
    *last = table->last;
    return keys;
}

/* Two cards of a suit differ in nothing but their points (docs/kernels.md, "Value gaps"). */
#define SEARCH_VALUE_GAPS
static inline int32_t game_value_gap(const dam_ctx *c, int x, int y)
{
    int32_t gap = c->r->values[x] - c->r->values[y]; /* card points: not when tricks score */
    return gap < 0 ? -gap : gap;
}

/* How far apart the final points of two positions of the same shape may be (the same holders
 * of the live cards by rank in each suit: docs/kernels.md, "Value gaps"): their live cards `a`
 * and `b` (once, twice) paired by rank, the sum of each pair's point gap times its copies. */
static inline int32_t game_near(const dam_ctx *c, const uint64_t *a, const uint64_t *b)
{
    if (a[0] == b[0] && a[1] == b[1]) return 0;
    int32_t near = 0;
    for (tc_mask x = a[0], y = b[0]; x; x &= x - 1, y &= y - 1) {
        int i = tc_lowest(x);
        int32_t gap = game_value_gap(c, i, tc_lowest(y));
        near += gap << (a[1] >> i & 1);
    }
    return near;
}

/* At an avoid lead: the cards of the other camp than the leader's. */
#define SEARCH_GAME_ORDER_FACTS
#define SEARCH_ORDER_FACTS tc_mask
static inline void game_order_facts(const dam_ctx *c, const tc_dam_state *s, const uint8_t *keys,
                                    int best_key, int winner, tc_mask *camp)
{
    (void)keys, (void)best_key, (void)winner;
    *camp = 0;
    if (s->head.trick_len || c->base.win_tricks) return;
    int ours = c->base.side >> s->head.to_act & 1;
    for (int p = 0; p < c->players; ++p)
        if ((c->base.side >> p & 1) != ours) *camp |= s->hands[p].once;
}

/* How promising a card looks (docs/kernels.md, "Solver"): wanting points (collect), win the
 * trick cheaply unless a partner holds it, lead high; else lead low, first in a suit where the
 * other camp can go over the side's card or has to follow the other camp's, duck under the
 * winner with the highest card that does, discard the dearest card while the trick goes to the
 * other camp, else the cheapest. Cut-off history breaks ties. */
static inline int game_promise(const dam_ctx *c, const tc_dam_state *s, int seat, int card,
                               const uint8_t *keys, int best_key, int winner, int last,
                               const tc_mask *facts)
{
    int rank = tc_is_joker(card) ? TC_NUM_RANKS + card - TC_FIRST_JOKER : tc_rank(card);
    if (s->head.trick_len == 0 && c->base.win_tricks) return rank;
    if (s->head.trick_len == 0) {
        int ours = c->base.side >> seat & 1;
        tc_mask camp = *facts & (tc_is_joker(card) ? 0 : tc_suit_mask(tc_suit(card))) &
                       (ours ? tc_above(card) : ~(tc_mask)0);
        return (camp ? 32 : 0) - rank;
    }
    int beats = keys[card] > best_key || (last && keys[card] == best_key && best_key > 0);
    int partner = (c->base.side >> winner & 1) == (c->base.side >> seat & 1);
    if (c->base.win_tricks) return partner || !beats ? -rank : 32 - rank;
    if (beats) return -rank;
    if (keys[card] || s->led < 0) return 32 + rank; /* follows suit: the highest that ducks */
    int value = c->r->values[card];
    value = value > 500 ? 500 : value < -500 ? -500 : value;
    return 64 + (partner ? -value : value) * 16 + rank;
}

/* Avoid, like Hearts, orders leads by their cut-offs first (14 % fewer nodes at 8 cards a hand);
 * collect keeps the promise first, where the history cost 16 %. */
#define SEARCH_LEAD_PROMISE_WEIGHT (c->base.win_tricks ? TC_SEARCH_PROMISE_FIRST : 1)

#include "trickcore/search/search.h"

int tc_dam_solve(const tc_dam_rules *r, const tc_dam_state *s, tc_solve_request request,
                 tc_solver *solver, int32_t *values, tc_mask *legal, int32_t *value)
{
    dam_ctx c;
    int status =
        search_begin(&c.base, &s->head, request, 1u << TC_SOLVE_POINTS, solver, r->collect);
    if (status != TC_OK) return status;
    c.r = r;
    c.players = r->players;
    c.sign = (int8_t)(r->collect ? 1 : -1);
    int values_seen = 0, seen[TC_NUM_CARD_IDS];
    for (int card = 0; card < TC_NUM_CARD_IDS; ++card) {          /* a role per distinct value */
        int k = 0, value = r->score_tricks ? 0 : r->values[card]; /* tricks: points are moot */
        while (k < values_seen && seen[k] != value) ++k;
        if (k == values_seen) seen[values_seen++] = value;
        c.base.role[card] = tc_is_joker(card) ? TC_SEARCH_ALONE : (uint8_t)k;
    }
    c.base.special = tc_search_special_cards(c.base.role, r->deck.once);
    c.base.gaps = !r->score_tricks && (solver->switches & TC_SOLVE_GAPS);
    c.base.near = c.base.gaps && !r->collect; /* collect: 5 % fewer nodes, a third more time */
    c.pile_cards[s->pile_end] = (tc_multiset){0, 0};
    c.pile_gain[s->pile_end] = c.pile_loss[s->pile_end] = 0;
    for (int i = s->pile_end - 1; i >= s->pile_next; --i) {
        int32_t v = r->values[s->pile[i]];
        c.pile_cards[i] = c.pile_cards[i + 1];
        tc_multiset_add(&c.pile_cards[i], s->pile[i]);
        c.pile_gain[i] = c.pile_gain[i + 1] + (v > 0 ? v : 0);
        c.pile_loss[i] = c.pile_loss[i + 1] + (v < 0 ? v : 0);
    }
    *value = c.sign * search_root(&c, s, values, legal);
    for (tc_mask rest = values ? *legal : 0; rest; rest &= rest - 1)
        values[tc_lowest(rest)] *= c.sign;
    return search_status(solver);
}
