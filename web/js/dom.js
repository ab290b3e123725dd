// Small DOM helpers shared by every page.

/** Creates an HTML element: h('div', {class: 'x', onclick: f}, child, 'text'). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes and children. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/**
 * Replaces an element's children, skipping null, undefined and false as h()
 * does (the DOM's own replaceChildren would print them as text: "null").
 */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * The listeners added by h(), s() and listen(), per element, so that patch() can
 * move them from a freshly built element to the one it updates.
 */
const LISTENERS = new WeakMap();

/** Adds a listener that patch() knows of: renderers add theirs through it (or h()'s `on…`). */
export function listen(el, type, fn) {
  el.addEventListener(type, fn);
  const list = LISTENERS.get(el);
  if (list) list.push([type, fn]);
  else LISTENERS.set(el, [[type, fn]]);
  return el;
}

/**
 * Makes `el`'s children the given ones, as fill() does, by changing the
 * nodes already there where they match (same tag, in the same place) instead
 * of replacing them: their attributes, styles, texts and listeners become
 * the new ones', and only what differs is touched. A board redrawn after
 * each move then costs the browser the restyle, layout and paint of what
 * changed, not of the whole board; what a player was doing stays as it was
 * (the focused target keeps its focus, a panned view its scroll, an open
 * "Text view" stays open).
 */
export function patch(el, ...children) {
  const next = [];
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    next.push(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  patchChildren(el, next);
  return el;
}

function patchChildren(el, next) {
  const old = [...el.childNodes];
  let i = 0;
  for (; i < next.length; i++) {
    const o = old[i];
    const n = next[i];
    if (!o) el.appendChild(n);
    else if (o.nodeType === n.nodeType && o.nodeName === n.nodeName && o.namespaceURI === n.namespaceURI) patchNode(o, n);
    else el.replaceChild(n, o);
  }
  for (; i < old.length; i++) old[i].remove();
}

function patchNode(o, n) {
  if (o.nodeType !== Node.ELEMENT_NODE) {
    if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue;
    return;
  }
  for (const a of [...o.attributes]) {
    // A <details> the player opened stays open; styles go through the CSSOM below.
    if (a.name === 'style' || (a.name === 'open' && o.nodeName === 'DETAILS')) continue;
    if (!n.hasAttribute(a.name)) o.removeAttribute(a.name);
  }
  for (const a of n.attributes) {
    if (a.name !== 'style' && o.getAttribute(a.name) !== a.value) o.setAttribute(a.name, a.value);
  }
  // Through the CSSOM: the Content-Security-Policy refuses style attributes.
  if (o.style && o.style.cssText !== n.style.cssText) o.style.cssText = n.style.cssText;
  const before = LISTENERS.get(o);
  const after = LISTENERS.get(n);
  if (before) for (const [type, fn] of before) o.removeEventListener(type, fn);
  if (after) {
    for (const [type, fn] of after) o.addEventListener(type, fn);
    LISTENERS.set(o, after);
  } else if (before) LISTENERS.delete(o);
  patchChildren(o, [...n.childNodes]);
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') listen(el, k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style') setStyle(el, String(v));
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

/**
 * Sets 'name: value; …' declarations through the CSSOM (style.setProperty):
 * the server's Content-Security-Policy refuses inline style attributes, so
 * setAttribute('style', …) would be ignored, but the CSSOM is allowed.
 */
function setStyle(el, text) {
  for (const declaration of text.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (name) el.style.setProperty(name, value);
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Shows a short message at the bottom of the screen. */
export function toast(msg, kind = 'info') {
  const t = document.getElementById('toast');
  if (!t) return;
  t.textContent = msg;
  t.className = `toast show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.className = 'toast'; }, kind === 'error' ? 6000 : 2500);
}

/** Copies text to the clipboard (falls back to a prompt). */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast('Link copied');
  } catch {
    window.prompt('Copy this link:', text);
  }
}

/** "Mammals" from "mammals". */
export const cap = (x) => (x ? x[0].toUpperCase() + x.slice(1) : '');

/** A name's possessive: "Anna’s", and after a plural in s only the apostrophe ("Cephalopods’"). */
export const possessive = (name) => (/s$/.test(String(name)) ? `${name}’` : `${name}’s`);

/** A count with its noun, agreeing: "1 point", "3 points". */
export const counted = (n, one, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

/**
 * The "bot" badge of a seat whose `bot` field names its bot spec (null for
 * a human): a bot is told by that field, never by its name, which anyone
 * can type. Null for a human seat.
 */
export function botBadge(seat) {
  if (!seat || typeof seat.bot !== 'string' || !seat.bot) return null;
  return h('span', { class: 'bot-badge', title: `A bot (${seat.bot}) plays this seat` }, 'bot');
}

/**
 * The "profile" mark of a seat whose `profile` field says a player's profile
 * holds it (taken with the profile's key): its name is that profile's own,
 * and the game counts for its rating. A seat without the mark may carry any
 * name its player typed. Null for other seats.
 */
export function profileBadge(seat) {
  if (!seat || seat.profile !== true) return null;
  return h('span', { class: 'profile-badge', title: `${seat.name || 'This player'} plays with a profile: the name is theirs, and the game counts for their rating` }, 'profile');
}

/**
 * Who made a log entry, as the log names them: the seat's `name`, or "Bot for
 * Ann" when a stand-in bot chose for the seat while its player was away (the
 * entry's `stand_in`, the bot's kind). A span with the bot's kind in its title.
 */
export function logWho(name, entry) {
  if (!entry.stand_in) return h('span', { class: 'log-who' }, name);
  return h('span', { class: 'log-who stand-in', title: `The ${entry.stand_in} bot chose for ${name}, who was away` }, `Bot for ${name}`);
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex) {
  const lin = (i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const DARK_INK = '#1d1608';

/**
 * The colours to write text on a piece's colour `bg` (an animal, an
 * element) with at least 4.5:1 contrast: `{ink, bg}`. White where it reads,
 * else the dark ink; a middle colour that neither reads on is deepened
 * (mixed with black) until white does, so the piece keeps its hue.
 */
export function readable(bg) {
  if (!/^#[0-9a-f]{6}$/i.test(bg || '')) return { ink: '#fff', bg };
  if (contrast(bg, '#ffffff') >= 4.5) return { ink: '#fff', bg };
  if (contrast(bg, DARK_INK) >= 4.5) return { ink: DARK_INK, bg };
  let c = bg;
  for (let k = 0.92; contrast(c, '#ffffff') < 4.5; k *= 0.92) {
    c = `#${[1, 3, 5].map((i) => Math.round(parseInt(bg.slice(i, i + 2), 16) * k).toString(16).padStart(2, '0')).join('')}`;
  }
  return { ink: '#fff', bg: c };
}

/**
 * The style of a piece's panel or chip in colour `bg`: `--c` (the piece's
 * own colour, for borders and rings), `--ink` and `--head` (the text and the
 * background it sits on, readable together: see readable()).
 */
export function pieceColours(bg, ink = null) {
  const r = ink && contrast(bg, ink) >= 4.5 ? { ink, bg } : readable(bg);
  return `--c:${bg};--ink:${r.ink};--head:${r.bg}`;
}
