#!/usr/bin/env bash
# Where a ruleset's random playouts spend their time: runs `tabula simulate`
# (release build) under valgrind's callgrind, which counts the instructions
# each function runs and simulates a branch predictor. The count needs no
# hardware counters (virtual machines often have none) and does not change
# with other work on the machine, so two builds can be compared on a busy
# machine. A branch whose outcome is as good as random costs some 15 cycles
# when mispredicted, more than many instructions: read both (the simulated
# predictor is simple, and over-counts branches a real one learns). Not part of CI.
#
# Usage: bench/profile.sh RULESET [GAMES] [OUT]
#   RULESET  a shipped name or a .ron path; GAMES default 300 (callgrind runs
#            about 50 times slower than the program); OUT the callgrind file
#            (default a new temporary file), for callgrind_annotate or kcachegrind.
# Prints the instructions per ply of the playouts and the functions that
# cost most, each with what it calls (inclusive), as a share of the playouts;
# then the mispredicted branches per ply and the functions that have most.
set -euo pipefail
ruleset=${1:?usage: bench/profile.sh RULESET [GAMES] [OUT]}
games=${2:-300}
out=${3:-$(mktemp "${TMPDIR:-/tmp}/tabula-callgrind.XXXXXX")}
command -v valgrind >/dev/null || { echo "profile.sh: needs valgrind (Debian: valgrind)" >&2; exit 1; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
(cd "$ROOT" && cargo build --release -p tabula-cli --locked >&2)
tabula=${CARGO_TARGET_DIR:-$ROOT/target}/release/tabula

summary=$(mktemp "${TMPDIR:-/tmp}/tabula-callgrind-summary.XXXXXX")
sim=$(valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$out" "$tabula" simulate "$ruleset" --games "$games" 2>"$summary")
echo "$sim"
length=$(sed -n 's/^ *average length \([0-9.]*\) plies.*/\1/p' <<<"$sim")
# Functions with their callees: callgrind_annotate gives a function one line
# per source file its code was written in (inlined code counts under its own
# file), and the largest of them is taken as the whole function. A function
# that calls itself (a search, a condition tree) counts its nested calls more
# than once. (Each reader reads to the end: one that stopped early would stop
# the writer, and pipefail would end the script there.)
callgrind_annotate --inclusive=yes --show=Ir "$out" | awk -v games="$games" -v plies="$length" '
    done { next }
    /file:function/ { table = 1; next }
    table && /^-+$/ { next }
    table && NF == 0 { if (n) done = 1; next }
    table {
        cost = $1; gsub(",", "", cost); cost += 0
        name = $0; sub(/^ *[0-9,]+ +\([ 0-9.]+%\) +/, "", name); sub(/ \[[^]]*\]$/, "", name)
        sub(/^[^:]*:/, "", name); gsub(/<impl tabula::game::Game>::/, "Game::", name); gsub(/tabula::engine::[a-z_]+::/, "", name)
        if (cost > whole[name]) whole[name] = cost
        n++
    }
    END {
        base = whole["tabula::agents::random_playout"]
        printf "%d instructions per ply; each function with its callees, as a share of the playouts:\n", base / (games * plies)
        for (f in whole) if (whole[f] <= base && whole[f] >= base / 100) printf "%5.1f%%  %s\n", 100 * whole[f] / base, f
    }' | sort -k1,1nr -s | awk 'NR <= 30'
# Mispredicted branches (the whole run, loading the ruleset included), and
# the functions with most of them (their own branches, not their callees').
mispredicted=$(sed -n 's/.*Mispredicts: *\([0-9,]*\).*/\1/p' "$summary" | tr -d ,)
rm -f "$summary"
awk -v m="$mispredicted" -v games="$games" -v plies="$length" \
    'BEGIN { printf "\n%.1f mispredicted branches per ply (simulated predictor); the functions with most:\n", m / (games * plies) }'
callgrind_annotate --show=Bcm --sort=Bcm "$out" | awk -v m="$mispredicted" '
    done { next }
    /file:function/ { table = 1; next }
    table && /^-+$/ { next }
    table && NF == 0 { if (n) done = 1; next }
    table && n < 10 {
        cost = $1; gsub(",", "", cost)
        name = $0; sub(/^ *[0-9,]+ +\([ 0-9.]+%\) +/, "", name); sub(/ \[[^]]*\]$/, "", name); sub(/^[^:]*:/, "", name)
        if (cost > 0) printf "%5.1f%%  %s\n", 100 * cost / m, name
        n++
    }'
echo "callgrind file: $out (callgrind_annotate --auto=yes $out shows the lines; --sort=Bcm by mispredicted branches)" >&2
