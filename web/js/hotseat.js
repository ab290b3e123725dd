// Hotseat: every human seat of a game played from this one browser tab.
//
// The lobby creates the game, claims each human seat with its player's name
// and keeps every seat token in this browser's list of games (`hotseat:
// [{seat, token, name}]` on the game's entry), so a reload plays on. The
// table shows the game as the local seat to move sees it (its view, choices,
// take-back and socket); when the turn passes to another local seat of a game
// with hidden information (the server's `hidden_information` of the game
// kind), a cover hides the whole table until that player says they hold the
// device.
import { api, mine } from './api.js';
import { h, possessive } from './dom.js';

/**
 * Claims every human seat of a game just created (`created`: the answer of
 * POST /api/games) with its player's name, remembers all their tokens, and
 * answers the first local seat's token. `names[seat]` is the name typed for a
 * human seat.
 */
export async function claimHotseat(created, names) {
  const local = [];
  for (const t of created.tokens || []) {
    const name = names[t.seat] || `Player ${t.seat + 1}`;
    const r = await api.claim(t.token, name);
    local.push({ seat: r.seat, token: r.token, name: r.name || name });
  }
  local.sort((a, b) => a.seat - b.seat);
  const first = local[0] || null;
  mine.add({ id: created.id, game: created.game || null, seat: first ? first.seat : null, token: first ? first.token : null, invites: [], hotseat: local });
  return first ? first.token : null;
}

/** The local seats of a hotseat game in this browser ([{seat, token, name}]), or null. */
export function localSeats(id) {
  const e = mine.entry(id);
  return e && Array.isArray(e.hotseat) && e.hotseat.length ? e.hotseat : null;
}

/**
 * The table's hotseat controller for game `id`, or null when this browser
 * does not hold it as a hotseat game. Answers {token, follow}: `token` opens
 * the table as the local seat to move (else the first local seat);
 * `follow(ctx)`, called after every drawing of the table, switches to the
 * local seat to move when the turn reached another one.
 */
export async function openHotseat(id) {
  const local = localSeats(id);
  if (!local) return null;
  let summary = null;
  let hidden = true; // unknown: hide rather than show a hand to the wrong player
  try {
    summary = await api.game(id);
    const kinds = await api.kinds();
    const kind = kinds.find((k) => k.id === summary.game);
    if (kind && typeof kind.hidden_information === 'boolean') hidden = kind.hidden_information;
  } catch { /* the table reports an unreachable server itself */ }
  const bySeat = (seat) => local.find((x) => x.seat === seat) || null;
  const start = (summary && !summary.over && bySeat(summary.to_move)) || local[0];
  const covers = hidden && local.length > 1;
  const nameOf = (st, seat) => (st && st.seats[seat] && st.seats[seat].name) || (bySeat(seat) && bySeat(seat).name) || `Seat ${seat + 1}`;
  if (covers && !(summary && summary.over)) showCover(nameOf(summary, start.seat), null);
  return {
    token: start.token,
    seats: local,
    follow(ctx) {
      const st = ctx.state;
      if (!st || st.over || st.to_move === null || st.to_move === undefined) return;
      const next = bySeat(st.to_move);
      if (!next || next.token === ctx.token) return;
      const before = st.seat;
      if (covers && before !== next.seat) showCover(nameOf(st, next.seat), before === null ? null : nameOf(st, before));
      ctx.token = next.token;
      ctx.local = {};
      ctx.offerList = null;
      ctx.busy = false;
      if (ctx.reconnect) ctx.reconnect();
    },
  };
}

/**
 * Covers the whole page until `name` confirms they hold the device: nothing
 * of the table (board, hand, choices, log) shows meanwhile. `last` names the
 * player who held it (null when the table just opened).
 */
function showCover(name, last) {
  const old = document.getElementById('pass-cover');
  if (old) old.remove();
  const ok = h('button', { class: 'primary', id: 'pass-ok', type: 'button' }, `I am ${name} — show my hand`);
  const cover = h('div', { class: 'pass-cover', id: 'pass-cover', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'pass-title' },
    h('div', { class: 'panel pass-box' },
      h('h2', { id: 'pass-title' }, `Pass the device to ${name}`),
      h('p', {}, last
        ? `${possessive(last)} hand is hidden now. Hand the device to ${name}; ${name} shows the table when ready.`
        : `Everyone plays on this device and each player's hand is secret. ${name} plays now.`),
      ok));
  ok.addEventListener('click', () => {
    cover.remove();
    document.body.classList.remove('pass-covered');
  });
  document.body.classList.add('pass-covered');
  document.body.append(cover);
  ok.focus();
}
