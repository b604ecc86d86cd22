#!/usr/bin/env bash
# A package that depends on Diffable alone, with no traits, resolves no package at all: GRDB,
# postgres-nio, Hummingbird and swift-argument-parser are behind traits that are off by default.
#
#   .ci/check-no-fetch.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/App"
cat >"$scratch/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "App", dependencies: [.package(name: "Diffable", path: "$root")],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "Diffable", package: "Diffable")])])
MANIFEST
echo 'import Diffable' >"$scratch/Sources/App/main.swift"
swift package --package-path "$scratch" resolve
fetched=$(ls "$scratch/.build/checkouts" 2>/dev/null || true)
if [ -n "$fetched" ]; then
    echo "error: a user of Diffable alone fetches: $fetched" >&2
    exit 1
fi
echo "a user of Diffable alone fetches nothing"
