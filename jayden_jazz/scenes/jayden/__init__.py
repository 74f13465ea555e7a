"""Jayden on screen: team selection, the board, its windows, replays."""
