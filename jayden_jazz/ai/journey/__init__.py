"""Journey games between computer players, for the tournament (``--game journey``)."""
