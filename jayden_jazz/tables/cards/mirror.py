"""A card game as one seat sees it from the server: the real cards it was sent, stand-ins for the rest.

A seat's view (``jayden_jazz/net/views.py``) holds the field, the cards of
every hand this seat may see, and ``null`` for the others; it never holds
the Chaos seed. The card table needs a whole :class:`~jayden_jazz.cards.Game`,
so :func:`mirror_game` reads the view as this seat's
:class:`~jayden_jazz.cards.observation.Observation` and builds the game with
:meth:`Game.from_observation`, in which each unseen card is a **stand-in**
(:func:`~jayden_jazz.cards.observation.standin`): a card of the pack
``unseen`` that is in no catalog, dealt to the seat that holds it. The
engine's one rule for what a seat sees (:meth:`Game.can_see_card`) then
keeps every stand-in face down, as the server keeps the card it stands for.

When the server's log plays a card this mirror does not know (a hidden
card placed, or given to the field by a swap), :func:`reveal` makes one
of that seat's stand-ins that card (:meth:`Game.recast_hand`) before the
action is played here, so the action shows as steps like any other. Under
Order the stand-in is the leftmost card (the one the rule plays). Under
Chaos the mirror never draws (it has no seed, :meth:`Game.forget_draws`):
:func:`set_draw` puts the server's draw in place (:meth:`Game.set_drawn`),
from the view for this seat's own turn and from the action for another's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from jayden_jazz.cards import Action, Card, Catalog, Game, Rules
from jayden_jazz.cards.deal import Setup
from jayden_jazz.cards.action import HAND_PREFIX
from jayden_jazz.cards.observation import STANDIN_PACK as PACK
from jayden_jazz.cards.observation import Observation, is_standin, standin
from jayden_jazz.cards.position import Position


class StandIns:
    """The stand-ins of one mirror, and the catalog the mirror plays with (the real cards plus them)."""

    def __init__(self, catalog: Mapping[str, Card]) -> None:
        base = catalog if isinstance(catalog, Catalog) else Catalog.from_cards(catalog.values())
        # the packs stay as they are: no pack lists a stand-in
        self.catalog: Catalog = replace(base, cards=dict(base.cards))
        self._cards = self.catalog.cards
        self.count = 0

    def new(self, seat: int) -> str:
        card = standin(seat, self.count)
        self.count += 1
        self._cards[card.id] = card
        return card.id

    def fill(self, seat: int, hand: Iterable[str | None]) -> list[str]:
        return [cid if cid is not None else self.new(seat) for cid in hand]

    def adopt(self, cards: Mapping[str, Card]) -> None:
        """Stand-ins made elsewhere (:meth:`Game.from_observation`) join the catalog."""
        self._cards.update(cards)
        self.count += len(cards)


def _started(view: dict[str, Any]) -> bool:
    return any(e["event"] == "Placed" for e in view["log"])


def mirror_game(view: dict[str, Any], catalog: Mapping[str, Card], fields: Mapping[str, Any],
                ) -> tuple[Game, StandIns, int]:
    """The server's game as this seat may know it, from a view of a started card game, and the
    server's ply the mirror's history starts at (0, or the ply of a game taken up again)."""
    stand = StandIns(catalog)
    if not _started(view):
        game, base = _from_setup(view, stand, fields), 0
    else:
        game, base = _from_view(view, stand, fields), int(view["ply"])
    set_draw(game, view, base + len(game.history))
    return game, stand, base


def _from_setup(view: dict[str, Any], stand: StandIns, fields: Mapping[str, Any]) -> Game:
    """Before the first card: a game with its setup, so the table shows Hand Swap and Three Open
    as steps as a local game does. The dealt hands are the hands now with each Hand Swap gift
    given back (a received card is the last of a hand)."""
    setup, board = view["setup"], view["board"]
    n = int(setup["players"])
    gifts = [""] * n
    shown: list[tuple[str, ...]] = [()] * n
    for e in view["log"]:
        if e["event"] == "HandSwapped":
            gifts[int(e["giver"])] = str(e["card"])
        elif e["event"] == "CardsShown":
            shown[int(e["seat"])] = tuple(str(c) for c in e["cards"])
    hands = [stand.fill(s, board["hands"][s]) for s in range(n)]
    dealt = []
    for s in range(n):
        hand = hands[s][:-1] if gifts[(s - 1) % n] else hands[s]
        dealt.append(tuple(hand) + ((gifts[s],) if gifts[s] else ()))
    y, m = (int(x) for x in str(setup["date"]).split("-"))
    rules = Rules.from_dict(dict(setup["rules"]))
    game_setup = Setup(fields[setup["field"]["name"]], tuple(dealt), rules,
                       int(view["to_move"]), (y, m), tuple(str(s["name"]) for s in view["seats"]), False,
                       tuple((str(c), str(e)) for c, e in dict(board["elements"]).items()),
                       0 if rules.chaos else None, tuple(gifts) if any(gifts) else (), tuple(shown) if any(shown) else ())
    game = Game(game_setup, stand.catalog)
    if rules.chaos:                            # a made-up seed, forgotten at once: the mirror never draws
        game.forget_draws()
    return game


def _from_view(view: dict[str, Any], stand: StandIns, fields: Mapping[str, Any]) -> Game:
    """A game under way (taken up again): the position the view shows, stand-ins in the unseen slots."""
    setup, board = view["setup"], view["board"]
    n = int(setup["players"])
    fld = fields[setup["field"]["name"]]
    rules = Rules.from_dict(dict(setup["rules"]))
    names = fld.cell_names
    at = {x["cell"]: x for x in board["cells"] if x is not None}
    cells = tuple((int(at[names[c]]["owner"]), (str(at[names[c]]["card"]), int(at[names[c]]["dealer"])))
                  if names[c] in at else None for c in fld.cells)
    dealers = board.get("dealers") or [[None] * len(h) for h in board["hands"]]
    hands, hidden = [], []
    for s in range(n):
        row = [(str(cid), s if d is None else int(d)) for cid, d in zip(board["hands"][s], dealers[s]) if cid is not None]
        hands.append(tuple(row))
        hidden.append(tuple(i for i, cid in enumerate(board["hands"][s]) if cid is None))
    pieces = [pc for _, pc in (c for c in cells if c is not None)] + [pc for h in hands for pc in h]
    effects = []
    for e in board["effects"]:
        on = at.get(e["cell"])
        dealer = int(on["dealer"]) if on is not None and on["card"] == e["card"] else \
            next((d for cid, d in pieces if cid == e["card"]), int(e["seat"]))
        effects.append((int(e["seat"]), (str(e["card"]), dealer), int(e["number"]), str(e["cell"]),
                        int(e["turns_left"])))
    in_hands = {pc for h in hands for pc in h}
    ever = _shown_pieces(view["log"], n, set(pieces))
    shown = tuple(sorted(ever & in_hands))
    over = view["status"] == "over" or view.get("result") is not None
    end = None
    res = view.get("result")
    if over and res and res["reason"] in ("sudden_death", "instant_win"):
        end = (str(res["reason"]), int(res["winners"][0]))
    y, m = (int(x) for x in str(setup["date"]).split("-"))
    three_open = rules.three_open and not rules.open
    pos = Position(fld.name, tuple(fld.rows), rules, (y, m), n, -1 if over else int(view["to_move"]),
                   bool(board.get("reset_used")), end, cells, tuple(hands), tuple(effects),
                   tuple((str(c), str(el)) for c, el in dict(board["elements"]).items()),
                   None, None, shown if three_open else ())
    # a card of another seat's own deal in view, neither shown nor open, was seen on the field before
    you = view.get("you")
    revealed = tuple(sorted((pc for s, h in enumerate(hands) for pc in h
                             if not rules.open and s != you and pc[1] == s and pc not in ever),
                            key=lambda pc: f"{pc[0]}.{pc[1]}"))
    obs = Observation(None if you is None else int(you), int(view["ply"]), pos, tuple(hidden), revealed)
    game = Game.from_observation(obs, stand.catalog)    # the Chaos draw is put in place after
    stand.adopt(obs.standins())
    return game


@dataclass(frozen=True)
class Played:
    """One action of the server's log: the seat, the action, who was dealt the card placed and,
    for a swap, the place in the hand the card from the field took (None from a server that does
    not say)."""

    seat: int
    action: Action
    dealer: int | None = None
    slot: int | None = None
    swap_dealer: int | None = None


def actions_in(log: list[dict[str, Any]]) -> list[Played]:
    """The seats' actions in the server's event log, in order."""
    out: list[Played] = []
    for e in log:
        if e["event"] == "Placed":
            dealer = e.get("dealer")
            out.append(Played(int(e["seat"]), Action(str(e["card"]), str(e["cell"])),
                              None if dealer is None else int(dealer)))
        elif e["event"] == "AbilityUsed" and out and out[-1].action.card == e["card"] and out[-1].action.ability is None:
            a = out[-1].action
            out[-1] = replace(out[-1], action=Action(a.card, a.cell, int(e["number"]), tuple(str(t) for t in e["targets"])))
        elif e["event"] == "Swapped" and out:
            slot, dealer = e.get("slot"), e.get("to_field_dealer")
            out[-1] = replace(out[-1], slot=None if slot is None else int(slot),
                              swap_dealer=None if dealer is None else int(dealer))
    return out


def _shown_pieces(log: list[dict[str, Any]], n: int, known: set[tuple[str, int]]) -> set[tuple[str, int]]:
    """The pieces (card, dealer) Three Open showed: of a seat's two copies the one dealt to it, else
    the one Hand Swap gave it. A shown card is seen by all wherever it lies, so it is ``known``."""
    gave = {(int(e["giver"]), str(e["card"])) for e in log if e["event"] == "HandSwapped"}
    out = set()
    for e in log:
        if e["event"] == "CardsShown":
            s = int(e["seat"])
            for c in e["cards"]:
                mine = (str(c), s) in known and (s, str(c)) not in gave
                out.add((str(c), s if mine else (s - 1) % n))
    return out


def reveal(game: Game, played: Played, catalog: Mapping[str, Card]) -> None:
    """Before a seat's action from the server is played here: the cards it plays from its hand (the
    placed card, a swap's hand card) stop being stand-ins, and under Chaos the placed card is the
    one drawn. Of two copies in a hand (one given), ``played.dealer`` says which was placed; under
    Order the placed card is the leftmost and a swap's hand card the one at ``played.slot`` (the
    card from the field takes its place). Raises KeyError naming a card this machine lacks."""
    seat, action, dealer = played.seat, played.action, played.dealer
    ids, dealers = game.hand_ids(seat), game.hand_dealers(seat)
    places = range(len(ids))
    changes: dict[int, Card] = {}          # place in the hand -> the card its stand-in was
    swapped = [t[len(HAND_PREFIX):] for t in action.targets if t.startswith(HAND_PREFIX)]
    order = game.rules.order and bool(ids)
    if order and ids[0] != action.card and is_standin(ids[0]):
        changes[0] = catalog[action.card]          # Order plays the leftmost card: that one it was
    elif not order and _hidden_copy(dealers, seat, [i for i in places if ids[i] == action.card], dealer):
        _to(changes, ids, catalog[action.card])
    for cid in swapped:
        at = played.slot + 1 if order and played.slot is not None else None   # the placed card left first
        if at is not None and at < len(ids):
            if ids[at] != cid and is_standin(ids[at]) and at not in changes:
                changes[at] = catalog[cid]
        else:
            rest = [i for i in places[1 if order else 0:] if i not in changes and ids[i] == cid]
            if _hidden_copy(dealers, seat, rest, played.swap_dealer):
                _to(changes, ids, catalog[cid])
    if changes:
        game.recast_hand(seat, changes)
    if game.rules.chaos and not game.is_over() and game.to_move == seat and action.card in game.hand_ids(seat):
        game.set_drawn(action.card, dealer)


def _hidden_copy(dealers: tuple[int, ...], seat: int, held: list[int], dealer: int | None) -> bool:
    """Whether the card played from ``seat``'s hand is one of its stand-ins: none of the places
    ``held`` here has its id, or they are all copies given to it while the server says the
    seat's own copy was played (the rules play the copy dealt to the seat first)."""
    return not held or (dealer == seat and all(dealers[i] != seat for i in held))


def _to(changes: dict[int, Card], ids: tuple[str, ...], card: Card) -> None:
    """The first stand-in of the hand not changed yet becomes ``card``."""
    spare = [i for i in range(len(ids)) if i not in changes and is_standin(ids[i])]
    if spare:
        changes[spare[0]] = card


def set_draw(game: Game, view: dict[str, Any], ply: int) -> None:
    """Chaos: the card the server drew for the seat to move, when this view says which (this
    seat's own turn, or any seat's with Open hands) and the mirror, at server ply ``ply``, is
    where the view is."""
    if not game.rules.chaos or game.is_over() or view.get("board") is None:
        return
    drawn = view["board"].get("drawn")
    if drawn is None or int(view["ply"]) != ply or int(view["to_move"]) != game.to_move:
        return
    if str(drawn) not in game.hand_ids(game.to_move):
        return
    dealer = view["board"].get("drawn_dealer")
    game.set_drawn(str(drawn), None if dealer is None else int(dealer))


def seen_ids(game: Game) -> set[str]:
    """Every real card id the mirror holds (field and hands): what a test checks was sent."""
    ids = {c.id for c in (game.card_at(x) for x in game.field.cells) if c is not None}
    ids |= {cid for s in range(game.players) for cid in game.hand_ids(s)}
    return {cid for cid in ids if not is_standin(cid)}


__all__ = ["PACK", "Played", "StandIns", "actions_in", "is_standin", "mirror_game", "reveal", "seen_ids", "set_draw",
           "standin"]
