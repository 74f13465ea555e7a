"""The engine protocol for the card game: the position string in, a card action out.

A card game has no fixed start (the hands are dealt or picked, the rules
chosen), so there is no ``startpos``: a position is ``Game.position()``'s
string, which carries the field, the rules and every hand. The cards it
names come from the ``packs`` option (folders, separated by the system's
path separator; default the shipped ``cards/`` folder), and ``pool`` says
which cards a hidden hand may hold (pack names or card ids; empty: every
loaded card), as the game tells its own computer players. ``moves`` after
the position plays actions from there.

The search is :func:`~jayden_jazz.ai.cards.player.choose_action` of the
chosen level in the worker; the quick move (``stop``) is the same level
with a small fixed amount of work.
"""

from __future__ import annotations

import os
from typing import Any

from jayden_jazz.ai.cards.player import catalog_for, choose_action
from jayden_jazz.ai.protocol.loop import Option, ProtocolError, Search, common_options
from jayden_jazz.ai.worker import share
from jayden_jazz.cards import Action, Game
from jayden_jazz.cards.catalog import Catalog, shared_key

#: Work for the quick move: a few milliseconds at every level.
QUICK_ITERATIONS = 100


def shipped_cards_dir() -> str:
    from jayden_jazz.paths import shipped_dir
    return str(shipped_dir("cards"))


def warm(pack_dirs: list[str]) -> int:
    """Run in the worker before the first search: the cards, read or shared once."""
    return len(catalog_for(pack_dirs))


def think(position: str, seat: int, level: str, seed: int, time_budget: float | None,
          pack_dirs: list[str], pool: list[str] | None) -> str:
    """In the worker: the level's action text."""
    return choose_action(position, seat, level, seed, time_budget, pack_dirs, pool=pool)


class CardsAdapter:
    game = "cards"

    def __init__(self, level: str = "hard", seed: int = 0, movetime: int = 0) -> None:
        self.name = "Jayden & Jazz cards"
        default = shipped_cards_dir()
        self.options = [*common_options(level, seed, movetime),
                        Option("packs", "string", default,
                               help=f"card folders, separated by {os.pathsep!r}"),
                        Option("pool", "string", "",
                               help="pack names or card ids a hidden hand may hold; empty: every card")]
        self.game_now: Game | None = None
        self.dirs = [default]
        self._catalog: Catalog | None = None

    # ------------------------------------------------------------------ cards

    @property
    def catalog(self) -> Catalog:
        if self._catalog is None:
            missing = [d for d in self.dirs if not os.path.isdir(d)]
            if missing:
                raise ProtocolError(f"packs: no folder {missing[0]!r}")
            self._catalog = catalog_for(self.dirs)
            share(shared_key(self.dirs), self._catalog)
        return self._catalog

    def _pool(self, values: dict[str, Any]) -> list[str] | None:
        words = str(values["pool"]).split()
        if not words:
            return None
        ids: list[str] = []
        for word in words:
            found = [word] if word in self.catalog else [c for c in self.catalog if c.split("/", 1)[0] == word]
            if not found:
                raise ProtocolError(f"pool: {word!r} is neither a pack nor a card of the loaded packs")
            ids.extend(found)
        return sorted(set(ids))

    # ------------------------------------------------------------------ adapter

    def set_option(self, name: str, value: Any, values: dict[str, Any]) -> None:
        if name == "packs":
            dirs = [d for d in str(value).split(os.pathsep) if d] or [shipped_cards_dir()]
            old = (self.dirs, self._catalog)
            self.dirs, self._catalog = dirs, None
            try:
                self.catalog
            except ProtocolError:
                self.dirs, self._catalog = old
                raise
            self.game_now = None     # its cards were read from the old packs
        elif name == "pool":
            self._pool(values)

    def set_position(self, words: list[str], values: dict[str, Any]) -> None:
        moves: list[str] = []
        if "moves" in words:
            at = words.index("moves")
            words, moves = words[:at], words[at + 1:]
        if words == ["startpos"]:
            raise ProtocolError("the card game has no fixed start: send the position string "
                                "(jazz1 ...), which carries the field, the rules and the hands")
        text = " ".join(words)
        try:
            game = Game.from_position(text, self.catalog)
        except ValueError as exc:
            raise ProtocolError(f"not a card position: {exc}") from None
        for n, word in enumerate(moves, 1):
            if game.is_over():
                raise ProtocolError(f"move {n} ({word}): the game is already over")
            try:
                game.push(Action.parse(word))
            except ValueError as exc:
                raise ProtocolError(f"move {n} ({word}) cannot be played: {exc}") from None
        self.game_now = game

    def over(self) -> str | None:
        if self.game_now is None:
            return "no position yet; send position first"
        result = self.game_now.result()
        if result is not None:
            who = ("a draw" if len(result.winners) != 1 else f"seat {result.winners[0]} won")
            return f"the game is over ({who}, {result.decided_by}): there is no move"
        return None

    def _position(self) -> tuple[str, int]:
        assert self.game_now is not None
        return self.game_now.position(), self.game_now.to_move

    def warm(self, values: dict[str, Any]) -> Search:
        self.catalog
        return Search(f"{__name__}:warm", (list(self.dirs),), {})

    def search(self, values: dict[str, Any], seed: int, seconds: float | None) -> Search:
        position, seat = self._position()
        return Search(f"{__name__}:think", (position, seat, values["level"], seed, seconds, list(self.dirs),
                                            self._pool(values)), {})

    def answer(self, value: Any) -> tuple[list[str], str | None]:
        assert self.game_now is not None
        try:
            action = Action.parse(str(value))
        except ValueError:
            return [], None
        return [], str(action) if self.game_now.is_legal(action) else None

    def quick(self, values: dict[str, Any], seed: int) -> str:
        position, seat = self._position()
        return choose_action(position, seat, values["level"], seed, None, list(self.dirs),
                             iterations=QUICK_ITERATIONS, pool=self._pool(values))
