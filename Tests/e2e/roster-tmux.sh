#!/usr/bin/env bash
# End-to-end test of the roster (diffable-gallery --roster, the table view): run it in tmux,
# edit the roster like a person, read the screen after each change.
#
#   Tests/e2e/roster-tmux.sh [path/to/diffable-gallery]
#
# Prints one line per check and closes with "N passed, N failed"; exits non-zero on a failure.
set -uo pipefail
binary=${1:-.build/debug/diffable-gallery}
. "$(dirname "$0")/lib.sh"
program="$binary --roster"

# The players of a section as the screen shows them, top to bottom: "Ava Brooks, Mia Chen, …".
# A section is its title's line, then its rows inside the inset-grouped box.
players() {
    screen | awk -v title="  $1" '$0 == title { inside = 1; next } inside && /^╰/ { exit } inside && /#[0-9]/' |
        sed -E 's/^│ (⊖ )?(↕ )?#[0-9]+ +([^ ]+ [^ ]+) .*/\3/' | paste -sd , | sed 's/,/, /g'
}
starting_five() { players "STARTING FIVE"; }
bench() { players "BENCH"; }
# The footer under each section, top to bottom: "5 players, 4 players".
footers() { screen | grep -E '^  [0-9]+ players?$' | sed 's/^  //' | paste -sd , | sed 's/,/, /g'; }

start
check "starts on the roster" "STARTING FIVE"
check -e -f starting_five "the starting five, in order" \
    "^Ava Brooks, Mia Chen, Zoe Park, Lena Ortiz, Ruth Okafor$"
check -e -f bench "the bench, in order" "^Ivy Walsh, Nora Diaz, June Kim, Tess Moreau$"
check -e -f footers "each section's footer counts its players" "^5 players, 4 players$"
check -n "no editing controls outside editing mode" "⊖"

keys e
check "e enters editing mode: delete controls" "⊖ #3   Ava Brooks"
check "and reorder controls" "Point guard  ≡ │"
check "the help line offers e done" "e done"

# Moving a player between sections: pick up Zoe Park, carry her down past the section's end.
keys Down Down m
check "m picks up the focused player" "⊖ ↕ #23  Zoe Park"
check "the help line says how to drop" "⏎ drop"
keys Down Down Down
check -e -f bench "down past the section's end carries her to the bench" "^Zoe Park, Ivy Walsh"
keys Enter
check "enter drops her: the data source says where" "Zoe Park to bench"
check -n "nothing is held any more" "↕"
check -e -f starting_five "she left the starting five" "^Ava Brooks, Mia Chen, Lena Ortiz, Ruth Okafor$"
check -e -f bench "and heads the bench" "^Zoe Park, Ivy Walsh, Nora Diaz, June Kim, Tess Moreau$"
check -e -f footers "the footers count again" "^4 players, 5 players$"

# Reordering within a section: Ava Brooks, first, goes down two places.
keys Home m Down Down Enter
check "a move within the starting five" "Ava Brooks to starting five"
check -e -f starting_five "Ava Brooks is third" "^Mia Chen, Lena Ortiz, Ava Brooks, Ruth Okafor$"
check -e -f bench "the bench is untouched" "^Zoe Park, Ivy Walsh, Nora Diaz, June Kim, Tess Moreau$"
check -e -f footers "and so are the counts" "^4 players, 5 players$"

keys e
check -n "e leaves editing mode: no controls" "⊖"
check "the help line offers e edit again" "e edit"

# Deleting by swipe (d, outside editing mode): the second player on the bench.
keys Tab Down d
check "d on a player releases her" "Released Ivy Walsh"
check -e -f bench "she is gone from the bench" "^Zoe Park, Nora Diaz, June Kim, Tess Moreau$"
check -e -f starting_five "the starting five is untouched" "^Mia Chen, Lena Ortiz, Ava Brooks, Ruth Okafor$"
check -e -f footers "the bench's footer counts 4" "^4 players, 4 players$"
check -n "deleting by swipe does not enter editing mode" "⊖"

keys q
quits "q quits"
if [ "$(exit_status)" = 0 ]; then ok "with status 0"; else fail "q quit with status '$(exit_status)'"; fi
check -n "quitting leaves the alternate screen" "STARTING FIVE"

# q restores the terminal a shell runs the roster on: its screen, line mode, echo, cursor and mouse.
start_shell
keys "$binary --roster" Enter
check "the roster starts from the shell" "STARTING FIVE"
pane_format "it takes the alternate screen" '#{alternate_on}' 1
pane_format "and hides the cursor" '#{cursor_flag}' 0
mouse_modes "and asks for mouse reports" 11
keys q
check -e "q returns to the shell" "^shell> *$"
check -n "the shell's screen is back" "STARTING FIVE"
pane_format "the alternate screen is off" '#{alternate_on}' 0
pane_format "the cursor shows" '#{cursor_flag}' 1
mouse_modes "the mouse reports are off" 00
keys "stty -a | grep -o -e ' icanon' -e ' echo ' | paste -sd ," Enter
check -e "the shell gets its line mode and echo back" "^ icanon, echo *$"
keys exit Enter

summary
