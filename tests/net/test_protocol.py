"""The protocol's one checkpoint, the rate limit, and the package's boundaries."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys

import pytest

from jayden_jazz.net import protocol as P

from jayden_jazz.net.client import NetClient

from .conftest import ROOT, ThreadServer


def refusal(raw: str | bytes) -> P.ProtocolError:
    with pytest.raises(P.ProtocolError) as e:
        P.parse_client(raw)
    return e.value


def test_a_well_formed_message_is_returned_checked() -> None:
    msg = P.parse_client(json.dumps({"type": "action", "ply": 3, "action": "default/fizzwick@a1", "ref": 9}))
    assert msg == P.Action(ply=3, action="default/fizzwick@a1", ref=9)
    create = P.parse_client(json.dumps({"type": "create", "kind": "cards", "setup": {
        "rules": {"preset": "draft", "three_open": True}, "field": "5x5"},
        "seats": [{"kind": "human", "name": "Jazz"}, {"kind": "computer", "level": "hard"}]}))
    assert isinstance(create, P.Create) and create.ref is None
    assert create.seats == (P.SeatAsk("human", name="Jazz"), P.SeatAsk("computer", level="hard"))
    assert create.setup == {"rules": {"preset": "draft", "three_open": True}, "field": "5x5"}
    hand = P.parse_client('{"type": "hand", "cards": ["a", "b"], "ref": 0}')
    assert hand == P.Hand(cards=("a", "b"), ref=0)
    with pytest.raises(dataclasses.FrozenInstanceError):       # what was checked cannot be changed after
        hand.ref = 5  # type: ignore[misc]


def test_every_client_message_type_has_its_record_with_exactly_its_fields() -> None:
    """The typed records and the field table say the same: a field added to one but not the other
    would be refused, or let through unread."""
    assert set(P.CLIENT_TYPES) == set(P.CLIENT_MESSAGES)
    for kind, cls in P.CLIENT_TYPES.items():
        assert cls.TYPE == kind
        assert {f.name for f in dataclasses.fields(cls)} == set(P.CLIENT_MESSAGES[kind]), kind
        required = {name for name, (_check, needed) in P.CLIENT_MESSAGES[kind].items() if needed}
        assert {f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING} == required, kind


def test_a_field_left_out_is_none_and_one_given_is_kept() -> None:
    join = P.parse_client('{"type": "join", "game": "AB-CD", "spectator": true}')
    assert join == P.Join(game="AB-CD", spectator=True)
    assert join.seat is None and join.token is None and join.name is None and join.ref is None
    assert P.parse_client('{"type": "join", "game": "g", "seat": 0}') == P.Join(game="g", seat=0)


def test_server_messages_are_built_with_their_ref_only_when_one_was_given() -> None:
    assert P.pong(None) == {"type": "pong"} and P.pong(0) == {"type": "pong", "ref": 0}
    assert P.joined("g", "C", None, None, 3) == {"type": "joined", "game": "g", "code": "C", "seat": None, "ref": 3}
    assert P.joined("g", "C", 1, "t", None) == {"type": "joined", "game": "g", "code": "C", "seat": 1, "token": "t"}
    assert P.ack(4, 2, action="a1", duplicate=True) == {"type": "ack", "action": "a1", "duplicate": True,
                                                         "ply": 4, "ref": 2}
    assert P.refusal("no_game", "words", None) == {"type": "error", "code": "no_game", "message": "words"}
    view = P.encode({"type": "view", "ply": 2})
    assert json.loads(P.view_with_ref(view, 7)) == {"type": "view", "ply": 2, "ref": 7}
    assert P.view_with_ref(view, None) == view
    for message in (P.pong(1), P.games([], 0, 1), P.created("g", "C", "t", 1), P.welcome(1, 2.0, 3.0, 4.0, 1),
                    P.presence("g", 0, "N", "lost", 1.26, False), P.ack(0, 1, hand=True)):
        assert P.decode_server(P.encode(message)) == message


@pytest.mark.parametrize("raw,code,words", [
    ("not json", "bad_json", "not JSON"),
    ('{"type": "action", "ply": NaN, "action": "x"}', "bad_json", "NaN"),
    ("[1, 2]", "bad_message", "JSON object"),
    ('{"type": "shout"}', "unknown_type", "unknown message type \"shout\""),
    ('{"ply": 1}', "unknown_type", "unknown message type null"),
    ('{"type": "action", "ply": 1}', "missing_field", "needs the field 'action'"),
    ('{"type": "action", "ply": 1, "action": "a", "seat": 1}', "unknown_field", "unknown field 'seat'"),
    ('{"type": "action", "ply": "1", "action": "a"}', "bad_field", "'ply' must be a whole number, not text"),
    ('{"type": "action", "ply": true, "action": "a"}', "bad_field", "'ply' must be a whole number"),
    ('{"type": "action", "ply": -1, "action": "a"}', "bad_field", "from 0 to"),
    ('{"type": "action", "ply": 1, "action": ""}', "bad_field", "must not be empty"),
    ('{"type": "join", "game": "g", "name": "a\\u0000b"}', "bad_field", "U+0000"),
    ('{"type": "join", "game": "g", "name": "\\ud800"}', "bad_field", "U+D800"),
    ('{"type": "join", "game": "g", "name": "a\\udfffb"}', "bad_field", "lone surrogates"),
    ('{"type": "create", "kind": "jayden", "setup": {}, "seats": [{"kind": "human", "name": "\\udc80"}]}',
     "bad_field", "'name' holds a character"),
    ('{"type": "hand", "cards": ["a", "\\ud83d"]}', "bad_field", "'cards[1]' holds"),
    ('{"type": "hello", "version": 1, "client": "x\\u007f"}', "bad_field", "U+007F"),
    ('{"type": "action", "ply": 1, "action": "a\\u0085"}', "bad_field", "U+0085"),
    ('{"type": "join", "game": "g", "name": "evil\\u202egnp"}', "bad_field", "U+202E"),
    ('{"type": "join", "game": "g", "name": "a\\u2028b"}', "bad_field", "U+2028"),
    ('{"type": "join", "game": "g", "name": "\\ufeffx"}', "bad_field", "U+FEFF"),
    ('{"type": "action", "ply": ' + "9" * 5000 + ', "action": "a"}', "bad_field", "5000 digits"),
    ('{"type": "ping", "ref": -' + "1" * 19 + '}', "bad_field", "19 digits"),
    ('{"type": "ping", "ref": 1, "ref": 2}', "duplicate_key", '"ref" is given twice'),
    ('{"type": "create", "kind": "cards", "setup": {"field": "3x3", "field": "5x5"}, "seats": []}',
     "duplicate_key", '"field"'),
    ('{"type": "ping", "ref": 1e999999}', "bad_field", "'ref' must be a whole number"),
    ('{"type": "join", "game": "' + "g" * 41 + '"}', "bad_field", "41 characters long; at most 40"),
    ('{"type": "create", "kind": "chess", "setup": {}, "seats": []}', "bad_field", "one of jayden, cards"),
    ('{"type": "create", "kind": "cards", "setup": {"rules": {"same": 1}}, "seats": []}', "bad_field",
     "'same' must be true or false"),
    ('{"type": "create", "kind": "cards", "setup": {"colour": "red"}, "seats": []}', "unknown_field",
     "unknown field 'colour'"),
    ('{"type": "hand", "cards": ' + json.dumps(["c"] * 41) + '}', "bad_field", "41 items; at most 40"),
    ('{"type": "host", "game": "g", "token": "t", "command": "kick"}', "bad_field", "computer, abandon"),
], ids=lambda x: x[:30] if isinstance(x, str) else None)
def test_every_malformed_message_is_refused_in_plain_words(raw: str, code: str, words: str) -> None:
    e = refusal(raw)
    assert e.code == code and words in e.message, e.message


def test_binary_oversized_and_deeply_nested_frames_are_refused() -> None:
    assert refusal(b'{"type": "ping"}').code == "bad_frame"
    assert refusal(" " * (P.MAX_MESSAGE + 1)).code == "too_big"
    assert refusal("[" * 60000).code == "bad_json"
    assert refusal('{"a":' * 10000 + "1" + "}" * 10000).code == "bad_json"


def test_text_in_any_script_with_emoji_is_taken() -> None:
    for name in ("Zoë", "Jürgen", "Ἀθηνᾶ", "ジャズ", "محمد", "👨‍👩‍👧", "🂡 Jazz"):
        join = P.parse_client(json.dumps({"type": "join", "game": "g", "name": name}))
        assert isinstance(join, P.Join) and join.name == name


def test_a_refusal_carries_the_ref_of_the_message_it_refuses() -> None:
    assert refusal('{"type": "action", "ply": -1, "action": "a", "ref": 7}').extra == {"ref": 7}
    assert refusal('{"type": "shout", "ref": 8}').extra == {"ref": 8}
    assert refusal('{"type": "ping", "ref": "x"}').extra == {}
    assert refusal('{"type": "ping", "ref": 1, "ref": 2}').extra == {}


def test_what_a_server_sends_that_json_cannot_read_is_a_protocol_error() -> None:
    for raw in ('{"type": "pong", "ref": ' + "9" * 5000 + "}", "[" * 60000, "nope", b"{}", '{"type": "shout"}'):
        with pytest.raises(P.ProtocolError):
            P.decode_server(raw)


def test_a_version_mismatch_says_which_side_to_update() -> None:
    assert "server is newer" in P.version_refusal(P.VERSION - 1)
    assert "this game is newer" in P.version_refusal(P.VERSION + 1)


def test_the_token_bucket_allows_a_burst_then_the_rate() -> None:
    bucket = P.TokenBucket(rate=10, burst=5)
    assert [bucket.take(0.0) for _ in range(6)] == [True] * 5 + [False]
    assert bucket.take(0.05) is False          # half a token
    assert bucket.take(0.1) is True            # one token a tenth of a second
    assert [bucket.take(100.0) for _ in range(6)] == [True] * 5 + [False]    # never more than the burst


def test_the_network_package_imports_no_pygame_scenes_or_shell() -> None:
    code = ("import sys; import jayden_jazz.net.server, jayden_jazz.net.client, jayden_jazz.net.__main__; "
            "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame' or m.startswith(('jayden_jazz.scenes', "
            "'jayden_jazz.shell', 'jayden_jazz.saves'))]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.strip() == "[]"


def test_jayden_jazz_serve_starts_the_server_without_a_window(tmp_path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "nonexistent"}
    proc = subprocess.Popen([sys.executable, "-m", "jayden_jazz", "serve", "--port", "0", "--data", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert re.search(r"listening on ws://127\.0\.0\.1:\d+", line), line
        assert (tmp_path / "games.sqlite3").exists()
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_client_of_another_version_is_told_in_words_and_stops(server: ThreadServer,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("INFO", logger="jayden_jazz.net")
    old = NetClient(server.url, version=P.VERSION + 1).start()
    refused = old.wait_for(lambda m: m["type"] == "connection")
    assert refused["state"] == "refused" and refused["code"] == "version"
    assert f"protocol version {P.VERSION}" in refused["message"] and "update" in refused["message"]
    old.close()
    assert old.state == "closed" and old.connects == 0
    assert any("refused a client" in r.getMessage() and "version" in r.getMessage() for r in caplog.records)


def test_the_server_has_a_handler_for_every_client_message(tmp_path) -> None:
    """The dispatch is a table keyed by the message's record: a type added to the protocol without
    a handler would be a KeyError (an internal error) for whoever sent it."""
    from jayden_jazz.net.server import GameServer

    server = GameServer(tmp_path)
    try:
        assert set(server.handlers) == set(P.CLIENT_TYPES.values())
        assert all(callable(h) for h in server.handlers.values())
    finally:
        server.store.close()
