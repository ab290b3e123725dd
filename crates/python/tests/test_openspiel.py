"""The games registered with OpenSpiel: its random-simulation test and its
own MCTS bot playing Dominant Species to the end."""

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import eons.openspiel  # noqa: F401  (registers the games)
from eons.openspiel import RustRolloutEvaluator


def test_the_three_games_are_registered():
    names = pyspiel.registered_names()
    for name in ("eons_ds", "eons_marine", "eons_pangea"):
        assert name in names


@pytest.mark.parametrize("name,players", [("eons_ds", 4), ("eons_marine", 3), ("eons_pangea", 2)])
def test_openspiel_s_random_simulation_test_passes(name, players):
    game = pyspiel.load_game(name, {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_state_pickles_with_its_hidden_part():
    game = pyspiel.load_game("eons_pangea", {"players": 3})
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(state.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert again.eons.view(0) == state.eons.view(0)
    # The same future: the generator came along.
    state.apply_action(state.legal_actions()[0])
    again.apply_action(again.legal_actions()[0])
    assert [again.eons.view(s) for s in range(3)] == [state.eons.view(s) for s in range(3)]


def test_parameters_reach_the_engine():
    game = pyspiel.load_game("eons_ds", {"players": 2, "seed": 5, "options": "multi"})
    state = game.new_initial_state()
    assert state.eons.seed == 5 and state.eons.num_players() == 2
    assert game.new_initial_state().eons.seed == 6
    with pytest.raises(Exception):
        pyspiel.load_game("eons_ds", {"players": 9})


def test_observation_tensors_are_the_seat_s_observation():
    game = pyspiel.load_game("eons_marine", {"players": 2})
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    for seat in range(2):
        assert np.array_equal(
            np.asarray(state.observation_tensor(seat), dtype=np.float32),
            state.eons.observation_tensor(seat),
        )


def test_openspiel_s_mcts_bot_plays_dominant_species_to_the_end():
    game = pyspiel.load_game("eons_ds", {"players": 2, "seed": 3})
    state = game.new_initial_state()
    searcher = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=3,
        evaluator=RustRolloutEvaluator(n_rollouts=1, seed=1),
        random_state=np.random.RandomState(7),
    )
    opponent = pyspiel.make_uniform_random_bot(1, 5)
    bots = [searcher, opponent]
    moves = 0
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 100
    assert sorted(state.returns()) == [0.0, 1.0]


def test_openspiel_registers_exactly_the_engines_games_with_their_player_counts():
    """The games come from the engines' one list (eons-games): no list of
    games is kept in Python."""
    assert tuple(eons.openspiel.GAMES) == eons.GAMES
    assert eons.game_players("ds") == [2, 3, 4, 5, 6]
    assert eons.game_players("dominant-species") == [2, 3, 4, 5, 6]
    assert eons.game_players("pangea") == [1, 2, 3, 4]
    for game_id, (short, _, fewest, most, default) in eons.openspiel.GAMES.items():
        counts = eons.game_players(game_id)
        assert (fewest, most) == (counts[0], counts[-1])
        game = pyspiel.load_game(short)
        assert game.num_players() == default
        assert game.get_type().max_num_players == most
