#!/usr/bin/env bash
# An MCTS iteration against random playouts of its length (issue 46's bound:
# at most two), by callgrind's instructions (docs/performance.md, "MCTS"):
# one search of mcts:200 and one of mcts:600 from the ruleset's first
# decision with a choice, the difference over 400 iterations; their plies
# likewise (L, a mean, seldom whole); then 2,000 and 6,000 random playouts
# of floor(L) and of floor(L) + 1 plies from the same position, each
# difference over 4,000, and a playout of L plies read between the two
# (rounding L instead errs by up to half a ply: 6% at 8 plies).
#
#   cargo build --release -p tabula --example mcts_speed
#   bench/mcts-cost.sh [RULESET...]   (default: the table's rows)
# MCTS=mcts:decisions (or another agent's parts) counts that search instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${MCTS_SPEED:-target/release/examples/mcts_speed}
mcts=${MCTS:-mcts}
[[ -x $bin ]] || { echo "no $bin: run cargo build --release -p tabula --example mcts_speed" >&2; exit 1; }
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
plies() { "$bin" "$@" | sed -n 's/.*, \([0-9]*\) plies.*/\1/p'; }
rulesets=("$@")
[[ ${#rulesets[@]} -gt 0 ]] || rulesets=(classic/breakthrough traditional/kalah senet classic/connect-four)
echo "| Ruleset | instructions an iteration | plies | a random playout of its plies (of the plies below and above) | ratio |"
echo "|---|---:|---:|---:|---:|"
for g in "${rulesets[@]}"; do
  a=$(count "$g" "$mcts" 200)
  b=$(count "$g" "$mcts" 600)
  p1=$(plies "$g" "$mcts" 200)
  p3=$(plies "$g" "$mcts" 600)
  short=$(awk -v a="$p1" -v b="$p3" 'BEGIN { printf "%d", (b - a) / 400 }')
  c=$(count "$g" playouts 2000 "$short")
  d=$(count "$g" playouts 6000 "$short")
  e=$(count "$g" playouts 2000 $((short + 1)))
  f=$(count "$g" playouts 6000 $((short + 1)))
  awk -v g="$g" -v a="$a" -v b="$b" -v p1="$p1" -v p3="$p3" -v c="$c" -v d="$d" -v e="$e" -v f="$f" -v s="$short" 'BEGIN {
    it = (b - a) / 400; l = (p3 - p1) / 400; lo = (d - c) / 4000; hi = (f - e) / 4000
    po = lo + (l - s) * (hi - lo)
    printf "| %s | %.0f | %.2f | %.0f (%d: %.0f, %d: %.0f) | %.2f |\n", g, it, l, po, s, lo, s + 1, hi, it / po }'
done
