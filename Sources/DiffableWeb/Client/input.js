// What the person does, reported to the server by element key: select, expand and collapse,
// drag to reorder, swipe actions, keyboard navigation, search. The server decides; the page
// changes only when the server's update arrives. Each handler works on the collection
// (collection.js) whose element the event happened in.

import { ACCESSORY_KEYS, swipeActions } from "./cells.js";
import { requestMenu } from "./menu.js";
import { allItems, readScroll, takeFocus } from "./patch.js";
import { speed } from "./scroll.js";

/** The collection whose element holds `node`, if any. */
function collectionAt(node) {
  for (let el = node; el; el = el.parentElement) if (el.dwCollection) return el.dwCollection;
  return null;
}

function itemOf(view, target) {
  const el = target.closest && target.closest(".dw-row, .dw-tile");
  return el && view.items.get(Number(el.dataset.k)) === el ? el : null;
}

function sectionOf(view, el) {
  const win = el.parentElement;
  return win ? view.sections.get(Number(win.dataset.section)) : null;
}

/** The item's index in its section. */
function indexOf(view, el) {
  const s = sectionOf(view, el);
  return s ? s.desc.start + Array.prototype.indexOf.call(s.win.children, el) : -1;
}

function focusItem(view, el) {
  if (!el) return;
  takeFocus(view, el);
  el.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** The neighbour of an item in a direction, by position on screen. */
function neighbour(view, el, key) {
  const items = allItems(view);
  const index = items.indexOf(el);
  const s = sectionOf(view, el);
  const grid = s && s.desc.kind === "grid";
  const strip = s && s.desc.kind === "strip";
  const columns = grid ? s.desc.cols : 1;
  switch (key) {
    case "ArrowDown": {
      if (grid && index + columns < items.length && sectionOf(view, items[index + columns]) === s) return items[index + columns];
      if (strip) return items.slice(index + 1).find((other) => sectionOf(view, other) !== s) || null;
      return items[index + 1] || null;
    }
    case "ArrowUp": {
      if (grid && index - columns >= 0 && sectionOf(view, items[index - columns]) === s) return items[index - columns];
      if (strip) return items.slice(0, index).reverse().find((other) => sectionOf(view, other) !== s) || null;
      return items[index - 1] || null;
    }
    case "ArrowRight": return grid || strip ? items[index + 1] || null : null;
    case "ArrowLeft": return grid || strip ? items[index - 1] || null : null;
    default: return null;
  }
}

function keyboard(view, event, send, search) {
  if (event.target === search) {
    if (event.key === "Escape" || event.key === "ArrowDown") {
      event.preventDefault();
      focusItem(view, allItems(view)[0]);
    }
    return;
  }
  const el = itemOf(view, document.activeElement) || null;
  if (event.key === "/" && !search.hidden) {
    event.preventDefault();
    search.focus();
    return;
  }
  if (!el) {
    if (["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) {
      event.preventDefault();
      focusItem(view, allItems(view)[0]);
    }
    return;
  }
  const key = Number(el.dataset.k);
  const outline = el._extras.o;
  if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) {
    event.preventDefault();
    if (el._extras.menu) openMenuAtItem(view, el);
    return;
  }
  if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
    event.preventDefault();
    if (!el._extras.movable) return;
    const s = sectionOf(view, el);
    const target = indexOf(view, el) + (event.key === "ArrowUp" ? -1 : 1);
    if (target >= 0 && target < s.desc.count) send({ t: "move", k: key, s: s.desc.k, i: target });
    return;
  }
  switch (event.key) {
    case "Enter":
    case " ":
      event.preventDefault();
      // A tap: the cell's pop-up menu opens under it; else the server selects the item or, on a
      // header-style outline item, expands or collapses it (the disclosure's style decides).
      if (el._extras.pop) openMenuAtItem(view, el, "popup");
      else send({ t: "select", k: key });
      return;
    case "ArrowRight":
    case "ArrowLeft": {
      if (outline && !sectionOf(view, el).desc.kind.match(/grid|strip/)) {
        event.preventDefault();
        const expanding = event.key === "ArrowRight";
        if (el.hasAttribute("aria-expanded") && (el.getAttribute("aria-expanded") === "true") !== expanding) {
          send({ t: "toggle", k: key });
        } else if (!expanding && outline[0] > 0) {
          const items = allItems(view);
          const parent = items.slice(0, items.indexOf(el)).reverse().find((other) => (other._extras.o || [0])[0] < outline[0]);
          focusItem(view, parent);
        }
        return;
      }
      break;
    }
    case "Home":
    case "End":
      event.preventDefault();
      window.scrollTo({ top: event.key === "Home" ? 0 : document.documentElement.scrollHeight });
      view.pendingFocus = event.key;
      // At the edge already, no message may come: settle now, or a later update would take the
      // focus back to the edge after the person moved on.
      settleFocus(view);
      return;
    case "PageDown":
    case "PageUp": {
      event.preventDefault();
      const top = el.getBoundingClientRect().top;
      // A screen of rows, however fast a scaled section scrolls (see scroll.js).
      const screen = (window.innerHeight * 0.9) / speed(view.plan, readScroll(view), window.innerHeight);
      window.scrollBy({ top: (event.key === "PageDown" ? 1 : -1) * screen });
      view.pendingFocus = { top };
      return;
    }
    default:
      break;
  }
  const next = neighbour(view, el, event.key);
  if (next || event.key.startsWith("Arrow")) {
    event.preventDefault();
    // The person moved on from a jump still waiting for its item.
    view.pendingFocus = null;
    focusItem(view, next);
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const index = event.key.length === 1 ? (el._extras.x || []).findIndex((action) => action.shortcut === event.key) : -1;
  if (index >= 0) {
    event.preventDefault();
    send({ t: "action", k: key, a: index });
    return;
  }
  // An accessory with a handler of its own, by its key (a swipe action's letter comes first).
  const kind = Object.keys(ACCESSORY_KEYS).find((name) => ACCESSORY_KEYS[name].includes(event.key));
  const accessory = kind && el.querySelector(`.dw-accessory-action.dw-accessory-${kind}`);
  if (accessory) {
    event.preventDefault();
    send({ t: "accessory", k: key, a: Number(accessory.dataset.i) });
  }
}

/** Asks for an item's menu from the keyboard: it opens under the item's start (a pop-up's under
 * its end, where the accessory is). */
function openMenuAtItem(view, el, type = "menu") {
  const rect = el.getBoundingClientRect();
  requestMenu(view, el, type === "popup" ? Math.max(rect.right - 200, rect.left) : rect.left + 16, rect.bottom, type);
}

/**
 * The context menu's pointer gestures: a right-click (or the contextmenu event a key makes, which
 * has no place of its own), and a long press by touch, which leaves the selection alone.
 */
function contextMenus(view, root) {
  root.addEventListener("contextmenu", (event) => {
    const el = itemOf(view, event.target);
    if (!el || !el._extras.menu) return;
    event.preventDefault();
    focusItem(view, el);
    if (event.clientX === 0 && event.clientY === 0) openMenuAtItem(view, el);
    else requestMenu(view, el, event.clientX, event.clientY);
  });
  let press = null;
  const cancel = () => {
    if (press) clearTimeout(press.timer);
    press = null;
  };
  root.addEventListener("pointerdown", (event) => {
    cancel();
    const el = itemOf(view, event.target);
    if (event.pointerType !== "touch" || !el || !el._extras.menu) return;
    const { clientX, clientY } = event;
    press = {
      x: clientX,
      y: clientY,
      timer: setTimeout(() => {
        press = null;
        view.longPressed = true;
        focusItem(view, el);
        requestMenu(view, el, clientX, clientY);
      }, 500),
    };
  });
  root.addEventListener("pointermove", (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) cancel();
  });
  root.addEventListener("pointerup", cancel);
  root.addEventListener("pointercancel", cancel);
}

/**
 * Whether an item is the first (or last) of the whole collection: where Home (End) goes. Until
 * the page holds it, the items at the edge of the page are only those of the window so far (a
 * message that arrives in between, a live change, must not settle the jump on them).
 */
function isCollectionEdge(view, el, first) {
  const s = sectionOf(view, el);
  if (!s || indexOf(view, el) !== (first ? 0 : s.desc.count - 1)) return false;
  const bySection = new Map([...view.sections.values()].map((section) => [section.el, section]));
  const order = Array.from(view.root.children, (child) => bySection.get(child)).filter(Boolean);
  const at = order.indexOf(s);
  const beyond = first ? order.slice(0, at) : order.slice(at + 1);
  return beyond.every((section) => !section.desc || section.desc.count === 0);
}

/** After a Home, End or page jump, focuses the item the jump meant once it has arrived. */
export function settleFocus(view) {
  const pending = view.pendingFocus;
  const items = pending ? allItems(view) : [];
  if (items.length) {
    if (pending === "Home" || pending === "End") {
      const edge = pending === "Home" ? items[0] : items[items.length - 1];
      if (isCollectionEdge(view, edge, pending === "Home")) {
        focusItem(view, edge);
        view.pendingFocus = null;
      }
    } else {
      focusItem(view, items.find((el) => el.getBoundingClientRect().top >= pending.top) || items[items.length - 1]);
      view.pendingFocus = null;
    }
  }
  // An update that replaced the focused element left the focus on the page: give it back.
  if (document.activeElement === document.body && view.focusedKey !== null) {
    view.items.get(view.focusedKey)?.focus({ preventScroll: true });
  }
}

/** Dragging a row by its handle: where it would drop, shown as a line, sent on release. */
function dragging(view, root, send) {
  let drag = null;
  root.addEventListener("pointerdown", (event) => {
    if (!event.target.classList.contains("dw-handle")) return;
    const el = itemOf(view, event.target);
    if (!el || !el._extras.movable) return;
    event.preventDefault();
    root.setPointerCapture(event.pointerId);
    drag = { el, startY: event.clientY, target: null };
    el.classList.add("dw-dragging");
  });
  root.addEventListener("pointermove", (event) => {
    if (!drag) return;
    drag.el.style.transform = `translateY(${event.clientY - drag.startY}px)`;
    drag.el.style.pointerEvents = "none";
    const under = itemOf(view, document.elementFromPoint(event.clientX, event.clientY) || root);
    if (drag.target) drag.target.el.classList.remove("dw-drop-before", "dw-drop-after");
    drag.target = null;
    if (!under || under === drag.el || sectionOf(view, under).desc.kind !== "list") return;
    const rect = under.getBoundingClientRect();
    const after = event.clientY > rect.top + rect.height / 2;
    under.classList.add(after ? "dw-drop-after" : "dw-drop-before");
    const s = sectionOf(view, under);
    const source = sectionOf(view, drag.el);
    let index = indexOf(view, under) + (after ? 1 : 0);
    if (s === source && indexOf(view, drag.el) < index) index -= 1;
    drag.target = { el: under, section: s.desc.k, index };
  });
  const end = (event) => {
    if (!drag) return;
    const { el, target } = drag;
    drag = null;
    if (target) target.el.classList.remove("dw-drop-before", "dw-drop-after");
    view.dropped = { key: Number(el.dataset.k), rect: el.getBoundingClientRect() };
    el.style.transform = "";
    el.style.pointerEvents = "";
    el.classList.remove("dw-dragging");
    if (event.type === "pointerup" && target) send({ t: "move", k: Number(el.dataset.k), s: target.section, i: target.index });
  };
  root.addEventListener("pointerup", end);
  root.addEventListener("pointercancel", end);
}

/**
 * A sideways swipe on a row: toward the leading edge it reveals the trailing actions, toward the
 * trailing edge the leading ones (or closes the side shown), as UIKit's do; a swipe across most
 * of the row performs its side's first action where the configuration says so (`full`).
 */
function swiping(view, root) {
  let swipe = null;
  root.addEventListener("pointerdown", (event) => {
    // A new gesture: a swipe or long press before it made no click to swallow (a finger's
    // doesn't), so it must not swallow this one's.
    view.swiped = false;
    view.longPressed = false;
    const el = itemOf(view, event.target);
    if (!el || event.target.closest("button, .dw-handle") || !(el._extras.x || []).length) return;
    swipe = { el, x: event.clientX, y: event.clientY };
  });
  root.addEventListener("pointerup", (event) => {
    if (!swipe) return;
    const dx = event.clientX - swipe.x;
    const dy = event.clientY - swipe.y;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) {
      const { el } = swipe;
      const shown = el.classList.contains(dx < 0 ? "dw-swiped-leading" : "dw-swiped");
      for (const other of root.querySelectorAll(".dw-swiped, .dw-swiped-leading")) {
        other.classList.remove("dw-swiped", "dw-swiped-leading");
      }
      // The side this swipe reveals: leading actions for a swipe toward the trailing edge.
      const leading = dx > 0;
      const side = swipeActions(el._extras, leading);
      const full = side.find(([action]) => action.full);
      if (!shown && full && Math.abs(dx) > 0.6 * el.getBoundingClientRect().width) {
        view.send({ t: "action", k: Number(el.dataset.k), a: full[1] });
      } else if (!shown && side.length) {
        el.classList.add(leading ? "dw-swiped-leading" : "dw-swiped");
      }
      view.swiped = true;
    }
    swipe = null;
  });
  root.addEventListener("pointercancel", () => {
    swipe = null;
  });
}

/**
 * Installs every handler of the page's main collection and the search field, and the keys: they
 * go to the collection that has the focus (a region's, or else the main one).
 */
export function install(main, search, send) {
  installRoot(main, send);
  document.addEventListener("keydown", (event) => {
    keyboard(collectionAt(document.activeElement) || main, event, send, search);
  });
  let timer = 0;
  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => send({ t: "search", q: search.value.slice(0, 256) }), 120);
  });
}

/**
 * Installs the handlers of one collection's element: clicks, dragging, swiping. A page with
 * several collection views (regions.js) installs them on each; the keyboard's are the document's.
 */
export function installRoot(view, send) {
  const root = view.root;
  root.dwCollection = view;
  view.send = send;
  // A collection is one stop for Tab: reaching it from outside focuses its selected item, or its
  // first (roving focus); from one of its items (Shift-Tab), the focus rests on it.
  root.addEventListener("focus", (event) => {
    if (event.target !== root || root.contains(event.relatedTarget)) return;
    const selected = [...view.selected].map((key) => view.items.get(key)).find((el) => el && el.isConnected);
    focusItem(view, selected || allItems(view)[0]);
  });
  root.addEventListener("click", (event) => {
    if (view.swiped || view.longPressed) {
      view.swiped = false;
      view.longPressed = false;
      return;
    }
    const el = itemOf(view, event.target);
    if (!el) return;
    const key = Number(el.dataset.k);
    const action = event.target.closest(".dw-action");
    if (action) {
      send({ t: "action", k: key, a: Number(action.dataset.a) });
      el.classList.remove("dw-swiped", "dw-swiped-leading");
      return;
    }
    focusItem(view, el);
    // An accessory with an action handler runs it on the server; a delete accessory without one
    // reveals the row's swipe actions, as UIKit's does.
    const accessory = event.target.closest(".dw-accessory");
    if (accessory && accessory.classList.contains("dw-accessory-action")) {
      send({ t: "accessory", k: key, a: Number(accessory.dataset.i) });
      return;
    }
    if (accessory && accessory.classList.contains("dw-accessory-delete") && el.querySelector(".dw-action")) {
      el.classList.add("dw-swiped");
      return;
    }
    if (event.target.closest(".dw-disclosure")) send({ t: "toggle", k: key });
    else if (el._extras.pop) requestMenu(view, el, event.clientX, event.clientY, "popup");
    else if (!event.target.closest(".dw-handle")) send({ t: "select", k: key });
  });
  dragging(view, root, send);
  swiping(view, root);
  contextMenus(view, root);
}
