// The page's end of a DiffableWeb collection view: connects to the server, says which page it is
// and what it shows, applies the server's messages, and reports scrolling and what the person
// does. No framework; served by the server under a Content-Security-Policy without inline script.

import { noteSent, noteUpdate } from "./announce.js";
import { makeCollection } from "./collection.js";
import { reset, patch, placeWindows } from "./patch.js";
import { contentPosition } from "./scroll.js";
import { install, settleFocus } from "./input.js";
import { routeRegionMessage, scrollToTarget, setupRegions } from "./regions.js";

const root = document.querySelector(".dw-collection");
/** The main collection: one like any region's, and what the tests read as `window.diffable`. */
const view = makeCollection(root, root.getAttribute("aria-label"));
const status = document.querySelector(".dw-status");
const search = document.querySelector(".dw-search");
const location_ = window.location.pathname + window.location.search;
const storageKey = `diffable-session:${window.location.pathname}`;

let socket = null;
let retryDelay = 250;
let reported = null;
let reportTimer = 0;
let frameRequested = false;
/** The number of the last reset or patch received on this connection. */
let sequence = 0;

function setStatus(text) {
  status.textContent = text;
  document.body.dataset.status = text ? "offline" : "online";
}

/** Sends a message to the server, if connected. */
export function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  noteSent(message);
}

/**
 * What the page shows of the collection, in the server's coordinates (see scroll.js). Hidden (a
 * split view's column not shown), it still shows what it showed last: the server keeps those rows,
 * and the column comes back whole, as a view controller's view does.
 */
function viewport() {
  const height = Math.max(1, Math.round(window.innerHeight));
  const vw = Math.max(1, Math.round(window.innerWidth)); // what a split view follows
  if (reported && root.clientWidth === 0) return { top: reported.top, height, width: reported.width, vw };
  const rect = root.getBoundingClientRect();
  return {
    top: Math.max(0, Math.round(contentPosition(view.plan, Math.max(0, -rect.top), window.innerHeight))),
    height,
    width: Math.max(1, Math.round(root.clientWidth)),
    vw,
  };
}

function strips() {
  const offsets = [];
  for (const [key, s] of view.sections) {
    if (s.desc && s.desc.kind === "strip" && s.items.scrollLeft > 0) offsets.push([key, Math.round(s.items.scrollLeft)]);
  }
  return offsets;
}

/**
 * Reports the viewport when it moved by more than a quarter of a screen (the server keeps a
 * screen of margin on each side), or changed size, and once scrolling settles.
 */
export function reportViewport(force) {
  const now = viewport();
  const stripOffsets = strips();
  const moved = !reported || Math.abs(now.top - reported.top) >= now.height / 4 ||
    now.height !== reported.height || now.width !== reported.width || now.vw !== reported.vw ||
    JSON.stringify(stripOffsets) !== JSON.stringify(reported.strips);
  clearTimeout(reportTimer);
  if (moved || force) {
    reported = { ...now, strips: stripOffsets };
    send({ t: "viewport", ...now, strips: stripOffsets });
  } else {
    reportTimer = setTimeout(() => reportViewport(true), 120);
  }
}

function scheduleReport() {
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(() => {
    frameRequested = false;
    placeWindows(view);
    reportViewport(false);
  });
}

function receive(event) {
  const started = performance.now();
  let message;
  try {
    message = JSON.parse(event.data);
  } catch (error) {
    return;
  }
  apply(message, started);
}

/** Applies one message (`started`: when its frame arrived): the main collection's here, the
 * other regions' in regions.js. */
function apply(message, started) {
  // The server asks every page for an answer now and then; a page that does not answer is closed.
  // The exact text the server looks for, and not a message the page made (see `send`).
  if (message.t === "ping") {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send('{"t":"pong"}');
    return;
  }
  // A reset carries its number on the connection; each patch after it is the next one. The
  // server leaves patches unnumbered so that pages a change alters alike get the same bytes.
  if (message.t === "reset") sequence = message.seq;
  else if (message.t === "patch") message.seq = ++sequence;
  if (routeRegionMessage(message, apply)) return;
  if (message.t === "reset") {
    if (message.page) {
      const newSession = view.session !== undefined && view.session !== message.page.session;
      sessionStorage.setItem(storageKey, message.page.session);
      view.session = message.page.session;
      document.title = message.page.title;
      document.querySelector(".dw-title").textContent = message.page.title;
      search.hidden = !("search" in message.page);
      if ("search" in message.page) search.placeholder = message.page.search;
      setupRegions(message.page.regions || [], send, newSession);
      if ("q" in message.page) search.value = message.page.q;
    }
    reset(view, message);
  } else if (message.t === "patch") {
    patch(view, message);
    noteUpdate(view, message);
    if (message.scroll) scrollToTarget(null, message.scroll, view.plan);
  }
  view.received = (view.received || 0) + 1;
  settleFocus(view);
  // For measurements (the browser benchmark): when the message arrived, once it is applied.
  if (view.afterApply) view.afterApply(started, message);
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${window.location.host}/_diffable/ws`);
  socket.addEventListener("open", () => {
    retryDelay = 250;
    setStatus("");
    const now = viewport();
    reported = { ...now, strips: [] };
    const session = sessionStorage.getItem(storageKey);
    socket.send(JSON.stringify({ t: "hello", version: 2, page: location_, session: session || null, ...now }));
  });
  socket.addEventListener("message", receive);
  socket.addEventListener("close", (event) => {
    socket = null;
    if (event.code === 1008) {
      setStatus(`disconnected: ${event.reason || "refused"}`);
      return;
    }
    setStatus("reconnecting…");
    view.reconnects = (view.reconnects || 0) + 1;
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 4000);
  });
}

window.addEventListener("scroll", scheduleReport, { passive: true });
window.addEventListener("resize", scheduleReport);
root.addEventListener("scroll", scheduleReport, { capture: true, passive: true });
install(view, search, send);
window.diffable = view;
connect();
