#!/usr/bin/env bash
# End-to-end test of diffable-gallery: run it in tmux, type like a person, read the screen.
#
#   Tests/e2e/gallery-tmux.sh [path/to/diffable-gallery]
#
# Prints one line per check and closes with "N passed, N failed"; exits non-zero on a failure.
set -uo pipefail
binary=${1:-.build/debug/diffable-gallery}
. "$(dirname "$0")/lib.sh"
program="$binary --rows 100000"

# The command line, before the screen: --help answers, a wrong option is named and refused.
if "$binary" --help | grep -q -- "--roster"; then ok "--help lists the options"; else fail "--help lists the options"; fi
message=$("$binary" --rows many 2>&1)
code=$?
if [ "$code" -ne 0 ] && grep -q -- "--rows" <<<"$message"; then
    ok "a bad --rows exits $code, naming it"
else
    fail "a bad --rows exits $code, naming it" "$message"
fi

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

keys F10
check "F10 opens the recipe's context menu, Favorite checked" "✓ ♥ Favorite"
keys Enter
check -e "choosing Favorite unfavorites it: the heart is gone" "Spicy Ramen  Japanese · 17 min +›"
keys f

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
quits "q quits"
check -n "quitting leaves the alternate screen" "RECIPES"

start
check "starts again" "RECIPES"
keys C-c
quits "ctrl-c quits"
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
start_shell
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

summary
