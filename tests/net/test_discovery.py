"""LAN discovery: what an advertisement carries, what the list accepts, and a real round trip.

The round trip runs inside a network namespace the test makes (``unshare
-n``): its only interface is its own loopback, so nothing leaves the machine.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from jayden_jazz.net.discovery import GameList, HostedGame, clean_name, from_properties, to_properties

ROOT = Path(__file__).resolve().parents[2]
GAME = HostedGame("Ann's laptop", "127.0.0.1", 8765, "cards", "K7Q2MX", 1, 1)


def test_an_advertisement_round_trips_through_its_txt_record():
    props = {k.encode(): v.encode() for k, v in to_properties(GAME).items()}
    assert from_properties(props, "127.0.0.1", 8765) == GAME
    assert "1 seat free" in GAME.label and "Card game" in GAME.label and "127.0.0.1:8765" in GAME.label


def test_the_hosts_hints_choice_travels_with_the_advertisement():
    import dataclasses

    for hints, words in ((True, "Card game, hints -"), (False, "Card game, no hints -")):
        game = dataclasses.replace(GAME, hints=hints)
        props = {k.encode(): v.encode() for k, v in to_properties(game).items()}
        assert from_properties(props, "127.0.0.1", 8765) == game and words in game.label
    assert "hints" not in to_properties(GAME) and "hints" not in GAME.label     # an older host says nothing
    for odd in ("yes", "2", ""):                      # anything else is read as not said, the game still listed
        found = from_properties({**to_properties(GAME), "hints": odd}, "127.0.0.1", 8765)
        assert found is not None and found.hints is None


@pytest.mark.parametrize("change", [
    {"game": "chess"}, {"code": "k7"}, {"code": "K7Q2MX; rm"}, {"free": "-1"}, {"free": "999"},
    {"v": "one"}, {"name": None}, {"v": None},
])
def test_a_record_that_does_not_parse_is_left_out(change):
    props = dict(to_properties(GAME))
    for k, v in change.items():
        if v is None:
            props.pop(k)
        else:
            props[k] = v
    assert from_properties(props, "127.0.0.1", 8765) is None


def test_bad_addresses_ports_and_bytes_are_refused():
    props = to_properties(GAME)
    assert from_properties(props, "not-an-ip", 8765) is None
    assert from_properties(props, "127.0.0.1", 0) is None and from_properties(props, "127.0.0.1", 70000) is None
    assert from_properties({**props, "name": b"\xff\xfe"}, "127.0.0.1", 8765) is None


def test_names_are_one_printable_line_cut_short():
    assert clean_name("Bob\x1b[31m\nred") == "Bob[31mred"
    assert len(clean_name("x" * 500)) == 40 and clean_name("\x00\x01") == "Unnamed host"


def test_the_list_is_sorted_bounded_and_safe_across_threads():
    found = GameList(limit=30)

    def flood(k: int) -> None:
        for i in range(100):
            found.seen(f"s{k}-{i}", HostedGame(f"h{k}-{i}", "127.0.0.1", 1000 + i, "jayden", "ABCD", 1, 1))

    threads = [threading.Thread(target=flood, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    games = found.games()
    assert len(games) == 30 and games == sorted(games, key=lambda g: (g.name.lower(), g.address, g.port))
    found.gone("s0-0")
    found.seen("s1-1", None)                  # an update that no longer parses removes the line
    assert len(found.games()) <= 30 and all(g.name not in ("h0-0", "h1-1") for g in found.games())


SCRIPT = textwrap.dedent("""
    import json, sys, time
    from jayden_jazz.net.discovery import Advertiser, Finder, HostedGame
    game = HostedGame("Ann's laptop", "127.0.0.1", 8765, "cards", "K7Q2MX", 1, 1)
    finder = Finder(interfaces=["127.0.0.1"])
    host = Advertiser(game, ["127.0.0.1"], interfaces=["127.0.0.1"])
    seen = []
    end = time.monotonic() + 10
    while not seen and time.monotonic() < end:
        seen = finder.games()
        time.sleep(0.05)
    import dataclasses
    host.update(dataclasses.replace(game, seats_free=0))      # full (running): still listed, to be watched
    full = []
    end = time.monotonic() + 10
    while not full and time.monotonic() < end:
        full = [g.seats_free for g in finder.games() if g.seats_free == 0]
        time.sleep(0.05)
    host.close()
    end = time.monotonic() + 10
    while finder.games() and time.monotonic() < end:
        time.sleep(0.05)
    print(json.dumps({"seen": [g.__dict__ for g in seen], "full": full, "after": len(finder.games())}))
    finder.close()
""")


def _namespace_usable() -> str | None:
    if not sys.platform.startswith("linux") or shutil.which("unshare") is None or shutil.which("ip") is None:
        return "needs Linux with unshare and ip (iproute2)"
    probe = subprocess.run(["unshare", "-n", "ip", "link", "set", "lo", "up"], capture_output=True, timeout=10)
    return None if probe.returncode == 0 else "cannot make a network namespace here (needs root)"


def test_a_hosted_game_is_found_updated_as_full_and_leaves_the_list_when_the_host_stops():
    why = _namespace_usable()
    if why:
        pytest.skip(why)
    cmd = f"ip link set lo up && exec {shlex.quote(sys.executable)} -c {shlex.quote(SCRIPT)}"
    out = subprocess.run(["unshare", "-n", "sh", "-c", cmd], capture_output=True, text=True, timeout=60,
                         cwd=ROOT)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["seen"] == [GAME.__dict__] and report["full"] == [0] and report["after"] == 0
