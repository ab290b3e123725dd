// The end of a game: the ranking, every seat's final score split by source
// (the engine's score sheet, sent as `final_score` with a finished game's
// view), the tie-break the ranking used, and the way on: rematch, replay.
import { api, mine } from './api.js';
import { h, toast, botBadge, counted } from './dom.js';

/**
 * The end-of-game panel of a finished game's snapshot `st`.
 * `name(seat)` names a seat, `role(seat)` (optional) says what it played
 * (nothing when it answers ''),
 * `token` is this browser's seat token (null for a spectator), and
 * `replayLink` adds the "Replay" link (left out inside the replay viewer).
 */
export function finalPanel(st, { name, role = null, token = null, replayLink = true }) {
  const o = st.outcome;
  if (!o) return null;
  const fs = st.final_score || null;
  const tied = (seat) => o.scores.filter((x) => x === o.scores[seat]).length > 1;
  const rows = o.ranking.map((seat, place) => h('tr', { class: st.seat === seat ? 'me' : '' },
    h('td', {}, `${place + 1}.`),
    h('td', {}, name(seat), botBadge(st.seats && st.seats[seat]), role && role(seat) ? ` (${role(seat)})` : '', tied(seat) ? h('span', { class: 'tie-mark', title: 'Tied: see the tie-break below' }, ' (tie)') : null),
    h('td', { class: 'num', 'data-seat': seat }, o.scores[seat])));
  const anyTie = o.ranking.some((seat) => tied(seat));
  return h('div', { class: 'final panel', id: 'final-scores', 'data-scores': JSON.stringify(o.scores) },
    h('h2', {}, heading(st, o, fs, name)),
    whyLine(o, fs, name),
    h('table', { class: 'final-table' }, h('tbody', {}, rows)),
    fs ? h('p', { class: `tie-break small ${anyTie ? 'used' : 'muted'}`, id: 'tie-break' },
      anyTie ? 'Tie broken: ' : 'Ties: ', fs.tie_break, '.') : null,
    fs ? breakdown(st, fs, o, name) : null,
    h('div', { class: 'final-actions' },
      rematchButton(st, token),
      replayLink ? h('a', { class: 'button ghost', id: 'replay-link', href: `/replay/${encodeURIComponent(st.id)}` }, 'Replay the game') : null,
      h('a', { class: 'button ghost', href: '/' }, 'Back to the lobby')));
}

/** Who won: the first of the ranking, or as the game's score sheet says (a shared win, no winner). */
function heading(st, o, fs, name) {
  const winners = fs && Array.isArray(fs.winners) ? fs.winners : [o.ranking[0]];
  if (winners.length === 0) return 'No winner';
  if (winners.includes(st.seat)) return winners.length > 1 ? 'You share the win!' : 'You won!';
  if (winners.length > 1) return `${winners.map(name).join(' and ')} share the win`;
  return `${name(winners[0])} wins`;
}

/**
 * Why the heading's winner won, in one sentence: the engine's own words when
 * a rule besides the totals decided (Pangea: only a player with an animal on
 * the board can win), else the winning total and the lead over the next
 * seat, or the tie the tie-break below settled.
 */
function whyLine(o, fs, name) {
  const line = (text) => h('p', { class: 'final-why', id: 'final-why' }, text);
  if (fs && fs.decided) return line(fs.decided);
  const winners = fs && Array.isArray(fs.winners) ? fs.winners : [o.ranking[0]];
  if (winners.length === 0) return null;
  const top = o.scores[winners[0]];
  if (winners.length > 1) return line(`${winners.map(name).join(' and ')} each end with ${counted(top, 'point')}.`);
  const next = o.ranking.find((seat) => seat !== winners[0]);
  if (next === undefined) return line(`${name(winners[0])} ends with ${counted(top, 'point')}.`);
  const lead = top - o.scores[next];
  if (lead > 0) return line(`${name(winners[0])} ends with ${counted(top, 'point')}, ${counted(lead, 'point')} ahead of ${name(next)}.`);
  return line(`${name(winners[0])} and ${name(next)} both end with ${counted(top, 'point')}: the tie-break below ranks ${name(winners[0])} first.`);
}

/** Every seat's score by source, in ranking order; the winner's and my own open. */
function breakdown(st, fs, o, name) {
  const blocks = o.ranking.map((seat) => {
    const sc = fs.seats[seat];
    if (!sc) return null;
    const open = seat === o.ranking[0] || seat === st.seat;
    return h('details', { class: 'score-seat', 'data-seat': seat, 'data-total': sc.total, open: open || null },
      h('summary', {}, h('span', { class: 'score-who' }, name(seat)), botBadge(st.seats && st.seats[seat]),
        sc.counted ? h('span', { class: 'muted small' }, ` counted: ${sc.counted}`) : null,
        h('span', { class: 'score-total' }, String(sc.total))),
      h('table', { class: 'score-parts' }, h('tbody', {}, sc.parts.map((p) => [
        h('tr', { class: 'score-part' }, h('td', {}, p.source), h('td', { class: 'num part-points' }, signed(p.points))),
        p.items.length ? h('tr', { class: 'score-items' }, h('td', { colspan: 2 },
          h('ul', {}, p.items.map((i) => h('li', {}, `${i.text}: ${signed(i.points)}`))))) : null,
      ]).concat([h('tr', { class: 'score-sum' }, h('td', {}, 'Total'), h('td', { class: 'num' }, String(sc.total)))]))));
  });
  return h('div', { class: 'score-breakdown', id: 'score-breakdown' }, h('h3', {}, 'Where the points came from'), blocks);
}

function signed(n) {
  return n < 0 ? `−${-n}` : String(n);
}

/**
 * "Rematch" for a seated player (the same seats and options, a new deal);
 * "Join the rematch" once another seat asked. A spectator gets a link to
 * watch the rematch when there is one.
 */
function rematchButton(st, token) {
  if (st.seat === null || st.seat === undefined || !token) {
    return st.rematch ? h('a', { class: 'button', id: 'rematch-link', href: `/play/${encodeURIComponent(st.rematch.id)}` }, 'Watch the rematch') : null;
  }
  const label = st.rematch ? 'Join the rematch' : 'Rematch';
  const btn = h('button', { class: 'primary', id: 'rematch-btn', title: 'The same seats and options, a new deal' }, label);
  btn.addEventListener('click', async () => {
    btn.disabled = true;
    try {
      const r = await api.rematch(st.id, token);
      mine.add({ id: r.id, game: st.game, seat: st.seat, token: r.token, invites: [] });
      location.href = `/play/${encodeURIComponent(r.id)}#t=${encodeURIComponent(r.token)}`;
    } catch (e) {
      toast(e.message, 'error');
      btn.disabled = false;
    }
  });
  return btn;
}
