"""eons.VecGame (batch stepping) and eons.bots (the Rust bots)."""

import numpy as np
import pytest

import eons
import eons.bots


@pytest.mark.parametrize("name,players", [("ds", 2), ("marine", 2), ("pangea", 2)])
def test_a_batch_steps_every_game_and_restarts_the_finished_ones(name, players):
    batch = eons.VecGame(name, 4, players, seed=10)
    n, size, actions = len(batch), batch.observation_size(), batch.num_distinct_actions()
    obs, masks, rewards, dones, to_move = batch.reset()
    assert obs.shape == (n, size) and obs.dtype == np.float32
    assert masks.shape == (n, actions) and masks.dtype == np.uint8
    assert rewards.shape == (n, players) and not dones.any()
    finished = 0
    for _ in range(20_000):
        actions_now = batch.sample_actions()
        assert all(masks[i, a] == 1 for i, a in enumerate(actions_now))
        obs, masks, rewards, dones, to_move = batch.step(actions_now)
        assert masks.sum(axis=1).min() >= 1
        assert ((0 <= to_move) & (to_move < players)).all()
        for i in np.flatnonzero(dones):
            assert sorted(rewards[i]) == [0.0] * (players - 1) + [1.0]
            finished += 1
        assert rewards[~dones].sum() == 0
        if finished >= 2:
            break
    assert finished >= 2


def test_a_batch_step_is_the_same_as_stepping_each_game():
    batch = eons.VecGame("marine", 3, 2, seed=20)
    games = [eons.Game("marine", 2, seed=20 + i) for i in range(3)]
    for _ in range(50):
        actions = batch.sample_actions()
        obs, masks, _, _, _ = batch.step(actions)
        for i, game in enumerate(games):
            game.apply(int(actions[i]))
            assert np.array_equal(obs[i], game.observation_tensor(game.current_player()))
            assert np.array_equal(masks[i], game.action_mask())


def test_threads_give_the_same_batch_and_restarts_take_the_documented_seeds():
    one = eons.VecGame("pangea", 5, 2, seed=4, threads=1)
    two = eons.VecGame("pangea", 5, 2, seed=4, threads=2)
    games_of = [0] * 5
    for _ in range(3000):
        a = one.sample_actions()
        b = two.sample_actions()
        assert np.array_equal(a, b)
        results = one.step(a)
        for x, y in zip(results, two.step(b)):
            assert np.array_equal(x, y)
        for i in np.flatnonzero(results[3]):
            games_of[i] += 1
            # Game i's k-th game starts from seed + k * N + i.
            assert one.game(i).seed == 4 + games_of[i] * 5 + i
            assert one.game(i).history() == []
        if sum(games_of) >= 3:
            break
    assert sum(games_of) >= 3


def test_observations_and_masks_can_be_left_out():
    batch = eons.VecGame("marine", 3, 2, seed=2)
    obs, masks, rewards, dones, to_move = batch.reset(observations=False)
    assert obs is None and masks.shape == (3, batch.num_distinct_actions())
    obs, masks, _, _, _ = batch.step(batch.sample_actions(), masks=False)
    assert masks is None and obs.shape == (3, batch.observation_size())


def test_an_illegal_batch_action_is_refused():
    batch = eons.VecGame("ds", 2, 2, seed=1)
    _, masks, _, _, _ = batch.reset()
    illegal = int(np.flatnonzero(masks[0] == 0)[0])
    before = batch.game(0).history()
    legal_for_1 = int(np.flatnonzero(masks[1])[0])
    with pytest.raises(ValueError, match="game 0"):
        batch.step(np.array([illegal, legal_for_1]))
    assert batch.game(0).history() == before
    assert batch.game(1).history()[-1:] == [legal_for_1]
    with pytest.raises(ValueError, match="2 games"):
        batch.step(np.array([0]))


@pytest.mark.parametrize("name,players", [("ds", 3), ("marine", 2), ("pangea", 2)])
def test_rust_bots_play_a_whole_game(name, players):
    game = eons.Game(name, players, seed=6)
    bots = [eons.bots.greedy(seed=1)] + [eons.bots.random(seed=s) for s in range(2, players + 1)]
    while not game.is_over():
        before = game.legal_actions()
        action = bots[game.current_player()].play(game)
        assert action in before
    assert sum(game.returns()) == 1.0


def test_mcts_chooses_a_legal_action_reproducibly():
    game = eons.Game("ds", 2, seed=3)
    a = eons.bots.mcts(iterations=100, seed=9).choose(game)
    b = eons.bots.mcts(iterations=100, seed=9).choose(game)
    assert a == b and a in game.legal_actions()
    assert eons.bots.mcts(level="easy").name.startswith("mcts")
    with pytest.raises(ValueError):
        eons.bots.Bot("alphazero")
