// Applies the server's messages to the page: a reset builds everything, a patch performs the
// update's operations on the elements as they are (one DOM operation each) and places the
// elements that scrolled in. Elements are keyed; a moved element is moved, never recreated.

// Every function takes the collection it works on (collection.js), `view`.

import { renderIndex } from "./sectionindex.js";
import { fillItem, fillSupplementary, makeItem } from "./cells.js";
import { animate, positions } from "./animate.js";
import { showMenu } from "./menu.js";
import { pageHeight, planSections, shift } from "./scroll.js";

function move(parent, el, before) {
  if (parent.moveBefore && el.isConnected && parent.isConnected) {
    try {
      parent.moveBefore(el, before);
      return;
    } catch (error) {
      // Not movable atomically here: insert instead.
    }
  }
  parent.insertBefore(el, before);
}

function px(value) {
  return `${value}px`;
}

/** The page's scroll position from the collection's top, read once per message (see scroll.js). */
export function readScroll(view) {
  if (view.rootTop === undefined) view.rootTop = view.root.getBoundingClientRect().top + window.scrollY;
  view.scrolled = Math.max(0, window.scrollY - view.rootTop);
  return view.scrolled;
}

/** Places a list's or grid's rendered rows where the server laid them out, on the page. */
function placeWindow(view, s) {
  const d = s.desc;
  if (d.kind === "strip") return;
  const top = Math.floor(d.start / d.cols) * d.ih - shift(view.plan, d.k, view.scrolled, window.innerHeight);
  setStyle(s.win, "top", px(Math.round(top)));
}

/** Moves the rows of scaled sections as the page scrolls. */
export function placeWindows(view) {
  readScroll(view);
  for (const [key, s] of view.sections) {
    const p = view.plan.get(key);
    if (p && p.page !== p.content) placeWindow(view, s);
  }
}

/**
 * Sets a style property only if it changes: a write, even of the same value, can make the browser
 * recompute the style of everything under the element (a custom property is inherited by every
 * row), and most messages leave a section's sizes as they were.
 */
function setStyle(el, name, value) {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

function setClass(el, value) {
  if (el.className !== value) el.className = value;
}

function setHidden(el, value) {
  if (el.hidden !== value) el.hidden = value;
}

/** Sizes and places a section's parts from its description. */
function layoutSection(view, s, d) {
  s.desc = d;
  setClass(s.el, `dw-section dw-${d.kind} dw-look-${d.look}`);
  setStyle(s.el, "padding-top", px(d.gap));
  // The list's background colour, behind its rows (which keep their own).
  setStyle(s.el, "background-color", /^(var\(--dw-[a-z-]+\)|#[0-9a-f]{6})$/.test(d.bg || "") ? d.bg : "");
  setHidden(s.header, d.hh === 0);
  setStyle(s.header, "height", px(d.hh));
  setHidden(s.footer, d.fh === 0);
  setStyle(s.footer, "height", px(d.fh));
  setStyle(s.win, "--dw-item-height", px(d.ih));
  if (d.kind === "strip") {
    setStyle(s.items, "height", px(d.height));
    setStyle(s.spacer, "width", px(d.count * d.iw));
    setStyle(s.spacer, "height", px(d.height));
    setStyle(s.win, "left", px(d.start * d.iw));
    setStyle(s.win, "top", "0px");
    setStyle(s.win, "--dw-item-width", px(d.iw));
  } else {
    const height = px(pageHeight(view.plan, d.k, d.height));
    setStyle(s.items, "height", height);
    setStyle(s.spacer, "width", "");
    setStyle(s.spacer, "height", height);
    setStyle(s.win, "left", "0px");
    placeWindow(view, s);
    setStyle(s.win, "grid-template-columns", d.kind === "grid" ? `repeat(${d.cols}, 1fr)` : "");
  }
  if (d.header) fillSupplementary(s.header, d.header);
  if (d.footer) fillSupplementary(s.footer, d.footer);
}

function part(tag, cls) {
  const el = document.createElement(tag);
  el.className = cls;
  return el;
}

/** A new section element with its header, footer and the elements of its items. */
function makeSection(view, d, cells) {
  const s = {
    el: part("section", "dw-section"), header: part("div", "dw-header"), items: part("div", "dw-items"),
    spacer: part("div", "dw-spacer"), win: part("div", "dw-window"), footer: part("div", "dw-footer"),
  };
  s.el.dataset.k = String(d.k);
  s.el._key = d.k;
  s.win.dataset.section = String(d.k);
  s.header.setAttribute("role", "heading");
  s.header.setAttribute("aria-level", "2");
  s.header.id = `dw-header-${d.k}`;
  s.spacer.append(s.win);
  s.items.append(s.spacer);
  s.el.append(s.header, s.items, s.footer);
  for (const key of d.keys) {
    const el = makeItem(key, cells[key]);
    view.items.set(key, el);
    s.win.append(el);
  }
  layoutSection(view, s, d);
  view.sections.set(d.k, s);
  return s;
}

function forgetSection(view, key) {
  const s = view.sections.get(key);
  if (!s) return;
  for (const el of s.win.children) view.items.delete(el._key);
  view.sections.delete(key);
}

function removeItem(view, key) {
  const el = view.items.get(key);
  if (!el) return false;
  el.remove();
  view.items.delete(key);
  return true;
}

/**
 * Puts a parent's children in the order of `keys`. Children that stay (neither moved nor new)
 * are already in order; moved ones are moved, new ones made; so the DOM operations are exactly
 * the moves and inserts. `moved` holds the moved elements; `placed`, those moved so far (a move
 * between sections is placed by one section and skipped, still pending, by the other).
 */
function arrange(view, parent, keys, lookup, make, moved, inserted, placed, counts) {
  const pending = (el) => moved.has(el) && !placed.has(el);
  let cursor = parent.firstElementChild;
  const skip = () => {
    while (cursor && pending(cursor)) cursor = cursor.nextElementSibling;
  };
  skip();
  for (const key of keys) {
    let el = lookup(key);
    if (!el) {
      el = make(key);
      parent.insertBefore(el, cursor);
      if (inserted.has(key)) counts.inserts++;
      else view.stats.adds++;
      continue;
    }
    if (el === cursor) {
      cursor = cursor.nextElementSibling;
      skip();
      continue;
    }
    if (pending(el)) {
      placed.add(el);
      move(parent, el, cursor);
      counts.moves++;
      continue;
    }
    // Out of place without being moved: the server and the page disagree; repair and count it.
    move(parent, el, cursor);
    view.stats.fixups++;
  }
  while (cursor) {
    const next = cursor.nextElementSibling;
    if (!pending(cursor)) {
      cursor.remove();
      view.stats.fixups++;
    }
    cursor = next;
  }
}

/** The elements of `keys` that exist. */
function elements(keys, lookup) {
  const found = new Set();
  for (const key of keys || []) {
    const el = lookup(key);
    if (el) found.add(el);
  }
  return found;
}

/** Builds the page anew from a reset. */
export function reset(view, message) {
  readScroll(view);
  planSections(view.plan, message.secs);
  const fragment = document.createDocumentFragment();
  view.sections.clear();
  view.items.clear();
  for (const d of message.secs) fragment.append(makeSection(view, d, message.cells || {}).el);
  view.root.replaceChildren(fragment);
  select(view, message.sel);
  describeSections(view, message.secs);
  renderIndex(view, message.ix || []);
  view.stats.resets++;
  view.stats.seq = message.seq;
}

/**
 * What assistive technology needs of each section: a listbox of options (a tree of treeitems for
 * an outline), named by its header or else by its collection, and each item's place among all
 * of the section's, so that a row of a million says "500,001 of 1,000,000" though only a
 * screenful of them exist in the page.
 */
function describeSections(view, secs) {
  for (const d of secs) {
    const s = view.sections.get(d.k);
    if (!s) continue;
    const first = s.win.firstElementChild;
    const isTree = first && first.getAttribute("role") === "treeitem";
    setAttribute(s.items, "role", isTree ? "tree" : "listbox");
    if (!s.header.hidden && s.header.textContent.trim()) {
      setAttribute(s.items, "aria-labelledby", s.header.id);
      s.items.removeAttribute("aria-label");
    } else {
      setAttribute(s.items, "aria-label", view.label || "Items");
      s.items.removeAttribute("aria-labelledby");
    }
    if (isTree) {
      s.described = null;
      continue;
    }
    // Only rows whose place changed are written to, found by comparing the window's keys with
    // those described last, where the window started then (an array, not the elements: reading
    // every row of the window back on every message cost more than the update's own operations).
    const last = s.described;
    const windowMove = last && last.count === d.count ? d.start - last.start : NaN;
    for (let i = 0; i < d.keys.length; i++) {
      if (last && last.keys[i + windowMove] === d.keys[i]) continue;
      const el = view.items.get(d.keys[i]);
      el.setAttribute("aria-posinset", String(d.start + i + 1));
      el.setAttribute("aria-setsize", String(d.count));
    }
    s.described = { start: d.start, count: d.count, keys: d.keys };
  }
}

function setAttribute(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function select(view, keys) {
  for (const key of view.selected) {
    const el = view.items.get(key);
    el?.classList.remove("dw-selected");
    el?.removeAttribute("aria-selected");
  }
  view.selected = new Set(keys || []);
  for (const key of view.selected) {
    const el = view.items.get(key);
    if (el) {
      el.classList.add("dw-selected");
      el.setAttribute("aria-selected", "true");
    }
  }
}

/** The item elements in the page, in order. */
export function allItems(view) {
  return Array.from(view.root.querySelectorAll(".dw-window > .dw-row, .dw-window > .dw-tile"));
}

/** Gives `el` the focus and the collection's one tab stop (roving focus), without scrolling. */
export function takeFocus(view, el) {
  for (const other of view.root.querySelectorAll('[tabindex="0"]')) if (other !== el) other.tabIndex = -1;
  el.tabIndex = 0;
  el.focus({ preventScroll: true });
  view.focusedKey = Number(el.dataset.k);
}

/** The item still in the page nearest after `key` in `keys` (the order before an update), or else before it. */
function neighbour(view, keys, key) {
  const at = keys.indexOf(key);
  const order = keys.slice(at + 1).concat(keys.slice(0, at).reverse());
  for (const k of order) {
    const el = view.items.get(k);
    if (el && el.isConnected) return el;
  }
  return null;
}

/** Applies a patch; returns the number of update operations it performed. */
export function patch(view, message) {
  const started = performance.now();
  const ops = message.ops || {};
  const cells = message.cells || {};
  const animated = message.anim && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const before = animated ? positions(view) : null;
  if (before && view.dropped) {
    const el = view.items.get(view.dropped.key);
    if (el) before.set(el, view.dropped.rect);
  }
  view.dropped = null;
  const focused = document.activeElement;
  const focusedItem = focused && focused.dataset && focused.dataset.k && view.root.contains(focused) ? focused : null;
  // The items around the focused one, in order: if the update removes it, the focus goes to the
  // one that takes its place, as a list's focus does, not to the page.
  const focusedKey = focusedItem && Number(focusedItem.dataset.k);
  const around = focusedItem ? allItems(view).map((el) => Number(el.dataset.k)) : [];
  readScroll(view);
  // A patch that moved, reloaded and scrolled nothing leaves the sections out: they stand.
  const secs = message.secs;
  if (secs) planSections(view.plan, secs);
  const counts = { inserts: 0, removes: 0, moves: 0, replaces: 0, reconfigures: 0 };

  for (const key of ops.sd || []) {
    const s = view.sections.get(key);
    if (s) {
      s.el.remove();
      forgetSection(view, key);
      counts.removes++;
    }
  }
  for (const key of ops.d || []) if (removeItem(view, key)) counts.removes++;
  for (const key of ops.e || []) if (removeItem(view, key)) view.stats.evictions++;
  for (const [old, key] of ops.r || []) {
    const was = view.items.get(old);
    if (!was) continue;
    const el = makeItem(key, cells[key]);
    was.replaceWith(el);
    view.items.delete(old);
    view.items.set(key, el);
    counts.replaces++;
  }
  const descriptions = new Map((secs || []).map((d) => [d.k, d]));
  const built = new Set();
  for (const [old, key] of ops.sr || []) {
    const was = view.sections.get(old);
    if (!was) continue;
    const made = makeSection(view, descriptions.get(key), cells);
    was.el.replaceWith(made.el);
    forgetSection(view, old);
    view.sections.set(key, made);
    built.add(key);
    counts.replaces++;
  }
  const insertedSections = new Set(ops.si || []);
  if (secs) {
    arrange(
      view, view.root, secs.map((d) => d.k), (key) => view.sections.get(key)?.el,
      (key) => {
        built.add(key);
        return makeSection(view, descriptions.get(key), cells).el;
      },
      elements(ops.sm, (key) => view.sections.get(key)?.el), insertedSections, new Set(), counts);
  }
  const moved = elements(ops.m, (key) => view.items.get(key));
  const inserted = new Set(ops.i || []);
  const placed = new Set();
  for (const d of secs || []) {
    const s = view.sections.get(d.k);
    if (built.has(d.k)) continue;
    layoutSection(view, s, d);
    arrange(
      view, s.win, d.keys, (key) => view.items.get(key),
      (key) => {
        const el = makeItem(key, cells[key]);
        view.items.set(key, el);
        return el;
      },
      moved, inserted, placed, counts);
  }
  const reconfigured = new Set(ops.c || []);
  for (const key of reconfigured) {
    const el = view.items.get(key);
    if (el && cells[key]) {
      fillItem(el, cells[key]);
      counts.reconfigures++;
    }
  }
  // What else changed about elements that stay: their outline place, actions and so on.
  for (const [name, cell] of Object.entries(cells)) {
    const key = Number(name);
    if (reconfigured.has(key) || inserted.has(key)) continue;
    const el = view.items.get(key);
    if (el && !cell.c) fillItem(el, cell);
  }
  select(view, message.sel);
  if (secs) describeSections(view, secs);
  if (focusedItem && !focusedItem.isConnected) {
    // A moved element keeps its key; a reloaded one has its replacement's; a deleted one leaves
    // the focus to the item after it, or else the one before.
    const replaced = (ops.r || []).find(([old]) => old === focusedKey);
    const next = view.items.get(replaced ? replaced[1] : focusedKey) || neighbour(view, around, focusedKey);
    if (next) takeFocus(view, next);
  }
  if (before) animate(view, before);
  if (message.menu) showMenu(view, message.menu);
  if (message.ix) renderIndex(view, message.ix);

  const performed = counts.inserts + counts.removes + counts.moves + counts.replaces + counts.reconfigures;
  const stats = view.stats;
  for (const name of Object.keys(counts)) stats[name] += counts[name];
  if (performed !== message.n) {
    stats.mismatches++;
    console.error(`diffable: performed ${performed} operations, the server counted ${message.n}`);
  }
  stats.patches++;
  stats.seq = message.seq;
  stats.lastApplyMs = performance.now() - started;
  return performed;
}
