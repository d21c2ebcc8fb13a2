#!/usr/bin/env bash
# MCTS iterations and alpha-beta nodes per second of one thread, on every
# shipped ruleset (issue 46; the table in docs/performance.md, "Agents").
#
#   cargo build --release -p tabula-cli -p tabula --example mcts_speed --example alphabeta_speed
#   bench/agent-speed.sh [RULESET...] > agent-speed.md
#
# MCTS: one search of mcts:N (N = 4000) from the ruleset's first decision
# with a choice (interpreter/examples/mcts_speed.rs). Alpha-beta: alphabeta:10k against itself for the first MOVES
# (20) moves of a game from seed 0 (interpreter/examples/alphabeta_speed.rs),
# the nodes its searches counted over the time they took. Each the median of
# RUNS (5) runs; the time is the examples' own clock around the searches
# (loading and compiling left out), so run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
EX=${EX:-target/release/examples}
RUNS=${RUNS:-5}
N=${N:-4000}
MOVES=${MOVES:-20}
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
rulesets=("$@")
if [[ ${#rulesets[@]} -eq 0 ]]; then
  mapfile -t rulesets < <(target/release/tabula list | grep -v '^ ' | cut -d' ' -f1)
fi
echo "| Ruleset | MCTS iterations a second | plies an iteration | alpha-beta nodes a second (nodes) |"
echo "|---|---:|---:|---:|"
for g in "${rulesets[@]}"; do
  out=$("$EX/mcts_speed" "$g" mcts "$N")
  plies=$(sed -n 's/.*, \([0-9.]*\) a iteration.*/\1/p' <<<"$out")
  its=$(for _ in $(seq "$RUNS"); do "$EX/mcts_speed" "$g" mcts "$N" | sed -n 's/.*, \([0-9]*\) iterations\/s/\1/p'; done | median)
  # (The runs search the same nodes: the count from the first, the rate their median.)
  runs=$(for _ in $(seq "$RUNS"); do "$EX/alphabeta_speed" "$g" 1 10 "$MOVES"; done)
  ab=$(sed -n 's/.*, \([0-9]*\) nodes\/s/\1/p' <<<"$runs" | median)
  nodes=$(sed -n 's/.*moves, \([0-9]*\) nodes.*/\1/p' <<<"$runs" | head -1)
  printf "| %s | %s | %s | %s (%s) |\n" "$g" "$its" "$plies" "$ab" "$nodes"
done
