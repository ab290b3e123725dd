// Joining by an invite link: a friend whose browser knows no name yet is
// asked for one (with a default) before the seat is claimed, so the table
// shows them by name instead of "Seat 2".
import { api, mine } from './api.js';
import { h } from './dom.js';

/** The name a player keeps when they type none. */
const DEFAULT_NAME = 'Guest';

/**
 * The name to claim an invited seat of game `id` with: the one this browser
 * remembers, or, when it has none, one asked in a small form drawn in
 * `root` (remembered for the next games).
 */
export async function joinName(root, id) {
  const known = mine.name();
  if (known) return known;
  let gameName = 'a game';
  let seated = [];
  try {
    const sum = await api.game(id);
    gameName = sum.game_name;
    // The others at the table: players by name, bots counted.
    const bots = sum.seats.filter((s) => s.kind === 'bot').length;
    seated = sum.seats.filter((s) => s.kind !== 'bot' && s.name).map((s) => s.name);
    if (bots) seated.push(bots === 1 ? 'a bot' : `${bots} bots`);
  } catch { /* the claim that follows reports an unreachable server */ }
  return new Promise((done) => {
    const input = h('input', { type: 'text', id: 'join-name', maxlength: 40, value: DEFAULT_NAME, autocomplete: 'nickname', 'aria-label': 'Your name' });
    const form = h('form', { class: 'panel join-form', id: 'join-form', onsubmit: (ev) => {
      ev.preventDefault();
      const name = input.value.trim() || DEFAULT_NAME;
      mine.setName(name);
      done(name);
    } },
    h('h2', {}, `Join ${gameName}`),
    h('p', {}, seated.length ? `You are invited to play with ${listed(seated)}.` : 'You are invited to take a seat.'),
    h('label', { class: 'join-label', for: 'join-name' }, 'Your name, as the other players will see it'),
    input,
    h('div', { class: 'actions' }, h('button', { class: 'primary', id: 'join-go', type: 'submit' }, 'Take my seat')));
    root.replaceChildren(h('div', { class: 'join' }, form));
    input.focus();
    input.select();
  });
}

/** "Ann", "Ann and Bob", "Ann, Bob and a bot". */
function listed(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
