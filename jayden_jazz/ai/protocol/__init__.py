"""The engine protocol: a UCI-like line protocol for both games' computer players.

``loop`` reads the commands and runs the search in the worker process;
``jayden`` and ``cards`` adapt it to each game (positions, moves, options);
``client`` is the other end, with which ``tools/tournament.py`` plays an
outside engine. The protocol itself is written down in
``docs/engine-protocol.md``.
"""
