"""Decisions per second from Python: one game stepped from Python, and
batches stepped in Rust (eons.VecGame), against `eons bench` (random games
in Rust, one core).

    python crates/python/bench/decisions.py [--seconds 5] [--games ds,marine,pangea]

Every measurement plays uniformly random legal actions in 4-player games:

* ``python loop``: ``legal_actions()``, ``random.choice``, ``apply()`` per
  decision, from Python;
* ``python loop + obs``: the same, plus the mover's ``observation_tensor``
  and ``action_mask`` (what an agent reads);
* ``play_random``: whole games in Rust through ``Game.play_random`` (the
  engine's pace behind the binding);
* ``VecGame(N).step``: N games per call: ``sample_actions()`` (a random
  legal action per game, in Rust) then ``step()``, which returns the
  stacked observations, masks, rewards and dones; then the same without
  the observations, and without observations or masks (the engine and
  the binding alone);
* ``eons bench``: the binary's random games per second times its decisions
  per game, when the binary is found (``$EONS_BIN`` or the workspace's
  ``target/release/eons``).
"""

import argparse
import os
import pathlib
import random
import re
import subprocess
import sys
import time

import eons

REPO = pathlib.Path(__file__).resolve().parents[3]


def timed(seconds, body):
    """Runs ``body`` (returning decisions made) until ``seconds`` pass;
    decisions per second."""
    made, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        made += body()
    return made / (time.perf_counter() - start)


def python_loop(name, players, with_observation):
    seed = iter(range(10**9))

    def body():
        game = eons.Game(name, players, seed=next(seed))
        rng = random.Random(0)
        made = 0
        while not game.is_over():
            if with_observation:
                game.observation_tensor(game.current_player())
                game.action_mask()
            game.apply(rng.choice(game.legal_actions()))
            made += 1
        return made

    return body


def rust_playouts(name, players):
    seed = iter(range(10**9))

    def body():
        game = eons.Game(name, players, seed=next(seed))
        return game.play_random(0)

    return body


def batch(name, players, n, observations=True, masks=True, threads=1):
    vec = eons.VecGame(name, n, players, seed=1, threads=threads)
    vec.reset()

    def body():
        for _ in range(20):
            vec.step(vec.sample_actions(), observations=observations, masks=masks)
        return 20 * n

    return body


def eons_bench(name, players, seconds):
    binary = os.environ.get("EONS_BIN") or str(REPO / "target" / "release" / "eons")
    if not pathlib.Path(binary).exists():
        return None
    out = subprocess.run(
        [binary, "bench", name, "--seconds", str(seconds), "--players", str(players)],
        capture_output=True, text=True,
    )
    text = out.stdout + out.stderr
    rate = re.search(r"decisions/second:\s*([\d.]+)", text)
    return float(rate.group(1)) if rate else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", default="ds,marine,pangea")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    rows = []
    for name in args.games.split(","):
        print(f"{name}: measuring…", file=sys.stderr, flush=True)
        p = args.players
        row = {
            "python loop": timed(args.seconds, python_loop(name, p, False)),
            "python loop + obs": timed(args.seconds, python_loop(name, p, True)),
            "play_random": timed(args.seconds, rust_playouts(name, p)),
            "VecGame(1).step": timed(args.seconds, batch(name, p, 1)),
            "VecGame(256).step": timed(args.seconds, batch(name, p, 256)),
            "  masks, no obs": timed(args.seconds, batch(name, p, 256, observations=False)),
            "  no obs, no masks": timed(
                args.seconds, batch(name, p, 256, observations=False, masks=False)
            ),
        }
        bench = eons_bench(name, p, max(1, int(args.seconds)))
        if bench:
            row["eons bench"] = bench
        rows.append((name, row))
    print(f"decisions per second, random {args.players}-player games, one core:")
    for name, row in rows:
        print(f"\n{name}")
        reference = row.get("eons bench")
        for label, rate in row.items():
            ratio = f"  (eons bench / this: {reference / rate:.2f})" if reference and label != "eons bench" else ""
            print(f"  {label:<20} {rate:>12,.0f}{ratio}")


if __name__ == "__main__":
    main()
