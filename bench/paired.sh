#!/usr/bin/env bash
# Paired CPU time of two commands: NEW and OLD run in turn (NEW OLD NEW OLD ...),
# each run's user + system seconds as the system accounts them (GNU time), and
# the ratio NEW/OLD taken pair by pair, so that a machine whose speed drifts
# during the measurement still gives a fair ratio. Prints min, median and max
# of each; quote the median.
#
#   bench/paired.sh [-n RUNS] [--pin CPU] --vs "OLD COMMAND" -- NEW COMMAND...
#
# e.g. bench/paired.sh -n 7 --pin 1 --vs "old/tabula simulate seneti --games 3000" \
#          -- target/release/tabula simulate seneti --games 3000
# Needs GNU time (/usr/bin/time, Debian's `time` package); --pin needs taskset.
set -euo pipefail

runs=5 pin= old=
while [ $# -gt 0 ]; do
    case "$1" in
        -n) runs=$2; shift 2 ;;
        --pin) pin=$2; shift 2 ;;
        --vs) old=$2; shift 2 ;;
        --) shift; break ;;
        *) echo "paired.sh: unknown argument $1 (see the head of this file)" >&2; exit 2 ;;
    esac
done
if [ -z "$old" ] || [ $# -eq 0 ]; then
    echo "usage: bench/paired.sh [-n RUNS] [--pin CPU] --vs \"OLD COMMAND\" -- NEW COMMAND..." >&2
    exit 2
fi
[ -x /usr/bin/time ] || { echo "paired.sh: needs GNU time at /usr/bin/time" >&2; exit 2; }

pin_cmd=()
[ -n "$pin" ] && pin_cmd=(taskset -c "$pin")
# shellcheck disable=SC2206 # the old command is one string, split as a shell splits words
old_cmd=($old)
new_cmd=("$@")

cpu() { # the user + system seconds of one run of the command given
    local out
    out=$(mktemp)
    "${pin_cmd[@]}" /usr/bin/time -f '%U %S' -o "$out" "$@" >/dev/null 2>&1 || true
    awk '{ printf "%.3f\n", $1 + $2 }' "$out"
    rm -f "$out"
}

# One run of each first, not counted (caches, the binaries read from disk).
cpu "${new_cmd[@]}" >/dev/null
cpu "${old_cmd[@]}" >/dev/null
news=() olds=() ratios=()
for _ in $(seq "$runs"); do
    n=$(cpu "${new_cmd[@]}")
    o=$(cpu "${old_cmd[@]}")
    news+=("$n") olds+=("$o")
    ratios+=("$(awk -v n="$n" -v o="$o" 'BEGIN { printf "%.3f", (o > 0 ? n / o : 0) }')")
done

summary() { # min, median, max of the numbers given
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%s %s %s\n", v[1], v[int((NR + 1) / 2)], v[NR] }'
}
printf '%-12s %s\n' "" "min median max"
printf '%-12s %s\n' "new cpu s" "$(summary "${news[@]}")"
printf '%-12s %s\n' "old cpu s" "$(summary "${olds[@]}")"
printf '%-12s %s\n' "new/old" "$(summary "${ratios[@]}")"
