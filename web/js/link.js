// The board and the words meet here. Every renderer marks its board targets
// with the legal choices they can produce (`data-choices="3 7"`) and every
// element that shows a place with the place's label (`data-place="D7"`, the
// label the engines print). This module then links, for any game:
//  - a choice in the side list or the prompt bar and its board target(s),
//    both ways, on hover and on keyboard focus;
//  - a log entry and the places it names (the engines' data, `places`);
//  - Enter and Space on a focused board target, as a click;
// and it draws the small picker a board target opens when it stands for
// several choices (how many species, which animal, which meaning of a click).
import { h } from './dom.js';

/**
 * The attribute a log entry's node carries its places in (the labels of the
 * board places the entry names, as the server sends them: `places`), so that
 * pointing at the entry lights them. The engines give them as data: nothing
 * here reads a text to find a place.
 */
export function placesAttribute(places) {
  return places && places.length ? JSON.stringify(places) : null;
}

/**
 * Marks the board's targets: every element with a `data-key` the renderer's
 * `map` (key → legal choices) holds gets `data-choices` (the choices' indices),
 * is reachable with Tab, and reads its choices to a screen reader.
 */
export function markTargets(board, map) {
  for (const el of board.querySelectorAll('[data-key]')) {
    const list = map.get(el.dataset.key);
    if (!list || !list.length) continue;
    el.dataset.choices = list.filter((c) => c.index !== undefined).map((c) => c.index).join(' ');
    el.classList.add('target');
    if (el.tagName !== 'BUTTON') {
      el.setAttribute('tabindex', '0');
      el.setAttribute('role', 'button');
    }
    // A target that shows words (a region's name and food) is named by them, as
    // a sighted player reads it, and its choices describe it; one that shows
    // none (a corner, a disc) is named by its choices.
    const said = list.map((c) => c.text).join(' / ');
    if (el.textContent.trim()) el.setAttribute('aria-description', said);
    else if (!el.hasAttribute('aria-label')) el.setAttribute('aria-label', said);
  }
}

const LIT = 'linked';

function clear(root) {
  for (const el of root.querySelectorAll(`.${LIT}`)) el.classList.remove(LIT);
}

function light(els) {
  for (const el of els) el.classList.add(LIT);
}

/** Scrolls a choice-list item into its list's view without moving the page. */
function reveal(item) {
  const list = item.closest('.choice-list');
  if (!list) return;
  const top = item.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

/** Lights what `el` (under the pointer or focused) is linked with. */
function follow(root, el) {
  clear(root);
  if (!(el instanceof Element)) return;
  const board = root.querySelector('#board');
  if (!board) return;
  // A board target: the choices it can produce, in the list and the prompt bar.
  const target = el.closest('[data-choices]');
  if (target && board.contains(target)) {
    light([target]);
    let first = true;
    for (const i of target.dataset.choices.split(' ').filter(Boolean)) {
      const items = root.querySelectorAll(`#choice-list [data-index="${i}"], #promptbar [data-index="${i}"]`);
      light(items);
      if (first && items.length) { reveal(items[0]); first = false; }
    }
    return;
  }
  // A choice (side list, prompt bar, picker): its board targets.
  const choice = el.closest('[data-index]');
  if (choice && !board.contains(choice)) {
    const i = choice.dataset.index;
    light([choice]);
    light(root.querySelectorAll(`#choice-list [data-index="${i}"], #promptbar [data-index="${i}"]`));
    light(board.querySelectorAll(`[data-choices~="${i}"]`));
    return;
  }
  // A log entry: every place it names (its `data-places`).
  const entry = el.closest('.log-entry');
  if (entry) {
    light([entry]);
    let places = [];
    try { places = JSON.parse(entry.dataset.places || '[]'); } catch { places = []; }
    for (const place of places) {
      const found = board.querySelectorAll(`[data-place="${CSS.escape(place)}"]`);
      // A corner no longer drawn (its element left): the hexes that meet there.
      if (found.length) light(found);
      else for (const hex of place.split(/[/ ]/)) light(board.querySelectorAll(`[data-place="${CSS.escape(hex)}"]`));
    }
  }
}

/**
 * Links the table once (the listeners are delegated, so they survive every
 * redraw): hover and focus light the linked elements; Enter and Space on a
 * focused board target click it.
 */
export function linkTable(root) {
  root.addEventListener('pointerover', (ev) => follow(root, ev.target));
  root.addEventListener('pointerleave', () => clear(root));
  root.addEventListener('focusin', (ev) => follow(root, ev.target));
  root.addEventListener('focusout', (ev) => { if (!root.contains(ev.relatedTarget)) clear(root); });
  root.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter' && ev.key !== ' ') return;
    const el = ev.target;
    if (!(el instanceof Element) || el.tagName === 'BUTTON' || !el.matches('#board [tabindex]')) return;
    ev.preventDefault();
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
  // Links in the picker, which lives outside the table.
  document.addEventListener('pointerover', (ev) => {
    const b = ev.target instanceof Element && ev.target.closest('.picker [data-index]');
    if (b) follow(root, b);
  });
}

let open = null;

/** Closes the open picker, if any (without telling its owner). */
export function closePicker() {
  if (!open) return;
  open.remove();
  open = null;
}

/**
 * Opens a small picker beside `anchor` (a board target): one button per
 * option ({text, index?, act}), then Cancel. Esc and Cancel close it and call
 * `onCancel`; a click outside closes it.
 */
export function picker(anchor, options, onCancel) {
  closePicker();
  const cancel = () => { closePicker(); if (onCancel) onCancel(); };
  const box = h('div', { class: 'picker', id: 'picker', role: 'dialog', 'aria-label': 'Which one?' },
    h('div', { class: 'picker-title' }, options.length > 1 ? 'Which one?' : 'Are you sure?'),
    options.map((o) => h('button', {
      class: 'choice-btn picker-btn',
      'data-index': o.index === undefined ? null : o.index,
      onclick: (ev) => { ev.stopPropagation(); closePicker(); o.act(); },
    }, o.text)),
    h('button', { class: 'ghost picker-cancel', onclick: (ev) => { ev.stopPropagation(); cancel(); } }, 'Cancel'));
  box.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') { ev.preventDefault(); cancel(); if (anchor.isConnected) anchor.focus(); }
  });
  document.body.append(box);
  open = box;
  place(box, anchor);
  const first = box.querySelector('button');
  if (first) first.focus({ preventScroll: true });
  // A press anywhere else closes it; the press itself goes on to its target.
  const outside = (ev) => {
    if (open !== box) { document.removeEventListener('pointerdown', outside, true); return; }
    if (box.contains(ev.target) || anchor.contains(ev.target)) return;
    document.removeEventListener('pointerdown', outside, true);
    closePicker();
  };
  document.addEventListener('pointerdown', outside, true);
}

/** Puts the picker under its anchor (above it near the bottom), inside the window. */
function place(box, anchor) {
  const r = anchor.getBoundingClientRect();
  const w = box.offsetWidth;
  const hgt = box.offsetHeight;
  let left = r.left + r.width / 2 - w / 2;
  left = Math.max(6, Math.min(left, document.documentElement.clientWidth - w - 6));
  let top = r.bottom + 6;
  if (top + hgt > window.innerHeight - 6 && r.top - hgt - 6 > 0) top = r.top - hgt - 6;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
}

/**
 * Keeps where the reader panned each scrolling part of the board (`data-pan`,
 * the boards on a phone) across redraws. The pans are noted as the reader
 * scrolls, so a redraw never has to read them first; the function returned
 * puts every part back after a redraw, a part seen for the first time
 * centred. Call it after all of a render's writes: its reads then share the
 * one layout of the render.
 */
export function panKeeper(board) {
  const pans = new Map();
  board.addEventListener('scroll', (ev) => {
    const el = ev.target;
    if (el instanceof Element && el.dataset.pan) pans.set(el.dataset.pan, el.scrollLeft);
  }, { capture: true, passive: true });
  return () => {
    for (const el of board.querySelectorAll('[data-pan]')) {
      let left = pans.get(el.dataset.pan);
      if (left === undefined) {
        left = (el.scrollWidth - el.clientWidth) / 2;
        pans.set(el.dataset.pan, left);
      }
      if (el.scrollLeft !== left) el.scrollLeft = left;
    }
  };
}
