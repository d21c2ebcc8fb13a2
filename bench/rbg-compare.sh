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
# the playout counts, e.g. 0.1 for a quick look, with MIN_SECONDS=0),
# MIN_SECONDS (default 1: each timed playout run lasts at least this long on
# each side, counts scaled up to it; see below), WORK (folder for the
# generated C++ and raw outputs; default a new temporary folder), CXX,
# TABULA_BIN (a `tabula` binary to time instead of building the plain release
# one: e.g. the profile-guided build of bench/pgo-build.sh), TABULA_NATIVE=1
# (also build Tabula for this processor, `-C target-cpu=native`, as RBG is
# built with `-march=native`, into target/native, and time it in the same
# runs: a column beside the plain build's).
#
# What each row compares (the script says it in its table):
# - The same game on both sides: Tabula's options (the GAMES table below) set
#   the rules RBG's file has where Tabula's default reading differs (a
#   stagnation draw, a turn bound, which way men move). Each run checks it:
#   perft leaves equal at the row's depth, and mean playout lengths equal
#   within 2% (RBG counts whole moves; Tabula's "turns" are the same unit:
#   a capture chain, or a move and the removal it makes, is one). A row whose
#   perft differs is marked NOT LIKE FOR LIKE and gets no ratio; one whose
#   lengths differ gets its ratio in brackets, marked.
# - Playouts/s: uniformly random playouts from the start, one thread, each
#   side's own loop timed by its own clock (RBG's driver counts whole
#   milliseconds, hence runs of at least MIN_SECONDS: the count is scaled up
#   once per game, before the runs, until both sides take that long; both
#   then play the same number of playouts).
# - Perft leaves/s, two rows: "Tabula counts the last level" (`tabula perft`:
#   the last level's moves counted without being made where the rule leaves
#   no choice) against RBG's driver, which makes every move of the last level
#   too; and "both make every leaf" (`tabula perft --make-every-move`), the
#   like-for-like timing. The depths are the deepest where RBG takes about a
#   second or more; Tabula's counted perft may take less (its clock reads
#   nanoseconds: the rate stands, a short run is marked).
#
# Each run times, one after another, Tabula's random playouts (and the native
# build's), RBG's, Tabula's perft counted and made (and the native build's)
# and RBG's, so that noise from other work on the machine falls on both.
# Both sides time their own loop (the RBG drivers and `tabula simulate` /
# `tabula perft` each read a monotonic clock around it), so process start and
# compiling the game are not counted on either side. Both play one thread.
# The table gives the median and the spread (min-max) over the runs; the ratio
# is taken run by run (Tabula / RBG, above 1 means Tabula is faster).
set -euo pipefail

# The rows (GAMES), RBG's flags and how an RBG file is found, made and built:
# bench/rbg-rows.sh, shared with bench/rbg-instructions.sh (sourced below).


# What the table cannot say by itself, row by row (printed under it).
declare -A WHY=(
    [classic/tic-tac-toe]="perft 9 is the whole game tree: RBG's perft takes well under a second (its rate is rough)"
    [traditional/nine-mens-morris]="mean lengths differ by about 2% (62.7 RBG moves against 61.3 Tabula turns over 20,000 playouts), though the rules are the same: RBG's random playout draws uniformly among whole moves, a mill's move once for each man it may remove, so a move that makes a mill is likelier; Tabula draws the move, then the removal. Perft 5 takes RBG under a second (6 takes it about 20)"
    [traditional/english-draughts]="RBG draws uniformly among whole moves (a capture chain once); Tabula decision by decision (each jump of a chain): the lengths agree all the same (66.4 RBG, 66.8 Tabula over 20,000 playouts)"
)

die() { echo "rbg-compare: $*" >&2; exit 1; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
SCALE=${SCALE:-1}
MIN_SECONDS=${MIN_SECONDS:-1}
CXX=${CXX:-g++}
: "${RBG_DIR:?set RBG_DIR to a checkout of rbg2cpp with rbgParser in it (see the top of this script)}"
: "${RBG_GAMES:?set RBG_GAMES to the folders of the .rbg game files, separated by : (see the top of this script)}"
[ -f "$RBG_DIR/Makefile" ] && [ -d "$RBG_DIR/test" ] || die "RBG_DIR=$RBG_DIR is not an rbg2cpp checkout (no Makefile or test/)"
[ -f "$RBG_DIR/rbgParser/Makefile" ] || die "$RBG_DIR/rbgParser is empty: clone rbg2cpp with --recurse-submodules, or put the rbgParser repository there"
command -v "$CXX" >/dev/null || die "no C++ compiler $CXX"
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/rbg-compare.XXXXXX")}
mkdir -p "$WORK"

. "$ROOT/bench/rbg-rows.sh"

[ -n "${TABULA_BIN:-}" ] && [ -n "${TABULA_NATIVE:-}" ] && die "TABULA_BIN and TABULA_NATIVE both set: time the given binary, or build one for this processor too, not both"
if [ -n "${TABULA_BIN:-}" ]; then
    # Another build of the same program, e.g. bench/pgo-build.sh's.
    TABULA=$TABULA_BIN
    [ -x "$TABULA" ] || die "TABULA_BIN=$TABULA is not an executable"
    echo "== Tabula: $TABULA (TABULA_BIN)" >&2
else
    echo "== building Tabula (cargo build --release -p tabula-cli)" >&2
    (cd "$ROOT" && cargo build --release -p tabula-cli --locked >&2)
    TABULA=${CARGO_TARGET_DIR:-$ROOT/target}/release/tabula
    [ -x "$TABULA" ] || die "no $TABULA after the build"
fi
NATIVE=
if [ -n "${TABULA_NATIVE:-}" ]; then
    # The same program for this processor only (popcnt, BMI, AVX), as RBG's drivers are built.
    echo "== building Tabula for this processor too (-C target-cpu=native, into target/native)" >&2
    (cd "$ROOT" && RUSTFLAGS="${RUSTFLAGS:-} -C target-cpu=native" CARGO_TARGET_DIR="$ROOT/target/native" \
        cargo build --release -p tabula-cli --locked >&2)
    NATIVE=$ROOT/target/native/release/tabula
    [ -x "$NATIVE" ] || die "no $NATIVE after the build"
fi
"$TABULA" perft classic/tic-tac-toe 1 --make-every-move >/dev/null 2>&1 ||
    die "$TABULA has no \`perft --make-every-move\`: build it from a newer Tabula"

echo "== building rbg2cpp (make rbg2cpp in $RBG_DIR)" >&2
make -C "$RBG_DIR" rbg2cpp >&2

# Readers of each side's output. Tabula's simulate: playouts/s, seconds,
# turns per game; perft: leaves, leaves/s, seconds. RBG's simulation:
# playouts/s, milliseconds, moves per game; perft: leaves, milliseconds.
t_sim_rate() { sed -n 's/^ *\([0-9.]*\) playouts\/s.*/\1/p' <<<"$1"; }
t_sim_secs() { sed -n 's/.*(one thread, \([0-9.]*\) s).*/\1/p' <<<"$1"; }
t_sim_turns() { sed -n 's/^ *average length \([0-9.]*\) turns.*/\1/p' <<<"$1"; }
t_perft_leaves() { sed -n 's/^perft([0-9]*) = \([0-9]*\).*/\1/p' <<<"$1"; }
t_perft_rate() { sed -n 's/.*s, \([0-9.]*\) leaves\/s).*/\1/p' <<<"$1"; }
t_perft_secs() { sed -n 's/.*(\([0-9.]*\) s, .*/\1/p' <<<"$1"; }
r_ms() { sed -n 's/^time: \([0-9]*\) ms.*/\1/p' <<<"$1"; }
r_sim_rate() { sed -n 's/^number of playouts: [0-9]* (\([0-9.]*\) playouts\/sec).*/\1/p' <<<"$1"; }
r_sim_moves() { sed -n 's/^depth: avg \([0-9.]*\).*/\1/p' <<<"$1"; }
r_perft_leaves() { sed -n 's/^perft: \([0-9]*\).*/\1/p' <<<"$1"; }

# The playouts a run plays: `start` scaled by SCALE, then (once) doubled or
# more until both sides' runs last MIN_SECONDS.
calibrate() { # name dir start opts...
    local name=$1 dir=$2 n=$3 t r ts rs f
    shift 3
    n=$(awk -v n="$n" -v s="$SCALE" 'BEGIN { n = int(n * s); print (n < 1 ? 1 : n) }')
    for _ in 1 2 3 4 5 6; do
        t=$("$TABULA" simulate "$name" "$@" --games "$n" --seed 1)
        r=$("$dir/sim" "$n")
        ts=$(t_sim_secs "$t")
        rs=$(awk -v ms="$(r_ms "$r")" 'BEGIN { print ms / 1000 }')
        f=$(awk -v a="$ts" -v b="$rs" -v m="$MIN_SECONDS" 'BEGIN {
            t = (a < b ? a : b); if (t >= m) { print 1; exit }
            f = (t > 0 ? 1.2 * m / t : 10); print (f < 2 ? 2 : int(f + 1)) }')
        [ "$f" = 1 ] && break
        n=$((n * f))
    done
    echo "$n"
}

# Every measurement is one line of $WORK/results.tsv: game, measure, run,
# Tabula's rate, the native build's (or -), RBG's, Tabula's check, RBG's
# check (turns per game for playouts, leaves for perft: they must agree, or
# the two files are not the same game), Tabula's seconds, RBG's.
RESULTS="$WORK/results.tsv"
: >"$RESULTS"
selected=("$@")
NOTES="$WORK/notes.txt"
: >"$NOTES"

while read -r name options file playouts depth; do
    [ -n "$name" ] || continue
    if [ ${#selected[@]} -gt 0 ] && [[ ! " ${selected[*]} " == *" $name "* ]]; then continue; fi
    if [ ! -f "$ROOT/rulesets/$name.ron" ]; then
        echo "-- $name: not shipped yet, skipped" >&2
        continue
    fi
    rbg_file=$(find_rbg_file "$file" || derive_rbg_file "$file") ||
        { echo "-- $name: no $file in RBG_GAMES, skipped" >&2; continue; }
    row_options "$options"
    echo "== $name: building $rbg_file" >&2
    build_rbg_game "${name//\//_}" "$rbg_file"
    dir="$WORK/${name//\//_}"
    playouts=$(calibrate "$name" "$dir" "$playouts" "${opts[@]}")
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$options" "$file" "$playouts" "$depth" >>"$NOTES"
    for run in $(seq 1 "$RUNS"); do
        echo "-- $name run $run/$RUNS ($playouts playouts, perft $depth)" >&2
        t=$("$TABULA" simulate "$name" "${opts[@]}" --games "$playouts" --seed "$run")
        n=-
        if [ -n "$NATIVE" ]; then
            nt=$("$NATIVE" simulate "$name" "${opts[@]}" --games "$playouts" --seed "$run")
            n=$(t_sim_rate "$nt")
        fi
        r=$("$dir/sim" "$playouts")
        echo "$t" >"$dir/tabula-sim-$run.txt"
        echo "$r" >"$dir/rbg-sim-$run.txt"
        printf '%s\tplayouts/s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$run" "$(t_sim_rate "$t")" "$n" "$(r_sim_rate "$r")" \
            "$(t_sim_turns "$t")" "$(printf '%.1f' "$(r_sim_moves "$r")")" "$(t_sim_secs "$t")" "$(awk -v ms="$(r_ms "$r")" 'BEGIN { print ms / 1000 }')" >>"$RESULTS"

        # Perft: Tabula counting the last level, Tabula making every leaf, RBG (every leaf).
        t=$("$TABULA" perft "$name" "${opts[@]}" "$depth")
        m=$("$TABULA" perft "$name" "${opts[@]}" "$depth" --make-every-move)
        n=-
        nm=-
        if [ -n "$NATIVE" ]; then
            n=$(t_perft_rate "$("$NATIVE" perft "$name" "${opts[@]}" "$depth")")
            nm=$(t_perft_rate "$("$NATIVE" perft "$name" "${opts[@]}" "$depth" --make-every-move)")
        fi
        r=$("$dir/perft" "$depth")
        echo "$t" >"$dir/tabula-perft-$run.txt"
        echo "$m" >"$dir/tabula-perft-made-$run.txt"
        echo "$r" >"$dir/rbg-perft-$run.txt"
        r_leaves=$(r_perft_leaves "$r")
        r_secs=$(awk -v ms="$(r_ms "$r")" 'BEGIN { print ms / 1000 }')
        r_rate=$(awk -v n="$r_leaves" -v s="$r_secs" 'BEGIN { print (s > 0 ? n / s : "nan") }')
        printf '%s\tperft %s, Tabula counts the last level\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$depth" "$run" \
            "$(t_perft_rate "$t")" "$n" "$r_rate" "$(t_perft_leaves "$t")" "$r_leaves" "$(t_perft_secs "$t")" "$r_secs" >>"$RESULTS"
        printf '%s\tperft %s, both make every leaf\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$depth" "$run" \
            "$(t_perft_rate "$m")" "$nm" "$r_rate" "$(t_perft_leaves "$m")" "$r_leaves" "$(t_perft_secs "$m")" "$r_secs" >>"$RESULTS"
    done
done <<<"$GAMES"

[ -s "$RESULTS" ] || die "nothing measured"

# The table: per game and measure, the median and spread of each side and of
# the run-by-run ratio, and whether the two sides played the same game.
echo "What each row compares (Tabula's options set RBG's file's rules; playouts per run, perft depth):"
awk -F'\t' '{ printf "- %s with %s against RBG'"'"'s %s: %s playouts a run, perft %s\n", $1, ($2 == "-" ? "its default options" : $2), $3, $4, $5 }' "$NOTES"
echo
sort -t$'\t' -k1,1 -k2,2 -s "$RESULTS" | awk -F'\t' -v runs="$RUNS" -v tabula="$TABULA" -v native="$NATIVE" -v min_s="$MIN_SECONDS" '
function median(a, n,    i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j > 0 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function human(x) {
    if (x >= 1e6) return sprintf("%.2f M", x / 1e6)
    if (x >= 1e4) return sprintf("%.0f k", x / 1e3)
    return sprintf("%.0f", x)
}
function spread(a, n,    i, lo, hi) {
    lo = a[1]; hi = a[1]
    for (i = 2; i <= n; i++) { if (a[i] < lo) lo = a[i]; if (a[i] > hi) hi = a[i] }
    return human(median(a, n)) " (" human(lo) "-" human(hi) ")"
}
function ratio(a, n,    i, lo, hi) {
    lo = a[1]; hi = a[1]
    for (i = 2; i <= n; i++) { if (a[i] < lo) lo = a[i]; if (a[i] > hi) hi = a[i] }
    return sprintf("%.2fx (%.2f-%.2f)", median(a, n), lo, hi)
}
function flush(    same, like, qs, nqs, ns) {
    if (n == 0) return
    if (kind ~ /^perft/) {
        like = (tc == rc)
        same = like ? "same leaves " tc : "NOT LIKE FOR LIKE: leaves " tc " vs " rc
    } else {
        like = !(tc - rc > 0.02 * rc || rc - tc > 0.02 * rc)
        same = sprintf("%s: %s vs %s turns a game", like ? "same lengths" : "DIFFERENT lengths", tc, rc)
    }
    if (short > 0) same = same sprintf("; %d run(s) under %s s on a side", short, min_s)
    ns = native != "" ? spread(nr, n) : "-"
    if (kind ~ /^perft/ && !like) { qs = "-"; nqs = "-" }
    else {
        qs = "**" ratio(q, n) "**"; nqs = native != "" ? ratio(nq, n) : "-"
        if (!like) { qs = "[" ratio(q, n) "]"; nqs = native != "" ? "[" nqs "]" : "-" }
    }
    printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", game, kind, spread(t, n), ns, spread(r, n), qs, nqs, same
    n = 0; short = 0
}
BEGIN {
    printf "| Game | measure | Tabula, median (min-max) | Tabula native | RBG, median (min-max) | Tabula/RBG | native/RBG | check |\n"
    printf "|---|---|---:|---:|---:|---:|---:|---|\n"
}
{
    if ($1 != game || $2 != kind) { flush(); game = $1; kind = $2 }
    n++; t[n] = $4; nr[n] = ($5 == "-" ? 0 : $5); r[n] = $6
    q[n] = ($6 > 0 ? $4 / $6 : 0); nq[n] = ($6 > 0 ? nr[n] / $6 : 0)
    tc = $7; rc = $8
    if (kind !~ /Tabula counts/ && ($9 < min_s || $10 < min_s)) short++
    else if (kind ~ /Tabula counts/ && $10 < min_s) short++
}
END {
    flush()
    printf "\n(%d runs of %s%s; Tabula/RBG above 1 means Tabula is faster; RBG makes every leaf of its perft)\n", \
        runs, tabula, (native != "" ? " and " native : "")
}
'
for name in $(cut -f1 "$NOTES"); do
    [ -n "${WHY[$name]:-}" ] && echo "- $name: ${WHY[$name]}"
done
echo "raw outputs: $WORK" >&2
