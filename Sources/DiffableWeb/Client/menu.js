// An item's context menu, a WAI-ARIA menu: asked for with a right-click, a long press, Shift-F10 or
// the context-menu key (input.js), built by the server from its delegate, shown where it was asked
// for. Every text goes in with textContent. Up and Down move (wrapping), Home and End jump, a letter
// moves to the next item starting with it, Enter or Space chooses, Right opens a submenu and Left
// closes it, Escape closes a level, Tab closes them all; the focus then goes back to the item.

import { takeFocus } from "./patch.js";

/** The menu shown: its view, the item's key, where it opened, its levels' elements. */
let shown = null;
let serial = 0;

/** Asks the server for an item's menu (its context menu, or with `type` "popup" its cell's
 * pop-up menu accessory's), to show at a point of the window. */
export function requestMenu(view, el, clientX, clientY, type = "menu") {
  const key = Number(el.dataset.k);
  const now = performance.now();
  // One request for one gesture: a key and the contextmenu event it makes, a long press and the
  // contextmenu event a touch browser adds.
  if (view.menuRequest && view.menuRequest.key === key && now - view.menuRequest.at < 600) return;
  view.menuRequest = { key, clientX, clientY, at: now, type };
  const rect = view.root.getBoundingClientRect();
  const x = Math.max(0, Math.round(clientX - rect.left));
  const y = Math.max(0, Math.round(clientY - rect.top));
  view.send({ t: type, k: key, x, y });
}

/** Whether a menu is shown. */
export function menuIsShown() {
  return shown !== null;
}

/**
 * Shows the menu the server sent: one the page asked for, or the one shown again after a choice
 * that keeps it open (the focus stays on the same line). An empty one, or one nobody asked for
 * any more, shows nothing.
 */
export function showMenu(view, message) {
  const again = shown && shown.view === view && shown.key === message.k;
  const request = view.menuRequest && view.menuRequest.key === message.k ? view.menuRequest : null;
  if (!again && !request) return;
  view.menuRequest = null;
  const at = again ? shown.at : { x: request.clientX, y: request.clientY };
  // A pop-up opens on its selected element, as a select does; a context menu on its first line.
  const checked = message.items.filter((row) => row.kind !== "title").findIndex((row) => row.state === "on");
  const focusIndex = again ? indexOfFocus(shown.levels[0]) : request.type === "popup" ? Math.max(checked, 0) : 0;
  closeMenu(false);
  if (!message.items.length) return;
  const item = view.items.get(message.k);
  const label = item ? item.textContent.trim().slice(0, 80) : "item";
  // The levels live in a landmark of their own while shown, so that everything on the page is in
  // one (the main one is the collection's listbox, which may hold only its items).
  const host = document.createElement("section");
  host.className = "dw-menus";
  host.setAttribute("aria-label", `Actions for ${label}`);
  document.body.append(host);
  shown = { view, key: message.k, at, levels: [], host };
  const root = build(message.items, `Actions for ${label}`);
  host.append(root);
  place(root, at.x, at.y);
  shown.levels.push(root);
  const items = entries(root);
  (items[Math.min(Math.max(focusIndex, 0), items.length - 1)] || root).focus();
}

/** Closes every level; with `restoreFocus`, the focus goes back to the item. */
export function closeMenu(restoreFocus) {
  if (!shown) return;
  const { view, key, host } = shown;
  shown = null;
  host.remove();
  const item = view.items.get(key);
  if (restoreFocus && item && item.isConnected) takeFocus(view, item);
}

function indexOfFocus(level) {
  return entries(level).indexOf(document.activeElement);
}

/** The lines of a level a person can move to: its items, not its titles and separators. */
function entries(level) {
  return [...level.querySelectorAll('[role^="menuitem"]')];
}

function build(items, label) {
  const menu = document.createElement("div");
  menu.className = "dw-menu";
  menu.setAttribute("role", "menu");
  menu.setAttribute("aria-label", label);
  menu.tabIndex = -1;
  let container = menu;
  for (const row of items) {
    if (row.group) {
      const separator = document.createElement("div");
      separator.className = "dw-menu-separator";
      separator.setAttribute("role", "separator");
      menu.append(separator);
      container = menu;
    }
    if (row.kind === "title") {
      const group = document.createElement("div");
      group.setAttribute("role", "group");
      const title = document.createElement("div");
      title.className = "dw-menu-title";
      title.id = `dw-menu-title-${++serial}`;
      title.textContent = row.title;
      group.setAttribute("aria-labelledby", title.id);
      group.append(title);
      menu.append(group);
      container = group;
      continue;
    }
    container.append(line(row));
  }
  menu.addEventListener("keydown", keydown);
  menu.addEventListener("click", (event) => {
    const el = event.target.closest('[role^="menuitem"]');
    if (el) choose(el, true);
  });
  menu.addEventListener("pointermove", (event) => {
    const el = event.target.closest('[role^="menuitem"]');
    if (el && el !== document.activeElement) el.focus({ preventScroll: true });
  });
  return menu;
}

function span(cls, text) {
  const el = document.createElement("span");
  el.className = cls;
  el.textContent = text;
  return el;
}

function line(row) {
  const el = document.createElement("div");
  el.className = "dw-menu-item" + (row.destructive ? " dw-destructive" : "");
  el.tabIndex = -1;
  const role = row.radio ? "menuitemradio" : row.state ? "menuitemcheckbox" : "menuitem";
  el.setAttribute("role", role);
  if (role !== "menuitem") el.setAttribute("aria-checked", row.state === "on" ? "true" : row.state === "mixed" ? "mixed" : "false");
  if (row.disabled) el.setAttribute("aria-disabled", "true");
  const check = span("dw-menu-check", row.state === "on" ? "✓" : row.state === "mixed" ? "–" : "");
  check.setAttribute("aria-hidden", "true");
  el.append(check);
  if (row.image) {
    const image = span("dw-menu-image", row.image);
    image.setAttribute("aria-hidden", "true");
    el.append(image);
  }
  const texts = document.createElement("span");
  texts.className = "dw-menu-texts";
  texts.append(span("dw-menu-label", row.title));
  if (row.subtitle) texts.append(span("dw-menu-subtitle", row.subtitle));
  el.append(texts);
  if (row.kind === "submenu") {
    el.setAttribute("aria-haspopup", "menu");
    el.setAttribute("aria-expanded", "false");
    const chevron = span("dw-menu-chevron", "›");
    chevron.setAttribute("aria-hidden", "true");
    el.append(chevron);
  }
  el._row = row;
  return el;
}

/** Puts a level at a point of the window, inside it. */
function place(level, x, y) {
  level.style.left = "0px";
  level.style.top = "0px";
  const { width, height } = level.getBoundingClientRect();
  level.style.left = `${Math.max(4, Math.min(x, window.innerWidth - width - 4))}px`;
  level.style.top = `${Math.max(4, Math.min(y, window.innerHeight - height - 4))}px`;
}

/** The level that holds an element, and its depth. */
function levelOf(el) {
  const depth = shown ? shown.levels.findIndex((level) => level.contains(el)) : -1;
  return { depth, level: depth >= 0 ? shown.levels[depth] : null };
}

/** Closes the levels deeper than `depth`. */
function closeBelow(depth) {
  while (shown && shown.levels.length > depth + 1) {
    shown.levels.pop().remove();
    const opener = entries(shown.levels[depth]).find((el) => el.getAttribute("aria-expanded") === "true");
    if (opener) opener.setAttribute("aria-expanded", "false");
  }
}

function openSubmenu(el) {
  const { depth } = levelOf(el);
  closeBelow(depth);
  const submenu = build(el._row.items, el._row.title);
  shown.host.append(submenu);
  const rect = el.getBoundingClientRect();
  const width = submenu.getBoundingClientRect().width;
  const x = rect.right + width + 4 <= window.innerWidth ? rect.right - 4 : rect.left - width + 4;
  place(submenu, x, rect.top);
  el.setAttribute("aria-expanded", "true");
  shown.levels.push(submenu);
  const first = entries(submenu)[0];
  if (first) first.focus();
}

/** Opens a submenu line, or chooses an action line: the server performs it. */
function choose(el, byPointer) {
  if (!shown || el.getAttribute("aria-disabled") === "true") return;
  const row = el._row;
  if (row.kind === "submenu") {
    if (byPointer || el.getAttribute("aria-expanded") !== "true") openSubmenu(el);
    return;
  }
  const { view, key } = shown;
  view.send({ t: "choose", k: key, p: row.path });
  // A line that keeps the menu open waits for the server to send it again, its states updated.
  if (!row.keeps) closeMenu(true);
}

function keydown(event) {
  // The menu's keys are its own: the collection's handlers (input.js) never see them.
  event.stopPropagation();
  const el = document.activeElement;
  const { depth, level } = levelOf(el);
  if (!level) return;
  const items = entries(level);
  const index = items.indexOf(el);
  const focus = (next) => {
    event.preventDefault();
    if (next) next.focus();
  };
  switch (event.key) {
    case "ArrowDown": return focus(items[(index + 1) % items.length]);
    case "ArrowUp": return focus(items[(index - 1 + items.length) % items.length]);
    case "Home": return focus(items[0]);
    case "End": return focus(items[items.length - 1]);
    case "Enter":
    case " ":
      event.preventDefault();
      if (index >= 0) choose(items[index], false);
      return;
    case "ArrowRight":
      event.preventDefault();
      if (index >= 0 && items[index]._row.kind === "submenu") openSubmenu(items[index]);
      return;
    case "ArrowLeft":
    case "Escape": {
      event.preventDefault();
      if (depth > 0) {
        const opener = entries(shown.levels[depth - 1]).find((item) => item.getAttribute("aria-expanded") === "true");
        closeBelow(depth - 1);
        if (opener) opener.focus();
      } else if (event.key === "Escape") {
        closeMenu(true);
      }
      return;
    }
    case "Tab":
      event.preventDefault();
      closeMenu(true);
      return;
    default:
      if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        const letter = event.key.toLowerCase();
        const order = items.slice(index + 1).concat(items.slice(0, index + 1));
        focus(order.find((item) => item._row.title.toLowerCase().startsWith(letter)));
      }
  }
}

// A press outside every level closes the menu; so do resizing the window and leaving it.
document.addEventListener("pointerdown", (event) => {
  if (shown && !shown.levels.some((level) => level.contains(event.target))) closeMenu(false);
}, true);
window.addEventListener("resize", () => closeMenu(false));
window.addEventListener("blur", () => closeMenu(false));
