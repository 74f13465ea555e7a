"""Network play: a game server, its protocol, its store, a client library and LAN discovery.

Nothing here imports pygame, the scenes or the shell: the server runs
headless (``python -m jayden_jazz.net serve``) and the client is polled by
whatever draws the table. ``docs/network.md`` describes the protocol.
"""
