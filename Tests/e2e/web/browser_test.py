"""DiffableWeb in headless Chromium: the seeded property test, XSS, a million rows, interaction,
a live window of a database table, two pages, reconnecting after a server restart, screenshots. Usage: browser_test.py DEMO_BINARY"""
import os
import random
import sqlite3
import sys
import tempfile
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from lib import (Server, center, chrome, check, enable_touch, fail, ok, page_ready, rows, settled, stats, summary,
                 touch_drag, touch_swipe, touch_tap, wait)

binary = sys.argv[1]
seed = int(os.environ.get("DIFFABLE_SEED", "20261123"))
# Under .build (ignored by git), to be looked at after a run.
root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
shots = os.environ.get("DIFFABLE_SCREENSHOTS", os.path.join(root, ".build", "web-screenshots"))
os.makedirs(shots, exist_ok=True)
# The /live page's table: 200,000 rows in a file of the test's own, written by this test
# through Python's sqlite3 (another process), not by the server's writer.
live_database = os.path.join(tempfile.mkdtemp(prefix="diffable-live-"), "live.sqlite")
server = Server(binary, extra=("--live-database", live_database, "--live-rows", "200000", "--live-interval", "0"))
driver = chrome()


def severe_logs():
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "favicon" not in entry["message"]]


def property_test():
    """200 random applies: after each, the DOM's rows are the snapshot's, and the page performed
    exactly as many DOM operations as the update has."""
    driver.get(server.url(f"/property?seed={seed}"))
    page_ready(driver)
    session = driver.execute_script("return window.diffable.session")
    first = stats(driver)
    bad_rows = bad_counts = bad_places = 0
    for step in range(200):
        before = stats(driver)
        expected = server.get(f"/_test/step?session={session}")
        wait(lambda: driver.execute_script("return window.diffable.stats.seq") >= expected["seq"])
        after = stats(driver)
        performed = sum(after[k] - before[k] for k in ("inserts", "removes", "moves", "replaces", "reconfigures"))
        if performed != expected["n"]:
            bad_counts += 1
            if bad_counts <= 3:
                print(f"   step {step}: performed {performed}, the update has {expected['n']} (DIFFABLE_SEED={seed})")
        shown = rows(driver)
        if shown != expected["sections"]:
            bad_rows += 1
            if bad_rows <= 3:
                print(f"   step {step}: rows {shown} != {expected['sections']} (DIFFABLE_SEED={seed})")
        # What assistive technology is told: each row's place and its section's size.
        told = places(driver)
        meant = [[[str(items.index(text) + 1), str(len(items))] for text in shown_section]
                 for items, shown_section in zip(expected["sections"], shown)]
        if told != meant:
            bad_places += 1
            if bad_places <= 3:
                print(f"   step {step}: places {told} != {meant} (DIFFABLE_SEED={seed})")
    last = stats(driver)
    check("property: the DOM rows equal the snapshot's after each of 200 applies", bad_rows == 0, f"{bad_rows} differ")
    check("property: every row's aria-posinset and aria-setsize are its place after each apply", bad_places == 0,
          f"{bad_places} differ")
    check("property: DOM insert/remove/move operations equal each update's count", bad_counts == 0,
          f"{bad_counts} differ")
    check("property: no element was ever out of place or recreated", last["fixups"] == 0 and last["mismatches"] == 0,
          f"fixups {last['fixups']}, mismatches {last['mismatches']}")
    check("property: one message per apply, no resync", last["resets"] == first["resets"])
    print(f"   {last['moves'] - first['moves']} moves, {last['inserts'] - first['inserts']} inserts, "
          f"{last['removes'] - first['removes']} removes, {last['replaces'] - first['replaces']} replaces, "
          f"{last['reconfigures'] - first['reconfigures']} reconfigures")


def places(driver):
    """Each section's rows as [aria-posinset, aria-setsize], in DOM order."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('.dw-section')).map(s =>
            Array.from(s.querySelectorAll('.dw-window > .dw-row')).map(r =>
                [r.getAttribute('aria-posinset'), r.getAttribute('aria-setsize')]));""")


def xss_test():
    driver.get(server.url("/outline"))
    page_ready(driver)
    notes = driver.find_element(By.XPATH, "//div[contains(@class,'dw-row')][.//span[text()='Notes']]")
    notes.find_element(By.CLASS_NAME, "dw-disclosure").click()
    wait(lambda: "Shopping" in [t for s in rows(driver) for t in s])
    texts = [t for section in rows(driver) for t in section]
    check("xss: a name that is markup shows as text", "<img src=x onerror=alert(1)>" in texts, str(texts[:12]))
    check("xss: no element was made from it", not driver.execute_script("return document.querySelector('img[src=\"x\"]')"))
    alert = None
    try:
        alert = driver.switch_to.alert.text
    except Exception:
        pass
    check("xss: no script ran", alert is None, alert or "")
    check("csp: the page ran with no errors in the console", not severe_logs(), str(severe_logs()))
    # A reload resumes the tab's session: leave the outline as it was.
    notes = driver.find_element(By.XPATH, "//div[contains(@class,'dw-row')][.//span[text()='Notes']]")
    notes.find_element(By.CLASS_NAME, "dw-disclosure").click()
    wait(lambda: "Shopping" not in [t for s in rows(driver) for t in s])


def outline_test():
    driver.get(server.url("/outline"))
    page_ready(driver)
    before = [t for section in rows(driver) for t in section]
    notes = driver.find_element(By.XPATH, "//div[contains(@class,'dw-row')][.//span[text()='Notes']]")
    notes.find_element(By.CLASS_NAME, "dw-disclosure").click()
    wait(lambda: "Shopping" in [t for s in rows(driver) for t in s])
    after = [t for section in rows(driver) for t in section]
    check("outline: a click on the disclosure shows the children", "Shopping" in after and "Shopping" not in before)
    flat = lambda: [t for s in rows(driver) for t in s]
    notes = lambda: driver.find_element(By.XPATH, "//div[contains(@class,'dw-row')][.//span[text()='Notes']]")
    notes().click()
    wait(lambda: "Shopping" not in flat() and notes().get_attribute("aria-expanded") == "false")
    check("outline: a click on a header-style parent collapses it, and does not select it",
          "Shopping" not in flat() and notes().get_attribute("aria-selected") != "true")
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    wait(lambda: "Shopping" in flat() and notes().get_attribute("aria-expanded") == "true")
    ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
    wait(lambda: "Shopping" not in flat())
    check("outline: right arrow expands, left arrow collapses", "Shopping" not in flat())


def first_visible_row(driver):
    """The number of the first row whose element is on screen, below the page's bar."""
    return driver.execute_script("""
        const bar = document.querySelector('.dw-bar').getBoundingClientRect().bottom;
        for (const row of document.querySelectorAll('.dw-window > .dw-row')) {
            const rect = row.getBoundingClientRect();
            if (rect.bottom > bar + 1) return Number(row.querySelector('.dw-text').textContent.slice(4));
        }
        return -1;""")


def rows_cover_screen(driver):
    """Whether row elements cover the screen below the bar, with no gap between them."""
    return driver.execute_script("""
        const bar = document.querySelector('.dw-bar').getBoundingClientRect().bottom;
        const rects = Array.from(document.querySelectorAll('.dw-window > .dw-row'))
            .map(r => r.getBoundingClientRect()).filter(r => r.bottom > bar && r.top < window.innerHeight)
            .sort((a, b) => a.top - b.top);
        if (!rects.length || rects[0].top > bar + 1) return false;
        for (let i = 1; i < rects.length; i++) if (Math.abs(rects[i].top - rects[i - 1].bottom) > 1) return false;
        return rects[rects.length - 1].bottom >= window.innerHeight - 1;""")


def million_test():
    driver.get(server.url("/list"))
    page_ready(driver)
    # The reset names the session; the rows come once the page has said what it shows.
    count = wait(lambda: driver.execute_script("return document.querySelectorAll('.dw-row').length"))
    height = driver.execute_script("return document.documentElement.scrollHeight")
    check("virtual: a million rows, a few dozen elements", 0 < count < 120, f"{count} rows")
    # Taller than a browser lays out (2^25 pixels in Chromium): the page is drawn shorter and
    # its scrollbar still spans every row.
    check("virtual: the scrollbar spans far more than the rows on the page", height > 10_000_000, f"{height}px")
    driver.save_screenshot(os.path.join(shots, "list.png"))
    driver.execute_script("window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2)")
    wait(lambda: first_visible_row(driver) > 400_000)
    middle = first_visible_row(driver)
    check("virtual: scrolled halfway, the rows from the middle arrive", abs(middle - 500_000) < 100, str(middle))
    check("virtual: with no gap on screen", rows_cover_screen(driver))
    driver.save_screenshot(os.path.join(shots, "list-middle.png"))
    driver.execute_script("window.scrollBy(0, 400)")
    wait(lambda: first_visible_row(driver) > middle)
    # The window moved: each row of it says its own place, which here is the number it shows.
    wrong = driver.execute_script("""
        return Array.from(document.querySelectorAll('.dw-window > .dw-row')).filter(r =>
            r.getAttribute('aria-posinset') !== r.querySelector('.dw-text').textContent.replace(/\\D/g, '')
            || r.getAttribute('aria-setsize') !== '1000000').length;""")
    check("virtual: after scrolling, every row's aria-posinset is its place", wrong == 0, f"{wrong} rows")
    check("virtual: scrolling on from there moves on", first_visible_row(driver) > middle and rows_cover_screen(driver))
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait(lambda: "Row 1000000" in rows(driver)[0])
    last = driver.execute_script("""
        const rows = Array.from(document.querySelectorAll('.dw-row'));
        const row = rows.find(r => r.querySelector('.dw-text').textContent === 'Row 1000000');
        return row ? [row.getBoundingClientRect().bottom, window.innerHeight] : null;""")
    check("virtual: at the end, the last row, at the bottom of the screen",
          last is not None and 0 <= last[1] - last[0] < 60, str(last))
    driver.save_screenshot(os.path.join(shots, "list-end.png"))
    count = driver.execute_script("return document.querySelectorAll('.dw-row').length")
    check("virtual: still a few dozen elements", count < 120, f"{count}")
    # Interaction at the top.
    driver.execute_script("window.scrollTo(0, 0)")
    wait(lambda: rows(driver)[0][:1] == ["Row 1"])
    row = driver.find_element(By.CSS_SELECTOR, ".dw-row")
    row.click()
    wait(lambda: driver.execute_script("return !!document.querySelector('.dw-row.dw-selected')"))
    check("select: a click selects the row", driver.execute_script(
        "return document.querySelector('.dw-selected .dw-text').textContent") == "Row 1")
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).send_keys(Keys.ARROW_DOWN).perform()
    focused = driver.execute_script("return document.activeElement.querySelector('.dw-text').textContent")
    check("keys: arrows move the focus", focused == "Row 3", focused)
    ActionChains(driver).send_keys("f").perform()
    wait(lambda: driver.execute_script("return !!document.querySelector('.dw-heart')"))
    hearted = driver.execute_script(
        "return document.querySelector('.dw-heart').closest('.dw-row').querySelector('.dw-text').textContent")
    check("swipe action by key: f favorites the focused row", hearted == "Row 3", str(hearted))
    before = stats(driver)
    ActionChains(driver).send_keys("d").perform()
    wait(lambda: "Row 3" not in rows(driver)[0])
    after = stats(driver)
    check("swipe action by key: d deletes it, as one removal", "Row 3" not in rows(driver)[0] and
          after["removes"] - before["removes"] == 1)
    now = driver.execute_script("return document.activeElement.querySelector('.dw-text')?.textContent")
    check("swipe action by key: the focus goes to the row that took its place", now == "Row 4", str(now))
    settled(driver)
    driver.find_element(By.XPATH, "//div[contains(@class,'dw-row')][.//span[text()='Row 1']]").click()
    before = stats(driver)
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
    wait(lambda: rows(driver)[0][:2] == ["Row 2", "Row 1"])
    after = stats(driver)
    check("reorder by keyboard: alt-down moves the row, as one DOM move", rows(driver)[0][:2] == ["Row 2", "Row 1"]
          and after["moves"] - before["moves"] == 1, str(rows(driver)[0][:3]))
    check("reorder: the moved row keeps the focus", driver.execute_script(
        "return document.activeElement.querySelector('.dw-text').textContent") == "Row 1")
    # Drag by the handle: row 5 onto row 2's place, aimed where the rows have come to rest.
    settled(driver)
    handle = driver.find_element(By.XPATH, "//div[contains(@class,'dw-row')][.//span[text()='Row 5']]//span[@class='dw-handle']")
    target = driver.find_element(By.XPATH, "//div[contains(@class,'dw-row')][.//span[text()='Row 2']]")
    ActionChains(driver).click_and_hold(handle).move_to_element_with_offset(target, 0, -8).release().perform()
    wait(lambda: rows(driver)[0][:2] == ["Row 5", "Row 2"])
    check("reorder by dragging the handle", rows(driver)[0][:3] == ["Row 5", "Row 2", "Row 1"], str(rows(driver)[0][:4]))
    search = driver.find_element(By.CLASS_NAME, "dw-search")
    search.send_keys("777777")
    wait(lambda: rows(driver)[0] == ["Row 777777"])
    check("search: the rows that match", rows(driver)[0] == ["Row 777777"], str(rows(driver)[0][:3]))


def first_live_row(driver):
    """The place, text and score of the first row on screen below the bar."""
    return driver.execute_script("""
        const bar = document.querySelector('.dw-bar').getBoundingClientRect().bottom;
        const row = Array.from(document.querySelectorAll('.dw-window > .dw-row'))
            .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
            .find(r => r.getBoundingClientRect().bottom > bar + 1);
        if (!row) return null;
        const secondary = row.querySelector('.dw-secondary');
        return [Number(row.getAttribute('aria-posinset')), Number(row.getAttribute('aria-setsize')),
                row.querySelector('.dw-text').textContent, secondary ? secondary.textContent : null];""")


def live_test():
    """A list of 200,000 rows of which each page holds a window: the count is known, the rows
    arrive where the person scrolls, and commits by another process land in the window."""
    driver.get(server.url("/live"))
    page_ready(driver)
    wait(lambda: (first_live_row(driver) or [0, 0, "…"])[2] != "…", timeout=30)
    top = first_live_row(driver)
    check("live: the first row, of all 200,000", top is not None and top[0] == 1 and top[1] == 200_000, str(top))
    count = driver.execute_script("return document.querySelectorAll('.dw-row').length")
    check("live: a few dozen elements", 0 < count < 120, f"{count} rows")
    # Home at the top already, then Down: a live change that comes after (the count, here) leaves
    # the focus where the person moved it. (It took the focus back to the first row.)
    place = lambda: driver.execute_script("return Number(document.activeElement.getAttribute('aria-posinset'))")
    driver.execute_script("document.querySelector('.dw-window > .dw-row[aria-posinset=\"1\"]').focus()")
    ActionChains(driver).send_keys(Keys.HOME, Keys.ARROW_DOWN).perform()
    wait(lambda: place() == 2)
    with sqlite3.connect(live_database, timeout=10) as db:
        db.execute("INSERT INTO item(id, score, title) VALUES (900002, -1, 'Last of all')")
    wait(lambda: (first_live_row(driver) or [0, 0])[1] == 200_001, timeout=15)
    time.sleep(0.3)
    check("live: Home at the top, Down, then a live change: the focus stays on the second row", place() == 2,
          str(place()))
    with sqlite3.connect(live_database, timeout=10) as db:
        db.execute("DELETE FROM item WHERE id = 900002")
    wait(lambda: (first_live_row(driver) or [0, 0])[1] == 200_000, timeout=15)
    driver.execute_script("window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2)")
    wait(lambda: (lambda row: row and row[0] > 50_000 and row[2] != "…")(first_live_row(driver)), timeout=30)
    middle = first_live_row(driver)
    check("live: scrolled halfway, the rows from the middle arrive", middle and abs(middle[0] - 100_000) < 200,
          str(middle))
    wait(lambda: "…" not in rows(driver)[0], timeout=15)
    check("live: with no placeholder left on screen", "…" not in rows(driver)[0], str(rows(driver)[0][:5]))
    check("live: with no gap on screen", rows_cover_screen(driver))
    driver.save_screenshot(os.path.join(shots, "live-middle.png"))
    # Another process writes a row that sorts just above the first row on screen.
    score = int(middle[3].replace("score ", "").replace(",", ""))
    with sqlite3.connect(live_database, timeout=10) as db:
        db.execute("INSERT INTO item(id, score, title) VALUES (900001, ?, 'Written by sqlite3')", (score + 1,))
    wait(lambda: "Written by sqlite3" in rows(driver)[0], timeout=15)
    check("live: a row another process inserts lands in the window", "Written by sqlite3" in rows(driver)[0])
    check("live: and the count grows", (first_live_row(driver) or [0, 0])[1] == 200_001, str(first_live_row(driver)))
    with sqlite3.connect(live_database, timeout=10) as db:
        db.execute("DELETE FROM item WHERE id = 900001")
    wait(lambda: "Written by sqlite3" not in rows(driver)[0], timeout=15)
    check("live: and leaves when it is deleted", "Written by sqlite3" not in rows(driver)[0])
    wait(lambda: (first_live_row(driver) or [0, 0])[1] == 200_000)
    check("live: the count again", (first_live_row(driver) or [0, 0])[1] == 200_000, str(first_live_row(driver)))
    wrong = driver.execute_script("""
        return Array.from(document.querySelectorAll('.dw-window > .dw-row')).filter(r =>
            r.getAttribute('aria-setsize') !== '200000').length;""")
    check("live: every row says the count", wrong == 0, f"{wrong} rows")


def pop_up_menu_test():
    driver.get(server.url("/grid"))
    page_ready(driver)
    foods = lambda: rows(driver)[1]
    wait(lambda: "Order" in rows(driver)[2])
    listed = foods()
    row_named("Order").click()
    wait(lambda: menu_state())
    menu = menu_state()[0]
    check("pop-up menu: a click on its row opens it on the current choice",
          [(i["title"], i["checked"]) for i in menu["items"]] == [("As listed", "true"), ("A to Z", "false")]
          and menu["items"][0]["focused"], str(menu))
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).send_keys(Keys.ENTER).perform()
    wait(lambda: not menu_state() and "A to Z ↕" in row_named("Order").text)
    check("pop-up menu: the choice orders the grid and shows in the row, which is not selected",
          foods()[:3] == ["<img src=x onerror=alert(1)>", "Apple", "Aubergine"]
          and row_named("Order").get_attribute("aria-selected") != "true", str(foods()[:4]))
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait(lambda: menu_state())
    check("pop-up menu: Enter on the row opens it from the keyboard, on the new choice",
          focused_text() == "A to Z", focused_text())
    ActionChains(driver).send_keys(Keys.ARROW_UP).send_keys(Keys.ENTER).perform()
    wait(lambda: not menu_state() and foods()[:3] == listed[:3])
    check("pop-up menu: choosing again puts the grid back", foods()[:3] == listed[:3], str(foods()[:4]))
    keyboard = row_named("Keyboard")
    check("accessories: a row's detail accessory with a handler lists its key",
          "i" in (keyboard.get_attribute("aria-keyshortcuts") or "").split(), keyboard.get_attribute("aria-keyshortcuts"))
    driver.execute_script("arguments[0].focus()", keyboard)
    ActionChains(driver).send_keys("i").perform()
    wait(lambda: "i details" in row_named("Keyboard").text)
    check("accessories: i on the focused row runs its detail accessory's handler", "i details" in row_named("Keyboard").text)
    ActionChains(driver).send_keys("i").perform()
    wait(lambda: "i details" not in row_named("Keyboard").text)
    inset = driver.execute_script(
        "const row = document.querySelector('.dw-section:last-of-type .dw-row');"
        "return row && row.style.getPropertyValue('--dw-line-leading')")
    check("separators: the list's item separator handler insets the lines between its rows", inset == "52px", inset)


def touch_test():
    """A finger on the million rows, as on a phone: a horizontal swipe reveals a row's swipe
    actions, its side's by its direction, and a tap on one performs it; a full swipe performs the
    side's first; a tap selects; the reorder handle drags."""
    fresh_page("/list")
    enable_touch(driver)
    wait(lambda: rows(driver)[0][:1] == ["Row 1"])
    x, y = center(driver, row_named("Row 3"))
    touch_swipe(driver, x + 150, y, x - 150)
    check("touch: a swipe to the left reveals the row's actions", wait(
        lambda: "dw-swiped" in row_named("Row 3").get_attribute("class")), row_named("Row 3").get_attribute("class"))
    time.sleep(0.8)  # a tap while the swipe's fling lasts only stops it, as on a phone
    favorite = row_named("Row 3").find_element(By.CSS_SELECTOR, ".dw-actions:not(.dw-leading) .dw-action")
    fx, fy = center(driver, favorite)
    touch_tap(driver, fx, fy)
    check("touch: a tap on an action performs it", wait(
        lambda: row_named("Row 3").find_elements(By.CLASS_NAME, "dw-heart")), row_named("Row 3").get_attribute("class"))
    x, y = center(driver, row_named("Row 5"))
    touch_tap(driver, x, y)
    check("touch: a tap selects", wait(lambda: row_named("Row 5").get_attribute("aria-selected") == "true"))
    shown_actions = lambda name: [a.text for a in row_named(name).find_elements(By.CSS_SELECTOR, ".dw-action")
                                  if a.is_displayed()]
    check("touch: a tap shows no swipe actions", shown_actions("Row 5") == [], str(shown_actions("Row 5")))
    x, y = center(driver, row_named("Row 4"))
    touch_swipe(driver, x - 150, y, x + 150)
    check("touch: a swipe to the right reveals the leading actions alone",
          wait(lambda: shown_actions("Row 4") == ["Flag"]), str(shown_actions("Row 4")))
    time.sleep(0.8)
    touch_tap(driver, *center(driver, row_named("Row 4").find_element(By.CSS_SELECTOR, ".dw-leading .dw-action")))
    check("touch: a tap on the leading action performs it", wait(lambda: "⚑" in row_named("Row 4").text),
          row_named("Row 4").text)
    width = driver.execute_script("return arguments[0].getBoundingClientRect().width", row_named("Row 6"))
    x, y = center(driver, row_named("Row 6"))
    touch_swipe(driver, x + width * 0.45, y, x - width * 0.45)
    check("touch: a full swipe to the left performs the first trailing action, revealing nothing",
          wait(lambda: row_named("Row 6").find_elements(By.CLASS_NAME, "dw-heart"))
          and "dw-swiped" not in row_named("Row 6").get_attribute("class"), row_named("Row 6").get_attribute("class"))
    time.sleep(0.5)
    x, y = center(driver, row_named("Row 4"))
    touch_swipe(driver, x + width * 0.45, y, x - width * 0.45)
    time.sleep(0.5)
    x, y = center(driver, row_named("Row 4"))
    touch_swipe(driver, x - width * 0.45, y, x + width * 0.45)
    check("touch: a full swipe to the right performs the leading one", wait(lambda: "⚑" not in row_named("Row 4").text),
          row_named("Row 4").text)
    settled(driver)
    hx, hy = center(driver, row_named("Row 5").find_element(By.CLASS_NAME, "dw-handle"))
    tx, ty = center(driver, row_named("Row 1"))
    touch_drag(driver, hx, hy, hx, ty - 8, steps=12)
    check("touch: the reorder handle drags a row to another place",
          wait(lambda: rows(driver)[0][:3] == ["Row 5", "Row 1", "Row 2"]), str(rows(driver)[0][:4]))
    # The hearts off again, for the tests after, and the page a mouse's again.
    for name in ("Row 3", "Row 6"):
        time.sleep(0.8)
        x, y = center(driver, row_named(name))
        touch_swipe(driver, x + 150, y, x - 150)
        wait(lambda: "dw-swiped" in row_named(name).get_attribute("class"))
        time.sleep(0.8)
        touch_tap(driver, *center(driver, row_named(name).find_element(By.CSS_SELECTOR, ".dw-actions:not(.dw-leading) .dw-action")))
        wait(lambda: not row_named(name).find_elements(By.CLASS_NAME, "dw-heart"))
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def index_test():
    fresh_page("/list")
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, "nav.dw-index button"))
    titles = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "nav.dw-index button")]
    check("index: the data source's titles, as buttons in a named navigation landmark",
          titles[:3] == ["1", "100k", "200k"] and len(titles) == 10
          and driver.find_element(By.CSS_SELECTOR, "nav.dw-index").get_attribute("aria-label"), str(titles))
    driver.find_element(By.XPATH, "//nav[@class='dw-index']/button[text()='500k']").click()
    top_row = lambda: driver.execute_script("""
        const bar = document.querySelector('.dw-bar').getBoundingClientRect().bottom;
        const row = Array.from(document.querySelectorAll('.dw-window > .dw-row'))
            .find(r => r.getBoundingClientRect().bottom > bar + 2);
        return row && row.querySelector('.dw-text').textContent;""")
    wait(lambda: top_row() == "Row 500000")
    check("index: a title scrolls its row to the top", top_row() == "Row 500000", str(top_row()))
    button = driver.find_element(By.XPATH, "//nav[@class='dw-index']/button[text()='1']")
    driver.execute_script("arguments[0].focus()", button)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait(lambda: top_row() == "Row 1")
    check("index: Enter on a focused title does it from the keyboard", top_row() == "Row 1", str(top_row()))


def two_pages_test():
    other = chrome(width=900, height=900)
    try:
        driver.get(server.url("/grid"))
        other.get(server.url("/grid"))
        page_ready(driver)
        page_ready(other)
        favorites = lambda d: rows(d)[0]
        before = favorites(other)
        tile = driver.find_element(By.XPATH, "//section[2]//div[contains(@class,'dw-tile')][.//span[text()='Pear']]")
        tile.click()
        wait(lambda: favorites(other)[:1] == ["Pear"])
        check("two pages: a tap in one shows in the other", favorites(other)[:1] == ["Pear"] and
              favorites(other)[1:] == before, str(favorites(other)))
        hearts = other.execute_script(
            "return Array.from(document.querySelectorAll('.dw-tile')).filter(t => t.querySelector('.dw-heart'))"
            ".map(t => t.querySelector('.dw-text').textContent)")
        check("two pages: the other page's tiles show the heart", "Pear" in hearts, str(hearts))
        tile.click()
        wait(lambda: favorites(other) == before)
        check("two pages: and its removal", favorites(other) == before)
        check("xss: a tile named with markup shows as text",
              "<img src=x onerror=alert(1)>" in [t for s in rows(driver) for t in s])
        driver.set_window_size(1280, 900)
        time.sleep(0.5)
        driver.save_screenshot(os.path.join(shots, "grid-1280.png"))
        driver.set_window_size(420, 900)
        wait(lambda: driver.execute_script("return window.diffable.sections.size > 1 && "
                                           "Array.from(window.diffable.sections.values())[1].desc.cols == 2"))
        time.sleep(0.5)
        driver.save_screenshot(os.path.join(shots, "grid-420.png"))
        check("grid: the columns follow the width", driver.execute_script(
            "return Array.from(window.diffable.sections.values())[1].desc.cols") == 2)
        driver.set_window_size(1200, 1000)
    finally:
        other.quit()


def reconnect_test():
    driver.get(server.url("/outline"))
    page_ready(driver)
    first = driver.execute_script("return window.diffable.session")
    resets = stats(driver)["resets"]
    server.stop()
    wait(lambda: driver.find_element(By.CLASS_NAME, "dw-status").text == "reconnecting…", timeout=10)
    check("reconnect: the page says it is reconnecting",
          driver.find_element(By.CLASS_NAME, "dw-status").text == "reconnecting…")
    server.start()
    wait(lambda: stats(driver)["resets"] > resets, timeout=20)
    check("reconnect: after a server restart, the page resyncs with a reset", stats(driver)["resets"] > resets)
    check("reconnect: with a new session (the old one died with the server)",
          driver.execute_script("return window.diffable.session") != first)
    check("reconnect: and shows its rows again", "Recipes" in [t for s in rows(driver) for t in s])
    driver.save_screenshot(os.path.join(shots, "outline.png"))


def row_named(text):
    return driver.find_element(By.XPATH, f"//div[contains(@class,'dw-row')][.//span[@class='dw-text'][text()='{text}']]")


def menu_state():
    """The menus shown (root first): each one's role, label, position, and its lines."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('.dw-menu')).map(menu => {
          const rect = menu.getBoundingClientRect();
          return {role: menu.getAttribute('role'), label: menu.getAttribute('aria-label'),
                  x: rect.left, y: rect.top,
                  items: Array.from(menu.querySelectorAll('[role^=menuitem]')).map(el => ({
                    title: el.querySelector('.dw-menu-label').textContent, role: el.getAttribute('role'),
                    checked: el.getAttribute('aria-checked'), disabled: el.getAttribute('aria-disabled'),
                    popup: el.getAttribute('aria-haspopup'), focused: el === document.activeElement})),
                  separators: menu.querySelectorAll('[role=separator]').length};
        });""")


def focused_text():
    return driver.execute_script(
        "const el = document.activeElement; return (el.querySelector('.dw-text, .dw-menu-label') || el).textContent")


def fresh_page(path):
    """Loads a page with a session of its own: million_test's page (rows moved, deleted,
    searched) would otherwise be resumed."""
    driver.get(server.url(path))
    page_ready(driver)
    driver.execute_script("sessionStorage.clear()")
    driver.get(server.url(path))
    page_ready(driver)


def context_menu_test():
    fresh_page("/list")
    wait(lambda: rows(driver)[0][:1] == ["Row 1"])
    row = row_named("Row 2")
    ActionChains(driver).context_click(row).perform()
    wait(lambda: menu_state())
    menus = menu_state()
    menu = menus[0]
    check("context menu: a right-click opens the row's menu, one WAI-ARIA menu named for the row",
          len(menus) == 1 and menu["role"] == "menu" and "Row 2" in menu["label"], str(menus))
    check("context menu: its lines, the focus on the first",
          [i["title"] for i in menu["items"]] == ["Favorite", "Mark", "Share", "Delete"] and menu["items"][0]["focused"],
          str(menu["items"]))
    check("context menu: a submenu says so, a disabled action too, a separator before the group",
          menu["items"][1]["popup"] == "menu" and menu["items"][2]["disabled"] == "true" and menu["separators"] == 1)
    rect = row_named("Row 2").rect
    check("context menu: where the click was", rect["y"] <= menu["y"] <= rect["y"] + rect["height"] + 2, f"{menu} {rect}")
    driver.save_screenshot(os.path.join(shots, "context-menu.png"))
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait(lambda: not menu_state() and driver.execute_script("return !!document.querySelector('.dw-heart')"))
    check("context menu: Enter chooses Favorite, the menu closes, the focus is back on the row",
          focused_text() == "Row 2" and row_named("Row 2").find_elements(By.CLASS_NAME, "dw-heart"), focused_text())
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
    wait(lambda: menu_state())
    favorite = menu_state()[0]["items"][0]
    check("context menu: Shift-F10 opens it from the keyboard, Favorite now checked",
          favorite["role"] == "menuitemcheckbox" and favorite["checked"] == "true", str(favorite))
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).send_keys(Keys.ARROW_RIGHT).perform()
    wait(lambda: len(menu_state()) == 2)
    submenu = menu_state()[1]
    check("context menu: Right opens the submenu, its choices radios, the current one checked",
          [(i["title"], i["role"], i["checked"]) for i in submenu["items"]] ==
          [("No Mark", "menuitemradio", "true"), ("Star", "menuitemradio", "false"), ("Flag", "menuitemradio", "false")]
          and submenu["items"][0]["focused"], str(submenu))
    check("context menu: the submenu's opener is expanded", driver.execute_script(
        "return document.querySelector('[aria-haspopup=menu]').getAttribute('aria-expanded')") == "true")
    ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
    wait(lambda: len(menu_state()) == 1)
    check("context menu: Left closes the submenu, the focus back on its line", focused_text() == "Mark", focused_text())
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).send_keys(Keys.ARROW_DOWN).send_keys(Keys.ENTER).perform()
    wait(lambda: not menu_state() and "★" in row_named("Row 2").text)
    check("context menu: a choice in the submenu marks the row and closes every level", "★" in row_named("Row 2").text)
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
    wait(lambda: menu_state())
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait(lambda: not menu_state())
    check("context menu: Escape closes it, the focus back on the row", focused_text() == "Row 2", focused_text())
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
    wait(lambda: menu_state())
    ActionChains(driver).send_keys("d").send_keys(Keys.ARROW_UP).send_keys(Keys.ENTER).perform()
    time.sleep(0.3)
    check("context menu: a letter jumps to its line; a disabled one is read but not chosen",
          menu_state() and focused_text() == "Share", focused_text())
    before = stats(driver)
    ActionChains(driver).send_keys("d").send_keys(Keys.ENTER).perform()
    wait(lambda: "Row 2" not in rows(driver)[0])
    check("context menu: Delete deletes the row, as one removal, the focus to the row that took its place",
          stats(driver)["removes"] - before["removes"] == 1 and focused_text() == "Row 3", focused_text())
    ActionChains(driver).context_click(row_named("Row 3")).perform()
    wait(lambda: menu_state())
    driver.find_element(By.CLASS_NAME, "dw-title").click()
    wait(lambda: not menu_state())
    check("context menu: a click outside closes it", not menu_state())
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    finger = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    finger.pointer_action.move_to(row_named("Row 5")).pointer_down().pause(0.8).pointer_up()
    finger.perform()
    wait(lambda: menu_state())
    check("context menu: a long press by touch opens it, and selects nothing",
          "Row 5" in menu_state()[0]["label"] and not row_named("Row 5").get_attribute("aria-selected") == "true",
          str(menu_state()))
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    check("no errors in the browser's console", not severe_logs(), str(severe_logs()))


tests = (property_test, xss_test, outline_test, million_test, context_menu_test, pop_up_menu_test, index_test,
         touch_test, live_test, two_pages_test, reconnect_test)
only = os.environ.get("DIFFABLE_WEB_TESTS")  # e.g. "million_test,xss_test"
try:
    for test in tests:
        if only and test.__name__ not in only.split(","):
            continue
        try:
            test()
        except Exception as error:  # a test that crashes fails, the others still run
            fail(test.__name__, f"{type(error).__name__}: {error}")
finally:
    driver.quit()
    server.stop()
summary()
