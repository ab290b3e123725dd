// Dominant Species: Marine: the hex earth (tiles, Vents, elements on corners,
// species), the action display, every animal's display (elements, pawns,
// traits) and the evolution-card row. Drawn only from the seat's view; the
// hexes and corners, in the engine's id order and with their labels, come
// from the server's `ui` (the engine's grid).
// Legal choices are highlighted and clickable; the side list stays complete.
// The display's sections and spaces and every card's text come from the
// game's catalog (ctx.catalog, from the engine's data).
import { h, s, listen, patch, cap, possessive, pieceColours } from '../dom.js';
import * as generic from './generic.js';
import { edgeLabels } from './earth-labels.js';
import { markTargets, firstPlaceIn } from '../link.js';
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

const SIZE = 40;
const SQ3 = Math.sqrt(3);
const centre = (q, r) => [1.5 * SIZE * q, SQ3 * SIZE * (r + q / 2)];
const hexPoints = (x, y, k = SIZE) => Array.from({ length: 6 }, (_, i) => {
  const a = (Math.PI / 3) * i;
  return `${(x + k * Math.cos(a)).toFixed(1)},${(y + k * Math.sin(a)).toFixed(1)}`;
}).join(' ');

/**
 * The grid as the engine builds it, from the engine's labels in the game's
 * catalog (fetched once per page, never with every move): hexes in id order
 * ({q, r, label}) and corners in id order ({q, r, point, label}).
 */
const grid = (catalog) => ({
  hexes: (catalog && catalog.labels) || [],
  corners: (catalog && catalog.corner_labels) || [],
});
const cornerXY = (corners, id) => {
  const c = corners[id];
  if (!c) return null;
  const [x, y] = centre(c.q, c.r);
  return c.point === 'E' ? [x + SIZE, y] : [x - SIZE, y];
};

const variant = (ch) => (ch && typeof ch === 'object' ? Object.entries(ch)[0] : [ch, null]);
const pawnName = (p) => (p ? ('Basic' in p ? p.Basic : `${p.Special} pawn`) : '');

/** The colour of a piece's owner (animal, element or terrain), for the marks of the last moves. */
export const markColor = (owner) => ANIMAL_COLOR[owner] || ELEMENT_COLOR[owner] || TERRAIN_COLOR[owner.split(' ')[0]];

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

export function seatRole(st, seat) { return animalsOf(st.view, seat).map((a) => a.animal).join(', '); }

export function seatInfo(st, seat) {
  return h('span', { class: 'seat-animals' }, animalsOf(st.view, seat).map((a) => h('span', { class: 'chip', style: `--c:${ANIMAL_COLOR[a.animal]}` },
    h('i', { class: 'dot' }), `${a.animal} `, h('b', {}, `${a.vp} VP`))));
}

function elBadge(e, cls = '') {
  return h('span', { class: `el ${cls}`, style: pieceColours(ELEMENT_COLOR[e], ELEMENT_INK[e]), title: e.toLowerCase() }, ELEMENT_GLYPH[e]);
}

export function promptButton(c, ctx) {
  const [k, val] = variant(c.choice);
  if (k === 'Element' || k === 'Pawn') {
    return h('button', { class: 'choice-btn element-btn', 'data-index': c.index, title: c.text, onclick: () => ctx.choose(c.choice) }, elBadge(val), h('span', {}, c.text));
  }
  const cls = ['Done', 'Forfeit', 'Retrieve'].includes(c.choice) ? 'choice-btn ghost-strong' : 'choice-btn';
  return h('button', { class: cls, 'data-index': c.index, onclick: () => ctx.choose(c.choice) }, c.text);
}

/**
 * Maps board keys to the legal choices behind them. An animal chosen on one
 * tile (which species to eliminate or keep there) goes to the tile its text
 * names, where the animals make a picker.
 */
function targets(legal, local, hexes, view) {
  const map = new Map();
  const add = (k, c) => { if (!map.has(k)) map.set(k, []); map.get(k).push(c); };
  for (const c of legal) {
    const [k, v] = variant(c.choice);
    if (k === 'Animal') {
      const at = firstPlaceIn(c.text);
      const id = at ? hexes.findIndex((x) => x.label === at) : -1;
      if (id >= 0) add(`hex:${id}`, c);
    }
    if (k === 'Hex') add(`hex:${v}`, c);
    else if (k === 'Corner') add(`corner:${v}`, c);
    else if (k === 'Place') add(`space:${v.space}`, c);
    else if (k === 'Stack') add(`stack:${v}`, c);
    else if (k === 'Slot') add(`slot:${v}`, c);
    else if (k === 'Trait') add(`trait:${v}`, c);
    // A circle of the row the view names; Regression's cube on its first empty square.
    else if (k === 'Circle' && view.circles_of) add(`circle:${view.circles_of.toLowerCase()}:${v}`, c);
    else if (k === 'Perform' && view.regression_cube) add('cube:regression', c);
    else if (k === 'Species') add(`hex:${v.hex}`, c);
    else if (k === 'MoveOf') add(`hex:${v.to}`, c);
    else if (k === 'Move') {
      if (local.from === undefined) add(`from:${v.from}`, c);
      else if (local.from === v.from) add(`hex:${v.to}`, c);
    }
  }
  return map;
}

export const render = generic.withTextFallback(draw);

function draw(board, st, ctx) {
  const v = st.view;
  const local = ctx.local;
  const map = targets(ctx.legal, local, grid(ctx.catalog).hexes, v);
  // A card to choose stays a button too, with its "i" to read it first.
  for (const [key, list] of map) if (!key.startsWith('trait:')) for (const c of list) ctx.claimed.add(c.index);
  for (const c of ctx.legal) if (variant(c.choice)[0] === 'Move') ctx.claimed.add(c.index);
  const legal = (key) => {
    const list = map.get(key);
    if (!list) return null;
    return (ev) => {
      ev.stopPropagation();
      if (key.startsWith('from:')) { local.from = Number(key.slice(5)); ctx.redraw(); return; }
      ctx.offer(list, ev.currentTarget);
    };
  };
  patch(board, h('div', { class: 'ds marine' },
    h('div', { class: 'ds-top' }, earth(v, grid(ctx.catalog), map, legal, local, st), actionDisplay(v, legal, ctx.catalog)),
    animalsPanel(v, st, ctx.catalog, legal),
    cardsPanel(v, legal, ctx.catalog),
    st.ui && typeof st.ui.text === 'string'
      ? h('details', { class: 'panel small' }, h('summary', {}, 'Text view'), h('pre', { class: 'view-text' }, st.ui.text)) : null));
  markTargets(board, map);
}

function earth(v, places, map, legal, local, st) {
  const byHex = new Map(v.tiles.map((t) => [t.hex, t]));
  const tiles = s('g', { class: 'tiles' });
  const marks = s('g', { class: 'marks' });
  places.hexes.forEach(({ q, r, label }, id) => {
    const [x, y] = centre(q, r);
    const t = byHex.get(id);
    const key = `hex:${id}`;
    const fromKey = `from:${id}`;
    const on = legal(key) || legal(fromKey);
    const g = s('g', { class: `hex ${t ? 'tile' : 'blank'} ${on ? 'legal' : ''} ${local.from === id ? 'selected' : ''}`, 'data-hex': id, 'data-place': label, 'data-key': on ? (map.has(key) ? key : fromKey) : null, tabindex: on ? 0 : null, role: on ? 'button' : null });
    if (on) listen(g, 'click', on);
    g.append(s('polygon', { points: hexPoints(x, y), fill: t ? TERRAIN_COLOR[t.tile.base] : 'url(#m-blank)', class: 'hex-shape' },
      s('title', {}, t ? `${label} ${t.tile.base.toLowerCase()}${t.tile.vent ? ` with a ${t.tile.vent.toLowerCase()} vent` : ''}` : `${label} (no tile)`)));
    if (t) {
      const vent = t.tile.vent;
      if (vent) {
        g.append(s('polygon', { points: hexPoints(x, y, SIZE * 0.72), class: 'm-vent', fill: vent === 'Geyser' ? '#8d4b2b' : '#33302e' }));
      }
      const base = vent ? `${vent.toUpperCase()}` : t.tile.base.toUpperCase();
      g.append(s('text', { x, y: y - SIZE * 0.5, class: 'terrain-label', fill: vent ? '#ffd9b3' : (TERRAIN_INK[t.tile.base] || '#f6f1e3') }, base));
      const present = ANIMALS.map((a, i) => [a, t.species[i]]).filter(([, n]) => n > 0);
      present.forEach(([a, n], i) => {
        const cols = Math.min(2, present.length);
        const row = Math.floor(i / 2);
        const col = i % 2;
        const inRow = row === Math.floor((present.length - 1) / 2) ? present.length - row * 2 : cols;
        const cx = x + (col - (inRow - 1) / 2) * 20;
        const cy = y - 2 + row * 19;
        g.append(s('rect', { x: cx - 8.5, y: cy - 8.5, width: 17, height: 17, rx: 3, fill: ANIMAL_COLOR[a], class: 'cube' }, s('title', {}, `${n} ${a}`)),
          s('text', { x: cx, y: cy + 4.2, class: 'cube-n', fill: '#fff' }, n));
      });
    }
    tiles.append(g);
  });
  const placed = new Set();
  for (const [cid, el] of v.elements) {
    const p = cornerXY(places.corners, cid);
    if (!p) continue;
    const key = `corner:${cid}`;
    placed.add(key);
    const on = legal(key);
    const g = s('g', { class: `element ${on ? 'legal' : ''}`, 'data-key': on ? key : null, 'data-corner': cid, 'data-place': places.corners[cid].label });
    if (on) listen(g, 'click', on);
    if (on) g.append(s('circle', { cx: p[0], cy: p[1], r: 16, class: 'hit' }));
    g.append(s('circle', { cx: p[0], cy: p[1], r: 9, fill: ELEMENT_COLOR[el], class: 'disc' }, s('title', {}, `${el.toLowerCase()} at ${places.corners[cid].label}`)),
      s('text', { x: p[0], y: p[1] + 3.8, class: 'disc-glyph', fill: ELEMENT_INK[el] || '#fff' }, ELEMENT_GLYPH[el]));
    marks.append(g);
  }
  for (const key of map.keys()) {
    if (!key.startsWith('corner:') || placed.has(key)) continue;
    const p = cornerXY(places.corners, Number(key.slice(7)));
    if (!p) continue;
    const g = s('g', { class: 'element vacant legal', 'data-key': key, 'data-place': places.corners[Number(key.slice(7))].label });
    listen(g, 'click', legal(key));
    g.append(s('circle', { cx: p[0], cy: p[1], r: 16, class: 'hit' }), s('circle', { cx: p[0], cy: p[1], r: 9, class: 'disc-vacant' }, s('title', {}, places.corners[Number(key.slice(7))].label)));
    marks.append(g);
  }
  const svg = s('svg', { viewBox: '-250 -270 500 540', class: 'earth', role: 'group', 'aria-label': 'Earth' },
    s('defs', {},
      s('pattern', { id: 'm-blank', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        s('rect', { width: 8, height: 8, fill: '#d8e6ee' }), s('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: '#c4d6e1', 'stroke-width': 3 }))),
    s('text', { x: -190, y: -246, class: 'm-compass' }, '▲ LAND'), s('text', { x: -190, y: 258, class: 'm-compass' }, '▼ OCEAN'),
    edgeLabels(places.hexes, centre, SIZE), tiles, marks);
  const head = h('div', { class: 'panel-head' }, h('h3', {}, 'Earth'),
    st.over ? null : turnChip(st),
    local.from !== undefined ? h('span', { class: 'badge hot' }, 'pick where to move') : null);
  return h('section', { class: 'panel earth-panel m-earth' }, head, h('div', { class: 'pan', 'data-pan': 'earth', tabindex: 0, role: 'region', 'aria-label': 'The earth (scrolls sideways)' }, svg));
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

function boxDiscs(counts) {
  const out = [];
  counts.forEach((n, i) => { for (let k = 0; k < n; k++) out.push(elBadge(ELEMENTS[i])); });
  return h('span', { class: 'discs box' }, out.length ? out : h('span', { class: 'empty' }, '—'));
}

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
