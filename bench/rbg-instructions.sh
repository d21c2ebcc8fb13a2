#!/usr/bin/env bash
# Tabula against RBG's compiler by instructions: the rows of
# bench/rbg-compare.sh (bench/rbg-rows.sh, the same games and options),
# measured by callgrind's count of instructions per random playout instead
# of the wall clock. A count that other work on the machine cannot change:
# use it when the machine is shared or loaded, where timed ratios are not to
# be trusted. It is a proxy for time, not time: it counts instructions
# executed and ignores what they cost (cache misses, mispredicted branches,
# instructions that take several cycles, vector width), so a side whose
# instructions wait less on memory or branches is faster than its count
# says. Not part of CI.
#
# What it needs: what bench/rbg-compare.sh needs (RBG_DIR, a checkout of
# rbg2cpp with rbgParser; RBG_GAMES, the folders of the .rbg files; g++ and
# Boost's headers; see the top of that script) and valgrind.
#
# Usage:
#   RBG_DIR=~/src/rbg2cpp RBG_GAMES=~/src/rbg2cpp/rbgGames/games:~/src/rg/games/rbg \
#     bench/rbg-instructions.sh [GAME...]
#
# GAME is a Tabula ruleset name of the rows (default: every row whose ruleset
# is shipped). Environment: SCALE (multiplies the playouts counted, default
# 1), WORK (folder for the generated C++, default a new temporary folder),
# CXX, TABULA_BIN (a `tabula` binary to count instead of building the plain
# release one), RBG_MARCH (default x86-64-v3, see below).
#
# How each side is counted, row by row:
# - RBG: rbg2cpp compiles the row's .rbg file; its driver test/simulation.cpp
#   (N random playouts, random generator 0, its fixed seed) is built with
#   RBG's own release flags but -march=$RBG_MARCH instead of -march=native:
#   valgrind does not run AVX-512, which -march=native turns on on machines
#   that have it (x86-64-v3 is AVX2, BMI, popcnt). `sim N` is one run.
# - Tabula: `tabula simulate RULESET [-o OPTION ...] --games N --seed 1`, the
#   plain release build (x86-64 baseline: no AVX, no popcnt instruction).
# - Each side runs N and 3N playouts under `valgrind --tool=callgrind`, and
#   (I(3N) - I(N)) / 2N is its instructions per playout: the start-up
#   (loading, compiling the ruleset or the automaton, the driver's set-up) is
#   in both runs and cancels. N is the row's playout count (the wall-clock
#   start in bench/rbg-rows.sh) / 100, times SCALE, at least 2.
# - The mean length of those 2N playouts on each side, (3N mean - N mean) /
#   2: RBG's moves ("depth"), Tabula's turns (the same unit: a capture chain,
#   or a move and the removal it makes, is one) and plies. Lengths that
#   differ by more than 3% (the random playouts' spread at these counts) put
#   the ratio in brackets, marked, as bench/rbg-compare.sh does.
# - The ratio RBG / Tabula of the instructions per playout: above 1, Tabula
#   executes fewer instructions for a playout of the same game. Per move, the
#   same divided by each side's length.
set -euo pipefail

die() { echo "rbg-instructions: $*" >&2; exit 1; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SCALE=${SCALE:-1}
CXX=${CXX:-g++}
RBG_MARCH=${RBG_MARCH:-x86-64-v3}
: "${RBG_DIR:?set RBG_DIR to a checkout of rbg2cpp with rbgParser in it (see the top of bench/rbg-compare.sh)}"
: "${RBG_GAMES:?set RBG_GAMES to the folders of the .rbg game files, separated by : (see the top of bench/rbg-compare.sh)}"
[ -f "$RBG_DIR/Makefile" ] && [ -d "$RBG_DIR/test" ] || die "RBG_DIR=$RBG_DIR is not an rbg2cpp checkout (no Makefile or test/)"
[ -f "$RBG_DIR/rbgParser/Makefile" ] || die "$RBG_DIR/rbgParser is empty: clone rbg2cpp with --recurse-submodules"
command -v "$CXX" >/dev/null || die "no C++ compiler $CXX"
command -v valgrind >/dev/null || die "no valgrind (Debian: apt-get install valgrind)"
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/rbg-instructions.XXXXXX")}
mkdir -p "$WORK"

. "$ROOT/bench/rbg-rows.sh"
# RBG's flags, the processor's extensions those valgrind runs.
RBG_FLAGS=${RBG_FLAGS/-march=native/-march=$RBG_MARCH}
SIM_ONLY=1

if [ -n "${TABULA_BIN:-}" ]; then
    TABULA=$TABULA_BIN
    [ -x "$TABULA" ] || die "TABULA_BIN=$TABULA is not an executable"
else
    echo "== building Tabula (cargo build --release -p tabula-cli)" >&2
    (cd "$ROOT" && cargo build --release -p tabula-cli --locked >&2)
    TABULA=${CARGO_TARGET_DIR:-$ROOT/target}/release/tabula
    [ -x "$TABULA" ] || die "no $TABULA after the build"
fi
echo "== building rbg2cpp (make rbg2cpp in $RBG_DIR)" >&2
make -C "$RBG_DIR" rbg2cpp >&2

# Instructions of one command (callgrind's "Collected"), its output into $1.
count() { # output-file command...
    local out=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$out.cg" >"$out"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out.cg"
}
t_turns() { sed -n 's/^ *average length \([0-9.]*\) turns.*/\1/p' "$1"; }
t_plies() { sed -n 's/^ *average length \([0-9.]*\) plies.*/\1/p' "$1"; }
r_moves() { sed -n 's/^depth: avg \([0-9.]*\).*/\1/p' "$1"; }
# The mean over playouts N+1..3N from the means over N and 3N.
later() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (3 * b - a) / 2 }'; }
per() { awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN { printf "%.0f", (b - a) / (2 * n) }'; }

RESULTS="$WORK/instructions.tsv"
: >"$RESULTS"
selected=("$@")
while read -r name options file playouts _depth; do
    [ -n "$name" ] || continue
    if [ ${#selected[@]} -gt 0 ] && [[ ! " ${selected[*]} " == *" $name "* ]]; then continue; fi
    [ -f "$ROOT/rulesets/$name.ron" ] || { echo "-- $name: not shipped yet, skipped" >&2; continue; }
    rbg_file=$(find_rbg_file "$file" || derive_rbg_file "$file") ||
        { echo "-- $name: no $file in RBG_GAMES, skipped" >&2; continue; }
    row_options "$options"
    n=$(awk -v p="$playouts" -v s="$SCALE" 'BEGIN { n = int(p / 100 * s); print (n < 2 ? 2 : n) }')
    dir="$WORK/${name//\//_}"
    echo "== $name: building $rbg_file, counting $n and $((3 * n)) playouts a side" >&2
    build_rbg_game "${name//\//_}" "$rbg_file"
    ra=$(count "$dir/rbg-1" "$dir/sim" "$n")
    rb=$(count "$dir/rbg-3" "$dir/sim" "$((3 * n))")
    ta=$(count "$dir/tabula-1" "$TABULA" simulate "$name" "${opts[@]}" --games "$n" --seed 1)
    tb=$(count "$dir/tabula-3" "$TABULA" simulate "$name" "${opts[@]}" --games "$((3 * n))" --seed 1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$options" "$n" \
        "$(per "$ra" "$rb" "$n")" "$(later "$(r_moves "$dir/rbg-1")" "$(r_moves "$dir/rbg-3")")" \
        "$(per "$ta" "$tb" "$n")" "$(later "$(t_turns "$dir/tabula-1")" "$(t_turns "$dir/tabula-3")")" \
        "$(later "$(t_plies "$dir/tabula-1")" "$(t_plies "$dir/tabula-3")")" >>"$RESULTS"
done <<<"$GAMES"
[ -s "$RESULTS" ] || die "nothing measured"

awk -F'\t' '
function th(x) { x = sprintf("%.0f", x); while (x ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", x); return x }
BEGIN {
    print "| Game (options) | playouts counted | RBG instr./playout | RBG moves | Tabula instr./playout | Tabula turns (plies) | RBG/Tabula per playout | per move | check |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|---|"
}
{
    like = !($7 - $5 > 0.03 * $5 || $5 - $7 > 0.03 * $5)
    q = ($6 > 0 ? $4 / $6 : 0); m = ($6 > 0 && $5 > 0 && $7 > 0 ? ($4 / $5) / ($6 / $7) : 0)
    qs = like ? sprintf("**%.2fx**", q) : sprintf("[%.2fx]", q)
    printf "| %s%s | N=%d, 3N | %s | %.1f | %s | %.1f (%.1f) | %s | %.2fx | %s |\n", $1, ($2 == "-" ? "" : " (" $2 ")"), $3,
        th($4), $5, th($6), $7, $8, qs, m, (like ? "same lengths" : "DIFFERENT lengths")
}' "$RESULTS"
echo
echo "(callgrind instructions, (I(3N) - I(N)) / 2N a side: a proxy for time that ignores cache misses and mispredicted branches; RBG built with -march=$RBG_MARCH, Tabula: $TABULA)"
echo "raw outputs: $WORK" >&2
