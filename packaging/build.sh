#!/usr/bin/env bash
# Makes Tabula's two downloads from a clean clone, into target/package/:
#
#   tabula-VERSION-x86_64-linux.tar.gz   a folder to unpack anywhere and run from:
#       bin/tabula, bin/tabula-editor, rulesets/ (the shipped games as files to
#       open and copy; the binaries embed them too), docs/, README.md, INSTALL.txt,
#       share/applications/tabula.desktop, share/icons/.../tabula.svg
#   tabula_VERSION_amd64.deb             the same for Debian and Ubuntu (apt install ./FILE):
#       /usr/bin, /usr/share/tabula/rulesets, /usr/share/doc/tabula, the desktop
#       entry and icon under /usr/share
#
# VERSION is the workspace's version in Cargo.toml. Nothing is written outside
# target/package/ (or $CARGO_TARGET_DIR/package/) but cargo's own build.
#
# The Debian package is staged by hand and built with `dpkg-deb --build`
# rather than with cargo-deb: dpkg-deb and dpkg-shlibdeps come with every
# Debian and Ubuntu machine (nothing to fetch and build from crates.io),
# the .tar.gz and the .deb are made from the same staged files, and the one
# thing cargo-deb would add, `Depends:` from the binaries, is dpkg-shlibdeps
# (which cargo-deb runs itself) plus the list below.
#
# Depends: dpkg-shlibdeps gives the libraries the binaries are linked
# against (libc6, libgcc-s1). The editor loads the rest at run time with
# dlopen (eframe with glow, winit with x11 and wayland), which no ELF header
# shows. They were found by running `tabula-editor --smoke` under xvfb-run with
# LD_DEBUG=files (the libraries "dynamically loaded by" the binary itself;
# packaging/test-install.sh repeats this on every run and fails on one whose
# package is missing here) and read in the sources of the crates that load them:
#   X11 (winit's x11-dl): libX11.so.6, libX11-xcb.so.1, libXcursor.so.1,
#     libXi.so.6 (libx11-6, libx11-xcb1, libxcursor1, libxi6);
#   keyboard (xkbcommon-dl): libxkbcommon.so.0, libxkbcommon-x11.so.0
#     (libxkbcommon0, libxkbcommon-x11-0);
#   OpenGL (glutin): libGL.so.1 through GLX under X11, libEGL.so.1 under
#     Wayland or when GLX fails (libgl1, libegl1; they bring Mesa's drivers);
#   Wayland (wayland-sys), only when WAYLAND_DISPLAY is set:
#     libwayland-client.so.0, libwayland-cursor.so.0, libwayland-egl.so.1
#     (libwayland-client0, libwayland-cursor0, libwayland-egl1).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

version=$(awk '/^\[workspace.package\]/ { p = 1; next } /^\[/ { p = 0 } p && $1 == "version" { gsub(/"/, "", $3); print $3 }' Cargo.toml)
[ -n "$version" ] || { echo "build.sh: no version in Cargo.toml's [workspace.package]" >&2; exit 1; }
arch=$(uname -m)
[ "$arch" = x86_64 ] || echo "build.sh: building on $arch; the names say x86_64/amd64 only when built there" >&2
debarch=$(dpkg --print-architecture 2>/dev/null || echo amd64)

target=${CARGO_TARGET_DIR:-$root/target}
out=$target/package
name=tabula-$version-$arch-linux
deb=tabula_${version}_$debarch.deb

# The libraries the editor loads with dlopen, as Debian packages (see above).
dlopened="libx11-6, libx11-xcb1, libxcursor1, libxi6, libxkbcommon0, libxkbcommon-x11-0, libegl1, libgl1, libwayland-client0, libwayland-cursor0, libwayland-egl1"

for tool in cargo dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || { echo "build.sh: missing $tool (Debian: dpkg-dev)" >&2; exit 1; }
done

echo "== building tabula and tabula-editor $version (release)"
cargo build --release --locked -p tabula-cli -p tabula-editor

# The same time stamp for every file: the commit's, so a build is repeatable.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

mkdir -p "$out"
# Only what this script makes is removed: the staging folders and the two artefacts.
rm -rf "${out:?}/$name" "${out:?}/deb" "$out/$name.tar.gz" "$out/$deb"

# Copies the binaries, stripped of their debugging tables (a third of their size).
install_bins() {
    mkdir -p "$1"
    for bin in tabula tabula-editor; do
        install -m 0755 "$target/release/$bin" "$1/$bin"
        if command -v strip >/dev/null; then strip --strip-debug "$1/$bin"; fi
    done
}

# The shipped rulesets as files (their list and rule map too) and the documentation.
install_data() {
    local rulesets=$1 docs=$2
    mkdir -p "$rulesets" "$docs"
    (cd rulesets && find . -type f \( -name '*.ron' -o -name '*.md' -o -name '*.txt' \) -print0 |
        xargs -0 -I{} install -D -m 0644 {} "$rulesets/{}")
    (cd docs && find . -type f \( -name '*.md' -o -name '*.png' -o -name '*.svg' \) -print0 |
        xargs -0 -I{} install -D -m 0644 {} "$docs/{}")
}

install_desktop() {
    install -D -m 0644 packaging/tabula.desktop "$1/applications/tabula.desktop"
    install -D -m 0644 packaging/tabula.svg "$1/icons/hicolor/scalable/apps/tabula.svg"
}

echo "== $name.tar.gz"
tree=$out/$name
install_bins "$tree/bin"
install_data "$tree/rulesets" "$tree/docs"
install_desktop "$tree/share"
install -m 0644 README.md "$tree/README.md"
install -m 0644 packaging/INSTALL.txt "$tree/INSTALL.txt"
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
    -C "$out" -czf "$out/$name.tar.gz" "$name"

echo "== $deb"
# Staged as debian/tabula beside a minimal debian/control, the layout
# dpkg-shlibdeps reads.
stage=$out/deb/debian/tabula
install_bins "$stage/usr/bin"
install_data "$stage/usr/share/tabula/rulesets" "$stage/usr/share/doc/tabula/docs"
install_desktop "$stage/usr/share"
install -m 0644 README.md "$stage/usr/share/doc/tabula/README.md"
cat >"$stage/usr/share/doc/tabula/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: tabula

Files: *
Copyright: the Tabula authors
License: MIT or Apache-2.0
 Tabula is distributed under the terms of both the MIT license and the
 Apache License (Version 2.0), at your choice. On Debian systems the
 Apache License is in /usr/share/common-licenses/Apache-2.0.
EOF

mkdir -p "$stage/DEBIAN"
printf 'Source: tabula\n\nPackage: tabula\nArchitecture: any\n' >"$out/deb/debian/control"
linked=$(cd "$out/deb" && dpkg-shlibdeps -O "debian/tabula/usr/bin/tabula" "debian/tabula/usr/bin/tabula-editor" |
    sed -n 's/^shlibs:Depends=//p')
[ -n "$linked" ] || { echo "build.sh: dpkg-shlibdeps found no libraries" >&2; exit 1; }

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: tabula
Version: $version
Architecture: $debarch
Maintainer: Tabula maintainers <maintainers@users.noreply.a-seed-70bbffda.example>
Installed-Size: $size
Depends: $linked, $dlopened
Section: games
Priority: optional
Description: play, change and measure board games whose rules are data
 Tabula plays board games whose rules are written as data (rulesets), made for
 historians, game designers, museum educators and players reconstructing
 ancient games: Senet, the Royal Game of Ur, Seega, draughts, tafl games,
 mancala and more. Change an option or a rule, play the game against the
 computer, and measure what the change does over thousands of games.
 .
 tabula-editor is the desktop program; tabula is the command line.
EOF
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group --build "$stage" "$out/$deb" >/dev/null
rm -rf "${out:?}/deb"

echo "== made"
ls -l "$out/$name.tar.gz" "$out/$deb"
