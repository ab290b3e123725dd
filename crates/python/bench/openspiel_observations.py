"""OpenSpiel observation reads per second, one core: the state's own
``state.observation_tensor(p)`` and ``state.information_state_tensor(p)``
against an observer made once (``make_observation(game)`` then
``set_from``), on positions of random 4-player games.

    python crates/python/bench/openspiel_observations.py [--seconds 3] [--games ds,marine,pangea]

Each figure is reads per second over the same positions (the read alone:
the observer's tensor, or the float32 array the state gives back).
"""

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

import eons.openspiel  # noqa: F401  (registers the games)


def positions(name, players, count, seed):
    """``count`` states along random games, with the seat to move."""
    game = pyspiel.load_game(f"eons_{name}", {"players": players, "seed": seed})
    rng = np.random.RandomState(seed)
    states = []
    state = game.new_initial_state()
    while len(states) < count:
        if state.is_terminal():
            seed += 1
            game = pyspiel.load_game(f"eons_{name}", {"players": players, "seed": seed})
            state = game.new_initial_state()
        states.append((state.clone(), state.current_player()))
        for _ in range(rng.randint(1, 30)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return game, [(s, p) for s, p in states if p >= 0]


def rate(seconds, states, read):
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state, player in states:
            read(state, player)
        done += len(states)
    return done / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default="ds,marine,pangea")
    args = parser.parse_args()
    for name in args.games.split(","):
        game, states = positions(name, 4, 200, 1)
        observation = make_observation(game)
        information = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
        for state, _ in states:
            state.information_state_string(0)  # recall started: what an ISMCTS search keeps

        def observer(state, player):
            observation.set_from(state, player)

        def own(state, player):
            state.observation_tensor(player)

        def through_cpp(state, player):
            # OpenSpiel's generic path (C++ asks the Python observer, then
            # copies into a list): what `state.observation_tensor(p)` was.
            pyspiel.State.observation_tensor(state, player)

        def info_observer(state, player):
            information.set_from(state, player)

        def info_own(state, player):
            state.information_state_tensor(player)

        made = rate(args.seconds, states, observer)
        direct = rate(args.seconds, states, own)
        generic = rate(args.seconds, states, through_cpp)
        made_info = rate(args.seconds, states, info_observer)
        direct_info = rate(args.seconds, states, info_own)
        print(f"{name} (4 players, {len(states)} positions, {game.observation_tensor_size()} values)")
        print(f"  make_observation(game).set_from    {made:>10,.0f} /s")
        print(f"  state.observation_tensor(p)        {direct:>10,.0f} /s  ({made / direct:.2f}x slower)")
        print(f"  OpenSpiel's generic path (before)  {generic:>10,.0f} /s  ({made / generic:.2f}x slower)")
        print(f"  perfect-recall observer set_from   {made_info:>10,.0f} /s")
        print(f"  state.information_state_tensor(p)  {direct_info:>10,.0f} /s  ({made_info / direct_info:.2f}x slower)")


if __name__ == "__main__":
    main()
