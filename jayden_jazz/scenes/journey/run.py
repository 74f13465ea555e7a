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

import re
from dataclasses import dataclass
from dataclasses import field as dc_field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jayden_jazz.cards import Game
from jayden_jazz.cards.opponents import Opponent
from jayden_jazz.journey.match import JourneySetup, dealt_hand, opponent_hand, prepare, start
from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cards.config import Match, MatchConfig
from jayden_jazz.scenes.cardkit.library import Library
from jayden_jazz.scenes.confirm import confirm_window
from jayden_jazz.scenes.journey.words import LEVEL_NAMES
from jayden_jazz.scenes.windows import ChoiceWindow, MessageWindow
from jayden_jazz.shell.widgets import MenuItem

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView


@dataclass
class Session:
    """The profile being played: reloaded from disk after every write, so the screens show the file."""

    app: Any
    library: Library
    slot: int
    profile: jsave.Profile

    @property
    def path(self) -> Path:
        return jsave.profile_path(Path(self.app.dirs.saves), self.slot)

    @property
    def catalog(self) -> Any:
        return self.library.catalog

    def beaten(self) -> set[str]:
        return {k for k, v in self.profile.progress.items() if v.won > 0}

    def cards_won_from(self, opponent: str) -> set[str]:
        """Cards that came to the profile from this opponent's games (its ledger, by game id)."""
        prefix = game_prefix(opponent)
        return {e.card for e in self.profile.collection.ledger if e.delta > 0 and e.game.startswith(prefix)}

    def write(self, profile: jsave.Profile) -> None:
        """Keep a changed profile (decks); raises SaveError or OSError and keeps the old one then."""
        jsave.save(self.path, profile, self.catalog)
        self.profile = jsave.load(self.path, self.catalog)


def game_prefix(opponent: str) -> str:
    return opponent.replace("/", "-") + "-"


def game_id(js: JourneySetup) -> str:
    """The record's name: the opponent and the seed (one game, one record)."""
    return f"{game_prefix(js.opponent)}{js.seed}"


def record_of(saves: Path, journey: Any) -> Path | None:
    """Where the record of the Journey game a save's ``config.journey`` describes is written once
    its trade is; None when that description is damaged."""
    try:
        slot, opponent, seed = int(journey["profile"]), str(journey["opponent"]), int(journey["seed"])
    except (KeyError, TypeError, ValueError):
        return None
    if not 1 <= slot <= jsave.PROFILES or not re.fullmatch(r"[A-Za-z0-9_.-]{1,60}/[A-Za-z0-9_.-]{1,60}", opponent) \
            or ".." in opponent:
        return None                      # a save names a record only by a plain pack/key id
    return jsave.record_path(jsave.profile_path(saves, slot), f"{game_prefix(opponent)}{seed}")


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

    def names(self) -> tuple[str, ...]:
        return (self.session.profile.name if self.session else "You",
                self.opponent.name if self.opponent else "Opponent")

    def seat_label(self, seat: int) -> str | None:
        level = LEVEL_NAMES.get(self.opponent.level, "") if self.opponent else ""
        return f"{self.names()[seat]}"[:16] + ("" if seat == 0 else f" ({level[:1]})")

    def menu_entries(self) -> list[tuple[str, str]] | None:
        return [("Resume", "resume"), ("Move log (L)", "log"), ("Rules summary", "rules"),
                ("Options", "options"), ("Save game", "save"), ("Leave: continue later", "leave"),
                ("Abandon: counts as lost", "abandon")]

    def table_event(self, table: Any, what: str) -> bool:
        if what == "over":
            if table.end_shown:                  # the window is up already (Enter on the table again)
                return True
            res = table.game.result()
            mine = res.scores[0] if res is not None else 0
            theirs = res.scores[1] if res is not None else 0
            title = "Drawn" if res is None or res.is_draw else ("You won" if res.winners[0] == 0 else "You lost")
            table.end_shown = True
            table.stack.push(MessageWindow(table.app, title, f"{title}, {mine} to {theirs}. Enter: see the "
                                           "trade.", on_close=lambda: to_trade(table, abandoned=False)))
            return True
        if what == "leave":
            table.stop_ai()
            leave_table(table)
            return True
        if what == "abandon":
            table.stack.push(confirm_window(
                table.app, "Abandon", "Abandon this game? It counts as lost, and the trade takes as much as "
                "if the opponent held the whole field.", lambda: to_trade(table, abandoned=True)))
            return True
        return False


def leave_table(table: Any) -> None:
    """Back to the screen under the table; the table's exit keeps the game for Continue."""
    while table.stack.top is not None and table.stack.top is not table:
        table.stack.pop()
    table.stack.pop()


def to_trade(table: Any, abandoned: bool) -> None:
    m = table.match
    table.stop_ai()
    while table.stack.top is not None and table.stack.top is not table:
        table.stack.pop()
    table.stack.replace(table.app.scene("journey-trade", session=m.session, opponent=m.opponent, setup=m.setup,
                                        game=table.game, abandoned=abandoned))


def owned_ids(session: Session) -> list[str]:
    """The profile's cards in the library's order (pack by pack)."""
    owned = set(session.profile.collection.owned_cards())
    return [c for c in session.library.card_ids() if c in owned]


def play(app: AppView, stack: Any, session: Session, opponent: Opponent, js: JourneySetup) -> None:
    """From the opponent's card: the player's hand (chosen, or dealt under Random), then the table."""
    from jayden_jazz.journey.match import hand_size

    owned = owned_ids(session)
    need = hand_size(js)
    if len(owned) < need:
        stack.push(MessageWindow(app, "Not enough cards", f"This game needs {need} different cards and the "
                                 f"profile owns {len(owned)}. Win some from easier opponents first."))
        return
    if js.rule_set.rules().random:
        open_table(app, stack, session, opponent, js, dealt_hand(owned, js, 0), replace=False)
        return
    cfg = config_for(js, opponent, session.slot)

    def chosen(scene: Any, hands: tuple[tuple[str, ...], ...]) -> None:
        open_table(app, scene.stack, session, opponent, js, list(hands[0]), replace=True)

    stack.push(app.scene("cards-hands", config=cfg, library=session.library, pool=owned, choosing=1,
                         on_chosen=chosen, on_saved=lambda scene: decks_window(scene, session),
                         title=f"Your hand against {opponent.name}: {need} cards"))


def decks_window(picker: Any, session: Session) -> None:
    """The hand picker's Saved hands button in the Journey: the profile's decks (incomplete ones shown,
    not offered)."""
    from jayden_jazz.journey.collection import deck_problem

    items = []
    for d in session.profile.decks:
        problem = deck_problem(d, session.profile.collection, picker.size)
        label = f"{d.name} ({len(d.cards)} cards)" + (" - incomplete" if problem and "incomplete" in problem
                                                      else (" - other size" if problem else ""))
        items.append(MenuItem(label[:44], d.name, enabled=problem is None))
    items.append(MenuItem("Back", None))

    def pick(name: Any) -> None:
        deck = next((d for d in session.profile.decks if d.name == name), None)
        if deck is not None:
            picker.load(list(deck.cards), f"deck {deck.name}")

    text = "" if session.profile.decks else "No deck yet: build decks from the opponent list (D)."
    picker.stack.push(ChoiceWindow(picker.app, "Decks", items, text=text, width=400, on_choose=pick))


def open_table(app: AppView, stack: Any, session: Session, opponent: Opponent, js: JourneySetup,
               hand: list[str], *, replace: bool) -> None:
    theirs = opponent_hand(opponent, js, session.library.pack_dir_texts)
    names = (session.profile.name, opponent.name)
    game = start(session.catalog, js, hand, theirs, names)
    table = table_for(app, session, opponent, js, game)
    if replace:
        stack.replace(table)
    else:
        stack.push(table)


def table_for(app: AppView, session: Session, opponent: Opponent, js: JourneySetup, game: Game,
              pending: Any = None) -> Any:
    setup = game.setup
    assert setup is not None
    cfg = config_for(js, opponent, session.slot)
    match = JourneyMatch(cfg, setup.field, setup.hands, setup.first_seat, session.library.pack_dir_texts,
                         setup.date, js.seed, session=session, opponent=opponent, setup=js)
    table: Any = app.scene("cards-table", match=match, library=session.library)
    table.restore(game, pending)
    return table


def continue_game(app: AppView, info: Any, game: Game, library: Library) -> Any:
    """Continue (or Load) of a saved Journey game: its profile and opponent again, then the table.

    Raises SaveError when the profile or opponent is gone, or when the game
    was already concluded (its record exists): a game trades once.
    """
    data = info.config["journey"]
    path = Path(app.dirs.saves)
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
    profile_file = jsave.profile_path(path, slot)
    profile = jsave.load(profile_file, library.catalog)
    if jsave.record_path(profile_file, game_id(js)).exists():
        raise SaveError(path, "this Journey game was already settled (its trade is in the profile)")
    session = Session(app, library, slot, profile)
    return table_for(app, session, opponent, js, game, info.pending)


__all__ = ["JourneyConfig", "JourneyMatch", "Session", "config_for", "continue_game", "game_id", "owned_ids",
           "play", "table_for"]
