"""Helpers of the DiffableWeb browser tests: the demo server, Chromium, checks."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

passed = 0
failed = 0


def ok(name):
    global passed
    passed += 1
    print(f"ok   - {name}", flush=True)


def fail(name, why=""):
    global failed
    failed += 1
    print(f"FAIL - {name}" + (f": {why}" if why else ""), flush=True)


def check(name, condition, why=""):
    if condition:
        ok(name)
    else:
        fail(name, why)
    return condition


def summary():
    print(f"{passed} passed, {failed} failed", flush=True)
    sys.exit(1 if failed else 0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_process(process):
    """SIGTERM, so that it may end cleanly; SIGKILL if it has not ended ten seconds later."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Server:
    """The demo server, in a process of its own, with the test hooks."""

    def __init__(self, binary, port=None, extra=()):
        self.binary = binary
        self.port = port or free_port()
        self.extra = list(extra)
        self.process = None
        self.start()

    def start(self):
        # The server's log goes to a file: a pipe nobody reads would fill, and the server would
        # block writing its next line.
        self.log = tempfile.NamedTemporaryFile(mode="w+", prefix="diffable-web-", suffix=".log", delete=False)
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--test-hooks", *self.extra],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline()
        if "Serving" not in line:
            raise RuntimeError(f"the server did not start: {line!r} {self.log_text()}")

    def log_text(self):
        """What the server has logged so far (refused requests, closed connections)."""
        with open(self.log.name) as log:
            return log.read()

    def stop(self):
        if self.process:
            stop_process(self.process)
        if getattr(self, "log", None):
            self.log.close()
            os.unlink(self.log.name)
            self.log = None

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def get(self, path):
        with urllib.request.urlopen(self.url(path), timeout=30) as response:
            return json.loads(response.read())

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def chrome(width=1200, height=1000):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(condition, timeout=15, interval=0.02):
    """Polls until `condition()` is truthy; returns its last value.

    Until the deadline a condition that raises counts as not yet true (the page may not have drawn
    the elements it reads: `rows(driver)[0]` before the first section); at the deadline it is asked
    once more and what it raises is the failure.
    """
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = condition()
        except Exception:
            value = None
        if value:
            return value
        time.sleep(interval)
    return condition()


def page_ready(driver):
    return wait(lambda: driver.execute_script("return !!(window.diffable && window.diffable.session)"))


def rows(driver):
    """Each section's row texts, in DOM order."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('.dw-section')).map(s =>
            Array.from(s.querySelectorAll('.dw-window > .dw-row .dw-text, .dw-window > .dw-tile .dw-text'))
                .map(t => t.textContent));""")


def stats(driver):
    return driver.execute_script("return Object.assign({}, window.diffable.stats)")


# axe-core, the rule engine behind most accessibility checkers, as axe-playwright-python ships
# it (a current release; run.sh installs the package without its dependencies: only the file
# is used, injected through Selenium).
_AXE_RUN = """const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(result => done(result.violations.map(v => ({
    id: v.id, impact: v.impact, count: v.nodes.length,
    first: v.nodes[0].target.join(' ') + ': ' + (v.nodes[0].failureSummary || '').split('\\n').slice(0, 2).join(' ')
}))));"""


def axe_source():
    import importlib.util
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None:
        sys.exit("the accessibility audit needs axe-core: pip install --no-deps axe-playwright-python")
    with open(os.path.join(spec.submodule_search_locations[0], "axe.min.js")) as file:
        return file.read()


def settled(driver):
    """Waits for the page's animations to end: rows moving into place are not where they land."""
    wait(lambda: driver.execute_script(
        "return document.getAnimations().every(a => a.playState !== 'running')"), timeout=5)


def audit(driver, name):
    """Checks the page as it is now with axe-core: no violation of any impact."""
    driver.set_script_timeout(60)
    # A row fading in is drawn lighter than it will be: audit what the page settles on.
    settled(driver)
    driver.execute_script(axe_source())
    violations = driver.execute_async_script(_AXE_RUN)
    why = "; ".join(f"{v['id']} ({v['impact']}, {v['count']}): {v['first']}" for v in violations)
    return check(f"a11y: {name}: no axe-core violations", not violations, why)


# Touch, through the DevTools protocol: Chromium makes touch and pointer events of it (pointerType
# "touch"), and the click a tap makes, as on a phone.

def enable_touch(driver):
    """Makes the page a touch screen's: `ontouchstart`, `maxTouchPoints`, touch pointers."""
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


def _touch(driver, kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def touch_tap(driver, x, y):
    """A finger down and up at a point of the window."""
    _touch(driver, "touchStart", [{"x": x, "y": y}])
    _touch(driver, "touchEnd", [])


def touch_hold(driver, x, y, seconds=0.8):
    """A long press."""
    _touch(driver, "touchStart", [{"x": x, "y": y}])
    time.sleep(seconds)
    _touch(driver, "touchEnd", [])


def touch_drag(driver, x0, y0, x1, y1, steps=8):
    """A finger drawn from one point to another, a frame a step."""
    _touch(driver, "touchStart", [{"x": x0, "y": y0}])
    for step in range(1, steps + 1):
        _touch(driver, "touchMove", [{"x": x0 + (x1 - x0) * step / steps, "y": y0 + (y1 - y0) * step / steps}])
        time.sleep(0.016)
    _touch(driver, "touchEnd", [])


def touch_swipe(driver, x0, y, x1, steps=8):
    """A finger drawn sideways from `x0` to `x1`."""
    touch_drag(driver, x0, y, x1, y, steps)


def center(driver, element):
    """An element's centre, in the window's coordinates."""
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]",
        element)
