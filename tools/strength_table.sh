#!/bin/sh
# The commands behind the tournament tables of docs/strength.md (section "Computer players").
# Not run by CI: the whole list takes hours of one core. Run it from the project
# folder; pass row names to run only those (e.g. `tools/strength_table.sh open-hg`;
# `jayden` and `journey` run those games' rows).
# The card levels think by the clock, so a busy machine makes them weaker: each
# run prints the load before it and, at the end, the share of the CPU it had.
#
#   PYTHON=.venv/bin/python tools/strength_table.sh [ROW ...]
PYTHON=${PYTHON:-python}
T="$PYTHON tools/tournament.py --game cards --jobs 1 -q"

row() {
    name=$1; shift
    if [ -n "$ROWS" ]; then
        case " $ROWS " in *" $name "*) ;; *) return ;; esac
    fi
    echo "== $name: $* ($(uptime))"
    $T "$@"
}

ROWS="$*"
export PYTHONPATH="${PYTHONPATH:-$(pwd)}"

# Card game, 3x3 Open (re-measured 2026-12-01)
row open-hr  --a hard   --b random -n 1000 --seed 2001 --opt open=1   # measured as two halves: -n 500 --seed 2001, -n 500 --seed 2501
row open-hg  --a hard   --b greedy -n 100 --seed 1 --opt open=1
row open-ng  --a normal --b greedy -n 100 --seed 1 --opt open=1
row open-hn  --a hard   --b normal -n 100 --seed 1 --opt open=1
# Card game, 3x3 hidden hands
row hidden-hg --a hard --b greedy -n 100 --seed 1
# Classic rules, 3x3: Same + Plus + Combo, and Reverse + Fallen Ace; Open, then hidden hands
# (re-measured 2026-12-01 after the classic rules were compiled to tables)
SPC=same=1,plus=1,combo=1
RFA=reverse=1,fallen_ace=1
row spc-open-hr --a hard --b random -n 200 --seed 2001 --opt open=1,$SPC
row spc-open-hg --a hard --b greedy -n 100 --seed 1 --opt open=1,$SPC
row spc-open-hn --a hard --b normal -n 100 --seed 1 --opt open=1,$SPC
row rfa-open-hr --a hard --b random -n 200 --seed 2001 --opt open=1,$RFA
row rfa-open-hg --a hard --b greedy -n 100 --seed 1 --opt open=1,$RFA
row rfa-open-hn --a hard --b normal -n 100 --seed 1 --opt open=1,$RFA   # and --seed 101, 201 after cbb2d56
# hidden hands: re-measured 2026-12-01 (second round) after hidden cards were guessed from the
# deal's pool and the hidden-hand tree was guided and widened (commits f6f516f, 4477af7)
row spc-hidden-hr --a hard --b random -n 200 --seed 2001 --opt $SPC
row spc-hidden-hg --a hard --b greedy -n 100 --seed 1 --opt $SPC
row spc-hidden-hn --a hard --b normal -n 100 --seed 1 --opt $SPC
row rfa-hidden-hr --a hard --b random -n 200 --seed 2001 --opt $RFA
row rfa-hidden-hg --a hard --b greedy -n 100 --seed 1 --opt $RFA
row rfa-hidden-hn --a hard --b normal -n 100 --seed 1 --opt $RFA   # and -n 100 --seed 101, 201, 301 (400 games)
# hands picked as the table picks them when the Random hand rule is off: each level with
# choose_hand, Random dealt at random (2026-12-01, third round; Reverse + Fallen Ace after
# card worth learnt the reversed comparison, commit cbb2d56)
row spc-hidden-hr-pick --a hard --b random -n 200 --seed 2001 --opt $SPC,hands=pick
row rfa-hidden-hr-pick --a hard --b random -n 200 --seed 2001 --opt $RFA,hands=pick
row rfa-open-hr-pick --a hard --b random -n 200 --seed 2001 --opt open=1,$RFA,hands=pick
row rfa-hidden-hn-pick --a hard --b normal -n 100 --seed 1 --opt $RFA,hands=pick
# what more thinking time buys with random deals: three times Hard's time per move
row spc-hidden-hr-x3 --a hard --b random -n 200 --seed 2001 --scale 3 --opt $SPC
row rfa-open-hr-x3 --a hard --b random -n 200 --seed 2001 --scale 3 --opt open=1,$RFA
# guessing from every loaded card, as before f6f516f (docs/strength.md's "before" figures were
# measured on the commits before; this replays the guess, not the older tree)
row spc-hidden-hr-catalog --a hard --b random -n 200 --seed 2001 --opt $SPC,guess=catalog
# what the hidden hands cost: Hard reading every hand face up, on the same deals
row spc-hidden-or --a oracle --b random -n 200 --seed 2001 --opt $SPC   # measured as -n 100 --seed 2001 and -n 100 --seed 2101
row rfa-hidden-or --a oracle --b random -n 100 --seed 2001 --opt $RFA

# Rows kept from the 2026-11-29 table (Hard 2 s a move then); seeds as far as recorded
row old-hidden-hr --a hard --b random -n 200 --seed 1
row old-hidden-pick-hr --a hard --b random -n 200 --seed 1 --opt hands=pick
row old-hidden-ng --a normal --b greedy -n 100 --seed 1
row old-hidden-hn --a hard --b normal -n 100 --seed 1
row old-hidden-eg --a easy --b greedy -n 100 --seed 1
row old-hidden-er --a easy --b random -n 100 --seed 1
row old-5x5-hr --a hard --b random -n 20 --opt field=5x5
row old-5x5-hg --a hard --b greedy -n 20 --opt field=5x5
row old-5x5-ng --a normal --b greedy -n 20 --opt field=5x5
row old-5x5-hn --a hard --b normal -n 20 --opt field=5x5
row old-5x5-3p-hn --a hard --b normal -n 10 --opt field=5x5,players=3
if [ -z "$ROWS" ] || case " $ROWS " in *" jayden "*) true ;; *) false ;; esac; then
    echo "== jayden ($(uptime))"
    $PYTHON tools/tournament.py --game jayden --a hard --b random -n 20 --seed 1 --jobs 1 -q
    $PYTHON tools/tournament.py --game jayden --a hard --b random -n 100 --seed 1 --budget 0.3 --jobs 1 -q
    $PYTHON tools/tournament.py --game jayden --a hard --b greedy -n 20 --seed 1 --jobs 1 -q
    $PYTHON tools/tournament.py --game jayden --a normal --b greedy -n 20 --seed 1 --jobs 1 -q
    $PYTHON tools/tournament.py --game jayden --a hard --b normal -n 20 --seed 1 --jobs 1 -q
fi
# The Journey's tiers (docs/strength.md, "The Journey's tiers"; re-measured 2026-12-02): the
# player's side played by Normal with the collection of jayden_jazz/ai/journey/arena.py.
# Fixed work first (iterations=400 is Normal's work a move, Hard does 2.7 times as much): the
# same on any machine at any load. Then the levels' own clocks (depends on the load).
if [ -z "$ROWS" ] || case " $ROWS " in *" journey "*) true ;; *) false ;; esac; then
    for t in 1 2 3 4 5 6 7 8 9; do
        echo "== journey tier $t, fixed work ($(uptime))"
        $PYTHON tools/tournament.py --game journey --a normal --b opponent -n 80 --seed 1 --opt tier=$t,iterations=400 --jobs 1 -q
    done
    for t in 1 2 3 4 5 6 7 8 9; do
        echo "== journey tier $t, time budgets ($(uptime))"
        $PYTHON tools/tournament.py --game journey --a normal --b opponent -n 16 --seed 1 --opt tier=$t --jobs 1 -q
        $PYTHON tools/tournament.py --game journey --a normal --b opponent -n 16 --seed 17 --opt tier=$t --jobs 1 -q
    done
fi
# Against a perfect player (docs/strength.md, "Against a perfect player"; 2026-12-04): paired
# deals, each played with each side first; thrown won deals and the moves that lost value.
# `--cpu-clock` gives the level its time in CPU seconds (what it thinks on a core of its own).
if [ -z "$ROWS" ] || case " $ROWS " in *" perfect "*) true ;; *) false ;; esac; then
    P="$PYTHON tools/perfect_match.py --seed 1"
    for lv in hard normal easy; do
        n=20
        [ "$lv" = hard ] && n=40
        for r in open=1 open=1,$SPC; do
            echo "== perfect $lv $r ($(uptime))"
            $P --level $lv -n $n --opt $r
            $P --level $lv -n $n --opt $r --cpu-clock
        done
    done
    # the first card's proof from the empty board, per rule set (docs/strength.md, Benchmarks)
    $PYTHON tools/bench_cards_solver.py --positions 0 --full 0 --wdl 0 --wdl-sets 4
fi
