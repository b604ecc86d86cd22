// Builds and updates the elements of cells, headers and footers from the server's values.
// Every text goes in with textContent and every image URL is checked: nothing the server
// sends (and so nothing a person typed) becomes markup.

const EXTRAS = ["o", "x", "movable", "h", "menu", "pop", "sep"];
/** The keys that press a row's accessories with handlers of their own (input.js), as in the
 * terminal, by kind; the first is the one `aria-keyshortcuts` names. */
export const ACCESSORY_KEYS = { detail: ["i"], insert: ["+"], delete: ["Delete", "Backspace"] };
/** A row's swipe actions of one side (`lead` or not), each with its index in the row's list,
 * by which the page names it back. */
export function swipeActions(extras, leading) {
  return (extras.x || []).map((action, index) => [action, index]).filter(([action]) => !!action.lead === leading);
}
// A multiselect accessory's glyph is the stylesheet's, from the row's selection.
const GLYPHS = { disclosure: "›", checkmark: "✓", reorder: "≡", delete: "⊖", insert: "⊕", detail: "ⓘ" };

/** Applies a text style ({fg, bg, b, d, i, u, v}) to an element. */
function style(el, s) {
  if (!s) return;
  if (s.fg && /^(var\(--dw-[a-z-]+\)|#[0-9a-f]{6})$/.test(s.fg)) el.style.color = s.fg;
  if (s.bg && /^(var\(--dw-[a-z-]+\)|#[0-9a-f]{6})$/.test(s.bg)) el.style.backgroundColor = s.bg;
  if (s.b) el.classList.add("dw-bold");
  if (s.d) el.classList.add("dw-dim");
  if (s.i) el.classList.add("dw-italic");
  if (s.u) el.classList.add("dw-underline");
  if (s.v) el.classList.add("dw-inverse");
}

function span(cls, text, s) {
  const el = document.createElement("span");
  el.className = cls;
  el.textContent = text;
  style(el, s);
  return el;
}

/** Whether a URL may be loaded as an image: http(s), or a path on the server. */
export function safeURL(url) {
  return typeof url === "string" && (/^https?:\/\//i.test(url) || (/^\/(?!\/)/.test(url)));
}

function image(c) {
  if (c.u && safeURL(c.u)) {
    const img = document.createElement("img");
    img.className = "dw-image";
    img.alt = "";
    img.loading = "lazy";
    img.src = c.u;
    return img;
  }
  if (c.i) return span("dw-image", c.i, c.is);
  return null;
}

/** An accessory (k: kind, t: text, ts: style, h: hidden, w: width kept in ch, act: a click
 * runs its handler), at index i of the item's. */
function accessory(a, i) {
  if (a.k === "outline") return null; // drawn at the leading edge
  const text = a.k === "label" || a.k === "custom" ? a.t : GLYPHS[a.k] || "";
  const el = span(`dw-accessory dw-accessory-${a.k}`, text, a.ts);
  if (a.k === "label" && a.t === "♥") el.classList.add("dw-heart");
  if (a.h) el.classList.add("dw-accessory-hidden");
  if (Number.isInteger(a.w)) el.style.minWidth = `${a.w}ch`;
  if (a.act) el.classList.add("dw-accessory-action");
  el.dataset.i = String(i);
  return el;
}

/**
 * Fills an item's element from its content (c) and extras (o: outline, x: actions,
 * movable, h: drawn as the section's header, menu: has a context menu). Either may be omitted:
 * the element keeps what it had.
 */
export function fillItem(el, cell) {
  if (cell.c) el._content = cell.c;
  // Extras come whole (`e` alone when none is on): what a message leaves out is off.
  if (cell.e || EXTRAS.some((name) => name in cell)) {
    el._extras = {};
    for (const name of EXTRAS) if (name in cell) el._extras[name] = cell[name];
  }
  const c = el._content || { s: "list" };
  const x = el._extras;
  el.className = c.s === "grid" ? "dw-tile" : "dw-row";
  // The background configuration's colour: a palette variable or #rrggbb, else the page's.
  el.style.backgroundColor = c.bg && /^(var\(--dw-[a-z-]+\)|#[0-9a-f]{6})$/.test(c.bg) ? c.bg : "";
  if (x.h) el.classList.add("dw-section-header-row");
  const parts = [];
  if (c.s === "grid") {
    const img = image(c);
    if (img) parts.push(img);
    parts.push(span("dw-text", c.t || "", c.ts));
    if (c.st) parts.push(span("dw-secondary", c.st, c.ss));
    const accessories = document.createElement("span");
    accessories.className = "dw-accessories";
    (c.a || []).forEach((a, i) => {
      const made = accessory(a, i);
      if (made) accessories.append(made);
    });
    parts.push(accessories);
  } else {
    const level = x.o ? x.o[0] : 0;
    el.style.setProperty("--dw-level", String(level));
    // Leading accessories (delete, insert, multiselect) before the disclosure and the image.
    (c.a || []).forEach((a, i) => {
      const made = a.l ? accessory(a, i) : null;
      if (made) parts.push(made);
    });
    if ((c.a || []).some((a) => a.k === "outline")) {
      // Not a button: a control inside a row would be a second stop for assistive technology.
      // The row (a treeitem) carries the state; a click on the glyph toggles it.
      const hasChildren = x.o && (x.o[1] || x.o[2]);
      const disclosure = span("dw-disclosure", hasChildren ? (x.o[2] ? "▾" : "▸") : "");
      disclosure.setAttribute("aria-hidden", "true");
      parts.push(disclosure);
      if (hasChildren) el.setAttribute("aria-expanded", x.o[2] ? "true" : "false");
      else el.removeAttribute("aria-expanded");
    }
    const img = image(c);
    if (img) parts.push(img);
    const texts = document.createElement("span");
    texts.className = "dw-texts" + (c.sp === "below" ? " dw-below" : "");
    texts.append(span("dw-text", c.t || "", c.ts));
    if (c.st) {
      const secondary = span("dw-secondary", c.st, c.ss);
      if (c.sp === "trailing") secondary.classList.add("dw-trailing");
      texts.append(secondary);
    }
    parts.push(texts);
    (c.a || []).forEach((a, i) => {
      const made = a.l ? null : accessory(a, i);
      if (made) parts.push(made);
    });
  }
  // The swipe actions: the leading ones at the row's start, the trailing ones at its end.
  for (const leading of [true, false]) {
    const side = swipeActions(x, leading);
    if (!side.length) continue;
    const actions = document.createElement("span");
    actions.className = "dw-actions" + (leading ? " dw-leading" : "");
    // Shown to the pointer; to the keyboard and assistive technology they are the row's key
    // shortcuts (no control inside a row).
    actions.setAttribute("aria-hidden", "true");
    for (const [action, index] of side) {
      const button = span("dw-action" + (action.destructive ? " dw-destructive" : ""), action.title);
      button.dataset.a = String(index);
      button.title = `${action.title} (${action.shortcut})`;
      actions.append(button);
    }
    if (leading) parts.unshift(actions);
    else parts.push(actions);
  }
  const shortcuts = (x.x || []).map((action) => action.shortcut);
  // The keys of accessories with handlers (input.js); `aria-keyshortcuts` calls "+" "Plus".
  for (const [kind, keys] of Object.entries(ACCESSORY_KEYS)) {
    const keyName = keys[0] === "+" ? "Plus" : keys[0];
    if ((c.a || []).some((a) => a.k === kind && a.act && !a.h) && !shortcuts.includes(keyName)) shortcuts.push(keyName);
  }
  // The context menu's keys, for assistive technology (the row is the control that opens it).
  if (x.menu) shortcuts.push("Shift+F10");
  if (shortcuts.length) el.setAttribute("aria-keyshortcuts", shortcuts.join(" "));
  else el.removeAttribute("aria-keyshortcuts");
  // An outline item is a treeitem (which has a level and may be expanded), any other an option.
  el.setAttribute("role", x.o ? "treeitem" : "option");
  if (x.o) el.setAttribute("aria-level", String(x.o[0] + 1));
  else el.removeAttribute("aria-level");
  // The line below the row: hidden, or inset and coloured (the list's separator handler).
  const sep = x.sep || {};
  el.classList.toggle("dw-no-line", !!sep.hidden);
  el.style.setProperty("--dw-line-leading", `${Number(sep.leading) || 0}px`);
  el.style.setProperty("--dw-line-trailing", `${Number(sep.trailing) || 0}px`);
  const lineColor = /^(var\(--dw-[a-z-]+\)|#[0-9a-f]{6})$/.test(sep.color || "") ? sep.color : "";
  el.style.setProperty("--dw-row-line", lineColor || "var(--dw-line)");
  if (x.movable) {
    const handle = span("dw-handle", "≡");
    handle.setAttribute("aria-hidden", "true");
    parts.push(handle);
  }
  el.replaceChildren(...parts);
}

/** A new element for an item. */
export function makeItem(key, cell) {
  const el = document.createElement("div");
  el.dataset.k = String(key);
  el._key = key; // what every patch reads, without going through the dataset
  el.tabIndex = -1;
  el.setAttribute("role", "option");
  el._extras = {};
  fillItem(el, cell || {});
  return el;
}

/** Fills a header or footer element. */
export function fillSupplementary(el, c) {
  const parts = [];
  const img = image(c);
  if (img) parts.push(img);
  parts.push(span("dw-text", c.t || "", c.ts));
  if (c.st) parts.push(span("dw-secondary", c.st, c.ss));
  (c.a || []).forEach((a, i) => {
    const made = accessory(a, i);
    if (made) parts.push(made);
  });
  el.replaceChildren(...parts);
}
