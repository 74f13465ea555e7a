"""Where the compiled search keeps what it changes: the layout of its one array ``M``.

``M`` starts with the counters (``S_*``) and where each part starts (``O_*``);
then the board (the piece on each cell, -1 empty), the table of bounds
(keys, then bounds and best moves), the history of cut-offs per count of
empty cells, the last cut-off's move per count, the placements listed at
each depth with what each takes, the boards kept across a reset, and the
frames of the search's own stack: one record of ``FRAME`` ints per
position or placement being searched (fields ``R_*``). Built by
:class:`.search.JitSearch`; read by :mod:`.rules` and :mod:`.kernel`.
"""

from __future__ import annotations

# the counters
S_NODES, S_LIMIT, S_STOP, S_RESETS, S_ERROR = range(5)
# where each part starts, and two sizes
O_CELLP, O_TKEY, O_TVAL, O_HIST, O_KILLER, O_KKEY, O_KCAP, O_SAVE, M_TMASK, M_KIDS, O_FRAMES = range(8, 19)
M_HEADER = 24

# a frame's fields: what it is and where it stands, the position, the window, the
# placement it plays, what a child returned and how to read it, and each kind's own state
(R_KIND, R_PHASE, R_OCC, R_M0, R_H0, R_H1, R_Z, R_TURN, R_RESET, R_E1, R_E2, R_E3, R_ALPHA, R_BETA,
 R_P, R_C, R_CAP, R_RET, R_SIGN, R_BEST, R_BESTPC, R_A0, R_SLOT, R_KEY, R_TTPC, R_KPC, R_NFREE, R_I, R_N,
 R_WHICH, R_NM0, R_NH0, R_NH1, R_NZ, R_NOCC, R_V, R_K, R_SUB, R_TARGETS, R_COUNT, R_XS, R_QS, R_PIECES,
 R_X, R_R, R_G1, R_G2, R_G3, R_MODE) = range(49)
FRAME = 52

# the frames' kinds: a position without effects (BitSolver.search), one under effects
# (BitWindow.search), the turn just ended (_next), a placement with its options
# (_placement), the game played again after a reset (_after_reset)
SEARCH, WINDOW, AFTER, PLACE, AGAIN = range(5)
