#!/usr/bin/env bash
# End-to-end test of the Recipes app: run the built binary in tmux, type like a person, read the
# screen; and its command line beside it (import from a second process, a bad import, SIGKILL).
#
#   Examples/Recipes/Tests/e2e/recipes-tmux.sh [path/to/recipes]
#
# Prints one line per check and closes with "N passed, N failed"; exits non-zero on a failure.
set -uo pipefail
binary=$(realpath "${1:-Examples/Recipes/.build/debug/recipes}")
. "$(dirname "$0")/../../../../Tests/e2e/lib.sh"
work=$(mktemp -d)
database="$work/recipes.sqlite"
columns=120
lines=32
program="$binary --database $database"
finish() { stop_tmux; rm -rf "$work" "$status_file"; }

text() { tmux send-keys -t "$session" -l "$1"; }

# Checks a command's output for a fixed string.
check_output() {
    local name=$1 pattern=$2 output=$3
    if grep -qF -- "$pattern" <<<"$output"; then ok "$name"; else fail "$name (output: $output)"; fi
}

app_pid() { tmux display -p -t "$session" '#{pane_pid}' | xargs -I{} pgrep -P {} -x recipes || tmux display -p -t "$session" '#{pane_pid}'; }

# --- The first run: a new database, seeded.
start
check "the first run seeds forty recipes" "All Recipes · 40"
check -e "the sidebar lists the collections with counts" "▪ Vegetarian +14"
check "the detail shows the first recipe" "INGREDIENTS"
check "the help line shows the keys" "f favorite · e edit · d delete · F10 menu · a add · v grid"

# The list's context menu, from the keys: F10, then Edit opens the form.
keys F10
check "F10 opens the recipe's context menu" "✎ Edit"
check "its help line" "↑↓ move · ⏎ choose · esc close"
keys Down Enter
check "Edit in the menu opens the form" "Edit recipe"
keys Escape

# Favorite: the heart appears on the row; the sidebar's count follows.
keys j
check "down selects the next recipe" "🥑 Avocado Toast"
keys f
check -e "f makes it a favorite: a heart on its row" "Avocado Toast +♥"
check -e "and Favorites counts it" "♥ Favorites +6"

# The sidebar: Favorites, then back.
keys BTab
keys g j Enter
check "the sidebar shows Favorites" "Favorites · 6"
keys Tab f
check "unfavoriting in Favorites removes the row" "Favorites · 5"
check "the detail keeps the recipe" "♡ Not a favorite"
keys f
check "favoriting it again brings it back" "Favorites · 6"
check "the detail shows it a favorite again" "♥ Favorite  (f)"
keys BTab g Enter
check "All Recipes again" "All Recipes · 40"

# A collection, from the outline.
keys G Enter
check "a collection shows its recipes" "Vegetarian · 14"
keys g Enter

# Search as you type, grouped by collection.
keys / c h i
check "search finds four recipes" "“chi” · 4 found"
check "grouped under collection headers" "DESSERT"
keys Escape
check "escape ends the search" "All Recipes · 40"

# The grid, and back.
keys Tab v
check "v shows a grid" "▦ grid"
keys v
check "v again, the list" "≡ list"

# Add with validation, then a good one.
keys a
check "a opens the form" "New recipe"
keys Enter
check "an empty title is refused" "↳ title must not be empty"
text "Zucchini Fritters"
keys Tab Tab C-u
text "abc"
keys Enter
check "a bad time is refused" "↳ prep (min) must be a number of minutes"
keys C-u
text "15"
keys Enter
check "the new recipe is saved" "Added Zucchini Fritters"
check "and listed" "All Recipes · 41"
check "and shown" "🍴 Zucchini Fritters"

# Edit it.
keys e
check "e opens the form on the recipe" "Edit recipe"
keys C-u
text "Zucchini Fritters with Dill"
keys Enter
check "the edit is saved" "Saved Zucchini Fritters with Dill"

# Delete with confirmation.
keys d
check "d asks first" "Delete “Zucchini Fritters with Dill”?"
keys n
check -n "n keeps it" "Delete recipe"
keys d y
check "y deletes it" "All Recipes · 40"
check -n "and it is gone from the list" "│🍴 Zucchini Fritters with Dill"

# The mouse: a click on a sidebar row shows that list.
mouse 0 5 5 M
mouse 0 5 5 m
check "a click on Recents shows Recents" "Recents · 4"
mouse 0 5 3 M
mouse 0 5 3 m
check "a click on All Recipes shows it" "All Recipes · 40"
keys Tab g
mouse 0 40 5 M
mouse 0 40 5 m
check -e "a click on a recipe selects it: Avocado Toast, #6" "Recipe +#6 *$"

# Resize.
tmux resize-window -t "$session" -x 80 -y 24
check -e "the panes follow a resize" "^ Recipes .*│ All Recipes · 40"
tmux resize-window -t "$session" -x 60 -y 24
check -e "under 70 columns, one pane at a time: the detail the person was in, with the way back" "^ ‹ All Recipes · 40 · Recipe +#6"
keys Escape
check -e "Escape goes back to the list, the sidebar one step further" "^ ‹ Recipes · All Recipes · 40"
keys Enter
check -e "Enter on a recipe shows its detail again" "^ ‹ All Recipes · 40 · Recipe +#6"
keys Escape Escape
check -e "back at the sidebar, the first pane" "^ Recipes$"
keys Tab
check -e "Tab goes on to the list" "^ ‹ Recipes · All Recipes · 40"
tmux resize-window -t "$session" -x 120 -y 32
check -e "wide again, the three panes" "^ Recipes .*│ All Recipes · 40 .*│ Recipe +#6"

# Another process imports while the app runs: the list follows at once.
cat >"$work/more.json" <<'JSON'
{ "recipes": [
  { "title": "Iced Tea", "emoji": "🧊", "prepMinutes": 5, "cookMinutes": 0, "servings": 4, "collections": ["Quick"] },
  { "title": "Hot Chocolate", "emoji": "☕", "prepMinutes": 2, "cookMinutes": 5, "servings": 2, "collections": ["Quick", "Dessert"] }
] }
JSON
output=$("$binary" --database "$database" import "$work/more.json" 2>&1)
check_output "recipes import from a second process" "Imported 2 recipes" "$output"
check "the running list shows them live" "All Recipes · 42"
check -e "and the sidebar counts them" "▪ Quick +19"

# A malformed or partly invalid file: the line, the field, and nothing imported.
cat >"$work/bad.json" <<'JSON'
{ "recipes": [
  { "title": "Fine", "prepMinutes": 5, "cookMinutes": 0, "servings": 4 },
  { "title": "Broken", "prepMinutes": "five", "cookMinutes": 0, "servings": 4 }
] }
JSON
output=$("$binary" --database "$database" import "$work/bad.json" 2>&1)
check_output "a bad file names the line and the field" "line 3: recipes[1].prepMinutes: must be a whole number" "$output"
check_output "and says nothing was imported" "nothing was imported" "$output"
printf '{ "recipes": [\n  { "title": "Half' >"$work/cut.json"
output=$("$binary" --database "$database" import "$work/cut.json" 2>&1)
check_output "a cut file is not JSON, at its line" "line 2: not JSON" "$output"
check "the app still shows 42" "All Recipes · 42"

# Hostile titles: escapes and control characters show as symbols, a long title is cut.
long=$(printf 'Very long title %.0s' $(seq 1 125))
printf '[{"title": "\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[31mRed Tea", "prepMinutes": 1, "cookMinutes": 1, "servings": 1},\n {"title": "%s", "prepMinutes": 1, "cookMinutes": 1, "servings": 1}]\n' "$long" >"$work/hostile.json"
output=$("$binary" --database "$database" import "$work/hostile.json" 2>&1)
check_output "hostile titles import" "Imported 2 recipes" "$output"
keys g
check "an escape sequence shows as text" "␛]0;pwned␇␛[2J␛[31mRed Tea"
title=$(tmux display -p -t "$session" '#{pane_title}')
if [ "$title" != "pwned" ]; then ok "the title sequence did not reach the terminal"; else fail "the terminal's title became pwned"; fi
check "the screen was not cleared by it" "All Recipes · 44"

# q quits and restores the terminal.
keys q
wait_for_exit
if [ "$(cat "$status_file" 2>/dev/null)" = 0 ]; then ok "q quits with status 0"; else fail -s "q did not quit cleanly"; fi
check -n "quitting leaves the alternate screen" "All Recipes"

# SIGKILL in the middle of an edit: what was committed is there, the file is sound.
start
check "starts again on the same database" "All Recipes · 44"
keys Tab j f
check -e "a favorite is committed" "♥ Favorites +7"
keys e C-u
text "Half-typed title that is never saved"
kill -KILL "$(app_pid)"
wait_for_exit
output=$("$binary" --database "$database" check 2>&1)
check_output "after SIGKILL: PRAGMA integrity_check is ok" "integrity_check: ok" "$output"
check_output "the committed favorite is there" "favorites: 7" "$output"
start
check "the app starts after the kill" "All Recipes · 44"
check -n "the unsaved edit is not there" "Half-typed title"
keys C-c
wait_for_exit
if [ "$(cat "$status_file" 2>/dev/null)" = 0 ]; then ok "ctrl-c quits with status 0"; else fail -s "ctrl-c did not quit cleanly"; fi
check -n "ctrl-c restores the screen" "All Recipes"

# NO_COLOR: the same screen without a color, the selection and the favorites still shown.
start "NO_COLOR=1 $program; echo \$? > $status_file"
check "with NO_COLOR the app starts" "All Recipes · 44"
escaped=$(tmux capture-pane -e -p -t "$session")
if grep -qE $'\e\\[([0-9;]*;)?(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;[0-9;]*)?m' <<<"$escaped"; then
    fail "with NO_COLOR the screen has colors"
else
    ok "with NO_COLOR no color reaches the screen"
fi
grep -qF $'\e[7m' <<<"$escaped" || grep -qE $'\e\\[([0-9]+;)*7(;[0-9]+)*m' <<<"$escaped" &&
    ok "the selected row is still marked (inverse)" || fail "no inverse text with NO_COLOR"
check -e "a favorite still shows its heart" "♥ Favorites +[0-9]"
keys q
wait_for_exit

# A new database under XDG_DATA_HOME when no --database is given.
output=$(XDG_DATA_HOME="$work/xdg" "$binary" check 2>&1)
check_output "the default database lives under XDG_DATA_HOME and is seeded" "recipes: 40" "$output"
[ -f "$work/xdg/recipes/recipes.sqlite" ] && ok "at \$XDG_DATA_HOME/recipes/recipes.sqlite" || fail "no database at \$XDG_DATA_HOME/recipes"

# generate N, and export.
output=$("$binary" --database "$work/big.sqlite" generate 20000 2>/dev/null)
check_output "generate adds made-up recipes in one go" "Added 20,000 recipes" "$output"
count=$("$binary" --database "$work/big.sqlite" export | grep -c '"title"')
[ "$count" = 20040 ] && ok "export writes every recipe" || fail "export wrote $count recipes, not 20040"

summary
