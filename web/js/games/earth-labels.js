// The place labels of the earth (Dominant Species and Marine), printed on the
// board's edges as 18xx maps do: each column's letter above and below it, each
// half-row's number on both sides. The labels come from the engine (the game's
// catalog: `labels`, `corner_labels`); nothing here computes one.
import { s } from '../dom.js';

/**
 * The edge labels for `hexes` ([{q, r, label}]) drawn with `centre(q, r)` and hex
 * radius `size`, as an SVG group.
 */
export function edgeLabels(hexes, centre, size) {
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
  const half = size * Math.sqrt(3) / 2;
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

/** The label of a hex by its axial coordinates, from the engine's list. */
export function hexLabel(hexes, q, r) {
  const found = (hexes || []).find((x) => x.q === q && x.r === r);
  return found ? found.label : '';
}

/** The label of a corner (the east or west point of a hex), from the engine's list. */
export function cornerLabel(corners, q, r, point) {
  const found = (corners || []).find((c) => c.q === q && c.r === r && c.point === point);
  return found ? found.label : '';
}
