// One collection view's state in the page: its elements by key, its sections' scroll plan, what
// the person is doing in it, and counts of what it did (read by the tests). The main collection
// and each region's are one of these, passed to reset, patch, input and scroll: nothing about a
// collection lives anywhere else, so two on one page never see each other's.

/** A collection whose sections go in `root`, named `label` to assistive technology. */
export function makeCollection(root, label) {
  return {
    root,
    label,
    sections: new Map(), // section key -> { el, header, items, spacer, win, footer, desc }
    items: new Map(), // item key -> element
    selected: new Set(),
    plan: new Map(), // section key -> its place on the page and in the content (scroll.js)
    rootTop: undefined, // the collection's top on the page, measured once
    scrolled: 0, // the page's scroll position from the collection's top, read once per message
    dropped: null, // { key, rect }: an element the person just dropped, for the animation
    focusedKey: null, // the item that had the focus, to give it back after an update
    pendingFocus: null, // a Home, End or page jump, waiting for the rows it scrolls to
    swiped: false, // a swipe just ended: the click that follows it selects nothing
    stats: {
      patches: 0, resets: 0, inserts: 0, removes: 0, moves: 0, replaces: 0, reconfigures: 0,
      adds: 0, evictions: 0, fixups: 0, mismatches: 0, lastApplyMs: 0, seq: 0,
    },
  };
}
