#!/usr/bin/env bash
# Tabula against RBG's compiler, side by side: the same games, the same
# machine, one run. Not part of CI (it needs a C++ compiler, Boost's headers
# and a copy of RBG); see docs/performance.md for what it printed last.
#
# What it needs (nothing of RBG is in this repository; the script builds it
# from your local copy):
#
#   RBG_DIR    a checkout of rbg2cpp, the RBG-to-C++ compiler, with its parser
#              in RBG_DIR/rbgParser: the uicus/rbg2cpp repository on GitHub,
#              cloned with --recurse-submodules (the submodule rbgParser is
#              the uicus/rbgParser repository). Its Makefile builds
#              RBG_DIR/bin/rbg2cpp; its drivers test/simulation.cpp (N random
#              playouts) and test/perft.cpp (perft to a depth) time the
#              generated code, and are what this script runs.
#   RBG_GAMES  one or more folders of RBG game files (.rbg), separated by ':'
#              and searched in that order: the games folder of the RBG
#              repositories (rbgGames/games, the marekesz/rbgGames repository,
#              a submodule of rbg2cpp and of marekesz/rbg), and games/rbg of
#              the radekmie/rg repository, which holds the same games and
#              also alquerque.rbg.
#   a C++17 compiler (CXX, default g++) and Boost's headers (>= 1.67: the
#   generated code uses boost::container::static_vector; Debian: libboost-dev).
#
# Usage:
#   RBG_DIR=~/src/rbg2cpp RBG_GAMES=~/src/rbg2cpp/rbgGames/games:~/src/rg/games/rbg \
#     bench/rbg-compare.sh [GAME...]
#
# GAME is a Tabula ruleset name from the list below (default: all of them
# whose ruleset is shipped). Environment: RUNS (default 5), SCALE (multiplies
# the playout counts, e.g. 0.1 for a quick look), WORK (folder for the
# generated C++ and raw outputs; default a new temporary folder), CXX,
# TABULA_BIN (a `tabula` binary to time instead of building the plain release
# one: e.g. the profile-guided build of bench/pgo-build.sh), TABULA_NATIVE=1
# (build Tabula for this processor, `-C target-cpu=native`, as RBG is built
# with `-march=native`; into target/native, the plain build left as it is).
#
# Each run times, one after another, Tabula's random playouts, RBG's, Tabula's
# perft and RBG's, so that noise from other work on the machine falls on both.
# Both sides time their own loop (the RBG drivers and `tabula simulate` /
# `tabula perft` each read a monotonic clock around it), so process start and
# compiling the game are not counted on either side. Both play one thread.
# The table gives the median and the spread (min-max) over the runs; the ratio
# is taken run by run (Tabula / RBG, above 1 means Tabula is faster).
set -euo pipefail

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
# A ruleset that is not shipped yet is skipped with a note, so the family
# games are measured as soon as their rulesets land in rulesets/traditional/.
# The counts are chosen so that one run takes about a second; the perft depths
# are the deepest that stay under a few seconds for RBG, which, unlike
# Tabula, plays every last move instead of counting it.
GAMES="
classic/tic-tac-toe           -  ticTacToe.rbg        500000  9
classic/connect-four          -  connect4.rbg         100000  8
classic/breakthrough          -  breakthrough.rbg      20000  5
traditional/fox-and-hounds    -  foxAndHounds.rbg      20000  11
traditional/alquerque         -  alquerque.rbg          5000  5
traditional/english-draughts  -  englishDraughts.rbg    5000  8
traditional/nine-mens-morris  -  theMillGame.rbg        5000  5
traditional/reversi           -  reversi.rbg            5000  8
traditional/go                ko=None,max_plies=162  go_9x9.rbg  1000  4
classic/chess                 threefold_repetition=false  chess.rbg  1000  4
"

die() { echo "rbg-compare: $*" >&2; exit 1; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
SCALE=${SCALE:-1}
CXX=${CXX:-g++}
: "${RBG_DIR:?set RBG_DIR to a checkout of rbg2cpp with rbgParser in it (see the top of this script)}"
: "${RBG_GAMES:?set RBG_GAMES to the folders of the .rbg game files, separated by : (see the top of this script)}"
[ -f "$RBG_DIR/Makefile" ] && [ -d "$RBG_DIR/test" ] || die "RBG_DIR=$RBG_DIR is not an rbg2cpp checkout (no Makefile or test/)"
[ -f "$RBG_DIR/rbgParser/Makefile" ] || die "$RBG_DIR/rbgParser is empty: clone rbg2cpp with --recurse-submodules, or put the rbgParser repository there"
command -v "$CXX" >/dev/null || die "no C++ compiler $CXX"
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/rbg-compare.XXXXXX")}
mkdir -p "$WORK"

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

[ -n "${TABULA_BIN:-}" ] && [ -n "${TABULA_NATIVE:-}" ] && die "TABULA_BIN and TABULA_NATIVE both set: time the given binary, or build one for this processor, not both"
if [ -n "${TABULA_BIN:-}" ]; then
    # Another build of the same program, e.g. bench/pgo-build.sh's.
    TABULA=$TABULA_BIN
    [ -x "$TABULA" ] || die "TABULA_BIN=$TABULA is not an executable"
    echo "== Tabula: $TABULA (TABULA_BIN)" >&2
elif [ -n "${TABULA_NATIVE:-}" ]; then
    # The same program for this processor only (popcnt, BMI, AVX), as RBG's drivers are built.
    echo "== building Tabula for this processor (-C target-cpu=native, into target/native)" >&2
    (cd "$ROOT" && RUSTFLAGS="${RUSTFLAGS:-} -C target-cpu=native" CARGO_TARGET_DIR="$ROOT/target/native" \
        cargo build --release -p tabula-cli --locked >&2)
    TABULA=$ROOT/target/native/release/tabula
    [ -x "$TABULA" ] || die "no $TABULA after the build"
else
    echo "== building Tabula (cargo build --release -p tabula-cli)" >&2
    (cd "$ROOT" && cargo build --release -p tabula-cli --locked >&2)
    TABULA=${CARGO_TARGET_DIR:-$ROOT/target}/release/tabula
    [ -x "$TABULA" ] || die "no $TABULA after the build"
fi

echo "== building rbg2cpp (make rbg2cpp in $RBG_DIR)" >&2
make -C "$RBG_DIR" rbg2cpp >&2

# Compiles one game to C++ and builds both drivers: $WORK/NAME/{sim,perft}.
build_rbg_game() { # name rbg-file
    local dir="$WORK/$1"
    mkdir -p "$dir"
    (cd "$dir" && "$RBG_DIR/bin/rbg2cpp" -o reasoner "$2" >/dev/null)
    "$CXX" $RBG_FLAGS -I"$dir" -I"$RBG_DIR/test" -o "$dir/sim" "$dir/reasoner.cpp" "$RBG_DIR/test/simulation.cpp"
    "$CXX" $RBG_FLAGS -I"$dir" -I"$RBG_DIR/test" -o "$dir/perft" "$dir/reasoner.cpp" "$RBG_DIR/test/perft.cpp"
}

# Every measurement is one line of $WORK/results.tsv:
# game, measure, run, Tabula's rate, RBG's rate, Tabula's check, RBG's check
# (plies per game for playouts, leaves for perft: they must agree, or the two
# files are not the same game; a different mean length, e.g. from a draw rule
# one side has, makes playouts/s incomparable: compare plies/s then).
RESULTS="$WORK/results.tsv"
: >"$RESULTS"
selected=("$@")

while read -r name options file playouts depth; do
    [ -n "$name" ] || continue
    if [ ${#selected[@]} -gt 0 ] && [[ ! " ${selected[*]} " == *" $name "* ]]; then continue; fi
    if [ ! -f "$ROOT/rulesets/$name.ron" ]; then
        echo "-- $name: not shipped yet, skipped" >&2
        continue
    fi
    rbg_file=$(find_rbg_file "$file" || derive_rbg_file "$file") ||
        { echo "-- $name: no $file in RBG_GAMES, skipped" >&2; continue; }
    opts=()
    if [ "$options" != - ]; then
        IFS=, read -ra pairs <<<"$options"
        for p in "${pairs[@]}"; do opts+=(-o "$p"); done
    fi
    playouts=$(awk -v n="$playouts" -v s="$SCALE" 'BEGIN { n = int(n * s); print (n < 1 ? 1 : n) }')
    echo "== $name: building $rbg_file" >&2
    build_rbg_game "${name//\//_}" "$rbg_file"
    dir="$WORK/${name//\//_}"
    for run in $(seq 1 "$RUNS"); do
        echo "-- $name run $run/$RUNS" >&2
        t=$("$TABULA" simulate "$name" "${opts[@]}" --games "$playouts" --seed "$run")
        r=$("$dir/sim" "$playouts")
        echo "$t" >"$dir/tabula-sim-$run.txt"
        echo "$r" >"$dir/rbg-sim-$run.txt"
        t_rate=$(sed -n 's/^ *\([0-9.]*\) playouts\/s.*/\1/p' <<<"$t")
        t_len=$(sed -n 's/^ *average length \([0-9.]*\) plies.*/\1/p' <<<"$t")
        r_rate=$(sed -n 's/^number of playouts: [0-9]* (\([0-9.]*\) playouts\/sec).*/\1/p' <<<"$r")
        r_len=$(sed -n 's/^depth: avg \([0-9.]*\).*/\1/p' <<<"$r")
        printf '%s\tplayouts/s\t%s\t%s\t%s\t%.1f\t%.1f\n' "$name" "$run" "$t_rate" "$r_rate" "$t_len" "$r_len" >>"$RESULTS"

        t=$("$TABULA" perft "$name" "${opts[@]}" "$depth")
        r=$("$dir/perft" "$depth")
        t_rate=$(sed -n 's/.*s, \([0-9.]*\) leaves\/s).*/\1/p' <<<"$t")
        t_leaves=$(sed -n 's/^perft([0-9]*) = \([0-9]*\).*/\1/p' <<<"$t")
        r_leaves=$(sed -n 's/^perft: \([0-9]*\).*/\1/p' <<<"$r")
        r_ms=$(sed -n 's/^time: \([0-9]*\) ms.*/\1/p' <<<"$r")
        r_rate=$(awk -v n="$r_leaves" -v ms="$r_ms" 'BEGIN { print (ms > 0 ? n / ms * 1000 : "nan") }')
        printf '%s\tperft %s leaves/s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$depth" "$run" "$t_rate" "$r_rate" "$t_leaves" "$r_leaves" >>"$RESULTS"
    done
done <<<"$GAMES"

[ -s "$RESULTS" ] || die "nothing measured"

# The table: per game and measure, the median and spread of each side and of
# the run-by-run ratio, and whether the two sides played the same game.
sort -t$'\t' -k1,1 -k2,2 -s "$RESULTS" | awk -F'\t' -v runs="$RUNS" -v tabula="$TABULA" '
function median(a, n,    i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j > 0 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function human(x) {
    if (x >= 1e6) return sprintf("%.2f M", x / 1e6)
    if (x >= 1e4) return sprintf("%.0f k", x / 1e3)
    return sprintf("%.0f", x)
}
function flush(    i, tm, rm, qm, same) {
    if (n == 0) return
    tm = median(t, n); rm = median(r, n); qm = median(q, n)
    same = (kind ~ /^perft/) ? (tc == rc ? "same leaves " tc : "DIFFERENT leaves: " tc " vs " rc) \
                             : sprintf("%s plies/game %s vs %s", \
                                       (tc - rc > 0.02 * rc || rc - tc > 0.02 * rc) ? "DIFFERENT" : "same", tc, rc)
    printf "| %s | %s | %s (%s-%s) | %s (%s-%s) | **%.2fx** (%.2f-%.2f) | %s |\n", \
        game, kind, human(tm), human(tmin), human(tmax), human(rm), human(rmin), human(rmax), qm, qmin, qmax, same
    n = 0
}
BEGIN {
    printf "| Game | measure | Tabula, median (min-max) | RBG, median (min-max) | Tabula/RBG | check |\n"
    printf "|---|---|---:|---:|---:|---|\n"
}
{
    if ($1 != game || $2 != kind) { flush(); game = $1; kind = $2 }
    n++; t[n] = $4; r[n] = $5; q[n] = ($5 > 0 ? $4 / $5 : 0)
    if (n == 1 || $4 < tmin) tmin = $4; if (n == 1 || $4 > tmax) tmax = $4
    if (n == 1 || $5 < rmin) rmin = $5; if (n == 1 || $5 > rmax) rmax = $5
    if (n == 1 || q[n] < qmin) qmin = q[n]; if (n == 1 || q[n] > qmax) qmax = q[n]
    tc = $6; rc = $7
}
END { flush(); printf "\n(%d runs of %s; Tabula/RBG above 1 means Tabula is faster)\n", runs, tabula }
'
echo "raw outputs: $WORK" >&2
