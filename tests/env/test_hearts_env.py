"""The Hearts-family environments (src/trickcore/hearts/env.c): observations equal the
reference encoder that reads only the referee's observation, masks equal the referee's legal
moves, rewards equal the deal's points, refusals change nothing, streams do not depend on the
batch (docs/environments.md)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from reference.env_hearts import encode, mask_of
from trickcore.core.card import Card
from trickcore.core.errors import IllegalMoveError
from trickcore.env import ActionError, VecEnv
from trickcore.hearts import Deal, Rules

VARIANTS = {
    "svarta-maja": Rules.svarta_maja(),
    "spardame": Rules.spardame(),
    "three-players": Rules.svarta_maja(players=3),
    "six-players": Rules.spardame(players=6),
    "no-passing": Rules.svarta_maja(pass_count=0),
}


def referee_pass_choices(deal: Deal, seat: int, chosen: int, count: int) -> int:
    """Cards that can join `chosen` in a pass the referee accepts (brute force)."""
    hand = mask_of(deal.hand(seat))
    rest = [c for c in range(52) if hand >> c & 1 and not chosen >> c & 1]
    need = count - bin(chosen).count("1")
    choices = 0
    for combo in itertools.combinations(rest, need):
        cards = chosen | sum(1 << c for c in combo)
        trial = deal.clone()
        try:
            trial.pass_cards(seat, [Card(c) for c in range(52) if cards >> c & 1])
        except IllegalMoveError:
            continue
        choices |= sum(1 << c for c in combo)
    return choices


def mirror_episode(rules: Rules, seed: int) -> int:
    """Plays one multi-agent episode with random legal actions, mirrored on a referee Deal,
    checking every seat's observation and the mask at every step; returns the steps."""
    env = VecEnv(rules, 1, seed=seed, opponents=None, autoreset=False)
    _, masks, info = env.reset()
    n = rules.players
    hands = [np.flatnonzero(env.unpack(env.observe(0, s)[0])[:52]) for s in range(n)]
    deal = Deal(rules, hands=[[Card(int(c)) for c in h] for h in hands], dealer=0)
    rng = np.random.default_rng(seed)
    choosing, steps = 0, 0
    while True:
        for seat in range(n):
            expected = encode(deal.observation(seat), n, deal.pass_offset,
                              choosing, deal.tricks_played, deal.leader)
            assert env.observe(0, seat)[0].tobytes() == expected, (seat, steps)
        if deal.is_over:
            break
        seat = deal.to_act
        assert info["to_act"][0] == seat
        if deal.phase == "pass":
            legal = referee_pass_choices(deal, seat, choosing, rules.pass_count)
        else:
            legal = mask_of(deal.legal_moves())
        assert np.flatnonzero(masks[0]).tolist() == [c for c in range(52) if legal >> c & 1]
        action = int(rng.choice(np.flatnonzero(masks[0])))
        _, masks, rewards, terminated, truncated, info = env.step([action])
        if deal.phase == "pass":
            choosing |= 1 << action
            if bin(choosing).count("1") == rules.pass_count:
                deal.pass_cards(seat, [Card(c) for c in range(52) if choosing >> c & 1])
                choosing = 0
        else:
            deal.play(Card(action))
        steps += 1
        assert bool(terminated[0]) == deal.is_over and not truncated[0]
    assert rewards[0].tolist() == [-p for p in deal.points()]
    assert not masks[0].any() and info["to_act"][0] == -1
    return steps


@pytest.mark.parametrize("variant", VARIANTS)
def test_observation_and_mask_follow_the_referee(variant: str) -> None:
    rules = VARIANTS[variant]
    for seed in range(4):
        steps = mirror_episode(rules, seed)
        assert steps == rules.hand_size * rules.players + (
            rules.pass_count * rules.players if rules.pass_count else 0)


def test_queen_pass_restriction_offers_only_completable_passes() -> None:
    """Spardame: Q♠ goes only with another spade or J♦; the mask never leads into a pass the
    referee would refuse (mirror_episode checks every choice against the referee)."""
    rules = Rules.spardame()
    assert rules.queen_pass_restricted
    for seed in range(4, 12):
        mirror_episode(rules, seed)


def test_illegal_and_out_of_range_actions_change_nothing() -> None:
    env = VecEnv("svarta-maja", 4, seed=5)
    obs, masks, _ = env.reset()
    before = obs.copy(), masks.copy()
    actions = masks.argmax(axis=1)
    illegal = actions.copy()
    illegal[2] = int(np.flatnonzero(~masks[2])[0])
    with pytest.raises(ActionError, match=r"environment 2.*not legal"):
        env.step(illegal)
    with pytest.raises(ActionError, match=r"outside 0\.\.51"):
        env.step(np.full(4, 52))
    with pytest.raises(ActionError, match="shape"):
        env.step(actions[:3])
    with pytest.raises(ActionError, match="integer"):
        env.step(actions.astype(np.float64))
    assert (env.observations == before[0]).all() and (env.masks == before[1]).all()
    env.step(actions)  # the legal batch still goes


def test_step_after_the_end_without_autoreset_is_refused() -> None:
    env = VecEnv("svarta-maja", 1, seed=2, autoreset=False)
    _, masks, _ = env.reset()
    terminated = np.zeros(1, dtype=bool)
    while not terminated[0]:
        _, masks, _, terminated, _, _ = env.step(masks.argmax(axis=1))
    with pytest.raises(ActionError, match="episode is over"):
        env.step([0])


def test_autoreset_reports_the_end_and_starts_the_next_deal() -> None:
    env = VecEnv("svarta-maja", 1, seed=3)
    _, masks, _ = env.reset()
    for step in range(16):  # 3 passed cards and 13 tricks at seat 0
        obs, masks, rewards, terminated, _, _ = env.step(masks.argmax(axis=1))
        assert bool(terminated[0]) == (step == 15)
    assert rewards[0] <= 0 and masks[0].any()
    hand = env.unpack(obs)[0, :52]
    assert hand.sum() == 13  # the next deal
    assert env.unpack(obs)[0, 1170:1176].tolist() == [0, 1, 0, 0, 0, 0]  # dealer: seat 1


def run_batch(num_envs: int, threads: int, opponents: str, steps: int = 40) -> np.ndarray:
    env = VecEnv("spardame", num_envs, seed=11, opponents=opponents, threads=threads)
    _, masks, _ = env.reset()
    rows = []
    for _ in range(steps):
        obs, masks, rewards, _, _, _ = env.step(masks.argmax(axis=1))
        rows.append(np.concatenate([obs[0], masks[0].view(np.uint8),
                                    rewards[:1].view(np.uint8)]))
    return np.array(rows)


@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_environment_streams_do_not_depend_on_batch_or_threads(opponents: str) -> None:
    one = run_batch(1, 1, opponents)
    assert (run_batch(8, 1, opponents) == one).all()
    assert (run_batch(9, 2, opponents) == one).all()


def test_seed_replays_and_differs() -> None:
    def first(seed: int) -> bytes:
        env = VecEnv("svarta-maja", 2, seed=seed)
        return env.reset()[0].tobytes()
    assert first(1) == first(1) and first(1) != first(2)


def test_single_agent_rewards_are_the_seat_points() -> None:
    env = VecEnv(Rules.svarta_maja(), 64, seed=4, seat=2, opponents="greedy")
    _, masks, info = env.reset()
    assert (info["to_act"] == 2).all()
    total, episodes = 0.0, 0
    for _ in range(16 * 4):
        _, masks, rewards, terminated, _, info = env.step(masks.argmax(axis=1))
        assert (rewards[~terminated] == 0).all() and (info["to_act"] == 2).all()
        total += float(rewards[terminated].sum())
        episodes += int(terminated.sum())
    assert episodes == 64 * 4 and total < 0


def test_unknown_opponents_and_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown opponents 'smart'"):
        VecEnv("svarta-maja", 2, opponents="smart")
    with pytest.raises(ValueError, match="num_envs must be at least 1"):
        VecEnv("svarta-maja", 0)
    with pytest.raises(ValueError, match=r"seat must be 0\.\.3"):
        VecEnv("svarta-maja", 2, seat=4)
    with pytest.raises(ActionError, match="before reset"):
        VecEnv("svarta-maja", 2).step([0, 0])


def random_position(rules: Rules, seed: int) -> Deal:
    """A deal after random legal passes and some random legal cards."""
    rng = np.random.default_rng(seed)
    deal = Deal.random(rules, seed=seed, deal_number=seed % 3)
    while deal.phase == "pass":
        seat = deal.to_act
        hand = sorted(deal.hand(seat))
        picks = rng.choice(len(hand), rules.pass_count, replace=False)
        try:
            deal.pass_cards(seat, [hand[i] for i in picks])
        except IllegalMoveError:
            continue  # a pass the Q♠ restriction refuses: draw another
    for _ in range(int(rng.integers(0, 30))):
        deal.play(sorted(deal.legal_moves())[int(rng.integers(len(deal.legal_moves())))])
    return deal


def swapped(deal: Deal, me: int) -> tuple[Deal, int] | None:
    """The same position with two unplayed cards of one suit, never passed, exchanged between
    two other seats (a world `me` cannot tell apart), and one of those seats; None if none."""
    n, passed = deal.players, 0
    for seat in range(n):
        passed |= deal.passed(seat).mask
    for a, b in itertools.permutations([s for s in range(n) if s != me], 2):
        for x in deal.hand(a):
            for y in deal.hand(b):
                if x.suit == y.suit and not (passed >> int(x) & 1 or passed >> int(y) & 1):
                    dealt = [set(h) for h in deal.dealt_hands()]
                    dealt[a] = (dealt[a] - {x}) | {y}
                    dealt[b] = (dealt[b] - {y}) | {x}
                    other = Deal(deal.rules, hands=[sorted(h) for h in dealt],
                                 dealer=deal.dealer, deal_number=deal.deal_number)
                    for move in deal.history:
                        move.apply_to(other)
                    return other, a
    return None


@pytest.mark.parametrize("variant", ["svarta-maja", "spardame", "six-players"])
def test_observation_ignores_hidden_cards_permuted_consistently(variant: str) -> None:
    """Leak-freedom, directly: two worlds that differ only in which other seat holds two
    unplayed same-suit cards give a seat the same observation; the seats holding them see it."""
    rules = VARIANTS[variant]
    env = VecEnv(rules, 2, seed=0, opponents=None, autoreset=False)
    env.reset()
    checked = 0
    for seed in range(30):
        deal = random_position(rules, seed)
        if deal.is_over:
            continue
        me = seed % rules.players
        world = swapped(deal, me)
        if world is None:
            continue
        other, holder = world
        env.load(0, deal)
        env.load(1, other)
        assert env.observe(0, me)[0].tobytes() == env.observe(1, me)[0].tobytes()
        assert env.observe(0, holder)[0].tobytes() != env.observe(1, holder)[0].tobytes()
        checked += 1
    assert checked >= 20


def test_load_starts_from_the_position_and_plays_on() -> None:
    rules = Rules.spardame()
    deal = random_position(rules, 5)
    env = VecEnv(rules, 3, seed=1, opponents="rule", seat=deal.to_act)
    env.reset()
    env.load(1, deal)
    expected = encode(deal.observation(deal.to_act), rules.players, deal.pass_offset, 0,
                      deal.tricks_played, deal.leader)
    assert env.observations[1].tobytes() == expected
    assert np.flatnonzero(env.masks[1]).tolist() == sorted(int(c) for c in deal.legal_moves())
    assert not deal.is_over  # the env copied the deal and left it alone
    with pytest.raises(ValueError, match="rules"):
        env.load(0, Deal.random(Rules.svarta_maja(), seed=1))
