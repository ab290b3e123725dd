"""The games registered with OpenSpiel: its random-simulation test, its own
MCTS and ISMCTS bots playing to the end, explicit seeds, and perfect-recall
information states that show each seat only what the rules let it see."""

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

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
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


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


def test_the_compact_observer_reads_the_kit_s_compact_observation():
    game = pyspiel.load_game("eons_pangea", {"players": 3})
    observer = make_observation(game, params={"compact": True})
    state = game.new_initial_state()
    for _ in range(25):
        state.apply_action(state.legal_actions()[-1])
    for seat in range(3):
        observer.set_from(state, seat)
        assert np.array_equal(observer.tensor, eons.compact_observation(state.eons, seat))
        # Slot 0 is the group the observing seat leads.
        offset = {n: o for n, o, _, _ in state.eons.observation_layout()}["seat_group"]
        mine = state.eons.observation_tensor(seat)[offset + 4 * seat:offset + 4 * seat + 4]
        assert np.argmax(observer.dict["slot_animal"][:4]) == np.argmax(mine)
    with pytest.raises(ValueError):
        make_observation(game, params={"sideways": True})


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


# --- Seeds: explicit and stable ---------------------------------------------


def test_every_new_initial_state_is_the_deal_of_the_seed_parameter():
    game = pyspiel.load_game("eons_ds", {"players": 2, "seed": 5})
    first = game.new_initial_state()
    # OpenSpiel's own calls (shapes, observers) draw no seed any more.
    game.observation_tensor_shape()
    game.information_state_tensor_shape()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    again = game.new_initial_state()
    assert first.eons.seed == again.eons.seed == 5
    assert first.eons.view(0) == again.eons.view(0)


def test_with_deals_the_initial_state_is_a_chance_node_over_seeds():
    game = pyspiel.load_game("eons_marine", {"players": 2, "seed": 100, "deals": 4})
    assert game.max_chance_outcomes() == 4
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(d, 0.25) for d in range(4)]
    state.apply_action(3)
    assert not state.is_chance_node()
    assert state.eons.seed == 103
    assert state.history() == [3]
    # The deal is in the history: deserialising replays it.
    state.apply_action(state.legal_actions()[0])
    again = game.deserialize_state(state.serialize())
    assert again.eons.seed == 103 and again.history() == state.history()
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


# --- Information states -------------------------------------------------------

@pytest.mark.parametrize("name,players", [("eons_ds", 2), ("eons_marine", 2), ("eons_pangea", 2)])
def test_openspiel_s_ismcts_bot_plays_each_game_to_the_end(name, players):
    game = pyspiel.load_game(name, {"players": players, "seed": 2})
    assert game.get_type().provides_information_state_string
    state = game.new_initial_state()
    searcher = ismcts.ISMCTSBot(
        game,
        RustRolloutEvaluator(n_rollouts=1, seed=1),
        uct_c=2.0,
        max_simulations=2,
        random_state=np.random.RandomState(7),
    )
    opponent = pyspiel.make_uniform_random_bot(1, 5)
    moves = 0
    while not state.is_terminal():
        bot = searcher if state.current_player() == 0 else opponent
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 50
    assert sorted(state.returns())[-1] == 1.0


def _secret_draft(players=2, seed=4):
    """A Marine state at a draft pick with two picks that the other seats
    read alike (the pick is secret), and the seat to move."""
    game = pyspiel.load_game("eons_marine", {"players": players, "seed": seed})
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        seat = state.current_player()
        other = (seat + 1) % players
        legal = state.legal_actions()
        seen = {}
        for action in legal:
            seen.setdefault(state.eons.action_seen_by(action, other), []).append(action)
        alike = [actions for actions in seen.values() if len(actions) > 1]
        if alike and any(
            state.eons.action_seen_by(a, other) != state.eons.action_seen_by(a, seat) for a in alike[0]
        ):
            return state, seat, alike[0][:2]
        state.apply_action(rng.choice(legal))
    raise AssertionError("no secret draft pick in a whole game")


def test_a_secret_draft_pick_reaches_the_other_seats_information_state_as_its_rules_let_them_see_it():
    """Marine p.5: draft picks stay secret until all reveal. Two different
    picks read the same to the other seat, so its information state (and
    the history as it saw it) is the same after either; the picker's is not."""
    state, picker, (one, two) = _secret_draft()
    other = 1 - picker
    state.information_state_string(other)  # recall starts before the pick
    first, second = state.clone(), state.clone()
    first.apply_action(one)
    second.apply_action(two)
    assert first.history() != second.history()
    assert first.history_seen_by(other) == second.history_seen_by(other)
    assert first.information_state_string(other) == second.information_state_string(other)
    assert np.array_equal(first.information_state_tensor(other), second.information_state_tensor(other))
    assert first.information_state_string(picker) != second.information_state_string(picker)
    assert first.history_seen_by(picker)[-1] == (picker, one)
    assert isinstance(first.history_seen_by(other)[-1][1], str)


def test_information_states_are_the_same_whether_kept_from_the_start_or_replayed_later():
    game = pyspiel.load_game("eons_pangea", {"players": 3, "seed": 9})
    kept = game.new_initial_state()
    kept.information_state_string(0)  # recall kept step by step from here
    late = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(60):
        action = rng.choice(kept.legal_actions())
        kept.apply_action(action)
        late.apply_action(action)
    for seat in range(3):
        assert kept.information_state_string(seat) == late.information_state_string(seat)
        assert kept.history_seen_by(seat) == late.history_seen_by(seat)


def test_an_information_state_remembers_what_the_observation_forgot():
    """Perfect recall: two states whose current observations are equal but
    whose pasts differ have different information states."""
    game = pyspiel.load_game("eons_ds", {"players": 2, "seed": 1})
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    strings = set()
    for _ in range(40):
        strings.add(state.information_state_string(0))
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(strings) == 40  # every decision is a new information state


def test_resampling_keeps_the_seat_s_information_state_and_re_draws_the_rest():
    game = pyspiel.load_game("eons_pangea", {"players": 2, "seed": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    sampled = state.resample_from_infostate(seat, rng.uniform)
    assert sampled.information_state_string(seat) == state.information_state_string(seat)
    assert np.array_equal(sampled.information_state_tensor(seat), state.information_state_tensor(seat))


def test_information_state_tensors_are_the_observation_and_the_recall_bits():
    game = pyspiel.load_game("eons_marine", {"players": 3})
    size = game.observation_tensor_size()
    assert game.information_state_tensor_shape() == [size + eons.openspiel.RECALL_BITS]
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    tensor = np.asarray(state.information_state_tensor(1), dtype=np.float32)
    assert np.array_equal(tensor[:size], state.eons.observation_tensor(1))
    assert set(np.unique(tensor[size:])) <= {0.0, 1.0}
    observer = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=True)
    )
    observer.set_from(state, 1)
    assert np.array_equal(observer.tensor, tensor)
    assert observer.string_from(state, 1) == state.information_state_string(1)
