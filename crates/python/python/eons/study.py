"""Seat-rotated tournaments and balance studies, spread over local
processes or a Ray cluster.

>>> from eons import study
>>> result = study.tournament("ds", ["mcts:200it", "greedy", "random", "random"],
...                           games=40, seed=7, out="games.jsonl")
>>> print(result.text)                       # the table `eons tournament` prints
>>> result.report["bots"][0]["win_rate"], result.report["bots"][0]["deal_interval"]
>>> result.table[0]                          # one row per game, seat and role
>>> result.write_table("games.csv")          # as `eons tournament --table` writes it

The schedule, seeds, seat rotation, option variants, intervals and
JSON-lines records are those of ``eons tournament``: game ``g`` here is game
``g`` there, bit for bit, and ``eons replay games.jsonl --game-index g``
replays it.

Every win rate has two 95% intervals. ``interval`` is Wilson's, which
treats every game as independent; but the seat-rotated games of one block
share their deal, so it is too narrow when the deal matters.
``deal_interval`` resamples whole deals (all the games of a block
together) with replacement, ``report["resamples"]`` times (2000), and
takes the 2.5th and 97.5th percentiles; its RNG is seeded from the
study's seed, so the same study gives the same interval. Each game is played in Rust by a worker; the records are
written in game order and then counted by the same code as ``eons
tournament --resume``, which replays and checks every line.

Where the games run: ``ray_address`` (``"auto"``, ``"ray://host:10001"``,
…) or an already initialised Ray sends each chunk of games to the cluster
as a Ray task (``pip install "eons[ray]"``); otherwise ``workers`` local
processes play them (``concurrent.futures``).
"""

from __future__ import annotations

import csv
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from . import _eons

__all__ = ["StudyResult", "TABLE_COLUMNS", "tournament", "balance"]

#: The columns of :attr:`StudyResult.table` and of its CSV file, in order
#: (those of ``eons tournament --table``).
TABLE_COLUMNS = ("game", "deal", "seat", "bot", "bot_name", "role", "initiative", "winner", "vp")


@dataclass
class StudyResult:
    """What a study found."""

    #: The report as ``eons tournament`` computes it (a dict: ``bots`` with
    #: ``games``, ``wins``, ``win_rate``, ``interval`` (95% Wilson, every
    #: game independent), ``deal_interval`` (95%, resampling deals),
    #: ``mean_score``…; ``seats``; ``roles``; ``initiative`` (per place in
    #: the turn order at the start); ``role_initiative``; ``deals``;
    #: ``resamples``; ``aborted``…). Its per-game table is :attr:`table`.
    report: dict
    #: The report as ``eons tournament`` prints it.
    text: str
    #: The JSON-lines records file, one game a line, in game order.
    records: str
    #: Where the games ran: ``"ray"`` or ``"processes"``.
    backend: str
    #: Seconds the games took.
    seconds: float
    #: One dict per completed game, seat and role, in game and seat order:
    #: ``game`` (index, from 0), ``deal`` (its block of seat-rotated games,
    #: ``game // players``), ``seat`` (from 1), ``bot`` (its number in the
    #: bot list, from 1), ``bot_name``, ``role`` (animal or group, ``""``
    #: for none), ``initiative`` (the role's place in the turn order at the
    #: start, from 1; None when the game reports none), ``winner`` (bool),
    #: ``vp`` (the seat's final score).
    table: list

    def write_table(self, path):
        """Writes :attr:`table` as CSV to ``path``, as ``eons tournament
        --table`` does (``winner`` as 1 or 0, no ``initiative`` as an empty
        field)."""
        with open(path, "w", encoding="utf-8", newline="") as f:
            writer = csv.writer(f, lineterminator="\n")
            writer.writerow(TABLE_COLUMNS)
            for row in self.table:
                writer.writerow(
                    [
                        "" if row[c] is None else int(row[c]) if c == "winner" else row[c]
                        for c in TABLE_COLUMNS
                    ]
                )


def _play_chunk(spec, indices):
    """Plays games ``indices`` of the schedule ``spec`` (JSON); their lines."""
    from eons import _eons as engines

    return [(i, engines.play_scheduled(spec, i)) for i in indices]


def _chunks(games, size):
    return [list(range(start, min(start + size, games))) for start in range(0, games, size)]


def _progress(done, total, started, show):
    if show:
        rate = done / max(time.monotonic() - started, 1e-9)
        print(f"\r{done}/{total} games ({rate:.1f} games/s)", end="", file=sys.stderr, flush=True)
        if done == total:
            print(file=sys.stderr)


def _ray_module(ray_address):
    """Ray, initialised (None when neither an address nor a running Ray
    asks for it)."""
    try:
        import ray
    except ImportError:
        if ray_address is not None:
            raise ImportError('a Ray address was given but Ray is not installed: pip install "eons[ray]"')
        return None
    if ray.is_initialized():
        return ray
    if ray_address is None:
        return None
    ray.init(address=ray_address)
    return ray


def tournament(
    game,
    bots,
    games,
    seed=0,
    options=(),
    option_variants=(),
    out=None,
    ray_address=None,
    workers=None,
    chunk=None,
    max_decisions=None,
    progress=True,
):
    """Plays a seat-rotated tournament of ``games`` games of ``game``
    between ``bots`` (bot specs, one per seat: ``["mcts:1s", "greedy",
    "random"]``), as ``eons tournament`` does, and returns a
    :class:`StudyResult`.

    ``options`` are setup options for every game; ``option_variants`` a
    list of option lists cycled per block of seatings. ``out`` is the
    JSON-lines records file (a temporary file when None). ``ray_address``
    sends the games to a Ray cluster (also used when Ray is already
    initialised); else ``workers`` local processes (default: the CPU count)
    play them, ``chunk`` games per task.
    """
    bots = [str(b) for b in bots]
    spec = {
        "game": game,
        "bots": bots,
        "games": int(games),
        "seed": int(seed),
        "options": [str(o) for o in options],
        "option_variants": [[str(o) for o in v] for v in option_variants],
        "max_decisions": max_decisions,
    }
    if spec["games"] < 1:
        raise ValueError("a study needs at least one game")
    # Refuse a bad bot or setup here, before any worker starts.
    for bot in bots:
        _eons.Bot(bot)
    for variant in spec["option_variants"] or [[]]:
        _eons.Game(game, len(bots), spec["options"] + variant, 0)
    spec_json = json.dumps(spec)
    workers = workers or os.cpu_count() or 1
    chunk = chunk or max(1, min(16, spec["games"] // (4 * workers) or 1))
    parts = _chunks(spec["games"], chunk)
    lines = [None] * spec["games"]
    started = time.monotonic()
    done = 0
    ray = _ray_module(ray_address)
    if ray is not None:
        backend = "ray"
        remote = ray.remote(_play_chunk)
        pending = [remote.remote(spec_json, part) for part in parts]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for i, line in ray.get(ready[0]):
                lines[i] = line
                done += 1
            _progress(done, spec["games"], started, progress)
    else:
        backend = "processes"
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_chunk, spec_json, part) for part in parts]
            for future in as_completed(futures):
                for i, line in future.result():
                    lines[i] = line
                    done += 1
                _progress(done, spec["games"], started, progress)
    seconds = time.monotonic() - started
    if out is None:
        handle, out = tempfile.mkstemp(prefix=f"eons-{game}-", suffix=".jsonl")
        os.close(handle)
    with open(out, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line + "\n")
    report_json, text = _eons.tournament_report(spec_json, str(out))
    report = json.loads(report_json)
    table = report.pop("table")
    return StudyResult(report, text, str(out), backend, seconds, table)


def balance(game, players, games, bot="random", seed=0, options=(), option_variants=(), **where):
    """A balance study: ``games`` games of ``game`` with the same ``bot`` in
    every seat; the result's ``report["roles"]`` gives each role's (animal,
    group) win rate with its two intervals (``deal_interval`` counts deals,
    ``interval`` counts games as independent), ``report["seats"]`` each
    seat's, ``report["initiative"]`` each place in the turn order's and
    ``report["role_initiative"]`` each role's from each place;
    ``table`` has every game's seats. ``where``: ``out``, ``ray_address``,
    ``workers``, ``chunk``, ``progress`` as for :func:`tournament`."""
    return tournament(
        game, [bot] * players, games, seed=seed, options=options,
        option_variants=option_variants, **where,
    )
