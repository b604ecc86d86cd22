#!/usr/bin/env bash
# End-to-end test of diffable-gallery: run it in tmux, type like a person, read the screen.
#
#   Tests/e2e/gallery-tmux.sh [path/to/diffable-gallery]
#
# Prints one line per check and closes with "N passed, N failed"; exits non-zero on a failure.
set -uo pipefail
binary=${1:-.build/debug/diffable-gallery}
export TERM="${TERM:-xterm-256color}"
session="diffable-e2e-$$"
status_file=$(mktemp)
passed=0
failed=0

cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; }
finish() { cleanup; rm -f "$status_file"; }
trap finish EXIT

screen() { tmux capture-pane -t "$session" -p; }
ok() { echo "ok   - $1"; passed=$((passed + 1)); }
# A failed check: its name and why, then (with -s) the screen.
fail() {
    local show=0
    [ "$1" = -s ] && { show=1; shift; }
    echo "FAIL - $1"
    [ $show = 1 ] && screen | sed 's/^/     | /'
    failed=$((failed + 1))
}
# Waits up to 5 s for the program in the pane to end.
wait_for_exit() {
    for _ in $(seq 1 50); do [ "$(tmux display -p -t "$session" '#{pane_dead}')" = 1 ] && break; sleep 0.1; done
}
keys() { tmux send-keys -t "$session" "$@"; }

# Waits up to 10 s for the screen to contain (or, with -n, not contain) a fixed string; with -e,
# an extended regular expression.
check() {
    local negate=0 mode=-F
    while [ "${1:0:1}" = "-" ]; do
        case "$1" in -n) negate=1 ;; -e) mode=-E ;; esac
        shift
    done
    local name=$1 text=$2
    for _ in $(seq 1 100); do
        if screen | grep -q $mode -- "$text"; then found=1; else found=0; fi
        if [ "$found" -ne "$negate" ]; then
            ok "$name"
            return 0
        fi
        sleep 0.1
    done
    fail -s "$name (expected the screen $([ $negate = 1 ] && echo "not ")to show: $text)"
    return 1
}

# Checks that the pane's mouse-report modes (tmux's #{mouse_any_flag}: any report asked for;
# #{mouse_sgr_flag}: the SGR encoding) are as expected, e.g. "11" or "00".
mouse_modes() {
    local name=$1 expected=$2 modes
    for _ in $(seq 1 50); do
        modes=$(tmux display -p -t "$session" '#{mouse_any_flag}#{mouse_sgr_flag}')
        [ "$modes" = "$expected" ] && break
        sleep 0.1
    done
    if [ "$modes" = "$expected" ]; then ok "$name"; else fail "$name (mouse modes $modes, expected $expected)"; fi
}

# Sends a mouse report as a terminal does in SGR mode: button code, then the 1-based column and
# row; M for press, drag and wheel, m for release.
mouse() { tmux send-keys -t "$session" -l "$(printf '\033[<%s;%s;%s%s' "$1" "$2" "$3" "$4")"; }

# Starts a fresh session running the gallery (its exit status goes to the status file), or the
# command given.
start() {
    cleanup
    rm -f "$status_file"
    tmux new-session -d -s "$session" -x 100 -y 30 "${1:-$binary --rows 100000; echo \$? > $status_file}"
    tmux set-option -t "$session" remain-on-exit on >/dev/null
}

start
check "starts on the gallery" "RECIPES"
check "shows the favorites strip" "FAVORITES"
check "shows the help line" "tab section"

keys j Enter
check "down then enter selects the first recipe" "Selected Classic Pancakes"

keys d
check "d deletes the focused recipe" "Deleted Classic Pancakes"
check -n "the deleted recipe is gone" "🥞 Classic Pancakes"

keys f
check -e "f makes the focused recipe a favorite" "Spicy Ramen  Japanese · 17 min +♥ ›"

keys m j Enter
check "m, down, enter reorders" "Moved"
check "the moved recipe is second" "$(printf '🌮 Smoky Tacos  Mexican · 24 min')"

keys / r a m
check "typing in search filters the list" "3 matching"
check -n "non-matching recipes are hidden" "Lemony Paella"
keys Escape
check "escape clears the search" "Lemony Paella"

keys g Tab Tab Tab j l
check "tab jumps to the outline; right expands a cuisine" "▾ American"
keys j
check "its recipes load lazily" "🍔 Classic Burger"
keys h
check "left on a child goes to its parent" "▾ American"
keys h
check "left on the parent collapses it" "▸ American"

keys G
check "end jumps to the last of 100,000 rows" "Row 99,999"

keys g Tab
sleep 0.5
first_three=$(screen | sed -n '/^RECIPES/,$p' | sed -n 2,4p | sed -E 's/^[^ ]+ ([^ ]+ [^ ]+) .*/\1/')
keys d d d
for name in $first_three; do :; done
while read -r name; do
    [ -n "$name" ] && check -n "three deletes typed during animations all land: $name" "$name  "
done <<< "$first_three"

tmux resize-window -t "$session" -x 60 -y 20
check -e "resizing re-lays out: the help line is cut to 60 columns" "^ .{40,58}…$"
keys Tab
check -e "the grid follows the new width: four columns" "Tomato +Lemon +Garlic +Onion *$"
check -n "with four columns now, not seven" "Carrot        Pepper"

keys q
wait_for_exit
if [ "$(tmux display -p -t "$session" '#{pane_dead}')" = 1 ]; then ok "q quits"; else fail "q did not quit"; fi
check -n "quitting leaves the alternate screen" "RECIPES"

start
check "starts again" "RECIPES"
keys C-c
wait_for_exit
exit_status() {
    for _ in $(seq 1 50); do [ -s "$status_file" ] && break; sleep 0.1; done
    cat "$status_file" 2>/dev/null
}
if [ "$(exit_status)" = 0 ]; then ok "ctrl-c quits with status 0"; else fail "ctrl-c quit with status '$(exit_status)'"; fi
check -n "ctrl-c restores the screen" "RECIPES"

# Ctrl-Z without job control (tmux runs the gallery under `sh -c`): nothing stops it, so after
# about 0.1 s on the shell's screen it takes the terminal again (and drops what was typed
# meanwhile, as entering raw mode does).
start
check "starts a third time" "RECIPES"
keys C-z
sleep 1
check "ctrl-z without job control carries on and redraws the gallery" "RECIPES"
keys j Enter
check "and it still takes keys" "Selected Classic Pancakes"

# The mouse, as a terminal reports it. Rows: 1 search, 2 FAVORITES, 3 the strip, 4 gap,
# 5 RECIPES, 6 Classic Pancakes, 7 Spicy Ramen, 8 Smoky Tacos, 9 Lemony Paella.
mouse_modes "the gallery asks the terminal for mouse reports" 11
mouse 0 10 7 M
mouse 0 10 7 m
check "a click selects the recipe under the pointer" "Selected Spicy Ramen"
mouse 0 10 7 M
mouse 32 10 8 M
mouse 32 10 9 M
check "dragging a recipe picks it up and carries it" "↕ 🍜 Spicy Ramen"
mouse 0 10 9 m
check "letting go drops it" "Moved"
if [ "$(screen | sed -n 9p | grep -c 'Spicy Ramen')" = 1 ]; then
    ok "the dropped recipe is where the button came up"
else
    fail -s "the dropped recipe is not on row 9"
fi
mouse 65 10 12 M
mouse 65 10 12 M
check -n "the wheel scrolls the list" "FAVORITES"
mouse 64 10 12 M
mouse 64 10 12 M
check "and back" "FAVORITES"
mouse 0 5 1 M
mouse 0 5 1 m
keys r a m
check "a click on the search row starts a search" "3 matching"
keys q

start "$binary --rows 100 --no-mouse"
check "starts with --no-mouse" "RECIPES"
mouse_modes "--no-mouse leaves the mouse to the terminal" 00
keys q

# Ctrl-Z under an interactive shell: the job stops, the shell's screen comes back; fg resumes.
start "env PS1='shell> ' bash --norc --noprofile -i"
check "an interactive shell starts" "shell>"
keys "$binary --rows 1000" Enter
check "the gallery starts from the shell" "RECIPES"
keys C-z
check "ctrl-z stops the job" "Stopped"
check -n "and leaves the alternate screen" "RECIPES"
mouse_modes "and turns the mouse reports off" 00
keys "stty -a | grep -o ' icanon'" Enter
check "the shell gets its line mode back" " icanon"
keys fg Enter
check "fg brings the gallery back" "RECIPES"
mouse_modes "with the mouse reports" 11
keys j Enter
check "and it takes keys again" "Selected Classic Pancakes"
keys q
check -e "q then returns to the shell" "^shell> *$"
mouse_modes "with the mouse reports off" 00

echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
