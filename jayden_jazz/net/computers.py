"""Computer seats on the server: their moves, hands and answers to draw offers.

A computer player thinks in one worker process beside the event loop
(started on first need), so a search never holds up another game; the
worker ends the moment the server does (:mod:`jayden_jazz.parentwatch`).
A bug in the computer player neither stops the server nor stalls the game:
it is logged in full and the game goes on with a fallback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from importlib import import_module
from typing import TYPE_CHECKING, Any

from jayden_jazz import parentwatch

from .games import CardsTable, JaydenTable, Refusal, Table

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger("jayden_jazz.net")


def _call(target: str, args: tuple[Any, ...]) -> Any:
    """In the worker process: run ``module:function`` (a computer player's question)."""
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)(*args)


class Computers:
    def __init__(self, server: GameServer, executor: Executor | None = None) -> None:
        self.server = server
        self.executor = executor
        self.thinking: set[str] = set()      # games whose computer seat is being asked for a move

    def shutdown(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)

    def hands(self, table: CardsTable) -> None:
        """The computer seats' hands, chosen and written down."""
        before = set(table.hands)
        table.computer_hands()
        for seat in sorted(set(table.hands) - before):
            self.server.store.set_hand(table.id, seat, table.hands[seat])

    def think(self, table: Table) -> None:
        """Ask the worker for the computer seat to move, unless it is already asked."""
        if table.id in self.thinking or table.computer_request() is None:
            return
        self.thinking.add(table.id)
        self.server.spawn(self._move(table))

    async def ask(self, table: Table, request: tuple[str, tuple[Any, ...]],
                  fallback: Callable[[], Any], instead: str) -> Any:
        """A computer player's answer, worked out in the process pool (started on first need), or
        ``fallback()`` when it fails: a bug in the computer player must neither stop the server nor
        stall the game, so it is logged in full and the game goes on (``instead`` says how)."""
        if self.executor is None:
            import multiprocessing as mp
            self.executor = ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"),
                                                initializer=parentwatch.exit_with_parent,
                                                initargs=("watch-server",))
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, _call, *request)
        except BrokenProcessPool:
            log.error("game %s: the computer player's process died (another is started); %s", table.id, instead)
            self.executor = None
        except Exception:   # a bug in the computer player: logged in full, the game goes on
            log.exception("game %s: the computer player failed; %s", table.id, instead)
        return fallback()

    async def _move(self, table: Table) -> None:
        turns = self.server.turns
        try:
            request = table.computer_request()
            if request is None:
                return
            ply, seat = table.ply, table.to_move()
            answer = await self.ask(table, request, lambda: [table.fallback_action()],
                                    "it plays the first legal action")
            if table.ply != ply or table.to_move() != seat or table.status != "playing" \
                    or self.server.tables.get(table.id) is not table:     # or the game was let go meanwhile
                return
            for text in ([answer] if isinstance(answer, str) else list(answer)):
                turns.play(table, seat, table.ply, text)   # type: ignore[arg-type]
            turns.broadcast(table)
        except Refusal as e:
            log.error("game %s: the computer's move was refused: %s", table.id, e.message)
        except Exception:   # a bug: logged in full; the game waits (a restart replays it), the server goes on
            log.exception("game %s: playing the computer's move failed", table.id)
            return
        finally:
            self.thinking.discard(table.id)
        self.think(table)

    def answer_draw(self, table: JaydenTable) -> None:
        """A draw offered to a computer seat: its player answers as it does offline."""
        if table.draw_offer is None:
            return
        them = 1 - table.draw_offer
        if table.seats[them].kind == "computer":
            self.server.spawn(self._draw(table, them))

    async def _draw(self, table: JaydenTable, seat: int) -> None:
        offer, jpn = table.draw_offer, table.position.jpn()
        yes = bool(await self.ask(table, ("jayden_jazz.ai.jayden.player:accepts_draw",
                                          (jpn, table.seats[seat].level or "normal")),
                                  lambda: False, "it declines the draw offer"))
        if table.draw_offer != offer or table.position.jpn() != jpn or table.status != "playing" \
                or self.server.tables.get(table.id) is not table:
            return          # the offer lapsed, the game moved on, or it was let go meanwhile
        try:
            table.answer_draw(seat, yes)
        except Refusal:
            return
        self.server.turns.store_end(table)
        self.server.turns.broadcast(table)


__all__ = ["Computers"]
