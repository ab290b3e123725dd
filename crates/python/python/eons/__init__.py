"""Eons: Dominant Species, Dominant Species: Marine and Pangea for research.

The rules engines of the Eons project (Rust), with a fixed action space and
an observation tensor per game and player count:

>>> import eons
>>> game = eons.Game("ds", players=4, seed=1)
>>> while not game.is_over():
...     game.apply(game.legal_actions()[0])
>>> game.returns()                      # 1.0 for the winner

* :class:`Game` — one game: ``legal_actions``, ``apply``, ``current_player``,
  ``is_over``, ``returns``, ``clone``, ``view``, ``observation_tensor``,
  ``record`` / ``Game.from_record``, ``determinize``.
* :class:`VecGame` — many games stepped in Rust with the GIL released.
* :mod:`eons.bots` — the Rust bots (``random``, ``greedy``, ``mcts``).
* :mod:`eons.actions` — the action space factored as kind × source × target.
* :mod:`eons.pettingzoo` — PettingZoo AEC environments.
* :mod:`eons.openspiel` — registers ``eons_ds``, ``eons_marine`` and
  ``eons_pangea`` with OpenSpiel (``pyspiel``).
* :mod:`eons.study` — seat-rotated tournaments and balance studies, on Ray
  or local processes.
* :mod:`eons.train` — self-play shards to a value network for the Rust
  search (``python -m eons.train``; the ``train`` extra).

The action and observation layouts of each game: ``docs/python.md``.
"""

from __future__ import annotations

from . import _eons
from ._eons import VecGame as _RustVecGame

__all__ = [
    "Game", "VecGame", "games", "game_options", "game_players", "relative_observation", "compact_observation", "GAMES",
]

#: The games' ids, as ``eons games`` and records name them.
GAMES = tuple(game_id for game_id, _ in _eons.games())


def games():
    """The games: a list of ``(id, name)``."""
    return list(_eons.games())


def game_options(name):
    """The setup options of a game: a list of ``(option, help)``."""
    return list(_eons.game_options(name))


def game_players(name):
    """The player counts a game takes with no options, in order."""
    return list(_eons.game_players(name))


def relative_observation(game, seat):
    """``seat``'s observer-relative observation of ``game``: its
    ``observation_tensor(seat)`` with every seat axis turned so that
    ``seat`` comes first, then the seats after it in seat order (wrapping
    round). Same length and sections; see docs/python.md."""
    return _eons.relative_observation(game, seat)


def compact_observation(game, seat):
    """``seat``'s compact observer-relative observation of ``game``: the
    observer-relative observation with every animal axis cut to the animals
    in the game, in slots ordered by seat from ``seat`` (its own animals
    first, then those of the seats after it, then any neutral ones), and a
    first section ``slot_animal`` saying which animal each slot is. Its
    sections: ``game.compact_observation_layout()``; see docs/python.md."""
    return _eons.compact_observation(game, seat)


#: One game of ``"ds"``, ``"marine"`` or ``"pangea"``:
#: ``Game(name, players, options=[...], seed=0)``, options as ``eons games``
#: lists them (``["multi"]``, ``["animals=birds,insects"]``); every random
#: draw comes from ``seed``, so the same seed and actions give the same game.
Game = _eons.Game


class VecGame:
    """``num_games`` games of one kind stepped together in Rust.

    ``VecGame(name, num_games, players, options=[], seed=0, threads=1,
    bots=None, shaped=False, max_decisions=None, all_seats=False,
    relative=False, copy=True, compact=False)``. :meth:`reset` and :meth:`step` return ``(observations,
    masks, rewards, dones, players)``: the observation of the seat to move
    in each game ``(N, observation_size)`` float32 (``all_seats=True``:
    every seat's, ``(N, players, observation_size)``), its action mask
    ``(N, A)`` uint8 (or, with ``masks="ids"``, the ragged legal ids
    ``(ids, offsets)``), the rewards ``(N, num_players)`` float32 (the
    returns of the games that just ended; with ``shaped=True`` also each
    seat's change of score since the last step), which games just ended
    ``(N,)`` bool, and the seat to move ``(N,)`` int64. A game that ends
    starts again at once: game ``i``'s ``k``-th game (from 0) has the seed
    ``seed + k * N + i``, whatever ``threads``.

    ``bots={1: "greedy", 3: "mcts:50it"}`` has those seats played by the
    Rust bots inside the step: every game then waits on a learner's seat,
    and the rewards of the bots' moves come with the learner's next step.
    ``max_decisions=N`` cuts a game after N decisions (done, with
    :meth:`truncations` set). ``relative=True`` gives observer-relative
    observations (:func:`relative_observation`), ``compact=True`` compact ones
    (:func:`compact_observation`; their sections: :meth:`observation_layout`).
    ``copy=False`` returns the batch's own
    arrays, read-only and refilled in place: valid until the next step.
    """

    def __init__(self, name, num_games, players, options=(), seed=0, threads=1,
                 bots=None, shaped=False, max_decisions=None, all_seats=False,
                 relative=False, copy=True, compact=False):
        self._inner = _RustVecGame(
            name, num_games, players, list(options), seed, threads,
            {int(seat): str(spec) for seat, spec in (bots or {}).items()},
            shaped, max_decisions, all_seats, relative, copy, compact,
        )

    def __len__(self):
        return len(self._inner)

    def __repr__(self):
        return repr(self._inner)

    def num_distinct_actions(self):
        return self._inner.num_distinct_actions()

    def observation_size(self):
        return self._inner.observation_size()

    def num_players(self):
        return self._inner.num_players()

    def observation_layout(self):
        """The sections of one observation as :meth:`step` returns it (the
        compact layout with ``compact=True``): ``(name, offset, length,
        about)`` each."""
        return self._inner.observation_layout()

    def bots(self):
        """The seats the bots play: ``{seat: spec}``."""
        return dict(self._inner.bots())

    def reset(self, observations=True, masks=True):
        """The batch as it stands: ``(observations, masks, rewards, dones,
        players)``; ``observations=False`` or ``masks=False`` gives None in
        their place and saves their cost, ``masks="ids"`` the ragged legal
        ids ``(ids, offsets)``."""
        return self._inner.state(observations, masks)

    def step(self, actions, observations=True, masks=True):
        """Plays ``actions[i]`` in game ``i`` (and the bots' moves after
        it); returns the next batch. An illegal action raises ValueError
        naming its game, which is left unchanged (the other games have
        played theirs)."""
        import numpy as np

        return self._inner.step(np.ascontiguousarray(actions, dtype=np.int64), observations, masks)

    def truncations(self):
        """Which games the last step cut at ``max_decisions`` ((N,) bool;
        they are done too)."""
        return self._inner.truncations()

    def sample_actions(self):
        """One uniformly random legal action per game (int64)."""
        return self._inner.sample_actions()

    def game(self, i):
        """A copy of game ``i`` as a :class:`Game`."""
        return self._inner.game(i)
