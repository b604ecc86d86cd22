#!/usr/bin/env bash
# The browser benchmark: builds the benchmark server in release, drives headless Chromium against
# it and prints the table (see bench.py). Needs chromium, chromium-driver and selenium, as the
# browser tests do (Tests/e2e/web/run.sh installs them).
#
#   Benchmarks/web/run.sh [--runs N]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
swift build -c release --package-path "$root/Benchmarks" --scratch-path "$root/.build-benchmarks" \
    --product diffable-web-bench >&2
python3 "$here/bench.py" "$root/.build-benchmarks/release/diffable-web-bench" "$@"
