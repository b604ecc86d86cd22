#!/usr/bin/env python3
"""Recipes on PostgreSQL under a soak with faults: 200 plain WebSocket pages on `recipes serve`,
writers in three places all through, PostgreSQL restarted, the server killed and started again.

    Examples/Recipes/Tests/e2e/recipes-soak.py path/to/recipes [--seconds 180] [--pages 200]
        [--stall 25] [--seed N] [--log FILE] [--keep] [--no-netns]

Makes a throwaway PostgreSQL cluster (wal_level = logical) in a temporary folder, adds made-up
recipes (`recipes generate`) so that lists are longer than a page's window, starts the server and
connects the pages, spread over All Recipes (some scrolled down), Favorites, four collections and
four searches. For `--seconds` (three minutes by default):

- pages write: one page in ten searches for a recipe of its own and toggles its favorite, adds
  recipes through the form and deletes them, as a person would through the panels;
- another process writes: `recipes import` of a small file, every few seconds;
- psql writes: renames (rows move), inserts, deletes, favorites and collection memberships, each
  membership change bumping `recipe.revision` as the app's own writes do (the lists follow
  `recipe`: a change to `recipeCollection` alone reaches no list);
- one page in ten stops reading its socket for `--stall` seconds (and keeps scrolling), then reads
  again;
- PostgreSQL restarts (`pg_ctl restart -m fast`) once; the server is killed (SIGKILL) once and
  started again on its port, and every page reconnects and says hello with its session, as the
  page's script does (a new server has no such session: the page gets a new one and the person
  chooses the list again).

Then, once things settle, it checks that every page shows what a fresh SELECT of its list gives
(the window of rows it was sent, modelled from the resets and patches as
Tests/DiffableWebTests/PageModel.swift does, with the list's count, the rows' hearts and the
sidebar's counts), that every write that committed is in the database, that the server's memory
did not keep growing while the slow pages did not read, and that the reading pages got psql's
writes promptly meanwhile (from starting psql to the new title arriving). Prints one line per
check and "N passed, N failed"; exits non-zero on a failure. Everything it started goes at exit,
even on a failure or a signal: the server, the cluster, the temporary folder.

As root, it runs in a network namespace of its own (`unshare --net`, loopback only) whose TCP
send buffers grow to 64 KiB at most: on the host's loopback they grow to 4 MiB, which a stalled
Recipes page takes minutes to fill, so the server's writes would never block and its outbox
(Sources/DiffableWeb/Session/Outbox.swift) would never be used. `--no-netns` runs without.
Needs: Debian's postgresql-15, psql, iproute2 and util-linux; websockets from PyPI (installed when
missing).
"""
import argparse
import asyncio
import collections
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from recipes_e2e import (DATABASE, Cluster, Server, check, clean_up_on_exit, cleanup, cleanups, ensure_websockets,
                         note, rows_of, summary)

ensure_websockets()
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI  # noqa: E402

PASSWORD = "recipes-soak"
COLLECTIONS = ["Dinner", "Quick", "Vegetarian", "Soup"]
SEARCHES = ["chicken", "soup", "spicy", "salad"]
# What psql names its recipes: some of the words move them into the searches' results.
WORDS = ["Apricot", "Basil", "Caper", "Dill", "Endive", "Fennel", "Ginger", "Hazelnut", "Kale", "Leek",
         "Mango", "Nutmeg", "Okra", "Paprika", "Quince", "Radish", "Saffron", "Thyme", "Umami", "Walnut",
         "Chicken", "Soup", "Spicy", "Salad"]
LATENCY_TITLE = re.compile(r"^!Soak latency (\d+)$")
HEART = "♥"


def quote(text):
    """A SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


# MARK: - The page's model of a collection view


def heart(content):
    return any(a.get("t") == HEART for a in content.get("a", []) if isinstance(a, dict))


class ViewModel:
    """One collection view as the page holds it: what patch.js does to the DOM, done to lists of
    keys (Tests/DiffableWebTests/PageModel.swift), counting the DOM operations the same way."""

    def __init__(self):
        self.sections = []   # [[section key, [item keys]]]
        self.texts = {}      # item key -> text
        self.hearts = {}     # item key -> shows a heart
        self.secondary = {}  # item key -> secondary text (a sidebar row's count)
        self.secs = []       # the sections as last described: dicts with k, count, start, keys
        self.headers = {}    # section key -> header text
        self.miscounts = 0   # patches whose `n` was not what the page performed
        self.fixups = 0      # elements out of place
        self.unknown = 0     # elements the page got no content for
        self.origin = {}     # item key -> (when, seq, type) of the message that set its content
        self.current = None

    def _content(self, cells, key):
        cell = cells.get(str(key))
        if cell and "c" in cell:
            self.origin[key] = self.current
            self.texts[key] = cell["c"].get("t")
            self.secondary[key] = cell["c"].get("st")
            self.hearts[key] = heart(cell["c"])
        elif key not in self.texts:
            self.unknown += 1

    def _describe(self, message):
        # A patch that moved and scrolled nothing leaves the sections out: they stand.
        if "secs" in message or message["t"] == "reset":
            self.secs = message.get("secs", [])
        for s in self.secs:
            if "header" in s:
                self.headers[s["k"]] = s["header"].get("t")

    def apply(self, message, received=0.0):
        self.current = (received, message.get("seq"), message["t"])
        cells = message.get("cells") or {}
        if message["t"] == "reset":
            self.texts, self.hearts = {}, {}
            self._describe(message)
            self.sections = [[s["k"], list(s["keys"])] for s in self.secs]
            for s in self.secs:
                for key in s["keys"]:
                    self._content(cells, key)
            return
        self._describe(message)
        ops = message.get("ops", {})
        operations = 0

        def locate(key):
            for s, section in enumerate(self.sections):
                if key in section[1]:
                    return s, section[1].index(key)
            return None

        def remove(key):
            place = locate(key)
            if not place:
                return False
            del self.sections[place[0]][1][place[1]]
            self.texts.pop(key, None)
            return True

        deleted_sections = set(ops.get("sd", []))
        operations += sum(1 for s in self.sections if s[0] in deleted_sections)
        self.sections = [s for s in self.sections if s[0] not in deleted_sections]
        for key in ops.get("d", []):
            if remove(key):
                operations += 1
        for key in ops.get("e", []):
            remove(key)
        for old, new in ops.get("r", []):
            place = locate(old)
            if not place:
                continue
            self.sections[place[0]][1][place[1]] = new
            self.texts.pop(old, None)
            self._content(cells, new)
            operations += 1
        built = set()
        for old, new in ops.get("sr", []):
            index = next((i for i, s in enumerate(self.sections) if s[0] == old), None)
            if index is None:
                continue
            described = next(s for s in self.secs if s["k"] == new)
            self.sections[index] = [new, list(described["keys"])]
            for key in described["keys"]:
                self._content(cells, key)
            built.add(new)
            operations += 1
        moved_sections, inserted_sections = set(ops.get("sm", [])), set(ops.get("si", []))
        stable = [s[0] for s in self.sections if s[0] not in moved_sections]
        cursor = 0
        arranged = []
        for described in self.secs:
            existing = next((s for s in self.sections if s[0] == described["k"]), None)
            if existing:
                if described["k"] in moved_sections:
                    operations += 1
                elif cursor < len(stable) and stable[cursor] == described["k"]:
                    cursor += 1
                else:
                    self.fixups += 1
                arranged.append(existing)
            else:
                if described["k"] in inserted_sections:
                    operations += 1
                arranged.append([described["k"], list(described["keys"])])
                for key in described["keys"]:
                    self._content(cells, key)
                built.add(described["k"])
        self.sections = arranged
        moved, inserted = set(ops.get("m", [])), set(ops.get("i", []))
        every = {key for s in self.sections for key in s[1]}
        for index, described in enumerate(self.secs):
            if described["k"] in built:
                continue
            stable_items = [key for key in self.sections[index][1] if key not in moved]
            position = 0
            for key in described["keys"]:
                if key not in every:
                    if key in inserted:
                        operations += 1
                    self._content(cells, key)
                elif key in moved:
                    operations += 1
                elif position < len(stable_items) and stable_items[position] == key:
                    position += 1
                else:
                    self.fixups += 1
            if position != len(stable_items):
                self.fixups += 1
            self.sections[index][1] = list(described["keys"])
        for key in ops.get("c", []):
            self._content(cells, key)
            operations += 1
        if operations != message.get("n"):
            self.miscounts += 1

    def windows(self):
        """Each section as shown: (header text, count, start, [(title, heart)])."""
        shown = []
        for described in self.secs:
            items = [(self.texts.get(key), self.hearts.get(key, False)) for key in described["keys"]]
            shown.append((self.headers.get(described["k"]), described.get("count"), described.get("start", 0), items))
        return shown


def panel_title(content):
    for block in (content or {}).get("b", []):
        if block.get("k") == "title":
            return block.get("t")
    return None


def panel_button(content, action):
    for block in (content or {}).get("b", []):
        if block.get("k") == "buttons":
            for button in block.get("e", []):
                if button.get("a") == action:
                    return button
    return None


def panel_errors(content):
    return [b.get("t") for b in (content or {}).get("b", []) if b.get("k") == "text" and b.get("r") == "error"]


# MARK: - A page


class ListChoice:
    """What a page shows: `all`, `favorites`, `collection` NAME or `search` TEXT."""

    def __init__(self, kind, value=None):
        self.kind, self.value = kind, value

    @property
    def sidebar_title(self):
        return {"all": "All Recipes", "favorites": "Favorites"}.get(self.kind, self.value)

    def title_prefix(self):
        if self.kind == "search":
            return f"“{self.value}” · "
        return f"{self.sidebar_title} · "

    def __str__(self):
        return self.kind if self.value is None else f"{self.kind} {self.value!r}"

    def key(self):
        return (self.kind, self.value)


class Page:
    """One page on the Recipes app, through a plain WebSocket: says hello (with its session on a
    reconnect, as the page's script does), models what it was sent, chooses its list again when
    the server gave it a new session, and may stop reading for a while."""

    def __init__(self, soak, index, choice, top=0, slow=False, writer=None):
        self.soak, self.index, self.choice, self.top, self.slow = soak, index, choice, top, slow
        self.writer = writer  # the page's own search token, for a writing page
        self.session = None
        self.socket = None
        self.views = {}
        self.panels = {}
        self.connected = False
        self.connections = 0
        self.refused = None
        self.closes = []  # (when, close code or None, reason) of each connection that ended
        self.resets = 0
        self.resyncs = 0
        self.new_sessions = 0
        self.expecting_reset = False
        self.paused = False
        self.resumed = asyncio.Event()
        self.resumed.set()
        self.last_message = 0.0
        self.messages = 0
        self.sequence = 0   # the number of the last reset or patch on this connection
        self.arrivals = {}  # latency write number -> when its title first arrived
        self.chooser = None
        self.changed = asyncio.Event()

    @property
    def main(self):
        return self.views.get("")

    def header_title(self):
        return panel_title(self.panels.get("list-header")) or ""

    def shows_choice(self):
        return self.connected and self.header_title().startswith(self.choice.title_prefix())

    async def run(self):
        delay = 0.25
        loop = asyncio.get_running_loop()
        while not self.soak.stopping:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            if self.slow:
                # A small receive buffer, so that a page that stops reading stops the server's
                # writes soon, as a slow link would.
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
            try:
                await asyncio.wait_for(loop.sock_connect(sock, ("127.0.0.1", self.soak.server.port)), 5)
                ws = await connect(f"ws://127.0.0.1:{self.soak.server.port}/_diffable/ws", sock=sock,
                                   ping_interval=None, max_size=None, max_queue=4 if self.slow else 64,
                                   open_timeout=10, close_timeout=2)
            except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI, ConnectionClosed):
                sock.close()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 4)
                continue
            delay = 0.25
            self.socket = ws
            self.connections += 1
            self.expecting_reset = True
            try:
                await ws.send(json.dumps({"t": "hello", "version": 2, "page": "/", "session": self.session,
                                          "top": self.top, "height": 900, "width": 800}))
                self.connected = True
                while True:
                    if self.paused:
                        await self.resumed.wait()
                    frame = await ws.recv()
                    # As the page's script does: the server closes a page that does not answer.
                    if frame == '{"t":"ping"}':
                        await ws.send('{"t":"pong"}')
                        continue
                    self.receive(frame, time.monotonic())
            except ConnectionClosed as closed:
                self.closes.append((time.monotonic(), closed.rcvd.code if closed.rcvd else None,
                                    closed.rcvd.reason if closed.rcvd else str(closed)[:80]))
                if closed.rcvd and closed.rcvd.code == 1008:
                    self.refused = closed.rcvd.reason
                    self.connected = False
                    return
            finally:
                self.connected = False
                self.socket = None
            await asyncio.sleep(delay)
            delay = min(delay * 2, 4)

    async def send(self, message):
        ws = self.socket
        if not ws:
            return False
        try:
            await ws.send(json.dumps(message))
            return True
        except ConnectionClosed:
            return False

    def receive(self, frame, received):
        self.last_message = received
        self.soak.last_message = received
        message = json.loads(frame)
        messages = message["messages"] if message["t"] == "batch" else [message]
        resets = {m.get("region", "") for m in messages if m["t"] == "reset"}
        if {"", "sidebar"} <= resets and not self.expecting_reset:
            self.resyncs += 1  # what the page missed, replaced by a reset of every view
        if "sidebar" in resets:
            self.expecting_reset = False  # the resets that follow hello are in
        for m in messages:
            self.messages += 1
            kind = m["t"]
            if kind in ("reset", "patch"):
                # A reset carries its number on the connection; a patch is the next (the page counts).
                self.sequence = m["seq"] if kind == "reset" else self.sequence + 1
                m.setdefault("seq", self.sequence)
                region = m.get("region", "")
                view = self.views.setdefault(region, ViewModel())
                view.apply(m, received)
                if region == "":
                    if kind == "reset":
                        self.reset(m)
                    self.latency(m, received)
            elif kind == "panel":
                self.panels[m["region"]] = m["c"]
        self.changed.set()

    def reset(self, m):
        self.resets += 1
        page = m.get("page")
        if not page:
            return
        # A page with regions reports them on every reset that describes the page (regions.js).
        asyncio.ensure_future(self.send({"t": "region", "region": "sidebar", "top": 0, "height": 900,
                                         "width": 250}))
        if page.get("session") != self.session:
            if self.session is not None:
                self.new_sessions += 1
                # The other regions' keys were the old session's, as the page's script drops them
                # (regions.js): a choice waits for the new sidebar.
                self.views = {"": self.views[""]}
            self.session = page.get("session")
            if self.choice.kind != "all":
                if self.chooser and not self.chooser.done():
                    self.chooser.cancel()
                self.chooser = asyncio.ensure_future(self.choose())

    async def choose(self):
        """Chooses the page's list, as a person would: a sidebar row, or the search field; again
        after a while if the list does not come (the row may not be there yet)."""
        socket_ = self.socket
        while not self.soak.stopping and self.socket is socket_:
            if self.choice.kind == "search":
                await self.send({"t": "search", "q": self.choice.value})
            else:
                key = await self.wait_for(lambda: self.sidebar_key(self.choice.sidebar_title), 10)
                if key:
                    await self.send({"t": "select", "k": key})
            if await self.wait_for(self.shows_choice, 10):
                return True
        return False

    def sidebar_key(self, title):
        view = self.views.get("sidebar")
        if not view:
            return None
        for s in view.secs:
            for key in s["keys"]:
                if view.texts.get(key) == title:
                    return key
        return None

    async def wait_for(self, condition, timeout):
        deadline = time.monotonic() + timeout
        while True:
            value = condition()
            if value or time.monotonic() > deadline:
                return value
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.01, min(0.5, deadline - time.monotonic())))
            except asyncio.TimeoutError:
                pass

    def latency(self, m, received):
        for cell in (m.get("cells") or {}).values():
            match = LATENCY_TITLE.match(cell.get("c", {}).get("t") or "")
            if match:
                self.arrivals.setdefault(int(match.group(1)), received)

    def pause(self):
        """Stops reading; keeps scrolling, once a second, as a person on a congested downlink
        would: the server has more to send than the writes alone would make it."""
        self.paused = True
        self.resumed.clear()
        self.scroller = asyncio.ensure_future(self.scroll_while_paused())

    async def scroll_while_paused(self):
        away = False
        while self.paused:
            await asyncio.sleep(1)
            away = not away
            await self.send({"t": "viewport", "top": self.top + (6000 if away else 0), "height": 900, "width": 800})

    async def resume(self):
        """Scrolls back to where it was and reads again."""
        self.paused = False
        await self.send({"t": "viewport", "top": self.top, "height": 900, "width": 800})
        self.resumed.set()

    # MARK: Writes through the page

    def detail(self):
        content = self.panels.get("detail")
        button = panel_button(content, "favorite")
        return panel_title(content), (button or {}).get("on")

    def ready_to_write(self):
        title, on = self.detail()
        return self.shows_choice() and title is not None and on is not None and self.writer in title

    async def write_loop(self, rng):
        added = 0
        while self.soak.writing:
            await asyncio.sleep(rng.uniform(2.0, 4.0))
            if not self.soak.writing or not self.ready_to_write():
                continue
            mine = [t for t in self.soak.log.page_added.get(self.index, []) if self.soak.log.state(t) == "added"]
            r = rng.random()
            if r < 0.15 and len(mine) < 3:
                added += 1
                await self.add(f"{self.writer} page add {added}")
            elif r < 0.25 and mine:
                await self.delete(rng.choice(mine))
            else:
                await self.toggle_favorite()

    async def toggle_favorite(self):
        title, on = self.detail()
        entry = self.soak.log.begin("page", "favorite", title=title, value=not on)
        if not await self.send({"t": "panel", "region": "detail", "a": "favorite", "f": {}}):
            self.soak.log.end(entry, "failed")
            return
        done = await self.wait_for(lambda: self.detail() == (title, not on), 8)
        self.soak.log.end(entry, "committed" if done else "uncertain")

    async def add(self, title):
        if not await self.send({"t": "panel", "region": "list-header", "a": "new", "f": {}}):
            return
        if not await self.wait_for(lambda: panel_title(self.panels.get("dialog")) == "New recipe", 5):
            return
        entry = self.soak.log.begin("page", "add", title=title, page=self.index)
        fields = {"title": title, "emoji": "🥘", "prepMinutes": "5", "cookMinutes": "10", "servings": "2",
                  "collections": "", "ingredients": "water\nsalt", "directions": "boil"}
        if not await self.send({"t": "panel", "region": "dialog", "a": "save", "f": fields}):
            self.soak.log.end(entry, "uncertain")
            return
        done = await self.wait_for(lambda: self.detail()[0] == title, 8)
        self.soak.log.end(entry, "committed" if done else "uncertain")

    async def delete(self, title):
        key = next((k for k, t in self.main.texts.items() if t == title), None) if self.main else None
        if key is None or not await self.send({"t": "select", "k": key}):
            return
        if not await self.wait_for(lambda: self.detail()[0] == title, 5):
            return
        if not await self.send({"t": "panel", "region": "detail", "a": "delete", "f": {}}):
            return
        if not await self.wait_for(lambda: panel_title(self.panels.get("dialog")) == "Delete recipe", 5):
            return
        entry = self.soak.log.begin("page", "delete", title=title)
        if not await self.send({"t": "panel", "region": "dialog", "a": "delete", "f": {}}):
            self.soak.log.end(entry, "uncertain")
            return

        def gone():
            titles = [t for s in self.main.windows() for t, _ in s[3]]
            return self.shows_choice() and title not in titles and self.detail()[0] != title
        done = await self.wait_for(gone, 8)
        self.soak.log.end(entry, "committed" if done else "uncertain")


# MARK: - The log of writes


class WriteLog:
    """Every write tried, by whom, and how it ended: committed (seen to commit), failed (seen not
    to), or uncertain (the writer could not tell: the connection went during it)."""

    def __init__(self):
        self.entries = []
        self.page_added = collections.defaultdict(list)

    def begin(self, writer, op, **details):
        entry = {"at": time.monotonic(), "writer": writer, "op": op, "outcome": "pending", **details}
        self.entries.append(entry)
        if op == "add" and writer == "page":
            self.page_added[details["page"]].append(details["title"])
        return entry

    def end(self, entry, outcome, **details):
        entry["outcome"] = outcome
        entry.update(details)

    def state(self, title):
        """A page-added recipe: `added` once its add committed, `deleted`/`unknown` after."""
        state = "unknown"
        for e in self.entries:
            if e["writer"] == "page" and e.get("title") == title and e["op"] in ("add", "delete"):
                if e["outcome"] == "committed":
                    state = "added" if e["op"] == "add" else "deleted"
                elif e["outcome"] != "failed":
                    state = "unknown"
        return state

    def counts(self):
        counted = collections.Counter((e["writer"], e["outcome"]) for e in self.entries)
        return {writer: {o: counted[(writer, o)] for o in ("committed", "uncertain", "failed") if counted[(writer, o)]}
                for writer in ("page", "cli", "psql")}


# MARK: - The soak


class Soak:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.binary = os.path.abspath(args.binary)
        self.folder = tempfile.mkdtemp(prefix="recipes-soak-")
        if args.keep:
            note(f"keeping {self.folder}: the servers' and the cluster's logs")
        else:
            cleanups.append(lambda: shutil.rmtree(self.folder, ignore_errors=True))
        self.cluster = None
        self.server = None
        self.pages = []
        self.log = WriteLog()
        self.stopping = False
        self.writing = False
        self.last_message = 0.0
        self.rss = []  # (time, server start, KiB)
        self.events = {}
        self.psql_rows = {}  # id -> {"title", "fav", "collections": set, "exists"}; None values: uncertain
        self.latency_sent = {}  # number -> when psql started
        self.latency_pool = []
        self.owned = {}  # page writer token -> title of its recipe

    # Setup

    def setup(self):
        started = time.monotonic()
        self.cluster = Cluster(os.path.join(self.folder, "postgres"), PASSWORD,
                               {"max_connections": 300, "max_replication_slots": 32})
        result = subprocess.run([self.binary, "--postgres", self.cluster.url, "generate", str(self.args.generate)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"recipes generate failed: {result.stderr}")
        now = time.time()
        # The page writers' recipes, one each, found by a search for its token.
        writers = max(1, self.args.pages // 10)
        values = []
        for i in range(writers):
            token = f"pgw{i:02d}"
            self.owned[token] = f"Pagewriter {token} Stew"
            values.append(f"({quote(self.owned[token])}, '🍲', 5, 20, 2, '[\"salt\"]', '[\"stir\"]', '[]', false, {now})")
        self.cluster.psql(DATABASE, "INSERT INTO recipe(title, emoji, prepMinutes, cookMinutes, servings, "
                          "ingredients, directions, collections, isFavorite, addedAt) VALUES " + ", ".join(values))
        # psql's own recipes: ten to rename to the top of All Recipes (the latency probes), and
        # more to rename, favorite, put in collections and delete.
        for n in range(30):
            names = self.rng.sample(COLLECTIONS, self.rng.randint(0, 2))
            rows = self.cluster.psql(DATABASE, self.insert_sql(f"{self.rng.choice(WORDS)} psql seed {n}", names,
                                                               n % 5 == 0, now))
            row_id = int(rows[0][0])
            self.psql_rows[row_id] = {"title": rows[0][1], "fav": n % 5 == 0, "collections": set(names),
                                      "exists": True}
            if n < 10:
                self.latency_pool.append(row_id)
        self.server = Server(self.binary, ["--postgres", self.cluster.url], self.folder)
        note(f"cluster on port {self.cluster.port}, {self.args.generate} made-up recipes, server on port "
             f"{self.server.port}; set up in {time.monotonic() - started:.1f} s")

    def insert_sql(self, title, names, favorite, now):
        collections_json = json.dumps(names, ensure_ascii=False)
        membership = "".join(f", m{i} AS (INSERT INTO recipeCollection(name, recipeId) SELECT {quote(name)}, id FROM r)"
                             for i, name in enumerate(names))
        return (f"WITH r AS (INSERT INTO recipe(title, emoji, prepMinutes, cookMinutes, servings, ingredients, "
                f"directions, collections, isFavorite, addedAt) VALUES ({quote(title)}, '🥕', 10, 30, 4, "
                f"'[\"1 carrot\"]', '[\"cook\"]', {quote(collections_json)}, {str(favorite).lower()}, {now}) "
                f"RETURNING id, title){membership} SELECT id, title FROM r")

    def make_pages(self):
        count = self.args.pages
        writers = max(1, count // 10)
        slow = max(1, count // 10)
        rng = self.rng
        pages = []
        for i in range(writers):
            pages.append(Page(self, len(pages), ListChoice("search", f"pgw{i:02d}"), writer=f"pgw{i:02d}"))
        # The rest: All Recipes (a third scrolled down), Favorites, four collections, four searches.
        kinds = []
        for i in range(count - writers):
            r = i % 20
            if r < 7:
                kinds.append((ListChoice("all"), 0 if r < 5 else rng.choice([3000, 9000])))
            elif r < 10:
                kinds.append((ListChoice("favorites"), 0))
            elif r < 15:
                kinds.append((ListChoice("collection", COLLECTIONS[i % len(COLLECTIONS)]), rng.choice([0, 0, 1200])))
            else:
                kinds.append((ListChoice("search", SEARCHES[i % len(SEARCHES)]), 0))
        for choice, top in kinds:
            pages.append(Page(self, len(pages), choice, top=top))
        # One page in ten reads slowly: half of them on All Recipes at the top, which every
        # latency probe changes, the rest spread.
        readers = [p for p in pages if p.writer is None]
        top_all = [p for p in readers if p.choice.kind == "all" and p.top == 0]
        others = [p for p in readers if not (p.choice.kind == "all" and p.top == 0)]
        for p in rng.sample(top_all, min(len(top_all), slow // 2)) + rng.sample(others, slow - slow // 2):
            p.slow = True
        self.pages = pages

    # Writers

    @staticmethod
    async def run_writer(command, seconds):
        """Runs a writer's command: (status, stdout, stderr), or None when it is killed at
        `seconds` (its commit may or may not have happened)."""
        process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE,
                                                       stderr=asyncio.subprocess.PIPE)
        try:
            out, err = await asyncio.wait_for(process.communicate(), seconds)
        except asyncio.TimeoutError:
            process.kill()
            await process.wait()
            return None
        return process.returncode, out, err

    async def psql_write(self, sql):
        result = await self.run_writer([*self.cluster.psql_command(), "-c", sql], 20)
        if result is None:
            return None, "timed out"
        status, out, err = result
        if status == 0:
            return rows_of(out.decode()), None
        return None, err.decode().strip()

    def psql_outcome(self, error):
        """Failed when psql never got its statement in (no server, or one starting or stopping)
        or the server refused it; uncertain when the connection went during it, which may have
        lost the commit's answer, not the commit."""
        error = error or ""
        if any(text in error for text in ("server closed the connection", "terminating connection",
                                          "timed out", "connection to server was lost")):
            return "uncertain"
        return "failed"

    async def psql_writer(self):
        rng = random.Random(self.args.seed + 1)
        number = 0
        next_probe = time.monotonic()
        while self.writing:
            await asyncio.sleep(rng.uniform(0.15, 0.35))
            if not self.writing:
                break
            number += 1
            live = [i for i, r in self.psql_rows.items() if r["exists"] is True and i not in self.latency_pool]
            if time.monotonic() >= next_probe:
                next_probe = time.monotonic() + 1.0
                await self.latency_probe(number)
                continue
            r = rng.random()
            if r < 0.2:
                await self.psql_op("rename", rng.choice(live), title=f"{rng.choice(WORDS)} psql {number}")
            elif r < 0.35:
                await self.psql_op("insert", None, title=f"{rng.choice(WORDS)} psql insert {number}",
                                   collections=set(rng.sample(COLLECTIONS, rng.randint(0, 2))),
                                   fav=rng.random() < 0.3)
            elif r < 0.45 and len(live) > 20:
                await self.psql_op("delete", rng.choice(live))
            elif r < 0.7:
                await self.psql_op("favorite", rng.choice(live + self.latency_pool))
            else:
                row_id = rng.choice(live)
                name = rng.choice(COLLECTIONS)
                current = self.psql_rows[row_id]["collections"]
                if current is None:
                    continue
                await self.psql_op("leave" if name in current else "join", row_id, name=name)

    async def latency_probe(self, number):
        row_id = self.latency_pool[number % len(self.latency_pool)]
        title = f"!Soak latency {number}"
        self.latency_sent[number] = time.monotonic()
        await self.psql_op("rename", row_id, title=title, probe=number)

    async def psql_op(self, op, row_id, **details):
        row = self.psql_rows.get(row_id)
        entry = self.log.begin("psql", op, id=row_id, **details)
        if op == "rename":
            sql = f"UPDATE recipe SET title = {quote(details['title'])}, revision = revision + 1 WHERE id = {row_id} RETURNING id"
        elif op == "insert":
            sql = self.insert_sql(details["title"], sorted(details["collections"]), details["fav"], time.time())
        elif op == "delete":
            sql = f"DELETE FROM recipe WHERE id = {row_id} RETURNING id"
        elif op == "favorite":
            sql = f"UPDATE recipe SET isFavorite = NOT isFavorite WHERE id = {row_id} RETURNING isFavorite"
        elif op == "join":
            name = details["name"]
            sql = (f"INSERT INTO recipeCollection(name, recipeId) VALUES ({quote(name)}, {row_id}); "
                   f"UPDATE recipe SET collections = (collections::jsonb || {quote(json.dumps([name]))}::jsonb)::text, "
                   f"revision = revision + 1 WHERE id = {row_id} RETURNING id")
        else:  # leave
            name = details["name"]
            sql = (f"DELETE FROM recipeCollection WHERE name = {quote(name)} AND recipeId = {row_id}; "
                   f"UPDATE recipe SET collections = (collections::jsonb - {quote(name)})::text, "
                   f"revision = revision + 1 WHERE id = {row_id} RETURNING id")
        rows, error = await self.psql_write(sql)
        if rows is not None and (rows or op == "insert"):
            self.log.end(entry, "committed")
            if op == "insert":
                row_id = int(rows[0][0])
                entry["id"] = row_id
                self.psql_rows[row_id] = {"title": details["title"], "fav": details["fav"],
                                          "collections": set(details["collections"]), "exists": True}
            elif op == "rename":
                row["title"] = details["title"]
            elif op == "delete":
                row["exists"] = False
            elif op == "favorite":
                row["fav"] = rows[0][0] == "t"
            elif op == "join":
                row["collections"] = None if row["collections"] is None else row["collections"] | {details["name"]}
            elif op == "leave":
                row["collections"] = None if row["collections"] is None else row["collections"] - {details["name"]}
            return
        outcome = self.psql_outcome(error) if rows is None else "failed"
        self.log.end(entry, outcome, error=error)
        if outcome == "uncertain":
            # Either way may be true now: the row's field is no longer known exactly.
            if op == "insert":
                self.psql_rows[-len(self.log.entries)] = {"title": details["title"], "exists": None,
                                                          "fav": None, "collections": None}
            elif op == "rename":
                row["title"] = None
            elif op == "delete":
                row["exists"] = None
            elif op == "favorite":
                row["fav"] = None
            else:
                row["collections"] = None

    async def cli_writer(self):
        rng = random.Random(self.args.seed + 2)
        number = 0
        while self.writing:
            await asyncio.sleep(rng.uniform(3.0, 5.0))
            if not self.writing:
                break
            number += 1
            recipes = [{"title": f"Cli import {number} {part}", "emoji": "📦", "prepMinutes": 5, "cookMinutes": 15,
                        "servings": 2, "collections": [rng.choice(COLLECTIONS)], "isFavorite": rng.random() < 0.3}
                       for part in ("a", "b")]
            path = os.path.join(self.folder, f"import-{number}.json")
            with open(path, "w") as f:
                json.dump({"recipes": recipes}, f, ensure_ascii=False)
            entry = self.log.begin("cli", "import", titles=[r["title"] for r in recipes],
                                   favorites=[r["isFavorite"] for r in recipes])
            result = await self.run_writer([self.binary, "--postgres", self.cluster.url, "import", path], 30)
            if result is None:
                self.log.end(entry, "uncertain", error="timed out")
                continue
            status, out, err = result
            if status == 0 and b"Imported 2" in out:
                self.log.end(entry, "committed")
            else:
                # One transaction: nothing, unless the answer to the commit was lost.
                text = err.decode().strip()
                self.log.end(entry, "failed" if "nothing was imported" in text and "connection" not in text
                             else "uncertain", error=text[-300:])

    # Watching

    async def sample_rss(self):
        while not self.stopping:
            kib = self.server.rss_kib()
            if kib:
                self.rss.append((time.monotonic(), self.server.starts, kib))
            await asyncio.sleep(0.5)

    def connected(self):
        return sum(1 for p in self.pages if p.connected)

    # The run

    async def run(self):
        self.make_pages()
        tasks = [asyncio.create_task(p.run()) for p in self.pages]
        sampler = asyncio.create_task(self.sample_rss())
        started = time.monotonic()
        # Every page connected and showing its list, on a database no one writes yet.
        await self.wait_until(lambda: all(p.shows_choice() for p in self.pages), 45)
        ready = sum(1 for p in self.pages if p.shows_choice())
        note(f"{ready} of {len(self.pages)} pages connected and showing their lists in "
             f"{time.monotonic() - started:.1f} s")
        check(f"all {len(self.pages)} pages connect and show their lists", ready == len(self.pages),
              self.describe_not_ready())
        counts = await asyncio.to_thread(self.sidebar_counts)
        await self.wait_until(lambda: not any(self.sidebar_problems(p, counts) for p in self.pages), 5)
        wrong = {p.index: self.sidebar_problems(p, counts) for p in self.pages}
        wrong = {i: why for i, why in wrong.items() if why}
        check("every page that opens shows the sidebar's counts and collections, with no write to bring them",
              not wrong, f"{len(wrong)} pages: " + "; ".join(f"page {i}: {why[:160]}" for i, why in list(wrong.items())[:2]))

        seconds = self.args.seconds
        t0 = time.monotonic()
        self.events["start"] = t0
        self.writing = True
        writers = [asyncio.create_task(self.psql_writer()), asyncio.create_task(self.cli_writer())]
        for i, p in enumerate(self.pages):
            if p.writer:
                writers.append(asyncio.create_task(p.write_loop(random.Random(self.args.seed + 100 + i))))

        async def at(fraction):
            await asyncio.sleep(max(0.0, t0 + seconds * fraction - time.monotonic()))

        slow = [p for p in self.pages if p.slow]
        await at(0.10)
        self.events["slow"] = time.monotonic()
        for p in slow:
            p.pause()
        note(f"t={time.monotonic() - t0:.0f} s: {len(slow)} pages stop reading")
        await at(0.10 + min(self.args.stall / seconds, 0.35))
        await asyncio.gather(*(p.resume() for p in slow))
        self.events["read"] = time.monotonic()
        note(f"t={time.monotonic() - t0:.0f} s: they read again")
        await at(0.50)
        self.events["pg-restart"] = time.monotonic()
        result = await asyncio.to_thread(self.cluster.restart)
        note(f"t={time.monotonic() - t0:.0f} s: PostgreSQL restarted (pg_ctl restart -m fast: exit "
             f"{result.returncode}, {time.monotonic() - self.events['pg-restart']:.1f} s)")
        check("PostgreSQL restarts", result.returncode == 0, result.stderr[-300:])
        await at(0.70)
        self.events["kill"] = time.monotonic()
        self.server.kill()
        note(f"t={time.monotonic() - t0:.0f} s: the server is killed (SIGKILL)")
        await asyncio.sleep(2)
        await asyncio.to_thread(self.server.start)
        self.events["restarted"] = time.monotonic()
        note(f"t={time.monotonic() - t0:.0f} s: the server is started again on port {self.server.port}")
        back = await self.wait_until(lambda: all(p.shows_choice() for p in self.pages), 40)
        note(f"{sum(1 for p in self.pages if p.shows_choice())} pages back on their lists "
             f"{time.monotonic() - self.events['restarted']:.1f} s after the restart")
        check("every page reconnects after the server is killed and shows its list again", back,
              self.describe_not_ready())
        await at(1.0)
        self.writing = False
        self.events["end"] = time.monotonic()
        await asyncio.gather(*writers, return_exceptions=True)
        note(f"t={time.monotonic() - t0:.0f} s: the writers stop; writes: {self.log.counts()}")

        # Settle: every page on its list, and no message for three seconds.
        settle = time.monotonic()
        await self.wait_until(lambda: all(p.shows_choice() for p in self.pages)
                              and time.monotonic() - self.last_message > 3, 45)
        note(f"settled in {time.monotonic() - settle:.1f} s")
        await self.check_pages()
        self.check_writes()
        self.check_memory()
        self.check_latency()
        self.stopping = True
        sampler.cancel()
        for p in self.pages:
            if p.socket:
                try:
                    await asyncio.wait_for(p.socket.close(), 2)
                except (asyncio.TimeoutError, ConnectionClosed, OSError):
                    pass
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, sampler, return_exceptions=True)

    async def wait_until(self, condition, timeout):
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.2)
        return True

    def describe_not_ready(self):
        bad = [p for p in self.pages if not p.shows_choice()]
        return "; ".join(f"page {p.index} ({p.choice}) connected={p.connected} header={p.header_title()!r}"
                         f" refused={p.refused!r}" for p in bad[:5]) + (f" (+{len(bad) - 5})" if len(bad) > 5 else "")

    # Checks

    def select(self, choice):
        """The list as a fresh SELECT gives it: [(section, title, isFavorite)] in the app's order."""
        order = "lower(title) COLLATE \"C\", id"
        columns = "'', title, isFavorite"
        if choice.kind == "all":
            where = "TRUE"
        elif choice.kind == "favorites":
            where = "isFavorite"
        elif choice.kind == "collection":
            where = f"EXISTS (SELECT 1 FROM recipeCollection WHERE name = {quote(choice.value)} AND recipeId = recipe.id)"
        else:
            words = re.findall(r"\w+", choice.value)
            query = " & ".join(w + ":*" for w in words)
            where = (f"id IN (SELECT id FROM recipe WHERE to_tsvector('simple', title) @@ to_tsquery('simple', "
                     f"{quote(query)}) ORDER BY id LIMIT 1000)")
            columns = "coalesce(collections::jsonb ->> 0, ''), title, isFavorite"
            order = "coalesce(collections::jsonb ->> 0, '') ASC, " + order
        rows = self.cluster.psql(DATABASE, f"SELECT {columns} FROM recipe WHERE {where} ORDER BY {order}")
        return [(s, t, f == "t") for s, t, f in rows]

    def compare(self, page, expected):
        """What is wrong with the page's window against the SELECT, or None."""
        if not page.connected or not page.main:
            return "not connected"
        if not page.shows_choice():
            return f"shows {page.header_title()!r}, not {page.choice}"
        count = int(re.sub(r"\D", "", page.header_title().rsplit("·", 1)[1]) or -1)
        if count != len(expected):
            return f"title {page.header_title()!r}, the SELECT has {len(expected)} rows"
        groups = []
        for section, title, favorite in expected:
            if not groups or groups[-1][0] != section:
                groups.append((section, []))
            groups[-1][1].append((title, favorite))
        shown = page.main.windows()
        if page.choice.kind == "search":
            names = [("Other" if s == "" else s, len(rows)) for s, rows in groups]
            if [(h, c) for h, c, _, _ in shown] != names:
                return f"sections {[(h, c) for h, c, _, _ in shown]}, the SELECT has {names}"
        elif len(shown) != 1 or shown[0][1] != len(expected):
            return f"sections {[(h, c) for h, c, _, _ in shown]}, the SELECT has {len(expected)} rows"
        if not groups:
            return None if all(not items for _, _, _, items in shown) else "rows shown in an empty list"
        # The window: one run of rows across the sections, each section's part where its start says.
        windowed = [i for i, (_, _, _, items) in enumerate(shown) if items]
        if not windowed:
            return f"no rows shown of {len(expected)}"
        for i in windowed:
            header, count, start, items = shown[i]
            if (i != windowed[-1] and start + len(items) != count) or (i != windowed[0] and start != 0) \
                    or windowed != list(range(windowed[0], windowed[-1] + 1)):
                return f"the window has a gap: sections {[(h, c, s, len(it)) for h, c, s, it in shown]}"
        for (header, _, start, items), (_, rows) in zip(shown, groups):
            want = rows[start:start + len(items)]
            if items != want:
                diff = next(i for i, (a, b) in enumerate(zip(items + [None] * len(want), want + [None] * len(items)))
                            if a != b)
                return (f"section {header!r} window from {start}: row {diff} shows {items[diff:diff + 2]}, "
                        f"the SELECT has {want[diff:diff + 2]} ({len(items)} shown, {len(want)} expected)")
        return None

    def sidebar_problems(self, page, counts):
        view = page.views.get("sidebar")
        if not view:
            return "no sidebar"
        shown = {}
        for s in view.secs:
            for key in s["keys"]:
                shown[view.texts.get(key)] = key
        wrong = []
        for title, count in counts.items():
            key = shown.get(title)
            cell_count = sidebar_count(view, key) if key is not None else None
            if cell_count != count:
                wrong.append(f"{title}: shows {cell_count}, the database has {count}")
        return "; ".join(wrong) or None

    async def check_pages(self):
        connected = [p for p in self.pages if p.connected]
        check(f"every page is connected at the end ({len(connected)} of {len(self.pages)})",
              len(connected) == len(self.pages),
              "; ".join(f"page {p.index} refused: {p.refused}" for p in self.pages if p.refused)[:500])
        attempts = 0
        while True:
            attempts += 1
            lists = {}
            for p in self.pages:
                if p.choice.key() not in lists:
                    lists[p.choice.key()] = await asyncio.to_thread(self.select, p.choice)
            problems = {p.index: self.compare(p, lists[p.choice.key()]) for p in self.pages if p.connected}
            problems = {i: why for i, why in problems.items() if why}
            counts = await asyncio.to_thread(self.sidebar_counts)
            sidebars = {p.index: self.sidebar_problems(p, counts) for p in self.pages if p.connected}
            sidebars = {i: why for i, why in sidebars.items() if why}
            if (not problems and not sidebars) or attempts >= 4:
                break
            await asyncio.sleep(5)
        rows = sum(len(items) for p in connected if p.main for _, _, _, items in p.main.windows())
        note(f"compared {rows} rows in the windows of {len(connected)} pages with {len(lists)} SELECTs"
             f" (attempt {attempts})")
        check("every connected page's window shows what a fresh SELECT of its list gives (titles, order, "
              "hearts, count)", not problems,
              f"{len(problems)} pages: " + "; ".join(f"page {i} ({self.pages[i].choice}, slow={self.pages[i].slow}): {why}"
                                                     for i, why in list(problems.items())[:4]))
        check("every page's sidebar counts are the database's", not sidebars,
              f"{len(sidebars)} pages: " + "; ".join(f"page {i}: {why}" for i, why in list(sidebars.items())[:3]))
        placeholders = []
        for p in connected:
            for described in p.main.secs if p.main else []:
                for key in described["keys"]:
                    if p.main.texts.get(key) == "…":
                        when, seq, kind = p.main.origin.get(key) or (0, None, None)
                        placeholders.append(f"page {p.index} ({p.choice}, connection {p.connections}): key {key} "
                                            f"since t={when - self.events['start']:.1f} s ({kind} seq {seq})")
        check("no row is left showing a placeholder (a record never read)", not placeholders,
              f"{len(placeholders)} rows: " + "; ".join(placeholders[:6]) + f"; the server was started again at "
              f"t={self.events['restarted'] - self.events['start']:.1f} s")
        miscounts = sum(v.miscounts for p in self.pages for v in p.views.values())
        fixups = sum(v.fixups for p in self.pages for v in p.views.values())
        unknown = sum(v.unknown for p in self.pages for v in p.views.values())
        messages = sum(p.messages for p in self.pages)
        note(f"{messages} messages applied; {miscounts} with an operation count that was not the page's, "
             f"{fixups} elements out of place, {unknown} elements without content")
        check("every patch applies exactly as sent (operation counts, element order, content for every element)",
              miscounts == 0 and fixups == 0 and unknown == 0,
              f"{miscounts} miscounts, {fixups} fixups, {unknown} without content")
        slow = [p for p in self.pages if p.slow]
        if self.args.netns:
            # On All Recipes, which every write changes, a stalled page is sent more than the
            # socket's buffers hold: the server's writes block, its outbox passes the limit, and
            # the page gets one reset (or the server's ping found it silent and dropped it, and it
            # came back). On quieter lists, 25 s of updates may fit in the buffers.
            busy = [p for p in slow if p.choice.kind == "all" and p.top == 0]
            check(f"each of the {len(busy)} stalled pages on All Recipes fell behind past its outbox's limit and got "
                  "one reset in place of what it missed (or was dropped by the server's ping and came back)",
                  busy and all(p.resyncs or p.connections > 2 for p in busy),
                  "(page, resyncs, connections): " + str([(p.index, p.resyncs, p.connections) for p in busy]))
            quiet = [p for p in slow if p not in busy]
            note(f"stalled pages on other lists: {sum(1 for p in quiet if p.resyncs)} of {len(quiet)} resynced, "
                 f"{sum(1 for p in quiet if p.connections > 2)} dropped and back")
        kill = self.events["kill"]
        others = [f"{'stalled' if p.slow else 'reading'} page {p.index} ({p.choice}) at t={when - self.events['start']:.1f} s: "
                  f"code {code} {reason!r}" for p in self.pages for when, code, reason in p.closes
                  if not kill <= when <= kill + 5]
        note(f"connections that ended other than at the kill (the stall was t={self.events['slow'] - self.events['start']:.0f}"
             f"–{self.events['read'] - self.events['start']:.0f} s): {'; '.join(others) or 'none'}")
        note(f"resyncs (a reset in place of what a page missed): slow pages {sum(p.resyncs for p in slow)} "
             f"({sum(1 for p in slow if p.resyncs)} of {len(slow)} pages), reading pages "
             f"{sum(p.resyncs for p in self.pages if not p.slow)}; connections: "
             f"{sum(p.connections for p in self.pages)} for {len(self.pages)} pages; new sessions after the "
             f"kill: {sum(p.new_sessions for p in self.pages)}")

    def sidebar_counts(self):
        rows = self.cluster.psql(DATABASE, "SELECT 'All Recipes', count(*) FROM recipe UNION ALL "
                                 "SELECT 'Favorites', count(*) FROM recipe WHERE isFavorite UNION ALL "
                                 "SELECT name, count(*) FROM recipeCollection GROUP BY name")
        return {name: int(count) for name, count in rows}

    def check_writes(self):
        entries = self.log.entries
        counts = self.log.counts()
        note(f"writes: {counts}")
        problems = []
        # psql's rows.
        db = {int(r[0]): r[1:] for r in self.cluster.psql(
            DATABASE, "SELECT id, title, isFavorite, collections, "
            "coalesce((SELECT string_agg(name, ',' ORDER BY name) FROM recipeCollection WHERE recipeId = recipe.id), '') "
            "FROM recipe")}
        titles = collections.Counter(r[0] for r in db.values())
        for row_id, row in self.psql_rows.items():
            if row_id < 0:
                continue  # an insert whose outcome psql could not tell
            found = db.get(row_id)
            if row["exists"] is True and not found:
                problems.append(f"psql's recipe {row_id} ({row['title']!r}) is gone")
                continue
            if row["exists"] is False and found:
                problems.append(f"psql deleted recipe {row_id}, it is still there")
                continue
            if not found:
                continue
            title, favorite, names_json, members = found
            if row["title"] is not None and title != row["title"]:
                problems.append(f"recipe {row_id} is titled {title!r}, psql's last rename said {row['title']!r}")
            if row["fav"] is not None and (favorite == "t") != row["fav"]:
                problems.append(f"recipe {row_id} favorite={favorite}, psql set {row['fav']}")
            if row["collections"] is not None:
                if set(filter(None, members.split(","))) != row["collections"] or set(json.loads(names_json)) != row["collections"]:
                    problems.append(f"recipe {row_id} is in {members!r} ({names_json}), psql put it in "
                                    f"{sorted(row['collections'])}")
        # The pages' writes, recipe by recipe in order: what the last committed one left holds;
        # one the page could not tell about leaves what it touched unknown until the next.
        by_title = {}
        for row in db.values():
            by_title.setdefault(row[0], []).append(row)
        states = {title: {"exists": True, "fav": False} for title in self.owned.values()}
        for e in entries:
            if e["writer"] != "page" or e["outcome"] == "failed":
                continue
            state = states.setdefault(e["title"], {"exists": None, "fav": None})
            certain = e["outcome"] == "committed"
            if e["op"] == "add":
                state["exists"], state["fav"] = (True, False) if certain else (None, None)
            elif e["op"] == "delete":
                state["exists"] = False if certain else None
            else:
                state["fav"] = e["value"] if certain else None
        for title, state in states.items():
            rows = by_title.get(title, [])
            if state["exists"] is False and rows:
                problems.append(f"a page deleted {title!r}; it is still there")
            elif state["exists"] is True and len(rows) != 1:
                problems.append(f"a page's {title!r}: the database has {len(rows)} such recipes")
            elif state["exists"] is True and state["fav"] is not None and (rows[0][1] == "t") != state["fav"]:
                problems.append(f"a page set {title!r} favorite={state['fav']}; the database has {rows[0][1]}")
        # The imports.
        for e in entries:
            if e["writer"] == "cli" and e["outcome"] == "committed":
                for title, favorite in zip(e["titles"], e["favorites"]):
                    rows = by_title.get(title, [])
                    if len(rows) != 1 or (rows[0][1] == "t") != favorite:
                        problems.append(f"import of {title!r} committed; the database has {len(rows)} such recipes")
        committed = sum(1 for e in entries if e["outcome"] == "committed")
        check(f"every committed write is in the database ({committed} committed writes: "
              f"{sum(1 for e in entries if e['writer'] == 'page' and e['outcome'] == 'committed')} through pages, "
              f"{sum(1 for e in entries if e['writer'] == 'cli' and e['outcome'] == 'committed')} imports, "
              f"{sum(1 for e in entries if e['writer'] == 'psql' and e['outcome'] == 'committed')} through psql)",
              not problems and committed > 0, "; ".join(problems[:6]) + (f" (+{len(problems) - 6})" if len(problems) > 6 else ""))
        for writer in ("page", "cli", "psql"):
            check(f"{writer} writes committed all through the soak, before and after the faults",
                  self.wrote_throughout(writer), str(counts.get(writer)))
        result = subprocess.run([self.binary, "--postgres", self.cluster.url, "check"], capture_output=True, text=True)
        check("recipes check: the counts the triggers keep agree with the rows", result.returncode == 0,
              (result.stdout + result.stderr).strip()[-300:])
        if self.args.log:
            with open(self.args.log, "w") as f:
                for e in entries:
                    f.write(json.dumps({**e, "at": round(e["at"] - self.events["start"], 3)}, ensure_ascii=False,
                                       default=sorted) + "\n")

    def wrote_throughout(self, writer):
        times = [e["at"] for e in self.log.entries if e["writer"] == writer and e["outcome"] == "committed"]
        periods = [(self.events["start"], self.events["pg-restart"]),
                   (self.events["pg-restart"] + 5, self.events["kill"]),
                   (self.events["restarted"] + 10, self.events["end"])]
        return all(any(a <= t < b for t in times) for a, b in periods)

    def check_memory(self):
        first = [(t, kib) for t, start, kib in self.rss if start == 1]
        slow_start, slow_end = self.events["slow"], self.events["read"]
        during = [(t, kib) for t, kib in first if slow_start <= t <= slow_end]
        if len(during) < 10:
            check("the server's memory was sampled while the slow pages did not read", False, f"{len(during)} samples")
            return
        middle = (slow_start + slow_end) / 2
        early = max(k for t, k in during if t < middle)
        late = max(k for t, k in during if t >= middle)
        before = [k for t, k in first if t < slow_start]
        peak = max(k for _, _, k in self.rss)
        growth = late - early
        note(f"server RSS: {before[-1] // 1024 if before else '?'} MiB when the slow pages stopped reading, peak "
             f"{early // 1024} MiB in the first half of their stop, {late // 1024} MiB in the second "
             f"({growth / 1024:+.1f} MiB), peak of the run {peak // 1024} MiB "
             f"(second server: {max((k for _, s, k in self.rss if s == 2), default=0) // 1024} MiB)")
        check(f"the server's memory stays bounded while {sum(p.slow for p in self.pages)} pages do not read "
              f"(peak {peak // 1024} MiB; second half of the stop {growth / 1024:+.1f} MiB over the first, "
              f"limit +{self.args.rss_growth_mib} MiB)",
              growth < self.args.rss_growth_mib * 1024, f"{growth // 1024} MiB more")

    def check_latency(self):
        slow_start, slow_end = self.events["slow"], self.events["read"]
        probes = {n: t for n, t in self.latency_sent.items() if slow_start + 2 <= t <= slow_end - 2}
        readers = [p for p in self.pages if not p.slow and p.choice.kind == "all" and p.top == 0]
        delays, missing = [], 0
        for p in readers:
            for n, sent in probes.items():
                if n in p.arrivals:
                    delays.append(p.arrivals[n] - sent)
                else:
                    missing += 1
        if not delays:
            check("the reading pages got psql's writes while the slow pages did not read", False,
                  f"{len(probes)} probes, {len(readers)} pages, none arrived")
            return
        delays.sort()
        p50 = statistics.median(delays) * 1000
        p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))] * 1000
        note(f"latency from starting psql (a rename to the top of All Recipes) to the new title arriving at "
             f"{len(readers)} reading pages, {len(probes)} renames while the slow pages did not read: "
             f"p50 {p50:.0f} ms, p99 {p99:.0f} ms, max {delays[-1] * 1000:.0f} ms; {missing} never arrived")
        check(f"the reading pages never waited behind the slow ones (p99 {p99:.0f} ms, limit "
              f"{self.args.latency_limit_ms} ms; every rename arrived)",
              p99 <= self.args.latency_limit_ms and missing == 0, f"p99 {p99:.0f} ms, {missing} missing")


def sidebar_count(view, key):
    """The count a sidebar row shows (its secondary text), as a number."""
    text = view.secondary.get(key)
    digits = re.sub(r"\D", "", text or "")
    return int(digits) if digits else None


NETNS = "RECIPES_SOAK_NETNS"
# In the soak's own network namespace, TCP send buffers grow to 64 KiB at most (the host's loopback
# lets them grow to 4 MiB): a page that stops reading then blocks the server's writes to it within
# seconds, and its outbox fills, as over a slow link, instead of the kernel taking megabytes for it.
SEND_BUFFER = "4096 16384 65536"


def enter_network_namespace():
    """Runs the soak again in a network namespace of its own (root only), with loopback up and
    TCP send buffers capped; returns whether this process runs in one."""
    if os.environ.get(NETNS) == "1":
        subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
        with open("/proc/sys/net/ipv4/tcp_wmem", "w") as f:
            f.write(SEND_BUFFER)
        return True
    if os.geteuid() == 0 and "--no-netns" not in sys.argv and shutil.which("unshare") and shutil.which("ip"):
        sys.stdout.flush()
        os.execvpe("unshare", ["unshare", "--net", "--", sys.executable, os.path.abspath(__file__)] + sys.argv[1:],
                   dict(os.environ, **{NETNS: "1"}))
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary", help="the recipes executable")
    parser.add_argument("--seconds", type=float, default=180, help="how long the writers soak (default 180)")
    parser.add_argument("--pages", type=int, default=200, help="how many pages (default 200)")
    parser.add_argument("--generate", type=int, default=400, help="made-up recipes added first (default 400)")
    parser.add_argument("--seed", type=int, default=None, help="the random seed (printed)")
    parser.add_argument("--stall", type=float, default=25,
                        help="how long the slow pages do not read, in seconds (default 25: the server "
                             "pings every 30 s and drops a page that has not answered by the next ping)")
    parser.add_argument("--latency-limit-ms", type=int, default=2000, help="the p99 limit (default 2000)")
    parser.add_argument("--rss-growth-mib", type=int, default=32, help="the memory growth limit (default 32)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and its logs")
    parser.add_argument("--log", help="write the log of writes here, one JSON object a line")
    parser.add_argument("--no-netns", action="store_true",
                        help="run in the host's network namespace (the kernel's buffers hide a slow page)")
    args = parser.parse_args()
    args.netns = enter_network_namespace()
    if args.seed is None:
        args.seed = random.randrange(1 << 30)
    print(f"recipes-soak: seed {args.seed}, {args.pages} pages, {args.seconds:.0f} s"
          + (f", in a network namespace of its own (tcp_wmem {SEND_BUFFER})" if args.netns else ""), flush=True)
    started = time.monotonic()
    clean_up_on_exit()
    soak = Soak(args)
    try:
        soak.setup()
        asyncio.run(soak.run())
    except BaseException as error:  # a broken run is a failure, not a crash; clean up either way
        import traceback
        check("the soak ran to the end", False, traceback.format_exc(limit=-4).replace("\n", " | ")[-1500:])
        if soak.server:
            note(f"server log: {soak.server.log_text()[-800:]!r}")
    finally:
        cleanup()
    note(f"ran in {time.monotonic() - started:.0f} s")
    sys.exit(summary())


if __name__ == "__main__":
    main()
