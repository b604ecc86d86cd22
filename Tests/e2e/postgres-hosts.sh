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
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
run=$(mktemp -d /tmp/diffable-hosts.XXXXXX)
chmod 777 "$run"
password=diffable-hosts
ns=(diffable-db diffable-a diffable-b)

cleanup() {
    set +e
    kill $(jobs -p) 2>/dev/null
    ip netns exec diffable-db runuser -u postgres -- "$bin/pg_ctl" -D "$run/data" -m immediate stop >/dev/null 2>&1
    for n in "${ns[@]}"; do ip netns delete "$n" 2>/dev/null; done
    rm -rf "$run"
}
trap cleanup EXIT
for n in "${ns[@]}"; do ip netns delete "$n" 2>/dev/null || true; ip netns add "$n"; done
ip netns exec diffable-db ip link set lo up
# One link per host: 10.77.N.1 on the database's side, 10.77.N.2 on the host's.
for host in a b; do
    n=$([ "$host" = a ] && echo 1 || echo 2)
    ip link add "dfb-db-$host" type veth peer name "dfb-$host"
    ip link set "dfb-db-$host" netns diffable-db
    ip link set "dfb-$host" netns "diffable-$host"
    ip netns exec diffable-db ip addr add "10.77.$n.1/24" dev "dfb-db-$host"
    ip netns exec diffable-db ip link set "dfb-db-$host" up
    ip netns exec "diffable-$host" ip addr add "10.77.$n.2/24" dev "dfb-$host"
    ip netns exec "diffable-$host" ip link set "dfb-$host" up
    ip netns exec "diffable-$host" ip link set lo up
done

echo "$password" >"$run/password"
chmod 644 "$run/password"
runuser -u postgres -- "$bin/initdb" -D "$run/data" -U postgres --auth-local=trust \
    --auth-host=scram-sha-256 --pwfile="$run/password" >/dev/null
echo "host all all 10.77.0.0/16 scram-sha-256" >>"$run/data/pg_hba.conf"
ip netns exec diffable-db runuser -u postgres -- "$bin/pg_ctl" -D "$run/data" -l "$run/log" -w \
    -o "-c wal_level=logical -c listen_addresses='10.77.1.1,10.77.2.1' -k $run" start >/dev/null
psql() { ip netns exec diffable-db "$bin/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$run" -U postgres -d hosts "$@"; }
ip netns exec diffable-db "$bin/psql" -X -q -h "$run" -U postgres -d postgres -c "CREATE DATABASE hosts"
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
