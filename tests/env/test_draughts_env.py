"""The English draughts environment against the referee's Board (docs/environments.md,
"English draughts"): observations and masks against a reference encoder, game ends and rewards,
refusals, policies, and independence from the batch shape."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

from reference.env_draughts import action_of, legal_actions, move_of, observation
from reference.env_draughts import rewards as reference_rewards
from trickcore.core.errors import RulesError
from trickcore.draughts import Board, Color, Rules, Termination
from trickcore.draughts.env import SPEC, action_name
from trickcore.env import ActionError, VecEnv

ENVS = 4


def seat_of(board: Board) -> int:
    return 0 if board.turn == Color.BLACK else 1


Chooser = Callable[[Board, np.ndarray, np.random.Generator], int]


def random_action(board: Board, legal: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(legal))


def fresh_action(board: Board, legal: np.ndarray, rng: np.random.Generator) -> int:
    """A legal action that offers no capture and leads to a position seen least often so far
    (ties at random): kings wandering so seldom repeat that the 40-move rule ends the game."""
    history = replayed(board)

    def cost(action: int) -> int:
        after = board.copy()
        after.push(move_of(board, action))
        offers = any(m.is_capture for m in after.legal_moves())
        return 100 * offers + sum(after == b for b in history)
    costs = np.array([cost(int(a)) for a in legal])
    return int(rng.choice(legal[costs == costs.min()]))


def replayed(board: Board) -> list[Board]:
    boards = [board.root()]
    for move in board.move_stack:
        boards.append(boards[-1].copy())
        boards[-1].push(move)
    return boards


def mirror(seed: int, steps: int, rules: Rules,
           choose: Chooser = random_action) -> Counter[Termination | None]:
    """Legal actions of `choose` in multi-agent mode, a Board mirrored move by move; every row
    is checked against the reference. Returns how the games ended (None: truncated)."""
    env = VecEnv(rules, ENVS, seed=seed, opponents=None)
    obs, masks, info = env.reset()
    boards = [Board(rules.start, auto_draw=True) for _ in range(ENVS)]
    rng = np.random.default_rng(seed)
    ends: Counter[Termination | None] = Counter()
    for _ in range(steps):
        for i, board in enumerate(boards):
            assert info["to_act"][i] == seat_of(board)
            assert bytes(obs[i]) == observation(board, seat_of(board), rules.max_plies)
            assert set(np.flatnonzero(masks[i]).tolist()) == legal_actions(board)
            other, _ = env.observe(i, 1 - seat_of(board))
            assert bytes(other) == observation(board, 1 - seat_of(board), rules.max_plies)
        actions = np.array([choose(board, np.flatnonzero(mask), rng)
                            for board, mask in zip(boards, masks, strict=True)])
        obs, masks, rewards, terminated, truncated, info = env.step(actions)
        for i, board in enumerate(boards):
            board.push(move_of(board, int(actions[i])))
            outcome = board.outcome()
            cut = outcome is None and rules.max_plies is not None and board.ply >= rules.max_plies
            assert (bool(terminated[i]), bool(truncated[i])) == (outcome is not None, cut)
            assert tuple(rewards[i]) == reference_rewards(board)
            if outcome is not None or cut:
                ends[outcome.termination if outcome else None] += 1
                boards[i] = Board(rules.start, auto_draw=True)
    return ends


@pytest.mark.parametrize("seed", range(3))
def test_observation_and_mask_are_the_boards_moved_by_the_same_actions(seed: int) -> None:
    ends = mirror(seed, 400, Rules())
    assert sum(ends.values()) > 0


def test_games_end_by_no_move_and_repetition_as_the_board_rules() -> None:
    ends: Counter[Termination | None] = Counter()
    for seed in range(10, 13):
        ends += mirror(seed, 400, Rules())
    assert {Termination.NO_MOVES, Termination.REPETITION} <= set(ends) and None not in ends


def test_games_end_by_the_forty_move_rule_as_the_board_rules() -> None:
    ends = mirror(1, 100, Rules(start="B:WK29,K32:BK1,K4"), fresh_action)
    assert ends[Termination.FORTY_MOVES] > 0


def test_max_plies_truncates_the_episode_with_no_reward() -> None:
    ends = mirror(5, 120, Rules(max_plies=25))
    assert ends[None] >= ENVS


def test_final_observation_and_rewards_are_the_boards_outcome() -> None:
    for seed in range(4):
        env = VecEnv("draughts", 1, seed=seed, opponents=None, autoreset=False)
        _, masks, info = env.reset()
        board = Board(auto_draw=True)
        rng = np.random.default_rng(seed)
        while board.outcome() is None:
            action = int(rng.choice(np.flatnonzero(masks[0])))
            _, masks, rewards, terminated, truncated, info = env.step([action])
            board.push(move_of(board, action))
        assert terminated[0] and not truncated[0] and info["to_act"][0] == -1
        assert tuple(rewards[0]) == reference_rewards(board)
        assert not masks[0].any()
        for seat in (0, 1):
            assert bytes(env.observe(0, seat)[0]) == observation(board, seat)
        with pytest.raises(ActionError, match="over"):
            env.step([0])


# A Black king on 20 may take 16 and 8 (20x11x4) or 24, 23, 15 and 8 (20x27x18x11x4): one action
# (20 to 4) for two moves; and it may go round 24, 23, 15, 16 either way back to 20 (one move).
AMBIGUOUS = "B:W8,15,16,23,24:BK20"


def test_an_action_sharing_start_and_end_takes_the_move_capturing_most() -> None:
    board = Board(AMBIGUOUS, auto_draw=True)
    assert [str(m) for m in board.legal_moves()] == [
        "20x11x4", "20x11x18x27x20", "20x27x18x11x4", "20x27x18x11x20"]
    env = VecEnv(Rules(start=AMBIGUOUS), 1, seed=0, opponents=None, autoreset=False)
    _, masks, _ = env.reset()
    assert np.flatnonzero(masks[0]).tolist() == [19 * 32 + 3, 19 * 32 + 19]
    env.step([19 * 32 + 3])
    board.push("20x27x18x11x4")
    assert bytes(env.observe(0, 0)[0]) == observation(board, 0)


def test_masked_out_or_out_of_range_action_raises_and_changes_nothing() -> None:
    env = VecEnv("draughts", 3, seed=7, opponents="random")
    obs, masks, _ = env.reset()
    before = obs.copy(), masks.copy()
    legal = masks.argmax(axis=1)
    illegal = int(np.flatnonzero(~masks[1])[0])
    for bad in (illegal, -1, 1024, 5000):
        actions = legal.copy()
        actions[1] = bad
        with pytest.raises(ActionError, match="environment 1"):
            env.step(actions)
        assert (env.observations == before[0]).all() and (env.masks == before[1]).all()
    twin = VecEnv("draughts", 3, seed=7, opponents="random")
    twin.reset()
    env.step(legal)
    twin.step(legal)
    assert (env.observations == twin.observations).all()


@pytest.mark.parametrize("policy", ["random", "greedy", "rule"])
@pytest.mark.parametrize("seat", [0, 1])
def test_single_agent_plays_whole_games_against_each_policy(policy: str, seat: int) -> None:
    env = VecEnv("draughts", 8, seed=11, opponents=policy, seat=seat)
    obs, masks, info = env.reset()
    rng = np.random.default_rng(0)
    games = 0
    for _ in range(300):
        assert (info["to_act"] == seat).all()
        assert (np.unpackbits(obs[:, 16:17], axis=1, bitorder="little")[:, seat] == 1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, masks, rewards, terminated, truncated, info = env.step(actions)
        assert set(np.unique(rewards).tolist()) <= {-1.0, 0.0, 1.0}
        assert not (rewards[~terminated] != 0).any() and not truncated.any()
        games += int(terminated.sum())
    assert games >= 8


def trajectory(num_envs: int, threads: int, policy: str, steps: int = 120) -> list[np.ndarray]:
    env = VecEnv("draughts", num_envs, seed=21, opponents=policy, threads=threads)
    obs, masks, _ = env.reset()
    rows = [obs.copy()]
    for _ in range(steps):
        obs, masks, rewards, terminated, _, _ = env.step(masks.argmax(axis=1))
        rows += [obs.copy(), rewards.copy(), terminated.copy()]
    env.close()
    return rows


@pytest.mark.parametrize("policy", ["random", "greedy", "rule"])
def test_environment_i_does_not_depend_on_num_envs_or_threads(policy: str) -> None:
    one = trajectory(1, 1, policy)
    eight = trajectory(8, 1, policy)
    assert all((a == b[:1]).all() for a, b in zip(one, eight, strict=True))
    assert all((a == b).all() for a, b in zip(eight, trajectory(8, 2, policy), strict=True))


def test_rule_policy_beats_random_in_most_games() -> None:
    env = VecEnv("draughts", 64, seed=3, opponents="rule", seat=0)
    _, masks, _ = env.reset()
    rng = np.random.default_rng(1)
    results: list[float] = []
    while len(results) < 200:
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        _, masks, rewards, terminated, _, _ = env.step(actions)
        results += rewards[terminated].tolist()
    random_player = np.array(results)
    assert (random_player == -1).mean() > 0.8, Counter(results)


@pytest.mark.parametrize("policy", ["greedy", "rule"])
def test_greedy_and_rule_policies_take_the_capture_taking_most(policy: str) -> None:
    start = "W:W27:B15,23,24"   # White to move: 27x18x11 takes two men, 27x20 one
    env = VecEnv(Rules(start=start), 16, seed=0, opponents=policy, seat=0)
    obs, _, _ = env.reset()
    after = Board(start, auto_draw=True)
    after.push("27x18x11")
    assert all(bytes(row) == observation(after, 0) for row in obs)


def test_layout_fields_cover_the_observation_bytes_in_order() -> None:
    layout = VecEnv("draughts").layout
    assert layout.bytes == 24
    ends = [f.first + f.bits for f in layout.fields]
    assert all(f.first >= end for f, end in zip(layout.fields[1:], ends, strict=False))
    assert ends[-1] <= 8 * layout.bytes
    env = VecEnv("draughts", 1, seed=0, opponents=None)
    obs, _, _ = env.reset()
    bits = env.unpack(obs)[0]

    def value(name: str) -> int:
        f = layout.field(name)
        return int(sum(int(b) << k for k, b in enumerate(bits[f.first:f.first + f.bits])))

    assert value("own_men") == Board().black and value("opponent_men") == Board().white
    assert value("seat") == 1 and value("to_move") == 1 and value("ply") == 0


def test_action_names_are_start_and_end_squares() -> None:
    env = VecEnv("draughts")
    assert env.action_name(action_of(Board().parse_move("11-15"))) == "11-15"
    assert action_name(Rules(), 10 * 32 + 17) == "11x18"
    assert action_name(Rules(), 0) == "1x1"
    assert SPEC.policies == {"random": 0, "greedy": 1, "rule": 2}


def test_rules_the_environment_cannot_follow_are_refused() -> None:
    with pytest.raises(RulesError, match="auto_draw"):
        VecEnv(Rules(auto_draw=False, max_plies=100))
    with pytest.raises(RulesError, match="no legal move"):
        VecEnv(Rules(start="B:W5,6,9,10:B1"))
