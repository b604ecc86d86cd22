// Collections taller than the browser can lay out. Browsers cap an element's height (Chromium at
// 2^25 pixels, Firefox near 17.9 million), and a million 40-pixel rows are 40 million pixels. Past
// the cap, the item area of each very tall section is drawn shorter, and a scroll position in it
// stands for a position in the collection: proportionally, except over the last screen, which
// scrolls one to one so that the last row ends at the bottom. The rows on screen are real
// elements of their true height, placed where the server laid them out minus the section's
// offset at the current scroll position; the scrollbar spans every row.
//
// Positions the server knows ("content") are the collection's; positions the page has ("page")
// are the elements'. Where no section is scaled, the two are the same.

/** The tallest collection the page lays out, measured once: 90% of the browser's cap. */
let limit = 0;

function measureLimit() {
  const probe = document.createElement("div");
  probe.style.position = "absolute";
  probe.style.visibility = "hidden";
  probe.style.height = "1000000000px";
  document.body.append(probe);
  const cap = probe.getBoundingClientRect().height;
  probe.remove();
  return Math.floor(Math.min(cap, 1e9) * 0.9);
}

/** Sections shorter than this are never scaled: their rows must fit their area. */
const scalableHeight = 1_000_000;

/**
 * Plans the sections' heights from the server's descriptions, in order, into a collection's plan:
 * each section's place on the page and in the content, by key: `{ pageTop, contentTop, pre, page,
 * content }`, where `pre` is the gap and header above the items, `page` and `content` the item
 * area's height on the page and in the content.
 */
export function planSections(plan, descriptions) {
  if (!limit) limit = measureLimit();
  let fixed = 0;
  let items = 0;
  let scalable = 0;
  for (const d of descriptions) {
    fixed += d.gap + d.hh + d.fh;
    items += d.height;
    if (d.kind !== "strip" && d.height > scalableHeight) scalable += d.height;
  }
  const excess = fixed + items - limit;
  const ratio = excess > 0 && scalable > 0 ? Math.max((scalable - excess) / scalable, 0.01) : 1;
  plan.clear();
  let pageTop = 0;
  let contentTop = 0;
  for (const d of descriptions) {
    const pre = d.gap + d.hh;
    const scaled = ratio < 1 && d.kind !== "strip" && d.height > scalableHeight;
    const page = scaled ? Math.floor(d.height * ratio) : d.height;
    plan.set(d.k, { pageTop, contentTop, pre, page, content: d.height });
    pageTop += pre + page + d.fh;
    contentTop += pre + d.height + d.fh;
  }
}

/** The page height of a section's item area. */
export function pageHeight(plan, key, fallback) {
  return plan.get(key)?.page ?? fallback;
}

/** An offset into an item area, on the page, as an offset into it in the content. */
function toContent(offset, p, screen) {
  if (p.page === p.content) return offset;
  const span = p.page - screen;
  if (span <= 0) return (offset * p.content) / p.page;
  if (offset <= span) return (offset * (p.content - screen)) / span;
  return p.content - screen + (offset - span);
}

/** How far above its content position the item area's rows are drawn, at page position `top`. */
export function shift(plan, key, top, screen) {
  const p = plan.get(key);
  if (!p || p.page === p.content) return 0;
  const offset = Math.min(Math.max(top - p.pageTop - p.pre, 0), p.page);
  return toContent(offset, p, screen) - offset;
}

/** The content position shown at page position `top` (both from the collection's top). */
export function contentPosition(plan, top, screen) {
  let last = null;
  for (const p of plan.values()) {
    if (top < p.pageTop) break;
    last = p;
  }
  if (!last) return top;
  const offset = top - last.pageTop;
  if (offset < last.pre) return last.contentTop + offset;
  if (offset < last.pre + last.page) return last.contentTop + last.pre + toContent(offset - last.pre, last, screen);
  return last.contentTop + last.pre + last.content + (offset - last.pre - last.page);
}

/** How many content pixels a page pixel scrolls at page position `top`: 1 unless scaled. */
export function speed(plan, top, screen) {
  return Math.max(contentPosition(plan, top + 1, screen) - contentPosition(plan, top, screen), 1);
}

/** An offset into an item area, in the content, as an offset into it on the page: `toContent`'s
 * inverse. */
function toPage(offset, p, screen) {
  if (p.page === p.content) return offset;
  const span = p.page - screen;
  if (span <= 0) return (offset * p.page) / p.content;
  const scaled = p.content - screen;
  if (offset <= scaled) return (offset * span) / scaled;
  return span + (offset - scaled);
}

/** The page position that shows content position `top` (both from the collection's top):
 * `contentPosition`'s inverse, where a scroll to an item goes. */
export function pagePosition(plan, top, screen) {
  let last = null;
  for (const p of plan.values()) {
    if (top < p.contentTop) break;
    last = p;
  }
  if (!last) return top;
  const offset = top - last.contentTop;
  if (offset < last.pre) return last.pageTop + offset;
  if (offset < last.pre + last.content) return last.pageTop + last.pre + toPage(offset - last.pre, last, screen);
  return last.pageTop + last.pre + last.page + (offset - last.pre - last.content);
}
