"""The Danish Dam environment against its referee: every observation is the reference encoding
of what the seat is shown (``Deal.observation``, tests/reference/env_dam.py), the mask is the
referee's legal moves, the rewards are the deal's points with the sign that makes higher better;
refusals change nothing, results do not depend on the batch or the threads, and the rule policy
beats random play."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from reference.env_dam import encode
from trickcore.core.card import Card
from trickcore.core.seeding import block_seed, root_seed
from trickcore.dam import Deal, Rules
from trickcore.dam.env import SPEC
from trickcore.env import ActionError, VecEnv

VARIANTS = {
    "avoid": Rules.avoid(),
    "collect": Rules.collect(),
    "avoid-2-one-pack": Rules.avoid(players=2, packs=1, hand_size=10),
    "collect-3-trump-outright-jokers": Rules.collect(players=3, turn_trump=True,
                                                     jokers="outright"),
    "avoid-teams-points-jokers": Rules.avoid(teams=True, jokers="points", joker_points=20),
    "collect-teams-tricks-bonus": Rules.collect(teams=True, score_by="tricks",
                                                last_trick_bonus=3),
    "avoid-open-hands-trump": Rules.avoid(open_hands=True, turn_trump=True),
    "avoid-3-tricks-neutral-last": Rules.avoid(players=3, score_by="tricks", jokers="neutral",
                                               duplicates="last", hand_size=13),
    "collect-2-open-13": Rules.collect(players=2, open_hands=True, hand_size=13),
}
EPISODES = 4  # per variant and seed: the dealer goes round


def side_reward(rules: Rules, deal: Deal) -> list[float]:
    """Each seat's deal points (its side's), signed so that higher is better."""
    points = deal.points()
    sign = 1 if rules.scoring == "collect" else -1
    side_of = {seat: side for side in rules.sides for seat in side}
    return [float(sign * sum(points[s] for s in side_of[seat])) for seat in range(rules.players)]


def mirrored(rules: Rules, seed: int) -> Iterator[tuple[VecEnv, Deal]]:
    """Drives one multi-agent environment with random legal actions for EPISODES episodes,
    mirroring every action on the referee's Deal; yields after each reset and each step."""
    env = VecEnv(rules, 1, seed=seed, opponents=None, autoreset=False)
    pick = random.Random(seed)
    env.reset()
    for _ in range(EPISODES):
        deal = env.kernel.dealt(0)  # type: ignore[attr-defined]
        yield env, deal
        while not env.kernel.terminated[0]:
            action = pick.choice(np.flatnonzero(env.masks[0]).tolist())
            env.step([action])
            deal.play(action)
            yield env, deal
        env.reset()


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_observation_is_the_encoding_of_what_the_seat_is_shown(name: str, seed: int) -> None:
    rules = VARIANTS[name]
    for env, deal in mirrored(rules, seed):
        to_act = deal.to_act
        assert env.to_act[0] == (-1 if to_act is None else to_act)
        shown = encode(rules, deal.observation(0 if to_act is None else to_act))
        assert env.observations[0].tobytes() == shown.tobytes()
        for seat in range(rules.players):
            obs, _ = env.observe(0, seat)
            assert obs.tobytes() == encode(rules, deal.observation(seat)).tobytes()


@pytest.mark.parametrize("name", VARIANTS)
def test_mask_is_the_referees_legal_moves(name: str) -> None:
    rules = VARIANTS[name]
    for seed in range(10, 16):
        for env, deal in mirrored(rules, seed):
            assert set(np.flatnonzero(env.masks[0]).tolist()) == {
                int(c) for c in deal.legal_moves()}


@pytest.mark.parametrize("name", VARIANTS)
def test_rewards_are_the_deal_points_higher_better_by_side(name: str) -> None:
    rules = VARIANTS[name]
    for seed in range(20, 26):
        for env, deal in mirrored(rules, seed):
            if deal.is_over:
                assert env.rewards[0].tolist() == side_reward(rules, deal)
            else:
                assert not env.rewards[0].any()


def test_open_hands_show_the_other_hands_not_ones_own() -> None:
    env = VecEnv(Rules.avoid(open_hands=True), 1, seed=3, opponents=None)
    env.reset()
    unpacked = env.unpack(env.observations[0])
    hand = [env.layout.field(f"hand_once_{r}") for r in range(4)]
    assert not unpacked[hand[0].first:hand[0].first + 64].any()
    assert all(unpacked[f.first:f.first + 64].any() for f in hand[1:])


def test_dealer_rotates_by_episode_and_deal_is_the_simulations() -> None:
    rules = Rules.collect(players=3, turn_trump=True)
    env = VecEnv(rules, 2, seed=7, opponents="random")
    env.reset()
    first = rules.simulate_block(block_seed(root_seed(7), 1), 1, record=True)
    deal = env.kernel.dealt(1)  # type: ignore[attr-defined]
    assert [h.once for h in deal.dealt_hands()] == first["hands_once"][0].tolist()
    assert [h.twice for h in deal.dealt_hands()] == first["hands_twice"][0].tolist()
    assert [int(c) for c in deal.dealt_pile()] == first["pile"][0].tolist()
    pick = np.random.default_rng(0)
    for episode in range(1, 7):
        while not env.kernel.terminated[0]:
            env.step(np.argmax(env.masks * pick.random(env.masks.shape), axis=1))
        assert env.kernel.dealt(0).dealer == episode % 3  # type: ignore[attr-defined]
        env.step(np.argmax(env.masks * pick.random(env.masks.shape), axis=1))


def outputs(env: VecEnv) -> tuple[bytes, ...]:
    k = env.kernel
    return tuple(a.tobytes() for a in (k.observations, k.masks, k.rewards, k.terminated,
                                       k.to_act))


@pytest.mark.parametrize("action", ["masked", "out-of-range", "negative"])
def test_action_not_legal_is_refused_and_changes_nothing(action: str) -> None:
    rules = Rules.avoid(jokers="outright")
    env, twin = (VecEnv(rules, 4, seed=11, opponents="rule") for _ in range(2))
    env.reset()
    twin.reset()
    for _ in range(30):
        actions = env.masks.argmax(axis=1)
        bad = actions.copy()
        bad[2] = {"masked": int(np.flatnonzero(~env.masks[2])[0]), "out-of-range": 56,
                  "negative": -1}[action]
        before = outputs(env)
        with pytest.raises(ActionError, match="environment 2"):
            env.step(bad)
        assert outputs(env) == before
        env.step(actions)
        twin.step(actions)
        assert outputs(env) == outputs(twin)


def test_step_after_the_end_is_refused_until_reset() -> None:
    env = VecEnv(Rules.avoid(players=2, packs=1, hand_size=13), 1, seed=2, opponents="greedy",
                 autoreset=False)
    env.reset()
    while not env.kernel.terminated[0]:
        env.step(env.masks.argmax(axis=1))
    with pytest.raises(ActionError, match="over"):
        env.step([0])
    env.reset()
    assert env.masks[0].any()


@pytest.mark.parametrize("policy", ["random", "greedy", "rule"])
@pytest.mark.parametrize("name", ["avoid", "collect-3-trump-outright-jokers",
                                  "collect-teams-tricks-bonus", "avoid-2-one-pack"])
def test_single_agent_plays_whole_episodes_with_each_policy(policy: str, name: str) -> None:
    rules = VARIANTS[name]
    env = VecEnv(rules, 16, seed=5, opponents=policy, seat=1)
    env.reset()
    pick = np.random.default_rng(1)
    episodes = 0
    for _ in range(3 * 60):
        assert (env.to_act == 1).all() and env.masks.any(axis=1).all()
        _, _, rewards, terminated, _, _ = env.step(
            np.argmax(env.masks * pick.random(env.masks.shape), axis=1))
        episodes += int(terminated.sum())
        assert not rewards[~terminated].any()
    assert episodes >= 2 * 16


def run_fixed(env: VecEnv, steps: int) -> list[tuple[bytes, ...]]:
    """Env 0's rows over `steps` steps of the lowest legal action everywhere."""
    env.reset()
    rows = []
    for _ in range(steps):
        env.step(env.masks.argmax(axis=1))
        k = env.kernel
        rows.append((k.observations[0].tobytes(), k.masks[0].tobytes(), k.rewards[0].tobytes()))
    return rows


@pytest.mark.parametrize("policy", ["random", "rule"])
def test_env_result_depends_on_seed_and_index_not_on_batch_or_threads(policy: str) -> None:
    rules = Rules.collect(jokers="outright", turn_trump=True)
    single = run_fixed(VecEnv(rules, 1, seed=9, opponents=policy), 60)
    assert run_fixed(VecEnv(rules, 8, seed=9, opponents=policy), 60) == single
    one, two = (VecEnv(rules, 8, seed=9, opponents=policy, threads=t) for t in (1, 2))
    for env in (one, two):
        env.reset()
    for _ in range(60):
        actions = one.masks.argmax(axis=1)
        one.step(actions)
        two.step(actions)
        assert outputs(one) == outputs(two)
    two.close()


@pytest.mark.parametrize("rules", [Rules.avoid(), Rules.collect()], ids=["avoid", "collect"])
def test_rule_policy_beats_random_play(rules: Rules) -> None:
    """A random player among rule players takes much less than its fair share (collect) or
    much more (avoid): every card is taken, so the rule seats gain what it loses."""
    envs = 4096
    env = VecEnv(rules, envs, seed=13, opponents="rule")
    env.reset()
    pick = np.random.default_rng(2)
    total = 0.0
    for _ in range(26):  # every seat plays 26 cards of the 104
        _, _, rewards, terminated, _, _ = env.step(
            np.argmax(env.masks * pick.random(env.masks.shape), axis=1))
        total += float(rewards[terminated].sum())
    assert terminated.all()
    deck_points = 2 * sum(rules.card_values[:52])
    fair = deck_points / 4 * (1 if rules.scoring == "collect" else -1)
    assert total / envs < fair - 0.15 * abs(fair)


def test_spec_layout_and_action_names() -> None:
    rules = Rules.avoid()
    env = VecEnv(rules, 1, seed=0)
    assert SPEC.policies == {"random": 0, "greedy": 1, "rule": 2}
    assert env.num_actions == 56 and env.obs_bytes <= 512
    bits = [b for f in env.layout.fields for b in range(f.first, f.first + f.bits)]
    assert len(bits) == len(set(bits)) and max(bits) < env.obs_bits
    assert env.action_name(0) == "2C" and env.action_name(51) == "AS"
    assert [env.action_name(c) for c in (52, 55)] == [str(Card(52)), str(Card(55))]


def field_value(env: VecEnv, bits: np.ndarray, name: str) -> int:
    f = env.layout.field(name)
    return sum(int(b) << k for k, b in enumerate(bits[f.first:f.first + f.bits]))


def test_layout_fields_read_back_the_deal() -> None:
    rules = Rules.collect(players=3, turn_trump=True, jokers="outright", hand_size=10)
    for env, deal in mirrored(rules, 4):
        bits = env.unpack(env.observations[0])
        seat = 0 if deal.to_act is None else deal.to_act
        value = {f.name: field_value(env, bits, f.name) for f in env.layout.fields}
        hand = deal.hand(seat)
        assert (value["hand_once_0"], value["hand_twice_0"]) == (hand.once, hand.twice)
        assert value["pile_size"] == 1 << deal.pile_size
        assert value["turned"] == 1 << int(deal.trump_card)  # type: ignore[arg-type]
        assert value["trump"] == (0 if deal.trump is None else 1 << int(deal.trump))
        assert value["to_act"] == (0 if deal.to_act is None else 1)
        assert value["phase"] == (1 if deal.phase == "play" else 2)
        assert value["players"] == 2 and value["hand_size"] == 1 << 9
        assert value["turn_trump"] == value["collect"] == value["jokers_outright"] == 1
        assert value["tricks_won_0"] == 1 << deal.tricks_won[seat]
