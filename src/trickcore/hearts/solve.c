/* The solver on the Hearts family: the side's points (moon, no-trick bonus, void deal as the
 * deal scores them), every other seat against it (the paranoid reduction, exact for the side);
 * lower points are better, so the search maximises their negation (docs/kernels.md, "Solver"). */
#include "trickcore/hearts/hearts.h"
#include "trickcore/hearts/solve.h"
#include "trickcore/search/duck.h"

typedef struct {
    tc_search_base base;
    const tc_hearts_rules *r;
    int8_t players;
    int8_t took_keyed; /* the bonus or the void deal make "took a trick" part of the key */
    int8_t gifts;      /* a card of negative value (J♦ in Spardame): a trick may be worth taking */
} hearts_ctx;

#define SEARCH_STATE tc_hearts_state
#define SEARCH_CTX hearts_ctx
#define SEARCH_KEY_WORDS 6
/* Buckets of 8 entries: a full deal, whose table fills many times over, searches 8 % fewer
 * nodes than with 4 (14 % less time); 8-card endings about 1 % fewer (docs/kernels.md). */
#define SEARCH_BUCKET 8

static inline tc_mask game_moves(const hearts_ctx *c, const tc_hearts_state *s)
{
    return tc_hearts_legal(c->r, s);
}

static inline void game_play(const hearts_ctx *c, tc_hearts_state *s, int card)
{
    tc_hearts_play_unchecked(c->r, s, card);
}

/* The cards the side's seats have taken. */
static inline tc_mask side_taken(const hearts_ctx *c, const tc_hearts_state *s)
{
    tc_mask taken = 0;
    for (int p = 0; p < c->players; ++p)
        if (c->base.side >> p & 1) taken |= s->taken[p];
    return taken;
}

static inline int32_t game_final(const hearts_ctx *c, const tc_hearts_state *s)
{
    int32_t points[TC_HEARTS_MAX_PLAYERS], sum = 0;
    int shooter, void_deal;
    tc_hearts_score_of(c->r, c->players, s->taken, points, &shooter, &void_deal);
    for (int p = 0; p < c->players; ++p)
        if (c->base.side >> p & 1) sum += points[p];
    return -sum;
}

static inline int32_t game_base(const hearts_ctx *c, const tc_hearts_state *s)
{
    return -tc_hearts_points(c->r, side_taken(c, s));
}

/* Who holds each live card in rank order, the special cards' words, the leader, hearts broken
 * (where it must be), who took a trick (bonus, void deal still open) and who took moon cards
 * (none, one seat, several): all that final - base depends on. */
static inline void game_key(const hearts_ctx *c, const tc_hearts_state *s, uint64_t *key)
{
    uint64_t took = 0, owner = 0;
    tc_mask live = 0;
    for (int p = 0; p < c->players; ++p) live |= s->hands[p];
    tc_search_owner_words(s->hands, c->players, live, key, 3, c->base.bmi2);
    for (int p = 0; p < c->players; ++p) {
        took |= (uint64_t)(c->took_keyed && s->taken[p] != 0) << p;
        if (c->r->moon != TC_HEARTS_MOON_OFF && (s->taken[p] & c->r->moon_cards))
            owner = owner ? 7 : (uint64_t)p + 1;
    }
    if (!c->r->no_tricks_bonus && (took & (took - 1))) took = 0; /* two takers: no void deal */
    tc_search_special_words(live, c->base.special, key + 3, c->base.bmi2);
    key[5] = tc_search_suit_counts(live) | (uint64_t)s->head.leader << 25 |
             (uint64_t)(s->hearts_broken && c->r->hearts_must_be_broken) << 28 | took << 29 |
             owner << 35 | (uint64_t)(s->head.tricks_played == 0) << 38;
}

/* What the live cards `live` can add to the side's points, [*loss, *gain], and the points of
 * the cards it took, `taken`: one walk over the card values. */
static TC_ALWAYS_INLINE int32_t points_range(const tc_hearts_rules *r, tc_mask live, tc_mask taken,
                                             int32_t *loss, int32_t *gain)
{
    int32_t past = 0;
    *loss = *gain = 0;
    for (int i = 0; i < r->value_count; ++i) {
        int32_t value = r->value_of[i], v = value * tc_popcount(live & r->value_cards[i]);
        past += value * tc_popcount(taken & r->value_cards[i]);
        if (value > 0)
            *gain += v;
        else
            *loss += v;
    }
    return past;
}

/* Whether the side can take no trick more: the other camp (its hands `theirs`) leads, or the
 * side's lone seat leads a card someone must beat, and every side seat ducks every trick. */
static TC_ALWAYS_INLINE int side_never_wins(const hearts_ctx *c, const tc_hearts_state *s,
                                            tc_mask theirs)
{
    if (s->head.trick_len || s->head.tricks_played == 0) return 0;
    int leader = s->head.leader;
    if (!(c->base.side >> leader & 1)) {
        for (int p = 0; p < c->players; ++p)
            if ((c->base.side >> p & 1) &&
                !tc_ducks_all((tc_multiset){s->hands[p], 0}, (tc_multiset){theirs, 0}, 0))
                return 0;
        return 1;
    }
    if (c->base.side != 1u << leader) return 0;
    tc_mask hand = s->hands[leader];
    tc_mask leads = tc_hearts_lead_legal(c->r, hand, 0, s->hearts_broken, 0, 0);
    return tc_leads_then_ducks((tc_multiset){hand, 0}, leads, (tc_multiset){theirs, 0}, s->hands,
                               c->players, leader, 0);
}

/* What a moon by seat x adds to the side's points. */
static TC_ALWAYS_INLINE int32_t moon_share(const hearts_ctx *c, int x)
{
    const tc_hearts_rules *r = c->r;
    int32_t share = 0;
    for (int p = 0; p < c->players; ++p)
        if (c->base.side >> p & 1)
            share += p == x
                         ? (r->moon == TC_HEARTS_MOON_SUBTRACT_FROM_SHOOTER ? -r->moon_points : 0)
                         : (r->moon == TC_HEARTS_MOON_ADD_TO_OTHERS ? r->moon_points : 0);
    return share;
}

/* The side's final points lie in the union of the outcomes still possible: no moon and no void
 * deal (its points so far plus every negative (positive) live point, and the bonus), a void deal
 * (0), a moon by each seat that may still shoot; at most those it keeps ducking every trick. */
#define SEARCH_BOUNDS_PER_TRICK /* live cards and points taken change only as a trick ends */
static TC_ALWAYS_INLINE int game_bounds(const hearts_ctx *c, const tc_hearts_state *s,
                                        int32_t alpha, int32_t beta, int32_t *lo, int32_t *hi)
{
    (void)alpha, (void)beta;
    const tc_hearts_rules *r = c->r;
    int moon_takers = 0, moon_taker = -1, takers = 0, bonus_seats = 0;
    tc_mask taken = 0, theirs = 0, gone = 0;
    for (int p = 0; p < c->players; ++p) {
        if (s->taken[p] & r->moon_cards) moon_taker = p, ++moon_takers;
        takers += s->taken[p] != 0;
        gone |= s->taken[p];
        if (c->base.side >> p & 1) {
            bonus_seats += !s->taken[p];
            taken |= s->taken[p];
        } else {
            theirs |= s->hands[p];
        }
    }
    tc_mask live = r->deck & ~gone; /* in hands or in the trick */
    int32_t bonus = bonus_seats * r->no_tricks_bonus, loss, gain;
    int32_t bonus_lo = bonus < 0 ? bonus : 0, bonus_hi = bonus > 0 ? bonus : 0;
    int32_t past = points_range(r, live, taken, &loss, &gain), least = past + loss + bonus_lo,
            most = past + gain + bonus_hi;
    if (r->void_if_one_takes_all && takers < 2) {
        least = least < 0 ? least : 0;
        most = most > 0 ? most : 0;
    }
    int moon_open = r->moon != TC_HEARTS_MOON_OFF && moon_takers < 2;
    int32_t outside = 0; /* with a moon open: the side's points outside the moon cards */
    if (moon_open) {
        outside = points_range(r, live & ~r->moon_cards, taken & ~r->moon_cards, &loss, &gain);
        int32_t rest = outside + bonus_lo, spread = gain - loss + bonus_hi - bonus_lo;
        for (int x = 0; x < c->players; ++x) { /* x shoots: the side's rest plus the moon's part */
            if (moon_takers && x != moon_taker) continue;
            int32_t m = rest + loss + moon_share(c, x);
            least = m < least ? m : least;
            most = m + spread > most ? m + spread : most;
        }
    }
    if (most > past + bonus &&
        side_never_wins(c, s, theirs)) { /* the side can keep its points (and bonus) as they are */
        int32_t kept = past + bonus, top = kept;
        if (r->void_if_one_takes_all && takers < 2) top = top > 0 ? top : 0;
        if (moon_open) {
            int32_t rest = outside + bonus;
            for (int x = 0; x < c->players; ++x) {
                if (moon_takers && x != moon_taker) continue;
                int32_t m = rest + moon_share(c, x);
                top = m > top ? m : top;
            }
        }
        most = top < most ? top : most;
    }
    *lo = -most;
    *hi = -least;
    return 1;
}

static inline tc_mask game_hand(const hearts_ctx *c, const tc_hearts_state *s, int seat)
{
    (void)c;
    return s->hands[seat];
}

static inline tc_mask game_others(const hearts_ctx *c, const tc_hearts_state *s, int seat)
{
    tc_mask gone = 0;
    for (int p = 0; p < c->players; ++p) gone |= s->taken[p];
    return c->r->deck & ~gone & ~s->hands[seat];
}

static inline const uint8_t *game_trick_keys(const hearts_ctx *c, const tc_hearts_state *s,
                                             int *best_key, int *winner, int *last)
{
    const uint8_t *keys = c->r->trick.key[s->led_suit];
    int i = tc_trick_winner_led(&c->r->trick, s->head.trick, s->head.trick_len, s->led_suit);
    *best_key = keys[s->head.trick[i]];
    *winner = (s->head.leader + i) % c->players;
    *last = 0; /* one pack: no equal keys */
    return keys;
}

/* The search order's promise of a card (docs/kernels.md, "Solver"): lead low, first in a suit
 * where the other camp must (else can) go over the side's card or has to follow; following suit,
 * duck with the highest card under the winner, else win with the lowest, but win a gift (a trick
 * worth less than nothing) cheaply; discarding, the dearest card first while the trick may still
 * go to the other camp, else the cheapest. */
#define SEARCH_GAME_ORDER_FACTS
/* Leads by their cut-offs so far, the promise breaking ties: 17-22 % fewer nodes at 8 cards. */
#define SEARCH_LEAD_PROMISE_WEIGHT 1
/* At a lead: the hands of the other camp than the leader's, and the cards under every card of
 * some seat of the other camp in their suit (a lead it must go over); in a trick, whether the
 * mover may win a gift (a trick worth less than nothing: its points so far) and whether its
 * discard may go to the other camp. */
typedef struct {
    tc_mask camp, forced;
    int32_t points;
    int gift, dump;
} hearts_lead;
#define SEARCH_ORDER_FACTS hearts_lead

static inline void game_order_facts(const hearts_ctx *c, const tc_hearts_state *s,
                                    const uint8_t *keys, int best_key, int winner,
                                    hearts_lead *lead)
{
    if (s->head.trick_len) {
        int seat = s->head.to_act, ours = c->base.side >> seat & 1;
        lead->points = 0;
        for (int i = 0; i < s->head.trick_len && c->gifts; ++i)
            lead->points += c->r->values[s->head.trick[i]];
        lead->gift = c->gifts && (ours || (c->base.side >> winner & 1));
        if (s->hands[seat] & tc_suit_mask(s->led_suit)) return; /* following: no discard */
        /* a seat against the side dumps while a seat of the side is still to play, or while the
         * side's card wins and no later seat of its camp must go over it (all higher cards) */
        int side_later = 0, overtaken = 0;
        for (int i = s->head.trick_len + 1, p = seat; i < c->players && !ours; ++i) {
            p = p + 1 == c->players ? 0 : p + 1;
            tc_mask follow = s->hands[p] & tc_suit_mask(s->led_suit);
            if (c->base.side >> p & 1)
                side_later = 1;
            else if (follow && keys[tc_lowest(follow)] > best_key)
                overtaken = 1;
        }
        lead->dump = ours ? !(c->base.side >> winner & 1)
                          : side_later || ((c->base.side >> winner & 1) && !overtaken);
        return;
    }
    int ours = c->base.side >> s->head.to_act & 1;
    tc_mask camp = 0, forced = 0, hand = s->hands[s->head.to_act];
    for (int p = 0; p < c->players; ++p)
        if ((c->base.side >> p & 1) != ours) camp |= s->hands[p];
    ours &= tc_popcount(hand) > 3; /* near the end, not worth its cost */
    for (int suit = 0; suit < TC_NUM_SUITS && ours; ++suit) {
        tc_mask mine = hand & tc_suit_mask(suit);
        for (int p = 0; p < c->players && mine; ++p) {
            tc_mask own = s->hands[p] & tc_suit_mask(suit);
            if (own && !(c->base.side >> p & 1)) forced |= mine & ((own & (0 - own)) - 1);
        }
    }
    lead->camp = camp;
    lead->forced = forced;
}

static inline int game_promise(const hearts_ctx *c, const tc_hearts_state *s, int seat, int card,
                               const uint8_t *keys, int best_key, int winner, int last,
                               const hearts_lead *lead)
{
    (void)winner, (void)last;
    int rank = tc_rank(card);
    if (s->head.trick_len == 0) {
        int ours = c->base.side >> seat & 1;
        tc_mask camp =
            lead->camp & tc_suit_mask(tc_suit(card)) & (ours ? tc_above(card) : ~(tc_mask)0);
        int forced = ours && (lead->forced >> card & 1);
        return (camp ? 32 : 0) + (forced ? 32 : 0) - rank;
    }
    if (tc_suit(card) == s->led_suit) {
        int beats = keys[card] > best_key; /* a gift: the side takes it, the others not */
        int gift = lead->gift && lead->points + c->r->values[card] < 0;
        return gift ? (beats ? 64 - rank : rank) : beats ? -rank : 32 + rank;
    }
    int value = c->r->values[card];
    value = value > 500 ? 500 : value < -500 ? -500 : value;
    return 64 + (lead->dump ? value : -value) * 16 + rank;
}

#include "trickcore/search/search.h"

int tc_hearts_solve(const tc_hearts_rules *r, const tc_hearts_state *s, tc_solve_request request,
                    tc_solver *solver, int32_t *values, tc_mask *legal, int32_t *value)
{
    hearts_ctx c;
    int status = search_begin(&c.base, &s->head, request, 1u << TC_SOLVE_POINTS, solver, 0);
    if (status != TC_OK) return status;
    c.r = r;
    c.players = r->players;
    c.took_keyed = r->void_if_one_takes_all || r->no_tricks_bonus;
    c.gifts = 0;
    for (int i = 0; i < r->value_count; ++i) c.gifts |= r->value_of[i] < 0;
    for (int card = 0; card < TC_NUM_CARD_IDS; ++card) { /* value and moon part; Q♠ apart */
        int group = 0;
        for (int i = 0; i < r->value_count; ++i)
            if (r->value_cards[i] >> card & 1) group = i + 1;
        c.base.role[card] = (uint8_t)(2 * group + (int)(r->moon_cards >> card & 1));
    }
    c.base.role[TC_HEARTS_QUEEN] = TC_SEARCH_ALONE;
    c.base.special = tc_search_special_cards(c.base.role, r->deck);
    *value = -search_root(&c, s, values, legal);
    for (tc_mask rest = values ? *legal : 0; rest; rest &= rest - 1) values[tc_lowest(rest)] *= -1;
    return search_status(solver);
}
