"""The three games as OpenSpiel games: ``import eons.openspiel`` registers
``eons_ds``, ``eons_marine`` and ``eons_pangea`` with ``pyspiel``.

>>> import pyspiel
>>> import eons.openspiel
>>> game = pyspiel.load_game("eons_ds", {"players": 4})
>>> state = game.new_initial_state()

Parameters: ``players``; ``seed`` (the first game's seed: each new initial
state takes the next one, so a run is reproducible); ``options``, setup
options separated by ``;`` (``"multi;animals=birds,insects"``).

The games are sequential, with imperfect information. Their chance is in
the hidden part of the state: every draw comes from the state's seeded
generator, fixed when the game starts, so a state and an action determine
the next state (OpenSpiel's ``DETERMINISTIC`` chance mode, as for a deck
shuffled face down at setup: a clone draws what the original would, and
``resample_from_infostate`` re-draws what the player has not seen). Returns
are terminal: 1 for the winner, 0 for the others (constant sum 1). States
serialise (OpenSpiel's ``serialize``, pickle) with their hidden part. Observation
tensors are the seat's observations of ``docs/python.md``;
``observer.dict`` names their sections. ``resample_from_infostate``
re-draws what the player has not seen (the engines' determinization).
:class:`RustRolloutEvaluator` plays MCTS rollouts in Rust.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

import eons
from . import Game

__all__ = ["GAMES", "RustRolloutEvaluator", "register"]

def _describe(game_id, name):
    counts = eons.game_players(game_id)
    default = 4 if 4 in counts else counts[-1]
    return (f"eons_{game_id}", f"Eons: {name}", counts[0], counts[-1], default)


#: Per game: (OpenSpiel name, long name, fewest players, most players,
#: default players), from the engines' own list of games (``eons.games()``).
GAMES = {game_id: _describe(game_id, name) for game_id, name in eons.games()}

#: Longer than any game of these engines (a random 6-player Dominant Species
#: game takes about 5,000 decisions).
MAX_GAME_LENGTH = 100_000


def _options(params):
    text = params.get("options", "")
    return [o.strip() for o in text.split(";") if o.strip()]


def _make(game_id):
    short, long_name, fewest, most, default = GAMES[game_id]
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default, "seed": 0, "options": ""},
    )

    class EonsGame(pyspiel.Game):
        """An Eons game for OpenSpiel."""

        def __init__(self, params=None):
            params = dict(params or {})
            self._players = int(params.get("players", default))
            self._seed = int(params.get("seed", 0))
            self._setup_options = _options(params)
            probe = Game(game_id, self._players, self._setup_options, self._seed)
            info = pyspiel.GameInfo(
                num_distinct_actions=probe.num_distinct_actions(),
                max_chance_outcomes=0,
                num_players=self._players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, params)
            self._observation_size = probe.observation_size()
            self._layout = probe.observation_layout()
            self._states = 0

        def new_initial_state(self):
            seed = self._seed + self._states
            self._states += 1
            return EonsState(self, Game(game_id, self._players, self._setup_options, seed))

        def make_py_observer(self, iig_obs_type=None, params=None):
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            if iig_obs_type is not None and iig_obs_type.perfect_recall:
                raise ValueError("the Eons observations are not perfect-recall information states")
            return EonsObserver(self._observation_size, self._layout)

    class EonsState(pyspiel.State):
        """A state of an Eons game: an :class:`eons.Game` inside."""

        def __init__(self, game, eons_game):
            super().__init__(game)
            self.eons = eons_game

        def current_player(self):
            seat = self.eons.current_player()
            return pyspiel.PlayerId.TERMINAL if seat is None else seat

        def _legal_actions(self, player):
            if player != self.eons.current_player():
                return []
            return self.eons.legal_actions()

        def _apply_action(self, action):
            self.eons.apply(int(action))

        def _action_to_string(self, player, action):
            return self.eons.action_to_string(int(action))

        def is_terminal(self):
            return self.eons.is_over()

        def returns(self):
            return self.eons.returns()

        def rewards(self):
            return self.eons.returns()

        def resample_from_infostate(self, player_id, probability_sampler):
            seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else 0
            clone = self.clone()
            clone.eons = self.eons.determinize(player_id, seed)
            return clone

        def __deepcopy__(self, memo):
            return EonsState(self.get_game(), self.eons.clone())

        def __str__(self):
            seat = self.eons.current_player()
            to_move = "over" if seat is None else f"player {seat} to move"
            return f"{game_id} seed {self.eons.seed}: {len(self.eons.history())} decisions, {to_move}"

    # Module-level names, so that pickle (OpenSpiel's serialisation, Ray,
    # multiprocessing) finds the classes again.
    for cls, kind in ((EonsGame, "Game"), (EonsState, "State")):
        cls.__name__ = cls.__qualname__ = f"Eons{game_id.capitalize()}{kind}"
        globals()[cls.__name__] = cls
    return game_type, EonsGame


class EonsObserver:
    """OpenSpiel's observer for an Eons game: ``tensor`` (float32) and
    ``dict`` (its sections by name, views of ``tensor``)."""

    def __init__(self, size, layout):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor[offset:offset + length] for name, offset, length, _ in layout}

    def set_from(self, state, player):
        self.tensor[:] = state.eons.observation_tensor(player)

    def string_from(self, state, player):
        return json.dumps(state.eons.view(player), sort_keys=True)


class RustRolloutEvaluator:
    """An evaluator for OpenSpiel's ``MCTSBot`` whose random rollouts run in
    Rust (the GIL released): the returns of ``n_rollouts`` uniformly random
    playouts from the state, averaged; uniform priors."""

    def __init__(self, n_rollouts=1, seed=0):
        self.n_rollouts = n_rollouts
        self._seed = seed

    def evaluate(self, state):
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            playout = state.eons.clone()
            self._seed += 1
            playout.play_random(self._seed)
            total += playout.returns()
        return total / self.n_rollouts

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


_REGISTERED = {}


def register():
    """Registers the three games with pyspiel (done on import; again is a no-op)."""
    for game_id in GAMES:
        if game_id in _REGISTERED:
            continue
        game_type, game_class = _make(game_id)
        pyspiel.register_game(game_type, game_class)
        _REGISTERED[game_id] = game_class


register()
