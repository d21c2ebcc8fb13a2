#!/usr/bin/env bash
# Builds the `tabula` command line with profile-guided optimisation (PGO):
# for long analyses, where every game counts. The interpreter's time is spread
# over many small branches (docs/performance.md, "Where the time goes"), which
# is what a profile of real play helps the compiler lay out and inline.
#
# Three steps: an instrumented release build; that build plays every shipped
# ruleset (random playouts, MCTS and greedy games, perft), writing what ran how
# often; the release build that reads the merged profile. The program is the
# same program (same moves, same results, same seeded games); only the machine
# code differs. Not part of CI. About four minutes on two cores.
#
# Usage: bench/pgo-build.sh [RULESET.ron ...]
# Trains on every shipped ruleset and on the ruleset files named (your own
# games: code that only they run is laid out for them too). Prints the path
# of the binary: target/pgo/release/tabula (under CARGO_TARGET_DIR if set);
# the plain release build is left as it is.
#
# Needs llvm-profdata of the LLVM major version that rustc was built with
# (`rustc -vV` says which): `rustup component add llvm-tools`, or a system
# LLVM of that version (Debian: llvm-NN, whose llvm-profdata-NN is found here).
# LLVM_PROFDATA names another one. Environment: TRAIN_GAMES (random playouts
# per ruleset in training, default 400).
set -euo pipefail

die() { echo "pgo-build: $*" >&2; exit 1; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
# Cargo reads a relative CARGO_TARGET_DIR from the workspace root: so does this script.
case $TARGET in /*) ;; *) TARGET=$ROOT/$TARGET ;; esac
TRAIN_GAMES=${TRAIN_GAMES:-400}
for file in "$@"; do
    [ -f "$file" ] || die "no ruleset file $file"
done

# llvm-profdata: as given, else rustup's llvm-tools, else the system's of rustc's LLVM version.
llvm_major=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
find_profdata() {
    if [ -n "${LLVM_PROFDATA:-}" ]; then
        echo "$LLVM_PROFDATA"
        return
    fi
    local sysroot
    sysroot=$(rustc --print sysroot)
    for candidate in "$sysroot"/lib/rustlib/*/bin/llvm-profdata "llvm-profdata-$llvm_major"; do
        if command -v "$candidate" >/dev/null 2>&1; then
            echo "$candidate"
            return
        fi
    done
    if command -v llvm-profdata >/dev/null 2>&1 &&
        llvm-profdata --version 2>/dev/null | grep -q "LLVM version $llvm_major\."; then
        echo llvm-profdata
        return
    fi
    die "no llvm-profdata for LLVM $llvm_major (rustc's): rustup component add llvm-tools, or install LLVM $llvm_major (Debian: llvm-$llvm_major), or set LLVM_PROFDATA"
}
PROFDATA=$(find_profdata)

# The raw profiles go to one folder, emptied first so that no earlier
# training's counts are mixed in (a fixed path: the instrumented build is not
# rebuilt from scratch each time).
RAW=$TARGET/pgo-gen/profiles

# A RUSTFLAGS replaces the flags of .cargo/config.toml: keep its popcnt on
# x86-64, unless the RUSTFLAGS given say what to do of it or of the processor.
case "$(uname -m) ${RUSTFLAGS:-}" in
    x86_64*popcnt* | x86_64*target-cpu*) ;;
    x86_64*) RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+popcnt" ;;
esac

echo "== 1/3 instrumented build (target/pgo-gen)" >&2
(cd "$ROOT" && RUSTFLAGS="${RUSTFLAGS:-} -Cprofile-generate=$RAW" \
    cargo build --release -p tabula-cli --locked --target-dir "$TARGET/pgo-gen" >&2)
trainer=$TARGET/pgo-gen/release/tabula

echo "== 2/3 training: every shipped ruleset" >&2
rm -rf "$RAW"
# The names are the first word of each unindented line of `tabula list`.
names=$("$trainer" list | awk '/^[^ ]/ { print $1 }')
[ -n "$names" ] || die "tabula list named no ruleset"
for name in $names "$@"; do
    echo "   $name" >&2
    "$trainer" simulate "$name" --games "$TRAIN_GAMES" >/dev/null
    "$trainer" analyze "$name" --games 2 --agents mcts:100,greedy --swap-sides --threads 1 --quiet >/dev/null
done
for spec in "classic/tic-tac-toe 8" "classic/connect-four 6" "classic/breakthrough 4" "seneti 5"; do
    # shellcheck disable=SC2086 # a name and a depth
    "$trainer" perft $spec >/dev/null
done
# Named by its content: cargo rebuilds when the profile changed, not when it did not.
"$PROFDATA" merge -o "$RAW.profdata" "$RAW"
profile=$TARGET/pgo-gen/$(sha256sum "$RAW.profdata" | cut -c1-16).profdata
mv "$RAW.profdata" "$profile"

echo "== 3/3 optimised build (target/pgo)" >&2
(cd "$ROOT" && RUSTFLAGS="${RUSTFLAGS:-} -Cprofile-use=$profile" \
    cargo build --release -p tabula-cli --locked --target-dir "$TARGET/pgo" >&2)
echo "$TARGET/pgo/release/tabula"
