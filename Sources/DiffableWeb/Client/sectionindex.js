// A collection's index (the data source's indexTitles(for:)): a column of buttons at the right
// edge of the window, as UIKit's index bar stands at the trailing edge. A button asks the server
// to scroll where its title leads; buttons are the keyboard's too (Tab, Enter, Space).

/** Shows `titles` as the collection's index, or removes it when there are none. */
export function renderIndex(view, titles) {
  view.root.classList.toggle("dw-has-index", titles.length > 0);
  if (!titles.length) {
    if (view.indexNav) view.indexNav.remove();
    view.indexNav = null;
    return;
  }
  if (!view.indexNav) {
    const nav = document.createElement("nav");
    nav.className = "dw-index";
    nav.setAttribute("aria-label", `${view.label || "List"} index`);
    nav.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      // Any of the collection's items names it to the server.
      const anyKey = view.items.keys().next().value;
      if (button && anyKey !== undefined) view.send({ t: "index", k: anyKey, i: Number(button.dataset.i) });
    });
    view.root.after(nav);
    view.indexNav = nav;
  }
  view.indexNav.replaceChildren(
    ...titles.map((title, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = title;
      button.dataset.i = String(index);
      return button;
    }),
  );
}
