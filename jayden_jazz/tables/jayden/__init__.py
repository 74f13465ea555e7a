"""Jayden at a table: the turn flow, the records of play and the words every seat reads.

- ``controller.py``: :class:`~jayden_jazz.tables.jayden.controller.JaydenController`,
  one game between two seats. Commands name the side that gives them and
  answer with an ``Outcome`` (done, or refused with the reason a player
  reads); what else happened comes out as ``Notice`` values in order.
- ``view.py``: the plain values a seat receives (``Request``, ``Event``,
  ``Notice``, ``Outcome``, ``JaydenView``) and the ``Brain`` a table asks.
- ``steps.py``: what is shown of an action and for how many ticks.
- ``moves.py``: the record of play as a player reads it; ``names.py``: the words.

A seat drives a table the same way wherever it sits::

    table = JaydenController(game, make_brain=make_brain, pace=lambda: 1.0)
    out = table.press("g", parse_square("c2"))       # select the Hero on c2
    out = table.press("g", parse_square("c4"))       # ... and move it
    if not out:
        print(out.reason)
    table.tick()                                     # 1/60 s passes
    for notice in table.take_notices(): ...
"""
