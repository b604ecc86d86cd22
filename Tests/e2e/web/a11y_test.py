#!/usr/bin/env python3
"""Accessibility of the demo's pages in headless Chromium: an axe-core audit of each page and of
the states a person brings it to, and what a screen reader reads of the million-row list.

    python3 Tests/e2e/web/a11y_test.py path/to/diffable-web-demo
"""
import os
import sys
import tempfile
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from lib import Server, audit, check, chrome, page_ready, summary, wait


def focused(driver, attributes):
    return driver.execute_script(
        "const el = document.activeElement; return arguments[0].map(name => el.getAttribute(name))",
        attributes)


def load(driver, server, path):
    """Opens a page and waits for its rows (a large list is diffed off the main actor)."""
    driver.get(server.url(path))
    page_ready(driver)
    wait(lambda: driver.find_elements(By.CSS_SELECTOR, ".dw-row, .dw-tile"))


def main(binary):
    live = os.path.join(tempfile.mkdtemp(prefix="diffable-live-"), "live.sqlite")
    server = Server(binary, extra=("--live-database", live, "--live-rows", "50000", "--live-interval", "0"))
    driver = chrome()
    try:
        for path in ["/list", "/outline", "/grid", "/stream", "/live"]:
            load(driver, server, path)
            audit(driver, path)

        # The live list holds a window of its rows: End reaches the last of all of them, which
        # arrives from the database after a placeholder.
        load(driver, server, "/live")
        # The first /live page fills the database: until it is full, the rows change under the
        # keyboard.
        wait(lambda: driver.execute_script(
            "return document.querySelector('.dw-row').getAttribute('aria-setsize')") == "50000", timeout=60)
        driver.find_element(By.CSS_SELECTOR, ".dw-row").click()
        ActionChains(driver).send_keys(Keys.END).perform()
        wait(lambda: focused(driver, ["aria-posinset"]) == ["50000"])
        wait(lambda: driver.execute_script(
            "return document.activeElement.querySelector('.dw-text').textContent") != "…", timeout=15)
        check("screen reader: on the live list, End reaches row 50,000 of 50,000, read from the database",
              focused(driver, ["aria-posinset", "aria-setsize"]) == ["50000", "50000"] and driver.execute_script(
                  "return document.activeElement.querySelector('.dw-text').textContent") != "…",
              str(focused(driver, ["aria-posinset", "aria-setsize"])))
        audit(driver, "/live, at the end")

        # The million-row list: the focused row says where it is among all the rows, though only
        # a screenful exist in the page.
        load(driver, server, "/list")
        driver.find_element(By.CSS_SELECTOR, ".dw-row").click()
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        check("screen reader: the second row is 2 of 1,000,000",
              focused(driver, ["aria-posinset", "aria-setsize"]) == ["2", "1000000"],
              str(focused(driver, ["aria-posinset", "aria-setsize"])))
        ActionChains(driver).send_keys(Keys.END).perform()
        wait(lambda: focused(driver, ["aria-posinset"]) == ["1000000"])
        check("screen reader: after End, the focused row is 1,000,000 of 1,000,000",
              focused(driver, ["aria-posinset", "aria-setsize", "role"]) == ["1000000", "1000000", "option"],
              str(focused(driver, ["aria-posinset", "aria-setsize", "role"])))
        check("screen reader: the row is in a named listbox", driver.execute_script(
            "const box = document.activeElement.closest('[role=listbox]');"
            "return !!box && !!(box.getAttribute('aria-label') || box.getAttribute('aria-labelledby'))"))
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        wait(lambda: driver.execute_script("return !!document.querySelector('.dw-selected')"))
        check("screen reader: the selected row says so", driver.execute_script(
            "return document.activeElement.getAttribute('aria-selected')") == "true")
        audit(driver, "/list, a row selected, at the end")

        # The context menu, from the keyboard: a menu of menu items, the row says it has one.
        check("context menu: the row names its keys, Shift+F10 among them",
              "Shift+F10" in (driver.execute_script("return document.activeElement.getAttribute('aria-keyshortcuts')") or ""))
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.F10).key_up(Keys.SHIFT).perform()
        wait(lambda: driver.find_elements(By.CSS_SELECTOR, ".dw-menu"))
        check("context menu: the focus is on its first item, in a named menu",
              focused(driver, ["role"]) == ["menuitem"] and driver.execute_script(
                  "return !!document.activeElement.closest('[role=menu][aria-label]')"))
        audit(driver, "/list, a context menu open")
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).send_keys(Keys.ARROW_RIGHT).perform()
        wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, ".dw-menu")) == 2)
        check("context menu: a submenu's choices are checked radios", focused(driver, ["role", "aria-checked"])
              == ["menuitemradio", "true"], str(focused(driver, ["role", "aria-checked"])))
        audit(driver, "/list, a context submenu open")
        ActionChains(driver).send_keys(Keys.ESCAPE).send_keys(Keys.ESCAPE).perform()
        wait(lambda: not driver.find_elements(By.CSS_SELECTOR, ".dw-menu"))
        check("context menu: Escape twice closes both, the focus back on the row",
              focused(driver, ["role"]) == ["option"])

        # The outline: a tree whose parents say whether they are expanded.
        load(driver, server, "/outline")
        parent = driver.find_element(By.CSS_SELECTOR, "[role=treeitem][aria-expanded]")
        before = parent.get_attribute("aria-expanded")
        parent.find_element(By.CLASS_NAME, "dw-disclosure").click()
        wait(lambda: driver.find_element(By.CSS_SELECTOR, f"[data-k='{parent.get_attribute('data-k')}']")
             .get_attribute("aria-expanded") != before)
        check("outline: parents are treeitems in a tree, with a level and their state", driver.execute_script(
            "const items = Array.from(document.querySelectorAll('[role=treeitem]'));"
            "return items.length > 0 && items.every(el => el.closest('[role=tree]') && el.getAttribute('aria-level'))"))
        audit(driver, "/outline, a parent toggled")

        # A pop-up menu accessory's row and its open menu, and the rows' accessory keys.
        load(driver, server, "/grid")
        driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        order = wait(lambda: driver.execute_script(
            "return Array.from(document.querySelectorAll('.dw-row')).find(r => r.textContent.includes('Order'))"))
        order.click()
        wait(lambda: driver.find_elements(By.CSS_SELECTOR, ".dw-menu"))
        check("pop-up menu: the choices are radios, the current one checked and focused",
              focused(driver, ["role", "aria-checked"]) == ["menuitemradio", "true"],
              str(focused(driver, ["role", "aria-checked"])))
        audit(driver, "/grid, the Order pop-up menu open")
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        wait(lambda: not driver.find_elements(By.CSS_SELECTOR, ".dw-menu"))

        # Another page's change is announced, politely; the person's own is not.
        other = chrome()
        try:
            load(driver, server, "/grid")
            load(other, server, "/grid")
            other.find_element(By.CSS_SELECTOR, "[data-section] .dw-tile").click()
            announced = wait(lambda: driver.execute_script(
                "const live = document.querySelector('.dw-announcer'); return live && live.textContent"))
            check("live region: another page's favorite is announced on this one",
                  bool(announced) and ("added" in announced or "removed" in announced), repr(announced))
            check("live region: it is polite", driver.execute_script(
                "return document.querySelector('.dw-announcer').getAttribute('aria-live')") == "polite")
            time.sleep(1.5)
            check("live region: the person's own action is not announced", not other.execute_script(
                "const live = document.querySelector('.dw-announcer'); return live && live.textContent"))
        finally:
            other.quit()
    finally:
        driver.quit()
        server.stop()
    summary()


if __name__ == "__main__":
    main(sys.argv[1])
