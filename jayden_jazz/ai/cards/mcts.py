"""Monte Carlo tree search for positions the solver cannot finish.

Single-observer information-set MCTS: one tree of the *observer's*
knowledge. Every iteration draws a world consistent with the observer's
view (:class:`~jayden_jazz.ai.cards.infoset.Worlds`), walks the tree using
only the moves legal in that world, adds one node, plays the game out with
a light policy and backs up the result. Moves are keyed by what everyone
sees -- card id, cell, ability and targets -- so an opponent's "plays the
card it was dealt on b2" is one branch whatever world it came from. With
nothing hidden (Open) every world is the real position and this is plain
UCT.

Rewards are per seat, so the same code plays 3 and 4 players (each node
is scored for the seat that moved into it): a win is worth 1, a shared draw
0.5, a loss 0, plus a little for the share of the field held, so a lost
game is still played for the best margin.

Selection: UCB1 with the availability count (how often the move was legal
when its parent was visited) in place of the parent's visits.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from jayden_jazz.ai.cards.infoset import Worlds
from jayden_jazz.cards.core import Core

MoveKey = tuple  # (card id, cell, None | (number, targets with hand cards as ids))


def move_key(g: Core, move: tuple) -> MoveKey:
    """A move as everyone sees it: the same key in every world."""
    p, c, opt = move
    if opt is None:
        return (g.ids[p], c, None)
    number, targets = opt
    if g.cards[p].abilities[number - 1].effect == "swap":
        return (g.ids[p], c, (number, (targets[0], g.ids[targets[1]])))
    return (g.ids[p], c, opt)


def key_move(g: Core, key: MoveKey) -> tuple:
    """The move of world ``g`` with that key (raises ValueError when it is not legal)."""
    for m in g.moves():
        if move_key(g, m) == key:
            return m
    raise ValueError(f"no legal move {key!r} here")


@dataclass
class MCTSParams:
    """How hard MCTS thinks. Iterations make a search reproducible; seconds bound it in play."""

    iterations: int | None = 2000
    seconds: float | None = None
    exploration: float = 0.7
    greedy_rollouts: float = 0.75     # chance a rollout step puts its card on its best-capturing cell
    ability_use: float = 0.85         # chance a rollout uses an offered ability
    share_weight: float = 0.1         # weight of the field share in the reward
    guided: float = 0.0               # chance a new node below the root is the playout policy's move
    widen: float = 0.0                # below the root, at most widen * sqrt(visits) children (0: all)


class _Node:
    __slots__ = ("visits", "reward", "avail", "children", "mover")

    def __init__(self, mover: int) -> None:
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.children: dict[MoveKey, _Node] = {}
        self.mover = mover


@dataclass
class MCTSResult:
    best: MoveKey
    stats: dict[MoveKey, tuple[int, float]]   # key -> (visits, mean reward for the mover)
    iterations: int


def rollout_move(g: Core, rng: random.Random, greedy: float,
                 free: list[int] | None = None) -> tuple[int, int]:
    """The placement of the light playout policy: a random card, on the cell where it
    captures most (or, with chance 1 - ``greedy``, on a random cell). ``free`` may pass
    the empty cells when the caller keeps them."""
    hand = g.choices()                  # Order and Chaos leave one card
    if free is None:
        free = g.free()
    p = hand[rng.randrange(len(hand))] if len(hand) > 1 else hand[0]
    if len(free) > 1 and rng.random() < greedy:
        cells = g.greedy_cells(p, free, g.to_move)
        c = cells[rng.randrange(len(cells))] if len(cells) > 1 else cells[0]
    else:
        c = free[rng.randrange(len(free))] if len(free) > 1 else free[0]
    return p, c


class ISMCTS:
    """Runs the search for the seat to move of a view (see the module docstring)."""

    def __init__(self, worlds: Worlds, rng: random.Random, params: MCTSParams,
                 clock: Callable[[], float] = time.perf_counter, allowed: set | None = None) -> None:
        """``allowed`` limits the root to these move keys (say, the moves proven to draw)."""
        self.allowed = allowed
        self.worlds = worlds
        self.rng = rng
        self.params = params
        self.clock = clock
        self.root = _Node(-1)
        # the root's mover is the observer: its moves are the same in every world (its own
        # hand and the field are known), so they are listed once
        self._root_legal: dict | None = None

    def _reward(self, g: Core) -> list[float]:
        r = g.returns()
        w = self.params.share_weight
        total = sum(g.counts) or 1
        return [(1 - w) * (x + 1) / 2 + w * g.counts[s] / total for s, x in enumerate(r)]

    def _playout(self, g: Core) -> list[float]:
        rng = self.rng
        greedy = self.params.greedy_rollouts
        use = self.params.ability_use
        free = g.free()                 # kept as the playout goes: it never undoes a move
        while not g.over:
            p, c = rollout_move(g, rng, greedy, free)
            got = g.place(p, c)
            opt = None
            if len(got) >= 2 and g.abil[p] and rng.random() < use:
                offers = g.offers(p, c, len(got))
                if offers:
                    opt = offers[rng.randrange(len(offers))]
            g.commit(opt)
            if opt is None:
                free.remove(c)
            else:
                free = g.free()         # an ability may have cleared the field
        return self._reward(g)

    def iterate(self) -> None:
        rng = self.rng
        g = self.worlds.world(rng)
        node = self.root
        path = [node]
        c_explore = self.params.exploration
        while not g.over:
            if node is self.root:
                legal = self._root_legal
                if legal is None:
                    legal = {move_key(g, m): m for m in g.moves()}
                    if self.allowed:
                        legal = {k: m for k, m in legal.items() if k in self.allowed} or legal
                    self._root_legal = legal
            else:
                legal = {move_key(g, m): m for m in g.moves()}
            children = node.children
            untried = [k for k in legal if k not in children]
            for k in legal:
                ch = children.get(k)
                if ch is not None:
                    ch.avail += 1
            expand = bool(untried)
            if expand and self.params.widen and node is not self.root and len(untried) < len(legal) \
                    and len(children) >= self.params.widen * math.sqrt(node.visits + 1):
                expand = False          # enough replies here: choose among those already grown
            if expand:
                k = untried[rng.randrange(len(untried))]
                if node is not self.root and self.params.guided and rng.random() < self.params.guided:
                    # the reply the playouts would make, not a uniformly random one: otherwise
                    # every first visit below the root meets a careless opponent
                    p, c = rollout_move(g, rng, self.params.greedy_rollouts)
                    pk = move_key(g, (p, c, None))
                    if pk in legal and pk not in children:
                        k = pk
                child = children[k] = _Node(g.to_move)
                child.avail = 1
                g.push(legal[k])
                path.append(child)
                break
            best_k = None
            best_v = -1.0
            for k in legal:
                ch = children.get(k)
                if ch is None:
                    continue
                v = ch.reward / ch.visits + c_explore * math.sqrt(math.log(ch.avail) / ch.visits)
                if v > best_v:
                    best_v = v
                    best_k = k
            assert best_k is not None           # a node always has a legal move here
            node = children[best_k]
            g.push(legal[best_k])
            path.append(node)
        rewards = self._playout(g) if not g.over else self._reward(g)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.reward += rewards[n.mover]

    def run(self) -> MCTSResult:
        p = self.params
        deadline = None if p.seconds is None else self.clock() + p.seconds
        done = 0
        while True:
            if p.iterations is not None and done >= p.iterations:
                break
            if deadline is not None and done and self.clock() >= deadline:
                break
            self.iterate()
            done += 1
        stats = {k: (ch.visits, ch.reward / ch.visits if ch.visits else 0.0)
                 for k, ch in self.root.children.items()}
        best = max(stats, key=lambda k: (stats[k][0], stats[k][1]))
        return MCTSResult(best, stats, done)


__all__ = ["ISMCTS", "MCTSParams", "MCTSResult", "key_move", "move_key", "rollout_move"]
