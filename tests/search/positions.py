"""Hypothesis strategies and builders of PLAY-phase positions for the solver tests (tests only).

Every position is reached through the referee's public API: a deal (``Deal.random`` from a drawn
seed, or explicit hands), its setup phase done with random legal moves (Hearts passes, Spades
bids including nil and blind nil where the rules allow them), then random legal cards played
forward until only a few cards are left, stopping mid-trick or at a trick boundary. Few cards
keep the brute-force twin (tests/reference/solver.py) well under half a second a call.

Hearts decks can shrink (``removed`` takes out most of the pack), so besides full deals played
forward there are small-pack deals searched from their first trick, where moons, void deals and
the no-trick bonus come up often. Spades always deals 52 (or 52 with jokers) and Dam at least 10
a hand, so those are played forward. A Dam hand is full while its draw pile lasts: positions
with cards still in the pile (``dam_pile_positions``) are far too big for brute force and are
only for the solver's own consistency checks.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from trickcore import CardMultiset, CardSet, dam, hearts, spades
from trickcore.core.card import SQ, Card, Suit
from trickcore.core.errors import IllegalMoveError

# The most cards left in all hands together for a brute-force position, by players (Hearts and
# Dam; Spades is always 4). About 3 cards a hand, up to 4 with fewer players; chosen so that a
# reference call stays well under 0.5 s.
MAX_CARDS_LEFT = {2: 10, 3: 12, 4: 14, 5: 12, 6: 12}

# The solver's pruning switches, as keyword arguments of ``Deal.solve``: every combination of the
# first three with winning ranks on, and ranks off where the table and bounds are on (ranks
# refine the table's entries); value gaps on, and off once.
SWITCHES = [{**dict(zip(("table", "equivalence", "bounds", "ranks"), flags, strict=True)),
             "gaps": True}
            for flags in itertools.product((True, False), repeat=4)
            if flags[3] or (flags[0] and flags[2])]
SWITCHES.append({**SWITCHES[0], "gaps": False})

seeds = st.integers(0, 2**32 - 1)


def cards_to_leave(top: int) -> st.SearchStrategy[int]:
    """How many cards to leave in the hands, 1..``top``: mostly near ``top`` (the positions worth
    searching), sometimes anything down to the last card."""
    return st.one_of(st.integers(max(1, top - 4), top), st.integers(1, top))


# -- playing forward ------------------------------------------------------------------------


def cards_left(deal: Any) -> int:
    """Cards still in the hands, all seats together."""
    return sum(len(deal.hand(p)) for p in range(deal.players))


def random_pass(deal: Any, rng: random.Random) -> None:
    """A random legal pass for the seat to pass (``legal_moves`` lists the cards that can be in
    one; a restricted Q♠ may still need a companion, so a refused pick is drawn again)."""
    seat, count = deal.to_act, deal.rules.pass_count
    options = sorted(deal.legal_moves())
    for _ in range(1000):
        try:
            deal.pass_cards(seat, rng.sample(options, count))
            return
        except IllegalMoveError:
            continue
    raise AssertionError(f"no legal pass found for seat {seat} in {deal.to_json()}")


def random_bid(deal: Any, rng: random.Random) -> None:
    """A random legal bid for the seat to bid, leaning to nil and blind nil (often legal, rarely
    drawn uniformly) and otherwise to numbers near the built-in estimate."""
    legal = deal.legal_bids()
    if "blind nil" in legal and rng.random() < 0.4:
        deal.bid("blind nil")
        return
    if "nil" in legal and rng.random() < 0.25:
        deal.bid("nil")
        return
    numbers = [b for b in legal if isinstance(b, int)]
    if not numbers:  # suicide, mirror or whiz forcing a nil
        deal.bid(rng.choice(legal))
        return
    estimate = deal.rules.estimate(deal.hand(deal.to_act))
    near = [b for b in numbers if abs(b - estimate) <= 1]
    deal.bid(rng.choice(near or numbers))


def finish_setup(deal: Any, rng: random.Random) -> None:
    """Makes random legal passes or bids until the deal is in its play phase."""
    while deal.phase not in ("play", "over"):
        if deal.phase == "pass":
            random_pass(deal, rng)
        else:
            random_bid(deal, rng)


def random_renege(deal: Any, rng: random.Random) -> bool:
    """Spades in table mode: plays a card the strict rules forbid, when there is one (a renege
    the deal records and scores). Returns whether it did."""
    others = sorted(set(deal.hand(deal.to_act)) - set(deal.legal_moves()))
    if not others:
        return False
    deal.play(rng.choice(others))
    return True


def play_forward(deal: Any, rng: random.Random, left: int, *, renege_chance: float = 0.0,
                 hold_back: frozenset[int] = frozenset()) -> Any:
    """Plays random legal cards until at most ``left`` cards are in the hands (Dam: and the
    draw pile is empty), mostly keeping the ``hold_back`` cards while there are others to play
    (so jokers are still around at the end). Returns the deal."""
    def more() -> bool:
        if deal.phase != "play":
            return False
        return getattr(deal, "pile_size", 0) > 0 or cards_left(deal) > left

    while more():
        if renege_chance and rng.random() < renege_chance and random_renege(deal, rng):
            continue
        legal = sorted(deal.legal_moves())
        others = [card for card in legal if card not in hold_back]
        deal.play(rng.choice(others if others and rng.random() < 0.9 else legal))
    return deal


# -- Hearts ---------------------------------------------------------------------------------


@st.composite
def hearts_rules(draw: st.DrawFn, *, small: bool = False) -> hearts.Rules:
    """Rules of the Hearts family: Svarta Maja or Spardame, 3..6 players, teams, every moon
    form, the no-trick bonus, the void deal, with or without passing. With ``small`` most of
    the pack is removed (2 or 3 cards a hand, 4 with three players), Q♠ and a club kept."""
    players = draw(st.integers(3, 6))
    preset = draw(st.sampled_from(["svarta-maja", "spardame"]))
    overrides: dict[str, Any] = {"players": players}
    overrides["teams"] = players in (4, 6) and draw(st.booleans())
    overrides["moon"] = draw(st.sampled_from(["off", "add-to-others", "subtract-from-shooter"]))
    if overrides["moon"] != "off" and draw(st.booleans()):
        overrides["moon_needs_all_penalty_cards"] = draw(st.booleans())
    overrides["no_tricks_bonus"] = draw(st.sampled_from([0, 0, -5, 3]))
    overrides["void_if_one_takes_all"] = draw(st.booleans())
    if draw(st.booleans()):
        overrides["queen_breaks_hearts"] = True
    if small:
        per_hand = draw(st.integers(2, 4 if players == 3 else 3 if players < 6 else 2))
        club = draw(st.sampled_from(sorted(CardSet.of_suit(Suit.CLUBS))))
        pool = sorted(CardSet.full() - CardSet([SQ, club]))
        rest = draw(st.lists(st.sampled_from(pool), unique=True, min_size=players * per_hand - 2,
                             max_size=players * per_hand - 2))
        overrides["removed"] = CardSet.full() - CardSet([SQ, club, *rest])
        overrides["pass_count"] = draw(st.integers(0, per_hand - 1))
    else:
        overrides["pass_count"] = draw(st.sampled_from([0, 2 if preset == "spardame" else 3]))
    if preset == "svarta-maja" and draw(st.booleans()):
        overrides["first_lead"] = draw(st.sampled_from(["any-club", "left-of-dealer"]))
    build = hearts.Rules.svarta_maja if preset == "svarta-maja" else hearts.Rules.spardame
    return build(**overrides)


@st.composite
def hearts_positions(draw: st.DrawFn, *, small: bool | None = None) -> hearts.Deal:
    """A Hearts-family deal in its play phase with few cards left: a full deal played forward,
    or a small-pack deal (``small``; drawn when None) at any point of its play."""
    if small is None:
        small = draw(st.booleans())
    rules = draw(hearts_rules(small=small))
    dealer = draw(st.integers(0, rules.players - 1))
    deal = hearts.Deal.random(rules, seed=draw(seeds), dealer=dealer,
                              deal_number=draw(st.integers(0, 3)))
    rng = random.Random(draw(seeds))
    finish_setup(deal, rng)
    top = min(MAX_CARDS_LEFT[rules.players], cards_left(deal))
    return play_forward(deal, rng, draw(cards_to_leave(top)))


# -- Spades ---------------------------------------------------------------------------------


@st.composite
def spades_rules(draw: st.DrawFn) -> spades.Rules:
    """Spades rules: partnerships or cutthroat, jokers, blind nil (always allowed or only far
    behind), each bidding variant, small bag limits (penalties come up), table reneges."""
    partnerships = draw(st.booleans())
    variant = draw(st.sampled_from(["standard", "suicide", "mirror", "whiz"]))
    if variant == "suicide" and not partnerships:
        variant = "standard"
    overrides: dict[str, Any] = {
        "partnerships": partnerships,
        "jokers": draw(st.booleans()),
        "blind_nil": variant != "mirror" and draw(st.booleans()),
        "blind_nil_behind": draw(st.sampled_from([0, 100])),
        "nil_value": draw(st.sampled_from([50, 100])),
        "blind_nil_value": draw(st.sampled_from([100, 200])),
        "bag_limit": draw(st.sampled_from([2, 3, 10])),
        "bag_penalty": draw(st.sampled_from([50, 100])),
        "renege": draw(st.sampled_from(["strict", "strict", "table"])),
    }
    if variant != "standard":
        overrides[variant] = True
    return spades.Rules.standard(**overrides)


@st.composite
def spades_positions(draw: st.DrawFn) -> spades.Deal:
    """A Spades deal in its play phase with 1..13 cards left: scores and bags before the deal
    drawn (so blind nil and bag penalties come into play), random legal bids, random legal
    play forward (with a rare recorded renege under table reneges)."""
    rules = draw(spades_rules())
    sides = len(rules.sides)
    scores = draw(st.lists(st.sampled_from([0, 0, 120, -150, 480]), min_size=sides,
                           max_size=sides))
    bags = draw(st.lists(st.integers(0, rules.bag_limit - 1), min_size=sides, max_size=sides))
    deal = spades.Deal.random(rules, seed=draw(seeds), dealer=draw(st.integers(0, 3)),
                              scores=scores, bags=bags)
    rng = random.Random(draw(seeds))
    finish_setup(deal, rng)
    chance = 0.02 if rules.renege == "table" else 0.0
    return play_forward(deal, rng, draw(cards_to_leave(MAX_CARDS_LEFT[4])), renege_chance=chance)


# -- Dam ------------------------------------------------------------------------------------


@st.composite
def dam_rules(draw: st.DrawFn, *, players: int | None = None,
              hand_size: int | None = None) -> dam.Rules:
    """Dam rules: avoid or collect, 2..4 players, teams, one or two packs, each hand size and
    joker mode, duplicates first or last, a turned trump, scoring by cards or by tricks."""
    if players is None:
        players = draw(st.sampled_from([2, 3, 4]))
    packs = draw(st.sampled_from([1, 2]))
    jokers = draw(st.sampled_from(["none", "outright", "points", "neutral"]))
    if hand_size is None:
        hand_size = draw(st.sampled_from([10, 12, 13]))
    deck = 52 * packs + (0 if jokers == "none" else 2 * packs)
    score_by = "cards" if jokers == "points" else draw(st.sampled_from(["cards", "tricks"]))
    scoring = draw(st.sampled_from(["avoid", "collect"]))
    build = dam.Rules.avoid if scoring == "avoid" else dam.Rules.collect
    return build(
        players=players,
        teams=players == 4 and draw(st.booleans()),
        hand_size=hand_size,
        packs=packs,
        jokers=jokers,
        joker_points=draw(st.sampled_from([-7, 5])) if jokers == "points" else 0,
        duplicates=draw(st.sampled_from(["first", "last"])),
        turn_trump=deck > players * hand_size and draw(st.booleans()),
        score_by=score_by,
        last_trick_bonus=draw(st.sampled_from([0, 3])) if score_by == "tricks" else 0,
    )


@st.composite
def dam_positions(draw: st.DrawFn) -> dam.Deal:
    """A Dam deal played forward past its last refill (the pile empty) to a few cards left."""
    rules = draw(dam_rules())
    deal = dam.Deal.random(rules, seed=draw(seeds), dealer=draw(st.integers(0, rules.players - 1)))
    rng = random.Random(draw(seeds))
    jokers = frozenset(range(52, 56)) if draw(st.booleans()) else frozenset()
    return play_forward(deal, rng, draw(cards_to_leave(MAX_CARDS_LEFT[rules.players])),
                        hold_back=jokers)


@st.composite
def dam_pile_positions(draw: st.DrawFn) -> dam.Deal:
    """A two-player Dam deal (hands of 10) with 2 or 4 cards still in the draw pile, at a trick
    boundary or one card into the trick: over twenty cards to search, for the solver's own
    consistency checks only (far beyond brute force)."""
    rules = draw(dam_rules(players=2, hand_size=10))
    deal = dam.Deal.random(rules, seed=draw(seeds), dealer=draw(st.integers(0, 1)))
    rng = random.Random(draw(seeds))
    pile = draw(st.sampled_from([2, 4]))  # the pile drains two cards a trick from an even size
    while deal.pile_size > pile:
        deal.play(rng.choice(sorted(deal.legal_moves())))
    if draw(st.booleans()):
        deal.play(rng.choice(sorted(deal.legal_moves())))
    return deal


# -- by game --------------------------------------------------------------------------------

# The brute-force position strategies, by game name: what the property tests run on.
POSITIONS: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
    "hearts": lambda: hearts_positions(small=False),
    "hearts-small": lambda: hearts_positions(small=True),
    "spades": spades_positions,
    "dam": dam_positions,
}


def other_seat(deal: Any, choice: int) -> int:
    """A seat other than the one to act (``choice`` picks among them): an opponent, or a
    partner (valued for the same side as the seat to act)."""
    others = [p for p in range(deal.players) if p != deal.to_act]
    return others[choice % len(others)]


# -- scripted positions (tests/search/test_solver_cases.py) ---------------------------------


def small_hearts_deal(hands: Sequence[str], *, dealer: int = 0, preset: str = "svarta-maja",
                      **overrides: Any) -> hearts.Deal:
    """A Hearts-family deal of exactly the cards in ``hands`` (the rest of the pack removed), no
    passing unless ``overrides`` say otherwise."""
    cards = [CardSet(hand) for hand in hands]
    kept = CardSet()
    for hand in cards:
        kept |= hand
    build = hearts.Rules.svarta_maja if preset == "svarta-maja" else hearts.Rules.spardame
    settings: dict[str, Any] = {"players": len(hands), "removed": CardSet.full() - kept,
                                "pass_count": 0, **overrides}
    return hearts.Deal(build(**settings), cards, dealer=dealer)


def play(deal: Any, script: str) -> Any:
    """Plays the cards of ``script`` in order, for whoever is to act. Returns the deal."""
    for card in script.split():
        deal.play(card)
    return deal


def filler_tricks(rules: dam.Rules, endgame: Sequence[str]) -> list[list[Card]]:
    """The tricks (cards by seat) that use up every card of a Dam deck but the ``endgame``
    hands: each trick is one suit, seat 0 holding its highest rank and the other seats lower,
    different ranks, so seat 0 wins every one and no two identical cards meet in a trick (the
    duplicates rule never decides one)."""
    n = rules.players
    rest = rules.deck
    for hand in endgame:
        rest = rest - CardMultiset(hand)
    tricks: list[list[Card]] = []
    for suit in Suit:
        cards = sorted(c for c in rest if c // 13 == suit)
        count = len(cards) // n
        assert len(cards) == count * n and count != 1, f"{suit.name}: {len(cards)} cards left"
        for i in range(count):
            trick = [cards[i + j * count] for j in range(n)]  # ascending, ranks all different
            assert len({c % 13 for c in trick}) == n
            tricks.append([trick[-1], *trick[:-1]])
    assert sum(map(len, tricks)) == len(rest), "jokers are not used by the scripted deals"
    return tricks


def scripted_dam_deal(rules: dam.Rules, endgame: Sequence[str]) -> dam.Deal:
    """A Dam deal that reaches the ``endgame`` hands (one a seat, seat 0 to lead) by its filler
    tricks (``filler_tricks``, all won by seat 0, which leads the first as the dealer's left
    neighbour): the hands hold the endgame and the first filler cards, and the pile hands each
    seat, trick by trick, its card for a later filler trick (the winner, seat 0, draws first,
    then the others in playing order). With ``turn_trump`` the last card drawn is the turned
    one, so a deal with and one without a trump draw the same cards in the same order. The
    filler tricks are played; the deal is returned at the endgame."""
    n = rules.players
    tricks = filler_tricks(rules, endgame)
    first = rules.hand_size - len(CardMultiset(endgame[0]))  # filler cards in the dealt hands
    hands = [CardMultiset(endgame[p]) + CardMultiset([t[p] for t in tricks[:first]])
             for p in range(n)]
    draws = [t[p] for t in tricks[first:] for p in range(n)]
    pile = [draws[-1], *draws[:-1]] if rules.turn_trump else draws
    deal = dam.Deal(rules, hands, pile, dealer=n - 1)
    for trick in tricks:
        for seat, card in enumerate(trick):
            deal.play(card, seat=seat)
    assert [deal.hand(p) for p in range(n)] == [CardMultiset(e) for e in endgame]
    assert deal.to_act == 0 and deal.pile_size == 0
    return deal
