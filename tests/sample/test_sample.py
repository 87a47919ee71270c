"""Sampling consistent deals (docs/kernels.md, "Sampling consistent deals"): exact uniformity
against the brute-force twin (tests/reference/sample.py), consistency of every sample, and no
dependence on hidden cards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from scipy.stats import chisquare

import trickcore as tc
from reference.sample import consistent_hands


def random_position(make: Callable[[int], Any], seed: int, plays: int) -> Any:
    """A deal from ``make(seed)`` played randomly (passes included) up to ``plays`` cards."""
    rng = random.Random(seed)
    deal = make(seed)
    while deal.phase != "play" or len(deal._log()) < plays + deal.players:
        if deal.phase == "over":
            break
        if deal.phase == "pass":
            seat = deal.to_act
            deal.pass_cards(seat, rng.sample(sorted(deal.legal_moves()), deal.rules.pass_count))
        elif deal.phase == "bid":
            deal.bid(rng.choice([b for b in deal.legal_bids() if b != "blind nil"]))
        else:
            deal.play(rng.choice(sorted(deal.legal_moves())))
    return deal


def find(make: Callable[[int], Any], plays: int, wanted: Callable[[Any], bool]) -> Any:
    for seed in range(3000):
        deal = random_position(make, seed, plays)
        if wanted(deal):
            return deal
    raise AssertionError("no such position in 3000 seeds")


def check_uniform(deal: Any, seat: int, samples: int = 20000) -> None:
    """The sampler's count equals the twin's, every sample is a consistent deal, and the
    frequencies pass a chi-square test against uniform."""
    expected = consistent_hands(deal, seat)
    sampler = deal._sampler(deal.observation(seat))
    assert sampler.total == len(expected)
    rows = deal.sample_hands(seat, samples, seed=11)
    counts = Counter(tuple(int(h) for h in row) for row in rows)
    assert set(counts) <= expected
    if len(expected) > 1:
        observed = [counts.get(hands, 0) for hands in sorted(expected)]
        assert chisquare(observed).pvalue > 1e-4


def heart_led(deal: Any) -> bool:
    return any(t.plays[0].card.suit == 2 for t in deal.tricks[:-1])


def svarta_maja(**rules: Any) -> Callable[[int], Any]:
    return lambda seed: tc.hearts.Deal.random(tc.hearts.Rules.svarta_maja(**rules), seed=seed)


def test_uniform_with_voids_shown_late_in_a_deal() -> None:
    deal = find(svarta_maja(), 40, lambda d: sum(map(len, d.observation(0).voids)) >= 3)
    check_uniform(deal, 0)


def test_uniform_with_the_cards_passed_pinned_to_their_receiver() -> None:
    deal = find(svarta_maja(), 39, lambda d: bool(
        d.passed(1) - cards_played(d, 1)) and d.pass_offset != 0)
    check_uniform(deal, 1)


def cards_played(deal: Any, seat: int) -> Any:
    return tc.CardSet([p.card for t in deal.tricks for p in t.plays])


def test_uniform_after_hearts_led_unbroken_means_only_hearts() -> None:
    rules = dict(pass_count=0, hearts_lead_with_only_queen=True)
    deal = find(svarta_maja(**rules), 36, lambda d: any(
        t.plays[0].card.suit == 2 and not _broken_before(d, i)
        for i, t in enumerate(d.tricks)))
    check_uniform(deal, 0)


def _broken_before(deal: Any, trick: int) -> bool:
    return any(p.card.suit == 2 and t.plays[0].card.suit != 2
               for t in deal.tricks[:trick] for p in t.plays)


def test_uniform_in_spardame_after_the_exchange() -> None:
    deal = find(lambda s: tc.hearts.Deal.random(tc.hearts.Rules.spardame(), seed=s), 36,
                lambda d: True)
    check_uniform(deal, 2)


def test_uniform_five_players_with_a_first_trick_void() -> None:
    rules = tc.hearts.Rules.svarta_maja(players=5, pass_count=0)
    deal = find(lambda s: tc.hearts.Deal.random(rules, seed=s), 40,
                lambda d: any(p.card.suit != 0 for p in d.tricks[0].plays))
    check_uniform(deal, 0)


def test_uniform_any_club_first_lead_pins_the_lowest_club_to_the_leader() -> None:
    rules = tc.hearts.Rules.svarta_maja(first_lead="any-club", pass_count=0)
    deal = find(lambda s: tc.hearts.Deal.random(rules, seed=s), 42,
                lambda d: d.tricks[0].plays[0].card != tc.Card.parse("2C"))
    check_uniform(deal, 0)


def spades(**rules: Any) -> Callable[[int], Any]:
    return lambda seed: tc.spades.Deal.random(tc.spades.Rules.standard(**rules), seed=seed)


def test_uniform_spades_with_voids_and_trumps_led_unbroken() -> None:
    deal = find(spades(), 40, lambda d: sum(map(len, d.observation(3).voids)) >= 2)
    check_uniform(deal, 3)


def test_uniform_spades_mirror_bids_tell_the_trumps_held() -> None:
    deal = find(spades(mirror=True, blind_nil=False), 40, lambda d: True)
    check_uniform(deal, 1)


def test_uniform_spades_whiz_number_bids_tell_the_trumps_held() -> None:
    deal = find(spades(whiz=True), 40, lambda d: True)
    check_uniform(deal, 0)


def test_blind_nil_view_samples_the_seats_own_hand() -> None:
    rules = tc.spades.Rules.standard(blind_nil_behind=0)
    deal = tc.spades.Deal.random(rules, seed=5)
    seat = deal.to_act
    assert not deal.observation(seat).hand_seen
    rows = deal.sample_hands(seat, 200, seed=1)
    assert len({int(r[seat]) for r in rows}) > 100
    for world in deal.sample_worlds(seat, 20, seed=2):
        assert world.observation(seat) == deal.observation(seat)


@pytest.mark.parametrize("make", [svarta_maja(), spades(), spades(whiz=True)])
def test_every_world_replays_the_history_and_gives_the_same_observation(make: Any) -> None:
    for seed in range(5):
        deal = random_position(make, seed, 6 + 7 * seed)
        for seat in range(4):
            for world in deal.sample_worlds(seat, 10, seed=seed):
                assert world.observation(seat) == deal.observation(seat)
                assert world.hand(seat) == deal.hand(seat)
                world.solve() if world.tricks_played >= 10 else world.playouts(2, seed=1)


@pytest.mark.parametrize("make", [svarta_maja(), svarta_maja(players=6), spades(whiz=True)])
def test_samples_never_depend_on_hidden_cards(make: Any) -> None:
    for seed in range(4):
        deal = random_position(make, seed, 5 + 9 * seed)
        for seat in range(deal.players):
            other = deal.sample_worlds(seat, 1, seed=99)[0]  # same observation, other hands
            assert (deal.sample_hands(seat, 50, seed=7) ==
                    other.sample_hands(seat, 50, seed=7)).all()


def test_the_stream_is_reproducible_and_sample_i_never_depends_on_n() -> None:
    deal = random_position(svarta_maja(), 1, 20)
    a = deal.sample_hands(0, 100, seed=3)
    assert (a == deal.sample_hands(0, 100, seed=3)).all()
    assert (a[:10] == deal.sample_hands(0, 10, seed=3)).all()


def test_bad_seat_and_negative_n_are_refused() -> None:
    deal = tc.hearts.Deal.random(tc.hearts.Rules.svarta_maja(), seed=1)
    with pytest.raises(ValueError, match="seat"):
        deal.sample_hands(4, 1)
    with pytest.raises(tc.ArgumentError if hasattr(tc, "ArgumentError") else ValueError):
        deal.sample_worlds(0, -1)


def test_worlds_in_the_bidding_for_a_seat_that_sees_its_hand_from_the_start() -> None:
    """A seat not open to blind nil has seen its hand as dealt: its worlds are dealt so."""
    deal = tc.spades.Deal.random(tc.spades.Rules.standard(), seed=3)
    seat = deal.to_act
    assert deal.phase == "bid" and deal.has_seen(seat)
    for world in deal.sample_worlds(seat, 8, seed=2):
        assert world.observation(seat) == deal.observation(seat)
