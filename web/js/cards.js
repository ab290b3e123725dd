// Cards: every card's full text wherever the table shows the card — on hover
// (its title) and, on click or tap, in a large readable view (a modal dialog,
// closed with Esc, × or a click outside). The texts come from the game's
// catalog, which the server serves from the engine's data
// (GET /api/kinds/{game}/catalog): the browser keeps no copy of them.
// A card that is also a legal choice is chosen with one click; it gets a small
// "i" button that opens the large view instead (infoButton).
import { h } from './dom.js';

/** What the "reconstructed" tag means, for its tooltip. */
export const RECONSTRUCTED_NOTE = 'Reconstructed: this wording is not from a printed source we could verify (the printed card text is lost), so it restates the effect as the game plays it.';

/** The kind of a card in words, as the large view's subtitle says it. */
const KIND_WORDS = {
  dominance: 'Dominance card',
  survival: 'Survival card',
  evolution: 'Evolution card',
  trait: 'Trait card',
  adaptation: 'Adaptation card',
  objective: 'Objective tile',
  turn_of_the_ages: 'Turn of the Ages card',
  cataclysm: 'Cataclysm',
};

const catalogs = new Map();

/**
 * The catalog of a game kind, fetched once per page and kept: {cards: [{id,
 * kind, name, text, reconstructed}], …the game's tables}. Resolves to null when
 * the game has none or the server cannot be asked (the table then draws
 * without card texts rather than not at all); a failed fetch is tried again
 * next time.
 */
export function loadCatalog(game) {
  if (!catalogs.has(game)) {
    const p = fetch(`/api/kinds/${encodeURIComponent(game)}/catalog`)
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null)
      .then((c) => { if (!c) catalogs.delete(game); return c; });
    catalogs.set(game, p);
  }
  return catalogs.get(game);
}

const indexes = new WeakMap();

/** The catalog's card with this id, or null. */
export function cardById(catalog, id) {
  if (!catalog || !Array.isArray(catalog.cards) || id === null || id === undefined) return null;
  let index = indexes.get(catalog);
  if (!index) {
    index = new Map(catalog.cards.map((c) => [c.id, c]));
    indexes.set(catalog, index);
  }
  return index.get(String(id)) || null;
}

/** The card's name and full text on one line, for a title (hover) tooltip. */
export function tooltip(card) {
  return `${card.name}${card.reconstructed ? ' (reconstructed)' : ''}: ${card.text}`;
}

/** The small visible "reconstructed" tag, with its explanation as tooltip. */
export function reconstructedTag(card) {
  if (!card || !card.reconstructed) return null;
  return h('span', { class: 'rc-tag', title: RECONSTRUCTED_NOTE }, 'reconstructed');
}

/** The small "i" button that opens the large view of a card that is also a choice. */
export function infoButton(card) {
  if (!card) return null;
  return h('button', {
    type: 'button',
    class: 'card-info',
    title: `Read ${card.name}`,
    'aria-label': `Read the card ${card.name}`,
    'data-card': card.id,
    onclick: (ev) => { ev.stopPropagation(); ev.preventDefault(); openCard(card); },
  }, 'i');
}

/**
 * A card shown by its name (a trait, a card in a hand, a revealed tile):
 * hovering shows its text, clicking opens the large view. `cls` adds classes.
 */
export function cardChip(card, cls = '', target = null) {
  if (!card) return null;
  return h('button', {
    type: 'button',
    class: `card-chip ${cls} ${target ? 'legal' : ''}`,
    title: target ? `${card.name}: ${target.title || 'your choice'}` : tooltip(card),
    'data-card': card.id,
    'data-key': target ? target.key : null,
    onclick: target ? target.act : (ev) => { ev.stopPropagation(); openCard(card); },
  }, card.name, card.reconstructed ? h('span', { class: 'rc-dot', 'aria-hidden': 'true' }, '*') : null);
}

/**
 * A card chip that is a board target while a legal choice concerns its card
 * (a trait to keep, an adaptation card to activate or discard): `legal(key)`
 * answers the click that offers those choices, or null. A click then
 * offers the choices (the card itself opens from the choices' "i"); at
 * other times it opens the card.
 */
export function cardTarget(card, cls, key, legal) {
  const act = legal(key);
  return cardChip(card, cls, act ? { key, act, title: 'click to choose' } : null);
}

/** Opens the large view of a card; a second card replaces the first. */
export function openCard(card) {
  closeCard();
  const back = document.activeElement;
  const close = h('button', { type: 'button', class: 'card-close', 'aria-label': 'Close', title: 'Close (Esc)' }, '×');
  const titleId = 'card-view-title';
  const dialog = h('div', { class: 'card-modal', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, 'data-card': card.id },
    close,
    h('p', { class: 'card-kind muted small' }, KIND_WORDS[card.kind] || 'Card'),
    h('h2', { id: titleId, class: 'card-title' }, card.name),
    h('p', { class: 'card-full-text' }, card.text),
    card.reconstructed
      ? h('p', { class: 'card-note small' }, reconstructedTag(card), ' ', RECONSTRUCTED_NOTE)
      : null);
  const backdrop = h('div', { class: 'card-backdrop', id: 'card-view' }, dialog);
  const done = () => {
    backdrop.remove();
    document.removeEventListener('keydown', onKey, true);
    if (back && back.isConnected && typeof back.focus === 'function') back.focus();
  };
  const onKey = (ev) => {
    if (ev.key === 'Escape') { ev.preventDefault(); ev.stopPropagation(); done(); }
    if (ev.key === 'Tab') { ev.preventDefault(); close.focus(); } // the dialog's only control
  };
  backdrop.addEventListener('click', (ev) => { if (ev.target === backdrop) done(); });
  close.addEventListener('click', done);
  backdrop.closeCard = done;
  document.addEventListener('keydown', onKey, true);
  document.body.append(backdrop);
  close.focus();
}

/** Closes the large view, if one is open. */
export function closeCard() {
  const open = document.getElementById('card-view');
  if (open && open.closeCard) open.closeCard();
  else if (open) open.remove();
}
