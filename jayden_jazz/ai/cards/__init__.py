"""The card game's computer player: search on the engine's rules core (see player.py)."""
