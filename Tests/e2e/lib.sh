# Helpers shared by the tmux end-to-end tests: source it, set `program` (what `start` runs by
# default), type like a person, read the screen.
#
#   . "$(dirname "$0")/lib.sh"
#   program="$binary --roster"
#   start; check "starts" "STARTING FIVE"; keys q; quits "q quits"; summary
#
# Each check prints one line; `summary` closes with "N passed, N failed" and fails if one did.
export TERM="${TERM:-xterm-256color}"
session="diffable-e2e-$$"
status_file=$(mktemp)
passed=0
failed=0
# The size of the pane `start` opens.
columns=100
lines=30

# The tests run on a tmux server of their own (no user configuration, no other sessions) that
# outlives each session: with the default server, killing the last session made it exit while
# the next `new-session` was connecting, and that session died at once ("no server running").
# Panes stay on screen when their program ends, from the first moment (a program that exits
# at once is still read, with its status).
socket="diffable-e2e-$$"
tmux() { command tmux -L "$socket" "$@"; }
tmux -f /dev/null start-server \; set-option -g exit-empty off \; set-option -g remain-on-exit on
socket_path=$(tmux display-message -p '#{socket_path}')

cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; }
# Ends the server and every session on it (a script that replaces `finish` calls it).
stop_tmux() { tmux kill-server 2>/dev/null || true; rm -f "$socket_path"; }
finish() { stop_tmux; rm -f "$status_file"; }
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
# an extended regular expression; with -f FILTER, the screen as the shell function FILTER prints
# it (a part of it, say).
check() {
    local negate=0 mode=-F filter=screen
    while [ "${1:0:1}" = "-" ]; do
        case "$1" in -n) negate=1 ;; -e) mode=-E ;; -f) filter=$2 && shift ;; esac
        shift
    done
    local name=$1 text=$2
    for _ in $(seq 1 100); do
        if $filter | grep -q $mode -- "$text"; then found=1; else found=0; fi
        if [ "$found" -ne "$negate" ]; then
            ok "$name"
            return 0
        fi
        sleep 0.1
    done
    fail -s "$name (expected the screen $([ $negate = 1 ] && echo "not ")to show: $text)"
    return 1
}

# Waits up to 5 s for a tmux format of the pane (e.g. '#{alternate_on}') to read as expected.
pane_format() {
    local name=$1 format=$2 expected=$3 value
    for _ in $(seq 1 50); do
        value=$(tmux display -p -t "$session" "$format")
        [ "$value" = "$expected" ] && break
        sleep 0.1
    done
    if [ "$value" = "$expected" ]; then ok "$name"; else fail "$name ($format is $value, expected $expected)"; fi
}

# Checks that the pane's mouse-report modes (tmux's #{mouse_any_flag}: any report asked for;
# #{mouse_sgr_flag}: the SGR encoding) are as expected, e.g. "11" or "00".
mouse_modes() { pane_format "$1" '#{mouse_any_flag}#{mouse_sgr_flag}' "$2"; }

# Sends a mouse report as a terminal does in SGR mode: button code, then the 1-based column and
# row; M for press, drag and wheel, m for release.
mouse() { tmux send-keys -t "$session" -l "$(printf '\033[<%s;%s;%s%s' "$1" "$2" "$3" "$4")"; }

# Starts a fresh session running `program` (its exit status goes to the status file), or the
# command given.
start() {
    cleanup
    rm -f "$status_file"
    tmux new-session -d -s "$session" -x "$columns" -y "$lines" "${1:-$program; echo \$? > $status_file}"
}

# Starts a fresh session running an interactive shell whose prompt is "shell> ".
start_shell() {
    start "env PS1='shell> ' bash --norc --noprofile -i"
    check "an interactive shell starts" "shell>"
}

# Checks that the program in the pane has ended.
quits() {
    wait_for_exit
    if [ "$(tmux display -p -t "$session" '#{pane_dead}')" = 1 ]; then ok "$1"; else fail -s "$1 (still running)"; fi
}

# The exit status `start` recorded, once the program has ended (waits up to 5 s).
exit_status() {
    for _ in $(seq 1 50); do [ -s "$status_file" ] && break; sleep 0.1; done
    cat "$status_file" 2>/dev/null
}

# Prints the totals; fails if a check failed.
summary() {
    echo "e2e: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
