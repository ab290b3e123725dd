// What just happened at the table:
// - every seat's last move marked on the board (the server's `marks`: the
//   board changes of each seat's latest run of choices, public pieces only),
//   new marks animated briefly, and a piece that moved seen travelling from
//   where it left to where it went (not for a player who asks for less
//   motion);
// - the bots' pace, which a seated human may slow down, speed up or pause;
// - on your turn, what the other seats did since your previous choice.
// The board's renderer names its places with `data-place` (the labels the
// texts use) and may export markColor(owner) for the pieces' colours and
// neutralOwner(owner, st), true for pieces no seat owns (Pangea's neutral
// animals): the rules move those after a seat's choice, and their marks say
// so instead of calling them that seat's move.
import { h, s, toast, possessive, logWho } from './dom.js';
import { api } from './api.js';

const KIND_WORDS = { added: 'added', removed: 'removed', moved_from: 'moved away', moved_to: 'moved in' };
const PIECE_WORDS = { species: 'species', tile: 'tile', element: 'element', animal: 'animal' };
const reduceMotion = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Draws the marks, the pace control and the summary after every render of the
 * table; `renderer` is complete (games/contract.js): its markColor and neutralOwner.
 */
export function happened(ctx, renderer, seatName) {
  drawMarks(ctx, renderer, seatName);
  let area = document.getElementById('happened-area');
  if (!area) {
    area = h('div', { class: 'happened-area', id: 'happened-area' });
    ctx.promptBar.after(area);
  }
  area.replaceChildren(...[paceControl(ctx, seatName), summary(ctx, seatName)].filter(Boolean));
}

/**
 * The element a place label names on the board: its centre and size in its
 * SVG's units, and the box of the name written on it (a tile's terrain, a
 * region's label), if any, for the badges to sit beside.
 */
function locate(board, place) {
  const el = board.querySelector(`[data-place="${CSS.escape(place)}"]`);
  if (el && typeof el.getBBox === 'function') {
    const b = el.getBBox();
    const label = el.querySelector('.terrain-label, .pg-rname');
    const n = label ? label.getBBox() : null;
    if (b.width > 0) return { svg: el.ownerSVGElement, x: b.x + b.width / 2, y: b.y + b.height / 2, w: b.width, h: b.height, name: n && n.width > 0 ? n : null };
  }
  // A corner with nothing on it now: the point the three hexes it names share.
  const parts = place.split('/');
  if (parts.length !== 3) return null;
  const hexes = parts.map((p) => locate(board, p)).filter(Boolean);
  if (hexes.length !== 3 || hexes.some((x) => x.svg !== hexes[0].svg)) return null;
  return { svg: hexes[0].svg, x: hexes.reduce((a, x) => a + x.x, 0) / 3, y: hexes.reduce((a, x) => a + x.y, 0) / 3, w: 20, h: 20 };
}

function markKey(seatMarks, c) {
  return `${seatMarks.seat}|${seatMarks.from}|${c.place}|${c.kind}|${c.piece}|${c.owner}|${c.count}`;
}

function describe(st, seatName, seat, c, neutral) {
  const who = st.seat === seat ? 'your last move' : `${possessive(seatName(st, seat))} last move`;
  const what = `${c.count} ${neutral ? 'neutral ' : ''}${c.owner} ${PIECE_WORDS[c.piece] || c.piece}`;
  const where = c.kind === 'moved_from' ? ` to ${c.other.join(', ')}` : c.kind === 'moved_to' ? ` from ${c.other.join(', ')}` : '';
  return `${c.place}: ${what} ${KIND_WORDS[c.kind]}${where} (${neutral ? `by the rules, after ${who}` : who})`;
}

function drawMarks(ctx, renderer, seatName) {
  const st = ctx.state;
  const colour = (owner) => renderer.markColor(owner) || '#444';
  const before = ctx.markKeys || new Set();
  const now = new Set();
  // Per SVG, two layers on top of the board: rings and arrows, then badges (never covered).
  const layers = new Map();
  const layer = (svg, top) => {
    if (!layers.has(svg)) {
      const pair = [s('g', { class: 'hm-layer', 'aria-hidden': 'true' }), s('g', { class: 'hm-layer hm-badges', 'aria-hidden': 'true' })];
      svg.append(...pair);
      layers.set(svg, pair);
    }
    return layers.get(svg)[top ? 1 : 0];
  };
  // Every place's changes, from every seat: the ring shows the first, badges each.
  const byPlace = new Map();
  for (const m of st.marks || []) {
    for (const c of m.changes) {
      if (!byPlace.has(c.place)) byPlace.set(c.place, []);
      byPlace.get(c.place).push({ m, c });
    }
  }
  // Every place's position first, then the drawing: a position read after a
  // mark was drawn would lay the page out again, once per place.
  const where = new Map();
  const spot = (place) => {
    if (!where.has(place)) where.set(place, locate(ctx.board, place));
    return where.get(place);
  };
  for (const [place, list] of byPlace) {
    spot(place);
    for (const { c } of list) if (c.kind === 'moved_from') c.other.forEach(spot);
  }
  const fresh = [];
  const travels = []; // new moves: a piece travelling along each
  for (const [place, list] of byPlace) {
    const at = spot(place);
    if (!at || !at.svg) continue;
    const round = Math.abs(at.w - at.h) / Math.max(at.w, at.h) < 0.25;
    const rad = Math.max(Math.min(at.w, at.h) / 2 - 3, 14);
    list.forEach(({ m, c }, i) => {
      const key = markKey(m, c);
      now.add(key);
      const neutral = Boolean(renderer.neutralOwner(c.owner, st));
      const mine = st.seat === m.seat && !neutral;
      const attrs = { class: `hm-mark hm-${c.kind} ${mine ? 'hm-mine' : ''} ${neutral ? 'hm-neutral' : ''}`, 'data-mark-seat': m.seat, 'data-mark-kind': c.kind, 'data-mark-place': place, 'data-mark-owner': c.owner };
      const g = s('g', attrs, s('title', {}, describe(st, seatName, m.seat, c, neutral)));
      const badge = s('g', attrs, s('title', {}, describe(st, seatName, m.seat, c, neutral)));
      if (i === 0) {
        g.append(round
          ? s('circle', { cx: at.x, cy: at.y, r: rad, class: 'hm-ring' })
          : s('rect', { x: at.x - at.w / 2 + 3, y: at.y - at.h / 2 + 3, width: at.w - 6, height: at.h - 6, rx: 8, class: 'hm-ring' }));
      }
      // A badge per change: pieces more (+n) or fewer (−n), in the piece's colour, edged by the kind.
      const sign = c.kind === 'added' || c.kind === 'moved_to' ? '+' : '−';
      // Beside the place's name, never over it (nor over the food or
      // numbers written at its edge); without a name, at its top edge.
      const bw = 24;
      const bx = at.name ? at.name.x + at.name.width + 3 + i * (bw + 2)
        : at.x + (round ? rad * 0.45 : at.w / 2 - 16) - i * (bw + 2) - bw / 2;
      const by = at.name ? at.name.y + at.name.height / 2 - 7 : at.y - (round ? rad * 0.95 : at.h / 2 - 4) - 7;
      badge.append(s('rect', { x: bx, y: by, width: bw, height: 14, rx: 7, fill: colour(c.owner), class: 'hm-badge' }),
        s('text', { x: bx + bw / 2, y: by + 10.5, class: 'hm-badge-t' }, `${sign}${c.count}`));
      // A moved piece: an arrow from where it left to where it went.
      if (c.kind === 'moved_from') {
        for (const to of c.other) {
          const end = spot(to);
          if (!end || end.svg !== at.svg) continue;
          if (!before.has(key)) travels.push({ svg: at.svg, from: at, to: end, fill: colour(c.owner), count: c.count });
          const dx = end.x - at.x;
          const dy = end.y - at.y;
          const len = Math.hypot(dx, dy) || 1;
          const ux = dx / len;
          const uy = dy / len;
          const x1 = at.x + ux * rad * 0.55;
          const y1 = at.y + uy * rad * 0.55;
          const x2 = end.x - ux * rad * 0.7;
          const y2 = end.y - uy * rad * 0.7;
          const head = `${x2},${y2} ${x2 - ux * 10 - uy * 6},${y2 - uy * 10 + ux * 6} ${x2 - ux * 10 + uy * 6},${y2 - uy * 10 - ux * 6}`;
          g.append(s('line', { x1, y1, x2, y2, stroke: colour(c.owner), class: 'hm-arrow' }),
            s('polygon', { points: head, fill: colour(c.owner), class: 'hm-arrow-head' }));
        }
      }
      layer(at.svg, false).append(g);
      layer(at.svg, true).append(badge);
      if (!before.has(key)) fresh.push(g, badge);
    });
  }
  ctx.markKeys = now;
  if (!reduceMotion()) {
    for (const g of fresh) {
      g.animate([{ opacity: 0, transform: 'scale(1.7)' }, { opacity: 1, transform: 'scale(1)' }], { duration: 650, easing: 'ease-out' });
    }
    for (const t of travels) travel(layer(t.svg, true), t);
  }
}

/**
 * A piece in its owner's colour travelling from one place to another along
 * the move's arrow (0.8 s), then gone: the arrow and the rings stay to say
 * what moved. Several pieces show as one disc with their count.
 */
function travel(into, { from, to, fill, count }) {
  const piece = s('g', { class: 'hm-travel', 'aria-hidden': 'true' },
    s('circle', { cx: from.x, cy: from.y, r: 10, fill, stroke: '#fff', 'stroke-width': 2 }),
    count > 1 ? s('text', { x: from.x, y: from.y + 4, class: 'hm-travel-n' }, String(count)) : null);
  into.append(piece);
  const run = piece.animate([
    { transform: 'translate(0px, 0px)', opacity: 0.2 },
    { transform: 'translate(0px, 0px)', opacity: 1, offset: 0.15 },
    { transform: `translate(${to.x - from.x}px, ${to.y - from.y}px)`, opacity: 1, offset: 0.85 },
    { transform: `translate(${to.x - from.x}px, ${to.y - from.y}px)`, opacity: 0 },
  ], { duration: 800, easing: 'ease-in-out' });
  run.onfinish = () => piece.remove();
  run.oncancel = () => piece.remove();
}

/** Lights up one seat's marks (the summary's hover), or none. */
function highlight(ctx, seat) {
  ctx.board.classList.toggle('hm-focus', seat !== null);
  for (const g of ctx.board.querySelectorAll('.hm-mark')) {
    g.classList.toggle('hm-hl', seat !== null && Number(g.dataset.markSeat) === seat);
  }
}

function myTurn(st) {
  return st && !st.over && st.seat !== null && st.seat === st.to_move && st.legal.length > 0;
}

/** On your turn: the other seats' choices since your previous one, grouped by seat; dismissible. */
function summary(ctx, seatName) {
  const st = ctx.state;
  if (!myTurn(st)) return null;
  // My previous choice: my own, not one a stand-in bot made for me while I
  // was away (what the bot did is news to me, and is shown as the bot's).
  let i = ctx.log.length;
  while (i > 0 && (ctx.log[i - 1].seat !== st.seat || ctx.log[i - 1].stand_in)) i--;
  if (i === 0) return null; // no choice of mine yet: nothing to compare with
  const since = ctx.log.slice(i);
  if (!since.length) return null;
  const key = `eons.happened.${st.id}.${st.seat}`;
  const last = String(since[since.length - 1].n);
  if (sessionStorage.getItem(key) === last) return null;
  const groups = [];
  for (const e of since) {
    const g = groups[groups.length - 1];
    if (g && g.seat === e.seat && (g.stand_in || null) === (e.stand_in || null)) g.entries.push(e);
    else groups.push({ seat: e.seat, stand_in: e.stand_in, entries: [e] });
  }
  const SHOW = 6;
  const items = groups.map((g) => {
    const hidden = g.entries.length - SHOW;
    const shown = hidden > 0 ? g.entries.slice(-SHOW) : g.entries;
    const changed = g.entries.reduce((n, e) => n + (e.changes ? e.changes.length : 0), 0);
    return h('li', {
      class: 'hp-group', 'data-seat': g.seat, tabindex: 0,
      onmouseenter: () => highlight(ctx, g.seat), onmouseleave: () => highlight(ctx, null),
      onfocus: () => highlight(ctx, g.seat), onblur: () => highlight(ctx, null),
    },
    h('span', { class: 'hp-who' }, logWho(seatName(st, g.seat), g)),
    changed ? h('span', { class: 'muted small' }, ` · ${changed} board change${changed === 1 ? '' : 's'} marked`) : null,
    h('ol', { class: 'hp-entries' },
      hidden > 0 ? h('li', { class: 'muted small' }, `${hidden} earlier choice${hidden === 1 ? '' : 's'} in the log`) : null,
      shown.map((e) => {
        // Events that only restate the choice ("Birds place an AP on …") are left out.
        const more = e.events.filter((t) => !t.includes(e.choice));
        return h('li', {}, e.choice, more.length ? h('span', { class: 'hp-events' }, ` — ${more.join('; ')}`) : null);
      })));
  });
  return h('section', { class: 'panel happened', id: 'happened', 'aria-label': 'Since your last move' },
    h('div', { class: 'hp-head' }, h('strong', {}, 'Since your last move'),
      h('button', { class: 'ghost small hp-close', id: 'happened-close', title: 'Hide until your next turn', onclick: () => {
        sessionStorage.setItem(key, last);
        highlight(ctx, null);
        document.getElementById('happened')?.remove();
      } }, '✕')),
    h('ul', { class: 'hp-groups' }, items));
}

function seconds(ms) {
  if (ms < 1000) return `${ms} ms`;
  const x = ms / 1000;
  return `${Number.isInteger(x) ? x : x.toFixed(1)} s`;
}

/** The bots' pace: shown to everyone at a table with bots; a seated human may change it. */
function paceControl(ctx, seatName) {
  const st = ctx.state;
  const p = st.bot_pace;
  if (!p || st.over || !st.seats.some((x) => x.kind === 'bot')) return null;
  const human = st.seat !== null && st.seats[st.seat] && st.seats[st.seat].kind === 'human';
  const who = (seat) => (seat === st.seat ? 'you' : seatName(st, seat));
  const status = p.paused
    ? h('span', { class: 'hp-paused' }, `paused by ${p.paused_by.map(who).join(' and ')}`)
    : h('span', { title: 'How long the bots wait before each move' }, `${seconds(p.pace_ms)} per move`);
  const parts = [h('span', { class: 'hp-label' }, 'Bots'), status];
  if (human) {
    const mine = p.mine || { pace_ms: p.pace_ms, paused: false };
    const clamp = (ms) => Math.max(p.min_ms, Math.min(p.max_ms, Math.round(ms)));
    const send = async (ask) => {
      try {
        await api.pace(st.id, ctx.token, ask);
      } catch (e) {
        toast(e.message, 'error');
      }
    };
    const base = Math.max(mine.pace_ms, p.min_ms);
    parts.push(
      h('button', { class: 'small', id: 'pace-slower', disabled: base >= p.max_ms ? true : null, title: 'Bots wait twice as long before each move', onclick: () => send({ pace_ms: clamp(base * 2), paused: mine.paused }) }, 'Slower'),
      h('button', { class: 'small', id: 'pace-faster', disabled: base <= p.min_ms ? true : null, title: 'Bots wait half as long (the slowest pace a player asks for wins)', onclick: () => send({ pace_ms: clamp(base / 2), paused: mine.paused }) }, 'Faster'),
      mine.paused
        ? h('button', { class: 'small hot', id: 'pace-continue', onclick: () => send({ pace_ms: clamp(base), paused: false }) }, 'Continue')
        : h('button', { class: 'small', id: 'pace-pause', title: 'Bots wait until you continue', onclick: () => send({ pace_ms: clamp(base), paused: true }) }, 'Pause'));
  }
  return h('div', { class: 'bot-pace', id: 'bot-pace', 'data-paused': String(p.paused), 'data-pace': p.pace_ms }, parts);
}
