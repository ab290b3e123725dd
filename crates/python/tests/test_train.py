"""eons.train: the self-play shards it reads, the split by game, a network
that beats the baselines on held-out games, the network file and the model
card — on one small run of the pipeline command."""

import numpy as np
import pytest
from safetensors import safe_open
from safetensors.numpy import save_file

import eons
from eons import train

#: The test's run, about a minute: large enough that the network's
#: held-out log-loss beats an even guess and the VP leader's. Beating the
#: animal prior too takes thousands of games (the model cards in models/;
#: at this size the prior is as good: docs/learning.md, "Training").
GAME, PLAYERS, SEED, GAMES, EVERY = "ds", 4, 11, 400, 16


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("train")
    data, out = folder / "data", folder / "models"
    argv = [GAME, "--players", str(PLAYERS), "--seed", str(SEED), "--games", str(GAMES),
            "--every", str(EVERY), "--threads", "2", "--data", str(data), "--out", str(out)]
    result = train.pipeline(GAME, players=PLAYERS, seed=SEED, games=GAMES, every=EVERY, threads=2,
                            data=str(data), out=str(out), progress=False,
                            command="python -m eons.train " + " ".join(argv))
    return result, data / f"seed{SEED}-generation0"


def test_a_second_generation_plays_the_search_with_the_first_network(tmp_path):
    # Small and fast: the point is that generation 1 reads generation 0's
    # shards and network, plays the search with that network, and pools.
    data, out = tmp_path / "data", tmp_path / "models"
    result = train.pipeline("ds", players=4, seed=3, games=24, generations=2, every=64,
                            search="4it", threads=2, data=str(data), out=str(out),
                            max_epochs=2, progress=False, command="python -m eons.train (test)")
    first = data / "seed3-generation0"
    network = data / "seed3-generation0-network" / "ds-4p.safetensors"
    assert network.exists() and not list(first.glob("ds-4p.*"))
    second = train.read_shards(data / "seed3-generation1", game="ds")
    assert second.games == 24
    # Both generations' games, pooled, and the last network where --out says.
    assert result.shards.games == 48
    assert (out / "ds-4p.safetensors").exists()
    card = (out / "ds-4p.md").read_text()
    assert "generations: 2" in card and f"net={network}" in card


def test_the_shards_keep_to_the_contract(run):
    _, shards_folder = run
    shards = train.read_shards(shards_folder, game=GAME)
    length = eons.Game(GAME, PLAYERS).observation_size()
    rows = len(shards)
    assert rows > GAMES and shards.games == GAMES
    assert shards.observation.shape == (rows, length) and shards.observation.dtype == np.float32
    for per_seat in (shards.win, shards.vp, shards.final_vp, shards.evaluate, shards.role):
        assert per_seat.shape == (rows, PLAYERS)
    np.testing.assert_allclose(shards.win.sum(axis=1), 1.0, atol=1e-6)
    # The result and the final scores are the game's, on each of its rows.
    for game in np.unique(shards.game)[:20]:
        rows_of_game = shards.game == game
        assert (shards.win[rows_of_game] == shards.win[rows_of_game][0]).all()
        decisions = shards.decision[rows_of_game]
        assert (np.diff(decisions) > 0).all() and (decisions % EVERY == 0).all()
    assert len(shards.roles) == 6 and shards.role.max() < len(shards.roles)
    assert shards.bots == ["greedy"] and shards.searched_rows == 0


def _rewrite(source, target, change):
    with safe_open(str(source), framework="np") as handle:
        metadata = handle.metadata()
        tensors = {key: handle.get_tensor(key) for key in handle.keys()}
    change(tensors, metadata)
    save_file(tensors, str(target), metadata=metadata)


def test_the_reader_refuses_shards_that_break_the_contract(run, tmp_path):
    _, shards_folder = run
    source = sorted(shards_folder.glob("*.safetensors"))[0]

    def half_a_win(tensors, _):
        tensors["win"][0] *= 0.5

    def offsets_past_the_end(tensors, _):
        tensors["policy_offsets"][-1] += 1

    def another_format(_, metadata):
        metadata["format"] = "eons-selfplay-0"

    def a_short_observation(tensors, _):
        tensors["observation"] = np.ascontiguousarray(tensors["observation"][:, :-1])

    for change, message in [(half_a_win, "sum to 1"), (offsets_past_the_end, "policy_offsets"),
                            (another_format, "format"), (a_short_observation, "observation")]:
        broken = tmp_path / f"{change.__name__}.safetensors"
        _rewrite(source, broken, change)
        with pytest.raises(train.ShardError, match=message):
            train.read_shards(broken)
    unchanged = tmp_path / "unchanged.safetensors"
    _rewrite(source, unchanged, lambda tensors, metadata: None)
    assert len(train.read_shards(unchanged)) > 0


def test_the_split_is_by_game(run):
    result, _ = run
    shards = result.shards
    mask = train.split_by_game(shards.game, 0.2, seed=5)
    trained, held = set(shards.game[mask]), set(shards.game[~mask])
    assert trained and held and not trained & held
    assert len(held) == round(0.2 * shards.games)
    assert (train.split_by_game(shards.game, 0.2, seed=5) == mask).all()
    assert (train.split_by_game(shards.game, 0.2, seed=6) != mask).any()
    # The pipeline's own held-out games are games it did not train on.
    assert result.evaluation.games == round(0.2 * shards.games)


def test_relabelling_seats_is_the_engines_seat_turn():
    # Turning the seats so that seat 2 comes first is what the engine's
    # observer-relative observation does.
    game = eons.Game(GAME, PLAYERS, seed=4)
    game.play_random(9, steps=150)
    observation = game.observation_tensor(2)[None, :]
    win = np.arange(PLAYERS, dtype=np.float32)[None, :]
    inverse = ((np.arange(PLAYERS) + 2) % PLAYERS)[None, :]
    axes = train.seat_axes(GAME, PLAYERS)
    turned, turned_win = train.relabel_seats(observation, win, axes, inverse)
    np.testing.assert_array_equal(turned[0], eons.relative_observation(game, 2))
    assert (turned[0] != observation[0]).any()
    np.testing.assert_array_equal(turned_win[0], [2, 3, 0, 1])


def test_the_network_beats_an_even_guess_and_the_vp_leader_on_held_out_games(run):
    result, _ = run
    figures = result.evaluation.figures
    assert figures["network"].log_loss < figures["VP leader"].log_loss, figures
    assert figures["network"].log_loss < np.log(PLAYERS), figures


def test_the_network_file_holds_the_classifiers_weights(run):
    result, _ = run
    tensors, metadata = train.read_network(result.base + ".safetensors")
    classifier = result.network.classifier
    hidden_layers = len(classifier.coefs_) - 1
    assert metadata["format"] == "eons-value-1"
    assert metadata["game"] == GAME and metadata["players"] == str(PLAYERS)
    assert metadata["observation_len"] == str(eons.Game(GAME, PLAYERS).observation_size())
    assert metadata["layout"] == train.layout_digest(GAME, PLAYERS)
    assert metadata["hidden"] == ",".join(str(len(b)) for b in classifier.intercepts_[:-1])
    assert metadata["data_rows"] == str(len(result.shards))
    assert metadata["trained_by"].startswith("scikit-learn")
    for k in range(hidden_layers):
        np.testing.assert_array_equal(tensors[f"hidden.{k}.weight"], classifier.coefs_[k].T)
        np.testing.assert_array_equal(tensors[f"hidden.{k}.bias"], classifier.intercepts_[k])
    np.testing.assert_array_equal(tensors["value.weight"], classifier.coefs_[-1].T)
    np.testing.assert_array_equal(tensors["value.bias"], classifier.intercepts_[-1])
    assert tensors["value.weight"].shape[0] == PLAYERS
    np.testing.assert_array_equal(tensors["input.shift"], result.network.shift)
    np.testing.assert_array_equal(tensors["input.scale"], result.network.scale)
    # The file's forward pass (as Rust computes it) is the classifier's.
    observations = result.held.observation[:64]
    np.testing.assert_allclose(train.forward(tensors, observations),
                               result.network.predict(observations), atol=1e-5)


def test_the_reference_file_holds_held_out_inputs_and_the_classifiers_outputs(run):
    result, _ = run
    with safe_open(result.base + ".reference.safetensors", framework="np") as handle:
        inputs, outputs = handle.get_tensor("input"), handle.get_tensor("output")
    assert inputs.shape == (train.REFERENCE_ROWS, eons.Game(GAME, PLAYERS).observation_size())
    assert outputs.shape == (train.REFERENCE_ROWS, PLAYERS)
    held = {row.tobytes() for row in result.held.observation}
    assert all(row.tobytes() in held for row in inputs)
    np.testing.assert_allclose(outputs, result.network.predict(inputs), atol=1e-7)
    np.testing.assert_allclose(outputs.sum(axis=1), 1.0, atol=1e-5)


def test_two_players_logistic_output_becomes_two_logits():
    from sklearn.neural_network import MLPClassifier

    rng = np.random.default_rng(0)
    x = rng.normal(size=(200, 5)).astype(np.float32)
    y = (x[:, 0] + 0.3 * rng.normal(size=200) > 0).astype(int)
    classifier = MLPClassifier(hidden_layer_sizes=(4,), max_iter=2000, random_state=0).fit(x, y)
    network = train.TrainedNetwork(
        classifier=classifier, shift=np.zeros(5, np.float32), scale=np.ones(5, np.float32),
        hidden=(4,), epochs=1, best_epoch=1, validation_loss=0.0, seconds=0.0, trained_rows=200,
        dropped_tied_rows=0)
    tensors = train.network_tensors(network, players=2)
    assert tensors["value.weight"].shape == (2, 4)
    np.testing.assert_allclose(train.forward(tensors, x), classifier.predict_proba(x), atol=1e-5)


def test_a_two_player_reference_file_holds_each_row_s_two_probabilities(tmp_path):
    # scikit-learn's two-class probabilities come column-major; the file
    # must hold them row by row, as the Rust test reads them.
    from sklearn.neural_network import MLPClassifier

    rng = np.random.default_rng(1)
    x = rng.normal(size=(200, 5)).astype(np.float32)
    y = (x[:, 1] > 0).astype(int)
    classifier = MLPClassifier(hidden_layer_sizes=(4,), max_iter=500, random_state=0).fit(x, y)
    network = train.TrainedNetwork(
        classifier=classifier, shift=np.zeros(5, np.float32), scale=np.ones(5, np.float32),
        hidden=(4,), epochs=1, best_epoch=1, validation_loss=0.0, seconds=0.0, trained_rows=200,
        dropped_tied_rows=0)
    path = tmp_path / "two.reference.safetensors"
    train.write_reference(path, network, x[:8])
    with safe_open(str(path), framework="np") as handle:
        outputs = handle.get_tensor("output")
    np.testing.assert_allclose(outputs, classifier.predict_proba(x[:8]), atol=1e-6)
    np.testing.assert_allclose(outputs.sum(axis=1), 1.0, atol=1e-6)


def test_the_model_card_is_written(run):
    result, _ = run
    card = open(result.base + ".md", encoding="utf-8").read()
    assert card.startswith(f"# Value network: {GAME}, {PLAYERS} players")
    assert f"python -m eons.train {GAME} --players {PLAYERS} --seed {SEED}" in card
    network = result.evaluation.figures["network"]
    assert f"| network | {network.accuracy:.1%} | {network.log_loss:.4f} |" in card
    for baseline in ("animal prior", "VP leader", "Game::evaluate"):
        assert f"| {baseline} |" in card
    assert f"{len(result.shards)} positions of {GAMES} games" in card
    assert "## Limits" in card
