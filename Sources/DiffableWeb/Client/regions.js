// Pages with several regions: collection views besides the main one (a sidebar) and panels the
// server describes (a detail pane, a form, a dialog). The server's reset lists the regions; this
// lays them out around the main collection and routes each message to its region. A region's
// collection is a collection of its own (collection.js), like the main one.

import { noteUpdate } from "./announce.js";
import { makeCollection } from "./collection.js";
import { reset, patch } from "./patch.js";
import { installRoot, settleFocus } from "./input.js";
import { renderPanel, panelKeydown, press } from "./panel.js";
import { contentPosition, pagePosition } from "./scroll.js";

/** The regions, by name: `{ name, kind, at, column, root, view }` (`view`: a collection's). */
export const regions = new Map();
let described = "";
let send = () => {};

function element(tag, cls) {
  const el = document.createElement(tag);
  el.className = cls;
  return el;
}

function regionOf(node) {
  const el = node && node.closest ? node.closest("[data-region]") : null;
  return el ? regions.get(el.dataset.region) : null;
}

/**
 * What a region's collection shows: its column's scroll position and size. A hidden column
 * reports nothing: the server keeps what it showed, and it comes back whole.
 */
function reportRegion(region) {
  if (region.column.hidden) return;
  send({
    t: "region", region: region.name, top: Math.max(0, Math.round(region.column.scrollTop)),
    height: Math.max(1, Math.round(region.column.clientHeight)),
    width: Math.max(1, Math.round(region.root.clientWidth)),
  });
}

function reportAll() {
  for (const region of regions.values()) if (region.kind === "view") reportRegion(region);
}

let installed = false;

/** Routes keys in a panel (or while a dialog is open) to the panel, before the collections'. */
function installRouting() {
  if (installed) return;
  installed = true;
  window.addEventListener("keydown", (event) => {
    const region = regionOf(document.activeElement);
    if (region && region.kind === "panel") {
      // A panel's keys are its own (typing `/` in a field is not a search).
      event.stopPropagation();
      panelKeydown(event, region, send);
      return;
    }
    if (openDialog() && !region) {
      event.stopPropagation();
      if (event.key === "Escape") panelKeydown(event, openDialog(), send);
    }
  }, true);
  let frame = false;
  const schedule = () => {
    if (frame) return;
    frame = true;
    requestAnimationFrame(() => {
      frame = false;
      reportAll();
    });
  };
  window.addEventListener("resize", schedule);
  for (const region of regions.values()) {
    if (region.kind === "view") region.column.addEventListener("scroll", schedule, { passive: true });
  }
}

function openDialog() {
  for (const region of regions.values()) if (region.at === "dialog" && !region.column.hidden) return region;
  return null;
}

/**
 * Lays the regions out around the main collection, once per description: leading and trailing
 * columns that scroll on their own beside it, header panels over it, dialogs over the page.
 * `fresh` lays them out again, empty, whatever the description: a new session (the server
 * restarted) gives its items new keys, and a click on what the old session drew would name an
 * item of the new one that the person never saw.
 */
export function setupRegions(list, sender, fresh = false) {
  send = sender;
  const text = JSON.stringify(list);
  if (text === described && !fresh) {
    reportAll();
    return;
  }
  described = text;
  const main = document.querySelector(".dw-collection");
  for (const region of regions.values()) region.column.remove();
  regions.clear();
  document.body.classList.toggle("dw-has-regions", list.length > 0);
  if (!list.length) return;
  if (!document.querySelector('link[href="/_diffable/regions.css"]')) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = "/_diffable/regions.css";
    document.head.append(link);
  }
  let split = document.querySelector(".dw-split");
  let center = document.querySelector(".dw-center");
  if (!split) {
    split = element("div", "dw-split");
    center = element("div", "dw-center");
    main.replaceWith(split);
    center.append(main);
    split.append(center);
  }
  for (const d of list) {
    const region = { name: d.name, kind: d.kind, at: d.at, column: null, root: null, view: null };
    if (d.at === "dialog") {
      region.column = element("div", "dw-backdrop");
      region.column.hidden = true;
      region.root = element("div", "dw-panel dw-dialog");
      region.root.setAttribute("role", "dialog");
      region.root.setAttribute("aria-modal", "true");
      region.root.setAttribute("aria-label", d.name);
      if (d.w) region.root.style.maxWidth = `${d.w}px`;
      region.column.append(region.root);
      document.body.append(region.column);
    } else if (d.at === "header") {
      region.column = element("div", "dw-region-header");
      region.column.setAttribute("role", "region");
      region.column.setAttribute("aria-label", d.name);
      region.root = element("div", "dw-panel dw-panel-bar");
      region.column.append(region.root);
      center.insertBefore(region.column, main);
    } else {
      // A leading column of lists is how the page is navigated; any other column is aside.
      region.column = element(
        d.at === "leading" && d.kind === "view" ? "nav" : "aside", `dw-column dw-column-${d.at}`);
      region.column.setAttribute("aria-label", d.name);
      region.root = element("div", d.kind === "view" ? "dw-region-view" : "dw-panel");
      if (d.w) region.column.style.setProperty("--dw-column-width", `${d.w}px`);
      region.column.append(region.root);
      if (d.at === "leading") split.insertBefore(region.column, center);
      else split.append(region.column);
    }
    region.column.dataset.region = d.name;
    if (d.kind === "view") {
      region.root.tabIndex = 0;  // one stop for the keyboard: the focus goes on to an item
      region.view = makeCollection(region.root, d.name);
      installRoot(region.view, (message) => send(message));
      // The column's size is known once regions.css applies (after it loads, which the first
      // report may precede: the server then showed one row) and whenever it changes.
      new ResizeObserver(() => reportRegion(region)).observe(region.column);
    } else {
      region.root.addEventListener("click", (event) => panelClick(event, region));
    }
    regions.set(d.name, region);
  }
  installRouting();
  reportAll();
}

/**
 * Where each column was scrolled when it went: the window's scroll while it was the column the
 * window scrolls (collapsed, the one shown; beside others, the centre), and its own.
 */
const columnScrolls = new WeakMap();

/**
 * Shows the regions of the columns a split view shows ("" is the main collection, with its
 * header) and hides the others, which keep their state and scroll; collapsed, the one shown takes
 * the whole width, and the bar gets a back control (`‹ title`) that asks the server to go back.
 * When the focus was in a column that went, it goes to the back control, or else to the column
 * shown.
 */
function applySplit(message) {
  const shown = new Set(message.show || []);
  const center = document.querySelector(".dw-center");
  const sides = (at) => [...regions.values()].filter((region) => region.at === at).map((region) => region.column);
  const columns = [...sides("leading"), center, ...sides("trailing")].filter(Boolean);
  const before = columns.filter((column) => !column.hidden);
  const windowColumnBefore = document.body.classList.contains("dw-collapsed") ? before[0] : center;
  for (const column of before) {
    columnScrolls.set(column, { own: column.scrollTop, window: column === windowColumnBefore ? window.scrollY : 0 });
  }
  document.body.classList.toggle("dw-collapsed", !!message.collapsed);
  if (center) center.hidden = !shown.has("");
  // The page's main landmark is the collection's; while it is hidden, the columns' holder is.
  const holder = document.querySelector(".dw-split");
  if (holder && center) {
    if (center.hidden) holder.setAttribute("role", "main");
    else holder.removeAttribute("role");
  }
  for (const region of regions.values()) {
    if (region.at === "leading" || region.at === "trailing") region.column.hidden = !shown.has(region.name);
  }
  restoreScrolls(columns, before, !!message.collapsed, center, windowColumnBefore);
  const bar = document.querySelector(".dw-bar");
  let back = document.querySelector(".dw-back");
  if (!back && bar) {
    back = element("button", "dw-back");
    back.type = "button";
    back.addEventListener("click", () => send({ t: "back" }));
    bar.prepend(back);
  }
  if (back) {
    back.hidden = typeof message.back !== "string";
    back.textContent = `‹ ${message.back || "Back"}`;
    back.setAttribute("aria-label", `Back to ${message.back || "the previous column"}`);
  }
  const active = document.activeElement;
  if (active && active !== document.body && !active.offsetParent) {
    const column = [...document.querySelectorAll(".dw-split > :not([hidden])")][0];
    const target = back && !back.hidden ? back : column && column.querySelector("[tabindex], button, input");
    if (target) target.focus();
  }
  // The columns shown changed size: as for a resize, the collections report what they show now
  // (the regions' through installRouting's listener, the main one through client.js's).
  window.dispatchEvent(new Event("resize"));
}

/**
 * Puts each column that comes back where it was, as a navigation stack keeps a view
 * controller's scroll: a column shown again gets its own scroll, and the window the scroll of the
 * column it now scrolls (collapsed, the one shown; beside others, `center`). Collapsed, the
 * columns after the one shown were gone back from, and start at their top next time, as a new
 * push does.
 */
function restoreScrolls(columns, before, collapsed, center, windowColumnBefore) {
  const now = columns.filter((column) => !column.hidden);
  const windowColumn = collapsed ? now[0] : center;
  if (collapsed && now.length) {
    for (const column of columns.slice(columns.indexOf(now[0]) + 1)) columnScrolls.delete(column);
  }
  for (const column of now) {
    if (!before.includes(column)) column.scrollTop = columnScrolls.get(column)?.own ?? 0;
  }
  if (windowColumn && windowColumn !== windowColumnBefore) {
    window.scrollTo(0, columnScrolls.get(windowColumn)?.window ?? 0);
  }
}

function panelClick(event, region) {
  const button = event.target.closest("button[data-a]");
  if (!button || !region.root.contains(button)) return;
  event.preventDefault();
  press(region, button.dataset.a, send);
}

/**
 * Applies a message that belongs to a region: a region collection's reset or patch, a panel's
 * content, the page's search text, or a batch of messages (a resync). Returns whether it did.
 */
export function routeRegionMessage(message, applyMain) {
  if (message.t === "batch") {
    for (const inner of message.messages || []) applyMain(inner);
    return true;
  }
  if (message.t === "page") {
    const search = document.querySelector(".dw-search");
    if (search && typeof message.q === "string") search.value = message.q;
    return true;
  }
  if (message.t === "panel") {
    const region = regions.get(message.region);
    if (region) renderPanel(region, message.c, send);
    return true;
  }
  if (message.t === "split") {
    applySplit(message);
    return true;
  }
  if (message.region === undefined) return false;
  const region = regions.get(message.region);
  if (!region || region.kind !== "view") return true;
  if (message.t === "reset") reset(region.view, message);
  else if (message.t === "patch") {
    patch(region.view, message);
    noteUpdate(region.view, message);
  }
  if (message.scroll) scrollToTarget(region, message.scroll);
  settleFocus(region.view);
  return true;
}

/**
 * Scrolls a collection (`null`: the main one, which scrolls with the page) the least that shows
 * the item at `[top, height]` of its content, below whatever sticks to the top of the screen.
 */
/**
 * Where a view scrolled from `current` puts an item at `itemTop` (of `height`): `align` is 0 for
 * the least scrolling that shows it, 1 for the top, 2 the middle, 3 the bottom of the part of the
 * view not `covered` by bars (the server's ScrollTarget.Alignment).
 */
function scrolledTop(current, itemTop, height, viewHeight, covered, align) {
  if (align === 1) return itemTop - covered;
  if (align === 2) return itemTop - covered - (viewHeight - covered - height) / 2;
  if (align === 3) return itemTop + height - viewHeight;
  if (itemTop - covered < current) return itemTop - covered;
  if (itemTop + height > current + viewHeight) return itemTop + height - viewHeight;
  return current;
}

/**
 * Scrolls a region's column (or the window, for the main collection, whose plan is `plan`) so
 * that the item at content position `top` is where `align` says. The place is worked out in the
 * content, then taken to the page: in a section drawn shorter than its content (scroll.js), the
 * two differ.
 */
export function scrollToTarget(region, [top, height, align = 0, animated = 0], plan) {
  const smooth = animated && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const behavior = smooth ? "smooth" : "auto";
  if (region) {
    const column = region.column;
    const origin = region.root.offsetTop;
    const screen = column.clientHeight;
    const current = contentPosition(region.view.plan, column.scrollTop - origin, screen);
    const next = origin + pagePosition(region.view.plan, scrolledTop(current, top, height, screen, 0, align), screen);
    if (next !== column.scrollTop) column.scrollTo({ top: next, behavior });
    return;
  }
  const root = document.querySelector(".dw-collection");
  let covered = 0;
  for (const el of document.querySelectorAll(".dw-bar, .dw-region-header")) {
    covered = Math.max(covered, el.getBoundingClientRect().bottom);
  }
  const origin = root.getBoundingClientRect().top + window.scrollY;
  const screen = window.innerHeight;
  const current = contentPosition(plan, window.scrollY - origin, screen);
  const next = origin + pagePosition(plan, scrolledTop(current, top, height, screen, covered, align), screen);
  if (next !== window.scrollY) window.scrollTo({ top: next, behavior });
}

/** A region's collection, for tests: `diffableRegion("sidebar").items`. */
window.diffableRegion = (name) => regions.get(name)?.view ?? null;
