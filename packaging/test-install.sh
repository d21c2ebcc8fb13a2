#!/usr/bin/env bash
# Checks Tabula's two downloads as a user gets them: runs packaging/build.sh
# (or, with --no-build, takes what it left in target/package/), then
#
#   the .deb: unpacks it with `dpkg-deb -x` into a temporary folder; checks its
#     control fields and files; checks that every library the binaries need
#     comes from a package its Depends: names, both those `ldd` lists and
#     those the editor loads at run time with dlopen (found by running
#     `tabula-editor --smoke` under xvfb-run with LD_DEBUG=files); runs
#     `tabula list` and `tabula-editor --smoke` from the unpacked tree;
#   the .tar.gz: unpacks it as the README says and runs the README's own
#     commands (the sh block between its `install-test:begin` and
#     `install-test:end` comments), the editor's with --smoke under xvfb-run;
#     checks that the README's first section names no build tool and names
#     the files of this version.
#
# Nothing of the user's is read or written: HOME and the XDG folders point
# into the temporary folder, which is removed at the end.
# Needs: dpkg-deb, dpkg (dpkg -S), ldd, xvfb-run (Debian: xvfb and xauth).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

fail() { echo "test-install: FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

for tool in dpkg-deb dpkg ldd xvfb-run tar; do
    command -v "$tool" >/dev/null || fail "missing $tool (xvfb-run: Debian's xvfb and xauth)"
done

if [ "${1:-}" != --no-build ]; then
    packaging/build.sh
fi

version=$(awk '/^\[workspace.package\]/ { p = 1; next } /^\[/ { p = 0 } p && $1 == "version" { gsub(/"/, "", $3); print $3 }' Cargo.toml)
out=${CARGO_TARGET_DIR:-$root/target}/package
name=tabula-$version-$(uname -m)-linux
deb=tabula_${version}_$(dpkg --print-architecture).deb
[ -f "$out/$deb" ] || fail "no $out/$deb: run packaging/build.sh"
[ -f "$out/$name.tar.gz" ] || fail "no $out/$name.tar.gz: run packaging/build.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-test-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export HOME=$tmp/home XDG_DATA_HOME=$tmp/home/.local/share XDG_CONFIG_HOME=$tmp/home/.config
mkdir -p "$HOME"

# Runs the editor's smoke test under a virtual display; LD_DEBUG's output goes to $2 if given.
smoke() {
    local editor=$1 debug=${2:-} log=$tmp/smoke.log
    shift 2
    if [ -n "$debug" ]; then
        LD_DEBUG=files LD_DEBUG_OUTPUT=$debug xvfb-run -a -s "-screen 0 1280x1024x24" "$editor" "$@" --smoke >"$log" 2>&1 ||
            { cat "$log" >&2; fail "$editor --smoke failed"; }
    else
        xvfb-run -a -s "-screen 0 1280x1024x24" "$editor" "$@" --smoke >"$log" 2>&1 ||
            { cat "$log" >&2; fail "$editor --smoke failed"; }
    fi
    grep -q '^smoke: drew' "$log" || { cat "$log" >&2; fail "$editor --smoke printed no frame"; }
    grep '^smoke: drew' "$log"
}

# The Debian package that holds a library file (its name without :arch), by
# its path or the path with /usr taken off or put on (merged /usr).
package_of() {
    local path=$1 real
    real=$(readlink -f "$path")
    for p in "$path" "$real" "${path#/usr}" "/usr$path" "${real#/usr}" "/usr$real"; do
        if dpkg -S "$p" >/dev/null 2>&1; then
            dpkg -S "$p" 2>/dev/null | head -n1 | cut -d: -f1
            return
        fi
    done
    echo "?"
}

step "the Debian package: $deb"
debroot=$tmp/deb
dpkg-deb -x "$out/$deb" "$debroot"
[ "$(dpkg-deb -f "$out/$deb" Package)" = tabula ] || fail "Package: is not tabula"
[ "$(dpkg-deb -f "$out/$deb" Version)" = "$version" ] || fail "Version: is not $version (Cargo.toml)"
for f in usr/bin/tabula usr/bin/tabula-editor usr/share/applications/tabula.desktop \
    usr/share/icons/hicolor/scalable/apps/tabula.svg usr/share/tabula/rulesets/senet.ron \
    usr/share/tabula/rulesets/traditional/ur.ron usr/share/doc/tabula/copyright \
    usr/share/doc/tabula/README.md usr/share/doc/tabula/docs/language.md; do
    [ -e "$debroot/$f" ] || fail "the package lacks /$f"
done
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$debroot/usr/share/applications/tabula.desktop"
fi
depends=$(dpkg-deb -f "$out/$deb" Depends)
echo "Depends: $depends"
# The package names of Depends:, each alternative, without versions.
declared=" $(echo "$depends" | tr ',|' '\n\n' | sed -E 's/\(.*\)//; s/:any//; s/ //g' | grep -v '^$' | tr '\n' ' ') "

step "libraries the binaries are linked against (ldd) are in Depends:"
missing=""
for bin in tabula tabula-editor; do
    ldd_out=$(ldd "$debroot/usr/bin/$bin") || fail "ldd $bin failed"
    if grep -q "not found" <<<"$ldd_out"; then fail "$bin: $(grep 'not found' <<<"$ldd_out")"; fi
    while read -r lib path; do
        pkg=$(package_of "$path")
        echo "  $bin: $lib ($path) from $pkg"
        case "$declared" in *" $pkg "*) ;; *) missing="$missing $lib:$pkg" ;; esac
    done < <(awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 } $1 ~ /^\/.*ld-linux/ { print $1, $1 }' <<<"$ldd_out")
done
[ -z "$missing" ] || fail "Depends: lacks the package of$missing"

step "libraries the editor loads with dlopen (LD_DEBUG under xvfb-run) are in Depends:"
smoke "$debroot/usr/bin/tabula-editor" "$tmp/ld"
loaded=$(cat "$tmp"/ld.* | grep -E "file=[^ ]+ \[0\]; +(dynamically loaded|needed) by $debroot/usr/bin/tabula-editor " |
    sed -E 's/.*file=([^ ]+) .*/\1/' | sort -u)
[ -n "$loaded" ] || fail "LD_DEBUG showed no library of the editor"
for lib in $loaded; do
    path=$(ldconfig -p | awk -v lib="$lib" '$1 == lib && /x86-64/ { print $NF; exit }')
    [ -n "$path" ] || path=$lib
    pkg=$(package_of "$path")
    echo "  tabula-editor: $lib ($path) from $pkg"
    case "$declared" in *" $pkg "*) ;; *) missing="$missing $lib:$pkg" ;; esac
done
[ -z "$missing" ] || fail "Depends: lacks the package of$missing"

step "tabula list and tabula-editor --smoke from the unpacked package"
"$debroot/usr/bin/tabula" list >"$tmp/list.txt" || fail "tabula list failed"
grep -q '^senet ' "$tmp/list.txt" || fail "tabula list does not list senet"
grep -q '^traditional/ur ' "$tmp/list.txt" || fail "tabula list does not list traditional/ur"
smoke "$debroot/usr/bin/tabula-editor" "" traditional/english-draughts
"$debroot/usr/bin/tabula" check "$debroot/usr/share/tabula/rulesets/senet.ron" >/dev/null ||
    fail "tabula check rejects the package's senet.ron"

step "the README's first section"
# The first section: from the top to "## Building from source".
first=$(awk '/^## Building from source/ { exit } { print }' README.md)
[ "$first" != "$(cat README.md)" ] || fail "README.md has no '## Building from source' heading"
if grep -inE 'cargo|rustup|rustc|popcnt|target/' <<<"$first"; then
    fail "the README's first section names a build tool (above)"
fi
grep -qF "$deb" <<<"$first" || fail "the README's first section does not name $deb"
grep -qF "$name.tar.gz" <<<"$first" || fail "the README's first section does not name $name.tar.gz"
commands=$(awk '/<!-- install-test:end/ { on = 0 } on && !/^```/ { print } /<!-- install-test:begin/ { on = 1 }' README.md)
[ -n "$commands" ] || fail "README.md has no commands between install-test:begin and install-test:end"

step "the .tar.gz, unpacked and used as the README says"
work=$tmp/download
mkdir -p "$work"
cp "$out/$name.tar.gz" "$work/"
# The editor's lines run with --smoke under a virtual display.
script=$(sed -E 's/#.*$//; s/[[:space:]]+$//; /tabula-editor/ { s/^/xvfb-run -a -s "-screen 0 1280x1024x24" /; s/$/ --smoke/ }' <<<"$commands")
echo "$script" | sed 's/^/  $ /'
(cd "$work" && bash -euo pipefail -c "$script") >"$tmp/readme.log" 2>&1 || { cat "$tmp/readme.log" >&2; fail "the README's commands failed"; }
grep -q '^smoke: drew' "$tmp/readme.log" || fail "the README's commands started no editor"
grep -q '^senet ' "$tmp/readme.log" || fail "the README's commands listed no games"
tree=$work/$name
for f in bin/tabula bin/tabula-editor rulesets/senet.ron rulesets/order.txt docs/language.md README.md INSTALL.txt \
    share/applications/tabula.desktop share/icons/hicolor/scalable/apps/tabula.svg; do
    [ -e "$tree/$f" ] || fail "the .tar.gz lacks $name/$f"
done
[ -z "$(find "$HOME" -type f)" ] || fail "the smoke tests wrote into HOME: $(find "$HOME" -type f)"

echo "test-install: the .deb and the .tar.gz of $version pass"
