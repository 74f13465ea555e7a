"""Network play: the game server, its protocol and store, the client, and LAN discovery (no pygame)."""
