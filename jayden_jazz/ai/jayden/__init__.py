"""Jayden's computer player (see player.py)."""
