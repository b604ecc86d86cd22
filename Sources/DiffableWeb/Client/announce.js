// Tells screen readers what an update did when the person did not cause it ("“Pear” added",
// "3 items removed"), politely, at most once a second: rows that change under a screen reader's
// cursor without a word are worse than slow ones. The person's own actions are not announced:
// what they did is what they hear from the element they acted on.

const OWN_ACTIONS = new Set(["select", "toggle", "move", "action", "panel", "search"]);
/** How long after an action of the person's the updates are taken as its result. */
const OWN_WINDOW_MS = 1500;
const INTERVAL_MS = 1000;

let lastOwnAction = -Infinity;
let pending = { added: [], removed: 0, moved: [] };
let timer = 0;
let live = null;

/** Notes a message the page sends: an action of the person's silences the next updates. */
export function noteSent(message) {
  if (OWN_ACTIONS.has(message.t)) lastOwnAction = performance.now();
}

/** Notes an update a collection just applied, to be announced unless the person caused it. */
export function noteUpdate(view, message) {
  if (message.t !== "patch" || performance.now() - lastOwnAction < OWN_WINDOW_MS) return;
  const ops = message.ops || {};
  const name = (key) => view.items.get(key)?.querySelector(".dw-text")?.textContent || "";
  pending.added.push(...(ops.i || []).map(name));
  pending.removed += (ops.d || []).length;
  pending.moved.push(...(ops.m || []).map(name));
  if (!timer && (pending.added.length || pending.removed || pending.moved.length)) {
    timer = setTimeout(flush, INTERVAL_MS);
  }
}

function describe(names, verb) {
  if (names.length === 1 && names[0]) return `“${names[0]}” ${verb}`;
  return `${names.length} items ${verb}`;
}

function flush() {
  timer = 0;
  const parts = [];
  if (pending.added.length) parts.push(describe(pending.added, "added"));
  if (pending.removed) parts.push(`${pending.removed} ${pending.removed === 1 ? "item" : "items"} removed`);
  if (pending.moved.length) parts.push(describe(pending.moved, "moved"));
  pending = { added: [], removed: 0, moved: [] };
  if (!parts.length) return;
  if (!live) {
    live = document.createElement("div");
    live.className = "dw-announcer";
    live.setAttribute("role", "status");
    live.setAttribute("aria-live", "polite");
    document.body.append(live);
  }
  live.textContent = parts.join(", ") + ".";
}
