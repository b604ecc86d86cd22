#!/usr/bin/env bash
# The browser end-to-end tests of DiffableWeb: headless Chromium through Selenium against the
# demo server, the load test (200 WebSocket clients, one that never reads) and the malformed-
# message test. Installs what it needs on a fresh Debian machine.
#
#   Tests/e2e/web/run.sh [path/to/diffable-web-demo]
#
# Without a path, builds the demo (with the Web trait) into .build. Prints "N passed, N failed".
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
# Without a color emoji font the screenshots show boxes where the demo's emoji are.
fc-list 2>/dev/null | grep -qi "emoji" || missing+=(fonts-noto-color-emoji)
if [ "${#missing[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# The tests use websockets' current API (13 or later: additional_headers), newer than Debian's.
if ! python3 -c 'import selenium, websockets, sys; sys.exit(int(websockets.__version__.split(".")[0]) < 13)' \
    >/dev/null 2>&1; then
    pip install -q "selenium>=4" "websockets>=13" 2>&1 | grep -v -i "running pip as" || true
fi
# axe-core for the accessibility audit: only its script is used, so not Playwright.
if ! python3 -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("axe_playwright_python") is None)'; then
    pip install -q --no-deps axe-playwright-python 2>&1 | grep -v -i "running pip as" || true
fi

binary="${1:-}"
if [ -z "$binary" ]; then
    (cd "$root" && swift build --enable-all-traits --product diffable-web-demo >/dev/null)
    binary="$root/.build/debug/diffable-web-demo"
fi

status=0
results=$(mktemp)
for test in browser_test.py a11y_test.py load_test.py malformed_test.py; do
    echo "== $test"
    python3 "$here/$test" "$binary" | tee -a "$results" || status=1
done
passed=$(grep -c '^ok ' "$results" || true)
failed=$(grep -c '^FAIL ' "$results" || true)
rm -f "$results"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$status" = 0 ]
