#!/usr/bin/env bash
# An MCTS iteration against random playouts of its length (issue 46's bound:
# at most two), by callgrind's instructions (docs/performance.md, "MCTS"):
# one search of mcts:200 and one of mcts:600 from the ruleset's first
# decision with a choice, the difference over 400 iterations; their plies
# likewise; then 2,000 and 6,000 random playouts of that many plies from the
# same position, the difference over 4,000.
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
echo "| Ruleset | instructions an iteration | plies | a random playout of its plies | ratio |"
echo "|---|---:|---:|---:|---:|"
for g in "${rulesets[@]}"; do
  a=$(count "$g" "$mcts" 200)
  b=$(count "$g" "$mcts" 600)
  p1=$(plies "$g" "$mcts" 200)
  p3=$(plies "$g" "$mcts" 600)
  length=$(awk -v a="$p1" -v b="$p3" 'BEGIN { printf "%.0f", (b - a) / 400 }')
  c=$(count "$g" playouts 2000 "$length")
  d=$(count "$g" playouts 6000 "$length")
  awk -v g="$g" -v a="$a" -v b="$b" -v p1="$p1" -v p3="$p3" -v c="$c" -v d="$d" -v l="$length" 'BEGIN {
    it = (b - a) / 400; po = (d - c) / 4000
    printf "| %s | %.0f | %.2f | %.0f (%d) | %.2f |\n", g, it, (p3 - p1) / 400, po, l, it / po }'
done
