// The game's clock on the table: each seat's time (a countdown for the seat
// to move, the bank of the others), the "away" mark of a seat whose time ran
// out (a bot decides for it), and the "I'm back" button of such a seat.
// The server sends `clock` in every view: {per_decision_ms, bank_ms,
// on_timeout, running: {seat, deadline} | null, now, seats: [{seat, bank_ms, away}]}.
import { h } from './dom.js';

/** Server time minus this browser's, from the last view (ms). */
let offset = 0;
let ticker = null;

/** Notes a view's clock: the server's time it was written at. */
export function noteClock(st) {
  if (st && st.clock) offset = st.clock.now - Date.now();
  if (!ticker) ticker = setInterval(tick, 250);
}

/** Milliseconds as m:ss, h:mm:ss past an hour, "2 d 3 h" past a day. */
export function formatTime(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** A duration as a person says it: "30 s", "10 min", "1 h 30 min", "3 days". */
export function durationWords(ms) {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
  if (s < 86400 * 2) return s % 3600 ? `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min` : `${s / 3600} h`;
  return `${Math.round(s / 8640) / 10} days`;
}

/** The clock of a game in words, for the lobby and the players panel. */
export function clockText(clock) {
  if (!clock) return 'no clock';
  const parts = [];
  if (clock.per_decision_ms) parts.push(`${durationWords(clock.per_decision_ms)} a decision`);
  if (clock.bank_ms) parts.push(`${durationWords(clock.bank_ms)} bank`);
  return parts.join(' + ');
}

function tick() {
  const now = Date.now() + offset;
  for (const el of document.querySelectorAll('[data-deadline]')) {
    const left = Number(el.dataset.deadline) - now;
    el.textContent = formatTime(left);
    el.classList.toggle('low', left < 10000);
  }
}

/** Seat `i`'s clock in the players panel: "resigned", "away", a countdown, or its bank. */
export function seatClock(st, i) {
  if (st.seats[i] && st.seats[i].resigned) {
    return h('span', { class: 'away-badge resigned-badge', title: `Resigned: a bot (${st.on_timeout}) plays this seat to the end` }, 'resigned');
  }
  if (st.seats[i] && st.seats[i].away) {
    return h('span', { class: 'away-badge', title: `Away: a bot (${st.on_timeout}) decides for this seat until its player is back` }, 'away');
  }
  const c = st.clock;
  if (!c) return null;
  const mine = c.seats.find((x) => x.seat === i);
  if (!mine) return null;
  if (c.running && c.running.seat === i) {
    const left = c.running.deadline - (Date.now() + offset);
    return h('span', { class: `seat-clock running${left < 10000 ? ' low' : ''}`, title: 'Time left for this decision', 'data-deadline': c.running.deadline }, formatTime(left));
  }
  return c.bank_ms ? h('span', { class: 'seat-clock', title: 'Time left in the bank' }, formatTime(mine.bank_ms)) : null;
}

/**
 * The running clock in the prompt bar: the viewer's own (id `my-clock`), or
 * the time left to the seat it waits for.
 */
export function runningClock(st) {
  const c = st.clock;
  if (!c || !c.running) return null;
  const mine = c.running.seat === st.seat;
  const left = c.running.deadline - (Date.now() + offset);
  return h('span', { class: 'my-clock', id: mine ? 'my-clock' : 'their-clock', title: mine ? `When it runs out, a bot (${c.on_timeout}) decides for you` : 'Time left for this decision' },
    h('span', { 'data-deadline': c.running.deadline, class: left < 10000 ? 'low' : null }, formatTime(left)));
}

/** Whether the viewer's seat is away (its time ran out, or the others voted it away). */
export function iAmAway(st) {
  return st.seat !== null && !!st.seats[st.seat] && !!st.seats[st.seat].away;
}

/** The notice of an away seat, with its "I'm back" button (none once resigned). */
export function awayNotice(st, back) {
  if (st.seats[st.seat].resigned) {
    return h('div', { class: 'away-notice', id: 'away-notice' },
      h('span', {}, `You resigned: a bot (${st.on_timeout}) plays your seat to the end. You may still watch and chat.`));
  }
  const why = st.clock ? 'Your time ran out' : 'You were away, and the others handed your seat to a bot';
  return h('div', { class: 'away-notice', id: 'away-notice' },
    h('span', {}, `${why}: a bot (${st.on_timeout}) decides for you until you are back. `),
    h('button', { class: 'primary', id: 'im-back', onclick: back }, "I'm back"));
}
