#!/usr/bin/env bash
# Several servers, one database, as hosts: PostgreSQL in a network namespace of its own, and a
# follower process (Tests/PostgresFollower: a FetchedResultsController that prints its items) in
# each of two other namespaces, each reaching the database over its own veth link. A row moved
# from one host reaches the other's view, and the other way round.
#
#   Tests/e2e/postgres-hosts.sh .build/debug/diffable-postgres-follower
#
# Needs root (namespaces) and Debian's postgresql-15. Everything it makes goes on exit.
set -euo pipefail
follower=$(realpath "$1")
. "$(dirname "$0")/postgres-netns.sh"
postgres_hosts_up hosts
psql() { db_psql "$@"; }
psql -c "CREATE TABLE recipe (id bigint PRIMARY KEY, title text NOT NULL);
         INSERT INTO recipe VALUES (1, 'Apple'), (2, 'Bean'), (3, 'Curry')"

ip netns exec diffable-a "$follower" 10.77.1.1 5432 hosts "$password" >"$run/a.out" 2>"$run/a.err" &
ip netns exec diffable-b "$follower" 10.77.2.1 5432 hosts "$password" >"$run/b.out" 2>"$run/b.err" &

# Waits until a host's follower prints a line; fails with what it printed.
expect_line() {
    local host=$1 line=$2
    for _ in $(seq 1 200); do
        grep -qx "$line" "$run/$host.out" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "FAIL: host $host never showed '$line'; it printed:" >&2
    cat "$run/$host.out" "$run/$host.err" >&2
    exit 1
}
expect_line a "items 1 2 3"
expect_line b "items 1 2 3"
# A write from host a, over its own link: host b's view has it.
PGPASSWORD=$password ip netns exec diffable-a "$bin/psql" -X -q -h 10.77.1.1 -U postgres -d hosts \
    -c "UPDATE recipe SET title = 'Zucchini' WHERE id = 1"
expect_line b "items 2 3 1"
expect_line a "items 2 3 1"
# And from host b: host a's view has it.
PGPASSWORD=$password ip netns exec diffable-b "$bin/psql" -X -q -h 10.77.2.1 -U postgres -d hosts \
    -c "INSERT INTO recipe VALUES (4, 'Aubergine')"
expect_line a "items 4 2 3 1"
expect_line b "items 4 2 3 1"
# Each host's server holds one slot while it runs.
slots=$(psql -c "SELECT count(*) FROM pg_replication_slots WHERE database = 'hosts'")
[ "$slots" = 2 ] || { echo "FAIL: $slots slots, not 2" >&2; exit 1; }
echo "PASS: two hosts follow one database"
