// The lobby: create a game, see my games, copy invite links, watch others.
import { api, mine, inviteLink, loadServer, onLoopback } from './api.js';
import { clockText } from './clock.js';
import { profilePanel } from './profile.js';
import { h, toast, copy, botBadge, profileBadge } from './dom.js';
import { optionControls } from './setup-form.js';
import { claimHotseat } from './hotseat.js';

const BOTS = [
  ['random', 'Bot — random (instant)'],
  ['greedy', 'Bot — greedy'],
  ['mcts:easy', 'Bot — MCTS easy'],
  ['mcts:medium', 'Bot — MCTS medium'],
  ['mcts:1s', 'Bot — MCTS 1 s/move'],
];
/** Offered for a seat where the game has a value network for the player count (`learned_bot_players`). */
const LEARNED_BOT = ['mcts:learned', 'Bot — learned, 1 s/move'];

/** Time controls offered at creation: [value, words, the request's `clock`]. */
const CLOCKS = [
  ['none', 'No clock: the game waits for every player', null],
  ['live', 'Live: 30 s a decision + 10 min bank', { per_decision_s: 30, bank_s: 600 }],
  ['quick', 'Quick: 10 s a decision + 3 min bank', { per_decision_s: 10, bank_s: 180 }],
  ['days', 'Over days: 24 h a decision + 3 days bank', { per_decision_s: 86400, bank_s: 259200 }],
  ['custom', 'My own times…', null],
];
/** The free values' units: a decision's time in seconds, minutes or hours; the bank in minutes, hours or days. */
const UNITS = { s: 1, min: 60, h: 3600, d: 86400 };

export async function lobby(root) {
  document.title = 'Eons — lobby';
  document.getElementById('topinfo').textContent = '';
  root.replaceChildren(
    h('div', { class: 'lobby' },
      h('section', { class: 'panel hero' },
        h('h1', {}, 'Play evolution board games'),
        h('p', {}, 'Create a table, invite friends with a link, fill the other seats with bots, and play in the browser.')),
      h('section', { class: 'panel', id: 'create' }, h('h2', {}, 'New game'), h('p', { class: 'muted' }, 'Loading games…')),
      h('section', { class: 'panel', id: 'profile' }, h('h2', {}, 'Profile')),
      h('section', { class: 'panel', id: 'mine' }, h('h2', {}, 'My games')),
      h('section', { class: 'panel', id: 'find' }, h('h2', {}, 'Find a game')),
      h('section', { class: 'panel', id: 'open-games' }, h('h2', {}, 'Open seats')),
      h('section', { class: 'panel', id: 'recent' }, h('h2', {}, 'Games on this server'))));
  let kinds = [];
  const server = await loadServer();
  // Invite links made here would point at this machine only: say how to reach friends.
  if (!server.public_url && onLoopback()) {
    root.querySelector('.hero').append(h('p', { class: 'notice small', id: 'loopback-notice' },
      `Invite links made here point at ${location.host}, which only this computer reaches. `,
      'For friends on other machines, start Eons with ',
      h('code', {}, '--addr 0.0.0.0:8080 --public-url http://THIS-COMPUTER:8080'),
      ' (README: “Play with friends on other machines”).'));
  }
  try {
    kinds = await api.kinds();
  } catch (e) {
    toast(`Cannot reach the server: ${e.message}`, 'error');
  }
  renderCreate(document.getElementById('create'), kinds);
  profilePanel(document.getElementById('profile'), kinds);
  const mineShown = renderMine(document.getElementById('mine'));
  const lists = () => {
    renderOpen(document.getElementById('open-games'));
    renderRecent(document.getElementById('recent'));
  };
  renderFind(document.getElementById('find'), kinds, lists);
  // After "My games", which may bring this browser the profile's games: the lists mark them.
  mineShown.finally(lists);
}

/**
 * The lobby's filters, kept in the page's address (?game=ds&player=ann&friends=1)
 * so that a reload or a shared link keeps them: the server filters the lists.
 */
function filters() {
  const q = new URLSearchParams(location.search);
  return { game: q.get('game') || '', player: q.get('player') || '', friends: q.get('friends') === '1' };
}

/** The query of the lists for the filters `f`, after `first` (open=1). */
function filterQuery(f, first = '') {
  const q = new URLSearchParams(first);
  if (f.game) q.set('game', f.game);
  if (f.player) q.set('player', f.player);
  if (f.friends) q.set('friends', '1');
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** "Find a game": the game, a player's name, friends only; the lists below follow. */
function renderFind(box, kinds, lists) {
  const f = filters();
  const game = h('select', { id: 'find-game', 'aria-label': 'Game' }, h('option', { value: '' }, 'All games'), kinds.map((k) => h('option', { value: k.id, selected: f.game === k.id ? true : null }, k.name)));
  const player = h('input', { type: 'search', id: 'find-player', maxlength: 40, placeholder: 'A player’s name', value: f.player, 'aria-label': 'Player' });
  const friends = h('input', { type: 'checkbox', id: 'find-friends', checked: f.friends ? true : null });
  let wait = null;
  const apply = () => {
    const now = { game: game.value, player: player.value.trim(), friends: friends.checked };
    history.replaceState(null, '', `${location.pathname}${filterQuery(now)}`);
    lists();
  };
  game.addEventListener('change', apply);
  friends.addEventListener('change', apply);
  player.addEventListener('input', () => { clearTimeout(wait); wait = setTimeout(apply, 300); });
  box.replaceChildren(h('h2', {}, 'Find a game'),
    h('div', { class: 'find-row' },
      game, player,
      h('label', { class: 'check-row', for: 'find-friends' }, friends, h('span', {}, 'With friends (two players or more)'))));
}

function renderCreate(box, kinds) {
  if (!kinds.length) {
    box.replaceChildren(h('h2', {}, 'New game'), h('p', { class: 'muted' }, 'No games available.'));
    return;
  }
  const gameSel = h('select', { id: 'new-game', name: 'game' }, kinds.map((k) => h('option', { value: k.id }, k.name)));
  const playersSel = h('select', { id: 'new-players', name: 'players' });
  const modeSel = h('select', { id: 'new-mode', name: 'mode' },
    h('option', { value: 'online' }, 'Online: each player on their own device (invite links)'),
    h('option', { value: 'hotseat' }, 'Hotseat: all human seats on this device'));
  const hotseat = () => modeSel.value === 'hotseat';
  const optionsBox = h('div', { class: 'options-box' });
  let controls = null;
  const seatsBox = h('div', { class: 'seats' });
  const nameIn = h('input', { id: 'my-name', type: 'text', maxlength: 40, placeholder: 'Your name', value: mine.name() });
  const seedIn = h('input', { id: 'new-seed', type: 'text', inputmode: 'numeric', placeholder: 'random' });
  const go = h('button', { class: 'primary', id: 'create-game', type: 'submit' }, 'Create game');
  const clockSel = h('select', { id: 'new-clock', name: 'clock' }, CLOCKS.map(([v, t]) => h('option', { value: v }, t)));
  const spectatorChat = h('input', { type: 'checkbox', id: 'new-spectator-chat' });
  const timeoutSel = h('select', { id: 'new-on-timeout', name: 'on_timeout' }, BOTS.map(([v, t]) => h('option', { value: v }, t)));
  timeoutSel.value = 'greedy';
  const timeoutRow = h('label', { class: 'wide' }, h('span', {}, 'When a player runs out of time, their seat is played by'), timeoutSel);
  // My own times: a decision's time and a bank, each a number and a unit.
  const perIn = h('input', { type: 'number', id: 'new-clock-decision', min: 1, step: 1, value: 60, 'aria-label': 'Time for each decision' });
  const perUnit = h('select', { id: 'new-clock-decision-unit', 'aria-label': 'Unit of the time for each decision' }, ['s', 'min', 'h'].map((u) => h('option', { value: u }, u)));
  const bankIn = h('input', { type: 'number', id: 'new-clock-bank', min: 0, step: 1, value: 10, 'aria-label': 'Bank' });
  const bankUnit = h('select', { id: 'new-clock-bank-unit', 'aria-label': 'Unit of the bank' }, ['min', 'h', 'd'].map((u) => h('option', { value: u }, u)));
  const customRow = h('div', { class: 'wide custom-clock', id: 'custom-clock' },
    h('label', {}, h('span', {}, 'Each decision'), h('span', { class: 'pair' }, perIn, perUnit)),
    h('label', {}, h('span', {}, 'Bank, spent once a decision’s time is up'), h('span', { class: 'pair' }, bankIn, bankUnit)));
  const showTimeout = () => {
    timeoutRow.hidden = clockSel.value === 'none';
    customRow.hidden = clockSel.value !== 'custom';
  };
  clockSel.addEventListener('change', showTimeout);
  showTimeout();

  const kind = () => kinds.find((k) => k.id === gameSel.value) || kinds[0];
  // The bots a seat may have: the learned one only where the server has its network.
  const seatBots = () => ((kind().learned_bot_players || []).includes(Number(playersSel.value)) ? [...BOTS, LEARNED_BOT] : BOTS);
  // Online: me, friends by invite link, bots. Hotseat: players on this device (named here), bots.
  const seatRow = (i, value, name) => {
    const sel = h('select', { class: 'seat-kind', 'data-seat': i, 'aria-label': `Seat ${i + 1}` },
      hotseat() ? h('option', { value: 'local' }, 'Player on this device') : null,
      !hotseat() && i === 0 ? h('option', { value: 'me' }, 'Me') : null,
      !hotseat() ? h('option', { value: 'friend' }, 'A friend (invite link)') : null,
      !hotseat() ? h('option', { value: 'open' }, 'Anyone (an open seat, listed in the lobby)') : null,
      seatBots().map(([v, t]) => h('option', { value: `bot:${v}` }, t)));
    sel.value = value;
    // A bot not offered here (the learned one without a network): a greedy bot instead.
    if (!sel.value && String(value).startsWith('bot:')) sel.value = 'bot:greedy';
    if (!sel.value) sel.value = hotseat() ? 'local' : i === 0 ? 'me' : 'friend';
    const nameIn = h('input', { type: 'text', class: 'seat-player', 'data-seat': i, maxlength: 40, value: name || `Player ${i + 1}`, 'aria-label': `Seat ${i + 1}: name` });
    const showName = () => { nameIn.hidden = !(hotseat() && sel.value === 'local'); };
    sel.addEventListener('change', showName);
    showName();
    return h('div', { class: 'seat-row' }, h('span', { class: 'seat-no' }, `Seat ${i + 1}`), h('div', { class: 'seat-fields' }, sel, nameIn));
  };
  const refreshSeats = () => {
    const n = Number(playersSel.value);
    const old = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    const oldNames = [...seatsBox.querySelectorAll('.seat-player')].map((x) => x.value);
    const first = (i) => (hotseat() ? (i < 2 ? 'local' : 'bot:greedy') : i === 0 ? 'me' : 'bot:greedy');
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, old[i] || first(i), oldNames[i])));
    nameRow.hidden = hotseat();
    if (controls) controls.refresh();
  };
  const refreshKind = () => {
    const k = kind();
    playersSel.replaceChildren(...k.players.map((p) => h('option', { value: p }, `${p} players`)));
    playersSel.value = String(k.players.includes(2) ? 2 : k.players[0]);
    controls = optionControls(k, () => Number(playersSel.value));
    optionsBox.replaceChildren(controls.el);
    refreshSeats();
  };
  gameSel.addEventListener('change', refreshKind);
  playersSel.addEventListener('change', refreshSeats);
  modeSel.addEventListener('change', () => {
    // The seats' kinds differ between the modes: start the seats afresh.
    seatsBox.replaceChildren();
    refreshSeats();
  });
  const nameRow = h('label', {}, h('span', {}, 'Your name'), nameIn);

  const form = h('form', { class: 'create-form', onsubmit: async (ev) => {
    ev.preventDefault();
    go.disabled = true;
    try {
      const myName = nameIn.value.trim();
      if (myName) mine.setName(myName);
      const options = controls ? controls.values() : [];
      const kinds_ = [...seatsBox.querySelectorAll('select.seat-kind')].map((s) => s.value);
      const names = [...seatsBox.querySelectorAll('.seat-player')].map((x, i) => x.value.trim() || `Player ${i + 1}`);
      const seats = kinds_.map((v, i) => (v.startsWith('bot:') ? { kind: 'bot', bot: v.slice(4) }
        : v === 'open' ? { kind: 'open' }
        : { kind: 'human', name: v === 'me' ? (myName || null) : v === 'local' ? names[i] : null }));
      const req = { game: gameSel.value, players: Number(playersSel.value), options, seats };
      if (seedIn.value.trim()) req.seed = seedIn.value.trim();
      const clock = CLOCKS.find(([v]) => v === clockSel.value);
      if (clockSel.value === 'custom') {
        req.clock = { per_decision_s: Math.round(Number(perIn.value) * UNITS[perUnit.value]), bank_s: Math.round(Number(bankIn.value) * UNITS[bankUnit.value]) };
        req.on_timeout = timeoutSel.value;
      } else if (clock && clock[2]) { req.clock = clock[2]; req.on_timeout = timeoutSel.value; }
      if (spectatorChat.checked) req.spectator_chat = true;
      const r = await api.create(req);
      if (hotseat()) {
        await claimHotseat({ ...r, game: gameSel.value }, names);
        location.assign(`/play/${encodeURIComponent(r.id)}`);
        return;
      }
      const tokens = r.tokens || [];
      const meSeat = kinds_.indexOf('me');
      const invites = tokens.filter((t) => t.seat !== meSeat);
      const myTok = tokens.find((t) => t.seat === meSeat);
      // Claiming my seat exchanges its invite token for my own seat token.
      let myToken = myTok ? myTok.token : null;
      if (myTok) {
        try {
          myToken = (await api.claim(myTok.token, myName || null)).token;
        } catch { /* the seat stays open: its invite token still opens it */ }
      }
      mine.add({ id: r.id, game: r.game, seat: myTok ? myTok.seat : null, token: myToken, invites });
      const url = `/play/${encodeURIComponent(r.id)}${myToken ? `#t=${encodeURIComponent(myToken)}` : ''}`;
      location.assign(url);
    } catch (e) {
      toast(e.message, 'error');
      go.disabled = false;
    }
  } },
  h('div', { class: 'form-grid' },
    h('label', {}, h('span', {}, 'Game'), gameSel),
    h('label', {}, h('span', {}, 'Players'), playersSel),
    h('label', { class: 'wide' }, h('span', {}, 'Where the players sit'), modeSel),
    nameRow,
    h('label', {}, h('span', {}, 'Seed'), seedIn),
    h('label', { class: 'wide' }, h('span', {}, 'Clock'), clockSel),
    customRow,
    timeoutRow,
    h('label', { class: 'wide check-row', for: 'new-spectator-chat' }, spectatorChat, h('span', {}, 'Spectators may write in the chat (players always may)'))),
  h('h3', {}, 'Seats'), seatsBox,
  h('details', { class: 'more' }, h('summary', {}, 'Options'), optionsBox),
  h('div', { class: 'actions' }, go));
  box.replaceChildren(h('h2', {}, 'New game'), form);
  refreshKind();
}

/**
 * "My games": the profile's games, from any device (GET /api/me/games, each with a token that
 * opens its seat here, kept in this browser), with the games this browser keeps, each once;
 * unfinished games first, newest first.
 */
async function renderMine(box) {
  const p = mine.profile();
  let theirs = [];
  if (p) {
    try {
      theirs = (await api.myGames(p.key)).games;
      mine.adopt(theirs);
    } catch { theirs = []; /* the games kept here still show */ }
  }
  const list = mine.all();
  if (!list.length) {
    box.replaceChildren(h('h2', {}, 'My games'), h('p', { class: 'muted' }, p
      ? 'Games you create or join appear here, on every device that holds your profile.'
      : 'Games you create or join appear here (kept in this browser; with a profile, on every device).'));
    return;
  }
  const known = new Map(theirs.map((x) => [x.id, x.summary]));
  const rows = await Promise.all(list.map(async (g) => {
    let sum = known.get(g.id) || null;
    if (!sum) {
      try { sum = await api.game(g.id); } catch (e) { if (e.status === 404) return null; }
    }
    return { g, sum };
  }));
  const newest = (r) => (r.sum ? r.sum.created_at : r.g.added) || 0;
  const order = (a, b) => Number(Boolean(a.sum && a.sum.over)) - Number(Boolean(b.sum && b.sum.over)) || newest(b) - newest(a);
  const items = rows.filter(Boolean).sort(order).map(({ g, sum }) => {
    // A hotseat game is this browser's move whenever one of its local seats is to move.
    const local = g.hotseat ? g.hotseat.map((x) => x.seat) : [g.seat];
    const ours = sum && !sum.over && local.includes(sum.to_move);
    const status = !sum ? 'unreachable' : sum.over ? finalText(sum, g.hotseat ? null : g.seat) : ours ? (g.hotseat ? `${seatLabel(sum, sum.to_move)} to move` : 'Your move') : `Waiting for ${seatLabel(sum, sum.to_move)}`;
    const cls = ours ? 'badge hot' : 'badge';
    const link = `/play/${encodeURIComponent(g.id)}${g.token && !g.hotseat ? `#t=${encodeURIComponent(g.token)}` : ''}`;
    return h('li', { class: 'game-item', 'data-game': g.id },
      h('div', { class: 'game-main' },
        h('a', { href: link, class: 'game-link' }, `${sum ? sum.game_name : g.game} · ${g.id}`),
        h('span', { class: cls }, status),
        g.hotseat ? h('span', { class: 'badge' }, 'hotseat') : null,
        sum ? h('div', { class: 'muted small' }, seatsText(sum), ` · move ${sum.move}`, sum.clock ? ` · ${clockText(sum.clock)}` : '') : null),
      h('div', { class: 'game-actions' },
        sum && sum.over ? h('a', { class: 'button small ghost replay-link', href: `/replay/${encodeURIComponent(g.id)}` }, 'Replay') : null,
        openInvites(g, sum).map((inv) => h('button', { class: 'small', onclick: () => copy(inviteLink(g.id, inv.token)), title: 'Copy the invite link for this seat' }, `Invite seat ${inv.seat + 1}`)),
        // A profile's game comes back on every device: there is nothing to forget.
        known.has(g.id) ? null : h('button', { class: 'small ghost', onclick: () => { mine.forget(g.id); renderMine(box); } }, 'Forget')));
  });
  // replaceChildren writes a null as the text "null": only what is there.
  box.replaceChildren(...[h('h2', {}, 'My games'),
    p ? h('p', { class: 'muted small' }, `${p.name}’s games on every device, and the games kept in this browser.`) : null,
    h('ul', { class: 'game-list', id: 'mine-list' }, items)].filter(Boolean));
  if (location.hash === '#mine') box.scrollIntoView();
}

/** The invite links still worth sharing: seats not claimed yet (a claimed seat's invite opens nothing). */
function openInvites(g, sum) {
  if (!sum) return [];
  mine.dropClaimedInvites(g.id, sum.seats);
  return (g.invites || []).filter((inv) => sum.seats[inv.seat] && !sum.seats[inv.seat].claimed);
}

/** A seat as the lobby names it: its player's name, else "seat N". */
function seatLabel(sum, seat) {
  const s = sum.seats[seat];
  return (s && s.name) || `seat ${seat + 1}`;
}

/** The seats of a game, "Ann vs Ben": each name, with a "bot" badge on a seat its `bot` field says a bot plays and a "profile" mark on a seat a profile holds. */
function seatsText(sum) {
  return sum.seats.flatMap((s, i) => [
    i > 0 ? ' vs ' : null,
    h('span', { class: 'lobby-seat' }, s.open ? `seat ${s.seat + 1} (open)` : s.name || (s.bot ? s.bot : `seat ${s.seat + 1}${s.claimed ? '' : ' (invited)'}`)),
    botBadge(s),
    profileBadge(s),
  ]).filter(Boolean);
}

function finalText(sum, seat) {
  if (!sum.outcome) return 'Over';
  const scores = sum.outcome.scores.join(' – ');
  if (seat === null || seat === undefined) return `Over (${scores})`;
  return sum.outcome.ranking[0] === seat ? `You won (${scores})` : `Over (${scores})`;
}

/** Games with a seat anyone may take, each with a "Join" button. */
async function renderOpen(box) {
  let list = [];
  try { list = await api.openGames(filterQuery(filters(), 'open=1')); } catch { list = []; }
  const here = new Set(mine.all().map((g) => g.id));
  list = list.filter((g) => !here.has(g.id));
  if (!list.length) {
    const f = filters();
    box.replaceChildren(h('h2', {}, 'Open seats'), h('p', { class: 'muted' }, f.game || f.player || f.friends
      ? 'No game with an open seat matches the filters.'
      : 'No game has an open seat now. Create one with a seat for "Anyone" to find players here.'));
    return;
  }
  box.replaceChildren(h('h2', {}, 'Open seats'),
    h('ul', { class: 'game-list', id: 'open-list' }, list.slice(0, 20).map((g) => h('li', { class: 'game-item' },
      h('div', { class: 'game-main' },
        h('a', { href: `/play/${encodeURIComponent(g.id)}`, class: 'game-link' }, `${g.game_name} · ${g.id}`),
        h('span', { class: 'badge' }, `${g.seats.filter((s) => s.open).length} open`),
        h('div', { class: 'muted small' }, seatsText(g), g.clock ? ` · ${clockText(g.clock)}` : '')),
      h('div', { class: 'game-actions' },
        h('button', { class: 'small primary join-btn', 'data-game': g.id, onclick: (ev) => joinGame(g, ev.target) }, 'Join'))))));
}

/** Takes a game's open seat under this browser's name, then opens the table. */
async function joinGame(g, button) {
  button.disabled = true;
  try {
    const r = await api.join(g.id, mine.name() || null);
    mine.add({ id: g.id, game: g.game, seat: r.seat, token: r.token, invites: [] });
    location.assign(`/play/${encodeURIComponent(g.id)}#t=${encodeURIComponent(r.token)}`);
  } catch (e) {
    toast(e.message, 'error');
    button.disabled = false;
  }
}

async function renderRecent(box) {
  let list = [];
  const f = filters();
  try { list = await api.games(filterQuery(f)); } catch { list = []; }
  if (!list.length) {
    box.replaceChildren(h('h2', {}, 'Games on this server'), h('p', { class: 'muted' }, f.game || f.player || f.friends ? 'No game matches the filters.' : 'None yet.'));
    return;
  }
  // Games this browser plays in come first, marked.
  const here = new Set(mine.all().map((g) => g.id));
  list = [...list.filter((g) => here.has(g.id)), ...list.filter((g) => !here.has(g.id))];
  box.replaceChildren(h('h2', {}, 'Games on this server'),
    h('ul', { class: 'game-list', id: 'recent-list' }, list.slice(0, 20).map((g) => h('li', { class: 'game-item', 'data-game': g.id },
      h('div', { class: 'game-main' },
        h('a', { href: `/play/${encodeURIComponent(g.id)}`, class: 'game-link' }, `${g.game_name} · ${g.id}`),
        here.has(g.id) ? h('span', { class: 'badge hot' }, 'yours') : null,
        h('span', { class: 'badge' }, g.over ? 'over' : `move ${g.move}`),
        h('div', { class: 'muted small' }, seatsText(g), g.clock ? ` · ${clockText(g.clock)}` : '')),
      h('div', { class: 'game-actions' },
        g.over ? h('a', { class: 'button small ghost replay-link', href: `/replay/${encodeURIComponent(g.id)}` }, 'Replay') : null,
        h('a', { class: 'button small ghost', href: `/play/${encodeURIComponent(g.id)}` }, g.over ? 'Final scores' : 'Watch'))))));
}
