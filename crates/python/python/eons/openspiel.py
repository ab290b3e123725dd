"""The three games as OpenSpiel games: ``import eons.openspiel`` registers
``eons_ds``, ``eons_marine`` and ``eons_pangea`` with ``pyspiel``.

>>> import pyspiel
>>> import eons.openspiel
>>> game = pyspiel.load_game("eons_ds", {"players": 4})
>>> state = game.new_initial_state()

Parameters: ``players``; ``seed`` and ``deals`` (below); ``options``, setup
options separated by ``;`` (``"multi;animals=birds,insects"``).

Seeds are explicit. With ``deals=1`` (the default) every
``new_initial_state()`` is the same game, the deal of ``seed``, however
often and by whom it is called. With ``deals=K`` (K > 1) the initial state
is a chance node with K equally likely outcomes, outcome ``d`` being the
deal of seed ``seed + d``: the algorithm's own random generator picks the
deal, the pick is in ``state.history()`` (so serialisation replays it), and
nothing else draws a seed. After the deal, every draw comes from the deal's
seeded generator, fixed when the game starts, so a state and an action
determine the next state (as for a deck shuffled face down at setup: a
clone draws what the original would, and ``resample_from_infostate``
re-draws what the player has not seen).

Returns are terminal: 1 for the winner, 0 for the others (constant sum 1).
States serialise (OpenSpiel's ``serialize``, pickle) with their hidden part.
Observation tensors are the seat's observations of ``docs/python.md``;
``observer.dict`` names their sections. ``make_observation(game,
params={"compact": True})`` gives the compact observer-relative ones (the
seat's own animals first: :func:`eons.compact_observation`).

Information states have perfect recall: the seat's own action-observation
history, kept compact as a running 128-bit digest of every decision as the
seat saw it (its own choices whole, the others' as the rules let it read
them: a secret Marine draft pick without its card) and of its observation
after each. ``information_state_string`` is that digest with the seat and
the decision count; ``information_state_tensor`` is the observation tensor
followed by the digest's 128 bits (section ``recall``), so that two tensors
are equal only when the seat saw the same history. ``state.history()`` is
the true history (OpenSpiel needs it to serialise); ``history_seen_by(p)``
is the history as seat ``p`` saw it. OpenSpiel's ``ISMCTSBot`` plays on
these. :class:`RustRolloutEvaluator` plays MCTS rollouts in Rust.
"""


from __future__ import annotations

import hashlib
import json

import numpy as np
import pyspiel

import eons
from . import Game

__all__ = ["GAMES", "RECALL_BITS", "RustRolloutEvaluator", "register"]

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


#: Bits of the recall digest at the end of an information-state tensor.
RECALL_BITS = 128


def _token(game, action, actor, viewer):
    """How seat ``viewer`` saw ``action`` by ``actor`` (the game before it):
    the action id when it may read it whole, else the text it reads."""
    if viewer == actor:
        return (actor, action)
    seen = game.action_seen_by(action, viewer)
    if seen == game.action_seen_by(action, actor):
        return (actor, action)
    return (actor, seen)


def _digest(before, token, observation):
    """The next recall digest: the previous one, a decision as seen, and the
    observation after it."""
    h = hashlib.blake2b(before, digest_size=RECALL_BITS // 8)
    h.update(repr(token).encode())
    h.update(observation.tobytes())
    return h.digest()


class _Recall:
    """What every seat has seen so far: its digest, and its history as seen
    as a chain of ``(token, earlier)`` pairs that copies share (a copy costs
    the same at decision 5 and at decision 5,000)."""

    __slots__ = ("digests", "chains", "decisions")

    def __init__(self, game):
        players = game.num_players()
        self.digests = [_digest(b"", None, game.observation_tensor(p)) for p in range(players)]
        self.chains = [None] * players
        self.decisions = 0

    def copy(self):
        other = _Recall.__new__(_Recall)
        other.digests = list(self.digests)
        other.chains = list(self.chains)
        other.decisions = self.decisions
        return other

    def __deepcopy__(self, memo):
        # The digests are bytes and the chains immutable: sharing them is a copy.
        return self.copy()

    def tokens(self, game, action):
        actor = game.current_player()
        return [_token(game, action, actor, p) for p in range(len(self.digests))]

    def advance(self, game, tokens):
        for p, token in enumerate(tokens):
            self.digests[p] = _digest(self.digests[p], token, game.observation_tensor(p))
            self.chains[p] = (token, self.chains[p])
        self.decisions += 1

    def seen(self, player):
        """Seat ``player``'s history as seen, oldest first."""
        tokens = []
        link = self.chains[player]
        while link is not None:
            token, link = link
            tokens.append(token)
        tokens.reverse()
        return tokens

    def __getstate__(self):
        return (self.digests, [self.seen(p) for p in range(len(self.chains))], self.decisions)

    def __setstate__(self, state):
        self.digests, seen, self.decisions = state
        self.chains = []
        for tokens in seen:
            link = None
            for token in tokens:
                link = (token, link)
            self.chains.append(link)


def _make(game_id):
    short, long_name, fewest, most, default = GAMES[game_id]
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default, "seed": 0, "deals": 1, "options": ""},
    )

    class EonsGame(pyspiel.Game):
        """An Eons game for OpenSpiel."""

        def __init__(self, params=None):
            params = dict(params or {})
            self._players = int(params.get("players", default))
            self._seed = int(params.get("seed", 0))
            self._deals = int(params.get("deals", 1))
            if self._deals < 1:
                raise ValueError(f"deals must be at least 1, not {self._deals}")
            self._setup_options = _options(params)
            probe = Game(game_id, self._players, self._setup_options, self._seed)
            info = pyspiel.GameInfo(
                num_distinct_actions=probe.num_distinct_actions(),
                max_chance_outcomes=self._deals if self._deals > 1 else 0,
                num_players=self._players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, params)
            self._observation_size = probe.observation_size()
            self._layout = probe.observation_layout()

        def deal(self, seed):
            """The game of one seed, as a state (whatever ``deals`` says)."""
            return EonsState(self, Game(game_id, self._players, self._setup_options, seed))

        def new_initial_state(self):
            if self._deals > 1:
                return EonsState(self, None)
            return self.deal(self._seed)

        def observation_tensor_shape(self):
            return [self._observation_size]

        def observation_tensor_size(self):
            return self._observation_size

        def information_state_tensor_shape(self):
            return [self._observation_size + RECALL_BITS]

        def information_state_tensor_size(self):
            return self._observation_size + RECALL_BITS

        def make_py_observer(self, iig_obs_type=None, params=None):
            params = dict(params or {})
            compact = bool(params.pop("compact", False))
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            if compact:
                if iig_obs_type is not None and iig_obs_type.perfect_recall:
                    raise ValueError("the compact observation has no perfect-recall form")
                probe = Game(game_id, self._players, self._setup_options, self._seed)
                return EonsCompactObserver(probe.compact_observation_layout())
            if iig_obs_type is not None and iig_obs_type.perfect_recall:
                return EonsInformationStateObserver(self._observation_size, self._layout)
            return EonsObserver(self._observation_size, self._layout)

    class EonsState(pyspiel.State):
        """A state of an Eons game: an :class:`eons.Game` inside (None while
        the deal is still to be drawn)."""

        def __init__(self, game, eons_game, recall=None):
            super().__init__(game)
            self.eons = eons_game
            # Started on the first request for an information state: until
            # then applying an action costs nothing more.
            self._recall = recall

        def current_player(self):
            if self.eons is None:
                return pyspiel.PlayerId.CHANCE
            seat = self.eons.current_player()
            return pyspiel.PlayerId.TERMINAL if seat is None else seat

        def is_chance_node(self):
            return self.eons is None

        def chance_outcomes(self):
            if self.eons is not None:
                return []
            deals = self.get_game()._deals
            return [(d, 1.0 / deals) for d in range(deals)]

        def _legal_actions(self, player):
            if self.eons is None or player != self.eons.current_player():
                return []
            return self.eons.legal_actions()

        def _apply_action(self, action):
            action = int(action)
            if self.eons is None:
                game = self.get_game()
                if not 0 <= action < game._deals:
                    raise ValueError(f"no deal {action}: deals are 0 to {game._deals - 1}")
                self.eons = Game(game_id, game._players, game._setup_options, game._seed + action)
                return
            if self._recall is None:
                self.eons.apply(action)
                return
            tokens = self._recall.tokens(self.eons, action)
            self.eons.apply(action)
            self._recall.advance(self.eons, tokens)

        def _action_to_string(self, player, action):
            if self.eons is None:
                return f"deal {int(action)} (seed {self.get_game()._seed + int(action)})"
            return self.eons.action_to_string(int(action))

        def is_terminal(self):
            return self.eons is not None and self.eons.is_over()

        def returns(self):
            if self.eons is None:
                return [0.0] * self.get_game()._players
            return self.eons.returns()

        def rewards(self):
            return self.returns()

        def recall(self):
            """Every seat's recall, computed from the game's record the first
            time (the actions replayed from the deal), then kept up as the
            game goes on."""
            if self._recall is None and self.eons is not None:
                game = self.get_game()
                replay = Game(game_id, game._players, game._setup_options, self.eons.seed)
                recall = _Recall(replay)
                for action in self.eons.history():
                    tokens = recall.tokens(replay, action)
                    replay.apply(action)
                    recall.advance(replay, tokens)
                self._recall = recall
            return self._recall

        def history_seen_by(self, player):
            """The decisions so far as seat ``player`` saw them: ``(seat,
            action)`` where it could read the action whole, ``(seat, text)``
            with the text it read where the rules hide part of it (a secret
            draft pick). The deal, a chance outcome, is not in it."""
            if self.eons is None:
                return []
            return self.recall().seen(player)

        def information_state_string(self, player=None):
            player = self.current_player() if player is None else player
            return _information_state_string(self, player)

        # The tensors come as float32 NumPy arrays rather than OpenSpiel's
        # lists: thousands of Python floats would cost more than the engine
        # takes to write them (an array indexes, iterates and converts alike).
        def information_state_tensor(self, player=None):
            player = self.current_player() if player is None else player
            return _information_state_tensor(self, player)

        def observation_string(self, player=None):
            player = self.current_player() if player is None else player
            return _observation_string(self, player)

        def observation_tensor(self, player=None):
            player = self.current_player() if player is None else player
            _check_player(self, player)
            if self.eons is None:
                return np.zeros(self.get_game()._observation_size, np.float32)
            return self.eons.observation_tensor(player)

        def resample_from_infostate(self, player_id, probability_sampler):
            if self.eons is None:
                return self.clone()
            seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else 0
            clone = self.clone()
            # The seat's recall travels into the re-drawn world: it cannot
            # tell the worlds apart (the other seats' past is not re-drawn).
            clone._recall = self.recall().copy()
            clone.eons = self.eons.determinize(player_id, seed)
            return clone

        def __deepcopy__(self, memo):
            recall = None if self._recall is None else self._recall.copy()
            eons_game = None if self.eons is None else self.eons.clone()
            return EonsState(self.get_game(), eons_game, recall)

        def __str__(self):
            if self.eons is None:
                return f"{game_id}: the deal is to be drawn"
            seat = self.eons.current_player()
            to_move = "over" if seat is None else f"player {seat} to move"
            return f"{game_id} seed {self.eons.seed}: {len(self.eons.history())} decisions, {to_move}"

    # Module-level names, so that pickle (OpenSpiel's serialisation, Ray,
    # multiprocessing) finds the classes again.
    for cls, kind in ((EonsGame, "Game"), (EonsState, "State")):
        cls.__name__ = cls.__qualname__ = f"Eons{game_id.capitalize()}{kind}"
        globals()[cls.__name__] = cls
    return game_type, EonsGame


def _check_player(state, player):
    players = state.get_game()._players
    if not 0 <= player < players:
        raise ValueError(f"player {player} is not at this table: players are 0 to {players - 1}")


def _observation_string(state, player):
    _check_player(state, player)
    if state.eons is None:
        return "the deal is to be drawn"
    return json.dumps(state.eons.view(player), sort_keys=True)


def _information_state_string(state, player):
    _check_player(state, player)
    if state.eons is None:
        return f"player {player}: the deal is to be drawn"
    recall = state.recall()
    return f"player {player}, decision {recall.decisions}, recall {recall.digests[player].hex()}"


def _information_state_tensor(state, player):
    _check_player(state, player)
    size = state.get_game()._observation_size
    tensor = np.zeros(size + RECALL_BITS, np.float32)
    if state.eons is not None:
        tensor[:size] = state.eons.observation_tensor(player)
        bits = np.unpackbits(np.frombuffer(state.recall().digests[player], np.uint8))
        tensor[size:] = bits
    return tensor


class EonsObserver:
    """OpenSpiel's observer for an Eons game: ``tensor`` (float32) and
    ``dict`` (its sections by name, views of ``tensor``)."""

    def __init__(self, size, layout):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor[offset:offset + length] for name, offset, length, _ in layout}

    def set_from(self, state, player):
        if state.eons is None:
            self.tensor.fill(0.0)
        else:
            # Written in place by the engine: no array made per call.
            state.eons.observation_into(player, self.tensor)

    def string_from(self, state, player):
        return _observation_string(state, player)


class EonsCompactObserver(EonsObserver):
    """OpenSpiel's observer of the compact observer-relative observation
    (``make_observation(game, params={"compact": True})``): ``tensor`` and
    ``dict`` as :class:`EonsObserver`'s, the compact layout's sections."""

    def __init__(self, layout):
        super().__init__(sum(length for _, _, length, _ in layout), layout)

    def set_from(self, state, player):
        if state.eons is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = eons.compact_observation(state.eons, player)


class EonsInformationStateObserver:
    """OpenSpiel's perfect-recall observer: the observation followed by the
    seat's 128-bit recall digest (section ``recall``)."""

    def __init__(self, size, layout):
        self.tensor = np.zeros(size + RECALL_BITS, np.float32)
        self.dict = {name: self.tensor[offset:offset + length] for name, offset, length, _ in layout}
        self._observation = self.tensor[:size]
        self.dict["recall"] = self.tensor[size:]

    def set_from(self, state, player):
        _check_player(state, player)
        if state.eons is None:
            self.tensor.fill(0.0)
            return
        state.eons.observation_into(player, self._observation)
        digest = np.frombuffer(state.recall().digests[player], np.uint8)
        self.dict["recall"][:] = np.unpackbits(digest)

    def string_from(self, state, player):
        return _information_state_string(state, player)


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
