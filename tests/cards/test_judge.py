"""The shared rule judgements that the engine and the computer player's search both call."""
# rule: cards.md#effective-values
# rule: cards.md#capture
# rule: cards.md#conditions-and-dates

from jayden_jazz.cards import Card, get_field
from jayden_jazz.cards.judge import Judge, clamp, within_years


def test_next_seat_skips_empty_hands_and_counts_their_turns():
    hands = [[1], [], [2], []]
    assert Judge.next_seat(hands, 0) == (2, 2)      # seat 1 skipped: two turns end
    assert Judge.next_seat(hands, 2) == (0, 2)


def test_next_seat_comes_back_to_the_mover_when_only_it_holds_cards():
    assert Judge.next_seat([[5], []], 0) == (0, 2)


def test_next_seat_is_minus_one_when_no_one_holds_a_card():
    assert Judge.next_seat([[], [], []], 1) == (-1, 3)


def test_values_are_clamped_to_one_through_ten():
    assert [clamp(v) for v in (-3, 0, 1, 7, 10, 11, 15)] == [1, 1, 1, 7, 10, 10, 10]


def test_roasting_window_counts_whole_years_back_from_the_game_date():
    date = 2026 * 12 + 10            # November 2026
    assert within_years(date, date, 0)
    assert within_years(date, date - 24, 2)
    assert not within_years(date, date - 25, 2)
    assert not within_years(date, date + 1, 5)   # not started yet


def test_plain_captures_follow_the_preset():
    field = get_field("3x3")
    a = Card.from_sides("t/a", "5555")
    b = Card.from_sides("t/b", "5555")
    judge = Judge(field, [a, b], (2026, 11))
    centre, top = field.cell_names.index("b2"), field.cell_names.index("b1")
    cells = [-1] * field.size
    owner = [-1] * field.size
    cells[top], owner[top] = 1, 1
    assert judge.plain_captures(cells, owner, 0, centre, 0, ties=False) == []
    assert judge.plain_captures(cells, owner, 0, centre, 0, ties=True) == [top]


def test_the_tables_and_counts_agree_with_the_capture_list():
    import random
    rng = random.Random(3)
    field = get_field("3x3")
    cards = [Card.from_sides(f"t/c{i}", "".join(rng.choice("123456789A") for _ in range(4))) for i in range(10)]
    judge = Judge(field, cards, (2026, 11))
    for ties in (False, True):
        table = judge.beat_table(ties)
        for _ in range(30):
            cells = [-1] * field.size
            owner = [-1] * field.size
            pieces = rng.sample(range(10), 6)
            for c, q in zip(rng.sample(range(9), 5), pieces[1:]):
                cells[c], owner[c] = q, rng.randrange(2)
            p = pieces[0]
            free = [c for c in range(9) if cells[c] < 0]
            counts = {c: len(judge.plain_captures(cells, owner, p, c, 0, ties)) for c in free}
            top = max(counts.values())
            assert judge.most_captures(cells, owner, p, free, 0, ties) == [c for c in free if counts[c] == top]
            for c in free:
                by_table = [nc for d, nc, _ in judge.adj[c]
                            if cells[nc] >= 0 and owner[nc] != 0 and table[p][d] >> cells[nc] & 1]
                assert by_table == judge.plain_captures(cells, owner, p, c, 0, ties)
