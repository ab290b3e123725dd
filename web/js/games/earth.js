// The earth of Dominant Species and Marine, drawn once for both: the hex
// geometry, the grid (from the game's catalog), the board targets a legal
// choice makes, element discs, species cubes, the board itself with its
// edge labels, and the seat chips of the animals. What differs between the
// two games comes in a `look` (see `EarthLook`): hex size, colours, the
// animals and elements, what a tile shows, how a place is named in a key.
//
// One grid source: the hexes and corners, in the engine's id order and with
// their labels, come from the catalog (`labels`, `corner_labels`), fetched
// once per page. The game gives only what changes (a tile's terrain, its
// species, who dominates it, the elements on corners).
// The edge labels are printed as 18xx maps print them: each column's letter
// above and below it, each half-row's number on both sides.
import { h, s, listen, pieceColours } from '../dom.js';

/**
 * @typedef {Object} EarthLook
 * @property {number} size hex radius in SVG units
 * @property {string} viewBox the board's SVG viewBox
 * @property {{id: string, fill: string, stroke: string}} blank the hatched pattern of a hex without a tile
 * @property {string[]} animals the animals in the engine's order (species counts follow it)
 * @property {Object<string, string>} animalColor
 * @property {Object<string, string>} [animalInk] a cube's number colour (default white)
 * @property {(animal: string) => string} [animalName] an animal as a chip names it
 * @property {string[]} elements the elements in the engine's order (counts follow it)
 * @property {Object<string, string>} elementColor
 * @property {Object<string, string>} elementInk
 * @property {Object<string, string>} elementGlyph
 * @property {Object<string, string>} terrainColor
 * @property {{perRow: number, step: number, rowStep: number, side: number, rx: number, dy: number, textDy: number, inked: boolean, titled: boolean}} cubes
 *   species cubes on a tile: how many a row, their spacing, size, corner, offsets; `inked`: the number
 *   takes `animalInk`; `titled`: each cube says "2 Fishes"
 * @property {{r: number, hit: number, glyphDy: number}} disc an element disc on a corner, its click area
 * @property {(q: number, r: number, id: number) => string} hexRef a hex in the board's keys (`hex:REF`, `from:REF`, `data-hex`)
 * @property {(corner: {q: number, r: number, point: string}, id: number) => string} cornerRef a corner in keys (`corner:REF`, `data-corner`)
 * @property {(hex: *) => string} hexRefOf the engine's hex value in a choice, as a ref
 * @property {(corner: *) => string} cornerRefOf the engine's corner value in a choice, as a ref
 */

/**
 * A drawn tile, as the game describes it (null: a hex without a tile).
 * @typedef {Object} EarthTile
 * @property {string} fill the hex's colour
 * @property {string} title the hex's tooltip ("D7 jungle")
 * @property {string} text the word on the tile ("JUNGLE")
 * @property {string} ink the word's colour
 * @property {number} textDy how far above the centre the word sits, in hex radii
 * @property {{k: number, class: string, fill?: string}|null} inner an inner hexagon (tundra, a vent)
 * @property {number[]} species cubes per animal, in `look.animals` order
 * @property {string|null} dominant the animal dominating the tile (a cone), if any
 */

const SQ3 = Math.sqrt(3);

/** The hex geometry for a hex radius: centres, the E/W points, a hexagon's points. */
export function geometry(size) {
  const centre = (q, r) => [1.5 * size * q, SQ3 * size * (r + q / 2)];
  const cornerXY = (q, r, point) => { const [x, y] = centre(q, r); return point === 'E' ? [x + size, y] : [x - size, y]; };
  const hexPoints = (x, y, k = size) => Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i;
    return `${(x + k * Math.cos(a)).toFixed(1)},${(y + k * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return { centre, cornerXY, hexPoints };
}

/**
 * The grid as the engine builds it, from the engine's labels in the game's
 * catalog: hexes in id order ({q, r, label}) and corners in id order
 * ({q, r, point, label}).
 */
export function grid(catalog) {
  return {
    hexes: (catalog && catalog.labels) || [],
    corners: (catalog && catalog.corner_labels) || [],
  };
}

/** A choice as [variant, value]: `{Tile: …}` is ['Tile', …], a bare 'Done' is ['Done', null]. */
export const variant = (ch) => (ch && typeof ch === 'object' ? Object.entries(ch)[0] : [ch, null]);

/**
 * Maps each clickable board key to the legal choices behind it, in the
 * choices' order. `keyOf(kind, value, choice)` names the key of a choice
 * only its game knows (null: not on the board); the earth's own choices
 * are keyed here first: a species on a tile and a tile (`tileChoice`,
 * 'Tile' or 'Hex') go to `hex:REF`, a corner to `corner:REF`, a tile stack
 * to `stack:N`, and a move in two steps: `from:REF` until the seat picks
 * where from (`local.from`), then `hex:REF` of where to.
 */
export function targets(look, legal, local, tileChoice, keyOf) {
  const map = new Map();
  const add = (k, c) => { if (!map.has(k)) map.set(k, []); map.get(k).push(c); };
  for (const c of legal) {
    const [k, v] = variant(c.choice);
    const own = keyOf(k, v, c);
    if (own) add(own, c);
    if (v === null) continue;
    if (k === tileChoice) add(`hex:${look.hexRefOf(v)}`, c);
    else if (k === 'Species') add(`hex:${look.hexRefOf(v.hex)}`, c);
    else if (k === 'Corner') add(`corner:${look.cornerRefOf(v)}`, c);
    else if (k === 'Stack') add(`stack:${v}`, c);
    else if (k === 'Move') {
      const from = look.hexRefOf(v.from);
      if (local.from === undefined) add(`from:${from}`, c);
      else if (local.from === from) add(`hex:${look.hexRefOf(v.to)}`, c);
    }
  }
  return map;
}

/**
 * The click handler of a board key, or null: a `from:` key selects where a
 * move starts (and draws again), any other offers its choices.
 */
export function clicker(map, ctx) {
  return (key) => {
    const list = map.get(key);
    if (!list) return null;
    return (ev) => {
      ev.stopPropagation();
      if (key.startsWith('from:')) { ctx.local.from = key.slice(5); ctx.redraw(); return; }
      ctx.offer(list, ev.currentTarget);
    };
  };
}

/** An element as a coloured badge with its glyph. */
export function elementBadge(look, e, cls = '') {
  return h('span', { class: cls ? `el ${cls}` : 'el', style: pieceColours(look.elementColor[e], look.elementInk[e]), title: e.toLowerCase() }, look.elementGlyph[e]);
}

/**
 * An area's elements as discs, from counts in `look.elements` order. With
 * `on` (the board's click handlers, while a pick of an element type takes
 * them from this area), each disc of a type the seat may pick is a target
 * (`element:TYPE`).
 */
export function elementDiscs(look, counts, cls = '', on = null) {
  const out = [];
  counts.forEach((n, i) => {
    const e = look.elements[i];
    for (let k = 0; k < n; k++) {
      const badge = elementBadge(look, e);
      const key = `element:${e}`;
      const click = on ? on(key) : null;
      out.push(click ? h('button', { class: 'el-pick legal', 'data-key': key, onclick: click, title: e }, badge) : badge);
    }
  });
  return h('span', { class: `discs ${cls}` }, out.length ? out : h('span', { class: 'empty' }, '—'));
}

/** The colour of a piece's owner (animal, element or terrain, "sand tile" too), for the marks of the last moves. */
export const markColorOf = (look) => (owner) => look.animalColor[owner] || look.elementColor[owner]
  || look.terrainColor[owner] || look.terrainColor[String(owner).split(' ')[0]];

/** The seat hooks of a game of animals: its animals' names, and a chip with VP for each. */
export function seatHooks(look) {
  const name = look.animalName || ((a) => a);
  const animalsOf = (st, seat) => st.view.animals.filter((a) => a.seat === seat);
  return {
    seatRole: (st, seat) => animalsOf(st, seat).map((a) => a.animal).join(', '),
    seatInfo: (st, seat) => h('span', { class: 'seat-animals' }, animalsOf(st, seat).map((a) => h('span', { class: 'chip', style: `--c:${look.animalColor[a.animal]}` },
      h('i', { class: 'dot' }), `${name(a.animal)} `, h('b', {}, `${a.vp} VP`)))),
  };
}

/** The edge labels of the drawn hexes ([{q, r, label}]), as an SVG group. */
function edgeLabels(hexes, centre, size) {
  const columns = new Map();
  const rows = new Map();
  let west = Infinity;
  let east = -Infinity;
  for (const { q, r, label } of hexes) {
    const [x, y] = centre(q, r);
    const letter = label.replace(/[0-9]+$/, '');
    const row = label.slice(letter.length);
    const c = columns.get(letter) || { x, top: y, bottom: y };
    columns.set(letter, { x, top: Math.min(c.top, y), bottom: Math.max(c.bottom, y) });
    rows.set(row, y);
    west = Math.min(west, x);
    east = Math.max(east, x);
  }
  const g = s('g', { class: 'edge-labels', 'aria-hidden': 'true' });
  const half = size * SQ3 / 2;
  for (const [letter, c] of columns) {
    g.append(s('text', { x: c.x, y: c.top - half - 5, class: 'edge-label' }, letter),
      s('text', { x: c.x, y: c.bottom + half + 14, class: 'edge-label' }, letter));
  }
  for (const [row, y] of rows) {
    g.append(s('text', { x: west - size - 10, y: y + 4, class: 'edge-label' }, row),
      s('text', { x: east + size + 10, y: y + 4, class: 'edge-label' }, row));
  }
  return g;
}

/** Species cubes on a tile centred at (x, y), a row of `perRow` at most, each row centred. */
function cubes(look, g, x, y, species) {
  const { perRow, step, rowStep, side, rx, dy, textDy, inked, titled } = look.cubes;
  const present = look.animals.map((a, i) => [a, species[i]]).filter(([, n]) => n > 0);
  const cols = Math.min(perRow, present.length);
  present.forEach(([a, n], i) => {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const inRow = row === Math.floor((present.length - 1) / perRow) ? present.length - row * perRow : cols;
    const cx = x + (col - (inRow - 1) / 2) * step;
    const cy = y + dy + row * rowStep;
    g.append(s('rect', { x: cx - side / 2, y: cy - side / 2, width: side, height: side, rx, fill: look.animalColor[a], class: 'cube' }, titled ? s('title', {}, `${n} ${a}`) : null),
      s('text', { x: cx, y: cy + textDy, class: 'cube-n', fill: (inked && look.animalInk && look.animalInk[a]) || '#fff' }, n));
  });
}

/**
 * The earth panel: every hex of `places` ([{id, q, r, label, tile}], `tile`
 * an EarthTile or null), the element discs of `elements` ([[corner id,
 * element]]), vacant corners that are targets, and the edge labels.
 * `map` holds the board's targets (key → choices), `on(key)` their click
 * handlers; `local.from` is the hex a move starts from. `opts`: `head`
 * (more of the panel's head after "Earth"), `panelClass`, `extra` (SVG
 * drawn under the edge labels).
 */
export function earthPanel(look, { places, corners, elements }, map, on, local, opts = {}) {
  const { centre, cornerXY, hexPoints } = geometry(look.size);
  const size = look.size;
  const tiles = s('g', { class: 'tiles' });
  const marks = s('g', { class: 'marks' });
  for (const { id, q, r, label, tile: t } of places) {
    const [x, y] = centre(q, r);
    const ref = String(look.hexRef(q, r, id));
    const key = `hex:${ref}`;
    const fromKey = `from:${ref}`;
    const click = on(key) || on(fromKey);
    const selected = local.from === ref;
    const g = s('g', { class: `hex ${t ? 'tile' : 'blank'} ${click ? 'legal' : ''} ${selected ? 'selected' : ''}`, 'data-key': click ? (map.has(key) ? key : fromKey) : null, 'data-hex': ref, 'data-place': label, tabindex: click ? 0 : null, role: click ? 'button' : null });
    if (click) listen(g, 'click', click);
    g.append(s('polygon', { points: hexPoints(x, y), fill: t ? t.fill : `url(#${look.blank.id})`, class: 'hex-shape' },
      s('title', {}, t ? t.title : `${label} (no tile)`)));
    if (t) {
      if (t.inner) g.append(s('polygon', { points: hexPoints(x, y, size * t.inner.k), class: t.inner.class, fill: t.inner.fill }));
      g.append(s('text', { x, y: y - size * t.textDy, class: 'terrain-label', fill: t.ink }, t.text));
      cubes(look, g, x, y, t.species);
      if (t.dominant) {
        const dy = y + size * 0.66;
        g.append(s('path', { d: `M${x - 8},${dy + 6} L${x},${dy - 9} L${x + 8},${dy + 6} Z`, fill: look.animalColor[t.dominant], class: 'cone' },
          s('title', {}, `${t.dominant} dominate`)));
      }
    }
    tiles.append(g);
  }
  // Elements on corners, and vacant corners that are legal targets.
  const { r: rad, hit, glyphDy } = look.disc;
  const placed = new Set();
  for (const [cid, el] of elements) {
    const c = corners[cid];
    if (!c) continue;
    const [x, y] = cornerXY(c.q, c.r, c.point);
    const ref = String(look.cornerRef(c, cid));
    const key = `corner:${ref}`;
    placed.add(key);
    const click = on(key);
    const g = s('g', { class: `element ${click ? 'legal' : ''}`, 'data-key': click ? key : null, 'data-corner': ref, 'data-place': c.label });
    if (click) {
      listen(g, 'click', click);
      g.append(s('circle', { cx: x, cy: y, r: hit, class: 'hit' }));
    }
    g.append(s('circle', { cx: x, cy: y, r: rad, fill: look.elementColor[el], class: 'disc' }, s('title', {}, `${el.toLowerCase()} at ${c.label}`)),
      s('text', { x, y: y + glyphDy, class: 'disc-glyph', fill: look.elementInk[el] || '#fff' }, look.elementGlyph[el]));
    marks.append(g);
  }
  const cornerOf = new Map(corners.map((c, cid) => [`corner:${look.cornerRef(c, cid)}`, c]));
  for (const key of map.keys()) {
    const c = cornerOf.get(key);
    if (!c || placed.has(key)) continue;
    const [x, y] = cornerXY(c.q, c.r, c.point);
    const g = s('g', { class: 'element vacant legal', 'data-key': key, 'data-place': c.label });
    listen(g, 'click', on(key));
    g.append(s('circle', { cx: x, cy: y, r: hit, class: 'hit' }), s('circle', { cx: x, cy: y, r: rad, class: 'disc-vacant' }, s('title', {}, c.label)));
    marks.append(g);
  }
  const b = look.blank;
  const svg = s('svg', { viewBox: look.viewBox, class: 'earth', role: 'group', 'aria-label': 'Earth' },
    s('defs', {},
      s('pattern', { id: b.id, width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        s('rect', { width: 8, height: 8, fill: b.fill }), s('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: b.stroke, 'stroke-width': 3 }))),
    opts.extra || null, edgeLabels(places, centre, size), tiles, marks);
  return h('section', { class: `panel earth-panel${opts.panelClass ? ` ${opts.panelClass}` : ''}` },
    h('div', { class: 'panel-head' }, h('h3', {}, 'Earth'), opts.head || null),
    h('div', { class: 'pan', 'data-pan': 'earth', tabindex: 0, role: 'region', 'aria-label': 'The earth (scrolls sideways)' }, svg));
}
