#!/usr/bin/env bash
# The rows that bench/rbg-compare.sh (wall clock) and bench/rbg-instructions.sh
# (callgrind instructions) measure, and how both find and build RBG's side:
# one home for the rows and their options. Sourced, not run; the sourcing
# script defines die() and sets ROOT, RBG_DIR, RBG_GAMES, WORK and CXX first
# (see the top of bench/rbg-compare.sh for what each is).

# The games, as data: Tabula ruleset, Tabula options (comma-separated
# NAME=VALUE, or -), RBG game file, random playouts per run, perft depth.
# go_9x9.rbg is made from RBG's go.rbg (19 x 19) by derive_rbg_file below.
# Go's options match go.rbg: no ko rule (ko=None); suicide forbidden (go.rbg
# places a stone only where its block keeps a liberty or an enemy block next
# to it loses its last: Tabula's default, suicide=false); go.rbg's turn bound,
# 722 plies on 19 x 19 (2 x 361), made 162 on 9 x 9 (2 x 81): max_plies=162;
# komi (Tabula's default 7) changes no move, only who wins.
# Chess's options match chess.rbg: the fifty-move rule always applies (draw
# after 100 half-moves without a capture or a pawn move, unless the last one
# mates: Tabula's default fifty_move_rule=true) and no rule about repeated
# positions: threefold_repetition=false.
# English draughts' options match englishDraughts.rbg: a draw after 20 moves
# in a row (both sides counted, a capture chain one move) without a capture
# or a man moving, where Tabula's default is 80 (draw_moves=20), and a 20th
# such move that leaves the opponent no move wins (at_draw=Win).
# Nine Men's Morris' match theMillGame.rbg: a draw after 20 moves in a row of
# the movement phase without a mill (draw_moves=20; Tabula's default: none).
# Alquerque's match alquerque.rbg (radekmie/rg): men step and capture in
# every direction (reading=AnyDirection).
# A ruleset that is not shipped yet is skipped with a note.
# The playout counts are a start: each is scaled up (once per game, before
# the runs) until a run lasts MIN_SECONDS on both sides. The perft depths are
# the deepest where RBG's driver, which makes every leaf, takes about a
# second or more.
GAMES="
classic/tic-tac-toe           -  ticTacToe.rbg        500000  9
classic/connect-four          -  connect4.rbg         100000  9
classic/breakthrough          -  breakthrough.rbg      20000  6
traditional/fox-and-hounds    -  foxAndHounds.rbg      20000  12
traditional/alquerque         reading=AnyDirection  alquerque.rbg  20000  12
traditional/english-draughts  draw_moves=20,at_draw=Win  englishDraughts.rbg  20000  9
traditional/nine-mens-morris  draw_moves=20  theMillGame.rbg  10000  5
traditional/reversi           -  reversi.rbg            5000  9
traditional/go                ko=None,max_plies=162  go_9x9.rbg  2000  4
classic/chess                 threefold_repetition=false  chess.rbg  1000  5
"

# RBG's own release flags (RELEASE_FLAGS in rbg2cpp's Makefile), random
# generator 0 (mt19937, unbiased choice).
RBG_FLAGS="-std=c++17 -Ofast -march=native -flto -DNDEBUG -DRBG_RANDOM_GENERATOR=0"

find_rbg_file() {
    local dir
    IFS=: read -ra dirs <<<"$RBG_GAMES"
    for dir in "${dirs[@]}"; do
        [ -f "$dir/$1" ] && { echo "$dir/$1"; return; }
    done
    return 1
}

# An RBG file that the RBG repositories do not ship, made from one they do
# (into $WORK): go_9x9.rbg is go.rbg (19 x 19) with its board, its score
# bounds and its turn bound for 9 x 9 points. Prints the made file's path.
derive_rbg_file() {
    local src out
    case "$1" in
    go_9x9.rbg)
        src=$(find_rbg_file go.rbg) || return 1
        out="$WORK/go_9x9.rbg"
        sed -e 's|^// Go (19x19)|// Go (9x9): made from go.rbg by bench/rbg-compare.sh|' \
            -e 's|^// -- 722 turn limit.|// -- 162 turn limit.|' \
            -e 's/^#players = black(361), white(361)/#players = black(81), white(81)/' \
            -e 's/turn(721)/turn(161)/; s/turn == 721/turn == 161/' \
            -e 's/^#boardLine = \[empty\(, empty\)\{18\}\]/#boardLine = [empty, empty, empty, empty, empty, empty, empty, empty, empty]/' \
            -e 's/^\( *\)\(boardLine \)\{18\}boardLine)/\1boardLine boardLine boardLine boardLine boardLine boardLine boardLine boardLine boardLine)/' \
            "$src" >"$out"
        # Every 19 x 19 number replaced: the definition and 9 rows, no 361 or 721 left.
        [ "$(grep -o 'boardLine' "$out" | wc -l)" -eq 10 ] && ! grep -q '361\|721' "$out" ||
            die "$src is not the go.rbg this script knows: check $out"
        echo "$out"
        ;;
    *) return 1 ;;
    esac
}

# Compiles one game to C++ and builds its drivers with RBG_FLAGS:
# $WORK/NAME/sim (random playouts) and, unless SIM_ONLY is set, $WORK/NAME/perft.
build_rbg_game() { # name rbg-file
    local dir="$WORK/$1"
    mkdir -p "$dir"
    (cd "$dir" && "$RBG_DIR/bin/rbg2cpp" -o reasoner "$2" >/dev/null)
    "$CXX" $RBG_FLAGS -I"$dir" -I"$RBG_DIR/test" -o "$dir/sim" "$dir/reasoner.cpp" "$RBG_DIR/test/simulation.cpp" 2>/dev/null
    [ -n "${SIM_ONLY:-}" ] ||
        "$CXX" $RBG_FLAGS -I"$dir" -I"$RBG_DIR/test" -o "$dir/perft" "$dir/reasoner.cpp" "$RBG_DIR/test/perft.cpp" 2>/dev/null
}

# row_options OPTIONS: a row's options ("-" or "a=1,b=2") as Tabula's flags,
# into the array opts (-o a=1 -o b=2).
row_options() {
    opts=()
    if [ "$1" != - ]; then
        local pairs p
        IFS=, read -ra pairs <<<"$1"
        for p in "${pairs[@]}"; do opts+=(-o "$p"); done
    fi
}
