# Two lanes of commands at once, for Scripts/prove and .ci/run: sourced by Bash (3.2 or later).

# Sends TERM to the given processes and every process below them (read from ps, as on a Mac and on
# Linux alike), the deepest first, and waits for the given ones to end.
end_lanes() {
    local below
    below="$(ps -A -o pid= -o ppid= 2>/dev/null | awk -v roots=" $* " '
        { parent[$1] = $2; order[NR] = $1 }
        END {
            found = roots
            do {
                more = 0
                for (i = 1; i <= NR; i++) {
                    p = order[i]
                    if (index(found, " " p " ") == 0 && index(found, " " parent[p] " ") > 0) {
                        found = found p " "; listed[++n] = p; more = 1
                    }
                }
            } while (more)
            for (i = n; i >= 1; i--) print listed[i]
        }')"
    # shellcheck disable=SC2086
    kill -TERM $below "$@" 2>/dev/null || true
    wait "$@" 2>/dev/null || true
}

# Runs two lanes (shell functions, each a list of commands that stops at its first failure) at once,
# each in a subshell writing to a log of its own, then prints each lane's log whole and fails if
# either lane failed. The replays build and test one small package at a time, so two at once use
# both cores. An interrupted run takes both lanes down with it.
in_two_lanes() {
    local log_a log_b pid_a pid_b status_a=0 status_b=0
    log_a="$(mktemp)"
    log_b="$(mktemp)"
    ( set -e; "$1" ) >"$log_a" 2>&1 &
    pid_a=$!
    ( set -e; "$2" ) >"$log_b" 2>&1 &
    pid_b=$!
    # Background commands of a shell without job control ignore Ctrl-C, so an interrupted run ends
    # the lanes itself: every process below them (a replay's tools and their builds), then the lanes.
    trap 'end_lanes "$pid_a" "$pid_b"; rm -f "$log_a" "$log_b"; exit 130' INT
    trap 'end_lanes "$pid_a" "$pid_b"; rm -f "$log_a" "$log_b"; exit 143' TERM
    wait "$pid_a" || status_a=$?
    wait "$pid_b" || status_b=$?
    trap - INT TERM
    echo "-- $1"
    cat "$log_a"
    echo "-- $2"
    cat "$log_b"
    rm -f "$log_a" "$log_b"
    if [[ $status_a != 0 || $status_b != 0 ]]; then
        echo "${0##*/}: a lane failed ($1: exit $status_a, $2: exit $status_b); its lines are above." >&2
        exit 1
    fi
}
