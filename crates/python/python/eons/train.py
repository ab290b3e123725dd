"""Training the value networks: self-play shards in, a network file, its
reference outputs and a model card out.

The one pipeline command (docs/learning.md, "Training")::

    python -m eons.train ds --players 4 --seed 1 --games 2000 --generations 1 --out models/

Generation 0 plays greedy self-play (``eons selfplay``, in Rust), reads the
shards, splits them into training and held-out games, trains a multilayer
perceptron (scikit-learn's ``MLPClassifier``, Adam) to predict the winning
seat from the observation of the seat to move, and writes
``<out>/<game>-<players>p.safetensors`` (the network, in the format the
Rust bots read), ``.reference.safetensors`` (fixed inputs and the
classifier's outputs, for the Rust inference test) and ``.md`` (the model
card: data, figures on held-out games against the baselines, limits).
Generation g >= 1 plays with ``mcts:<search>,net=<previous network>`` bots,
pools its shards with the earlier generations' and trains again.

Only a value head: no policy head in this first version.

It needs the ``train`` extra: ``pip install "./crates/python[train]"``
(scikit-learn, safetensors).
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import glob
import hashlib
import math
import os
import platform
import subprocess
import sys
import time
import warnings

import numpy as np

__all__ = [
    "SHARD_FORMAT", "NETWORK_FORMAT", "ShardError", "Shards", "read_shards", "layout_digest",
    "split_by_game", "seat_axes", "relabel_seats", "permute_seats", "Baselines", "fit_baselines", "Metrics", "metrics", "TrainedNetwork",
    "train_network", "write_network", "read_network", "write_reference", "write_model_card",
    "selfplay", "pipeline", "PipelineResult", "main",
]

#: The ``format`` of a self-play shard's metadata.
SHARD_FORMAT = "eons-selfplay-1"
#: The ``format`` of a value network file's metadata.
NETWORK_FORMAT = "eons-value-1"
#: How many held-out observations the reference file holds.
REFERENCE_ROWS = 8
#: The smallest probability a log-loss counts, so that a baseline that is
#: sure and wrong costs a finite amount (-log of it, about 13.8).
PROBABILITY_FLOOR = 1e-6


def _need_training_packages():
    """Imports scikit-learn and safetensors, or says how to install them."""
    try:
        import safetensors.numpy  # noqa: F401
        import sklearn  # noqa: F401
    except ImportError as error:  # pragma: no cover - the message is the point
        raise ImportError(
            f"eons.train needs the `train` extra ({error.name} is missing): "
            'pip install "./crates/python[train]"'
        ) from error


class ShardError(ValueError):
    """A shard that does not keep to the self-play format."""


@dataclasses.dataclass
class Shards:
    """The rows of one or more self-play shards, stacked.

    ``game`` is a run-wide game key: games of different runs (seeds) get
    different keys even where their indices within their runs agree.
    """

    game_id: str
    players: int
    roles: list
    observation: np.ndarray  # float32 [N, L]
    seat: np.ndarray  # int64 [N]
    game: np.ndarray  # int64 [N]
    decision: np.ndarray  # int64 [N]
    win: np.ndarray  # float32 [N, P]
    final_vp: np.ndarray  # float32 [N, P]
    vp: np.ndarray  # float32 [N, P]
    evaluate: np.ndarray  # float32 [N, P]
    role: np.ndarray  # int64 [N, P]
    searched_rows: int
    files: list
    bots: list
    seeds: list
    commits: list

    def __len__(self):
        return len(self.seat)

    @property
    def games(self):
        """How many distinct games the rows come from."""
        return len(np.unique(self.game))

    def subset(self, rows):
        """The rows selected by a boolean mask or an index array."""
        fields = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            fields[field.name] = value[rows] if isinstance(value, np.ndarray) else value
        return Shards(**fields)


def _canonical_game(name):
    import eons

    return eons.Game(name, players=eons.game_players(name)[0]).name


def _check(condition, path, message):
    if not condition:
        raise ShardError(f"{path}: {message}")


def _read_one(path):
    """One shard's arrays and metadata, checked against the format."""
    from safetensors import safe_open

    with safe_open(path, framework="np") as handle:
        metadata = handle.metadata() or {}
        arrays = {key: handle.get_tensor(key) for key in handle.keys()}
    _check(metadata.get("format") == SHARD_FORMAT, path,
           f"format is {metadata.get('format')!r}, not {SHARD_FORMAT!r}")
    for key in ("game", "players", "observation_len", "roles", "seed"):
        _check(key in metadata, path, f"metadata has no `{key}`")
    players = int(metadata["players"])
    length = int(metadata["observation_len"])
    needed = {
        "observation": np.float32, "seat": np.int64, "game": np.int64, "decision": np.int64,
        "win": np.float32, "final_vp": np.float32, "vp": np.float32, "evaluate": np.float32,
        "role": np.int64, "policy_ids": np.int64, "policy_visits": np.float32,
        "policy_offsets": np.int64,
    }
    for key, dtype in needed.items():
        _check(key in arrays, path, f"no `{key}` tensor")
        _check(arrays[key].dtype == dtype, path,
               f"`{key}` is {arrays[key].dtype}, not {np.dtype(dtype)}")
    rows = arrays["seat"].shape[0]
    _check(arrays["observation"].shape == (rows, length), path,
           f"`observation` is {arrays['observation'].shape}, not ({rows}, {length})")
    for key in ("seat", "game", "decision"):
        _check(arrays[key].shape == (rows,), path, f"`{key}` is {arrays[key].shape}, not ({rows},)")
    for key in ("win", "final_vp", "vp", "evaluate", "role"):
        _check(arrays[key].shape == (rows, players), path,
               f"`{key}` is {arrays[key].shape}, not ({rows}, {players})")
    offsets, ids, visits = arrays["policy_offsets"], arrays["policy_ids"], arrays["policy_visits"]
    _check(offsets.shape == (rows + 1,), path, f"`policy_offsets` is {offsets.shape}, not ({rows + 1},)")
    _check(ids.shape == visits.shape and ids.ndim == 1, path,
           "`policy_ids` and `policy_visits` differ in shape")
    _check(rows == 0 or (offsets[0] == 0 and offsets[-1] == len(ids)), path,
           f"`policy_offsets` runs {offsets[0]}..{offsets[-1]}, not 0..{len(ids)}")
    _check(bool(np.all(np.diff(offsets) >= 0)), path, "`policy_offsets` decreases")
    _check(bool(np.all((arrays["seat"] >= 0) & (arrays["seat"] < players))), path, "a seat out of range")
    _check(bool(np.all(arrays["win"] >= 0)), path, "a negative win share")
    _check(bool(np.allclose(arrays["win"].sum(axis=1), 1.0, atol=1e-5)), path,
           "a `win` row does not sum to 1")
    roles = metadata["roles"].split(",") if metadata["roles"] else []
    _check(bool(np.all((arrays["role"] >= 0) & (arrays["role"] < max(len(roles), 1)))), path,
           f"a `role` index out of the {len(roles)} roles")
    _check(bool(np.isfinite(arrays["observation"]).all()), path, "a non-finite observation")
    return arrays, metadata


def read_shards(paths, game=None):
    """Reads self-play shards (files, folders or glob patterns) into one
    :class:`Shards`, checking each against the format (shapes, policy
    offsets, win rows summing to 1) and all against each other (game,
    players, observation length, roles). ``game`` (any name of it): refuse
    shards of another game."""
    _need_training_packages()
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    files = []
    for path in paths:
        path = os.fspath(path)
        if os.path.isdir(path):
            files.extend(sorted(glob.glob(os.path.join(path, "*.safetensors"))))
        elif any(ch in path for ch in "*?["):
            files.extend(sorted(glob.glob(path)))
        else:
            files.append(path)
    if not files:
        raise ShardError(f"no shards in {', '.join(map(os.fspath, paths))}")
    wanted = _canonical_game(game) if game else None
    parts, first = [], None
    run_keys = {}
    for path in files:
        arrays, metadata = _read_one(path)
        facts = (_canonical_game(metadata["game"]), int(metadata["players"]),
                 int(metadata["observation_len"]), metadata["roles"])
        if first is None:
            first = facts
        _check(facts == first, path, f"game, players, observation length or roles {facts[:3]} "
                                     f"differ from the first shard's {first[:3]}")
        _check(wanted is None or facts[0] == wanted, path, f"a shard of {facts[0]}, not {wanted}")
        run = (metadata["seed"], metadata.get("bots", ""))
        run_keys.setdefault(run, len(run_keys))
        parts.append((arrays, metadata, run_keys[run]))
    game_id, players, _, roles = first
    stack = lambda key: np.concatenate([arrays[key] for arrays, _, _ in parts])  # noqa: E731
    # A run-wide key per game: the run's number in the high bits.
    game_key = np.concatenate([arrays["game"] + (run << 40) for arrays, _, run in parts])
    searched = sum(int(np.count_nonzero(np.diff(arrays["policy_offsets"]))) for arrays, _, _ in parts)
    return Shards(
        game_id=game_id, players=players, roles=roles.split(",") if roles else [],
        observation=stack("observation"), seat=stack("seat"), game=game_key,
        decision=stack("decision"), win=stack("win"), final_vp=stack("final_vp"), vp=stack("vp"),
        evaluate=stack("evaluate"), role=stack("role"), searched_rows=searched, files=files,
        bots=sorted({metadata.get("bots", "") for _, metadata, _ in parts}),
        seeds=sorted({metadata["seed"] for _, metadata, _ in parts}, key=lambda s: (len(s), s)),
        commits=sorted({metadata.get("commit", "unknown") for _, metadata, _ in parts}),
    )


def layout_digest(game, players):
    """The observation layout's digest, as the network file's ``layout``
    metadata and the Rust inference compute it: SHA-256 (lowercase hex) of
    the sections' names and lengths joined as ``name:len;`` in order."""
    import eons

    layout = eons.Game(game, players=players).observation_layout()
    text = "".join(f"{name}:{length};" for name, _offset, length, _about in layout)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def split_by_game(games, held_out=0.2, seed=0):
    """A boolean mask of the training rows: a ``held_out`` share of the
    distinct games (at least one, and at least one left to train on),
    drawn from ``seed``, is held out whole — no game has rows on both
    sides."""
    keys = np.unique(games)
    if len(keys) < 2:
        raise ValueError(f"{len(keys)} game(s): at least 2 are needed to hold some out")
    count = min(max(1, int(round(held_out * len(keys)))), len(keys) - 1)
    rng = np.random.default_rng(seed)
    held = rng.choice(keys, size=count, replace=False)
    return ~np.isin(games, held)


# ---------------------------------------------------------------- figures


@dataclasses.dataclass
class Metrics:
    """A predictor's figures on some rows: ``accuracy`` (its most likely
    seat won; ties among its top seats and shared wins count fractionally)
    and ``log_loss`` (mean cross-entropy of the actual result under its
    probabilities, natural log)."""

    accuracy: float
    log_loss: float


def metrics(probabilities, win):
    """:class:`Metrics` of ``probabilities`` [N, P] against results ``win``
    [N, P] (1 for the winner, ties shared)."""
    probabilities = np.asarray(probabilities, dtype=np.float64)
    win = np.asarray(win, dtype=np.float64)
    top = probabilities >= probabilities.max(axis=1, keepdims=True) - 1e-12
    hits = ((win > 0) & top).sum(axis=1) / top.sum(axis=1)
    loss = -(win * np.log(np.clip(probabilities, PROBABILITY_FLOOR, 1.0))).sum(axis=1)
    return Metrics(accuracy=float(hits.mean()), log_loss=float(loss.mean()))


def _softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


@dataclasses.dataclass
class Baselines:
    """The baselines, fitted on the training rows (each has at most one
    number fitted there)."""

    players: int
    #: Each role's win rate on the training rows (role index -> rate).
    role_rates: np.ndarray
    #: How often a seat with the most VP now went on to win (ties shared),
    #: on the training rows: the VP leaders share this probability.
    leader_wins: float
    #: The softmax temperature of `Game::evaluate` that fits the training
    #: rows best (log-loss).
    evaluate_temperature: float

    def animal_prior(self, shards):
        """Each seat's probability from its role's training win rate,
        normalised per row."""
        rates = self.role_rates[shards.role]
        return rates / rates.sum(axis=1, keepdims=True)

    def vp_leader(self, shards):
        """The seats with the most VP now share ``leader_wins``; the others
        share the rest."""
        return _leader_probabilities(shards.vp, self.leader_wins)

    def evaluate(self, shards):
        """``softmax(evaluate / temperature)`` over the seats."""
        return _softmax(shards.evaluate.astype(np.float64) / self.evaluate_temperature)

    def all(self, shards):
        """``{name: probabilities}`` for every baseline."""
        return {
            "animal prior": self.animal_prior(shards),
            "VP leader": self.vp_leader(shards),
            "Game::evaluate": self.evaluate(shards),
        }


def _leader_probabilities(vp, leader_wins):
    leaders = vp >= vp.max(axis=1, keepdims=True)
    count = leaders.sum(axis=1, keepdims=True)
    players = vp.shape[1]
    rest = np.where(count < players, (1 - leader_wins) / np.maximum(players - count, 1), 0.0)
    lead = np.where(count < players, leader_wins / count, 1.0 / players)
    return np.where(leaders, lead, rest)


def fit_baselines(train):
    """The :class:`Baselines`, fitted on the training rows ``train``."""
    players = train.players
    roles = max(len(train.roles), int(train.role.max()) + 1 if len(train) else 1)
    wins = np.zeros(roles)
    seen = np.zeros(roles)
    np.add.at(wins, train.role.ravel(), train.win.ravel())
    np.add.at(seen, train.role.ravel(), 1.0)
    # A role never seen in training gets the even rate 1/P.
    rates = np.where(seen > 0, wins / np.maximum(seen, 1), 1.0 / players)
    rates = np.clip(rates, PROBABILITY_FLOOR, None)
    leaders = train.vp >= train.vp.max(axis=1, keepdims=True)
    leader_wins = float((train.win * leaders).sum(axis=1).mean())
    leader_wins = min(max(leader_wins, PROBABILITY_FLOOR), 1 - PROBABILITY_FLOOR)
    evaluate = train.evaluate.astype(np.float64)
    best = None
    for temperature in np.geomspace(0.05, 200, 81):
        loss = metrics(_softmax(evaluate / temperature), train.win).log_loss
        if best is None or loss < best[0]:
            best = (loss, float(temperature))
    return Baselines(players=players, role_rates=rates, leader_wins=leader_wins,
                     evaluate_temperature=best[1])


# ---------------------------------------------------------------- the network


@dataclasses.dataclass
class TrainedNetwork:
    """A trained value network: the classifier, its input scaling, and how
    the training went."""

    classifier: object  # sklearn.neural_network.MLPClassifier
    shift: np.ndarray  # float32 [L]
    scale: np.ndarray  # float32 [L]
    hidden: tuple
    epochs: int
    best_epoch: int
    validation_loss: float
    seconds: float
    trained_rows: int
    dropped_tied_rows: int

    def predict(self, observation):
        """Each seat's win probability for observations [N, L]: the
        classifier's ``predict_proba`` of the scaled input."""
        x = (np.asarray(observation, dtype=np.float32) - self.shift) * self.scale
        return self.classifier.predict_proba(x)


def seat_axes(game, players):
    """The observation's seat axes as ``(offset, runs, seat block)``: from
    ``offset``, ``runs`` runs of ``players`` blocks of ``seat block``
    values (``Game.observation_seat_axes``)."""
    import eons

    axes = []
    for _name, offset, length, axis in eons.Game(game, players=players).observation_seat_axes():
        rest = length // players
        axes.append((offset, 1, rest) if axis == "outer" else (offset, rest, 1))
    return axes


def relabel_seats(observation, win, axes, inverse):
    """A copy of the rows in which new seat j holds what old seat
    ``inverse[i, j]`` held, in row i: along every seat axis of the
    observations [N, L] (``axes``: :func:`seat_axes`) and in the results
    ``win`` [N, P]."""
    rows, players = inverse.shape
    out = observation.copy()
    for offset, runs, block in axes:
        end = offset + runs * players * block
        values = out[:, offset:end].reshape(rows, runs, players, block)
        index = np.broadcast_to(inverse[:, None, :, None], values.shape)
        out[:, offset:end] = np.take_along_axis(values, index, axis=2).reshape(rows, -1)
    return out, np.take_along_axis(win, inverse, axis=1)


def permute_seats(observation, win, axes, players, rng):
    """:func:`relabel_seats` by a random permutation per row (from
    ``rng``). The game is the same game with the players sitting
    elsewhere, so the winner's chances move with its seat: the network
    learns from every row as if it had seen it at every seating, instead
    of learning which seat label won which deal."""
    inverse = np.argsort(rng.random((len(observation), players)), axis=1)
    return relabel_seats(observation, win, axes, inverse)


def _scaling(observation):
    """Per-feature shift (the mean) and scale (1 / the standard deviation,
    but never above 1): counts come to unit spread, while a rare 0/1
    feature is not blown up into a marker of the few games it is set in."""
    shift = observation.mean(axis=0, dtype=np.float64)
    std = observation.std(axis=0, dtype=np.float64)
    scale = 1.0 / np.maximum(std, 1.0)
    return shift.astype(np.float32), scale.astype(np.float32)


def train_network(train, hidden=(64,), seed=0, max_epochs=30, patience=3,
                  validation=0.1, alpha=1e-3, batch_size=256, learning_rate=1e-3,
                  permute=True, progress=True):
    """Trains scikit-learn's ``MLPClassifier`` (ReLU, Adam) to predict the
    winning seat of ``train``'s rows from their observations.

    Rows of tied games (no single winner) are dropped. Early stopping holds
    out ``validation`` of the training *games* (not rows: rows of one game
    are alike) and keeps the epoch with the lowest validation log-loss,
    stopping after ``patience`` epochs without improvement. With
    ``permute`` every epoch relabels the seats of every row at random
    (:func:`permute_seats`; validation rows are left as played).
    Everything random comes from ``seed``. The weights are rounded to float32 (what
    the network file holds) before returning, so the classifier's outputs
    are those of the file."""
    _need_training_packages()
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPClassifier

    started = time.perf_counter()
    single = train.win.max(axis=1) >= 1.0 - 1e-6
    dropped = int((~single).sum())
    rows = train.subset(single) if dropped else train
    target = rows.win.argmax(axis=1)
    players = rows.players
    missing = sorted(set(range(players)) - set(np.unique(target).tolist()))
    if missing and not permute:
        raise ValueError(f"seat(s) {missing} never win in the training rows: too little data")
    fit_mask = split_by_game(rows.game, validation, seed + 1)
    axes = seat_axes(rows.game_id, players) if permute else []
    rng = np.random.default_rng(seed + 2)
    observation_fit, win_fit = rows.observation[fit_mask], rows.win[fit_mask]
    if axes:
        shift, scale = _scaling(permute_seats(observation_fit, win_fit, axes, players, rng)[0])
    else:
        shift, scale = _scaling(observation_fit)
    x_val, win_val = (rows.observation[~fit_mask] - shift) * scale, rows.win[~fit_mask]
    del rows
    classifier = MLPClassifier(
        hidden_layer_sizes=tuple(hidden), activation="relu", solver="adam", alpha=alpha,
        batch_size=min(batch_size, len(observation_fit)), learning_rate_init=learning_rate,
        max_iter=1, shuffle=True, random_state=seed, warm_start=True,
    )
    classes = np.arange(players)
    best = (math.inf, 0, None)
    epoch = 0
    for epoch in range(1, max_epochs + 1):
        if axes:
            observation, win = permute_seats(observation_fit, win_fit, axes, players, rng)
        else:
            observation, win = observation_fit.copy(), win_fit
        observation -= shift
        observation *= scale
        x_fit, y_fit, observation = observation, win.argmax(axis=1), None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            classifier.partial_fit(x_fit, y_fit, classes=classes)
        loss = metrics(classifier.predict_proba(x_val), win_val).log_loss
        improved = loss < best[0] - 1e-5
        if improved:
            best = (loss, epoch, (copy.deepcopy(classifier.coefs_), copy.deepcopy(classifier.intercepts_)))
        if progress:
            mark = " *" if improved else ""
            print(f"  epoch {epoch:3d}: training loss {classifier.loss_:.4f}, "
                  f"validation log-loss {loss:.4f}{mark}  ({time.perf_counter() - started:.0f}s)",
                  file=sys.stderr, flush=True)
        if epoch - best[1] >= patience:
            break
    coefs, intercepts = best[2]
    classifier.coefs_ = [w.astype(np.float32).astype(classifier.coefs_[0].dtype) for w in coefs]
    classifier.intercepts_ = [b.astype(np.float32).astype(classifier.coefs_[0].dtype) for b in intercepts]
    return TrainedNetwork(
        classifier=classifier, shift=shift, scale=scale, hidden=tuple(hidden), epochs=epoch,
        best_epoch=best[1], validation_loss=best[0], seconds=time.perf_counter() - started,
        trained_rows=int(fit_mask.sum()), dropped_tied_rows=dropped,
    )


def network_tensors(network, players):
    """The network file's tensors (contract: ``hidden.{k}.weight`` [out,
    in], ``hidden.{k}.bias``, ``value.weight`` [P, in], ``value.bias``,
    ``input.shift``, ``input.scale``), from the classifier's weights
    (scikit-learn keeps them [in, out]: transposed here). Two players:
    scikit-learn's one logistic output z becomes the logits (0, z), whose
    softmax is its (1 - sigmoid(z), sigmoid(z))."""
    coefs = network.classifier.coefs_
    intercepts = network.classifier.intercepts_
    tensors = {"input.shift": network.shift.astype(np.float32),
               "input.scale": network.scale.astype(np.float32)}
    for k, (w, b) in enumerate(zip(coefs[:-1], intercepts[:-1])):
        tensors[f"hidden.{k}.weight"] = np.ascontiguousarray(w.T, dtype=np.float32)
        tensors[f"hidden.{k}.bias"] = np.ascontiguousarray(b, dtype=np.float32)
    w, b = coefs[-1].T, intercepts[-1]
    if w.shape[0] == 1 and players == 2:
        w = np.concatenate([np.zeros_like(w), w])
        b = np.concatenate([np.zeros_like(b), b])
    tensors["value.weight"] = np.ascontiguousarray(w, dtype=np.float32)
    tensors["value.bias"] = np.ascontiguousarray(b, dtype=np.float32)
    return tensors


def _commit():
    """``git describe --always --dirty`` of the checkout the command runs
    in (else of this file's), or "unknown" outside a git checkout."""
    for folder in (os.getcwd(), os.path.dirname(os.path.abspath(__file__))):
        try:
            out = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=folder,
                                 capture_output=True, text=True, timeout=10, check=True)
        except (OSError, subprocess.SubprocessError):
            continue
        if out.stdout.strip():
            return out.stdout.strip()
    return "unknown"


def write_network(path, network, game, players, seed, data_rows, commit=None):
    """Writes the network file (format ``eons-value-1``)."""
    import sklearn
    from safetensors.numpy import save_file

    game_id = _canonical_game(game)
    tensors = network_tensors(network, players)
    metadata = {
        "format": NETWORK_FORMAT, "game": game_id, "players": str(players),
        "observation_len": str(len(network.shift)), "layout": layout_digest(game_id, players),
        "hidden": ",".join(str(h) for h in network.hidden), "commit": commit or _commit(),
        "seed": str(seed), "data_rows": str(data_rows),
        "trained_by": f"scikit-learn {sklearn.__version__} MLPClassifier",
    }
    save_file(tensors, os.fspath(path), metadata=metadata)


def read_network(path):
    """A network file's ``(tensors, metadata)``, checked for its format."""
    from safetensors import safe_open

    with safe_open(os.fspath(path), framework="np") as handle:
        metadata = handle.metadata() or {}
        tensors = {key: handle.get_tensor(key) for key in handle.keys()}
    if metadata.get("format") != NETWORK_FORMAT:
        raise ValueError(f"{path}: format is {metadata.get('format')!r}, not {NETWORK_FORMAT!r}")
    return tensors, metadata


def forward(tensors, observation):
    """The network file's forward pass in numpy, float32 (as the Rust
    inference computes it): each seat's win probability."""
    x = np.asarray(observation, dtype=np.float32)
    if "input.shift" in tensors:
        x = (x - tensors["input.shift"]) * tensors["input.scale"]
    k = 0
    while f"hidden.{k}.weight" in tensors:
        x = np.maximum(x @ tensors[f"hidden.{k}.weight"].T + tensors[f"hidden.{k}.bias"], 0)
        k += 1
    z = x @ tensors["value.weight"].T + tensors["value.bias"]
    return _softmax(z.astype(np.float64)).astype(np.float32)


def write_reference(path, network, observation):
    """The reference file: ``input`` (held-out observations [K, L]) and
    ``output`` (the classifier's ``predict_proba`` for them [K, P])."""
    from safetensors.numpy import save_file

    x = np.ascontiguousarray(observation, dtype=np.float32)
    # Row-major: safetensors writes an array's memory as it lies, and
    # scikit-learn's two-class predict_proba is column-major.
    output = np.ascontiguousarray(network.predict(x), dtype=np.float32)
    save_file({"input": x, "output": output}, os.fspath(path),
              metadata={"format": "eons-value-reference-1"})


# ---------------------------------------------------------------- evaluation and card


@dataclasses.dataclass
class Evaluation:
    """The figures on the held-out rows."""

    rows: int
    games: int
    figures: dict  # name -> Metrics, the network first


def evaluate_held_out(network, baselines, held):
    """The network's and the baselines' :class:`Metrics` on ``held``."""
    figures = {"network": metrics(network.predict(held.observation), held.win)}
    for name, probabilities in baselines.all(held).items():
        figures[name] = metrics(probabilities, held.win)
    return Evaluation(rows=len(held), games=held.games, figures=figures)


def write_model_card(path, *, game, players, command, commit, shards, train_rows, train_games,
                     network, baselines, evaluation, generations, selfplay_seconds=None,
                     rows_per_second=None, extra_limits=()):
    """Writes the model card (markdown)."""
    import sklearn

    game_id = _canonical_game(game)
    lines = [
        f"# Value network: {game_id}, {players} players",
        "",
        "Each seat's probability of winning, from the observation of the seat to move "
        "(`Learnable::observe`, absolute seats): a multilayer perceptron, "
        f"hidden layers {', '.join(map(str, network.hidden))} (ReLU), {players} logits, softmax. "
        "A value head only (no policy head). Read by the Rust bots (`mcts:...,net=PATH`); "
        "the format is docs/learning.md's.",
        "",
        "## How it was made",
        "",
        "```sh",
        command,
        "```",
        "",
        f"- commit: `{commit}` (shards: {', '.join(f'`{c}`' for c in shards.commits)})",
        f"- trained by: scikit-learn {sklearn.__version__} `MLPClassifier` (Adam, ReLU, "
        f"L2 {network.classifier.alpha:g}, batches of {network.classifier.batch_size}), the seats of "
        "every training row relabelled at random each epoch, early stopping on a tenth of the "
        "training games; "
        f"{network.epochs} epochs run, the weights of epoch {network.best_epoch} kept",
        f"- training time: {network.seconds:.0f} s on {os.cpu_count()} CPU(s) "
        f"({platform.processor() or platform.machine()})",
        f"- generations: {generations}",
        f"- self-play bots: {'; '.join(f'`{b}`' for b in shards.bots)}",
        f"- data: {len(shards)} positions of {shards.games} games "
        f"({len(shards.files)} shard files); {train_rows} positions of {train_games} games to "
        f"train on, {evaluation.rows} positions of {evaluation.games} other games held out",
        f"- rows of tied games dropped from training: {network.dropped_tied_rows}",
        f"- positions searched by MCTS (visit counts recorded, unused so far): {shards.searched_rows}",
    ]
    if selfplay_seconds is not None:
        lines.append(f"- self-play time: {selfplay_seconds:.0f} s"
                     + (f" ({rows_per_second:.0f} positions/s)" if rows_per_second else ""))
    lines += [
        "",
        "## Held-out figures",
        "",
        "On the positions of the held-out games (never seen in training, nor used for early stopping). "
        "Accuracy: the most likely seat won (ties count in part). Log-loss: the mean of -ln "
        "(probability of the actual winner), lower is better; guessing evenly scores "
        f"ln {players} = {math.log(players):.3f}.",
        "",
        "| predictor | accuracy | log-loss |",
        "|---|---|---|",
    ]
    for name, figure in evaluation.figures.items():
        lines.append(f"| {name} | {figure.accuracy:.1%} | {figure.log_loss:.4f} |")
    roles = ", ".join(f"{role} {rate:.1%}" for role, rate in zip(shards.roles, baselines.role_rates))
    lines += [
        "",
        "The baselines, each fitted on the training positions only:",
        "",
        f"- **animal prior**: each seat's probability is its role's win rate in the training "
        f"positions, normalised ({roles}).",
        f"- **VP leader**: the seats with the most VP now share {baselines.leader_wins:.1%} (how "
        "often a leader went on to win in training), the others the rest.",
        f"- **Game::evaluate**: softmax of today's hand-written evaluation, temperature "
        f"{baselines.evaluate_temperature:.3g} (the best fit in training).",
        "",
        "## Limits",
        "",
        "- Learned from the self-play of the bots above only: positions those bots do not reach "
        "(other players' styles, other variants or player counts) are outside what it saw.",
        "- Positions of one game are alike; the figures count positions, and every game "
        "contributes many.",
        "- It predicts the winner only (no VP margin, no policy): the search uses it at its leaves.",
        "- The observation is the seat to move's: hidden information stays hidden, so even a "
        "perfect network is unsure.",
        f"- Only for {players} players and the default setup; the file's layout digest makes the "
        "Rust side refuse it for any other observation layout.",
    ]
    lines += [f"- {limit}" for limit in extra_limits]
    lines.append("")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))


# ---------------------------------------------------------------- the pipeline


def selfplay(game, players, seed, games, bots, out, every=1, threads=None):
    """Plays ``games`` self-play games with ``bots`` (one spec for every
    seat) through ``eons selfplay`` (in the extension: no separate
    program needed) and writes the shards into ``out``."""
    from eons import _eons

    os.makedirs(out, exist_ok=True)
    args = ["eons", "selfplay", game, "--players", str(players), "--seed", str(seed),
            "--games", str(games), "--bots", bots, "--every", str(every), "--out", os.fspath(out)]
    if threads:
        args += ["--threads", str(threads)]
    code = _eons.run_cli(args)
    if code != 0:
        raise RuntimeError(f"`{' '.join(args[:1] + args[1:])}` failed (exit code {code})")


def _write_all(out, name, *, game, players, seed, command, shards, split_seed, network, held,
               baselines, evaluation, train_rows, train_games, generations, selfplay_seconds,
               rows_per_second):
    os.makedirs(out, exist_ok=True)
    commit = _commit()
    base = os.path.join(out, name)
    write_network(base + ".safetensors", network, game, players, seed, len(shards), commit=commit)
    pick = np.random.default_rng(split_seed).choice(len(held), size=min(REFERENCE_ROWS, len(held)),
                                                    replace=False)
    write_reference(base + ".reference.safetensors", network, held.observation[np.sort(pick)])
    write_model_card(base + ".md", game=game, players=players, command=command, commit=commit,
                     shards=shards, train_rows=train_rows, train_games=train_games, network=network,
                     baselines=baselines, evaluation=evaluation, generations=generations,
                     selfplay_seconds=selfplay_seconds, rows_per_second=rows_per_second)
    return base


def train_from_shards(shards, *, seed, hidden=(64,), held_out=0.2, max_epochs=30, patience=3,
                      alpha=1e-3, progress=True):
    """Splits by game, fits the baselines and the network, and evaluates
    them on the held-out games: ``(network, baselines, evaluation, train,
    held)``."""
    mask = split_by_game(shards.game, held_out, seed)
    train, held = shards.subset(mask), shards.subset(~mask)
    baselines = fit_baselines(train)
    network = train_network(train, hidden=hidden, seed=seed, max_epochs=max_epochs,
                            patience=patience, alpha=alpha, progress=progress)
    evaluation = evaluate_held_out(network, baselines, held)
    return network, baselines, evaluation, train, held


def _print_evaluation(evaluation):
    print(f"held out: {evaluation.rows} positions of {evaluation.games} games", file=sys.stderr)
    for name, figure in evaluation.figures.items():
        print(f"  {name:15s} accuracy {figure.accuracy:6.1%}  log-loss {figure.log_loss:.4f}",
              file=sys.stderr)


@dataclasses.dataclass
class PipelineResult:
    """What :func:`pipeline` made: the final network's files (``base`` +
    ``.safetensors``, ``.reference.safetensors``, ``.md``) and the last
    generation's data, network and held-out figures."""

    base: str
    shards: Shards
    network: TrainedNetwork
    baselines: Baselines
    evaluation: Evaluation
    held: Shards


def pipeline(game, *, players=4, seed=1, games=2000, generations=1, every=4, search="50it",
             hidden=(64,), held_out=0.2, max_epochs=30, patience=3, alpha=1e-3, data=None,
             out="models", threads=None, command=None, progress=True):
    """The whole pipeline (see the module's documentation); returns the
    :class:`PipelineResult`."""
    _need_training_packages()
    import eons

    game_id = eons.Game(game, players=players).name
    name = f"{game_id}-{players}p"
    data = data or os.path.join("target", "selfplay", name)
    command = command or " ".join(["python -m eons.train", *sys.argv[1:]])
    network_path, base, pooled, rows_before = None, None, [], []
    for generation in range(generations):
        folder = os.path.join(data, f"seed{seed}-generation{generation}")
        bots = "greedy" if generation == 0 else f"mcts:{search},net={network_path}"
        generation_seed = seed + generation * games
        say = lambda text: progress and print(text, file=sys.stderr, flush=True)  # noqa: E731
        say(f"== generation {generation}: {games} games of {game_id} ({players} players), "
            f"bots {bots}, seed {generation_seed}, every {every}th decision -> {folder}")
        if os.path.isdir(folder) and glob.glob(os.path.join(folder, "*.safetensors")):
            say(f"   (shards already in {folder}: reused; delete the folder to play again)")
            selfplay_seconds = None
        else:
            started = time.perf_counter()
            selfplay(game_id, players, generation_seed, games, bots, folder, every, threads)
            selfplay_seconds = time.perf_counter() - started
        pooled.append(folder)
        shards = read_shards(pooled, game=game_id)
        rows_per_second = None
        if selfplay_seconds:
            fresh = len(shards) - sum(rows_before)
            rows_per_second = fresh / selfplay_seconds
            say(f"   {fresh} positions in {selfplay_seconds:.0f} s ({rows_per_second:.0f}/s)")
        rows_before.append(len(shards) - sum(rows_before))
        say(f"== training on {len(shards)} positions of {shards.games} games "
            f"(hidden {','.join(map(str, hidden))})")
        network, baselines, evaluation, train, held = train_from_shards(
            shards, seed=seed, hidden=hidden, held_out=held_out, max_epochs=max_epochs,
            patience=patience, alpha=alpha, progress=progress)
        if progress:
            print(f"   trained in {network.seconds:.0f} s", file=sys.stderr)
            _print_evaluation(evaluation)
        last = generation == generations - 1
        # An earlier generation's network goes beside its shards, not among
        # them: the next generation reads every file of the shard folders.
        target = out if last else folder + "-network"
        base = _write_all(target, name, game=game_id, players=players, seed=seed, command=command,
                          shards=shards, split_seed=seed, network=network, held=held,
                          baselines=baselines, evaluation=evaluation, train_rows=len(train),
                          train_games=train.games, generations=generation + 1,
                          selfplay_seconds=selfplay_seconds, rows_per_second=rows_per_second)
        network_path = base + ".safetensors"
        say(f"   wrote {base}.safetensors, .reference.safetensors, .md")
    return PipelineResult(base=base, shards=shards, network=network, baselines=baselines,
                          evaluation=evaluation, held=held)


def _hidden(text):
    try:
        sizes = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text}`: comma-separated layer sizes, e.g. 128,64")
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"`{text}`: at least one layer, each of size >= 1")
    return sizes


def main(argv=None):
    """``python -m eons.train``: the pipeline from the command line."""
    parser = argparse.ArgumentParser(
        prog="python -m eons.train",
        description="Self-play, then train a value network, generation by generation: "
                    "writes OUT/<game>-<players>p.safetensors, .reference.safetensors and .md.")
    parser.add_argument("game", help="ds, marine or pangea")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1, help="all randomness comes from it")
    parser.add_argument("--games", type=int, default=2000, help="self-play games per generation")
    parser.add_argument("--generations", type=int, default=1,
                        help="1: greedy self-play only; each more: MCTS with the last network")
    parser.add_argument("--every", type=int, default=4, help="record every K-th decision")
    parser.add_argument("--search", default="50it",
                        help="the MCTS budget of generations >= 1 (`mcts:<search>,net=...`)")
    parser.add_argument("--hidden", type=_hidden, default=(64,), help="hidden layer sizes")
    parser.add_argument("--held-out", type=float, default=0.2, help="share of games held out")
    parser.add_argument("--max-epochs", type=int, default=30)
    parser.add_argument("--patience", type=int, default=3)
    parser.add_argument("--alpha", type=float, default=1e-3, help="the L2 penalty (scikit-learn's)")
    parser.add_argument("--threads", type=int, default=None, help="self-play threads")
    parser.add_argument("--data", default=None,
                        help="where the shards go (default target/selfplay/<game>-<players>p)")
    parser.add_argument("--out", default="models")
    args = parser.parse_args(argv)
    command = " ".join(["python -m eons.train", *(sys.argv[1:] if argv is None else argv)])
    try:
        pipeline(args.game, players=args.players, seed=args.seed, games=args.games,
                 generations=args.generations, every=args.every, search=args.search,
                 hidden=args.hidden, held_out=args.held_out, max_epochs=args.max_epochs,
                 patience=args.patience, alpha=args.alpha, data=args.data, out=args.out, threads=args.threads,
                 command=command)
    except (ValueError, RuntimeError, ImportError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
