"""Table controllers: the turn flow of a game at a table, without pygame, driven alike by a local player, the computer or a remote seat."""
