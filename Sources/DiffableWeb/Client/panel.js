// Panels: regions whose content the server describes as blocks (titles, texts, lists, tags,
// buttons, form fields). Every text goes in with textContent or as a field's value: nothing the
// server sends, and so nothing a person typed, becomes markup. A button sends its action with
// the values of the panel's fields; the server answers with new content.

const maximumMessage = 8000;
/** Numbers the ids of the texts that describe fields, unique on the page. */
let describedCount = 0;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function block(b, fields) {
  switch (b.k) {
    case "title": {
      const h = el("h2", "dw-panel-title");
      if (b.i) h.append(el("span", "dw-panel-image", b.i));
      h.append(el("span", "dw-panel-title-text", b.t));
      return h;
    }
    case "heading": return el("h3", "dw-panel-heading", b.t);
    case "text": return el("p", `dw-panel-text dw-role-${b.r === "error" || b.r === "secondary" ? b.r : "body"}`, b.t);
    case "facts": {
      const dl = el("dl", "dw-panel-facts");
      for (const [label, value] of b.f || []) {
        const item = el("div", "dw-fact");
        item.append(el("dt", "", label), el("dd", "", value));
        dl.append(item);
      }
      return dl;
    }
    case "list": {
      const list = el(b.n ? "ol" : "ul", "dw-panel-list");
      for (const entry of b.e || []) list.append(el("li", "", entry));
      return list;
    }
    case "tags": {
      const tags = el("div", "dw-panel-tags");
      for (const entry of b.e || []) tags.append(el("span", "dw-tag", entry));
      return tags;
    }
    case "buttons": {
      const row = el("div", "dw-panel-buttons");
      for (const button of b.e || []) {
        const node = el("button", `dw-button dw-button-${["primary", "destructive"].includes(button.s) ? button.s : "normal"}`, button.t);
        node.type = "button";
        node.dataset.a = button.a;
        if (typeof button.on === "boolean") {
          node.setAttribute("aria-pressed", button.on ? "true" : "false");
          node.classList.add("dw-toggle");
        }
        row.append(node);
      }
      return row;
    }
    case "field": {
      const label = el("label", "dw-field");
      label.append(el("span", "dw-field-label", b.l));
      const input = b.f === "multiline" ? el("textarea", "dw-input") : el("input", "dw-input");
      if (b.f === "multiline") input.rows = 4;
      else input.type = "text";
      if (b.f === "number") input.inputMode = "numeric";
      input.name = b.n;
      input.value = b.v;
      input.spellcheck = b.f !== "number";
      label.append(input);
      // The error and the hint describe the field, apart from its name (the label's text).
      const described = [];
      if (b.err) {
        label.classList.add("dw-field-invalid");
        input.setAttribute("aria-invalid", "true");
        const error = el("span", "dw-field-error", b.err);
        error.id = `dw-described-${++describedCount}`;
        described.push(error.id);
        label.append(error);
      }
      if (b.h) {
        const hint = el("span", "dw-field-hint", b.h);
        hint.id = `dw-described-${++describedCount}`;
        described.push(hint.id);
        label.append(hint);
      }
      if (described.length) input.setAttribute("aria-describedby", described.join(" "));
      fields.push({ input, error: !!b.err });
      return label;
    }
    default: return null;
  }
}

/**
 * Where an element is, as a place that survives a panel drawn again: its region and its button's
 * action (a button is made anew each time its panel is drawn).
 */
function placeOf(element) {
  const region = element?.closest?.("[data-region]")?.dataset.region;
  return region && element.dataset.a ? { region, action: element.dataset.a } : null;
}

function elementAt(place) {
  return place && document.querySelector(`[data-region="${CSS.escape(place.region)}"] [data-a="${CSS.escape(place.action)}"]`);
}

/**
 * Shows a panel's content (or hides the panel for `null`); keeps the focus on the field or the
 * button it was on, and gives it back to the element that opened a dialog when it closes.
 */
export function renderPanel(region, content, send) {
  const root = region.root;
  const focused = root.contains(document.activeElement) ? document.activeElement : null;
  const focusedName = focused && focused.name;
  const focusedButton = focused && focused.dataset.a;
  const wasHidden = region.column.hidden;
  region.content = content;
  if (!content) {
    root.replaceChildren();
    if (region.at === "dialog") {
      region.column.hidden = true;
      const opener = region.opener && region.opener.isConnected ? region.opener : elementAt(region.openerPlace);
      opener?.focus({ preventScroll: true });
      region.opener = null;
      region.openerPlace = null;
    }
    return;
  }
  const fields = [];
  const parts = [];
  for (const b of content.b || []) {
    const made = block(b, fields);
    if (made) parts.push(made);
  }
  root.replaceChildren(...parts);
  if (region.at === "dialog") {
    if (wasHidden) {
      region.opener = document.activeElement;
      region.openerPlace = placeOf(document.activeElement);
    }
    region.column.hidden = false;
  }
  const invalid = fields.find((f) => f.error);
  const again = fields.find((f) => f.input.name === focusedName);
  const button = focusedButton ? root.querySelector(`[data-a="${CSS.escape(focusedButton)}"]`) : null;
  const target = invalid ? invalid.input : again ? again.input : button ? button
    : region.at === "dialog" && wasHidden ? (fields[0]?.input || root.querySelector("button")) : null;
  if (target) target.focus({ preventScroll: region.at !== "dialog" });
}

/** The values of a panel's fields, by name. */
function values(region) {
  const out = {};
  for (const input of region.root.querySelectorAll(".dw-input")) out[input.name] = input.value;
  return out;
}

/** Sends an action of a panel with its fields' values; too long a message is refused here. */
export function press(region, action, send) {
  const message = { t: "panel", region: region.name, a: action, f: values(region) };
  if (new TextEncoder().encode(JSON.stringify(message)).length > maximumMessage) {
    let note = region.root.querySelector(".dw-panel-too-long");
    if (!note) {
      note = el("p", "dw-panel-text dw-role-error dw-panel-too-long", "Too long to send: shorten a field.");
      region.root.prepend(note);
    }
    return;
  }
  send(message);
}

/** Enter in a one-line field sends the content's submit action (Ctrl+Enter in any); Escape its cancel. */
export function panelKeydown(event, region, send) {
  const content = region.content;
  if (!content) return;
  const target = event.target;
  if (event.key === "Escape" && content.cancel) {
    event.preventDefault();
    press(region, content.cancel, send);
  } else if (event.key === "Enter" && content.submit && target.classList && target.classList.contains("dw-input") &&
    (target.tagName !== "TEXTAREA" || event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    press(region, content.submit, send);
  } else if (event.key === "Tab" && region.at === "dialog") {
    // The focus stays in the dialog.
    const stops = Array.from(region.root.querySelectorAll("input, textarea, button"));
    if (!stops.length) return;
    const index = stops.indexOf(document.activeElement);
    const next = event.shiftKey ? (index <= 0 ? stops.length - 1 : index - 1) : (index + 1) % stops.length;
    event.preventDefault();
    stops[next].focus();
  }
}
