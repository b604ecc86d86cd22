// Pages with several regions: collection views besides the main one (a sidebar) and panels the
// server describes (a detail pane, a form, a dialog). The server's reset lists the regions; this
// lays them out around the main collection and routes each message to its region.
//
// patch.js and input.js work on one collection's state, `view`. A region's collection has a state
// of the same shape; while a message for it is applied, or an event in it is handled, its state
// is loaded into `view` and the main one's is put aside. Everything runs synchronously, so no
// other code sees the swap.

import { view, reset, patch } from "./patch.js";
import { plan } from "./scroll.js";
import { installRoot, settleFocus } from "./input.js";
import { renderPanel, panelKeydown, press } from "./panel.js";

/** The regions, by name: `{ name, kind, at, column, root, state }`. */
export const regions = new Map();
let described = "";
let current = null;
let mainState = null;
let send = () => {};

function emptyState(root) {
  return {
    root, sections: new Map(), items: new Map(), selected: new Set(), dropped: null,
    stats: {
      patches: 0, resets: 0, inserts: 0, removes: 0, moves: 0, replaces: 0, reconfigures: 0,
      adds: 0, evictions: 0, fixups: 0, mismatches: 0, lastApplyMs: 0, seq: 0,
    },
  };
}

/** Loads a region's state into `view` (`null`: the main collection's). */
function load(region) {
  if (region === current) return;
  const stash = {};
  for (const key of Object.keys(view)) {
    stash[key] = view[key];
    delete view[key];
  }
  if (current) current.state = stash;
  else mainState = stash;
  Object.assign(view, region ? region.state : mainState);
  current = region;
}

/** Runs `body` with a region's collection loaded; the main collection's scroll plan survives. */
function within(region, body) {
  const saved = new Map(plan);
  load(region);
  try {
    body();
  } finally {
    load(null);
    plan.clear();
    for (const [key, value] of saved) plan.set(key, value);
  }
}

function element(tag, cls) {
  const el = document.createElement(tag);
  el.className = cls;
  return el;
}

function regionOf(node) {
  const el = node && node.closest ? node.closest("[data-region]") : null;
  return el ? regions.get(el.dataset.region) : null;
}

/** What a region's collection shows: its column's scroll position and size. */
function reportRegion(region) {
  send({
    t: "region", v: region.name, top: Math.max(0, Math.round(region.column.scrollTop)),
    height: Math.max(1, Math.round(region.column.clientHeight)),
    width: Math.max(1, Math.round(region.root.clientWidth)),
  });
}

function reportAll() {
  for (const region of regions.values()) if (region.kind === "view") reportRegion(region);
}

let installed = false;

/** Routes events in a region's collection to it, and keys in a panel to the panel. */
function installRouting() {
  if (installed) return;
  installed = true;
  for (const type of ["click", "pointerdown", "pointermove", "pointerup", "pointercancel", "keydown"]) {
    window.addEventListener(type, (event) => {
      const region = regionOf(type === "keydown" ? document.activeElement : event.target);
      if (type === "keydown" && region && region.kind === "panel") {
        // A panel's keys are its own (typing `/` in a field is not a search).
        event.stopPropagation();
        panelKeydown(event, region, send);
        return;
      }
      if (type === "keydown" && openDialog() && !region) {
        event.stopPropagation();
        if (event.key === "Escape") panelKeydown(event, openDialog(), send);
        return;
      }
      if (region && region.kind === "view") load(region);
    }, true);
    // Bubbling reaches the window last: the handlers are done, the main state comes back.
    window.addEventListener(type, () => load(null));
  }
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
 */
export function setupRegions(list, sender) {
  send = sender;
  const text = JSON.stringify(list);
  if (text === described) {
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
    const region = { name: d.n, kind: d.k, at: d.at, column: null, root: null, state: null };
    if (d.at === "dialog") {
      region.column = element("div", "dw-backdrop");
      region.column.hidden = true;
      region.root = element("div", "dw-panel dw-dialog");
      region.root.setAttribute("role", "dialog");
      region.root.setAttribute("aria-modal", "true");
      if (d.w) region.root.style.maxWidth = `${d.w}px`;
      region.column.append(region.root);
      document.body.append(region.column);
    } else if (d.at === "header") {
      region.column = element("div", "dw-region-header");
      region.root = element("div", "dw-panel dw-panel-bar");
      region.column.append(region.root);
      center.insertBefore(region.column, main);
    } else {
      region.column = element("aside", `dw-column dw-column-${d.at}`);
      region.root = element("div", d.k === "view" ? "dw-region-view" : "dw-panel");
      if (d.w) region.column.style.setProperty("--dw-column-width", `${d.w}px`);
      region.column.append(region.root);
      if (d.at === "leading") split.insertBefore(region.column, center);
      else split.append(region.column);
    }
    region.column.dataset.region = d.n;
    if (d.k === "view") {
      region.root.tabIndex = -1;
      region.root.setAttribute("role", "listbox");
      region.root.setAttribute("aria-label", d.n);
      region.state = emptyState(region.root);
      installRoot(region.root, (message) => send(message));
    } else {
      region.root.addEventListener("click", (event) => panelClick(event, region));
    }
    regions.set(d.n, region);
  }
  installRouting();
  reportAll();
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
    for (const inner of message.m || []) applyMain(inner);
    return true;
  }
  if (message.t === "page") {
    const search = document.querySelector(".dw-search");
    if (search && typeof message.q === "string") search.value = message.q;
    return true;
  }
  if (message.t === "panel") {
    const region = regions.get(message.v);
    if (region) renderPanel(region, message.c, send);
    return true;
  }
  if (message.v === undefined) return false;
  const region = regions.get(message.v);
  if (!region || region.kind !== "view") return true;
  within(region, () => {
    if (message.t === "reset") reset(message);
    else if (message.t === "patch") patch(message);
    if (message.scroll) scrollToTarget(region, message.scroll);
    settleFocus();
    if (document.activeElement === document.body && view.focusedKey) {
      view.items.get(view.focusedKey)?.focus({ preventScroll: true });
    }
  });
  return true;
}

/**
 * Scrolls a collection (`null`: the main one, which scrolls with the page) the least that shows
 * the item at `[top, height]` of its content, below whatever sticks to the top of the screen.
 */
export function scrollToTarget(region, [top, height]) {
  if (region) {
    const column = region.column;
    const offset = region.root.offsetTop;
    if (offset + top < column.scrollTop) column.scrollTop = offset + top;
    else if (offset + top + height > column.scrollTop + column.clientHeight) {
      column.scrollTop = offset + top + height - column.clientHeight;
    }
    return;
  }
  const root = document.querySelector(".dw-collection");
  let covered = 0;
  for (const el of document.querySelectorAll(".dw-bar, .dw-region-header")) {
    covered = Math.max(covered, el.getBoundingClientRect().bottom);
  }
  const itemTop = root.getBoundingClientRect().top + window.scrollY + top;
  if (itemTop - covered < window.scrollY) window.scrollTo({ top: itemTop - covered });
  else if (itemTop + height > window.scrollY + window.innerHeight) {
    window.scrollTo({ top: itemTop + height - window.innerHeight });
  }
}

/** A region collection's state, for tests: `diffableRegion("sidebar").items`. */
window.diffableRegion = (name) => {
  const region = regions.get(name);
  if (!region) return null;
  return region === current || !region.state ? view : region.state;
};
