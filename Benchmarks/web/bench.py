"""The browser benchmark: DiffableWeb in headless Chromium, against re-rendering the list's HTML
and against the same operations written by hand in plain JS, in one page and one run. For the
changes that keep the rows (swap, move), also those operations by hand on DiffableWeb's own rows:
the same page and elements with no client code, so the ratio to it is the client's alone.

    python3 Benchmarks/web/bench.py path/to/diffable-web-bench [--runs N]

For each change (swap two rows, move 10% of 1,000 rows, replace all 1,000, append 1,000) and each
implementation: the median over N runs of the script time (the change, then a forced style and
layout) and of the time to the next painted frame, both from the moment the change starts (for
DiffableWeb: the moment its message arrives, so JSON parsing counts), and the DOM operations on
row elements. Prints a Markdown table.
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

CHANGES = [
    ("swap", "swap two rows"),
    ("move", "move 10% of 1,000 rows"),
    ("replace", "replace all 1,000 rows"),
    ("append", "append 1,000 rows"),
]
IMPLEMENTATIONS = ["diffable", "rerender", "vanilla", "inplace"]
# The changes that keep the rows, which plain JS can also make on DiffableWeb's own elements.
IN_PLACE = {"swap", "move"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait(condition, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.005)
    raise TimeoutError("the page did not answer")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("server")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--warmup", type=int, default=3)
    arguments = parser.parse_args()

    port = free_port()
    log = open(os.devnull, "w")
    server = subprocess.Popen([arguments.server, "--port", str(port)], stdout=subprocess.PIPE, stderr=log, text=True)
    if "Serving" not in server.stdout.readline():
        sys.exit("the benchmark server did not start")
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    # Frames as fast as they can be made, not at 60 a second: otherwise every "to paint" time
    # includes a wait of up to 16.7 ms for the next frame.
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1200,1000", "--disable-frame-rate-limit", "--disable-gpu-vsync"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(f"http://127.0.0.1:{port}/bench")
        wait(lambda: driver.execute_script("return !!(window.diffable && window.diffable.session)"))
        session = driver.execute_script("return window.diffable.session")
        with open(os.path.join(os.path.dirname(__file__), "harness.js")) as harness:
            driver.execute_script(harness.read())

        def apply(op):
            url = f"http://127.0.0.1:{port}/_bench/apply?session={session}&op={op}"
            with urllib.request.urlopen(url, timeout=30) as response:
                return json.loads(response.read())

        def diffable(op):
            driver.execute_script("bench.show('diffable'); bench.watch()")
            change = apply(op)
            result = wait(lambda: driver.execute_script("return bench.result(arguments[0])", change["seq"]))
            return change, result

        def baseline(name, change):
            return driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "bench.show(arguments[0]); bench.measure(arguments[0], arguments[1]).then(done);",
                name, change)

        table = {}
        for op, _ in CHANGES:
            samples = {name: [] for name in IMPLEMENTATIONS}
            minimal = None
            for run in range(arguments.warmup + arguments.runs):
                created, _ = diffable("create")
                change, result = diffable(op)
                minimal = change["rows"]
                measured = {"diffable": result}
                for name in ("rerender", "vanilla"):
                    baseline(name, {"op": "create", "items": created["items"]})
                    measured[name] = baseline(name, {"op": op, "items": change["items"], "moved": change["moved"]})
                if op in IN_PLACE:
                    # The same change by hand on a fresh list of DiffableWeb's: its rows by place.
                    before = created["items"]
                    fresh, _ = diffable("create")
                    place = {item: index for index, item in enumerate(before)}
                    same = lambda items: [fresh["items"][place[item]] for item in items]
                    measured["inplace"] = baseline("inplace", {
                        "op": op, "before": fresh["items"], "items": same(change["items"]),
                        "moved": same(change["moved"])})
                if run >= arguments.warmup:
                    for name in measured:
                        samples[name].append(measured[name])
            table[op] = (minimal, {
                name: (statistics.median(s["script"] for s in runs), statistics.median(s["paint"] for s in runs),
                       sorted({s["ops"] for s in runs}))
                for name, runs in samples.items() if runs})
    finally:
        driver.quit()
        server.terminate()
        server.wait()

    version = subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{version}, headless; median of {arguments.runs} runs (after {arguments.warmup}); "
          "ms: script / to painted frame; DOM operations on row elements\n")
    print("| change | fewest row ops | DiffableWeb | ops | re-render HTML | ops | plain JS by hand | ops |"
          " plain JS on DiffableWeb's rows | ops | DiffableWeb ÷ plain JS (to paint) | ÷ on its rows |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for op, title in CHANGES:
        minimal, results = table[op]
        cells = []
        for name in IMPLEMENTATIONS:
            if name not in results:
                cells += ["—", "—"]
                continue
            script, paint, ops = results[name]
            cells.append(f"{script:.2f} / {paint:.2f}")
            cells.append("/".join(str(o) for o in ops))
        ratios = [f"{results['diffable'][1] / results[name][1]:.1f}×" if name in results else "—"
                  for name in ("vanilla", "inplace")]
        print(f"| {title} | {minimal} | " + " | ".join(cells + ratios) + " |")


if __name__ == "__main__":
    main()
