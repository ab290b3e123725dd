"""A factored view of a game's action space: each action id as
``(kind, source, target)``, for policies with one head per factor.

>>> import eons.actions
>>> f = eons.actions.factors("pangea", players=4)
>>> kind, source, target = f.table[7102]          # the first Move
>>> f.kinds[kind]
'Move'
>>> f.compose(kind, source, target)
7102

* **kind**: the choice's variant (``Move``, ``Place``, ``Done`` …), numbered
  in the order of the action space (``f.kinds``).
* **target**: where a movement goes — the ``to`` of a move (Dominant
  Species ``Move``, Marine ``Move`` and ``MoveOf``), the ``region`` and
  ``niche`` of a Pangea ``Move`` — numbered per kind in id order; 0 for a
  kind without one (``f.targets[kind] == 1``).
* **source**: everything else the choice names (the moving animal and where
  it stands, a space, a card …), numbered per kind in id order.

``f.table`` is ``(num_distinct_actions, 3)`` int64; ``f.ids[k]`` is kind
``k``'s ``(sources, targets)`` int64 array of the action id of each pair
(-1 where none); ``f.sources[k]`` and ``f.targets[k]`` are kind ``k``'s
counts. The factors are computed from the action space itself
(``Game.action_to_json``), so they follow it when it changes.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

import numpy as np

from . import _eons

@dataclass(frozen=True)
class Factors:
    """A game's action space as ``(kind, source, target)`` triples."""

    #: The kinds' names, in the order of the action space.
    kinds: tuple
    #: Per kind, how many sources.
    sources: np.ndarray
    #: Per kind, how many targets (1 for a kind without one).
    targets: np.ndarray
    #: Per action id, its ``(kind, source, target)``.
    table: np.ndarray
    #: Per kind, the ``(sources, targets)`` array of action ids (-1: none).
    ids: tuple

    def compose(self, kind, source, target=0):
        """The action id of a triple, or -1 when there is none."""
        return int(self.ids[kind][source, target])


def _split(fields, choice):
    """The kind of a choice (as JSON) and its source and target parts;
    ``fields`` are the game's target fields (``Game.action_target_fields``)."""
    if isinstance(choice, str):
        return choice, None, None
    ((kind, payload),) = choice.items()
    # A target only where the choice moves something: it has a `from`
    # (or, for Marine's MoveOf, an animal) beside the target's fields.
    if isinstance(payload, dict) and all(f in payload for f in fields) and (
        "from" in payload or "animal" in payload
    ) and len(payload) > len(fields):
        target = json.dumps([payload[f] for f in fields])
        source = json.dumps({k: v for k, v in payload.items() if k not in fields}, sort_keys=True)
        return kind, source, target
    return kind, json.dumps(payload, sort_keys=True), None


@functools.lru_cache(maxsize=None)
def factors(name, players):
    """The factored action space of ``name`` with ``players`` seats."""
    game = _eons.Game(name, players)
    fields = tuple(game.action_target_fields())
    count = game.num_distinct_actions()
    kinds, sources, targets = {}, [], []
    table = np.zeros((count, 3), dtype=np.int64)
    for action in range(count):
        kind, source, target = _split(fields, json.loads(game.action_to_json(action)))
        k = kinds.setdefault(kind, len(kinds))
        if k == len(sources):
            sources.append({})
            targets.append({})
        s = sources[k].setdefault(source, len(sources[k]))
        t = targets[k].setdefault(target, len(targets[k]))
        table[action] = (k, s, t)
    source_counts = np.array([len(s) for s in sources], dtype=np.int64)
    target_counts = np.array([len(t) for t in targets], dtype=np.int64)
    ids = tuple(np.full((s, t), -1, dtype=np.int64) for s, t in zip(source_counts, target_counts))
    for action, (k, s, t) in enumerate(table):
        ids[k][s, t] = action
    return Factors(tuple(kinds), source_counts, target_counts, table, ids)
