/* The search's functions, included by search.h once per instruction set: SEARCH_NAME(f) names
 * a function of the variant, SEARCH_TARGET its target attribute (docs/kernels.md, "Solver"). */

/* The legal cards left after equivalence: of cards of one suit and role held by the mover with
 * no live card of anybody else between them, only the highest is searched. */
static inline SEARCH_TARGET tc_mask SEARCH_NAME(search_classes)(const SEARCH_CTX *c,
                                                                const SEARCH_STATE *s,
                                                                tc_mask legal)
{
    int seat = s->head.to_act;
    tc_mask hand = game_hand(c, s, seat), others = game_others(c, s, seat), kept = legal;
#ifdef SEARCH_GAME_CLASSES
    if (game_classes(c, s, hand, others, &kept)) return kept; /* the game's own way, if any */
#endif
    for (int suit = 0; suit < TC_NUM_SUITS; ++suit) { /* jokers stand alone */
        tc_mask in = tc_suit_mask(suit);
        if (!(legal & in)) continue;
        for (tc_mask rest = hand & in; rest & (rest - 1);) { /* each card and the next held */
            int card = tc_lowest(rest);
            rest &= rest - 1;
            int next = tc_lowest(rest);
            tc_mask between = (tc_bit(next) << 1) - tc_bit(card); /* card..next inclusive */
            if ((legal >> card & 1) && (legal >> next & 1) && !(others & between) &&
                c->base.role[card] != TC_SEARCH_ALONE && c->base.role[next] == c->base.role[card])
                kept &= ~tc_bit(card);
        }
    }
    return kept;
}

/* The representative searched for `card` under search_classes: the top of its class. */
static inline SEARCH_TARGET int SEARCH_NAME(search_representative)(const SEARCH_CTX *c,
                                                                   const SEARCH_STATE *s,
                                                                   tc_mask kept, int card)
{
    tc_mask hand = game_hand(c, s, s->head.to_act);
    while (!(kept >> card & 1))
        card = tc_lowest(hand & tc_suit_mask(tc_suit(card)) & tc_above(card));
    return card;
}

/* The values of the cards of `moves` not `kept`: their representatives'. */
static inline SEARCH_TARGET void SEARCH_NAME(search_copy_classes)(const SEARCH_CTX *c,
                                                                  const SEARCH_STATE *s,
                                                                  tc_mask moves, tc_mask kept,
                                                                  int32_t *values)
{
    for (tc_mask rest = moves & ~kept; rest; rest &= rest - 1) {
        int card = tc_lowest(rest);
        values[card] = values[SEARCH_NAME(search_representative)(c, s, kept, card)];
    }
}

/* The end of a team's search_root (tc_solve_team): once every card of `kept` is valued (a
 * member spins till then: one per core), the team's values into `values`, the classes' too;
 * returns the best of them. */
static SEARCH_TARGET int32_t SEARCH_NAME(search_team_values)(const SEARCH_CTX *c,
                                                             const SEARCH_STATE *s, tc_mask kept,
                                                             tc_mask moves, int32_t *values)
{
    const tc_solve_team *team = c->base.solver->team;
    while (__atomic_load_n(&team->done, __ATOMIC_ACQUIRE) != kept) {
    }
    int ours = c->base.side >> s->head.to_act & 1;
    int32_t best = ours ? -TC_SEARCH_INF : TC_SEARCH_INF;
    for (tc_mask rest = kept; rest; rest &= rest - 1) {
        int32_t v = values[tc_lowest(rest)] = team->values[tc_lowest(rest)];
        best = ours ? (v > best ? v : best) : (v < best ? v : best);
    }
    SEARCH_NAME(search_copy_classes)(c, s, moves, kept, values);
    return best;
}

/* The cards of `moves` in search order: the table's card first, then by promise and cut-off
 * history (leads and follows apart; at leads weighted by SEARCH_LEAD_PROMISE_WEIGHT). */
static TC_ALWAYS_INLINE SEARCH_TARGET int SEARCH_NAME(search_order)(const SEARCH_CTX *c,
                                                                    const SEARCH_STATE *s,
                                                                    tc_mask moves, int first,
                                                                    uint8_t *cards)
{
    if (!(moves & (moves - 1))) { /* one card (or none): nothing to order */
        if (moves) cards[0] = (uint8_t)tc_lowest(moves);
        return moves != 0;
    }
    int seat = s->head.to_act, best_key = 0, winner = seat, last = 0, n = 0;
    int lead = s->head.trick_len == 0,
        weight = lead ? SEARCH_LEAD_PROMISE_WEIGHT : TC_SEARCH_PROMISE_FIRST;
    const uint16_t *history = c->base.solver->history[lead][seat];
    const uint8_t *keys = s->head.trick_len ? game_trick_keys(c, s, &best_key, &winner, &last) : 0;
    SEARCH_ORDER_FACTS facts = {0}; /* the game's work for all of this node's promises */
#ifdef SEARCH_GAME_ORDER_FACTS
    game_order_facts(c, s, keys, best_key, winner, &facts);
#endif
    int score[TC_NUM_CARD_IDS];
    if (first != TC_NO_CARD && (moves >> first & 1)) {
        cards[n++] = (uint8_t)first;
        moves &= ~tc_bit(first);
    }
    int start = n;
    for (; moves; moves &= moves - 1) {
        int card = tc_lowest(moves), i = n++;
        score[card] =
            game_promise(c, s, seat, card, keys, best_key, winner, last, &facts) * weight +
            history[card];
        while (i > start && score[cards[i - 1]] < score[card]) {
            cards[i] = cards[i - 1];
            --i;
        }
        cards[i] = (uint8_t)card;
    }
    return n;
}

#ifdef SEARCH_VALUE_GAPS
/* A bound on `card`'s value from above (`upper`) or below by the cards of `known` (results in
 * `result`) of its suit with no card of `others` between: those play alike but for their
 * points, so the values differ by game_value_gap at most (docs/kernels.md, "Value gaps"). */
static inline SEARCH_TARGET int32_t SEARCH_NAME(search_gap_bound)(const SEARCH_CTX *c, int card,
                                                                  tc_mask known,
                                                                  const int32_t *result,
                                                                  tc_mask others, int upper)
{
    int32_t bound = upper ? TC_SEARCH_INF : -TC_SEARCH_INF;
    if (c->base.role[card] == TC_SEARCH_ALONE) return bound;
    for (tc_mask same = known & tc_suit_mask(tc_suit(card)); same; same &= same - 1) {
        int x = tc_lowest(same), lo = x < card ? x : card, hi = x < card ? card : x;
        int32_t gap = game_value_gap(c, x, card);
        if (gap < 0 || c->base.role[x] == TC_SEARCH_ALONE ||
            (others & ((tc_bit(hi) << 1) - tc_bit(lo))))
            continue;
        int32_t b = upper ? result[x] + gap : result[x] - gap;
        bound = upper ? (b < bound ? b : bound) : (b > bound ? b : bound);
    }
    return bound;
}
#endif

/* Fail-soft alpha-beta: the value if it lies in (alpha, beta), else a bound beyond the window;
 * *why: with winning ranks, the cards whose ranks the result depends on (docs/kernels.md). */
static SEARCH_TARGET int32_t SEARCH_NAME(search_node)(SEARCH_CTX *c, const SEARCH_STATE *s,
                                                      int32_t alpha, int32_t beta, tc_mask *why)
{
    tc_solver *sv = c->base.solver;
    sv->stats.nodes++;
    *why = 0;
    if (sv->node_limit && sv->stats.nodes > sv->node_limit) return 0; /* the solve fails */
    if (s->head.phase != TC_PHASE_PLAY) return game_final(c, s);
    int32_t lower = -TC_SEARCH_INF, upper = TC_SEARCH_INF;
    tc_mask why_lower = 0, why_upper = 0;
    if ((sv->switches & TC_SOLVE_BOUNDS) && SEARCH_BOUNDS_HERE(c, s, alpha, beta) &&
        SEARCH_GAME_BOUNDS(c, s, alpha, beta, &lower, &upper, &why_lower, &why_upper)) {
        if (lower >= beta || upper <= alpha) {
            *why = lower >= beta ? why_lower : why_upper;
            return lower >= beta ? lower : upper;
        }
    }
    uint64_t key[SEARCH_KEY_WORDS];
    int32_t base = 0;
    uint64_t spread = 0;
    int first = TC_NO_CARD, stored = 0;
    if (s->head.trick_len == 0 && (sv->switches & TC_SOLVE_TABLE)) {
        game_key(c, s, key);
        base = game_base(c, s);
        spread = search_spread(c, s);
        stored = 1;
        int moved = 0;
        uint64_t fixed[2] = {0, 0};
        if (search_probe(c, key, spread, base, alpha, beta, &lower, &upper, &moved, fixed,
                         &first)) {
            sv->stats.tt_hits++;
            if (lower >= beta || upper <= alpha || lower == upper) {
                why_lower = search_why(c, s, moved & 1, fixed[0], why_lower);
                why_upper = search_why(c, s, moved & 2, fixed[1], why_upper);
                *why = lower >= beta    ? why_lower
                       : upper <= alpha ? why_upper
                                        : why_lower | why_upper;
                return lower >= beta || lower == upper ? lower : upper;
            }
        }
    }
    int seat = s->head.to_act, ours = c->base.side >> seat & 1;
    tc_mask moves = game_moves(c, s);
    if ((sv->switches & TC_SOLVE_EQUIVALENCE) && (moves & (moves - 1)))
        moves = SEARCH_NAME(search_classes)(c, s, moves);
    uint8_t cards[TC_NUM_CARD_IDS];
    int n = SEARCH_NAME(search_order)(c, s, moves, first, cards),
        best_card = n ? cards[0] : TC_NO_CARD, cut = 0;
    int32_t best = ours ? -TC_SEARCH_INF : TC_SEARCH_INF;
    tc_mask why_all = 0, why_best = 0;
#ifdef SEARCH_VALUE_GAPS
    int32_t result[TC_NUM_CARD_IDS]; /* by card, of those `searched` */
    tc_mask searched = 0, others = c->base.gaps ? game_others(c, s, seat) : 0;
#endif
    for (int i = 0; i < n; ++i) {
        SEARCH_STATE child;
        tc_mask w = 0;
        int32_t v;
#ifdef SEARCH_VALUE_GAPS
        if (searched &&
            (v = SEARCH_NAME(search_gap_bound)(c, cards[i], searched, result, others, ours),
             ours ? v <= alpha : v >= beta)) { /* the bound settles the card */
        } else
#endif
        {
            child = *s;
            game_play(c, &child, cards[i]);
            v = SEARCH_NAME(search_node)(c, &child, alpha, beta, &w);
        }
#ifdef SEARCH_VALUE_GAPS
        if (c->base.gaps) {
            searched |= tc_bit(cards[i]);
            result[cards[i]] = v;
        }
#endif
        if (s == c->base.root) { /* a fail-soft bound on the card's value, for search_root */
            int32_t *bound =
                v < beta ? &c->base.root_upper[cards[i]] : &c->base.root_lower[cards[i]];
            *bound = v < beta ? (v < *bound ? v : *bound) : (v > *bound ? v : *bound);
        }
#if SEARCH_MASKED /* no value gaps there (search.h): the card was searched */
        if (c->base.ranks) w = game_why_card(c, s, &child, cards[i], w);
#endif
        why_all |= w;
        if (ours ? v > best : v < best) {
            best = v;
            best_card = cards[i];
            why_best = w;
        }
        if (ours ? best >= beta : best <= alpha) {
            uint16_t *h = &sv->history[s->head.trick_len == 0][seat][cards[i]];
            *h = (uint16_t)(*h < 60000 ? *h + 1 + s->head.players : *h);
            cut = 1;
            break;
        }
    }
    /* a cut-off rests on its card's search alone, any other result on every card's */
    *why = cut ? why_best : why_all;
    if (stored) {
        search_store(c, s, key, spread, base, best, alpha, beta, *why, best_card);
        sv->stats.tt_stores++;
    }
    return best;
}

/* The exact value of a position known to lie in [lower, upper], by zero-window searches from
 * `guess` (MTD(f)). */
static SEARCH_TARGET int32_t SEARCH_NAME(search_exact)(SEARCH_CTX *c, const SEARCH_STATE *s,
                                                       int32_t lower, int32_t upper, int32_t guess)
{
    if (s->head.phase != TC_PHASE_PLAY) return game_final(c, s);
    int32_t lo = -TC_SEARCH_INF, hi = TC_SEARCH_INF;
    tc_mask why_lo = 0, why_hi = 0;
    if ((c->base.solver->switches & TC_SOLVE_BOUNDS) &&
        SEARCH_GAME_BOUNDS(c, s, -TC_SEARCH_INF, TC_SEARCH_INF, &lo, &hi, &why_lo, &why_hi)) {
        lower = lo > lower ? lo : lower;
        upper = hi < upper ? hi : upper;
    }
    int32_t g = guess < lower ? lower : guess > upper ? upper : guess;
    while (lower < upper) {
        int32_t beta = g == lower ? g + 1 : g;
        tc_mask why;
        g = SEARCH_NAME(search_node)(c, s, beta - 1, beta, &why);
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return lower;
}

/* A team member's share of search_root (tc_solve_team; not the first member, which runs
 * search_root itself): from the least promising card up, each card no member took yet, its exact
 * value by MTD(f) from the position's value once the first member has it. */
static SEARCH_TARGET void SEARCH_NAME(search_team)(SEARCH_CTX *c, const SEARCH_STATE *s,
                                                   tc_mask kept)
{
    tc_solve_team *team = c->base.solver->team;
    uint8_t cards[TC_NUM_CARD_IDS];
    for (int i = SEARCH_NAME(search_order)(c, s, kept, TC_NO_CARD, cards) - 1; i >= 0; --i) {
        if (!search_claim(team, cards[i])) continue;
        SEARCH_STATE child = *s;
        game_play(c, &child, cards[i]);
        int32_t best = __atomic_load_n(&team->best, __ATOMIC_RELAXED);
        search_valued(c, cards[i],
                      SEARCH_NAME(search_exact)(c, &child, -TC_SEARCH_INF, TC_SEARCH_INF,
                                                best == TC_SEARCH_NONE ? 0 : best));
    }
}

/* Every legal card's exact value into values[card] (NULL: the value alone), their mask into
 * *legal; returns the value. A card worth it needs one zero-window search, others a search_exact
 * below it, unless the root's bounds (base.root_*) settle it; a team shares the cards out. */
static SEARCH_TARGET int32_t SEARCH_NAME(search_root)(SEARCH_CTX *c, const SEARCH_STATE *s,
                                                      int32_t *values, tc_mask *legal)
{
    tc_mask moves = game_moves(c, s), kept = moves;
    if (c->base.solver->switches & TC_SOLVE_EQUIVALENCE)
        kept = SEARCH_NAME(search_classes)(c, s, moves);
    int ours = c->base.side >> s->head.to_act & 1;
    *legal = moves;
    tc_solve_team *team = values ? c->base.solver->team : NULL;
    if (team && team->first != c->base.solver) { /* a member helping the first one */
        SEARCH_NAME(search_team)(c, s, kept);
        return SEARCH_NAME(search_team_values)(c, s, kept, moves, values);
    }
    int32_t lower[TC_NUM_CARD_IDS], upper[TC_NUM_CARD_IDS];
    for (int card = 0; card < TC_NUM_CARD_IDS; ++card) {
        lower[card] = -TC_SEARCH_INF;
        upper[card] = TC_SEARCH_INF;
    }
    c->base.root = s;
    c->base.root_lower = lower;
    c->base.root_upper = upper;
    int32_t best = SEARCH_NAME(search_exact)(c, s, -TC_SEARCH_INF, TC_SEARCH_INF, 0);
    c->base.root = NULL;
    if (!values) return best;
    if (team) __atomic_store_n(&team->best, best, __ATOMIC_RELAXED);
    for (tc_mask rest = kept; rest; rest &= rest - 1) {
        int card = tc_lowest(rest);
        if (team && !search_claim(team, card)) continue;
        int32_t v = best; /* the root's own searches may have shown it, or a bound (fail-soft) */
        if (ours ? lower[card] < best && upper[card] >= best
                 : upper[card] > best && lower[card] <= best) {
            SEARCH_STATE child = *s;
            game_play(c, &child, card);
            tc_mask why;
            v = ours ? SEARCH_NAME(search_node)(c, &child, best - 1, best, &why)
                     : SEARCH_NAME(search_node)(c, &child, best, best + 1, &why);
        } else if (ours ? upper[card] < best : lower[card] > best) {
            v = ours ? upper[card] : lower[card];
        }
        if (ours ? v < best : v > best) {
            SEARCH_STATE child = *s;
            game_play(c, &child, card);
            v = ours ? SEARCH_NAME(search_exact)(c, &child, lower[card], v, v)
                     : SEARCH_NAME(search_exact)(c, &child, v, upper[card], v);
        } else {
            v = best; /* no card is worth more than the best (less, for the other side) */
        }
        if (team) search_valued(c, card, v);
        values[card] = v;
    }
    if (team) return SEARCH_NAME(search_team_values)(c, s, kept, moves, values);
    SEARCH_NAME(search_copy_classes)(c, s, moves, kept, values);
    return best;
}
