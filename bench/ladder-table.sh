#!/usr/bin/env bash
# The ladder on every shipped two-player game (issue 46): for each ruleset,
#
#   tabula ladder RULESET --agents random,greedy,mcts:200,alphabeta:20k \
#     --pairs neighbours --games G --threads 2
#
# and one Markdown table of the results: each agent's Elo with its 95%
# interval (random at 0), and for each step of the order
# strong >= mcts:200 >= greedy >= random whether it holds at 5%.
#
# Only neighbours play (random-greedy, greedy-mcts:200, mcts:200-strong):
# the order is three steps, and the pairs far apart (alpha-beta against
# greedy ran to the turn limit in Tablut, 97% of that row's time in a round
# robin) would spend the time the steps need. PAIRS=all plays every pair.
#
# "strong" is the strength of that name, `alphabeta:20k` (alpha-beta,
# expectimax where there are throws; docs/agents.md "Strengths by name"),
# unless a row names another strong agent (`strong=mcts:2000`: MCTS at a
# large budget, where alpha-beta's 20 000 nodes read little or take long;
# `strong=alphabeta:200k` where only a deeper search plays one side).
#
# The test of a step is a one-sided exact sign test on the decisive games of
# that pair's G games (draws left out), as tests/tests/ladder_order.rs does:
# under the null hypothesis that the higher agent wins a decisive game with
# probability at most 1/2, P(X >= its wins) for X ~ binomial(decisive, 1/2)
# must be below 0.05. A step that does not pass is shown as a tie with the
# higher agent's score in that pair (a draw half) and its 95% Wilson
# interval; one whose reverse passes is shown as reversed.
#
# Usage:
#   cargo build --release -p tabula-cli
#   nice -n 19 bench/ladder-table.sh [RULESET...] > ladder.out
#
# RULESET picks rows of the list below (default: all of them, quick games
# first, slow ones last). Each row is appended to OUT as soon as its ladder
# ends, so an interrupted run leaves a usable partial table.
# Environment: TABULA (default target/release/tabula), OUT (default
# ladder-table.md), LOGS (each ladder's output, default ladder-logs),
# THREADS (2), SEED (1), PAIRS (neighbours), GAMES (overrides every row's games per pair),
# APPEND=1 (add rows to OUT without writing its header again).
set -euo pipefail
cd "$(dirname "$0")/.."

TABULA=${TABULA:-target/release/tabula}
OUT=${OUT:-ladder-table.md}
LOGS=${LOGS:-ladder-logs}
THREADS=${THREADS:-2}
SEED=${SEED:-1}
PAIRS=${PAIRS:-neighbours}
AGENTS=random,greedy,mcts:200,alphabeta:20k

# Ruleset, games per pair (or one count per pair in the chain's order,
# random-greedy, greedy-mcts:200, mcts:200-strong), options (-o) that cap a
# slow game, and the strong agent where it is not alpha-beta
# (strong=AGENT). Quick games
# first; the slow ones (long games, many moves a ply, or throws searched by
# expectimax) last, with fewer games and, where the game is long, a lower
# turn limit (a game cut there is a draw, or scored as the ruleset says).
# Copenhagen Hnefatafl's greedy-mcts:200 pair plays 1000 games: between
# these players the defenders win nine games in ten whoever has them, so the
# step shows only in the attackers' few wins (54.5% [47.6, 61.3] at 200).
# Halma under its rule against spoiling (win=Filled): under Monks's AllIn a
# player who never leaves home blocks the other's goal, and every game with
# random reaches the 1000-ply limit.
ROWS=(
  "classic/tic-tac-toe 100"
  "classic/connect-four 40"
  "traditional/fox-and-hounds 100"
  "traditional/kalah 40"
  "traditional/brandubh 40"
  "seti-beth 30"
  "classic/breakthrough 30"
  "seti-aleph 30"
  "traditional/konane 100 strong=mcts:2000"
  "traditional/alquerque 30"
  "traditional/nine-mens-morris 30"
  "traditional/english-draughts 20"
  "traditional/hounds-and-jackals 60"
  "traditional/oware 24"
  "seega 20"
  "traditional/russian-draughts 20"
  "traditional/ur 40"
  "traditional/reversi 40"
  "traditional/lasca 16"
  "senet 30"
  "seneti 24"
  "setron 12"
  "traditional/tablut 60 strong=alphabeta:200k"
  "traditional/fanorona 30"
  "traditional/copenhagen-hnefatafl 20,1000,20 max_plies=400 strong=alphabeta:200k"
  "traditional/backgammon 16"
  "traditional/tabula 12"
  "classic/chess 10 max_plies=300"
  "traditional/go 20 max_plies=200"
  "traditional/halma 16 win=Filled strong=mcts:2000"
)

[[ -x $TABULA ]] || { echo "no $TABULA: run cargo build --release -p tabula-cli" >&2; exit 1; }
mkdir -p "$LOGS"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD 2>/dev/null || commit="$commit (with uncommitted changes)"
echo "# bench/ladder-table.sh, started $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit"
echo "# machine: $(nproc) cores; uptime:$(uptime)"
echo "# $TABULA --version: $("$TABULA" --version 2>/dev/null || echo '?')"

if [[ ${APPEND:-0} != 1 ]]; then
  {
    echo "Made by bench/ladder-table.sh at commit $commit, started $(date -u '+%Y-%m-%d %H:%M UTC'); pairs played: $PAIRS."
    echo
    echo "| Game | games a pair | random | greedy | mcts:200 | strong | greedy > random | mcts:200 > greedy | strong > mcts:200 | time |"
    echo "|---|---:|---|---|---|---|---|---|---|---|"
  } >"$OUT"
fi

# The row of one ladder's output (stdout in $1, stderr in $2).
row() {
  awk -v game="$3" -v games="$4" -v opts="$5" -v time="$6" -v agents="$7" -v strong="${AGENTS##*,}" '
    function clean(s) { gsub(/[ \t]+/, " ", s); gsub(/\[ /, "[", s); gsub(/, /, ", ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
    # P(X >= k) for X ~ binomial(n, 1/2).
    function tail(k, n,   i, c, s) { c = 1; s = 0; for (i = 0; i <= n; i++) { if (i >= k) s += c; c = c * (n - i) / (i + 1) } return s / 2 ^ n }
    function wilson(p, n,   z, d, m, h) { z = 1.96; d = 1 + z * z / n; m = (p + z * z / (2 * n)) / d; h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d; return sprintf("[%.0f, %.0f]", 100 * (m - h), 100 * (m + h)) }
    # The step hi > lo from the pair record.
    function step(hi, lo,   key, w, l, d, n, p, q) {
      key = hi SUBSEP lo
      if (!(key in won)) return "not played"
      w = won[key]; l = won[lo SUBSEP hi]; d = drawn[key]; n = w + l + d
      p = tail(w, w + l); q = tail(l, w + l)
      if (p < 0.05) return sprintf("**yes** %d–%d–%d, p = %.3g", w, l, d, p)
      if (q < 0.05) return sprintf("**reversed** %d–%d–%d, p = %.3g", w, l, d, q)
      return sprintf("tie %d–%d–%d, p = %.3f; score %.0f%% %s", w, l, d, p, 100 * (w + d / 2) / n, wilson((w + d / 2) / n, n))
    }
    FNR == 1 { file++ }
    file == 1 && /strengths on the Elo scale, / { a = $0; sub(/.*Elo scale, /, "", a); sub(/ at 0.*/, "", a); anchor = a }
    file == 1 && /%$/ { rung = $0; sub(/^ +/, "", rung); name = rung; sub(/ .*/, "", name); rest = substr(rung, length(name) + 1); sub(/ +[0-9.]+%$/, "", rest)
                        rest = clean(rest); sub(/^won all at least /, "won all (≥ ", rest) && rest = rest ")"; sub(/^lost all at most /, "lost all (≤ ", rest) && rest = rest ")"
                        elo[name] = rest }
    file == 2 && / against .* games: / {
      # "  A against B: N games: A won W, B won L, D drawn"
      line = $0; sub(/^ +/, "", line); x = line; sub(/ against .*/, "", x); y = line; sub(/^[^ ]+ against /, "", y); sub(/: [0-9]+ games: .*/, "", y)
      s = line; sub(/.* games: /, "", s); split(s, f, /, /)
      wx = f[1]; sub(/.* won /, "", wx); wy = f[2]; sub(/.* won /, "", wy); dr = f[3]; sub(/ drawn/, "", dr)
      won[x SUBSEP y] = wx + 0; won[y SUBSEP x] = wy + 0; drawn[x SUBSEP y] = dr + 0; drawn[y SUBSEP x] = dr + 0
    }
    END {
      split(agents, ag, ",")
      g = games; if (opts != "") g = g ", " opts; if (anchor != "" && anchor != ag[1]) g = g "; " anchor " at 0"
      if (ag[4] != strong) g = g "; strong: " ag[4]
      printf "| %s | %s |", game, g
      for (i = 1; i <= 4; i++) printf " %s |", ((ag[i] in elo) ? elo[ag[i]] : "?")
      printf " %s | %s | %s | %s |\n", step(ag[2], ag[1]), step(ag[3], ag[2]), step(ag[4], ag[3]), time
    }' "$1" "$2"
}

for entry in "${ROWS[@]}"; do
  read -r ruleset games rest <<<"$entry"
  opts="" agents=$AGENTS
  for field in ${rest:-}; do
    case $field in
      strong=*) agents=${AGENTS%,*},${field#strong=} ;;
      *) opts=$field ;;
    esac
  done
  if [[ $# -gt 0 ]]; then
    wanted=0
    for w in "$@"; do [[ $w == "$ruleset" || $w == "${ruleset##*/}" ]] && wanted=1; done
    [[ $wanted == 1 ]] || continue
  fi
  games=${GAMES:-$games}
  cmd=("$TABULA" ladder "$ruleset" --agents "$agents" --pairs "$PAIRS" --games "$games" --threads "$THREADS" --seed "$SEED")
  [[ -n ${opts:-} ]] && cmd+=(-o "$opts")
  log="$LOGS/${ruleset##*/}"
  echo
  echo "\$ ${cmd[*]}    # $(date -u '+%H:%M UTC'), load$(uptime | sed 's/.*load average//')"
  start=$(date +%s)
  cpu0=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
  if "${cmd[@]}" >"$log.out" 2>"$log.err"; then
    wall=$(($(date +%s) - start))
    # CPU of the finished child processes (utime + stime of the waited-for children, clock ticks).
    cpu1=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
    cpu=$(((cpu1 - cpu0) / $(getconf CLK_TCK)))
    cat "$log.out"
    row "$log.out" "$log.err" "${ruleset##*/}" "$games" "${opts:-}" "${wall} s (${cpu} s CPU)" "$agents" | tee -a "$OUT"
  else
    echo "failed: see $log.err" >&2
    cat "$log.err" >&2
    echo "| ${ruleset##*/} | $games | failed: ${cmd[*]} | | | | | | | |" | tee -a "$OUT"
  fi
done
# The table's verdicts as one family (the project's rule: a printed
# "significant" holds at its error rate over every test shown). Each step is
# two one-sided tests (higher better, lower better), so M = 2 x the steps in
# the table; Holm's step-down keeps a verdict where its p-value passes
# 0.05 / (M - rank + 1) and every smaller one passed. Appended under the table.
holm() {
  awk -F'|' '
    /^\| / && $2 !~ /Game/ {
      game = $2; gsub(/^ +| +$/, "", game)
      for (c = 8; c <= 10; c++) {
        cell = $c
        if (cell !~ /p = /) continue
        steps++
        if (cell ~ /\*\*(yes|reversed)\*\*/) {
          v = cell; sub(/.*p = /, "", v); sub(/[;, ].*/, "", v)
          n++; pv[n] = v + 0; what[n] = game ": " (c == 8 ? "greedy > random" : c == 9 ? "mcts:200 > greedy" : "strong > mcts:200") (cell ~ /reversed/ ? " (reversed)" : "")
        }
      }
    }
    END {
      m = 2 * steps
      # Sort the claims by p-value (insertion sort: a few dozen).
      for (i = 2; i <= n; i++) for (j = i; j > 1 && pv[j] < pv[j - 1]; j--) { t = pv[j]; pv[j] = pv[j - 1]; pv[j - 1] = t; t = what[j]; what[j] = what[j - 1]; what[j - 1] = t }
      kept = 0; failed = ""
      for (i = 1; i <= n; i++) {
        if (!stop && pv[i] <= 0.05 / (m - i + 1)) kept++
        else { stop = 1; failed = failed sprintf("%s%s (p = %.3g)", (failed == "" ? "" : "; "), what[i], pv[i]) }
      }
      printf "\nAs one family (Holm, %d one-sided tests: two for each of the %d steps shown), %d of the %d verdicts marked yes or reversed hold at a family-wise 5%%", m, steps, kept, n
      if (failed != "") printf "; these do not, and read as ties: %s", failed
      print "."
    }' "$OUT"
}
holm | tee -a "$OUT"
echo
echo "# finished $(date -u '+%Y-%m-%d %H:%M UTC'); uptime:$(uptime)"
