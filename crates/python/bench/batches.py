"""Steps per second of ``eons.VecGame(256)`` batches, random 4-player play,
one core, in each of the configurations a learner uses; optionally side by
side with another build of the package, measured alternately.

    taskset -c 0 python crates/python/bench/batches.py [--seconds 2] [--rounds 2]
        [--games ds,marine,pangea] [--other OLD_PACKAGE_DIR]

Rates are steps per second of the process's CPU time (the batch runs on
one thread), so that other work on a shared machine does not count
against it; on a quiet machine they match wall-clock rates.

``--other`` names a directory holding another build's ``eons`` package
(its ``PYTHONPATH``): each measurement runs in a fresh process, this
build's and the other's alternating round by round, and the best round of
each is kept (the machine is noisy). A configuration the other build does
not offer is shown as ``-``.

Rows (steps are decisions of every game of the batch; with bots, the
learner's decisions only):

* ``obs + masks``: observations of the seat to move and action masks,
  copied out (the default);
* ``obs + masks, copy=False``: the same arrays lent read-only, refilled in
  place;
* ``masks only`` / ``legal ids only`` / ``nothing``: without observations;
  masks, the ragged legal ids (``masks="ids"``), or neither;
* ``relative obs + masks``: observer-relative observations;
* ``compact obs + masks``: compact observer-relative observations (the
  observer's animals first, the animals nobody plays left out);
* ``obs + masks, 3 greedy bots``: seats 1-3 played by ``greedy`` inside the
  step, the learner at seat 0.
"""

import argparse
import json
import os
import subprocess
import sys

CONFIGS = [
    ("obs + masks", {}, {}),
    ("obs + masks, copy=False", {"copy": False}, {}),
    ("masks only", {}, {"observations": False}),
    ("legal ids only", {}, {"observations": False, "masks": "ids"}),
    ("nothing", {}, {"observations": False, "masks": False}),
    ("relative obs + masks", {"relative": True, "copy": False}, {}),
    ("compact obs + masks", {"compact": True, "copy": False}, {}),
    ("obs + masks, 3 greedy bots", {"bots": {1: "greedy", 2: "greedy", 3: "greedy"}}, {}),
]

MEASURE = r"""
import json, sys, time, eons
name, seconds, config, step_args = sys.argv[1], float(sys.argv[2]), json.loads(sys.argv[3]), json.loads(sys.argv[4])
if "bots" in config:
    config["bots"] = {int(k): v for k, v in config["bots"].items()}
try:
    batch = eons.VecGame(name, 256, 4, seed=1, **config)
    batch.reset(**step_args)
    batch.step(batch.sample_actions(), **step_args)
except (TypeError, ValueError):
    print("null")
    sys.exit(0)
made, start = 0, time.process_time()
while time.process_time() - start < seconds:
    for _ in range(10):
        batch.step(batch.sample_actions(), **step_args)
    made += 10 * 256
print(made / (time.process_time() - start))
"""


def measure(path, name, seconds, config, step_args):
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, name, str(seconds), json.dumps(config), json.dumps(step_args)],
        capture_output=True, text=True, env=env, check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", default="ds,marine,pangea")
    parser.add_argument("--other", help="a directory holding another build's eons package")
    args = parser.parse_args()
    builds = [("this", None)] + ([("other", args.other)] if args.other else [])
    print("VecGame(256) steps per second, random 4-player games:")
    for name in args.games.split(","):
        best = {}
        for _ in range(args.rounds):
            for label, config, step_args in CONFIGS:
                for build, path in builds:
                    rate = measure(path, name, args.seconds, config, step_args)
                    key = (label, build)
                    if rate is not None:
                        best[key] = max(best.get(key, 0.0), rate)
        print(f"\n{name}" + ("                                  this      other" if args.other else ""))
        for label, _, _ in CONFIGS:
            cells = [best.get((label, b)) for b, _ in builds]
            text = "".join(f"{c:>11,.0f}" if c else f"{'-':>11}" for c in cells)
            print(f"  {label:<30}{text}")


if __name__ == "__main__":
    main()
