// Dominant Species: the hex earth (tiles, elements on corners, species, dominance),
// the action display with its eyeball spaces, every animal's display, the
// Dominance cards and the score. Legal choices are highlighted and clickable.
// The display's sections, Migration numbers, Competition terrains and every
// card's text come from the game's catalog (ctx.catalog, from the engine's data).
import { h, s, listen, patch, cap, pieceColours } from '../dom.js';
import { edgeLabels, cornerLabel } from './earth-labels.js';
import { markTargets, firstPlaceIn } from '../link.js';
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
const SIZE = 50; // hex radius in SVG units
const SQ3 = Math.sqrt(3);
const centre = (q, r) => [1.5 * SIZE * q, SQ3 * SIZE * (r + q / 2)];
const cornerPos = (q, r, p) => { const [x, y] = centre(q, r); return p === 'E' ? [x + SIZE, y] : [x - SIZE, y]; };
const hexPoints = (x, y, k = SIZE) => Array.from({ length: 6 }, (_, i) => {
  const a = (Math.PI / 3) * i;
  return `${(x + k * Math.cos(a)).toFixed(1)},${(y + k * Math.sin(a)).toFixed(1)}`;
}).join(' ');

/** The colour of a piece's owner (animal, element or terrain), for the marks of the last moves. */
export const markColor = (owner) => ANIMAL_COLOR[owner] || ELEMENT_COLOR[owner] || TERRAIN_COLOR[owner];

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

/** Animals of a seat. */
function animalsOf(v, seat) {
  return v.animals.filter((a) => a.seat === seat);
}

export function seatRole(st, seat) {
  return animalsOf(st.view, seat).map((a) => a.animal).join(', ');
}

export function seatInfo(st, seat) {
  return h('span', { class: 'seat-animals' }, animalsOf(st.view, seat).map((a) => h('span', { class: 'chip', style: `--c:${ANIMAL_COLOR[a.animal]}` },
    h('i', { class: 'dot' }), `${cap(a.animal)} `, h('b', {}, `${a.vp} VP`))));
}

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

function elementBadge(e) {
  return h('span', { class: 'el', style: pieceColours(ELEMENT_COLOR[e], ELEMENT_INK[e]), title: e }, ELEMENT_GLYPH[e]);
}

/**
 * An area's elements as discs. With `pick` (the board's legalAttr, while a
 * pick of an element type takes them from this area), each disc of a type
 * the seat may pick is a target.
 */
function elementDiscs(counts, cls = '', pick = null) {
  const out = [];
  counts.forEach((n, i) => {
    for (let k = 0; k < n; k++) {
      const badge = elementBadge(ELEMENTS[i]);
      const a = pick ? pick(`element:${ELEMENTS[i]}`) : {};
      out.push(a.onclick ? h('button', { class: `el-pick ${a.class}`, 'data-key': a['data-key'], onclick: a.onclick, title: ELEMENTS[i] }, badge) : badge);
    }
  });
  return h('span', { class: `discs ${cls}` }, out.length ? out : h('span', { class: 'empty' }, '—'));
}

const hexKey = (x) => `hex:${x.q},${x.r}`;

/**
 * Maps each clickable board key to the legal choices behind it. A count of
 * species (Speciation, Aquatic, Hibernation) goes to the tile its texts name,
 * where the values make a picker.
 */
function targets(legal, local, hexes, elementsFrom) {
  const map = new Map();
  const add = (k, c) => { if (!map.has(k)) map.set(k, []); map.get(k).push(c); };
  const counts = legal.filter((c) => c.choice && typeof c.choice === 'object' && 'Count' in c.choice);
  const countAt = counts.map((c) => firstPlaceIn(c.text)).find(Boolean);
  const countHex = countAt && (hexes || []).find((x) => x.label === countAt);
  if (countHex) for (const c of counts) add(hexKey(countHex), c);
  for (const c of legal) {
    const ch = c.choice;
    if (!ch || typeof ch !== 'object') continue;
    const [k, v] = Object.entries(ch)[0];
    if (k === 'Place') add(`space:${v}`, c);
    else if (k === 'Tile') add(hexKey(v), c);
    else if (k === 'Corner') add(`corner:${v.hex.q},${v.hex.r},${v.point}`, c);
    else if (k === 'Stack') add(`stack:${v}`, c);
    else if (k === 'Card') add(`card:${v}`, c);
    else if (k === 'Element' && elementsFrom) add(`element:${v}`, c);
    else if (k === 'Species') add(hexKey(v.hex), c);
    else if (k === 'Move') {
      const from = `${v.from.q},${v.from.r}`;
      if (!local.from) add(`from:${from}`, c);
      else if (local.from === from) add(hexKey(v.to), c);
    }
  }
  return map;
}

export function render(board, st, ctx) {
  const v = st.view;
  const local = ctx.local;
  const map = targets(ctx.legal, local, (st.ui || {}).hexes, v.elements_from);
  for (const list of map.values()) for (const c of list) ctx.claimed.add(c.index);
  // Move choices are claimed by the board in both steps.
  for (const c of ctx.legal) if (c.choice && typeof c.choice === 'object' && 'Move' in c.choice) ctx.claimed.add(c.index);
  const click = (key) => {
    const list = map.get(key);
    if (!list) return undefined;
    return (ev) => {
      ev.stopPropagation();
      if (key.startsWith('from:')) { local.from = key.slice(5); ctx.redraw(); return; }
      ctx.offer(list, ev.currentTarget);
    };
  };
  const legalAttr = (key) => (map.has(key) ? { class: 'legal', 'data-key': key, onclick: click(key), tabindex: 0, role: 'button' } : {});

  patch(board, h('div', { class: 'ds' },
    h('div', { class: 'ds-top' },
      earth(v, st, map, legalAttr, local, ctx.catalog),
      actionDisplay(v, map, legalAttr, ctx.catalog)),
    animalsPanel(v, st, legalAttr),
    cardsPanel(v, map, legalAttr, ctx.catalog)));
  markTargets(board, map);
}

function earth(v, st, map, legalAttr, local, catalog) {
  const ui = st.ui || { hexes: [], elements: [] };
  const tiles = s('g', { class: 'tiles' });
  const marks = s('g', { class: 'marks' });
  const decider = v.decider;
  for (const hx of ui.hexes) {
    const [x, y] = centre(hx.q, hx.r);
    const key = hexKey(hx);
    const fromKey = `from:${hx.q},${hx.r}`;
    const isFrom = map.has(fromKey);
    const selected = local.from === `${hx.q},${hx.r}`;
    const attrs = map.has(key) ? legalAttr(key) : isFrom ? legalAttr(fromKey) : {};
    const g = s('g', { class: `hex ${hx.terrain ? 'tile' : 'blank'} ${attrs.class || ''} ${selected ? 'selected' : ''}`, 'data-key': attrs['data-key'], 'data-hex': `${hx.q},${hx.r}`, 'data-label': hx.label, 'data-place': hx.label, tabindex: attrs.tabindex, role: attrs.role });
    if (attrs.onclick) listen(g, 'click', attrs.onclick);
    const fill = hx.terrain ? TERRAIN_COLOR[hx.terrain] : 'url(#blank)';
    g.append(s('polygon', { points: hexPoints(x, y), fill, class: 'hex-shape' },
      s('title', {}, hx.terrain ? `${hx.label} ${hx.terrain}` : `${hx.label} (no tile)`)));
    if (hx.terrain === 'tundra') g.append(s('polygon', { points: hexPoints(x, y, SIZE * 0.62), class: 'tundra-inner' }));
    if (hx.terrain) {
      g.append(s('text', { x, y: y - SIZE * 0.45, class: 'terrain-label', fill: TERRAIN_INK[hx.terrain] || '#f6f1e3' }, hx.terrain.toUpperCase()));
      // Species cubes, three per row.
      const present = ANIMALS.map((a, i) => [a, hx.species[i]]).filter(([, n]) => n > 0);
      const cols = Math.min(3, present.length);
      present.forEach(([a, n], i) => {
        const row = Math.floor(i / 3);
        const col = i % 3;
        const inRow = row === Math.floor((present.length - 1) / 3) ? present.length - row * 3 : cols;
        const cx = x + (col - (inRow - 1) / 2) * 22;
        const cy = y + 2 + row * 22;
        g.append(s('rect', { x: cx - 9.5, y: cy - 9.5, width: 19, height: 19, rx: 3.5, fill: ANIMAL_COLOR[a], class: 'cube' }),
          s('text', { x: cx, y: cy + 4.5, class: 'cube-n', fill: ANIMAL_INK[a] || '#fff' }, n));
      });
      if (hx.dominant) {
        const dx = x;
        const dy = y + SIZE * 0.66;
        g.append(s('path', { d: `M${dx - 8},${dy + 6} L${dx},${dy - 9} L${dx + 8},${dy + 6} Z`, fill: ANIMAL_COLOR[hx.dominant], class: 'cone' },
          s('title', {}, `${hx.dominant} dominate`)));
      }
    }
    tiles.append(g);
  }
  // Elements on corners, and vacant corners that are legal targets.
  const placed = new Set();
  for (const e of ui.elements) {
    const [x, y] = cornerPos(e.q, e.r, e.point);
    const key = `corner:${e.q},${e.r},${e.point}`;
    placed.add(key);
    const a = legalAttr(key);
    const g = s('g', { class: `element ${a.class || ''}`, 'data-key': a['data-key'], 'data-corner': key.slice(7), 'data-place': e.label });
    if (a.onclick) listen(g, 'click', a.onclick);
    if (a.onclick) g.append(s('circle', { cx: x, cy: y, r: 17, class: 'hit' }));
    g.append(s('circle', { cx: x, cy: y, r: 10.5, fill: ELEMENT_COLOR[e.element], class: 'disc' }, s('title', {}, `${e.element} at ${e.label}`)),
      s('text', { x, y: y + 4, class: 'disc-glyph', fill: ELEMENT_INK[e.element] || '#fff' }, ELEMENT_GLYPH[e.element]));
    marks.append(g);
  }
  for (const [key] of map) {
    if (!key.startsWith('corner:') || placed.has(key)) continue;
    const [q, r, p] = key.slice(7).split(',');
    const [x, y] = cornerPos(Number(q), Number(r), p);
    const a = legalAttr(key);
    const label = cornerLabel(catalog && catalog.corner_labels, Number(q), Number(r), p);
    const g = s('g', { class: `element vacant ${a.class}`, 'data-key': key, 'data-place': label });
    listen(g, 'click', a.onclick);
    g.append(s('circle', { cx: x, cy: y, r: 17, class: 'hit' }), s('circle', { cx: x, cy: y, r: 10.5, class: 'disc-vacant' },
      s('title', {}, label)));
    marks.append(g);
  }
  const svg = s('svg', { viewBox: '-310 -292 620 584', class: 'earth', role: 'group', 'aria-label': 'Earth' },
    s('defs', {},
      s('pattern', { id: 'blank', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        s('rect', { width: 8, height: 8, fill: '#efe6cf' }), s('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: '#e2d6b8', 'stroke-width': 3 }))),
    edgeLabels(ui.hexes, centre, SIZE), tiles, marks);
  const title = decider ? h('span', { class: 'chip', style: `--c:${ANIMAL_COLOR[decider]}` }, h('i', { class: 'dot' }), `${cap(decider)} deciding`) : null;
  return h('section', { class: 'panel earth-panel' }, h('div', { class: 'panel-head' }, h('h3', {}, 'Earth'), title), h('div', { class: 'pan', 'data-pan': 'earth', tabindex: 0, role: 'region', 'aria-label': 'The earth (scrolls sideways)' }, svg));
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

function actionDisplay(v, map, legalAttr, catalog) {
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
    const from = (source) => (v.elements_from === source ? legalAttr : null);
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

function animalsPanel(v, st, legalAttr) {
  const cards = v.animals.map((a) => {
    const seatName = (st.seats[a.seat] && st.seats[a.seat].name) || `Seat ${a.seat + 1}`;
    const deciding = v.decider === a.animal;
    const cyl = (n, cls) => Array.from({ length: Math.min(n, 12) }, () => h('i', { class: `cyl ${cls}` }));
    return h('div', { class: `animal ${deciding ? 'deciding' : ''} ${st.seat === a.seat ? 'mine' : ''}`, style: pieceColours(ANIMAL_COLOR[a.animal], ANIMAL_INK[a.animal]), 'data-animal': a.animal },
      h('div', { class: 'animal-head' }, h('span', { class: 'animal-name' }, cap(a.animal)), h('span', { class: 'vp', 'data-vp': a.vp }, `${a.vp} VP`)),
      h('div', { class: 'animal-seat muted small' }, seatName, st.seat === a.seat ? ' (you)' : ''),
      h('div', { class: 'animal-els' }, elementDiscs(a.elements, '', v.elements_from === 'Display' && v.decider === a.animal ? legalAttr : null)),
      h('div', { class: 'animal-stats' },
        h('span', { title: 'action pawns in supply' }, h('b', {}, 'APs '), cyl(a.supply, ''), a.on_display ? h('small', {}, ` +${a.on_display} placed`) : null),
        h('span', {}, h('b', {}, 'Gene pool '), a.gene_pool),
        h('span', {}, h('b', {}, 'On earth '), a.on_earth),
        h('span', {}, h('b', {}, 'Dominates '), a.dominated),
        a.eliminated ? h('span', {}, h('b', {}, 'Eliminated '), a.eliminated) : null));
  });
  return h('section', { class: 'panel animals' }, h('div', { class: 'panel-head' }, h('h3', {}, 'Animals')), h('div', { class: 'animal-grid' }, cards));
}

function cardsPanel(v, map, legalAttr, catalog) {
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
