"""eons.Game: the same rules, records and hidden information as the server."""

import json
import pickle
import random

import numpy as np
import pytest

import eons
from conftest import SETUPS


def play_random(game, seed, steps=None):
    rng = random.Random(seed)
    made = 0
    while not game.is_over() and (steps is None or made < steps):
        game.apply(rng.choice(game.legal_actions()))
        made += 1
    return made


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_a_random_game_plays_to_its_end_with_one_winner(name, players, options):
    game = eons.Game(name, players, options=options, seed=5)
    assert game.name == name and game.num_players() == players
    assert game.returns() == [0.0] * players
    made = play_random(game, 1)
    assert game.is_over() and game.current_player() is None
    assert game.legal_actions() == []
    returns = game.returns()
    assert sorted(returns) == [0.0] * (players - 1) + [1.0]
    outcome = game.outcome()
    assert returns.index(1.0) == outcome["ranking"][0]
    assert outcome["scores"] == game.scores()
    assert len(game.history()) == made


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_legal_actions_are_sorted_ids_that_match_the_mask(name, players, options):
    game = eons.Game(name, players, options=options, seed=2)
    rng = random.Random(3)
    for _ in range(60):
        if game.is_over():
            break
        legal = game.legal_actions()
        assert legal == sorted(set(legal))
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        mask = game.action_mask()
        assert mask.dtype == np.uint8 and mask.shape == (game.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == legal
        for a in legal[:5]:
            assert game.action_to_string(a).strip()
            json.loads(game.action_to_json(a))
        game.apply(rng.choice(legal))


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing(name, players, options):
    game = eons.Game(name, players, options=options, seed=4)
    legal = set(game.legal_actions())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    before = game.history(), game.view(0)
    with pytest.raises(ValueError) as refused:
        game.apply(illegal)
    assert str(refused.value).strip()
    with pytest.raises(ValueError, match="out of range"):
        game.apply(game.num_distinct_actions())
    assert (game.history(), game.view(0)) == before


def test_bad_setups_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="unknown game"):
        eons.Game("chess", 2)
    with pytest.raises(ValueError):
        eons.Game("ds", 9)
    with pytest.raises(ValueError):
        eons.Game("ds", 4, options=["no-such-option"])


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_a_clone_is_independent_and_the_same_seed_plays_the_same_game(name, players, options):
    game = eons.Game(name, players, options=options, seed=8)
    play_random(game, 1, steps=40)
    copy = game.clone()
    assert copy.history() == game.history()
    play_random(copy, 2, steps=10)
    assert len(copy.history()) > len(game.history())
    again = eons.Game(name, players, options=options, seed=8)
    play_random(again, 1, steps=40)
    assert again.view(0) == game.view(0)
    assert np.array_equal(again.observation_tensor(0), game.observation_tensor(0))


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_a_record_replays_to_the_same_game(name, players, options):
    game = eons.Game(name, players, options=options, seed=9)
    play_random(game, 4, steps=150)
    record = game.record()
    assert json.loads(record)["game"] == name
    again = eons.Game.from_record(record)
    assert again.history() == game.history()
    assert again.view(None) == game.view(None)
    assert eons.Game.from_record(json.loads(record)).history() == game.history()
    tampered = json.loads(record)
    tampered["choices"] = tampered["choices"][:1] * 2
    with pytest.raises(ValueError):
        eons.Game.from_record(tampered)


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_observations_have_the_documented_layout(name, players, options):
    game = eons.Game(name, players, options=options, seed=1)
    layout = game.observation_layout()
    offset = 0
    for section, start, length, about in layout:
        assert start == offset and length > 0 and section and about
        offset += length
    assert offset == game.observation_size()
    for seat in range(players):
        obs = game.observation_tensor(seat)
        assert obs.dtype == np.float32 and obs.shape == (game.observation_size(),)
        assert np.all(np.isfinite(obs))
    with pytest.raises(IndexError):
        game.observation_tensor(players)


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_no_seat_s_secret_reaches_another_seat_s_observation(name, players, options):
    """Re-drawing everything seat s has not seen (the other seats' hands and
    picks, decks, bags) never changes s's observation; and for the games
    with hands it does change what the table holds, so the check bites."""
    game = eons.Game(name, players, options=options, seed=12)
    rng = random.Random(7)
    redrawn_somewhere = False
    for step in range(400):
        if game.is_over():
            break
        if step % 20 == 0:
            for seat in range(players):
                mine = game.observation_tensor(seat)
                for k in range(3):
                    other = game.determinize(seat, 1000 * step + k)
                    assert np.array_equal(other.observation_tensor(seat), mine), (step, seat)
                    assert other.view(seat) == game.view(seat)
                    if any(other.view(s) != game.view(s) for s in range(players) if s != seat):
                        redrawn_somewhere = True
        game.apply(rng.choice(game.legal_actions()))
    if name == "marine" or (name == "pangea" and players > 1):
        assert redrawn_somewhere, "no determinization changed another seat's secrets"
    with pytest.raises(ValueError, match="no record"):
        game.determinize(0, 1).record()


@pytest.mark.parametrize("name,players,options", SETUPS)
def test_a_game_pickles_whole_and_plays_on_the_same(name, players, options):
    game = eons.Game(name, players, options=options, seed=14)
    play_random(game, 5, steps=120)
    again = pickle.loads(pickle.dumps(game))
    assert again.history() == game.history() and again.record() == game.record()
    play_random(game, 6, steps=60)
    play_random(again, 6, steps=60)
    assert [again.view(s) for s in range(players)] == [game.view(s) for s in range(players)]
    hidden = pickle.loads(pickle.dumps(game.determinize(0, 3)))
    assert hidden.view(0) == game.view(0)


def test_views_cut_hidden_information_as_the_server_does():
    game = eons.Game("marine", 3, seed=3)
    spectator = game.view()
    assert spectator["seat"] is None
    assert game.view(1)["seat"] == 1
    with pytest.raises(IndexError):
        game.view(3)


def test_games_and_options_are_listed():
    assert eons.GAMES == ("ds", "marine", "pangea")
    assert [g for g, _ in eons.games()] == list(eons.GAMES)
    assert any(name == "multi" for name, _ in eons.game_options("ds"))


def test_the_package_installs_the_eons_command(tmp_path, eons_bin):
    """The wheel's `eons` is the repository's program (without `serve`):
    it lists the games, replays a record, and says why it cannot serve."""
    import subprocess

    listed = subprocess.run([eons_bin, "games"], capture_output=True, text=True, check=True)
    for game_id in eons.GAMES:
        assert game_id in listed.stdout
    game = eons.Game("pangea", 2, seed=3)
    game.play_random(1)
    record = tmp_path / "game.json"
    record.write_text(game.record() + "\n")
    replayed = subprocess.run([eons_bin, "replay", str(record)], capture_output=True, text=True, check=True)
    assert f"{len(game.history())} recorded choices" in replayed.stdout
    assert "Winner: seat" in replayed.stdout
    refused = subprocess.run([eons_bin, "serve"], capture_output=True, text=True)
    assert refused.returncode == 1 and "cargo install --path crates/cli" in refused.stderr
    malformed = subprocess.run([eons_bin, "no-such-command"], capture_output=True, text=True)
    assert malformed.returncode == 2
