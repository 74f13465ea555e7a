"""The Jazz Jackrabbit Card Game on screen: setup, hand choice, table, card view, end.

The engine (:mod:`jayden_jazz.cards`) decides every rule; these scenes only
turn keys and clicks into engine actions and draw what the engine reports.
"""
