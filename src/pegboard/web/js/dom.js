// Tiny DOM helpers: build elements declaratively, keep focus across re-renders, toasts.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Append children (strings, nodes, arrays, null/false skipped) to a node. */
function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Set attributes: `on*` functions become listeners, `class`/`style`/`dataset` are special. */
function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop, v);
    } else if (key === "value" && "value" in node) {
      node.value = value;
    } else if (key === "checked" || key === "disabled" || key === "selected") {
      node[key] = Boolean(value);
      if (value) node.setAttribute(key, "");
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  return node;
}

/** `h("button", {class: "primary", onClick}, "Go")` -> an HTML element. */
export function h(tag, attrs, ...children) {
  return append(setAttrs(document.createElement(tag), attrs), children);
}

/** `s("circle", {cx: 1, cy: 2, r: 3})` -> an SVG element. */
export function s(tag, attrs, ...children) {
  return append(setAttrs(document.createElementNS(SVG_NS, tag), attrs), children);
}

/**
 * Replace a region's children, keeping keyboard focus on the element with the same
 * `data-key` (cards and buttons are rebuilt on every update). When that element is gone (the
 * card just played) or disabled, focus stays in its group (the hand): on the card now in its
 * place, or on the group itself while none can be pressed.
 */
export function render(region, ...children) {
  const active = document.activeElement;
  const inside = active && active !== region && region.contains(active);
  const key = inside ? active.dataset.key : undefined;
  const group = inside ? active.closest("[role=group][aria-label]") : null;
  const label = group?.getAttribute("aria-label");
  const index = group ? [...group.querySelectorAll("[data-key]")].indexOf(active) : -1;
  region.replaceChildren();
  append(region, children);
  if (key) {
    const again = region.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again && !again.disabled) return again.focus({ preventScroll: true });
  }
  if (label) {
    const found = region.querySelector(`[role=group][aria-label="${CSS.escape(label)}"]`);
    if (!found) return;
    const items = [...found.querySelectorAll("[data-key]")].filter((e) => !e.disabled);
    const next = items[Math.min(Math.max(index, 0), items.length - 1)];
    if (next) return next.focus({ preventScroll: true });
    found.tabIndex = -1;
    found.focus({ preventScroll: true });
  }
}

let toastTimer = 0;

/** Show a short message at the bottom of the screen for a few seconds. */
export function toast(message, kind = "error") {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message;
  box.className = `toast show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.className = "toast"), 4000);
}

/** Escape hatch for lists: `plural(2, "card")` -> "2 cards". */
export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}
