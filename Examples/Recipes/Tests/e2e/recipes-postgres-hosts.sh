#!/usr/bin/env bash
# Recipes on PostgreSQL, as hosts: the database in a network namespace of its own, the first
# server, Chromium, the terminal app and `recipes import` on host a, a second server on host b,
# each host reaching the database over its own link, and a link between the two hosts for the
# browser. Every flow of recipes-web.py runs on the shared database, and each server sees the
# other's changes live.
#
#   Examples/Recipes/Tests/e2e/recipes-postgres-hosts.sh path/to/recipes
#
# Needs root (namespaces), Debian's postgresql-15, Chromium and Selenium.
set -euo pipefail
binary=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../../Tests/e2e/postgres-netns.sh"
postgres_hosts_up recipes
# The browser on host a opens the second server's page on host b.
ip link add dfb-ab type veth peer name dfb-ba
ip link set dfb-ab netns diffable-a
ip link set dfb-ba netns diffable-b
ip netns exec diffable-a ip addr add 10.79.0.1/24 dev dfb-ab
ip netns exec diffable-a ip link set dfb-ab up
ip netns exec diffable-b ip addr add 10.79.0.2/24 dev dfb-ba
ip netns exec diffable-b ip link set dfb-ba up

ip netns exec diffable-a env TERM="${TERM:-xterm-256color}" python3 "$here/recipes-web.py" "$binary" \
    --postgres "postgres://postgres:$password@10.77.1.1:5432/recipes" \
    --second-host diffable-b 10.79.0.2 "postgres://postgres:$password@10.77.2.1:5432/recipes"
