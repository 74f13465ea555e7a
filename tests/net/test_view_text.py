"""The views the server sends are built from parts the seats share (views.CardsViewText);
each must equal, as JSON, the plain statement of that seat's view (Table.view) at every ply."""

from __future__ import annotations

import gc
import json
import random
from typing import Any

import pytest

from jayden_jazz.net.games import CardsTable, JaydenTable, SeatInfo, check_setup
from jayden_jazz.net.server import default_pack_dirs

from .test_security import CATALOG, random_setup


def table_for(setup_in: dict[str, Any], players: int, rng: random.Random) -> CardsTable:
    seats_in = [{"kind": "human"} for _ in range(players)]
    setup = check_setup("cards", setup_in, seats_in, rng)
    seats = [SeatInfo("human", f"P{i}", "", f"t{i}") for i in range(players)]
    table = CardsTable("g1", "ABCDEF", setup, seats, "h", catalog=CATALOG, pack_dirs=default_pack_dirs())
    if not table.rules.random:
        ids = sorted(CATALOG)
        rng.shuffle(ids)
        for s in range(players):
            table.choose_hand(s, ids[s * table.hand_size:(s + 1) * table.hand_size])
    return table


def assert_views_agree(table: CardsTable | JaydenTable, presence: dict[int, float | None]) -> None:
    for viewer in [None, *range(len(table.seats))]:
        assert json.loads(table.view_text(viewer, presence)) == table.view(viewer, presence), (viewer, table.ply)


@pytest.mark.parametrize("seed", range(12))
def test_every_view_text_equals_the_plain_view(seed: int) -> None:
    rng = random.Random(seed)
    setup, players = random_setup(rng)
    if seed % 3 == 0:
        setup["rules"]["open"] = True
    table = table_for(setup, players, rng)
    assert_views_agree(table, {})                         # before the start: hands being chosen
    table.start()
    plies = 0
    while table.status == "playing":
        presence: dict[int, float | None] = {s: (None if rng.random() < 0.7 else rng.random() * 90)
                                             for s in range(players)}
        assert_views_agree(table, presence)
        legal = table.legal()
        assert table.game is not None
        assert legal == [str(a) for a in table.game.legal_actions()]      # the engine's list, in its order
        # ability actions too (they follow their plain placement in the list)
        text = rng.choice(legal[:8]) if rng.random() < 0.5 else rng.choice(legal)
        table.play(table.to_move() or 0, table.ply, text)
        plies += 1
    assert_views_agree(table, {})
    assert plies >= 4


def test_the_mover_alone_gets_the_legal_actions_in_the_text() -> None:
    rng = random.Random(3)
    table = table_for({"rules": {"random": True}, "field": "3x3"}, 2, rng)
    table.start()
    mover = table.to_move()
    assert mover is not None
    views = {v: json.loads(table.view_text(v, {})) for v in (None, 0, 1)}
    assert views[mover]["legal"] == table.legal() and views[mover]["legal"]
    assert views[1 - mover]["legal"] == [] and views[None]["legal"] == []


def test_jayden_view_text_is_its_view() -> None:
    table = JaydenTable("g2", "ABCDEG", {"quiet_draw": True}, [SeatInfo("human", "A", "", "a"),
                                                               SeatInfo("human", "B", "", "b")], "h")
    table.start()
    for _ in range(6):
        assert_views_agree(table, {0: None, 1: 12.34})
        table.play(table.to_move() or 0, table.ply, table.position.legal_actions()[0].text())


def test_events_as_data_keep_every_field() -> None:
    """Each engine event becomes its fields, tuples as lists, nested pairs as objects -- what
    ``dataclasses.asdict`` gives -- without its deep copy."""
    import dataclasses

    from jayden_jazz.net.views import dumps_text, event_data
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(100 + seed)
        setup, players = random_setup(rng)
        setup["rules"].update(same=True, plus=True, combo=True)
        table = table_for(setup, players, rng)
        table.start()
        while table.status == "playing":
            table.play(table.to_move() or 0, table.ply, rng.choice(table.legal()))
        for data in table.log:
            assert json.loads(json.dumps(data)) == data          # plain data all through
            seen.add(data["event"])
    assert {"Placed", "Captured", "GameEnded"} <= seen
    from jayden_jazz.cards.events import AbilityUsed, Captured, Match
    cap = Captured("b2", "p/x", 0, 1, "same", (Match(1, "c2", 3, 3), Match(2, None, 4, 10)))
    want = {"event": "Captured", **dataclasses.asdict(cap)}
    want["matched"] = list(want["matched"])
    assert event_data(cap) == want and json.loads(json.dumps(event_data(cap)))["matched"][1]["cell"] is None
    used = AbilityUsed(1, "p/y", 2, "swap", "Swap", ("b3", "hand:p/z"))
    assert event_data(used) == {"event": "AbilityUsed", "seat": 1, "card": "p/y", "number": 2, "effect": "swap",
                                "text": "Swap", "targets": ["b3", "hand:p/z"]}
    for text in ("default/ember_fox@b2", 'a"b', "a\\b", "\u00e9", "x\x01", "\x7f"):
        assert dumps_text(text) == json.dumps(text)


def test_a_record_inside_an_event_is_what_asdict_gives_plain_or_nested() -> None:
    """``record_data`` writes a plain record field by field and leaves anything nested to
    ``dataclasses.asdict``: the same data either way, never the same objects."""
    import dataclasses

    from jayden_jazz.cards.events import Match
    from jayden_jazz.net.views import record_data

    @dataclasses.dataclass(frozen=True)
    class Deep:
        pairs: tuple[Match, ...]
        names: list[str]

    plain = Match(3, None, 7, 2)
    assert record_data(plain) == dataclasses.asdict(plain) == {"side": 3, "cell": None, "mine": 7, "theirs": 2}
    deep = Deep((Match(1, "c2", 3, 3),), ["a"])
    got = record_data(deep)
    assert got == dataclasses.asdict(deep) == {"pairs": ({"side": 1, "cell": "c2", "mine": 3, "theirs": 3},),
                                               "names": ["a"]}
    assert got["names"] is not deep.names


@pytest.mark.parametrize("seed", range(8))
def test_the_kept_view_text_equals_one_built_afresh_and_shows_no_hidden_card(seed: int) -> None:
    """The table's CardsViewText keeps parts from ply to ply (each hand's text by which of its
    cards a viewer sees, cells, events); at every ply its text for every viewer, asked in a
    shuffled order and twice, must equal the text of a CardsViewText made new at that ply, and
    a card the viewer's observation hides must be null in it, its dealer too."""
    from jayden_jazz.net.views import CardsViewText
    rng = random.Random(500 + seed)
    setup, players = random_setup(rng)
    table = table_for(setup, players, rng)
    table.start()
    hidden_seen = 0
    while table.status == "playing":
        game, texts = table.game, table._texts
        assert game is not None and texts is not None
        viewers: list[int | None] = [None, *range(players)]
        rng.shuffle(viewers)
        for viewer in viewers + viewers[:2]:
            to_move = table.to_move()
            kept = texts.text(table.ply, table.log, viewer, to_move, table.legal_text)
            fresh_parts = CardsViewText(game)
            fresh_parts.add(table.log)
            assert kept == fresh_parts.text(table.ply, table.log, viewer, to_move, table.legal_text), (viewer, table.ply)
            board = json.loads("{" + kept)["board"]
            obs = game.observation(viewer)
            for seat in range(players):
                want = obs.hand(seat)
                assert board["hands"][seat] == [None if pc is None else pc[0] for pc in want]
                assert board["dealers"][seat] == [None if pc is None else pc[1] for pc in want]
                hidden_seen += sum(pc is None for pc in want)
        table.play(table.to_move() or 0, table.ply, rng.choice(table.legal()))
    assert hidden_seen > 0          # the games had hidden cards to keep hidden


def test_a_plys_kept_view_parts_are_nothing_the_collector_walks() -> None:
    """What a game keeps for its views per ply (the hands' texts by who sees what) and per game (the
    cells' texts) adds no tracked container to the young generation that outlives the ply: such
    containers filled a tenth of each young collection at 1,000 games (#40). The cells' texts are
    shared by the games of a field."""
    rng = random.Random(5)
    setup = {"rules": {"random": True}, "field": "5x5"}
    a, b = table_for(setup, 2, rng), table_for(setup, 2, rng)        # two deals (rng) on one field
    for table in (a, b):
        table.start()
        for _ in range(4):
            for viewer in (0, 1, None):
                table.view_text(viewer, {})
            table.play(table.to_move() or 0, table.ply, table.legal()[0])
    assert a._texts is not None and b._texts is not None
    assert a._texts._cells is b._texts._cells and len(a._texts._cells) >= 4
    for viewer in (0, 1, None):
        a.view_text(viewer, {})
    kept = a._texts
    assert len(kept._hands) >= 2 and not gc.is_tracked(kept._hands) and not gc.is_tracked(kept._dealers)
    assert isinstance(a._legal_text, str) and a._legal_ply == a.ply      # no (ply, text) tuple per ply


@pytest.mark.parametrize("seen", [(), (True,), (False, True), (True, False, True), (False,) * 70 + (True,),
                                  (True,) * 70 + (False,)])
def test_a_hands_key_is_its_seat_and_which_cards_are_seen(seen: tuple[bool, ...]) -> None:
    """Within one ply every seat's hand has one length, so the key need only tell seats and patterns
    apart -- a hand of a large field (more than 60 cards) too."""
    from jayden_jazz.net.views import _hand_key
    keys = {_hand_key(seat, s) for seat in range(4) for s in (seen, tuple(not x for x in seen))}
    assert len(keys) == (8 if seen else 4)
    assert _hand_key(3, seen) % 16 == 3
