"""PettingZoo AEC environments of the three games.

>>> from eons.pettingzoo import env
>>> e = env("ds", players=4, seed=1)
>>> e.reset()
>>> for agent in e.agent_iter():
...     observation, reward, termination, truncation, info = e.last()
...     if termination or truncation:
...         action = None
...     else:
...         mask = observation["action_mask"]
...         action = int(mask.nonzero()[0][0])
...     e.step(action)

Agents are ``player_0`` … ``player_{N-1}`` (seat order). An observation is
a dict: ``"observation"``, the seat's observation tensor (float32, the
layout of ``docs/python.md``), and ``"action_mask"`` (int8, 1 for each legal
action; all zero when it is not that agent's turn). Turns follow the
rules, not a fixed rotation: ``agent_selection`` is always the seat the
game asks. Rewards come at the end: 1 for the winner, 0 for the others.

``observation="relative"`` gives observer-relative tensors (the seat's own
seat first: :func:`eons.relative_observation`), ``observation="compact"``
compact ones (its own animals first, the animals nobody plays left out:
:func:`eons.compact_observation`; their sections are
``env.unwrapped.game.compact_observation_layout()``).
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Game, compact_observation, relative_observation

__all__ = ["env", "raw_env"]


#: The observations an environment offers, and how each is read.
OBSERVATIONS = {
    "absolute": lambda game, seat: game.observation_tensor(seat),
    "relative": relative_observation,
    "compact": compact_observation,
}


def env(name="ds", players=4, options=(), seed=0, render_mode=None, observation="absolute"):
    """The AEC environment of game ``name`` (``"ds"``, ``"marine"``,
    ``"pangea"``), wrapped as PettingZoo's classic games are.
    ``observation``: ``"absolute"``, ``"relative"`` or ``"compact"``."""
    e = raw_env(name, players=players, options=options, seed=seed, render_mode=render_mode,
                observation=observation)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped class)
    """One Eons game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "eons_v0", "is_parallelizable": False}

    def __init__(self, name="ds", players=4, options=(), seed=0, render_mode=None,
                 observation="absolute"):
        super().__init__()
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation is one of {sorted(OBSERVATIONS)}, not {observation!r}")
        self._observe = OBSERVATIONS[observation]
        self._name = name
        self._players = players
        self._options = list(options)
        self._next_seed = seed
        self.render_mode = render_mode
        self.game = Game(name, players, self._options, seed)
        self.metadata = dict(self.metadata, name=f"eons_{self.game.name}_v0")
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        size = len(self._observe(self.game, 0))
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def observe(self, agent):
        seat = self._seat(agent)
        observation = self._observe(self.game, seat)
        if self.game.current_player() == seat:
            mask = self.game.action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._next_seed = int(seed)
        self.game = Game(self._name, self._players, self._options, self._next_seed)
        self._next_seed += 1
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_over():
            for a, r in zip(self.possible_agents, self.game.returns()):
                if a in self.rewards:
                    self.rewards[a] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"scores": self.game.scores()}
            # Each agent now takes its last (None) step, in seat order.
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.game.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self):
        if self.render_mode is None:
            return None
        seat = self.game.current_player()
        to_move = "over" if seat is None else f"player_{seat} to move"
        scores = ", ".join(f"player_{i}: {s}" for i, s in enumerate(self.game.scores()))
        return f"{self.game.name}: {len(self.game.history())} decisions, {to_move}; scores {scores}"

    def close(self):
        pass
