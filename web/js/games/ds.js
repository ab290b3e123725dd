// Dominant Species: the hex earth (tiles, elements on corners, species, dominance),
// the action display with its eyeball spaces, every animal's display, the
// Dominance cards and the score. Legal choices are highlighted and clickable.
// The earth is drawn by earth.js from the catalog's grid (ctx.catalog: the
// hexes and corners with their labels); the seat's `ui` gives only what is on
// it. The display's sections, Migration numbers, Competition terrains and
// every card's text come from the catalog too (from the engine's data).
import { h, patch, cap, pieceColours } from '../dom.js';
import * as earth from './earth.js';
import { markTargets } from '../link.js';
import { cardById, cardChip, infoButton, openCard, tooltip, reconstructedTag } from '../cards.js';

const ANIMALS = ['mammals', 'reptiles', 'birds', 'amphibians', 'arachnids', 'insects'];
const ANIMAL_COLOR = {
  mammals: '#c0392b', reptiles: '#e1b12c', birds: '#2f6fb3',
  amphibians: '#e67e22', arachnids: '#7d3c98', insects: '#3c9a3c',
};
const ANIMAL_INK = { reptiles: '#3a2a00' };
const ELEMENTS = ['meat', 'sun', 'seed', 'water', 'grub', 'grass'];
const ELEMENT_COLOR = {
  meat: '#a93226', sun: '#f4c20d', seed: '#8d6e63', water: '#2e86de', grub: '#d98aa8', grass: '#58b368',
};
const ELEMENT_INK = { sun: '#5b4300', grub: '#4a1f33' };
const ELEMENT_GLYPH = { meat: 'M', sun: '☀', seed: 'S', water: 'W', grub: 'G', grass: 'ψ' };
const TERRAIN_COLOR = {
  sea: '#3d7ec4', wetland: '#5f9f8a', savannah: '#d9c35c', jungle: '#2e7d32',
  forest: '#55763a', desert: '#e8bd7e', mountain: '#8f8480', tundra: '#eaf3f7',
};
const TERRAIN_INK = { tundra: '#45606e', savannah: '#4d4214', desert: '#5a3e12' };

/** The earth as Dominant Species draws it (earth.js): hexes and corners named by position in keys. */
const LOOK = {
  size: 50,
  viewBox: '-310 -292 620 584',
  blank: { id: 'blank', fill: '#efe6cf', stroke: '#e2d6b8' },
  animals: ANIMALS,
  animalColor: ANIMAL_COLOR,
  animalInk: ANIMAL_INK,
  animalName: cap,
  elements: ELEMENTS,
  elementColor: ELEMENT_COLOR,
  elementInk: ELEMENT_INK,
  elementGlyph: ELEMENT_GLYPH,
  terrainColor: TERRAIN_COLOR,
  cubes: { perRow: 3, step: 22, rowStep: 22, side: 19, rx: 3.5, dy: 2, textDy: 4.5, inked: true, titled: false },
  disc: { r: 10.5, hit: 17, glyphDy: 4 },
  hexRef: (q, r) => `${q},${r}`,
  cornerRef: (c) => `${c.q},${c.r},${c.point}`,
  hexRefOf: (x) => `${x.q},${x.r}`,
  cornerRefOf: (c) => `${c.hex.q},${c.hex.r},${c.point}`,
};

/** The colour of a piece's owner (animal, element or terrain), for the marks of the last moves. */
export const markColor = earth.markColorOf(LOOK);

/** The prompt line: turn number and the engine's words for the decision. */
export function promptText(st) {
  const v = st.view;
  // The engine's words for the decision, as the terminal prints them.
  return `Turn ${v.turn}${v.ice_age ? ' (Ice Age: last turn)' : ''} · ${st.prompt || v.prompt}`;
}

/** The Dominance card a legal choice takes, for its "i" button in the choice lists. */
export function choiceCard(choice, st, catalog) {
  return choice && typeof choice === 'object' && 'Card' in choice ? cardById(catalog, choice.Card) : null;
}

/** The seat's animals ("reptiles, birds"), and their chips with VP beside the seat. */
export const { seatRole, seatInfo } = earth.seatHooks(LOOK);

/** Buttons in the prompt bar for choices not on the board (elements, counts, done/skip). */
export function promptButton(c, ctx) {
  const ch = c.choice;
  const label = c.text;
  if (ch && typeof ch === 'object' && 'Element' in ch) {
    const e = ch.Element;
    return h('button', { class: 'choice-btn element-btn', 'data-index': c.index, title: label, onclick: () => ctx.choose(ch) },
      elementBadge(e), h('span', {}, label));
  }
  if (ch && typeof ch === 'object' && 'Count' in ch) {
    return h('button', { class: 'choice-btn count-btn', 'data-index': c.index, onclick: () => ctx.choose(ch) }, label);
  }
  const cls = ch === 'Done' || ch === 'Skip' ? 'choice-btn ghost-strong' : 'choice-btn';
  return h('button', { class: cls, 'data-index': c.index, onclick: () => ctx.choose(ch) }, label);
}

const elementBadge = (e) => earth.elementBadge(LOOK, e);

/**
 * An area's elements as discs. With `pick` (the board's click handlers, while
 * a pick of an element type takes them from this area), each disc of a type
 * the seat may pick is a target.
 */
const elementDiscs = (counts, cls = '', pick = null) => earth.elementDiscs(LOOK, counts, cls, pick);

export function render(board, st, ctx) {
  const v = st.view;
  const local = ctx.local;
  const { hexes } = earth.grid(ctx.catalog);
  // A count of species (Speciation, Aquatic, Hibernation) goes to the tile the
  // engine names as its place, where the values make a picker.
  const map = earth.targets(LOOK, ctx.legal, local, 'Tile', (k, val, c) => {
    if (k === 'Count') {
      const at = c.place && hexes.find((x) => x.label === c.place.label);
      return at ? `hex:${LOOK.hexRef(at.q, at.r)}` : null;
    }
    if (k === 'Place') return `space:${val}`;
    if (k === 'Card') return `card:${val}`;
    if (k === 'Element' && v.elements_from) return `element:${val}`;
    return null;
  });
  for (const list of map.values()) for (const c of list) ctx.claimed.add(c.index);
  // Move choices are claimed by the board in both steps.
  for (const c of ctx.legal) if (earth.variant(c.choice)[0] === 'Move') ctx.claimed.add(c.index);
  const on = earth.clicker(map, ctx);
  const legalAttr = (key) => (map.has(key) ? { class: 'legal', 'data-key': key, onclick: on(key), tabindex: 0, role: 'button' } : {});

  patch(board, h('div', { class: 'ds' },
    h('div', { class: 'ds-top' },
      earthPanel(v, st, map, on, local, ctx.catalog),
      actionDisplay(v, legalAttr, on, ctx.catalog)),
    animalsPanel(v, st, on),
    cardsPanel(v, legalAttr, ctx.catalog)));
  markTargets(board, map);
}

/**
 * The earth from the catalog's grid, with what the seat's `ui` says is on
 * it: the board's hexes (Dominant Species leaves two of the grid's 37 off
 * its board: a hex the `ui` does not list is not drawn) with their terrain,
 * species and dominance, and the elements on corners.
 */
function earthPanel(v, st, map, on, local, catalog) {
  const ui = st.ui || { hexes: [], elements: [] };
  const { hexes, corners } = earth.grid(catalog);
  const at = new Map(ui.hexes.map((x) => [`${x.q},${x.r}`, x]));
  const places = [];
  hexes.forEach(({ q, r, label }, id) => {
    const x = at.get(`${q},${r}`);
    if (!x) return;
    const t = x.terrain;
    places.push({ id, q, r, label, tile: t ? {
      fill: TERRAIN_COLOR[t], title: `${label} ${t}`, text: t.toUpperCase(), ink: TERRAIN_INK[t] || '#f6f1e3', textDy: 0.45,
      inner: t === 'tundra' ? { k: 0.62, class: 'tundra-inner' } : null, species: x.species, dominant: x.dominant,
    } : null });
  });
  const cornerId = new Map(corners.map((c, id) => [`${c.q},${c.r},${c.point}`, id]));
  const elements = ui.elements.filter((e) => e.element && cornerId.has(`${e.q},${e.r},${e.point}`))
    .map((e) => [cornerId.get(`${e.q},${e.r},${e.point}`), e.element]);
  const decider = v.decider;
  const head = decider ? h('span', { class: 'chip', style: `--c:${ANIMAL_COLOR[decider]}` }, h('i', { class: 'dot' }), `${cap(decider)} deciding`) : null;
  return earth.earthPanel(LOOK, { places, corners, elements }, map, on, local, { head });
}

function ap(animal, key, legalAttr, extraLabel) {
  const a = legalAttr(key);
  const el = h('button', {
    class: `eye ${animal ? 'taken' : ''} ${a.class || ''}`,
    style: animal ? `--c:${ANIMAL_COLOR[animal]}` : null,
    'data-key': a['data-key'],
    disabled: a.onclick ? null : true,
    title: animal ? `${animal}` : 'empty eyeball space',
    onclick: a.onclick,
  }, extraLabel || '');
  return el;
}

function actionDisplay(v, legalAttr, on, catalog) {
  const present = new Set(v.animals.map((a) => a.animal));
  const sections = (catalog && catalog.sections) || [];
  const speciation = (catalog && catalog.speciation) || [];
  const migration = (catalog && catalog.migration) || [];
  const competition = (catalog && catalog.competition) || [];
  const rows = sections.map(({ name, first, spaces: n }) => {
    const spaces = [];
    if (name === 'Competition' && present.has('arachnids')) spaces.push(h('span', { class: 'eye free', style: `--c:${ANIMAL_COLOR.arachnids}`, title: 'arachnids: free competition on any tile' }, 'any'));
    for (let i = 0; i < n; i++) {
      const idx = first + i;
      let label = null;
      if (name === 'Speciation' && speciation[i]) label = h('span', { class: 'el tiny', style: pieceColours(ELEMENT_COLOR[speciation[i]], ELEMENT_INK[speciation[i]]) }, ELEMENT_GLYPH[speciation[i]]);
      else if (name === 'Migration' && migration[i] !== undefined) label = String(migration[i]);
      else if (name === 'Competition' && competition[i]) label = h('span', { class: 'terr-pair', title: `tundra, ${competition[i][0]} and ${competition[i][1]}` }, h('i', { style: `background:${TERRAIN_COLOR[competition[i][0]]}` }), h('i', { style: `background:${TERRAIN_COLOR[competition[i][1]]}` }));
      spaces.push(ap(v.spaces[idx], `space:${idx}`, legalAttr, label));
    }
    if (name === 'Regression' && present.has('reptiles')) spaces.push(h('span', { class: 'eye free', style: `--c:${ANIMAL_COLOR.reptiles}`, title: 'reptiles: free regression protection' }, '+'));
    if (name === 'Speciation' && present.has('insects')) spaces.push(h('span', { class: 'eye free', style: `--c:${ANIMAL_COLOR.insects}`, title: 'insects: a free species' }, '+1'));
    let area = null;
    if (name === 'Initiative') area = h('span', { class: 'initiative' }, v.initiative.map((a, i) => h('span', { class: 'chip small', style: `--c:${ANIMAL_COLOR[a]}` }, h('i', { class: 'dot' }), `${i + 1}`)));
    // A pick of an element type lights the elements where they lie.
    const from = (source) => (v.elements_from === source ? on : null);
    if (name === 'Adaptation') area = elementDiscs(v.adaptation, '', from('Adaptation'));
    if (name === 'Regression') area = elementDiscs(v.regression_box, 'box');
    if (name === 'Abundance') area = elementDiscs(v.abundance, '', from('Abundance'));
    if (name === 'Wasteland') area = elementDiscs(v.wasteland_box, 'box', from('Wasteland'));
    if (name === 'Depletion') area = elementDiscs(v.depletion_box, 'box');
    if (name === 'Glaciation') area = h('span', { class: 'muted small' }, `${v.tundra_left} tundra left`);
    if (name === 'Wanderlust') {
      area = h('span', { class: 'wander' }, elementDiscs(v.wanderlust, '', from('Wanderlust')),
        v.stacks.map((st, i) => {
          const a = legalAttr(`stack:${i}`);
          return h('button', { class: `stack ${a.class || ''}`, 'data-key': a['data-key'], disabled: a.onclick ? null : true, onclick: a.onclick, title: `stack ${i + 1}: ${st.size} tiles` },
            h('i', { class: 'stack-hex', style: `background:${st.top ? TERRAIN_COLOR[st.top] : '#6d5a43'}` }), h('small', {}, st.size));
        }));
    }
    return h('div', { class: `ad-row ad-${name.toLowerCase()}` }, h('span', { class: 'ad-name' }, name), h('span', { class: 'ad-spaces' }, spaces), area ? h('span', { class: 'ad-area' }, area) : null);
  });
  return h('section', { class: 'panel action-display' }, h('div', { class: 'panel-head' }, h('h3', {}, 'Action display'), h('span', { class: 'muted small' }, `Turn ${v.turn}`)), rows);
}

function animalsPanel(v, st, on) {
  const cards = v.animals.map((a) => {
    const seatName = (st.seats[a.seat] && st.seats[a.seat].name) || `Seat ${a.seat + 1}`;
    const deciding = v.decider === a.animal;
    const cyl = (n, cls) => Array.from({ length: Math.min(n, 12) }, () => h('i', { class: `cyl ${cls}` }));
    return h('div', { class: `animal ${deciding ? 'deciding' : ''} ${st.seat === a.seat ? 'mine' : ''}`, style: pieceColours(ANIMAL_COLOR[a.animal], ANIMAL_INK[a.animal]), 'data-animal': a.animal },
      h('div', { class: 'animal-head' }, h('span', { class: 'animal-name' }, cap(a.animal)), h('span', { class: 'vp', 'data-vp': a.vp }, `${a.vp} VP`)),
      h('div', { class: 'animal-seat muted small' }, seatName, st.seat === a.seat ? ' (you)' : ''),
      h('div', { class: 'animal-els' }, elementDiscs(a.elements, '', v.elements_from === 'Display' && v.decider === a.animal ? on : null)),
      h('div', { class: 'animal-stats' },
        h('span', { title: 'action pawns in supply' }, h('b', {}, 'APs '), cyl(a.supply, ''), a.on_display ? h('small', {}, ` +${a.on_display} placed`) : null),
        h('span', {}, h('b', {}, 'Gene pool '), a.gene_pool),
        h('span', {}, h('b', {}, 'On earth '), a.on_earth),
        h('span', {}, h('b', {}, 'Dominates '), a.dominated),
        a.eliminated ? h('span', {}, h('b', {}, 'Eliminated '), a.eliminated) : null));
  });
  return h('section', { class: 'panel animals' }, h('div', { class: 'panel-head' }, h('h3', {}, 'Animals')), h('div', { class: 'animal-grid' }, cards));
}

function cardsPanel(v, legalAttr, catalog) {
  const slots = v.available.map((c, i) => {
    if (!c) return h('div', { class: 'card empty' }, h('span', { class: 'muted small' }, `slot ${i + 1}`));
    const a = legalAttr(`card:${c}`);
    const card = cardById(catalog, c);
    const face = [h('span', { class: 'card-name' }, card ? card.name : c), card ? h('span', { class: 'card-text' }, card.text) : null, reconstructedTag(card)];
    // A card to take is chosen with one click (its "i" button reads it); any other opens the large view.
    if (a.onclick) {
      return h('div', { class: 'card-slot' },
        h('button', { class: `card ${a.class}`, 'data-key': a['data-key'], 'data-card': c, title: card ? tooltip(card) : null, onclick: a.onclick }, face),
        infoButton(card));
    }
    return h('button', { type: 'button', class: 'card', 'data-card': c, title: card ? tooltip(card) : null, onclick: card ? () => openCard(card) : null, disabled: card ? null : true }, face);
  });
  const survival = cardById(catalog, 'Survival');
  const bag = h('span', { class: 'bag' }, h('b', {}, 'Bag '), ELEMENTS.map((e, i) => h('span', { class: 'bag-item' }, elementBadge(e), v.bag[i])));
  return h('section', { class: 'panel cards-panel' },
    h('div', { class: 'panel-head' }, h('h3', {}, 'Dominance cards'),
      h('span', { class: 'muted small' }, `${v.deck_size} in the deck · ${v.played.length} played`),
      h('span', { class: 'survival' }, survival ? cardChip(survival, 'small') : 'Survival', ': ', v.survival ? h('span', { class: 'chip small', style: `--c:${ANIMAL_COLOR[v.survival]}` }, h('i', { class: 'dot' }), cap(v.survival)) : 'nobody'),
      v.ice_age ? h('span', { class: 'badge hot' }, 'Ice Age — last turn') : null),
    h('div', { class: 'card-row' }, slots), bag);
}
