// Dominant Species: Marine: the hex earth (tiles, Vents, elements on corners,
// species), the action display, every animal's display (elements, pawns,
// traits) and the evolution-card row. Drawn only from the seat's view; the
// earth is drawn by earth.js from the catalog's grid (ctx.catalog: the hexes
// and corners in the engine's id order, with their labels).
// Legal choices are highlighted and clickable; the side list stays complete.
// The display's sections and spaces and every card's text come from the
// game's catalog too (from the engine's data).
import { h, s, patch, possessive, pieceColours } from '../dom.js';
import { withTextFallback } from './contract.js';
import * as earth from './earth.js';
import { markTargets } from '../link.js';
import { cardById, cardChip, cardTarget, infoButton, openCard, tooltip, reconstructedTag } from '../cards.js';

const ANIMALS = ['Reptiles', 'Cephalopods', 'Fishes', 'Crustaceans'];
const ANIMAL_COLOR = { Reptiles: '#2e8b57', Cephalopods: '#8e44ad', Fishes: '#e67e22', Crustaceans: '#c0392b' };
const ELEMENTS = ['Algae', 'Worms', 'Plankton', 'Sponges', 'Gastropods', 'Sun'];
const ELEMENT_COLOR = { Algae: '#3c9a3c', Worms: '#d98aa8', Plankton: '#7fd3d6', Sponges: '#e1b12c', Gastropods: '#8d6e63', Sun: '#f4d03f' };
const ELEMENT_INK = { Plankton: '#0d3b3d', Sponges: '#3a2a00', Sun: '#5b4300', Worms: '#4a1f33' };
const ELEMENT_GLYPH = { Algae: 'A', Worms: 'W', Plankton: 'P', Sponges: 'S', Gastropods: 'G', Sun: '☀' };
const TERRAIN_COLOR = {
  Vent: '#5d4037', Ocean: '#1f5f9e', Sand: '#e3cf95', Seagrass: '#7cb342', Seamount: '#7d8b99',
  Reef: '#f08a7a', Kelp: '#2e6b3a', Land: '#b08d57',
};
const TERRAIN_INK = { Sand: '#5a4a12', Reef: '#5a1d14', Seagrass: '#1f3a0c' };
const CIRCLES = { abundance: 0, adaptation: 1, speciation: 2, wanderlust: 3 };
const BOXES = { autotrophs: 0, depletion: 1, regression: 2 };


/** The earth as Marine draws it (earth.js): hexes and corners named by id in keys. */
const LOOK = {
  size: 40,
  viewBox: '-250 -270 500 540',
  blank: { id: 'm-blank', fill: '#d8e6ee', stroke: '#c4d6e1' },
  animals: ANIMALS,
  animalColor: ANIMAL_COLOR,
  elements: ELEMENTS,
  elementColor: ELEMENT_COLOR,
  elementInk: ELEMENT_INK,
  elementGlyph: ELEMENT_GLYPH,
  terrainColor: TERRAIN_COLOR,
  cubes: { perRow: 2, step: 20, rowStep: 19, side: 17, rx: 3, dy: -2, textDy: 4.2, inked: false, titled: true },
  disc: { r: 9, hit: 16, glyphDy: 3.8 },
  hexRef: (q, r, id) => String(id),
  cornerRef: (c, id) => String(id),
  hexRefOf: (id) => String(id),
  cornerRefOf: (id) => String(id),
};

const { variant } = earth;
const pawnName = (p) => (p ? ('Basic' in p ? p.Basic : `${p.Special} pawn`) : '');

/** The colour of a piece's owner (animal, element or terrain), for the marks of the last moves. */
export const markColor = earth.markColorOf(LOOK);

export function promptText(st) {
  const v = st.view;
  const who = v.deciding ? `${v.deciding} · ` : '';
  // The engine's words for the decision, as the terminal prints them.
  return `${v.last_round ? 'Last round · ' : ''}${st.prompt || `${who}${v.asking}`}`;
}

function animalsOf(v, seat) { return v.animals.filter((a) => a.seat === seat); }

/**
 * Whose move it is, over the Earth: "Fishes’ turn" while the seat to move
 * plays the animal whose turn it is; else that seat's animal "deciding" (a
 * seat answering out of turn order: the trait draft, where the turn's
 * animal stays the last one to play while every seat keeps a trait).
 */
function turnChip(st) {
  const v = st.view;
  const mover = st.to_move === null ? [] : animalsOf(v, st.to_move).map((a) => a.animal);
  const inTurn = !mover.length || mover.includes(v.current);
  const animal = inTurn ? v.current : mover[0];
  return h('span', { class: 'chip turn-chip', style: `--c:${ANIMAL_COLOR[animal]}` }, h('i', { class: 'dot' }),
    inTurn ? `${possessive(animal)} turn` : `${animal} deciding`);
}

/** The trait card a legal choice names (the secret draft, a new trait), for its "i" button. */
export function choiceCard(choice, st, catalog) {
  const [k, val] = variant(choice);
  return k === 'Trait' ? cardById(catalog, val) : null;
}

/** The seat's animals ("Fishes"), and their chips with VP beside the seat. */
export const { seatRole, seatInfo } = earth.seatHooks(LOOK);

const elBadge = (e, cls = '') => earth.elementBadge(LOOK, e, cls);

export function promptButton(c, ctx) {
  const [k, val] = variant(c.choice);
  if (k === 'Element' || k === 'Pawn') {
    return h('button', { class: 'choice-btn element-btn', 'data-index': c.index, title: c.text, onclick: () => ctx.choose(c.choice) }, elBadge(val), h('span', {}, c.text));
  }
  const cls = ['Done', 'Forfeit', 'Retrieve'].includes(c.choice) ? 'choice-btn ghost-strong' : 'choice-btn';
  return h('button', { class: cls, 'data-index': c.index, onclick: () => ctx.choose(c.choice) }, c.text);
}

export const render = withTextFallback(draw);

function draw(board, st, ctx) {
  const v = st.view;
  const local = ctx.local;
  const places = earth.grid(ctx.catalog);
  // An animal chosen on one tile (which species to eliminate or keep there)
  // goes to the tile the engine names as its place, where the animals make a
  // picker.
  const map = earth.targets(LOOK, ctx.legal, local, 'Hex', (k, val, c) => {
    if (k === 'Animal') {
      const id = c.place ? places.hexes.findIndex((x) => x.label === c.place.label) : -1;
      return id >= 0 ? `hex:${id}` : null;
    }
    if (k === 'Place') return `space:${val.space}`;
    if (k === 'Slot') return `slot:${val}`;
    if (k === 'Trait') return `trait:${val}`;
    // A circle of the row the view names; Regression's cube on its first empty square.
    if (k === 'Circle' && v.circles_of) return `circle:${v.circles_of.toLowerCase()}:${val}`;
    if (k === 'Perform' && v.regression_cube) return 'cube:regression';
    if (k === 'MoveOf') return `hex:${val.to}`;
    return null;
  });
  // A card to choose stays a button too, with its "i" to read it first.
  for (const [key, list] of map) if (!key.startsWith('trait:')) for (const c of list) ctx.claimed.add(c.index);
  for (const c of ctx.legal) if (variant(c.choice)[0] === 'Move') ctx.claimed.add(c.index);
  const legal = earth.clicker(map, ctx);
  patch(board, h('div', { class: 'ds marine' },
    h('div', { class: 'ds-top' }, earthPanel(v, places, map, legal, local, st), actionDisplay(v, legal, ctx.catalog)),
    animalsPanel(v, st, ctx.catalog, legal),
    cardsPanel(v, legal, ctx.catalog),
    st.ui && typeof st.ui.text === 'string'
      ? h('details', { class: 'panel small' }, h('summary', {}, 'Text view'), h('pre', { class: 'view-text' }, st.ui.text)) : null));
  markTargets(board, map);
}

/** The earth: the view's tiles (by hex id) with their Vents and species, and the elements on corners. */
function earthPanel(v, { hexes, corners }, map, legal, local, st) {
  const byHex = new Map(v.tiles.map((t) => [t.hex, t]));
  const places = hexes.map(({ q, r, label }, id) => {
    const t = byHex.get(id);
    if (!t) return { id, q, r, label, tile: null };
    const { base, vent } = t.tile;
    return { id, q, r, label, tile: {
      fill: TERRAIN_COLOR[base],
      title: `${label} ${base.toLowerCase()}${vent ? ` with a ${vent.toLowerCase()} vent` : ''}`,
      text: vent ? vent.toUpperCase() : base.toUpperCase(),
      ink: vent ? '#ffd9b3' : (TERRAIN_INK[base] || '#f6f1e3'),
      textDy: 0.5,
      inner: vent ? { k: 0.72, class: 'm-vent', fill: vent === 'Geyser' ? '#8d4b2b' : '#33302e' } : null,
      species: t.species,
      dominant: null,
    } };
  });
  const extra = [s('text', { x: -190, y: -246, class: 'm-compass' }, '▲ LAND'), s('text', { x: -190, y: 258, class: 'm-compass' }, '▼ OCEAN')];
  const head = [st.over ? null : turnChip(st), local.from !== undefined ? h('span', { class: 'badge hot' }, 'pick where to move') : null];
  return earth.earthPanel(LOOK, { places, corners, elements: v.elements }, map, legal, local, { head, extra, panelClass: 'm-earth' });
}

function pawnBtn(p, key, legal, label, special, words) {
  const on = legal(key);
  const color = p ? ('Basic' in p ? ANIMAL_COLOR[p.Basic] : '#f4f1ea') : null;
  return h('button', {
    class: `eye ${p ? 'taken' : ''} ${on ? 'legal' : ''} ${special ? 'm-special' : ''} ${p && 'Special' in p ? 'm-white' : ''}`,
    style: color ? `--c:${color}` : null,
    'data-key': on ? key : null,
    disabled: on ? null : true,
    title: p ? pawnName(p) : `${special ? 'special pawns only' : 'empty space'}${words ? `: ${words}` : ''}`,
    onclick: on,
  }, p && 'Special' in p ? elBadge(p.Special, 'tiny') : (label || ''));
}

/** A row's element circles; with `legal`, a circle a choice takes from is a target (`circle:ROW:N`). */
function circles(list, row = null, legal = null) {
  return h('span', { class: 'discs' }, (list || []).map((e, i) => {
    const disc = e ? elBadge(e) : h('span', { class: 'el m-empty' }, '·');
    const key = `circle:${row}:${i}`;
    const on = legal && row ? legal(key) : null;
    return on ? h('button', { class: 'el-pick legal', 'data-key': key, onclick: on, title: `circle ${i + 1}` }, disc) : disc;
  }));
}

const boxDiscs = (counts) => earth.elementDiscs(LOOK, counts, 'box');

function terrainSq(t) {
  return h('i', { class: 'm-sq', style: `background:${t ? TERRAIN_COLOR[t] : 'transparent'}`, title: t ? t.toLowerCase() : 'empty' });
}

function actionDisplay(v, legal, catalog) {
  const rows = ((catalog && catalog.sections) || []).map(({ action: name, name: title, spaces: places }) => {
    const spaces = places.map((sp) => pawnBtn(v.spaces[sp.index], `space:${sp.index}`, legal, sp.label, sp.special, sp.title));
    const area = [];
    if (name in CIRCLES) area.push(circles(v.circles[CIRCLES[name]], name, legal));
    if (name in BOXES) area.push(boxDiscs(v.boxes[BOXES[name]]));
    if (name === 'regression') {
      // The first empty square takes the cube when the seat places one.
      const first = v.squares.findIndex((a) => !a);
      const cube = legal('cube:regression');
      area.push(h('span', { class: 'm-squares' }, v.squares.map((a, i) => (i === first && cube
        ? h('button', { class: 'el-pick legal m-cube-target', 'data-key': 'cube:regression', onclick: cube, title: 'put a Gene Pool cube here' }, h('i', { class: 'm-sq', title: 'empty' }))
        : h('i', { class: 'm-sq', style: `background:${a ? ANIMAL_COLOR[a] : 'transparent'}`, title: a || 'empty' })))));
    }
    if (name === 'competition') area.push(h('span', { class: 'm-squares' }, v.competition.map(terrainSq)));
    if (name === 'evolution') area.push(h('span', { class: 'm-squares' }, v.evolution.map(terrainSq)));
    if (name === 'wanderlust') {
      area.push(h('span', { class: 'wander' }, v.stacks.map(([top, size], i) => {
        const on = legal(`stack:${i}`);
        return h('button', { class: `stack ${on ? 'legal' : ''}`, 'data-key': on ? `stack:${i}` : null, disabled: on ? null : true, onclick: on, title: `stack ${i + 1}: ${size} tiles` },
          h('i', { class: 'stack-hex', style: `background:${top ? TERRAIN_COLOR[top] : '#6d5a43'}` }), h('small', {}, size));
      })));
    }
    if (name === 'tectonics') area.push(h('span', { class: 'muted small' }, `${v.vents_left} Vents left`));
    return h('div', { class: `ad-row ad-${name}` }, h('span', { class: 'ad-name' }, title), h('span', { class: 'ad-spaces' }, spaces), area.length ? h('span', { class: 'ad-area' }, area) : null);
  });
  // Bottom Feeder's personal spaces (63 + animal index), if any is in use or legal.
  const personal = ANIMALS.map((a, i) => [a, 63 + i]).filter(([a, idx]) => v.personal[ANIMALS.indexOf(a)] || legal(`space:${idx}`));
  if (personal.length) {
    rows.unshift(h('div', { class: 'ad-row' }, h('span', { class: 'ad-name' }, 'Personal'),
      h('span', { class: 'ad-spaces' }, personal.map(([a, idx]) => pawnBtn(v.personal[ANIMALS.indexOf(a)], `space:${idx}`, legal, a[0]))), null));
  }
  const special = h('div', { class: 'm-specials' }, ELEMENTS.map((e, i) => {
    const ctrl = v.controllers[i];
    return h('span', { class: 'm-special-pawn', title: `${e.toLowerCase()} special pawn: ${ctrl ? `controlled by ${ctrl}` : 'uncontrolled'}; target ${v.targets[i]}` },
      elBadge(e), ctrl ? h('i', { class: 'dot', style: `background:${ANIMAL_COLOR[ctrl]}` }) : null, h('small', {}, `→${v.targets[i]}`));
  }));
  return h('section', { class: 'panel action-display m-display' },
    h('div', { class: 'panel-head' }, h('h3', {}, 'Action display'), h('span', { class: 'muted small' }, `reseeds ${v.reseeds}`)),
    rows, h('div', { class: 'm-special-row' }, h('span', { class: 'ad-name' }, 'Special pawns'), special));
}

function animalsPanel(v, st, catalog, legal) {
  const cards = v.animals.map((a) => {
    const seatName = (st.seats[a.seat] && st.seats[a.seat].name) || `Seat ${a.seat + 1}`;
    const printed = [];
    a.printed.forEach((n, i) => { for (let k = 0; k < n; k++) printed.push(elBadge(ELEMENTS[i], 'm-printed')); });
    const disks = a.disks.map((d) => (d ? elBadge(d) : h('span', { class: 'el m-empty', title: 'empty space' }, '')));
    const pawns = Array.from({ length: a.basic_total }, (_, i) => h('i', { class: `cyl ${i < a.basic_avail ? '' : 'm-used'}` }));
    // A trait the seat may keep, copy or replace is a target on its chip.
    const traitList = (list, cls) => list.map((t) => {
      const card = cardById(catalog, t);
      return card ? cardTarget(card, `m-trait ${cls}`, `trait:${t}`, legal) : h('span', { class: `m-trait ${cls}` }, t.replace(/([a-z])([A-Z])/g, '$1 $2'));
    });
    return h('div', { class: `animal ${v.deciding === a.animal ? 'deciding' : ''} ${st.seat === a.seat ? 'mine' : ''}`, style: pieceColours(ANIMAL_COLOR[a.animal]), 'data-animal': a.animal },
      h('div', { class: 'animal-head' }, h('span', { class: 'animal-name' }, a.animal), h('span', { class: 'vp', 'data-vp': a.vp }, `${a.vp} VP`)),
      h('div', { class: 'animal-seat muted small' }, seatName, st.seat === a.seat ? ' (you)' : '', v.survival === a.animal ? ' · Survival card' : ''),
      h('div', { class: 'animal-els' }, h('span', { class: 'discs' }, printed, disks)),
      h('div', { class: 'animal-stats' },
        h('span', { title: 'basic pawns in front of the animal / owned' }, h('b', {}, 'Pawns '), pawns),
        h('span', {}, h('b', {}, 'Gene pool '), a.pool),
        h('span', {}, h('b', {}, 'Eliminated '), a.eliminated),
        a.retrieved ? h('span', { class: 'small' }, 'food chain ✓') : null),
      h('div', { class: 'm-traits' },
        a.traits ? traitList(a.traits, '') : h('span', { class: 'muted small' }, 'traits hidden'),
        a.copied ? traitList([a.copied], 'copied') : null,
        a.offer ? [h('span', { class: 'muted small' }, 'offer:'), traitList(a.offer, 'offer')] : null,
        a.hand ? [h('span', { class: 'muted small' }, 'hand:'), traitList(a.hand, 'offer')] : null));
  });
  return h('section', { class: 'panel animals' }, h('div', { class: 'panel-head' }, h('h3', {}, 'Animals')), h('div', { class: 'animal-grid' }, cards));
}

function cardsPanel(v, legal, catalog) {
  const slots = v.row.map((c, i) => {
    const slot = i + 1;
    const on = legal(`slot:${slot}`);
    const card = c ? cardById(catalog, c) : null;
    const name = card ? card.name : c ? String(c).replace(/([a-z])([A-Z])/g, '$1 $2') : null;
    const face = [h('span', { class: 'muted small' }, `slot ${slot}`),
      name ? h('span', { class: 'card-name' }, name) : h('span', { class: 'muted small' }, 'empty'),
      card ? h('span', { class: 'card-text' }, card.text) : null, reconstructedTag(card)];
    const title = card ? tooltip(card) : null;
    // A card to take is chosen with one click (its "i" button reads it); any other opens the large view.
    if (on) {
      return h('div', { class: 'card-slot' },
        h('button', { class: `card ${c ? '' : 'empty'} legal`, 'data-key': `slot:${slot}`, 'data-card': c || null, title, onclick: on }, face),
        infoButton(card));
    }
    return h('button', { type: 'button', class: `card ${c ? '' : 'empty'}`, 'data-card': c || null, title, disabled: card ? null : true, onclick: card ? () => openCard(card) : null }, face);
  });
  const topId = v.discard.length ? v.discard[v.discard.length - 1] : null;
  const topCard = cardById(catalog, topId);
  const top = topCard ? topCard.name : topId;
  const survival = cardById(catalog, 'Survival');
  return h('section', { class: 'panel cards-panel' },
    h('div', { class: 'panel-head' }, h('h3', {}, 'Evolution cards'),
      h('span', { class: 'muted small' }, `${v.deck_len} in the deck · ${v.discard.length} discarded`, top ? ' (top: ' : '', topCard ? cardChip(topCard, 'small') : top, top ? ')' : ''),
      h('span', { class: 'survival' }, survival ? cardChip(survival, 'small') : 'Survival', ': ', v.survival ? h('span', { class: 'chip small', style: `--c:${ANIMAL_COLOR[v.survival]}` }, h('i', { class: 'dot' }), v.survival) : 'nobody'),
      v.last_round ? h('span', { class: 'badge hot' }, 'Last round') : null),
    h('div', { class: 'card-row' }, slots),
    h('div', { class: 'bag' }, h('span', {}, h('b', {}, 'Element bag '), v.bag_len), h('span', {}, h('b', {}, 'Marker bag '), v.marker_bag_len), h('span', {}, h('b', {}, 'Vents left '), v.vents_left)));
}
