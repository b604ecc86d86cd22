// An update's animation: the rows that stay glide from where they were to where they are (FLIP),
// new ones fade in. Skipped when the person prefers reduced motion (patch.js decides).

const animationMs = 220;

/** Where each element of the collection is now, to animate from after an update. */
export function positions(view) {
  const rects = new Map();
  for (const el of view.items.values()) rects.set(el, el.getBoundingClientRect());
  return rects;
}

/** Moves elements from where they were to where they are (FLIP); new ones fade in. */
export function animate(view, before) {
  const viewportHeight = window.innerHeight;
  for (const el of view.items.values()) {
    const now = el.getBoundingClientRect();
    if (now.bottom < 0 || now.top > viewportHeight) continue;
    const was = before.get(el);
    if (!was) {
      el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: animationMs, easing: "ease-out" });
      continue;
    }
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (dx || dy) {
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: animationMs, easing: "ease-out",
      });
    }
  }
}
