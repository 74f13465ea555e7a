"""Play online: host, join or find a game, the waiting room and the online table."""
