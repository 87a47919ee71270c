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
