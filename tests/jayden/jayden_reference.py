"""A deliberately simple, slow Jayden generator written straight from the
rules text, used only to cross-check the fast engine.

It shares no code with ``jayden_jazz.jayden``: its own JPN reader, squares as
(file, rank) pairs, geometry worked out on every call, and a copied state per
action. Speed is irrelevant; obviousness is the point.
"""

from __future__ import annotations

FILES = "abcdefghijklmnopqrst"
EIGHT = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
FOUR = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]


def name(sq):
    return f"{FILES[sq[0]]}{sq[1]}"


def on_board(f, r):
    return 0 <= f < 20 and 1 <= r <= 14


def parse(jpn):
    ranks, side, acted, fired, quiet, turn = jpn.split(" ")
    board = {}
    for i, row in enumerate(ranks.split("/")):
        r = 14 - i
        f = 0
        num = ""
        for ch in row + "/":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch != "/":
                board[(f, r)] = ch
                f += 1
    if acted == "-":
        acted_sq = None
    else:
        acted_sq = (FILES.index(acted[0]), int(acted[1:]))
    return {
        "board": board,
        "side": side,
        "acted": acted_sq,
        "fired": int(fired),
        "quiet": int(quiet),
        "turn": int(turn),
    }


def owner(letter):
    return "g" if letter.isupper() else "r"


def other(side):
    return "r" if side == "g" else "g"


def masters(state, side):
    return sum(1 for p in state["board"].values() if p.upper() == "M" and owner(p) == side)


def game_over(state):
    return masters(state, "g") == 0 or masters(state, "r") == 0


def shielded(state, f, r):
    for df, dr in EIGHT:
        p = state["board"].get((f + df, r + dr))
        if p is not None and p.upper() == "X":
            return True
    return False


def in_enemy_territory(side, r):
    return r >= 8 if side == "g" else r <= 7


def piece_actions(state, sq):
    """Actions of the piece on sq, by the movement rules only."""
    board = state["board"]
    side = state["side"]
    p = board[sq]
    kind = p.upper()
    f, r = sq
    out = []
    has_mark = any(q.upper() == "K" and owner(q) == side for q in board.values())
    bound = not has_mark and kind not in ("R", "M", "N", "X")
    if bound and in_enemy_territory(side, r):
        return out  # stranded beyond the Half Line

    def may_end(tf, tr):
        return not (bound and in_enemy_territory(side, tr))

    def is_enemy(q):
        return q is not None and owner(q) != side and q.upper() != "X"

    def slide(directions, limit):
        for df, dr in directions:
            for n in range(1, limit + 1):
                tf, tr = f + n * df, r + n * dr
                if not on_board(tf, tr) or shielded(state, tf, tr):
                    break
                q = board.get((tf, tr))
                if q is None:
                    if may_end(tf, tr):
                        out.append(f"{name(sq)}-{name((tf, tr))}")
                    continue
                if is_enemy(q) and may_end(tf, tr):
                    out.append(f"{name(sq)}x{name((tf, tr))}")
                break

    def step_to_empty(directions):
        for df, dr in directions:
            tf, tr = f + df, r + dr
            if on_board(tf, tr) and (tf, tr) not in board and not shielded(state, tf, tr):
                if may_end(tf, tr):
                    out.append(f"{name(sq)}-{name((tf, tr))}")

    if kind == "C":
        step_to_empty(FOUR)
    elif kind == "D":
        slide(EIGHT, 19)
    elif kind == "I":
        slide(FOUR, 19)
    elif kind == "R":
        slide(DIAG, 4)
    elif kind == "K":
        step_to_empty(EIGHT)
    elif kind == "H":
        for df, dr in FOUR:
            f1, r1 = f + df, r + dr
            f2, r2 = f + 2 * df, r + 2 * dr
            if not on_board(f1, r1):
                continue
            q = board.get((f1, r1))
            if q is None and not shielded(state, f1, r1):
                if may_end(f1, r1):
                    out.append(f"{name(sq)}-{name((f1, r1))}")
                if on_board(f2, r2) and (f2, r2) not in board and not shielded(state, f2, r2):
                    if may_end(f2, r2):
                        out.append(f"{name(sq)}-{name((f2, r2))}")
            elif is_enemy(q) and q.upper() != "K":
                if (
                    on_board(f2, r2)
                    and (f2, r2) not in board
                    and not shielded(state, f2, r2)
                    and not shielded(state, f1, r1)
                    and may_end(f2, r2)
                ):
                    out.append(f"{name(sq)}x{name((f1, r1))}")
    elif kind == "M":
        if state["acted"] is not None:
            return out
        for df, dr in EIGHT:
            tf, tr = f + df, r + dr
            if not on_board(tf, tr):
                continue
            q = board.get((tf, tr))
            if q is None:
                if not shielded(state, tf, tr):
                    out.append(f"{name(sq)}-{name((tf, tr))}")
            elif is_enemy(q):
                out.append(f"{name(sq)}={name((tf, tr))}")
    elif kind == "S":
        for df, dr in EIGHT:
            for n in (1, 2, 3):
                tf, tr = f + n * df, r + n * dr
                if on_board(tf, tr) and (tf, tr) not in board and not shielded(state, tf, tr):
                    if may_end(tf, tr):
                        out.append(f"{name(sq)}-{name((tf, tr))}")
        cannons = sum(1 for q in board.values() if q.upper() == "C" and owner(q) == side)
        free = cannons - state["fired"]
        for tsq, q in board.items():
            if is_enemy(q):
                d = max(abs(tsq[0] - f), abs(tsq[1] - r))
                if 1 <= d <= free:
                    out.append(f"{name(sq)}*{name(tsq)}")
    elif kind == "N":
        for tf in range(20):
            for tr in range(1, 15):
                if (tf, tr) == sq or (tf, tr) in board:
                    continue
                crowded = False
                for df, dr in EIGHT:
                    nb = (tf + df, tr + dr)
                    if nb != sq and nb in board:
                        crowded = True
                if not crowded:
                    out.append(f"{name(sq)}-{name((tf, tr))}")
    return out


def movement_actions(state):
    side = state["side"]
    out = []
    for sq, p in list(state["board"].items()):
        if owner(p) != side or sq == state["acted"]:
            continue
        out.extend(piece_actions(state, sq))
    return out


def split(text):
    for sep in "-x*=":
        if sep in text:
            a, b = text.split(sep)
            return (FILES.index(a[0]), int(a[1:])), sep, (FILES.index(b[0]), int(b[1:]))
    raise ValueError(text)


def apply(state, text):
    src, sep, dst = split(text)
    board = dict(state["board"])
    side = state["side"]
    p = board.pop(src)
    removed = False
    fired = state["fired"]
    if sep == "-":
        board[dst] = ("X" if side == "g" else "x") if p.upper() == "N" else p
        stands = dst
    elif sep == "x":
        del board[dst]
        removed = True
        if p.upper() == "H":
            stands = (2 * dst[0] - src[0], 2 * dst[1] - src[1])
        else:
            stands = dst
        board[stands] = p
    elif sep == "*":
        board[src] = p
        del board[dst]
        removed = True
        fired += max(abs(dst[0] - src[0]), abs(dst[1] - src[1]))
        stands = src
    else:
        board[src] = p
        q = board[dst]
        board[dst] = q.lower() if q.isupper() else q.upper()
        removed = True
        stands = src
    new = {
        "board": board,
        "side": side,
        "acted": state["acted"],
        "fired": fired,
        "quiet": 0 if removed else state["quiet"] + 1,
        "turn": state["turn"],
    }
    if masters(new, other(side)) == 0:
        new["acted"] = stands  # the game ends; the turn does not pass
    elif p.upper() == "M" or state["acted"] is not None:
        new["side"] = other(side)
        new["acted"] = None
        new["fired"] = 0
        if side == "r":
            new["turn"] += 1
    else:
        new["acted"] = stands
    return new


def legal(state):
    if game_over(state):
        return []
    acts = movement_actions(state)
    if state["acted"] is not None:
        return acts
    keep = []
    for text in acts:
        src, _, _ = split(text)
        if state["board"][src].upper() == "M":
            keep.append(text)
            continue
        after = apply(state, text)
        if game_over(after) or movement_actions(after):
            keep.append(text)
    return keep


def perft(state, depth):
    if depth == 0:
        return 1
    acts = legal(state)
    if depth == 1:
        return len(acts)
    return sum(perft(apply(state, a), depth - 1) for a in acts)


def to_jpn(state):
    rows = []
    for r in range(14, 0, -1):
        row = ""
        run = 0
        for f in range(20):
            p = state["board"].get((f, r))
            if p is None:
                run += 1
            else:
                if run:
                    row += str(run)
                    run = 0
                row += p
        if run:
            row += str(run)
        rows.append(row)
    acted = "-" if state["acted"] is None else name(state["acted"])
    return f"{'/'.join(rows)} {state['side']} {acted} {state['fired']} {state['quiet']} {state['turn']}"
