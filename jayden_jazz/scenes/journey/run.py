"""A Journey profile in play, and a Journey game on the ordinary card table.

:class:`Session` is the open profile (its slot, file and loaded library).
A game is set up by :func:`play` (the hand picker restricted to owned
cards, or both hands dealt under Random) and played on the card table in a
:class:`JourneyMatch`: the table's menu offers Leave (the game is kept and
continued like any card game) and Abandon (asked, No first: a loss), and
the end of the game opens the trade instead of the end window. The
Journey's setup (profile slot, opponent, seed, rule index) rides in the
save's ``config`` so Continue reopens it as a Journey game.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from jayden_jazz.ai.journey.hands import opponent_hand
from jayden_jazz.cards import Game
from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.journey.collection import cards_won_from, pool_with_winnings, starter_grant, won_from_player
from jayden_jazz.journey.match import JourneySetup, dealt_hand, hand_size, new_seed, prepare, start
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import journey_game
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cards.config import Match, MatchConfig
from jayden_jazz.scenes.cards.intents import Confirm, Done, Run, ShowEnd, TableIntent
from jayden_jazz.scenes.cardkit.library import Library
from jayden_jazz.scenes.journey.lasthand import ProfileHands
from jayden_jazz.scenes.journey.words import card_name, fit, locked_words
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.scenes.cards.hands import HandChoiceScene
    from jayden_jazz.shell.scene import SceneStack
    from jayden_jazz.scenes.cards.table import CardsTableScene as TablePart
    from jayden_jazz.shell.appview import AppView


@dataclass
class Session:
    """The profile being played: reloaded from disk after every write, so the screens show the file."""

    app: AppView
    library: Library
    slot: int
    profile: jsave.Profile
    hand_not_kept: str = ""            # why the last hand chosen could not be written in the profile

    @property
    def path(self) -> Path:
        return jsave.profile_path(Path(self.app.dirs.saves), self.slot)

    @property
    def catalog(self) -> Any:
        return self.library.catalog

    def beaten(self) -> set[str]:
        return {k for k, v in self.profile.progress.items() if v.won > 0}

    pins: dict[str, int] = dc_field(default_factory=dict)     # Roulette draws the profile could not keep

    def cards_won_from(self, opponent: str) -> set[str]:
        """Cards that came to the profile from this opponent's games (its ledger, by game id)."""
        return cards_won_from(self.profile.collection.ledger, opponent)

    def won_from_you(self, opponent: str) -> list[str]:
        """Win back: the cards this opponent took from the profile and still plays."""
        return [c for c in won_from_player(self.profile.collection.ledger, opponent) if c in self.catalog]

    def playing(self, opponent: Opponent) -> Opponent:
        """The opponent as it plays this profile: its pool and the cards it won from it."""
        return replace(opponent, pool=pool_with_winnings(opponent.pool, self.won_from_you(opponent.id)))

    def setup_for(self, opponent: Opponent, rng: Any) -> tuple[JourneySetup, str]:
        """The next game against ``opponent``: drawn once and kept in the profile until played (Roulette
        cannot be drawn again by looking again, leaving or restarting); and why it could not be kept."""
        seed = self.profile.pinned.get(opponent.id) or self.pins.get(opponent.id)
        if seed is not None:
            return prepare(opponent, seed), ""
        seed = new_seed(rng)
        profile = copy_profile(self.profile)
        profile.pinned[opponent.id] = seed
        try:
            self.write(profile)
        except (SaveError, OSError) as e:
            self.pins[opponent.id] = seed
            return prepare(opponent, seed), f"The drawn rules could not be kept in the profile ({e})."
        return prepare(opponent, seed), ""

    def stuck(self) -> bool:
        """No dead end: True when no unlocked opponent can be played with the cards owned (and no game is
        waiting)."""
        if journey_game.kept(Path(self.app.dirs.saves), self.slot) is not None:
            return False
        beaten, opponents = self.beaten(), self.catalog.opponents
        have = len(owned_ids(self))
        for o in opponents.values():
            if locked_words(o, beaten, opponents):
                continue
            seed = self.profile.pinned.get(o.id) or self.pins.get(o.id)
            sets = [prepare(o, seed)] if seed is not None else \
                [JourneySetup(o.id, 1, i, rs, o.trade) for i, rs in enumerate(o.rule_sets)]
            if any(hand_size(js) <= have for js in sets):
                return False
        return bool(opponents)

    def grant_if_stuck(self) -> str | None:
        """The starter grant when the profile is stuck: the starter cards it lacks, on the ledger; the
        words that announce it (or say why it could not be written), else None."""
        if not self.stuck():
            return None
        entries = starter_grant(self.catalog.starter(), self.profile.collection)
        if not entries:
            return None
        profile = copy_profile(self.profile)
        profile.collection.apply(entries)
        try:
            self.write(profile)
        except (SaveError, OSError) as e:
            return f"The profile cannot play any opponent, and the starter grant could not be written: {e}"
        n = sum(e.delta for e in entries)
        return (f"No opponent can be played with the cards you own, so the profile receives the starter "
                f"cards it lacks: {n} card{'s' if n != 1 else ''} (a starter grant, written on its ledger).")

    def write(self, profile: jsave.Profile) -> None:
        """Keep a changed profile (decks); raises SaveError or OSError and keeps the old one then."""
        jsave.save(self.path, profile, self.catalog)
        self.profile = jsave.load(self.path, self.catalog)


def copy_profile(p: jsave.Profile) -> jsave.Profile:
    """A copy to change before it is written (the session's profile stays the one on disk)."""
    from jayden_jazz.journey.collection import Collection

    return replace(p, collection=Collection(dict(p.collection.counts), list(p.collection.ledger)),
                   decks=list(p.decks), progress=dict(p.progress), pinned=dict(p.pinned),
                   settled=None if p.settled is None else list(p.settled))


def game_id(js: JourneySetup) -> str:
    """The record's name: the opponent and the seed (one game, one record)."""
    return journey_game.game_id(js.opponent, js.seed)


@dataclass
class JourneyConfig(MatchConfig):
    """The table's config with the Journey's setup, so a save of the game carries it."""

    journey: dict[str, Any] = dc_field(default_factory=dict)

    def to_settings(self) -> dict[str, Any]:
        data = super().to_settings()
        data["journey"] = dict(self.journey)
        return data


def config_for(js: JourneySetup, opponent: Opponent, slot: int) -> JourneyConfig:
    rs = js.rule_set
    cfg = JourneyConfig(players=2, field=rs.field, preset=rs.preset, open="open" in rs.variants,
                        pure="pure" in rs.variants, sudden_death="sudden_death" in rs.variants,
                        classic=list(rs.classic), journey={**js.to_dict(), "profile": slot})
    cfg.seats[1] = {"kind": "computer", "level": opponent.level}
    return cfg


@dataclass
class JourneyMatch(Match):
    """A Journey game on the card table: the menu and the end are the Journey's."""

    session: Session | None = None
    opponent: Opponent | None = None
    setup: JourneySetup | None = None
    from_list: bool = True             # opened from the opponent list (not Continue on the title)

    def names(self) -> tuple[str, ...]:
        return (self.session.profile.name if self.session else "You",
                self.opponent.name if self.opponent else "Opponent")

    def seat_label(self, seat: int) -> str | None:
        """``P1 Jazz``, ``P2 Gus Cobblefoot``: the table's words (log, bars) name them so too."""
        return f"P{seat + 1} {fit(self.names()[seat], 15)}"

    def computer_seats_kept(self) -> bool:
        """The opponent's seat is never the person's: a Journey game played by one side is no game."""
        return True

    def autosave_path(self, saves: Path) -> Path | None:
        """The profile's own slot: an ordinary card game never writes over a Journey game."""
        return journey_game.game_path(saves, self.session.slot) if self.session else None

    def menu_entries(self) -> list[tuple[str, str]] | None:
        return [("Resume", "resume"), ("Move log (L)", "log"), ("Rules summary", "rules"),
                ("Options", "options"), ("Save game", "save"), ("Leave: continue later", "leave"),
                ("Abandon: counts as lost", "abandon")]

    def trade_rule(self) -> str | None:
        return self.setup.trade if self.setup is not None else None

    def on_over(self, table: TablePart) -> TableIntent | None:
        """The Journey's end window, then the trade (never a rematch: the trade settles the game)."""
        if table.end_shown:                      # the window is up already (Enter on the table again)
            return Done()
        res = table.controller.game.result()
        mine = res.scores[0] if res is not None else 0
        theirs = res.scores[1] if res is not None else 0
        title = "Drawn" if res is None or res.is_draw else ("You won" if res.winners[0] == 0 else "You lost")
        return ShowEnd(title, f"{title}, {mine} to {theirs}. Enter: see the trade.",
                       lambda: to_trade(table, abandoned=False))

    def on_menu(self, table: TablePart, choice: str) -> TableIntent | None:
        if choice == "leave":
            return Run(lambda: leave_for_later(table))
        if choice == "abandon":
            return Confirm("Abandon", "Abandon this game? It counts as lost, and the trade takes as much as "
                           "if the opponent held the whole field.", lambda: to_trade(table, abandoned=True))
        return None


def leave_for_later(table: TablePart) -> None:
    """Leave: continue later. The computer stops thinking; the table's exit keeps the game."""
    table.stop_ai()
    leave_table(table)


def leave_table(table: TablePart) -> None:
    """Back to the screen under the table; the table's exit keeps the game for Continue."""
    while table.stack.top is not None and table.stack.top is not table:
        table.stack.pop()
    table.stack.pop()


def to_trade(table: TablePart, abandoned: bool) -> None:
    m = table.match
    assert isinstance(m, JourneyMatch)           # only a Journey table has a trade
    table.stop_ai()
    while table.stack.top is not None and table.stack.top is not table:
        table.stack.pop()
    stack = table.stack
    if abandoned:
        stack.pop()                  # the table keeps the game as it was left; the abandon then settles it
        stack.push(table.app.scene("journey-trade", session=m.session, opponent=m.opponent, setup=m.setup,
                                   game=table.controller.game, abandoned=True, open_list=not m.from_list))
        return
    stack.replace(table.app.scene("journey-trade", session=m.session, opponent=m.opponent, setup=m.setup,
                                  game=table.controller.game, abandoned=False, open_list=not m.from_list))


def owned_ids(session: Session) -> list[str]:
    """The profile's cards in the library's order (pack by pack)."""
    owned = set(session.profile.collection.owned_cards())
    return [c for c in session.library.card_ids() if c in owned]


def play(app: AppView, stack: SceneStack, session: Session, opponent: Opponent, js: JourneySetup) -> None:
    """From the opponent's card: the player's hand (chosen, or dealt under Random), then the table."""
    kept = journey_game.kept(Path(session.app.dirs.saves), session.slot)
    if kept is not None:
        other = session.catalog.opponents.get(str(kept["opponent"]))
        name = other.name if other is not None else str(kept["opponent"])
        app.sound.play("illegal")
        stack.push(MessageWindow(app, "A game is waiting", f"Your game against {name} is not finished: a "
                                 "profile plays one game at a time. Continue it first (the first line of "
                                 "the opponent list); its Esc menu can also abandon it, which counts as lost."))
        return
    owned = owned_ids(session)
    need = hand_size(js)
    if len(owned) < need:
        stack.push(MessageWindow(app, "Not enough cards", f"This game needs {need} different cards and the "
                                 f"profile owns {len(owned)}. Play another opponent first (whenever no "
                                 "opponent can be played, the profile receives the starter cards it lacks)."))
        return
    if js.rule_set.rules().random:
        open_table(app, stack, session, opponent, js, dealt_hand(owned, js, 0), replace=False)
        return
    cfg = config_for(js, opponent, session.slot)

    def chosen(scene: HandChoiceScene, hands: tuple[tuple[str, ...], ...]) -> None:
        open_table(app, scene.stack, session, opponent, js, list(hands[0]), replace=True)

    stack.push(app.scene("cards-hands", config=cfg, library=session.library, pool=owned, choosing=1,
                         on_chosen=chosen, on_saved=lambda scene: decks_window(scene, session),
                         own_hands=ProfileHands(session), title=f"Your hand against {opponent.name}: {need} cards"))


def decks_window(picker: HandChoiceScene, session: Session) -> None:
    """The hand picker's Decks button in the Journey (Saved hands elsewhere): the profile's decks (incomplete ones shown,
    not offered)."""
    from jayden_jazz.journey.collection import deck_problem

    items = []
    for d in session.profile.decks:
        problem = deck_problem(d, session.profile.collection, picker.size,
                               name_of=lambda c: card_name(session.catalog, c))
        label = f"{d.name} ({len(d.cards)} cards)" + (" - incomplete" if problem and "incomplete" in problem
                                                      else (" - other size" if problem else ""))
        items.append(MenuItem(label[:44], d.name, enabled=problem is None))
    items.append(MenuItem("Back", None))

    def pick(name: Any) -> None:
        deck = next((d for d in session.profile.decks if d.name == name), None)
        if deck is not None:
            picker.load(list(deck.cards), f"deck {deck.name}")

    text = "" if session.profile.decks else "No deck yet: build decks from the opponent list (D)."
    if any(not i.enabled and "incomplete" in i.label for i in items):
        text = "An incomplete deck holds a card lost in a trade: put another in its place in Decks (D on " \
               "the opponent list)."
    picker.stack.push(ChoiceWindow(picker.app, "Decks", items, text=text, width=400, on_choose=pick))


def open_table(app: AppView, stack: SceneStack, session: Session, opponent: Opponent, js: JourneySetup,
               hand: list[str], *, replace: bool) -> None:
    theirs = opponent_hand(session.playing(opponent), js, session.library.pack_dir_texts)
    names = (session.profile.name, opponent.name)
    game = start(session.catalog, js, hand, theirs, names)
    table = table_for(app, session, opponent, js, game)
    if replace:
        stack.replace(table)
    else:
        stack.push(table)


def table_for(app: AppView, session: Session, opponent: Opponent, js: JourneySetup, game: Game,
              pending: Any = None, from_list: bool = True) -> TablePart:
    setup = game.setup
    assert setup is not None
    cfg = config_for(js, opponent, session.slot)
    match = JourneyMatch(cfg, setup.field, setup.hands, setup.first_seat, session.library.pack_dir_texts,
                         setup.date, js.seed, session=session, opponent=opponent, setup=js, from_list=from_list)
    table = cast("TablePart", app.scene("cards-table", match=match, library=session.library))
    table.restore(game, pending)
    return table


def continue_game(app: AppView, info: Any, game: Game, library: Library) -> Any:
    """Continue (or Load) of a saved Journey game: its profile and opponent again, then the table.

    Raises SaveError when the profile or opponent is gone, or when the game
    was already concluded (its record exists): a game trades once.
    """
    path = Path(app.dirs.saves)
    slot, opponent, js = journey_setup(info, library, path)
    kept = journey_game.kept(path, slot)
    if kept is not None and (kept.get("opponent"), kept.get("seed")) != (js.opponent, js.seed):
        other = library.catalog.opponents.get(str(kept.get("opponent")))
        raise SaveError(path, f"profile {slot} has another Journey game waiting (against "
                              f"{other.name if other else kept.get('opponent')}); a profile plays one game at "
                              "a time: finish or abandon that one first")
    from jayden_jazz.saves import journey_records

    try:                               # the records it does not hold yet are applied first (once)
        profile = journey_records.settle(jsave.profile_path(path, slot), library.catalog).profile
    except OSError as e:
        raise SaveError(jsave.profile_path(path, slot), f"it could not be brought up to date ({e.strerror or e})") \
            from None
    session = Session(app, library, slot, profile)
    return table_for(app, session, opponent, js, game, info.pending, from_list=False)


def journey_setup(info: Any, library: Library, path: Path) -> tuple[int, Opponent, JourneySetup]:
    """The profile slot, opponent and setup a saved Journey game names, checked; raises SaveError."""
    data = info.config["journey"]
    try:
        slot, opp_id, seed, index = int(data["profile"]), str(data["opponent"]), int(data["seed"]), \
            int(data["rule_index"])
    except (KeyError, TypeError, ValueError):
        raise SaveError(path, "its Journey setup (profile, opponent, seed, rules) is damaged") from None
    opponent = library.catalog.opponents.get(opp_id)
    if opponent is None:
        raise SaveError(path, f"the Journey opponent {opp_id} is in no loaded pack")
    js = prepare(opponent, seed)
    if js.rule_index != index:
        raise SaveError(path, "the opponent's rules changed since the game was saved")
    if not 1 <= slot <= jsave.PROFILES:
        raise SaveError(path, f"its Journey profile slot {slot} is not one of 1 to {jsave.PROFILES}")
    if os.path.lexists(jsave.record_path(jsave.profile_path(path, slot), game_id(js))):
        raise SaveError(path, "this Journey game was already settled (its trade is in the profile)")
    return slot, opponent, js


def kept_opponent(session: Session) -> Opponent | None:
    """The opponent of the profile's game still to finish or to trade (its own autosave), if any."""
    kept = journey_game.kept(Path(session.app.dirs.saves), session.slot)
    return session.catalog.opponents.get(str(kept["opponent"])) if kept is not None else None


def continue_kept(session: Session) -> Any:
    """The table of the profile's kept game, with this session (the screens under it see the trade);
    raises SaveError (the file is left as it is)."""
    from jayden_jazz.saves import cards as csave

    path = journey_game.game_path(Path(session.app.dirs.saves), session.slot)
    info, game = csave.load(path, session.catalog)
    if not isinstance(info.config.get("journey"), dict):
        raise SaveError(path, "it holds no Journey game")
    slot, opponent, js = journey_setup(info, session.library, path)
    if slot != session.slot:
        raise SaveError(path, f"it holds a game of profile {slot}, not of profile {session.slot}")
    return table_for(session.app, session, opponent, js, game, info.pending)


__all__ = ["JourneyConfig", "JourneyMatch", "Session", "config_for", "continue_game", "continue_kept", "game_id",
           "journey_setup", "kept_opponent", "owned_ids",
           "play", "table_for"]
