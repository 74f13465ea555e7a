"""The card Journey's screens: profiles, opponents, play, the trade, the collection book and decks.

The rules live in :mod:`jayden_jazz.journey` (pure); the profile file in
:mod:`jayden_jazz.saves.journey`. A Journey game is played on the ordinary
card table, in a :class:`~jayden_jazz.scenes.journey.run.JourneyMatch` that
takes over the table's menu and its end (docs/playing.md#the-card-journey).
"""
