"""The Rust bots, to play against or to generate data.

>>> import eons, eons.bots
>>> game = eons.Game("ds", players=2, seed=3)
>>> bots = [eons.bots.mcts(iterations=200, seed=1), eons.bots.greedy(seed=2)]
>>> while not game.is_over():
...     bots[game.current_player()].play(game)

A bot reads only what the seat to move may know (it searches on
determinizations of that seat's view). Its spec is the one ``eons
tournament`` takes: ``Bot("mcts:hard,threads=2")``.
"""

from __future__ import annotations

from ._eons import Bot

__all__ = ["Bot", "random", "greedy", "mcts"]


def random(seed=0):
    """A bot that plays a uniformly random legal action."""
    return Bot("random", seed)


def greedy(seed=0, samples=None):
    """The one-step greedy bot (best score after its choice, averaged over
    ``samples`` determinizations)."""
    spec = "greedy" if samples is None else f"greedy:samples={int(samples)}"
    return Bot(spec, seed)


def mcts(iterations=None, time=None, level=None, threads=None, seed=0, **params):
    """Information-set Monte Carlo tree search.

    Give a budget in ``iterations`` per decision or ``time`` (seconds) per
    decision, or a ``level`` (``"easy"``, ``"medium"``, ``"hard"``);
    ``threads`` root-parallel trees; other spec parameters (``c``,
    ``depth``, ``reward``…) as keywords. Iteration budgets are reproducible
    from ``seed``; time budgets are not.
    """
    parts = []
    if level is not None:
        parts.append(str(level))
    if iterations is not None:
        parts.append(f"{int(iterations)}it")
    if time is not None:
        parts.append(f"{int(round(float(time) * 1000))}ms")
    if threads is not None:
        parts.append(f"threads={int(threads)}")
    for key, value in params.items():
        parts.append(f"{key.replace('_', '-')}={value}")
    spec = "mcts" + (":" + ",".join(parts) if parts else "")
    return Bot(spec, seed)
