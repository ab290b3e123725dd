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


GAMES = [("ds", 4), ("marine", 4), ("pangea", 4), ("ds", 2), ("marine", 3), ("pangea", 2)]


@pytest.mark.parametrize("name,players", GAMES)
def test_batch_observations_equal_each_games_observation_tensor_for_every_seat(name, players):
    # Copies, lent arrays, the seat to move and every seat: always the
    # values `Game.observation_tensor` gives, over random games.
    copied = eons.VecGame(name, 3, players, seed=31)
    lent = eons.VecGame(name, 3, players, seed=31, copy=False)
    every = eons.VecGame(name, 3, players, seed=31, all_seats=True, threads=2)
    seen = set()
    for step in range(400):
        actions = copied.sample_actions()
        assert np.array_equal(actions, lent.sample_actions())
        assert np.array_equal(actions, every.sample_actions())
        obs, masks, _, _, to_move = copied.step(actions)
        lent_obs, lent_masks, _, _, _ = lent.step(actions)
        all_obs, _, _, _, _ = every.step(actions)
        assert all_obs.shape == (3, players, copied.observation_size())
        for i in range(3):
            game = copied.game(i)
            seat = int(to_move[i])
            expected = game.observation_tensor(seat)
            assert np.array_equal(obs[i], expected)
            assert np.array_equal(lent_obs[i], expected)
            assert np.array_equal(lent_masks[i], game.action_mask())
            for s in range(players):
                assert np.array_equal(all_obs[i, s], game.observation_tensor(s))
            seen.add(seat)
    assert seen == set(range(players))


@pytest.mark.parametrize("name,players", [("ds", 4), ("ds", 3), ("marine", 4), ("pangea", 3)])
def test_observations_rewritten_in_place_stay_exact_across_seats_gaps_and_turns(name, players):
    # A batch rewrites each row in place, only where the game changed
    # (`Learnable::observe_again`): the row must still equal the whole
    # observation when the seat to move changes, when a step asks for no
    # observations, when games restart, and when the row is turned to the
    # observer first and back.
    absolute = eons.VecGame(name, 4, players, seed=57, copy=False, max_decisions=300)
    relative = eons.VecGame(
        name, 4, players, seed=57, copy=False, relative=True, max_decisions=300
    )
    restarted = 0
    for step in range(700):
        actions = absolute.sample_actions()
        assert np.array_equal(actions, relative.sample_actions())
        wanted = step % 7 != 3
        obs, _, _, dones, to_move = absolute.step(actions, observations=wanted)
        turned, _, _, _, _ = relative.step(actions, observations=wanted)
        restarted += int(dones.sum())
        if not wanted:
            assert obs is None and turned is None
            continue
        for i in range(4):
            game = absolute.game(i)
            seat = int(to_move[i])
            assert np.array_equal(obs[i], game.observation_tensor(seat))
            assert np.array_equal(turned[i], eons.relative_observation(game, seat))
    assert restarted > 0


def test_lent_arrays_are_read_only_and_refilled_in_place():
    batch = eons.VecGame("marine", 2, 2, seed=3, copy=False)
    obs, masks, rewards, dones, to_move = batch.reset()
    assert not obs.flags.writeable and not masks.flags.writeable
    with pytest.raises(ValueError):
        obs[0, 0] = 5.0
    again = batch.step(batch.sample_actions())
    assert np.shares_memory(again[0], obs) and np.shares_memory(again[1], masks)
    copied = eons.VecGame("marine", 2, 2, seed=3)
    first = copied.reset()[0]
    second = copied.step(copied.sample_actions())[0]
    assert not np.shares_memory(first, second)


@pytest.mark.parametrize("name,players", [("ds", 3), ("marine", 2), ("pangea", 4)])
def test_ragged_legal_ids_are_the_masks_ids(name, players):
    ids_batch = eons.VecGame(name, 4, players, seed=8)
    mask_batch = eons.VecGame(name, 4, players, seed=8)
    (ids, offsets) = ids_batch.reset(masks="ids")[1]
    masks = mask_batch.reset()[1]
    for _ in range(200):
        assert offsets.shape == (5,) and offsets[0] == 0 and offsets[-1] == len(ids)
        for i in range(4):
            assert list(ids[offsets[i]:offsets[i + 1]]) == list(np.flatnonzero(masks[i]))
        actions = ids_batch.sample_actions()
        assert np.array_equal(actions, mask_batch.sample_actions())
        ids, offsets = ids_batch.step(actions, masks="ids")[1]
        masks = mask_batch.step(actions)[1]


def test_observation_into_writes_the_observation_tensor():
    game = eons.Game("pangea", 3, seed=2)
    game.play_random(1, steps=40)
    out = np.full(game.observation_size(), 7.0, dtype=np.float32)
    for seat in range(3):
        game.observation_into(seat, out)
        assert np.array_equal(out, game.observation_tensor(seat))
    with pytest.raises(ValueError):
        game.observation_into(0, np.zeros(3, dtype=np.float32))


@pytest.mark.parametrize("name", ["ds", "marine", "pangea"])
def test_a_batch_with_bots_stops_only_at_the_learners_seats(name):
    bots = {1: "greedy", 2: "random", 3: "mcts:20it"}
    batch = eons.VecGame(name, 3, 4, seed=5, bots=bots)
    assert batch.bots() == {1: "greedy", 2: "random", 3: "mcts:20it"}
    obs, masks, rewards, dones, to_move = batch.reset()
    assert (to_move == 0).all()
    finished = 0
    for _ in range(5000):
        obs, masks, rewards, dones, to_move = batch.step(batch.sample_actions())
        assert (to_move == 0).all()
        for i in range(3):
            game = batch.game(i)
            assert game.current_player() == 0
            assert np.array_equal(obs[i], game.observation_tensor(0))
        for i in np.flatnonzero(dones):
            assert sorted(rewards[i]) == [0.0, 0.0, 0.0, 1.0]
            finished += 1
        assert rewards[~dones].sum() == 0
        if finished >= 1:
            break
    assert finished >= 1


def test_bots_in_a_batch_play_as_the_rust_bots_do_and_are_reproducible():
    # Two batches of the same seed play the same games; each bot move is a
    # legal action of the seat it plays.
    one = eons.VecGame("ds", 2, 3, seed=9, bots={1: "greedy", 2: "mcts:10it"})
    two = eons.VecGame("ds", 2, 3, seed=9, bots={1: "greedy", 2: "mcts:10it"}, threads=2)
    one.reset()
    two.reset()
    for _ in range(30):
        a = one.sample_actions()
        assert np.array_equal(a, two.sample_actions())
        for x, y in zip(one.step(a), two.step(a)):
            assert np.array_equal(x, y)
    assert one.game(0).history() == two.game(0).history()
    game = one.game(0)
    replay = eons.Game("ds", 3, seed=9)
    bot_moves = 0
    for action in game.history():
        assert action in replay.legal_actions()
        bot_moves += replay.current_player() != 0
        replay.apply(action)
    assert bot_moves > 0


def test_shaped_rewards_are_score_changes_and_truncation_cuts_games():
    batch = eons.VecGame("ds", 2, 2, seed=4, bots={1: "greedy"}, shaped=True, max_decisions=60)
    batch.reset()
    totals = np.zeros((2, 2))
    cut = 0
    for _ in range(200):
        before = [batch.game(i).scores() for i in range(2)]
        _, _, rewards, dones, _ = batch.step(batch.sample_actions())
        truncated = batch.truncations()
        assert (dones | ~truncated).all()
        for i in range(2):
            if not dones[i]:
                after = batch.game(i).scores()
                assert list(rewards[i]) == [a - b for a, b in zip(after, before[i])]
                assert len(batch.game(i).history()) < 60
            else:
                assert truncated[i]
                assert batch.game(i).history() == [] or batch.game(i).current_player() == 0
                cut += 1
        totals += rewards
    assert cut >= 2 and totals.any()


def test_bad_bot_seats_are_refused():
    with pytest.raises(IndexError):
        eons.VecGame("ds", 2, 2, bots={2: "greedy"})
    with pytest.raises(ValueError, match="learner"):
        eons.VecGame("ds", 2, 2, bots={0: "greedy", 1: "greedy"})
    with pytest.raises(ValueError):
        eons.VecGame("ds", 2, 2, bots={1: "alphazero"})


def _rotated(game, seat, spans):
    # The absolute observation with the named seat sections turned by hand.
    players = game.num_players()
    obs = game.observation_tensor(seat).copy()
    for name, offset, length, _ in game.observation_layout():
        if name not in spans:
            continue
        block = obs[offset:offset + length]
        if spans[name] == "outer":
            block = block.reshape(players, -1)
            obs[offset:offset + length] = np.roll(block, -seat, axis=0).ravel()
        else:
            block = block.reshape(-1, players)
            obs[offset:offset + length] = np.roll(block, -seat, axis=1).ravel()
    return obs


SEAT_SECTIONS = {
    "ds": {"animal_seat": "inner", "to_move_seat": "inner", "observer_seat": "inner"},
    "marine": {"observer": "inner", "to_move": "inner", "animal_owner": "inner"},
    "pangea": dict(
        {"observer": "inner", "to_move": "inner", "winners": "inner", "objective_claims": "inner"},
        **{f"seat_{s}": "outer" for s in (
            "group", "initiative", "dominance", "action_points", "actions_taken", "passed",
            "instinct", "card_counts", "evolution", "objective_markers", "stage_counts", "armed",
            "fat_reserves")},
    ),
}


@pytest.mark.parametrize("name,players", [("ds", 4), ("marine", 3), ("pangea", 4)])
def test_relative_observations_put_the_observer_first(name, players):
    batch = eons.VecGame(name, 2, players, seed=12, relative=True, all_seats=True)
    layout = {n: (o, l) for n, o, l, _ in batch.game(0).observation_layout()}
    observer = layout["observer_seat" if name == "ds" else "observer"]
    to_move = layout["to_move_seat" if name == "ds" else "to_move"]
    for _ in range(150):
        obs = batch.step(batch.sample_actions())[0]
        for i in range(2):
            game = batch.game(i)
            mover = game.current_player()
            for seat in range(players):
                relative = obs[i, seat]
                assert np.array_equal(relative, eons.relative_observation(game, seat))
                # The observer is always relative seat 0, the mover where
                # it sits counted from the observer.
                assert list(relative[observer[0]:observer[0] + players]) == [1] + [0] * (players - 1)
                assert relative[to_move[0] + (mover - seat) % players] == 1
                assert np.array_equal(relative, _rotated(game, seat, SEAT_SECTIONS[name]))
                # Only seat axes move: the sections not listed are as they were.
                absolute = game.observation_tensor(seat)
                assert sorted(relative) == sorted(absolute)


# The absolute sections that say which animals the observer plays, and how
# many animals (Pangea: groups) each game has.
OWN_ANIMALS = {"ds": "observer_animals", "marine": "animal_is_mine"}
ANIMALS = {"ds": 6, "marine": 4, "pangea": 4}


@pytest.mark.parametrize("name,players,options", [
    ("ds", 4, []), ("ds", 2, ["multi"]), ("marine", 2, ["two-animals"]), ("marine", 3, []),
    ("pangea", 4, []), ("pangea", 2, []),
])
def test_compact_observations_put_the_observers_animals_first(name, players, options):
    batch = eons.VecGame(name, 3, players, options=options, seed=21, compact=True,
                         all_seats=True, copy=False, max_decisions=60)
    layout = batch.observation_layout()
    assert layout[0][0] == "slot_animal"
    assert sum(length for _, _, length, _ in layout) == batch.observation_size()
    sections = {n: (o, l) for n, o, l, _ in layout}
    probe = batch.game(0)
    assert batch.observation_size() == len(eons.compact_observation(probe, 0))
    assert probe.compact_observation_layout() == layout
    if name == "ds" and players == 4:
        # Four of the six animals play: every animal axis is cut by a third.
        assert batch.observation_size() < probe.observation_size()
    offset, length = sections["slot_animal"]
    for _ in range(130):
        obs = batch.step(batch.sample_actions())[0]
        for i in range(3):
            game = batch.game(i)
            for seat in range(players):
                compact = obs[i, seat]
                assert np.array_equal(compact, eons.compact_observation(game, seat))
                slots = compact[offset:offset + length]
                first = int(np.argmax(slots[:ANIMALS[name]]))
                absolute = game.observation_tensor(seat)
                full = {n: (o, l) for n, o, l, _ in game.observation_layout()}
                if name == "pangea":
                    o, _ = full["seat_group"]
                    mine = int(np.argmax(absolute[o + seat * 4:o + seat * 4 + 4]))
                    assert first == mine
                else:
                    o, _ = full[OWN_ANIMALS[name]]
                    assert absolute[o + first] == 1
                # The compact observation only moves values of the absolute
                # one (and adds the 0/1 slot section).
                assert set(np.unique(compact)) <= set(np.unique(absolute)) | {0.0, 1.0}


@pytest.mark.parametrize("name,players", [("ds", 4), ("marine", 2), ("pangea", 4)])
def test_the_factored_action_space_is_one_to_one_with_the_ids(name, players):
    import json

    import eons.actions

    f = eons.actions.factors(name, players)
    game = eons.Game(name, players)
    assert f.table.shape == (game.num_distinct_actions(), 3)
    for action, (kind, source, target) in enumerate(f.table):
        assert f.compose(kind, source, target) == action
        assert 0 <= source < f.sources[kind] and 0 <= target < f.targets[kind]
        assert f.kinds[kind] in game.action_to_json(action)
    assert sum(int((ids >= 0).sum()) for ids in f.ids) == game.num_distinct_actions()
    # Moves share their target factor: every move to one place has the same
    # target, and a kind with targets is a kind of movement.
    moving = {k for k, t in zip(f.kinds, f.targets) if t > 1}
    assert "Move" in moving and moving <= {"Move", "MoveOf"}
    move = f.kinds.index("Move")
    by_target = {}
    for action in np.flatnonzero(f.table[:, 0] == move):
        payload = json.loads(game.action_to_json(int(action)))["Move"]
        where = json.dumps(payload.get("to", [payload.get("region"), payload.get("niche")]))
        assert by_target.setdefault(where, f.table[action, 2]) == f.table[action, 2]
