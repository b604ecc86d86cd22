#!/usr/bin/env python3
"""Recipes in the browser, end to end: `recipes serve` in headless Chromium through Selenium.

    Examples/Recipes/Tests/e2e/recipes-web.py path/to/recipes [--screenshots DIR]
        [--postgres URL --second-host NAMESPACE ADDRESS URL]

Every flow of the app through clicks and keys (sidebar, outline, detail, favorites, add with a
validation error, edit, delete with confirmation, search grouped by collection, list and grid),
again at a phone's width (390×844) with a finger (the columns collapsed, as a split view's),
two pages that see each other's changes, a second server, the terminal app (in tmux) and
`recipes import` on the same database seen live, memberships written by another client and
Recents ageing live, a hostile title shown as text, and a server restart that resyncs the page.
Prints one line per check and "N passed, N failed"; exits non-zero on a failure.

With --postgres, every flow runs on PostgreSQL (a fresh database) and the second server runs on
another host: in network namespace NAMESPACE, serving at ADDRESS, reaching the database at its
own URL (Examples/Recipes/Tests/e2e/recipes-postgres-hosts.sh sets the hosts up). The first
server is then killed with SIGKILL rather than stopped, and each server's replication slot is
checked: one per running server, none once they stop.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from recipes_e2e import Server  # puts Tests/e2e/web, the DiffableWeb browser tests' helpers, on the path
import lib  # noqa: E402
from lib import check, summary  # noqa: E402

HOSTILE = "<img src=x onerror=alert(1)>"


def wait(condition, timeout=10, interval=0.05):
    """The shared poll, with this test's own timeout and interval."""
    return lib.wait(condition, timeout, interval)


def chrome(width, height=900):
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    driver.set_window_size(width, height)
    return driver


class Page:
    """One browser page on the Recipes app, read through the DOM."""

    def __init__(self, driver, url):
        self.d = driver
        driver.get(url)
        wait(lambda: self.js("return !!(window.diffable && window.diffable.session)"))
        wait(lambda: self.rows() and self.detail_title())

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def texts(self, selector):
        return self.js("return Array.from(document.querySelectorAll(arguments[0])).map(e => e.textContent)",
                       selector)

    def rows(self):
        return self.texts(".dw-collection .dw-window > * .dw-text")

    def count(self):
        """The number of items in the list (only those near the screen have elements)."""
        return self.js("return Array.from(window.diffable.sections.values())"
                       ".reduce((n, s) => n + s.desc.count, 0)")

    def sidebar(self):
        return self.texts("[data-region=sidebar] .dw-row .dw-text")

    def sidebar_count(self, title):
        return self.js("""
            for (const row of document.querySelectorAll('[data-region=sidebar] .dw-row'))
                if (row.querySelector('.dw-text').textContent === arguments[0])
                    return row.querySelector('.dw-secondary')?.textContent ?? null;
            return null;""", title)

    def title(self):
        return (self.texts("[data-region=list-header] .dw-panel-title-text") or [""])[0]

    def detail_title(self):
        return (self.texts("[data-region=detail] .dw-panel-title-text") or [""])[0]

    def selected(self):
        return self.texts(".dw-collection .dw-selected .dw-text")

    def headers(self):
        return self.texts(".dw-collection .dw-header:not([hidden]) .dw-text")

    def element(self, script, *args):
        return wait(lambda: self.js(script, *args), timeout=5)

    def row(self, text, region=".dw-collection"):
        return self.element("""
            for (const t of document.querySelectorAll(arguments[1] + ' .dw-window > * .dw-text'))
                if (t.textContent === arguments[0]) return t.closest('.dw-row, .dw-tile');
            return null;""", text, region)

    def settled_row(self, text, region=".dw-collection"):
        """The row showing `text`, scrolled clear of the sticky bars as a person would scroll it,
        once it has stopped moving (the page reports the scroll and the server may answer with
        rows around it), as a person's eye would wait for it."""
        row = self.row(text, region)
        self.js("arguments[0].scrollIntoView({block: 'center'})", row)
        last = None
        for _ in range(40):
            row = self.row(text, region)
            place = self.js("const r = arguments[0].getBoundingClientRect(); return [r.top, r.left]", row)
            if place == last:
                break
            last = place
            time.sleep(0.05)
        return row

    def click_row(self, text, region=".dw-collection"):
        self.settled_row(text, region).click()

    def tap(self, element):
        """A finger's tap on an element's centre, scrolled onto the screen first."""
        self.js("arguments[0].scrollIntoView({block: 'nearest'})", element)
        lib.touch_tap(self.d, *lib.center(self.d, element))

    def tap_row(self, text, region=".dw-collection"):
        self.tap(self.settled_row(text, region))

    def tap_button(self, region, action):
        self.tap(self.button(region, action))

    def tap_menu_item(self, title):
        self.tap(self.element("""
            for (const label of document.querySelectorAll('.dw-menu .dw-menu-label'))
                if (label.textContent === arguments[0]) return label.closest('[role^=menuitem]');
            return null;""", title))

    def hearted(self, text):
        return self.js("return !!arguments[0].querySelector('.dw-heart')", self.row(text))

    def button(self, region, action):
        return self.element("return document.querySelector(`[data-region=${arguments[0]}] button[data-a=${arguments[1]}]`)",
                            region, action)

    def press(self, region, action):
        self.button(region, action).click()

    def crowding(self):
        """Controls and headings shown whose boxes overlap by more than 2 px, and targets under
        24 px (WCAG 2.2's minimum). While a modal dialog is open, those in it: it covers the rest."""
        return self.js("""
            const modal = Array.from(document.querySelectorAll('[aria-modal=true]'))
                .find(m => m.getClientRects().length > 0);
            const shown = Array.from((modal || document).querySelectorAll('button, input, textarea, h1, h2, h3, [role=option]'))
                .map(el => [el, el.getBoundingClientRect()])
                .filter(([el, r]) => r.width > 2 && r.height > 2 && el.offsetParent !== null);
            const overlaps = [];
            for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
              const [a, ra] = shown[i], [b, rb] = shown[j];
              if (a.contains(b) || b.contains(a)) continue;
              const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
              const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
              if (w > 2 && h > 2) overlaps.push(`${a.className || a.tagName} × ${b.className || b.tagName}`);
            }
            const small = shown.filter(([el, r]) => el.matches('button, input') && (r.width < 24 || r.height < 24))
                .map(([el]) => el.className || el.tagName);
            return overlaps.concat(small);""")

    def dialog_open(self):
        return self.js("return !document.querySelector('[data-region=dialog]').hidden")

    def field(self, name):
        return self.element("return document.querySelector(`[data-region=dialog] [name=${arguments[0]}]`)", name)

    def errors(self):
        return self.texts("[data-region=dialog] .dw-field-error")


def option(name, count=1):
    """The values after `name` on the command line, or None."""
    if name not in sys.argv:
        return None
    index = sys.argv.index(name)
    return sys.argv[index + 1:index + 1 + count]


def slots(url):
    """The number of replication slots of the database at `url` (through psql)."""
    result = subprocess.run([shutil.which("psql") or "psql", "-X", "-A", "-t", "-d", url, "-c",
                             "SELECT count(*) FROM pg_replication_slots WHERE database = current_database()"],
                            capture_output=True, text=True)
    return int(result.stdout.strip() or -1)


def main():
    binary = os.path.abspath(sys.argv[1])
    shots = (option("--screenshots") or [None])[0]
    folder = tempfile.mkdtemp(prefix="recipes-web-")
    postgres = option("--postgres")
    second_host = option("--second-host", 3)
    if postgres:
        store = ["--postgres", postgres[0]]
        namespace, address, url = second_host
        second_server = lambda: Server(binary, ["--postgres", url], folder, namespace=namespace, host=address)
    else:
        store = ["--database", os.path.join(folder, "recipes.sqlite")]
        second_server = lambda: Server(binary, store, folder)
    server = Server(binary, store, folder)
    second = None
    drivers = []
    try:
        a_driver = chrome(1280)
        drivers.append(a_driver)
        a = Page(a_driver, server.url)
        run(a, binary, store, server, drivers, shots)
        second = second_server()
        b_driver = chrome(1280)
        drivers.append(b_driver)
        b = Page(b_driver, second.url)
        across(a, b, binary, store, folder)
        phone(server, drivers, shots)
        keyboard(a, b)
        memberships_and_recents(a, b, store)
        if postgres:
            sql(a, b, postgres[0])
        terminal(a, binary, store)
        restart(a, server, binary, store, folder, killed=bool(postgres))
        if postgres:
            check("each running server holds one replication slot, the killed one's is gone",
                  wait(lambda: slots(postgres[0]) == 2), f"{slots(postgres[0])} slots")
    except Exception as error:  # a broken flow is a failure, not a crash
        import traceback
        check("the flows ran to the end", False, traceback.format_exc(limit=-3).replace("\n", " | "))
    finally:
        for driver in drivers:
            driver.quit()
        server.stop()
        if second:
            second.stop()
        shutil.rmtree(folder, ignore_errors=True)
    if postgres:
        check("stopped servers leave no replication slot behind", wait(lambda: slots(postgres[0]) == 0),
              f"{slots(postgres[0])} slots")
    summary()


def run(a, binary, store, server, drivers, shots):
    check("the sidebar shows the library lists and the collections",
          a.sidebar()[:4] == ["All Recipes", "Favorites", "Recents", "Collections"] and len(a.sidebar()) > 5,
          repr(a.sidebar()))
    check("All Recipes lists the forty seed recipes", a.title() == "All Recipes · 40" and a.count() == 40,
          f"{a.title()!r} {a.count()}")
    check("the first recipe is selected and shown in the detail",
          a.selected() == a.rows()[:1] and a.detail_title() == a.rows()[0], f"{a.selected()} {a.detail_title()!r}")
    lib.audit(a.d, "All Recipes")
    check("1280 px: no controls or headings overlap, no target under 24 px", wait(lambda: a.crowding() == []),
          repr(a.crowding()))

    # A sidebar choice.
    collection = a.sidebar()[4]
    count = int(a.sidebar_count(collection))
    a.click_row(collection, "[data-region=sidebar]")
    wait(lambda: a.title().startswith(collection))
    check("choosing a collection shows its recipes",
          wait(lambda: a.title() == f"{collection} · {count}") and wait(lambda: a.count() == count),
          f"{a.title()!r} {a.count()} rows, sidebar said {count}")
    check("the sidebar shows the chosen list selected",
          a.texts("[data-region=sidebar] .dw-selected .dw-text") == [collection])
    lib.audit(a.d, "a collection")

    # The outline.
    collections = len(a.sidebar()) - 4
    a.js("document.querySelector('[data-region=sidebar] .dw-row[aria-expanded] .dw-disclosure').click()")
    check("collapsing Collections hides its rows", wait(lambda: len(a.sidebar()) == 4), repr(a.sidebar()))
    a.click_row("Collections", "[data-region=sidebar]")
    check("expanding Collections shows them again", wait(lambda: len(a.sidebar()) == 4 + collections),
          repr(a.sidebar()))

    # Keys in the sidebar, a region's collection: arrows move within it, Enter chooses.
    a.click_row("All Recipes", "[data-region=sidebar]")
    wait(lambda: a.title().startswith("All Recipes"))
    a.row("All Recipes", "[data-region=sidebar]").send_keys(Keys.ARROW_DOWN)
    check("Down in the sidebar moves the focus within it",
          a.js("return document.activeElement.closest('[data-region]')?.dataset.region") == "sidebar"
          and a.js("return document.activeElement.querySelector('.dw-text')?.textContent") == "Favorites")
    a.d.switch_to.active_element.send_keys(Keys.ENTER)
    check("and Enter chooses the list", wait(lambda: a.title().startswith("Favorites")), a.title())
    check("the main list's keys are its own: its focus did not move",
          a.js("return window.diffable.focusedKey") is None)

    # Selection and the detail.
    a.click_row("All Recipes", "[data-region=sidebar]")
    wait(lambda: a.title() == "All Recipes · 40")
    target = a.rows()[3]
    a.click_row(target)
    check("clicking a recipe shows its detail",
          wait(lambda: a.detail_title() == target) and a.selected() == [target], f"{a.detail_title()!r}")
    check("the detail lists times, ingredients and directions",
          a.texts("[data-region=detail] dt") == ["Prep", "Cook", "Serves"]
          and len(a.texts("[data-region=detail] ul li")) > 1 and len(a.texts("[data-region=detail] ol li")) > 0)

    # Keys: arrows move, Enter selects.
    a.row(target).send_keys(Keys.ARROW_DOWN)
    a.d.switch_to.active_element.send_keys(Keys.ENTER)
    following = a.rows()[4]
    check("Down then Enter selects the next recipe", wait(lambda: a.detail_title() == following),
          f"{a.detail_title()!r} != {following!r}")

    # Favorites: the row's heart, the count, and in Favorites the row leaves and comes back.
    favorites = int(a.sidebar_count("Favorites"))
    a.press("detail", "favorite")
    check("favoriting puts a heart on the row and counts it",
          wait(lambda: a.js("return !!arguments[0].querySelector('.dw-heart')", a.row(following)))
          and wait(lambda: a.sidebar_count("Favorites") == str(favorites + 1)), a.sidebar_count("Favorites"))
    a.click_row("Favorites", "[data-region=sidebar]")
    wait(lambda: a.title().startswith("Favorites"))
    check("in Favorites the favorite is selected", wait(lambda: a.selected() == [following]), repr(a.selected()))
    a.press("detail", "favorite")
    check("unfavorited in Favorites, the row leaves and the detail stays",
          wait(lambda: following not in a.rows()) and a.detail_title() == following, repr(a.rows()))
    a.press("detail", "favorite")
    check("favorited again, the row comes back selected",
          wait(lambda: a.selected() == [following]), f"{a.rows()} {a.selected()}")
    a.press("detail", "favorite")
    wait(lambda: following not in a.rows())

    # Add, with validation errors first.
    a.click_row("All Recipes", "[data-region=sidebar]")
    wait(lambda: a.title() == "All Recipes · 40")
    a.press("list-header", "new")
    check("New Recipe opens the form", wait(a.dialog_open) and a.field("title") is not None)
    a.field("prepMinutes").clear()
    a.field("prepMinutes").send_keys("soon")
    a.press("dialog", "save")
    errors = wait(lambda: a.errors())
    check("an empty title and a bad time are refused with messages",
          errors == ["must not be empty", "must be a number of minutes"], repr(errors))
    check("the first wrong field has the focus",
          a.js("return document.activeElement.name") == "title")
    check("each error describes its field, which says it is invalid", a.js(
        "return Array.from(document.querySelectorAll('[data-region=dialog] [aria-invalid=true]')).map(input =>"
        " (input.getAttribute('aria-describedby') || '').split(' ').map(id => document.getElementById(id)?.textContent))")
          == [["must not be empty"], ["must be a number of minutes"]],
          "the fields' descriptions")
    lib.audit(a.d, "the add form with validation errors")
    a.field("title").send_keys("Test Pancakes")
    a.field("prepMinutes").clear()
    a.field("prepMinutes").send_keys("5")
    a.field("ingredients").send_keys("2 eggs\n200 g flour")
    a.press("dialog", "save")
    check("a valid recipe is added, listed and selected",
          wait(lambda: not a.dialog_open()) and wait(lambda: "Test Pancakes" in a.rows())
          and wait(lambda: a.selected() == ["Test Pancakes"]) and wait(lambda: a.title() == "All Recipes · 41"),
          f"{a.title()!r} {a.selected()}")
    check("its detail shows what was typed",
          a.detail_title() == "Test Pancakes" and a.texts("[data-region=detail] ul li") == ["2 eggs", "200 g flour"])

    # Edit, saved with Enter.
    a.press("detail", "edit")
    wait(a.dialog_open)
    title = a.field("title")
    check("Edit opens the form on the recipe", title.get_attribute("value") == "Test Pancakes")
    title.send_keys(" Deluxe", Keys.ENTER)
    check("an edit updates the row and the detail",
          wait(lambda: "Test Pancakes Deluxe" in a.rows()) and wait(lambda: a.detail_title() == "Test Pancakes Deluxe"))

    # Delete, with a confirmation; Escape cancels.
    a.press("detail", "delete")
    check("Delete asks first", wait(a.dialog_open) and "cannot be undone" in " ".join(a.texts("[data-region=dialog] p")))
    lib.audit(a.d, "the delete confirmation")
    a.d.switch_to.active_element.send_keys(Keys.ESCAPE)
    check("Escape cancels the deletion", wait(lambda: not a.dialog_open()) and "Test Pancakes Deluxe" in a.rows())
    index = a.rows().index("Test Pancakes Deluxe")
    a.press("detail", "delete")
    wait(a.dialog_open)
    a.press("dialog", "delete")
    check("confirmed, the recipe is deleted and the count follows",
          wait(lambda: "Test Pancakes Deluxe" not in a.rows()) and wait(lambda: a.title() == "All Recipes · 40"))
    check("its neighbour is selected", wait(lambda: a.selected() == [a.rows()[min(index, 39)]]),
          f"{a.selected()} {a.rows()[index]}")

    # A recipe's context menu, on a row that is not selected: it acts on that recipe.
    other = next(title for title in a.rows()[2:] if title not in a.selected())

    def open_menu():
        row = a.row(other)
        a.js("arguments[0].scrollIntoView({block: 'center'})", row)
        time.sleep(0.2)
        ActionChains(a.d).context_click(a.row(other)).perform()
        return wait(lambda: a.texts(".dw-menu .dw-menu-label"))

    check("a right-click opens the recipe's context menu: Favorite, Edit, Delete",
          open_menu() and a.texts(".dw-menu .dw-menu-label") == ["Favorite", "Edit", "Delete"],
          repr(a.texts(".dw-menu .dw-menu-label")))
    lib.audit(a.d, "a recipe's context menu")
    ActionChains(a.d).send_keys(Keys.ARROW_DOWN, Keys.ENTER).perform()
    check("Edit in the menu selects the recipe and opens the form on it",
          wait(a.dialog_open) and a.field("title").get_attribute("value") == other
          and wait(lambda: a.detail_title() == other), a.detail_title())
    a.d.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(lambda: not a.dialog_open())
    hearted = a.js("return !!arguments[0].querySelector('.dw-heart')", a.row(other))
    open_menu()
    ActionChains(a.d).send_keys(Keys.ENTER).perform()
    check("Favorite in the menu toggles the heart on its row",
          wait(lambda: a.js("return !!arguments[0].querySelector('.dw-heart')", a.row(other)) != hearted))
    open_menu()
    ActionChains(a.d).send_keys(Keys.END, Keys.ENTER).perform()
    check("Delete in the menu asks first, naming the recipe",
          wait(a.dialog_open) and other in " ".join(a.texts("[data-region=dialog] p")))
    a.d.switch_to.active_element.send_keys(Keys.ESCAPE)
    check("and Escape keeps it", wait(lambda: not a.dialog_open()) and other in a.rows())

    # Search, grouped by collection.
    search = a.d.find_element("css selector", ".dw-search")
    a.d.find_element("css selector", "body").send_keys("/")
    check("/ focuses the search field", a.js("return document.activeElement.classList.contains('dw-search')"))
    search.send_keys("chi")
    check("typing searches, grouped by collection under headers",
          wait(lambda: a.title().startswith("“chi”")) and wait(lambda: len(a.headers()) > 0),
          f"{a.title()!r} {a.headers()}")
    found = int(a.title().split("·")[1].split()[0].rstrip("+"))
    check("the results are the recipes found", a.count() == found, f"{a.count()} rows, {found} found")
    lib.audit(a.d, "search results")
    search.send_keys(Keys.COMMAND + "a" if sys.platform == "darwin" else Keys.CONTROL + "a", Keys.BACKSPACE)
    check("clearing the search shows the list again",
          wait(lambda: a.title() == "All Recipes · 40") and wait(lambda: not a.headers()), a.title())

    # List and grid.
    a.press("list-header", "grid")
    check("Grid shows cards", wait(lambda: a.js("return document.querySelectorAll('.dw-collection .dw-tile').length") > 0))
    check("the selection survives the grid", wait(lambda: len(a.selected()) == 1))
    lib.audit(a.d, "the grid")
    if shots:
        a.d.save_screenshot(os.path.join(shots, "recipes-web-grid-1280.png"))
    a.press("list-header", "list")
    check("List shows rows again", wait(lambda: a.js(
        "return document.querySelectorAll('.dw-collection .dw-tile').length === 0 && "
        "document.querySelectorAll('.dw-collection .dw-row').length > 0")))

    if shots:
        screenshots(a, shots)


def screenshots(a, folder):
    a.click_row("All Recipes", "[data-region=sidebar]")
    wait(lambda: a.title() == "All Recipes · 40")
    a.click_row(a.rows()[2])
    time.sleep(0.5)
    a.d.save_screenshot(os.path.join(folder, "recipes-web-1280.png"))
    a.d.set_window_size(800, 900)
    time.sleep(0.8)
    a.d.save_screenshot(os.path.join(folder, "recipes-web-800.png"))
    a.d.set_window_size(1280, 900)
    time.sleep(0.3)


def phone(server, drivers, shots):
    """Every flow at a phone's width, with a finger: the three columns collapse, as a split view
    does — the list first, a recipe's detail over it with a back control, the sidebar one step
    back — and each flow (a list from the sidebar, the outline, the detail, favorites, the context
    menu by a long press, add with errors, edit, delete, search, the grid) works by taps, with
    nothing overflowing or overlapping; wide again, the three columns, the recipe chosen still
    selected."""
    driver = chrome(390, 844)
    drivers.append(driver)
    lib.enable_touch(driver)
    p = Page(driver, server.url)

    def shown():
        return p.js("return ['[data-region=sidebar]', '.dw-center', '[data-region=detail]']"
                    ".map(s => { const el = document.querySelector(s); return !!el && !el.hidden; })")

    def back():
        return p.js("const b = document.querySelector('.dw-back'); return b && !b.hidden ? b.textContent : null")

    def go_back():
        p.tap(driver.find_element(By.CSS_SELECTOR, ".dw-back"))

    def tidy(name):
        """Nothing overflows sideways, nothing overlaps, no target is too small: the layout at
        rest, scrolled to the top (content that scrolls passes under the translucent bars)."""
        p.js("window.scrollTo(0, 0)")
        check(f"{name if 'px' in name else 'phone, ' + name}: nothing overflows sideways, overlaps or is under 24 px",
              p.js("return document.documentElement.scrollWidth <= window.innerWidth")
              and wait(lambda: p.crowding() == []), repr(p.crowding()))

    check("phone: the list alone, the sidebar one step back",
          wait(lambda: shown() == [False, True, False] and back() == "‹ Recipes"), f"{shown()} {back()!r}")
    tidy("the list")
    lib.audit(driver, "the list at 390 px")
    if shots:
        driver.save_screenshot(os.path.join(shots, "recipes-web-390.png"))

    # The sidebar: a collection, then the outline by taps.
    go_back()
    check("phone: back shows the sidebar alone", wait(lambda: shown() == [True, False, False] and back() is None),
          f"{shown()} {back()!r}")
    tidy("the sidebar")
    lib.audit(driver, "the sidebar at 390 px")
    expanded = p.sidebar()
    collection = expanded[4]
    count = int(p.sidebar_count(collection))
    p.tap_row(collection, "[data-region=sidebar]")
    check("phone: a tap on a collection shows its recipes alone, the way back to the sidebar",
          wait(lambda: p.title() == f"{collection} · {count}") and wait(lambda: shown() == [False, True, False])
          and back() == "‹ Recipes" and wait(lambda: p.count() == count), f"{p.title()!r} {shown()} {back()!r}")
    time.sleep(0.3)  # longer than a report of what the hidden sidebar shows, and its answer, take
    check("phone: the sidebar, one step back, keeps its rows", p.sidebar() == expanded, repr(p.sidebar()))
    go_back()
    check("phone: back shows the sidebar whole at once",
          wait(lambda: p.js("return !document.querySelector('[data-region=sidebar]').hidden"))
          and p.sidebar() == expanded, repr(p.sidebar()))
    p.tap(p.element("return document.querySelector('[data-region=sidebar] .dw-row[aria-expanded] .dw-disclosure')"))
    check("phone: a tap on the disclosure collapses Collections", wait(lambda: len(p.sidebar()) == 4),
          repr(p.sidebar()))
    p.tap_row("Collections", "[data-region=sidebar]")
    check("phone: a tap on Collections expands it again, staying in the sidebar",
          wait(lambda: p.sidebar() == expanded and shown() == [True, False, False]),
          f"{p.sidebar()} {shown()}, expanded before: {expanded}")
    total = int(p.sidebar_count("All Recipes"))
    p.tap_row("All Recipes", "[data-region=sidebar]")
    check("phone: All Recipes again",
          wait(lambda: p.title() == f"All Recipes · {total}" and shown() == [False, True, False]),
          f"{p.title()!r} {shown()}")

    # A long press opens a recipe's context menu without selecting it; its Favorite acts.
    recipe = p.rows()[3]
    p.settled_row(recipe)
    x, y = lib.center(driver, p.row(recipe))
    lib.touch_hold(driver, x, y)
    check("phone: a long press opens the recipe's context menu, and selects nothing",
          wait(lambda: p.texts(".dw-menu .dw-menu-label") == ["Favorite", "Edit", "Delete"])
          and p.selected() != [recipe], f"{p.texts('.dw-menu .dw-menu-label')} {p.selected()}")
    tidy("the context menu")
    hearted = p.hearted(recipe)
    p.tap_menu_item("Favorite")
    check("phone: a tap on Favorite in the menu toggles the recipe's heart",
          wait(lambda: not p.texts(".dw-menu .dw-menu-label")) and wait(lambda: p.hearted(recipe) != hearted),
          p.texts(".dw-menu .dw-menu-label"))

    # The detail, and favorites from it.
    p.tap_row(recipe)
    check("phone: a tap on a recipe shows its detail, with the way back",
          wait(lambda: shown() == [False, False, True] and (back() or "").startswith("‹ All Recipes · "))
          and wait(lambda: p.detail_title() == recipe), f"{shown()} {back()!r} {p.detail_title()!r}")
    if shots:
        driver.save_screenshot(os.path.join(shots, "recipes-web-390-detail.png"))
    lib.audit(driver, "a recipe's detail at 390 px")
    tidy("the detail")
    p.tap_button("detail", "favorite")
    check("phone: the detail's heart button gives the heart back",
          wait(lambda: p.hearted(recipe) == hearted), str(p.hearted(recipe)))
    go_back()
    check("phone: back shows the list again, the recipe still selected",
          wait(lambda: shown() == [False, True, False]) and wait(lambda: p.selected() == [recipe]),
          f"{shown()} {p.selected()}")

    # Add, with errors first, in a form that fills the screen.
    p.tap_button("list-header", "new")
    check("phone: the form takes the whole screen", wait(lambda: p.dialog_open()) and wait(lambda: p.js(
        "return Math.round(document.querySelector('.dw-dialog').getBoundingClientRect().width) === window.innerWidth")))
    lib.audit(driver, "the form at 390 px")
    tidy("the form")
    p.field("prepMinutes").clear()
    p.field("prepMinutes").send_keys("soon")
    p.tap_button("dialog", "save")
    check("phone: a tap on Save with an empty title and a bad time shows both errors",
          wait(lambda: p.errors() == ["must not be empty", "must be a number of minutes"]), repr(p.errors()))
    tidy("the form with errors")
    p.tap(p.field("title"))
    p.field("title").send_keys("Phone Pancakes")
    p.field("prepMinutes").clear()
    p.field("prepMinutes").send_keys("5")
    p.tap_button("dialog", "save")
    check("phone: saved, the recipe is added and selected",
          wait(lambda: not p.dialog_open()) and wait(lambda: p.detail_title() == "Phone Pancakes")
          and wait(lambda: p.title() == f"All Recipes · {total + 1}"), f"{p.detail_title()!r} {p.title()!r}")
    if shown() != [False, False, True]:
        p.tap_row("Phone Pancakes")
    check("phone: its detail shows, with the way back", wait(lambda: shown() == [False, False, True]), str(shown()))

    # Edit and delete from the detail.
    p.tap_button("detail", "edit")
    check("phone: Edit opens the form on the recipe",
          wait(p.dialog_open) and p.field("title").get_attribute("value") == "Phone Pancakes")
    p.field("title").send_keys(" Deluxe")
    p.tap_button("dialog", "save")
    check("phone: a tap on Save updates the detail",
          wait(lambda: not p.dialog_open()) and wait(lambda: p.detail_title() == "Phone Pancakes Deluxe"),
          p.detail_title())
    p.tap_button("detail", "delete")
    check("phone: Delete asks first", wait(p.dialog_open) and "cannot be undone" in " ".join(p.texts("[data-region=dialog] p")))
    tidy("the delete confirmation")
    p.tap_button("dialog", "delete")
    check("phone: confirmed, the recipe is gone and the count follows",
          wait(lambda: not p.dialog_open()) and wait(lambda: p.title() == f"All Recipes · {total}")
          and "Phone Pancakes Deluxe" not in p.rows(), p.title())

    # Search, from the bar on top.
    if shown() != [False, True, False]:
        go_back()
    wait(lambda: shown() == [False, True, False])
    p.tap(driver.find_element(By.CSS_SELECTOR, ".dw-search"))
    check("phone: a tap on the search field focuses it",
          wait(lambda: p.js("return document.activeElement.classList.contains('dw-search')")))
    driver.switch_to.active_element.send_keys("chi")
    check("phone: typing searches, grouped by collection under headers",
          wait(lambda: p.title().startswith("“chi”")) and wait(lambda: len(p.headers()) > 0), p.title())
    tidy("search results")
    found = wait(lambda: p.rows())[0]
    p.tap_row(found)
    check("phone: a tap on a result shows its detail", wait(lambda: p.detail_title() == found and shown() == [False, False, True]),
          f"{p.detail_title()!r} {shown()}")
    go_back()
    driver.find_element(By.CSS_SELECTOR, ".dw-search").clear()
    driver.find_element(By.CSS_SELECTOR, ".dw-search").send_keys(" ", Keys.BACKSPACE)
    check("phone: clearing the search shows the list again", wait(lambda: p.title() == f"All Recipes · {total}"), p.title())

    # The grid: cards, and a tap on one shows its detail.
    p.tap_button("list-header", "grid")
    check("phone: Grid shows cards",
          wait(lambda: p.js("return document.querySelectorAll('.dw-collection .dw-tile').length") > 0))
    tidy("the grid")
    lib.audit(driver, "the grid at 390 px")
    card = wait(lambda: p.rows()[1:])[0]
    p.tap_row(card)
    check("phone: a tap on a card shows its detail", wait(lambda: p.detail_title() == card and shown() == [False, False, True]),
          f"{p.detail_title()!r} {shown()}")
    go_back()
    wait(lambda: shown() == [False, True, False])
    p.tap_button("list-header", "list")
    check("phone: List shows rows again", wait(lambda: p.js(
        "return document.querySelectorAll('.dw-collection .dw-tile').length === 0")))

    # The scroll position survives the detail and back, and a rotation to a tablet's width.
    def on_screen(text):
        return p.js("""
            const row = Array.from(document.querySelectorAll('.dw-collection .dw-window > * .dw-text'))
                .find(t => t.textContent === arguments[0])?.closest('.dw-row');
            const bar = document.querySelector('.dw-region-header')?.getBoundingClientRect().bottom ?? 0;
            if (!row) return false;
            const r = row.getBoundingClientRect();
            return r.top >= bar - 1 && r.bottom <= window.innerHeight + 1;""", text)

    far = p.rows()[-1]
    p.tap_row(far)
    check("phone: a recipe far down the list shows its detail", wait(lambda: p.detail_title() == far), p.detail_title())
    go_back()
    check("phone: back, the list is where it was, the recipe on screen and selected",
          wait(lambda: shown() == [False, True, False]) and wait(lambda: on_screen(far)) and p.selected() == [far],
          f"{p.js('return window.scrollY')} {p.selected()}")

    driver.set_window_size(800, 900)
    check("800 px (a tablet): the three columns, the chosen recipe shown and still on screen in the list",
          wait(lambda: shown() == [True, True, True]) and wait(lambda: p.detail_title() == far)
          and wait(lambda: on_screen(far)), f"{shown()} {p.detail_title()!r}")
    tidy("800 px")
    lib.audit(driver, "the three columns at 800 px")
    driver.set_window_size(1280, 900)
    check("wide again: the three columns, the recipe chosen on the phone still shown",
          wait(lambda: shown() == [True, True, True] and back() is None) and p.detail_title() == far,
          f"{shown()} {back()!r} {p.detail_title()!r}")
    tidy("1280 px")


def keyboard(a, b):
    """Every flow with keys alone, checking where the focus is at each step; then a row moved by
    another page keeps the focus."""
    def active():
        return a.js("const el = document.activeElement; const region = el.closest('[data-region]');"
                    "return [region ? region.dataset.region : el.closest('main') ? 'list' : '',"
                    " el.dataset.a || el.name || el.querySelector('.dw-text')?.textContent || el.className]")

    def key(*keys):
        ActionChains(a.d).send_keys(*keys).perform()

    def tab_to(region, what=None):
        for _ in range(40):
            key(Keys.TAB)
            where, name = active()
            if where == region and what in (None, name):
                return True
        return False

    a.d.refresh()
    wait(lambda: a.js("return !!(window.diffable && window.diffable.session)") and a.rows())
    wait(lambda: a.sidebar_count("Favorites"))
    count = int(a.title().split("·")[1])
    # Tab from the top of the page reaches every region: the skip link, the sidebar, the list,
    # the detail; a collection is one stop, which lands on an item.
    stops = []
    for _ in range(24):
        key(Keys.TAB)
        stops.append(a.js("const el = document.activeElement; const region = el.closest('[data-region]');"
                          "return (region ? region.dataset.region : el.closest('main') ? 'list' : el.className)"
                          " + (el.getAttribute('role') ? ':' + el.getAttribute('role') : '')"))
    check("Tab reaches the skip link, the sidebar's items, the list's and the detail",
          "dw-skip" in stops and any(s in stops for s in ["sidebar:option", "sidebar:treeitem"])
          and "list:option" in stops and "detail" in stops, repr(stops))

    a.d.refresh()
    wait(lambda: a.js("return !!(window.diffable && window.diffable.session)") and a.rows())
    wait(lambda: a.sidebar_count("Favorites"))
    check("keys: Tab reaches the sidebar, on the chosen list", tab_to("sidebar") and active()[1] == "All Recipes",
          repr(active()))
    key(Keys.ARROW_DOWN)
    moved = active()
    key(Keys.ENTER)
    check("keys: Down and Enter choose Favorites, and the focus stays on it",
          wait(lambda: a.title().startswith("Favorites")) and wait(lambda: active() == ["sidebar", "Favorites"]),
          f"{moved} then {active()}, {a.title()!r}")
    key(Keys.ARROW_UP, Keys.ENTER)
    wait(lambda: a.title().startswith("All Recipes"))

    check("keys: Tab reaches the list", tab_to("list"), repr(active()))
    key(Keys.ARROW_DOWN, Keys.ENTER)
    chosen = active()[1]
    check("keys: Enter selects the focused recipe", wait(lambda: a.detail_title() == chosen), chosen)
    check("keys: Tab reaches the detail's Favorite button", tab_to("detail", "favorite"), repr(active()))
    key(Keys.ENTER)
    check("keys: Enter favorites it, the focus stays on the button",
          wait(lambda: a.js("return !!arguments[0].querySelector('.dw-heart')", a.row(chosen)))
          and active() == ["detail", "favorite"], repr(active()))
    key(Keys.ENTER)
    wait(lambda: not a.js("return !!arguments[0].querySelector('.dw-heart')", a.row(chosen)))

    check("keys: Tab reaches New Recipe", tab_to("list-header", "new"), repr(active()))
    key(Keys.ENTER)
    check("keys: the form opens with the focus on its first field",
          wait(a.dialog_open) and wait(lambda: active() == ["dialog", "title"]), repr(active()))
    key("Keyboard Cake", Keys.ENTER)
    check("keys: Enter adds the recipe, selected, and the focus goes back to New Recipe",
          wait(lambda: not a.dialog_open()) and wait(lambda: a.selected() == ["Keyboard Cake"])
          and wait(lambda: active() == ["list-header", "new"]), f"{a.selected()} {active()}")

    check("keys: Tab reaches Edit", tab_to("detail", "edit"), repr(active()))
    key(Keys.ENTER)
    wait(lambda: active() == ["dialog", "title"])
    key(Keys.END, " Deluxe", Keys.ENTER)
    check("keys: the edit is saved with Enter",
          wait(lambda: "Keyboard Cake Deluxe" in a.rows()) and wait(lambda: a.detail_title() == "Keyboard Cake Deluxe"))

    check("keys: Tab reaches Delete", tab_to("detail", "delete"), repr(active()))
    key(Keys.ENTER)
    check("keys: the confirmation takes the focus", wait(a.dialog_open) and wait(lambda: active()[0] == "dialog"),
          repr(active()))
    key(Keys.ESCAPE)
    check("keys: Escape cancels and gives the focus back to Delete",
          wait(lambda: not a.dialog_open()) and wait(lambda: active() == ["detail", "delete"]), repr(active()))
    key(Keys.ENTER)
    wait(a.dialog_open)
    check("keys: the confirmation starts on Cancel, the safe button",
          wait(lambda: active() == ["dialog", "cancel"]), repr(active()))
    key(Keys.TAB, Keys.ENTER)
    check("keys: Tab and Enter press Delete",
          wait(lambda: "Keyboard Cake Deluxe" not in a.rows()) and wait(lambda: a.title() == f"All Recipes · {count}"),
          a.title())

    a.d.find_element("css selector", "body").send_keys("/")
    check("keys: / focuses the search field", active()[1] == "dw-search", repr(active()))
    key("chi")
    check("keys: typing searches", wait(lambda: a.title().startswith("“chi”")), a.title())
    ActionChains(a.d).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys(Keys.BACKSPACE).perform()
    check("keys: clearing the field ends the search", wait(lambda: a.title() == f"All Recipes · {count}"), a.title())

    check("keys: Tab reaches Grid", tab_to("list-header", "grid"), repr(active()))
    key(Keys.ENTER)
    check("keys: Enter shows the grid",
          wait(lambda: a.js("return document.querySelectorAll('.dw-collection .dw-tile').length") > 0))
    check("keys: Tab reaches List", tab_to("list-header", "list"), repr(active()))
    key(Keys.ENTER)
    wait(lambda: a.js("return document.querySelectorAll('.dw-collection .dw-tile').length === 0"))
    wait(lambda: len(a.rows()) >= 8)

    # Another page renames the focused recipe, which moves two rows down: the focus follows it.
    tab_to("list")
    key(Keys.HOME)
    wait(lambda: a.js("return window.scrollY") == 0 and active()[1] == a.rows()[0])
    rows = a.rows()
    key(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    check("keys: Home then Down three times reach the fourth recipe", wait(lambda: active()[1] == rows[3]),
          f"{active()} {rows[:5]}")
    focused = rows[3]
    renamed = rows[rows.index(focused) + 2] + " (moved)"
    b.click_row(focused)
    wait(lambda: b.detail_title() == focused)
    b.press("detail", "edit")
    wait(b.dialog_open)
    b.field("title").send_keys(Keys.CONTROL + "a")  # a modifier is held to the end of the call
    b.field("title").send_keys(Keys.BACKSPACE, renamed, Keys.ENTER)
    check("keys: a row another page moves keeps the focus here",
          wait(lambda: renamed in a.rows()) and wait(lambda: active() == ["list", renamed]),
          f"{a.rows()[:8]} {active()}")


def across(a, b, binary, store, folder):
    """Page A on one server, page B on a second server (another process) on the same database."""
    a.click_row("All Recipes", "[data-region=sidebar]")
    wait(lambda: a.title() == "All Recipes · 40")
    name = a.rows()[6]
    a.click_row(name)
    wait(lambda: a.detail_title() == name)
    a.press("detail", "favorite")
    check("a favorite toggled on one server appears on the other's page",
          wait(lambda: b.js("return !!arguments[0]?.querySelector('.dw-heart')", b.row(name)), timeout=10))
    b.click_row(name)
    wait(lambda: b.detail_title() == name)
    b.press("detail", "favorite")
    check("and the reverse",
          wait(lambda: not a.js("return !!arguments[0]?.querySelector('.dw-heart')", a.row(name)), timeout=10)
          and wait(lambda: a.texts("[data-region=detail] button[data-a=favorite]") == ["♡ Favorite"]))

    path = os.path.join(folder, "import.json")
    with open(path, "w") as f:
        json.dump([{"title": HOSTILE, "emoji": "🧪", "prepMinutes": 1, "cookMinutes": 2, "servings": 1,
                    "collections": ["Quick"], "ingredients": [HOSTILE], "directions": ["<b>bold</b>"]}], f)
    subprocess.run([binary] + store + ["import", path], check=True, stdout=subprocess.DEVNULL)
    check("`recipes import` from another process appears live on both pages",
          wait(lambda: HOSTILE in a.rows()) and wait(lambda: HOSTILE in b.rows()))
    a.click_row(HOSTILE)
    wait(lambda: a.detail_title() == HOSTILE)
    check("a hostile title shows as text, never as markup",
          a.js("return document.querySelectorAll('.dw-collection img, [data-region=detail] img, [data-region=detail] b').length") == 0
          and a.texts("[data-region=detail] ul li") == [HOSTILE])
    alerted = True
    try:
        a.d.switch_to.alert
    except Exception:
        alerted = False
    check("no script ran", not alerted)


def execute(store, statement):
    """Runs SQL as another client of the database would — Python's sqlite3, or psql — and returns
    the first column of the first row, if any."""
    if store[0] == "--postgres":
        result = subprocess.run([shutil.which("psql") or "psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1",
                                 "-d", store[1], "-c", statement], text=True, check=True, capture_output=True)
        lines = result.stdout.split("\n")
        return lines[0] if lines and lines[0] else None
    import sqlite3
    database = sqlite3.connect(store[1], timeout=10, isolation_level=None)
    try:
        row = database.execute(statement).fetchone()
        return str(row[0]) if row else None
    finally:
        database.close()


def memberships_and_recents(a, b, store):
    """A membership added and removed through sqlite3 or psql, touching only the membership table,
    reaches the collection list on the other server's page and every page's sidebar count; a
    recipe added a week ago less a few seconds shows in Recents, then ages out of the list and its
    count with nothing written."""
    a.click_row("All Recipes", "[data-region=sidebar]")
    b.click_row("Baking", "[data-region=sidebar]")
    wait(lambda: b.title().startswith("Baking · "))
    listed = int(b.title().split(" · ")[1])
    counted = int(a.sidebar_count("Baking"))
    recipe = execute(store, "SELECT id FROM recipe WHERE id NOT IN "
                            "(SELECT recipeId FROM recipeCollection WHERE name = 'Baking') ORDER BY id LIMIT 1")
    title = execute(store, f"SELECT title FROM recipe WHERE id = {recipe}")
    execute(store, f"INSERT INTO recipeCollection(name, recipeId) VALUES ('Baking', {recipe})")
    check("a membership added by another client reaches the other server's collection list and every sidebar count",
          wait(lambda: title in b.rows() and b.title() == f"Baking · {listed + 1}")
          and wait(lambda: a.sidebar_count("Baking") == str(counted + 1)
                   and b.sidebar_count("Baking") == str(counted + 1)),
          f"{b.title()} {b.rows()} {a.sidebar_count('Baking')}")
    execute(store, f"DELETE FROM recipeCollection WHERE name = 'Baking' AND recipeId = {recipe}")
    check("and its removal",
          wait(lambda: title not in b.rows() and b.title() == f"Baking · {listed}")
          and wait(lambda: a.sidebar_count("Baking") == str(counted) and b.sidebar_count("Baking") == str(counted)),
          f"{b.title()} {a.sidebar_count('Baking')}")

    b.click_row("Recents", "[data-region=sidebar]")
    wait(lambda: b.title().startswith("Recents · "))
    recents = int(b.title().split(" · ")[1])
    added = time.time() - 7 * 86_400 + 6
    execute(store, "INSERT INTO recipe(title, emoji, prepMinutes, cookMinutes, servings, ingredients, directions, "
                   f"collections, addedAt) VALUES ('Aging Loaf', '🍞', 1, 1, 1, '[]', '[]', '[]', {added})")
    check("a recipe added a week ago less six seconds shows in Recents and its counts",
          wait(lambda: "Aging Loaf" in b.rows() and b.title() == f"Recents · {recents + 1}")
          and wait(lambda: a.sidebar_count("Recents") == str(recents + 1)),
          f"{b.title()} {a.sidebar_count('Recents')}")
    check("then ages out of the list and of every count, with nothing written",
          wait(lambda: "Aging Loaf" not in b.rows() and b.title() == f"Recents · {recents}", timeout=20)
          and wait(lambda: a.sidebar_count("Recents") == str(recents) and b.sidebar_count("Recents") == str(recents)),
          f"{b.title()} {a.sidebar_count('Recents')} {b.sidebar_count('Recents')}")
    execute(store, "DELETE FROM recipe WHERE title = 'Aging Loaf'")
    b.click_row("All Recipes", "[data-region=sidebar]")
    wait(lambda: b.title().startswith("All Recipes · "))


def sql(a, b, url):
    """A rename through psql, the way any other client of the database writes: both pages move the
    row to its new place."""
    name = a.rows()[2]
    subprocess.run([shutil.which("psql") or "psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-v", "old=" + name,
                    "-d", url], input="UPDATE recipe SET title = '!! Renamed', revision = revision + 1 "
                                      "WHERE title = :'old'", text=True, check=True)
    check("a rename through psql moves the row on both servers' pages",
          wait(lambda: a.rows()[:1] == ["!! Renamed"] and name not in a.rows())
          and wait(lambda: b.rows()[:1] == ["!! Renamed"] and name not in b.rows()),
          f"{a.rows()[:3]} {b.rows()[:3]}")


def terminal(a, binary, store):
    """The terminal app (in tmux) and the page on one database: a favorite in one shows in the other."""
    session = f"recipes-web-{os.getpid()}"

    def screen():
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                              capture_output=True, text=True).stdout

    env = dict(os.environ, TERM=os.environ.get("TERM", "xterm-256color"))
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "110", "-y", "30",
                    " ".join([binary] + store)], check=True, env=env)
    try:
        a.click_row("All Recipes", "[data-region=sidebar]")
        wait(lambda: a.title().startswith("All Recipes"))
        name = a.rows()[0]  # the terminal app selects the first recipe of All Recipes
        hearted = lambda: a.js("return !!arguments[0]?.querySelector('.dw-heart')", a.row(name))
        before = hearted()
        wait(lambda: "All Recipes" in screen() and ("♡ Not a favorite" in screen() or "♥ Favorite" in screen()))
        subprocess.run(["tmux", "send-keys", "-t", session, "f"], check=True)
        check("a favorite toggled in the terminal app appears in the page",
              wait(lambda: hearted() != before, timeout=10), screen())
        shown, toggled = ("♡ Not a favorite", "♥ Favorite") if before is False else ("♥ Favorite", "♡ Not a favorite")
        wait(lambda: toggled in screen())  # the terminal's own detail first, so the next check is the page's
        a.click_row(name)
        wait(lambda: a.detail_title() == name)
        a.press("detail", "favorite")
        check("and one toggled in the page appears in the terminal app",
              wait(lambda: shown in screen(), timeout=10), screen())
        subprocess.run(["tmux", "send-keys", "-t", session, "q"], check=True)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def restart(a, server, binary, store, folder, killed=False):
    """The server goes away (stopped, or `killed`), the database changes, the server comes back:
    the page resyncs."""
    a.click_row("All Recipes", "[data-region=sidebar]")
    wait(lambda: a.title().startswith("All Recipes"))
    before = a.count()
    server.kill() if killed else server.stop()
    check("the page says it lost the server",
          wait(lambda: a.js("return document.body.dataset.status") == "offline"))
    path = os.path.join(folder, "restart.json")
    with open(path, "w") as f:
        json.dump([{"title": "Restart Soup", "prepMinutes": 5, "cookMinutes": 30, "servings": 2}], f)
    subprocess.run([binary] + store + ["import", path], check=True, stdout=subprocess.DEVNULL)
    server.start()
    check("after a restart the page reconnects and shows what changed",
          wait(lambda: a.js("return document.body.dataset.status") == "online", timeout=15)
          and wait(lambda: a.title() == f"All Recipes · {before + 1}", timeout=10), repr(a.title()))
    a.d.find_element("css selector", ".dw-search").send_keys("Restart")
    check("and searches the database as it is now", wait(lambda: a.rows() == ["Restart Soup"]), repr(a.rows()))
    check("and its regions are whole again",
          wait(lambda: len(a.sidebar()) > 4) and wait(lambda: a.detail_title() != ""))


if __name__ == "__main__":
    main()
