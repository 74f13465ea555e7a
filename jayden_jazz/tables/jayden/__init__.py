"""Jayden at a table: the turn flow, the records of play and the words every seat reads."""
