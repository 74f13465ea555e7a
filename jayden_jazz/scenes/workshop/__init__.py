"""The Card Workshop and the Gallery: making, checking, picturing and sharing cards."""
