# Sourced by the tests that run PostgreSQL and its clients as separate hosts: network namespaces
# diffable-db (the database) and diffable-a, diffable-b (two application hosts), each host
# reaching the database over a veth link of its own (10.77.N.1 on the database's side, 10.77.N.2
# on the host's, N = 1 for a, 2 for b), and a throwaway cluster with wal_level = logical
# listening on both links, with database `$database`. Everything goes on exit.
#
#   . Tests/e2e/postgres-netns.sh; postgres_hosts_up DATABASE
#
# Sets: bin (PostgreSQL's programs), run (a temporary folder), password; defines db_psql.
# Needs root (namespaces) and Debian's postgresql-15.

bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
run=$(mktemp -d /tmp/diffable-hosts.XXXXXX)
chmod 777 "$run"
password=diffable-hosts
namespaces=(diffable-db diffable-a diffable-b)

postgres_hosts_down() {
    set +e
    kill $(jobs -p) 2>/dev/null
    wait 2>/dev/null
    ip netns exec diffable-db runuser -u postgres -- "$bin/pg_ctl" -D "$run/data" -m immediate stop >/dev/null 2>&1
    for n in "${namespaces[@]}"; do ip netns delete "$n" 2>/dev/null; done
    rm -rf "$run"
}

# Makes the hosts and their links, and starts the database with an empty database named $1.
postgres_hosts_up() {
    database=$1
    trap postgres_hosts_down EXIT
    for n in "${namespaces[@]}"; do ip netns delete "$n" 2>/dev/null || true; ip netns add "$n"; done
    ip netns exec diffable-db ip link set lo up
    for host in a b; do
        local n
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
    ip netns exec diffable-db "$bin/psql" -X -q -h "$run" -U postgres -d postgres -c "CREATE DATABASE $database"
}

# Runs SQL in the database, from the database's host, through its socket; prints rows unaligned.
db_psql() {
    ip netns exec diffable-db "$bin/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$run" -U postgres -d "$database" "$@"
}
