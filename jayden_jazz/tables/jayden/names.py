"""Names the game gives sides, pieces and results, in the words every seat reads."""

from __future__ import annotations

from jayden_jazz.jayden import Action, Position, square_name

SIDE_NAME = {"g": "Green", "r": "Red"}
PIECE_NAME = {"C": "Cannon", "D": "Dragon", "H": "Hero", "I": "Interceptor", "K": "Mark",
              "M": "Master", "R": "Raider", "S": "Scout", "N": "Sentinel", "X": "Sentinel"}
RESULT_WORDS = {
    "master_taken": "the enemy Master was destroyed",
    "master_conditioned": "the enemy Master was conditioned",
    "forfeit": "the other side could not complete a turn",
    "quiet_draw": "200 actions passed without a capture",
    "agreed_draw": "both sides agreed",
    "resigned": "the other side resigned",
    "time_out": "the other side ran out of time",
}


def other(side: str) -> str:
    return "r" if side == "g" else "g"


#: Plurals that are not the name and an "s".
PLURALS = {"Hero": "Heroes"}


def plural(name: str, n: int) -> str:
    return name if n == 1 else PLURALS.get(name, name + "s")


def describe_result(pos: Position, names: dict[str, str] | None = None) -> tuple[str, str]:
    """The end of a game as a heading and a sentence (empty while it goes on); ``names`` gives who
    plays each side (an online game's players) instead of Green and Red."""
    res = pos.result
    if res is None:
        return "", ""
    who = names or SIDE_NAME
    why = RESULT_WORDS.get(res.reason, res.reason)
    if res.reason == "forfeit" and res.winner is not None:
        why = f"{who[other(res.winner)]} could not complete a turn and forfeits"
    elif res.reason == "resigned" and res.winner is not None:
        why = f"{who[other(res.winner)]} resigned"
    elif res.reason == "time_out" and res.winner is not None:
        why = f"{who[other(res.winner)]} ran out of time"
    if res.winner is None:
        return "Draw", f"The game is drawn: {why}."
    return f"{who[res.winner]} wins", f"{who[res.winner]} wins: {why}."


def why_cannot_act(pos: Position, sq: int) -> str:
    """Why the piece on ``sq`` (or the empty square) cannot be picked up by the side to act."""
    piece = pos.piece_at(sq)
    if piece is None:
        return f"{square_name(sq)} is empty: choose one of {SIDE_NAME[pos.side]}'s pieces"
    if piece[1] != pos.side:
        me = SIDE_NAME[pos.side]
        return (f"The {PIECE_NAME[piece[0]]} on {square_name(sq)} is {SIDE_NAME[piece[1]]}'s; "
                f"{me} is to act: choose one of {me}'s pieces")
    reason = pos.why_no_action(sq) or "it has no legal action now"
    return f"{PIECE_NAME[piece[0]]} {square_name(sq)} cannot act: {reason}"


def action_words(pos: Position, act: Action) -> str:
    """``Dragon a1xa9``: an action about to be made in ``pos``, with its piece's name."""
    piece = pos.piece_at(act.src)
    name = PIECE_NAME[piece[0]] if piece else ""
    return f"{name} {act}".strip()
