// The coach in the replay viewer (issue 38): every seat's estimated chance
// of winning at every step of a finished game, from the server's analysis
// (GET /api/games/{id}/analysis, made off the request path: 202 while it is
// made, polled here every second), drawn as a strip above the board: one
// line per seat, the step shown marked, each seat's chance there in the
// legend; a click on the chart jumps to that step. The biggest drops are
// drawn as bars, listed beside the chart (each a jump to its step) and
// noted in the log, in words: "Here Reptiles’ chances fell from 41% to
// 22%; the bot would have chosen: …".
import { api } from './api.js';
import { h, s, fill, possessive, cap } from './dom.js';

/** Line colours for seats whose animals give none (or the same one). */
const PALETTE = ['#1f5fa8', '#b3261e', '#2e7d32', '#6a3d9a', '#c56a00', '#00838f'];
/** The chart's drawing box, stretched to the strip's width and height. */
const WIDTH = 1000;
const HEIGHT = 100;
/** Points per line at most: a long game (2,000 steps) is thinned to this. */
const POINTS = 800;

const percent = (p) => `${Math.round(p * 100)}%`;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * The chances panel of a replay.
 *
 * @param {Object} o
 * @param {string} o.id the game
 * @param {number} o.last the last step
 * @param {(seat: number) => string} o.name a seat's name in the viewer
 * @param {(role: string) => string|null} o.colorOf an animal's colour, if the game has one
 * @param {(step: number) => void} o.go shows a step
 * @param {HTMLElement} o.log the log list (entry `i` is step `i + 1`)
 * @param {string[]} o.choices each entry's choice in words
 * @returns {{box: HTMLElement, mark: (step: number) => void}}
 */
export function chancesPanel({ id, last, name, colorOf, go, log, choices }) {
  const status = h('p', { class: 'muted small', id: 'chances-status' }, 'Analysing the game…');
  const box = h('section', { class: 'panel chances', id: 'chances' }, h('div', { class: 'chances-head' }, h('h3', {}, 'Chances to win'), status));
  let drawn = null; // {cursor, legend values, analysis}
  let shown = 0;

  async function poll() {
    for (;;) {
      let a;
      try {
        a = await api.analysis(id);
      } catch (e) {
        if (e.status === 503 || e.status === 429) {
          fill(status, e.status === 503
            ? 'The server is busy analysing other games; this one is next in a moment…'
            : 'This browser asked the server for much at once; the analysis follows in a moment…');
          await sleep(5000);
          continue;
        }
        fill(status, `No analysis of this game: ${e.message}`);
        return;
      }
      if (a && Array.isArray(a.steps)) {
        draw(a);
        return;
      }
      fill(status, a && a.total
        ? `Analysing the game… the bot has looked at ${a.done} of ${a.total} turning points.`
        : 'Analysing the game…');
      await sleep(1000);
    }
  }

  /** A seat's name in the coach's sentences: its animals, else its name in the viewer. */
  function who(a, seat) {
    const roles = (a.roles && a.roles[seat]) || [];
    return roles.length ? roles.map(cap).join(' and ') : name(seat);
  }

  function draw(a) {
    const seats = a.steps[0] ? a.steps[0].win.length : 0;
    const colours = [];
    for (let i = 0; i < seats; i++) {
      // The game's colour of the seat's first animal, by its name as the engine gives it.
      const own = ((a.roles && a.roles[i]) || []).map((r) => colorOf(String(r)) || colorOf(String(r).toLowerCase())).find(Boolean);
      colours.push(own && !colours.includes(own) ? own : PALETTE[i % PALETTE.length]);
    }
    const x = (step) => (last > 0 ? (step / last) * WIDTH : 0);
    const y = (p) => HEIGHT - p * HEIGHT;
    const every = Math.max(1, Math.ceil(a.steps.length / POINTS));
    const flat = { 'vector-effect': 'non-scaling-stroke' };
    const lines = [];
    for (let seat = 0; seat < seats; seat++) {
      const points = a.steps.filter((row, i) => i % every === 0 || i === a.steps.length - 1)
        .map((row) => `${x(row.step).toFixed(1)},${y(row.win[seat]).toFixed(1)}`).join(' ');
      lines.push(s('polyline', { ...flat, points, fill: 'none', stroke: colours[seat], 'stroke-width': 1.5, 'stroke-linejoin': 'round', class: 'chances-line', 'data-seat': seat }));
    }
    const grid = [0.25, 0.5, 0.75].map((p) => s('line', { ...flat, x1: 0, x2: WIDTH, y1: y(p), y2: y(p), class: p === 0.5 ? 'chances-grid half' : 'chances-grid' }));
    // A drop: a bar from the seat's chance before the choice down to after it, in its colour.
    const marks = a.drops.map((d) => s('line', { ...flat, x1: x(d.step), x2: x(d.step), y1: y(d.before), y2: y(d.after), stroke: colours[d.seat], class: 'chances-drop' },
      s('title', {}, `Step ${d.step}: ${who(a, d.seat)} ${percent(d.before)} → ${percent(d.after)}`)));
    const cursor = s('line', { ...flat, x1: 0, x2: 0, y1: 0, y2: HEIGHT, class: 'chances-cursor' });
    const svg = s('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none', class: 'chances-chart', id: 'chances-chart', role: 'img',
      'aria-label': `Each seat's chance to win, step by step (estimated by ${a.estimator}); a click shows that step` },
    grid, lines, marks, cursor);
    svg.addEventListener('click', (ev) => {
      const box = svg.getBoundingClientRect();
      if (box.width > 0) go(Math.round(((ev.clientX - box.left) / box.width) * last));
    });
    const values = [];
    const legend = h('ul', { class: 'chances-legend', id: 'chances-legend' }, Array.from({ length: seats }, (_, seat) => {
      const value = h('b', {}, '');
      values.push(value);
      return h('li', {}, h('i', { class: 'chances-swatch', style: `background:${colours[seat]}` }), `${who(a, seat)} `, value);
    }));
    // The drops, biggest first: each a jump to its step, and a note in the log.
    const drops = h('ol', { class: 'chances-drops', id: 'chances-drops' }, a.drops.map((d) => h('li', {},
      h('button', { class: 'link-btn', 'data-step': d.step, onclick: () => go(d.step) }, `Step ${d.step}`),
      ` ${who(a, d.seat)} ${percent(d.before)} → ${percent(d.after)}`)));
    for (const d of a.drops) {
      const entry = log.children[d.step - 1];
      if (!entry) continue;
      // A drop is its seat's own choice: the bot's is the other way it had,
      // or the same choice, when the fall came from what followed it.
      const same = choices[d.step - 1] === d.bot_choice;
      entry.classList.add('drop');
      entry.append(h('div', { class: 'drop-note' },
        `Here ${possessive(who(a, d.seat))} chances fell from ${percent(d.before)} to ${percent(d.after)}; `,
        same ? 'the bot would have made the same choice: the fall came from what followed it.' : `the bot would have chosen: ${d.bot_choice}`));
    }
    fill(box,
      h('div', { class: 'chances-head' }, h('h3', {}, 'Chances to win'), legend),
      h('div', { class: 'chances-body' },
        h('div', { class: 'chances-plot' }, svg,
          h('p', { class: 'muted small chances-how' }, `Estimated by ${a.estimator}. A click on the chart shows that step; the bars mark the biggest drops.`)),
        // Open beside the chart; folded on a phone, where it would push the board down.
        a.drops.length ? h('details', { class: 'chances-list', open: matchMedia('(min-width: 761px)').matches ? true : null },
          h('summary', {}, `Biggest drops (${a.drops.length})`), drops) : null));
    drawn = { cursor, values, a, x };
    mark(shown);
  }

  /** Marks step `step` on the chart and gives each seat's chance there. */
  function mark(step) {
    shown = step;
    if (!drawn) return;
    const at = drawn.x(step);
    drawn.cursor.setAttribute('x1', at);
    drawn.cursor.setAttribute('x2', at);
    const row = drawn.a.steps[step];
    if (row) row.win.forEach((p, seat) => { if (drawn.values[seat]) drawn.values[seat].textContent = percent(p); });
    document.body.dataset.chancesStep = String(step);
  }

  poll();
  return { box, mark };
}
