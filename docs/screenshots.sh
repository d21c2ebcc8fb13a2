#!/bin/sh
# Remakes the editor's pictures of the README and the user's guide
# (docs/screenshot-senet.png, docs/screenshot-options.png,
# docs/screenshot-analysis.png, docs/screenshot-zeno.png) under a virtual
# display, so that they can be remade at each change of the editor:
#
#   cargo build --release -p tabula-cli -p tabula-editor
#   docs/screenshots.sh
#
# Needs Xvfb and ImageMagick (`import`, `convert`). The editor runs with an
# empty home folder of its own (no settings, no recent files, no path of this
# machine on the pictures) in a temporary folder, a game given by a relative
# path. TABULA and TABULA_EDITOR name other binaries; SCREENSHOT_WAIT the
# seconds the editor is given to draw (and to run its analysis).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
tabula=${TABULA:-$root/target/release/tabula}
editor=${TABULA_EDITOR:-$root/target/release/tabula-editor}
wait=${SCREENSHOT_WAIT:-8}
display=:${SCREENSHOT_DISPLAY:-73}
for tool in Xvfb import convert "$tabula" "$editor"; do
    command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool is missing" >&2; exit 1; }
done

work=$(mktemp -d)
xvfb=
cleanup() {
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
mkdir -p "$work/home"

Xvfb "$display" -screen 0 1280x1200x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
sleep 2

# shot NAME ARGS...: opens the editor with ARGS in the work folder, waits for
# it to draw, and takes the screen as $work/NAME.png (the window is at its
# top left corner: there is no window manager).
shot() {
    name=$1
    shift
    (cd "$work" && HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share" \
        DISPLAY="$display" exec "$editor" "$@" >"$work/$name.log" 2>&1) &
    pid=$!
    sleep "$wait"
    import -display "$display" -window root "$work/$name.png"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

# small IN OUT CROP: the part WxH+X+Y of the screen, in fewer colours (the
# editor draws flat ones), so that each picture stays small.
small() {
    convert "$1" -crop "$3" +repage -colors 96 -strip "PNG8:$2"
}

# A game of Senet in progress: random players, seeded, cut after its 41st move.
"$tabula" play senet --p1 random --p2 random --seed 7 --record "$work/full.ron" >/dev/null
MOVES=${SCREENSHOT_MOVES:-41} awk '
    /^    moves: \[/ { inmoves = 1; print; next }
    inmoves && /^    \],/ { inmoves = 0 }
    inmoves { if (++n > ENVIRON["MOVES"]) next }
    { print }
' "$work/full.ron" >"$work/senet-game.ron"

# The editor's first run closes its hint with a click in the picture's place:
# the hint is left, and said in the guide.
shot play senet --record senet-game.ron
small "$work/play.png" "$root/docs/screenshot-senet.png" 1280x800+0+0

# The options, below the list of games: a taller window.
shot options senet --size 1280x1200
small "$work/options.png" "$root/docs/screenshot-options.png" 250x300+0+770

shot analysis senet --show analysis:chance
small "$work/analysis.png" "$root/docs/screenshot-analysis.png" 1280x800+0+0

# Zeno's game of AD 480 in Tabula: a position file opened (given by a
# relative path), his three dice beside the board and his three moves listed.
cp "$root/rulesets/traditional/positions/tabula-zeno-480.ron" "$work/"
shot zeno traditional/tabula --position tabula-zeno-480.ron
small "$work/zeno.png" "$root/docs/screenshot-zeno.png" 1280x800+0+0

ls -l "$root/docs/screenshot-senet.png" "$root/docs/screenshot-options.png" "$root/docs/screenshot-analysis.png" \
    "$root/docs/screenshot-zeno.png"
