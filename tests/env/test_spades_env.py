"""The Spades environment (src/trickcore/spades/env.c) against the referee: observations equal
a reference encoder that reads only ``Deal.observation(seat)`` (leak-freedom), masks equal the
referee's legal moves, rewards its score (docs/environments.md, "Spades")."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from reference.env_spades import BID, KEEP, LOOK, MISDEAL, encode, legal
from trickcore.core.card import Card
from trickcore.core.errors import ArgumentError, RulesError
from trickcore.env import ActionError, VecEnv
from trickcore.spades import Deal, Rules

VARIANTS = {
    "standard": Rules.standard(),
    "blind-nil-always": Rules.standard(blind_nil_behind=0),
    "cutthroat": Rules.standard(partnerships=False, blind_nil_behind=0),
    "suicide": Rules.standard(suicide=True, blind_nil_behind=0),
    "mirror": Rules.standard(mirror=True, blind_nil=False),
    "whiz": Rules.standard(whiz=True, blind_nil_behind=0),
    "jokers": Rules.standard(jokers=True, target=200, bag_limit=3),
    "misdeals": Rules.standard(misdeal=("no-spades", "no-face-cards", "long-suit"),
                               misdeal_long_suit=6, blind_nil_behind=0),
}


def plane(obs: Any, k: int) -> int:
    return int.from_bytes(bytes(obs[8 * k:8 * k + 8]), "little")


def record_episode(env: VecEnv, rng: np.random.Generator) -> list[tuple[Any, ...]]:
    """Plays one episode of env 0 with random legal actions: per step the four seats'
    observations, the mask, the seat to act and the action; the last entry has no action."""
    steps: list[tuple[Any, ...]] = []
    while True:
        views = [env.observe(0, seat) for seat in range(4)]
        mask, seat = views[0][1], int(env.to_act[0])
        if seat < 0:
            steps.append(([v[0] for v in views], mask, seat, None))
            return steps
        action = int(rng.choice(np.flatnonzero(mask)))
        steps.append(([v[0] for v in views], mask, seat, action))
        env.step(np.array([action]))


def dealt_hands(rules: Rules, steps: list[tuple[Any, ...]]) -> list[int] | None:
    """Each seat's hand read off the environment: its hand plane once it has seen it (before any
    card is played), else the cards it played by the end; None when two hands stay unknown."""
    hands: list[int | None] = [None] * 4
    for observations, *_ in steps:
        for seat in range(4):
            if hands[seat] is None and plane(observations[seat], 0) and not any(
                    plane(observations[seat], 1 + r) for r in range(4)):
                hands[seat] = plane(observations[seat], 0)
    final = steps[-1][0][0]
    for seat in range(4):
        played = plane(final, 1 + seat)
        if hands[seat] is None and bin(played).count("1") == 13:
            hands[seat] = played
    unknown = [seat for seat in range(4) if hands[seat] is None]
    if len(unknown) > 1:
        return None
    if unknown:
        hands[unknown[0]] = rules.deck.mask & ~sum(h for h in hands if h is not None)
    return [h for h in hands if h is not None]


def start_of(rules: Rules, observation: Any) -> tuple[int, list[int], list[int]]:
    """The dealer, and the sides' scores and bags before the deal, from seat 0's planes."""
    state, bags_plane, scores_plane = plane(observation, 9), plane(observation, 10), plane(
        observation, 11)
    dealer = next(r for r in range(4) if state >> (4 + r) & 1)
    scores, bags = [0] * len(rules.sides), [0] * len(rules.sides)
    for seat in range(4):
        raw = scores_plane >> (16 * seat) & 0xFFFF
        scores[rules.side_of(seat)] = raw - (raw >> 15 << 16)
        left = (bags_plane >> (16 * seat) & 0xFFFF).bit_length()
        bags[rules.side_of(seat)] = rules.bag_limit - left
    return dealer, scores, bags


def mirror(deal: Deal, seat: int, action: int, asked: int) -> int:
    """Makes the environment's action on the referee's deal; the misdeal round's count after."""
    if action < BID:
        deal.play(Card(action))
    elif action < LOOK:
        code = action - BID
        deal.bid({0: "nil", 14: "blind nil"}.get(code, code))
    elif action == LOOK:
        deal.look(seat)
    elif action == MISDEAL:
        deal.claim_misdeal(seat)
    else:
        assert action == KEEP
        asked += 1
    return asked


def check_episode(rules: Rules, steps: list[tuple[Any, ...]], rewards: Any) -> bool:
    hands = dealt_hands(rules, steps)
    if hands is None:
        return False
    dealer, scores, bags = start_of(rules, steps[0][0][0])
    deal = Deal(rules, [[Card(c) for c in range(56) if h >> c & 1] for h in hands],
                dealer=dealer, scores=scores, bags=bags)
    asked = 0 if rules.misdeal else 4
    for observations, mask, seat, action in steps:
        for s in range(4):
            expected = encode(rules, deal.observation(s), asked)
            assert np.array_equal(observations[s], expected), (s, action)
        assert np.array_equal(mask, legal(deal, asked))
        if action is not None:
            asked = mirror(deal, seat, action, asked)
    assert deal.is_over
    points = deal.points() if not deal.is_misdeal else (0,) * len(rules.sides)
    assert list(rewards) == [points[rules.side_of(s)] for s in range(4)]
    return True


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_observation_is_the_referees_observation_and_mask_its_legal_moves(name: str) -> None:
    rules, checked = VARIANTS[name], 0
    for seed in range(6):
        env = VecEnv(rules, 1, seed=seed, opponents=None, autoreset=False)
        env.reset()
        rng = np.random.default_rng(seed)
        for _ in range(4):  # a match in progress: scores and bags carried from deal to deal
            steps = record_episode(env, rng)
            checked += check_episode(rules, steps, env.rewards[0])
            env.reset()
    assert checked >= 20


def test_an_unseen_hand_is_hidden_and_bids_blind_nil_or_looks() -> None:
    env = VecEnv(Rules.standard(blind_nil_behind=0), 1, seed=3, opponents=None,
                 autoreset=False)
    obs, masks, _ = env.reset()
    assert plane(obs[0], 0) == 0
    assert [env.action_name(a) for a in np.flatnonzero(masks[0])] == ["blind nil", "look"]
    env.step(np.array([LOOK]))
    assert bin(plane(env.observations[0], 0)).count("1") == 13
    assert env.masks[0, BID + 14] == 0 and env.masks[0, BID:BID + 14].all()


def test_misdeal_round_asks_each_seat_in_bidding_order() -> None:
    rules = Rules.standard(misdeal=("long-suit",), misdeal_long_suit=6, blind_nil=False)
    env = VecEnv(rules, 1, seed=0, opponents=None, autoreset=False)
    env.reset()
    first = int(env.to_act[0])
    for k in range(4):
        assert env.to_act[0] == (first + k) % 4
        assert env.masks[0, KEEP]
        env.step(np.array([KEEP]))
    assert env.to_act[0] == first and env.masks[0, BID:BID + 14].any()


@pytest.mark.parametrize("bad", [74, -1, 1000])
def test_an_illegal_or_out_of_range_action_raises_and_changes_nothing(bad: int) -> None:
    env = VecEnv("spades", 3, seed=5, opponents=None, autoreset=False)
    env.reset()
    for _ in range(10):
        env.step(env.masks.argmax(axis=1))
    before = [env.observe(i, s) for i in range(3) for s in range(4)]
    masked_out = int(np.flatnonzero(~env.masks[1])[0])
    for action in (bad, masked_out):
        actions = env.masks.argmax(axis=1)
        actions[1] = action
        with pytest.raises(ActionError):
            env.step(actions)
        after = [env.observe(i, s) for i in range(3) for s in range(4)]
        assert all(np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
                   for a, b in zip(before, after, strict=True))


def test_table_mode_reneges_are_refused_by_the_environment() -> None:
    with pytest.raises(RulesError, match="renege"):
        VecEnv(Rules.standard(renege="table"), 1)


def test_action_names() -> None:
    env = VecEnv("spades", 1)
    names = [env.action_name(a) for a in (49, 56, 59, 70, 71, 72, 73)]
    assert names == ["QS", "nil", "bid 3", "blind nil", "look", "misdeal", "keep"]
    assert env.obs_bytes <= 512 and env.layout.bytes == env.obs_bytes


def test_layout_fields_match_the_planes() -> None:
    env = VecEnv(Rules.standard(partnerships=False, jokers=True), 1, seed=2)
    obs, _, _ = env.reset()
    bits = env.unpack(obs)[0]
    layout = env.layout
    assert bits[layout.field("phase").first + 1] == 1  # bidding
    assert bits[layout.field("partnerships").first] == 0
    assert bits[layout.field("jokers").first] == 1
    hand = layout.field("hand")
    assert bits[hand.first:hand.first + hand.bits].sum() == 13
    covered = np.zeros(env.obs_bits, dtype=bool)
    for f in layout.fields:
        covered[f.first:f.first + f.bits] = True
    for _ in range(60):  # every bit set lies in a field of the layout
        env.step(env.masks.argmax(axis=1))
        assert not (env.unpack(env.observations)[0].astype(bool) & ~covered).any()


def run_single_agent(rules: Rules, num_envs: int, threads: int, policy: str,
                     steps: int) -> list[Any]:
    env = VecEnv(rules, num_envs, seed=11, opponents=policy, seat=1, threads=threads)
    env.reset()
    rows = []
    for _ in range(steps):
        env.step(env.masks.argmax(axis=1))
        rows.append((env.observations[0].copy(), env.masks[0].copy(), float(env.rewards[0]),
                     bool(env.kernel.terminated[0])))
    return rows


@pytest.mark.parametrize("policy", ["random", "greedy", "rule"])
def test_single_agent_episodes_do_not_depend_on_num_envs_or_threads(policy: str) -> None:
    rules = Rules.standard(blind_nil_behind=50, misdeal=("no-face-cards",))
    one = run_single_agent(rules, 1, 1, policy, 120)
    many = run_single_agent(rules, 8, 2, policy, 120)
    assert sum(r[3] for r in one) >= 4  # whole episodes
    for a, b in zip(one, many, strict=True):
        assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]) and a[2:] == b[2:]


def mean_reward(opponents: str, player: str, episodes: int, seed: int = 7) -> float:
    env = VecEnv("spades", 512, seed=seed, opponents=opponents, seat=0)
    env.reset()
    rng, total, count = np.random.default_rng(seed), 0.0, 0
    while count < episodes:
        if player == "random":
            actions = (env.masks * rng.random(env.masks.shape)).argmax(axis=1)
        else:
            actions = env.kernel.policy_actions(env.spec.policies[player])
        env.step(actions)
        done = env.kernel.terminated
        total += float(env.rewards[done].sum())
        count += int(done.sum())
    return total / count


def test_rule_policy_beats_random_and_greedy_at_its_seat() -> None:
    assert mean_reward("random", "rule", 3000) > mean_reward("random", "random", 3000) + 100
    assert mean_reward("greedy", "rule", 3000) > mean_reward("greedy", "greedy", 3000) + 10


def test_policy_actions_refuses_the_random_policy() -> None:
    env = VecEnv("spades", 1, seed=1)
    env.reset()
    with pytest.raises(ArgumentError):
        env.kernel.policy_actions(0)
