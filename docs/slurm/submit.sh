#!/bin/bash
# Submits a `tabula analyze` run to Slurm as a job array (one task per shard)
# and a merge job that starts when every shard has succeeded.
#
#   docs/slurm/submit.sh [--shards N] [--cpus C] [--time T] [--out DIR]
#                        [--partition P] -- RULESET [tabula analyze options...]
#
# e.g.  docs/slurm/submit.sh --shards 16 --cpus 4 --out runs/seti -- \
#           seti-aleph --option pharaoh_diagonal=false \
#           --agents mcts,mcts --swap-sides --games 10000 --seed 2026
#
# Writes DIR/part-I.json per shard, DIR/merged.json (every game, for
# `tabula merge` or a later look), DIR/report.json and DIR/report.txt (the
# report of the whole run), and the jobs' logs in DIR/logs/. DIR must not hold
# an earlier run's results: nothing is overwritten.
#
# The tabula binary is found once, here, and passed to the jobs by its full
# path (compute nodes often have another PATH): $TABULA if set, else `tabula`
# on the PATH. It must be reachable at that path on the nodes (a shared disk).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shards=8 cpus=1 time=01:00:00 out=results partition=
usage() { sed -n '2,8p' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --shards) shards=$2; shift 2 ;;
        --cpus) cpus=$2; shift 2 ;;
        --time) time=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --partition) partition=$2; shift 2 ;;
        --) shift; break ;;
        -h|--help) usage ;;
        *) echo "submit.sh: unknown option $1 (the analysis' own options come after --)" >&2; usage ;;
    esac
done
[ $# -ge 1 ] || { echo "submit.sh: give the ruleset and the analysis' options after --" >&2; usage; }
case "$shards" in ''|*[!0-9]*|0) echo "submit.sh: --shards $shards: expected a number above 0" >&2; exit 2 ;; esac
case "$cpus" in ''|*[!0-9]*|0) echo "submit.sh: --cpus $cpus: expected a number above 0" >&2; exit 2 ;; esac
for own in --shard --save --threads --json --csv --plot; do
    for a in "$@"; do
        case "$a" in "$own"|"$own="*) echo "submit.sh: $own is set by the jobs themselves (see $out after the run); leave it out" >&2; exit 2 ;; esac
    done
done
tabula=${TABULA:-$(command -v tabula || true)}
[ -n "$tabula" ] && [ -x "$tabula" ] || {
    echo "submit.sh: no tabula binary: put it on the PATH or set TABULA=/full/path/to/tabula" >&2; exit 2; }
tabula=$(cd "$(dirname "$tabula")" && pwd)/$(basename "$tabula")
# Check the analysis' arguments here, not on the cluster an hour from now.
# (Shard 0 of 4294967295 is an empty slice of any run: nothing is played.)
"$tabula" analyze "$@" --shard 0/4294967295 --quiet > /dev/null || {
    echo "submit.sh: tabula analyze refuses these options (above)" >&2; exit 2; }
if compgen -G "$out/part-*.json" > /dev/null || [ -e "$out/merged.json" ]; then
    echo "submit.sh: $out holds an earlier run's results: give another --out" >&2; exit 2
fi
mkdir -p "$out/logs"  # Slurm opens the logs before the job starts: the folder must exist.
out=$(cd "$out" && pwd)
common=(--parsable --time="$time" --export=ALL,TABULA="$tabula",OUT="$out",SHARDS="$shards")
[ -z "$partition" ] || common+=(--partition="$partition")
array=$(sbatch "${common[@]}" --array=0-$((shards - 1)) --cpus-per-task="$cpus" \
    --job-name=tabula-analyze --output="$out/logs/shard-%a.out" "$here/analyze.sbatch" "$@")
array=${array%%;*}
merge=$(sbatch "${common[@]}" --dependency=afterok:"$array" --kill-on-invalid-dep=yes --cpus-per-task=1 \
    --job-name=tabula-merge --output="$out/logs/merge.out" "$here/merge.sbatch")
merge=${merge%%;*}
echo "array job $array ($shards shards, $cpus cpu(s) each), merge job $merge; results in $out"
