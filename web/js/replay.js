// The replay viewer (/replay/ID): a finished game stepped through move by
// move from its stored record — the board drawn by the game's own renderer
// (as a spectator sees it, with no choices), the whole log with the steps
// still to come dimmed (a click on an entry jumps to it), a slider, the
// buttons ⏮ ◀ ▶ ⏭, a jump to where a turn, round or stage begins (the
// engine's chapters), autoplay at a chosen speed (Space), and the keys ← →
// Home End; each seat's chances to win step by step, with the biggest drops
// marked in the log (chances.js). It opens at the start, or at the end for a
// player of the game
// (this browser holds a seat of it), or at the step in the link (#step=N),
// which follows the step shown so that a link shares the moment.
import { api, mine } from './api.js';
import { loadCatalog } from './cards.js';
import { h, s, fill, botBadge, profileBadge, logWho } from './dom.js';
import { linkTable, panKeeper, placesAttribute } from './link.js';
import { finalPanel } from './final.js';
import { chancesPanel } from './chances.js';
import { rendererFor } from './games/contract.js';

export async function replay(root, id) {
  let meta;
  try {
    meta = await api.replay(id);
  } catch (e) {
    const why = e.status === 409 ? 'This game is still being played: its replay opens when it is over.' : e.message;
    root.replaceChildren(h('div', { class: 'panel', id: 'replay-error' }, h('h2', {}, 'No replay'), h('p', {}, why),
      h('p', {}, h('a', { href: `/play/${encodeURIComponent(id)}` }, 'Watch the game'), ' · ', h('a', { href: '/' }, 'Back to the lobby'))));
    return;
  }
  // The game's cards and tables, as the table has them (ctx.catalog), and its renderer.
  const [catalog, r] = await Promise.all([loadCatalog(meta.game), rendererFor(meta.game)]);
  const last = meta.steps - 1;
  const name = (i) => seatName(meta, i);
  const cache = new Map();
  const view = {
    step: null,     // the step shown
    wanted: last,   // the step asked for (the slider may run ahead of the answers)
    local: {},
    claimed: new Set(),
  };

  const slider = h('input', { type: 'range', min: 0, max: last, value: last, id: 'replay-slider', 'aria-label': 'Step' });
  const counter = h('span', { class: 'replay-count', id: 'replay-count' });
  // Autoplay: a step every `speed.value` milliseconds, until the end or a pause.
  const play = h('button', { class: 'ghost replay-btn replay-play', id: 'replay-play', title: 'Play the game on (Space)', 'aria-pressed': 'false', onclick: () => toggle() }, playIcon(false), 'Play');
  const speed = h('select', { id: 'replay-speed', 'aria-label': 'Autoplay speed', title: 'Autoplay speed' },
    [[2000, 'slow'], [800, 'normal'], [300, 'fast'], [80, 'fastest']].map(([ms, label]) => h('option', { value: ms, selected: ms === 800 ? true : null }, label)));
  const button = (icon, title, idName, to) => h('button', { class: 'ghost replay-btn', id: idName, title, 'aria-label': title, onclick: () => go(to()) }, icon);
  // The game's parts (turns, rounds, stages), each a jump to where it begins.
  const chapters = meta.chapters || [];
  const jump = chapters.length > 1 ? h('select', { id: 'replay-chapter', 'aria-label': 'Jump to a part of the game', title: 'Jump to where a part of the game begins' },
    chapters.map((c) => h('option', { value: c.step }, c.title))) : null;
  if (jump) jump.addEventListener('change', () => { stop(); go(Number(jump.value)); });
  const controls = h('div', { class: 'replay-controls' },
    button(icon(true, true), 'First step (Home)', 'replay-first', () => 0),
    button(icon(true, false), 'Step back (←)', 'replay-back', () => view.wanted - 1),
    slider,
    button(icon(false, false), 'Step forward (→)', 'replay-forward', () => view.wanted + 1),
    button(icon(false, true), 'Last step (End)', 'replay-last', () => last),
    play, speed, jump,
    counter);
  const what = h('div', { class: 'replay-what', id: 'replay-what' });
  const bar = h('div', { class: 'promptbar replay-bar', id: 'replay-bar' }, controls, what);
  const board = h('div', { class: 'board', id: 'board' });
  const players = h('section', { class: 'panel players', id: 'players' });
  const list = h('ol', { class: 'log-list', id: 'replay-log', tabindex: 0, 'aria-label': 'Game log: a click on an entry shows the board after it' }, meta.log.map((e, i) => h('li', { class: 'log-entry later', 'data-step': i + 1, 'data-places': placesAttribute(e.places), tabindex: -1 },
    logWho(name(e.seat), e), ': ', e.choice,
    e.events.length ? h('ul', { class: 'log-events' }, e.events.map((t) => h('li', {}, t))) : null)));
  const logBox = h('section', { class: 'panel log', id: 'log' }, h('h3', {}, 'Game log'), list);
  // Each seat's chances step by step, and the biggest drops (the server's analysis).
  const chances = chancesPanel({ id, last, name, colorOf: (role) => r.markColor(role), go: (step) => { stop(); go(step); }, log: list, choices: meta.log.map((e) => e.choice) });
  const side = h('aside', { class: 'side' }, players, logBox);
  // The chances above the board, in its column: the side keeps its place beside them.
  root.replaceChildren(h('div', { class: 'table replay' }, bar, h('div', { class: 'table-grid' }, h('div', { class: 'replay-main' }, chances.box, board), side)));
  // Pointing at a log entry lights the places it names, as at the table.
  linkTable(root);
  // A phone shows the middle of a board that pans, as the table does.
  const restorePans = panKeeper(board);
  list.addEventListener('click', (ev) => {
    const entry = ev.target instanceof Element ? ev.target.closest('.log-entry') : null;
    if (entry) { stop(); go(Number(entry.dataset.step)); }
  });
  document.getElementById('topinfo').replaceChildren(
    h('span', { class: 'game-name' }, meta.game_name),
    h('span', { class: 'muted' }, ` · game ${meta.id}`),
    h('span', { class: 'badge' }, 'replay'));
  document.title = `Eons — replay of ${meta.game_name}`;

  // Dragging the slider asks for the board only where it rests a moment.
  let settle = null;
  slider.addEventListener('input', () => {
    const to = Number(slider.value);
    view.wanted = to;
    counter.textContent = `Step ${to} / ${last}`;
    clearTimeout(settle);
    settle = setTimeout(() => go(to), 80);
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLTextAreaElement) return;
    if (ev.key === ' ' && !(ev.target instanceof HTMLButtonElement)) {
      ev.preventDefault();
      toggle();
      return;
    }
    const to = { ArrowLeft: view.wanted - 1, ArrowRight: view.wanted + 1, Home: 0, End: last }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    stop();
    go(to);
  });

  let timer = null;
  /** Starts autoplay (from the start again when at the end), or pauses it. */
  function toggle() {
    if (timer !== null) { stop(); return; }
    if (view.wanted >= last) go(0);
    play.setAttribute('aria-pressed', 'true');
    play.title = 'Pause (Space)';
    fill(play, playIcon(true), 'Pause');
    document.body.dataset.autoplay = 'on';
    tick();
  }
  function tick() {
    timer = setTimeout(async () => {
      if (timer === null) return;
      await go(view.wanted + 1);
      if (view.wanted >= last) stop();
      else if (timer !== null) tick();
    }, Number(speed.value));
  }
  function stop() {
    clearTimeout(timer);
    timer = null;
    play.setAttribute('aria-pressed', 'false');
    play.title = 'Play the game on (Space)';
    fill(play, playIcon(false), 'Play');
    document.body.dataset.autoplay = 'off';
  }
  for (const b of controls.querySelectorAll('#replay-first, #replay-back, #replay-forward, #replay-last')) b.addEventListener('click', stop);
  slider.addEventListener('input', stop);

  /** The board after `step` choices, fetched once. */
  function load(step) {
    if (!cache.has(step)) {
      const p = api.replayStep(id, step);
      p.catch(() => cache.delete(step));
      cache.set(step, p);
    }
    return cache.get(step);
  }

  async function go(step) {
    step = Math.max(0, Math.min(last, step));
    view.wanted = step;
    slider.value = String(step);
    counter.textContent = `Step ${step} / ${last}`;
    let st;
    try {
      st = await load(step);
    } catch (e) {
      fill(what, h('span', { class: 'notice' }, `Step ${step} could not be loaded: ${e.message}`));
      return;
    }
    if (view.wanted !== step) return; // a later step was asked for meanwhile
    show(st);
    if (step < last) load(step + 1).catch(() => {});
  }

  function show(st) {
    const before = view.step === null ? 0 : view.step;
    view.step = st.step;
    document.body.dataset.step = String(st.step);
    // The log up to the step: entries after it are hidden, the step's own is marked.
    const lo = Math.min(before, st.step);
    const hi = Math.max(before, st.step);
    const items = list.children;
    for (let i = Math.max(0, lo - 1); i <= Math.min(items.length - 1, hi); i++) {
      items[i].classList.toggle('later', i >= st.step);
      items[i].classList.toggle('current', i === st.step - 1);
    }
    history.replaceState(null, '', st.step === 0 ? location.pathname : `#step=${st.step}`);
    // Only the log scrolls to the step's entry (scrollIntoView would scroll the page too).
    const cur = items[st.step - 1];
    if (cur) {
      const box = list.getBoundingClientRect();
      const at = cur.getBoundingClientRect();
      if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
      else if (at.top < box.top) list.scrollTop -= box.top - at.top;
    } else {
      list.scrollTop = 0;
    }
    // The jump list shows the part the step is in.
    if (jump) {
      let at = 0;
      chapters.forEach((c, i) => { if (c.step <= st.step) at = i; });
      jump.selectedIndex = at;
    }
    const entry = meta.log[st.step - 1];
    fill(what, entry
      ? [h('span', { class: 'log-who' }, name(entry.seat)), ': ', entry.choice]
      : h('span', { class: 'muted' }, 'The start of the game'),
    st.over ? null : h('span', { class: 'muted small replay-next' }, ` · next: ${st.prompt}`));
    chances.mark(st.step);
    view.claimed = new Set();
    view.local = {};
    const ctx = {
      catalog,
      legal: [],
      claimed: view.claimed,
      local: view.local,
      choose: () => {},
      offer: () => {},
      redraw: () => show(st),
    };
    r.render(board, st, ctx);
    restorePans();
    fill(players, h('h3', {}, 'Players'), h('ul', { class: 'seat-list' }, st.seats.map((s, i) => h('li', { class: `seat ${st.to_move === i ? 'to-move' : ''}` },
      h('span', { class: 'seat-name' }, name(i)), botBadge(s), profileBadge(s), r.seatInfo(st, i)))));
    if (st.over) {
      const box = finalPanel(st, { name, role: (i) => r.seatRole(st, i), token: null, replayLink: false });
      if (box) board.prepend(box);
    }
  }

  // Where to open: the step in the link, else the end for a player of the game, else the start.
  const asked = location.hash.match(/^#step=(\d+)$/);
  const played = mine.all().some((g) => g.id === id && g.token);
  go(asked ? Number(asked[1]) : played ? last : 0);
}

/** The autoplay button's icon: a triangle to play, two bars to pause. */
function playIcon(playing) {
  return s('svg', { viewBox: '0 0 18 18', width: 18, height: 18, 'aria-hidden': 'true' }, playing
    ? [s('rect', { x: 4, y: 3, width: 3.5, height: 12, fill: 'currentColor' }), s('rect', { x: 10.5, y: 3, width: 3.5, height: 12, fill: 'currentColor' })]
    : s('polygon', { points: '5,3 15,9 5,15', fill: 'currentColor' }));
}

/** The ◀ ▶ ⏮ ⏭ icons drawn (fonts often lack ⏮ and ⏭): a triangle pointing back or on, with a bar for "to the end". */
function icon(back, bar) {
  const tri = back ? '13,3 13,15 4,9' : '5,3 5,15 14,9';
  const barX = back ? 2 : 14;
  return s('svg', { viewBox: '0 0 18 18', width: 18, height: 18, 'aria-hidden': 'true' },
    s('polygon', { points: tri, fill: 'currentColor' }),
    bar ? s('rect', { x: barX, y: 3, width: 2, height: 12, fill: 'currentColor' }) : null);
}

function seatName(meta, i) {
  const s = meta.seats[i];
  if (!s) return `Seat ${i + 1}`;
  return s.name || (s.kind === 'bot' ? `Bot (${s.bot})` : `Seat ${i + 1}`);
}
