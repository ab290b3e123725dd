"""The PettingZoo AEC environments pass PettingZoo's own API test."""

import numpy as np
import pytest
from pettingzoo.test import api_test

from eons.pettingzoo import env


@pytest.mark.parametrize("name,players", [("ds", 3), ("marine", 2), ("pangea", 2)])
def test_the_environment_passes_pettingzoo_s_api_test(name, players):
    api_test(env(name, players=players, seed=3), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("name,players", [("ds", 2), ("pangea", 3)])
def test_a_whole_game_through_the_aec_loop(name, players):
    e = env(name, players=players, seed=1)
    e.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        e.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 50
    assert sorted(totals.values()) == [0.0] * (players - 1) + [1.0]


@pytest.mark.parametrize("name,players,kind", [("ds", 4, "compact"), ("marine", 2, "relative")])
def test_the_other_observations_pass_the_api_test_and_are_the_kit_s(name, players, kind):
    import eons

    api_test(env(name, players=players, seed=4, observation=kind), num_cycles=100,
             verbose_progress=False)
    e = env(name, players=players, seed=4, observation=kind)
    e.reset()
    read = eons.compact_observation if kind == "compact" else eons.relative_observation
    for seat, agent in enumerate(e.possible_agents):
        assert np.array_equal(e.observe(agent)["observation"], read(e.unwrapped.game, seat))
    with pytest.raises(ValueError):
        env(name, players=players, observation="sideways")
