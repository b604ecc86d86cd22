// The page side of the browser benchmark, injected into the /bench page by bench.py (WebDriver's
// scripts are not bound by the page's Content-Security-Policy). It measures three ways of
// showing the same change to a list of rows, in the same page and the same markup:
//
//   diffable  the server's batch update, applied by DiffableWeb's client as it arrives;
//   rerender  the list's HTML built again from the rows and set with innerHTML (the baseline);
//   vanilla   the same operations written by hand in plain JS (insertBefore, append, remove);
//   inplace   those operations by hand on DiffableWeb's own elements, their places kept for
//             assistive technology as DiffableWeb keeps them: what the page costs with no
//             client code at all (swap and move).
//
// Each measurement gives the script time (until the change and a forced style and layout are
// done), the time until the next frame has painted (a requestAnimationFrame, then a message
// posted from it, which runs after that frame's paint), and the DOM operations on row elements,
// counted by a MutationObserver: an element removed and added again is one move.
(() => {
  const rowClass = "dw-row";

  /** The number of row elements inserted, removed and moved by the mutations in `records`. */
  function count(records) {
    const added = new Set();
    const removed = new Set();
    // Rows inside an added or removed section count too: a section made anew makes its rows.
    const rows = (node, into) => {
      if (!node.classList) return;
      if (node.classList.contains(rowClass)) into.add(node);
      else for (const row of node.querySelectorAll(`.${rowClass}`)) into.add(row);
    };
    for (const record of records) {
      for (const node of record.addedNodes) rows(node, added);
      for (const node of record.removedNodes) rows(node, removed);
    }
    let moves = 0;
    for (const node of added) if (removed.has(node)) moves++;
    return added.size + removed.size - moves;
  }

  function afterPaint(started) {
    return new Promise((resolve) => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - started);
      channel.port2.postMessage(0);
    }));
  }

  /** A list section with the markup and styles of DiffableWeb's, for the two baselines. */
  function section() {
    const make = (tag, cls) => Object.assign(document.createElement(tag), { className: cls });
    const s = make("section", "dw-section dw-list dw-look-plain");
    const items = make("div", "dw-items");
    const spacer = make("div", "dw-spacer");
    const win = make("div", "dw-window");
    win.style.setProperty("--dw-item-height", "40px");
    win.style.top = "0px";
    spacer.append(win);
    items.append(spacer);
    s.append(items);
    s.hidden = true;
    document.querySelector(".dw-collection").after(s);
    return { s, spacer, win };
  }

  function rowHTML(id) {
    // Numbers only, so there is nothing to escape.
    return `<div class="dw-row" data-k="${id}" tabindex="-1" role="option"><span class="dw-texts">`
      + `<span class="dw-text">Row ${id}</span></span></div>`;
  }

  function row(id) {
    const el = document.createElement("div");
    el.className = rowClass;
    el.dataset.k = String(id);
    el.tabIndex = -1;
    el.setAttribute("role", "option");
    const texts = document.createElement("span");
    texts.className = "dw-texts";
    const text = document.createElement("span");
    text.className = "dw-text";
    text.textContent = `Row ${id}`;
    texts.append(text);
    el.append(texts);
    return el;
  }

  /**
   * Puts the moved rows in the order of `change.items`, each before its successor, from the last:
   * rows that stay keep their order, so each moved row needs one insertBefore.
   */
  function placeMoved(win, byId, change) {
    const moved = new Set(change.moved);
    const items = change.items;
    for (let i = items.length - 1; i >= 0; i--) {
      if (!moved.has(items[i])) continue;
      win.insertBefore(byId.get(items[i]), i + 1 < items.length ? byId.get(items[i + 1]) : null);
    }
  }

  const rerender = section();
  const vanilla = section();
  vanilla.byId = new Map();
  const diffable = document.querySelector(".dw-collection");

  function size(target, count) {
    target.spacer.style.height = `${count * 40}px`;
  }

  const implementations = {
    rerender: {
      el: rerender.s,
      root: rerender.win,
      apply(change) {
        size(rerender, change.items.length);
        rerender.win.innerHTML = change.items.map(rowHTML).join("");
      },
    },
    vanilla: {
      el: vanilla.s,
      root: vanilla.win,
      apply(change) {
        const win = vanilla.win;
        const byId = vanilla.byId;
        size(vanilla, change.items.length);
        switch (change.op) {
          case "create":
          case "replace": {
            win.textContent = "";
            byId.clear();
            for (const id of change.items) {
              const el = row(id);
              byId.set(id, el);
              win.append(el);
            }
            break;
          }
          case "append": {
            for (const id of change.items.slice(byId.size)) {
              const el = row(id);
              byId.set(id, el);
              win.append(el);
            }
            break;
          }
          case "swap": {
            // As the js-framework-benchmark's vanilla implementation swaps rows 1 and 998.
            const a = byId.get(change.items[998]);
            const b = byId.get(change.items[1]);
            const afterB = b.nextSibling;
            win.insertBefore(b, a);
            win.insertBefore(a, afterB);
            break;
          }
          case "move":
            placeMoved(win, byId, change);
            break;
        }
      },
    },
  };

  /** DiffableWeb's rows, by the id their text shows. */
  function diffableRows() {
    const win = diffable.querySelector(".dw-window");
    const byId = new Map();
    for (const el of win.children) byId.set(Number(el.querySelector(".dw-text").textContent.slice(4)), el);
    return { win, byId };
  }

  implementations.inplace = {
    el: diffable,
    root: diffable,
    prepare() {
      this.rows = diffableRows();
    },
    apply(change) {
      const { win, byId } = this.rows;
      placeMoved(win, byId, change);
      // As DiffableWeb: each row whose place changed says its new one.
      const items = change.items;
      for (let i = 0; i < items.length; i++) {
        if (change.before[i] !== items[i]) byId.get(items[i]).setAttribute("aria-posinset", String(i + 1));
      }
    },
  };

  const records = [];
  const diffableRecords = [];
  function observe(root, into) {
    const observer = new MutationObserver((list) => into.push(...list));
    observer.observe(root, { childList: true, subtree: true });
    return observer;
  }

  /** Measures one implementation's change: script, to paint, DOM operations. */
  async function measure(name, change) {
    const implementation = implementations[name];
    if (implementation.prepare) implementation.prepare();
    records.length = 0;
    const observer = observe(implementation.root, records);
    const started = performance.now();
    implementation.apply(change);
    void implementation.el.offsetHeight; // style and layout, now
    const script = performance.now() - started;
    const paint = await afterPaint(started);
    records.push(...observer.takeRecords());
    observer.disconnect();
    return { script, paint, ops: count(records) };
  }

  /**
   * Shows one implementation's list and hides the others. Only what changes is set: setting
   * `hidden` again, even to the value it has, invalidates the section's style, and the frame that
   * follows delayed the next measurement's paint by as much as the change itself took.
   */
  function show(name) {
    const hide = (el, hidden) => {
      if (el.hidden !== hidden) el.hidden = hidden;
    };
    hide(diffable, name !== "diffable" && name !== "inplace");
    hide(rerender.s, name !== "rerender");
    hide(vanilla.s, name !== "vanilla");
  }

  // DiffableWeb's messages: measured from the moment each arrives, by its sequence number.
  const results = new Map();
  let observer = null;
  window.diffable.afterApply = (started, message) => {
    const root = diffable;
    void root.offsetHeight;
    const script = performance.now() - started;
    afterPaint(started).then((paint) => {
      if (observer) diffableRecords.push(...observer.takeRecords());
      results.set(message.seq, { script, paint, ops: count(diffableRecords), counted: message.n || 0 });
      diffableRecords.length = 0;
    });
  };

  window.bench = {
    show,
    measure,
    /** Starts counting DiffableWeb's DOM operations for the next message. */
    watch() {
      diffableRecords.length = 0;
      if (!observer) observer = observe(diffable, diffableRecords);
    },
    result(seq) {
      return results.get(seq) || null;
    },
  };
})();
