// Small helpers shared by the pages: building elements and the page's words.

// Handlers live on the elements (``el._on``) and one listener per event type at the
// document calls them, so that morph() can keep a page's nodes in place and hand
// them the new handlers: a button stays the same button while the page updates,
// and a click between two updates is never lost.
const EVENTS = { click: "click", change: "change", input: "input", keydown: "keydown",
                 focus: "focusin" };
for (const type of new Set(Object.values(EVENTS))) {
  document.addEventListener(type, (e) => {
    for (let el = e.target; el && el !== document; el = el.parentNode) {
      const fn = el._on && el._on[type];
      if (fn) { fn(e, el); return; }
    }
  });
}

/** h("div", {class: "x", onclick: f}, child, ...) — an element. Children may be
 *  strings, elements, arrays or null. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el._on = el._on || {};
      el._on[EVENTS[key.slice(2)] || key.slice(2)] = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Make ``old`` look like ``neu`` while keeping the nodes that stay: attributes,
 *  texts and handlers are updated in place, children matched by position. */
export function morph(old, neu) {
  if (old.nodeType !== neu.nodeType || old.nodeName !== neu.nodeName) {
    old.replaceWith(neu);
    return;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
    return;
  }
  for (const a of [...old.attributes]) if (!neu.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of neu.attributes) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  old._on = neu._on;
  morphChildren(old, [...neu.childNodes]);
  if ((old.nodeName === "SELECT" || old.nodeName === "INPUT") && document.activeElement !== old) {
    old.value = neu.value;
  }
}

/** Make ``parent``'s children the nodes ``children`` (morphing those that stay). */
export function morphChildren(parent, children) {
  const now = [...parent.childNodes];
  children.forEach((child, i) => {
    if (i < now.length) morph(now[i], child);
    else parent.appendChild(child);
  });
  for (let i = children.length; i < now.length; i++) now[i].remove();
}

let texts = {};

/** The page's words, from the JSON block the server put in the page. */
export function loadTexts(id = "texts") {
  const el = document.getElementById(id);
  texts = el ? JSON.parse(el.textContent) : {};
  return texts;
}

/** T("turn_of", {name: "Ania"}) — a word of the page with its values filled in. */
export function T(key, values = {}) {
  const text = texts[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

/** A list of names joined the way people write them. */
export function names(list) {
  return list.join(", ");
}
