// Small helpers shared by the pages: building elements and the page's words.

/** h("div", {class: "x", onclick: f}, child, ...) — an element. Children may be
 *  strings, elements, arrays or null. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
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
