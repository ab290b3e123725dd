// The lobby's setup options as form controls, built from the server's typed
// description of each game's options (GET /api/kinds: key, label, kind,
// values, all_with, help). The form sends the options as the engines parse
// them: `key` for a flag, `key=VALUE` otherwise, `key=A,B` for a seat list.
import { h, cap } from './dom.js';
import { howToPlayLink } from './rules.js';

/**
 * The controls of one game kind's options. `players()` answers the player
 * count chosen now. Returns {el, refresh, values}: `refresh()` redraws the
 * per-seat lists after the player count changed; `values()` answers the
 * option strings, or throws an Error whose message a player can act on.
 */
export function optionControls(kind, players) {
  // The game's "how to play" page first, in a new tab: the form keeps what was chosen.
  const el = h('div', { class: 'options' }, h('p', { class: 'small how-to-play-line' }, howToPlayLink(kind.id, kind.name)));
  const readers = [];
  const refreshers = [];
  const flags = new Map(); // key → checkbox, for a seat list's `all_with`
  for (const o of kind.options || []) {
    const id = `opt-${kind.id}-${o.key}`;
    const help = h('small', { class: 'muted opt-help' }, cap(o.help));
    if (o.kind === 'flag') {
      const box = h('input', { type: 'checkbox', id, 'data-opt': o.key });
      flags.set(o.key, box);
      el.append(h('label', { class: 'opt check', for: id }, box, h('span', { class: 'opt-label' }, o.label), help));
      readers.push(() => (box.checked ? [o.key] : []));
    } else if (o.kind === 'one_of') {
      const sel = h('select', { id, 'data-opt': o.key },
        h('option', { value: '' }, 'Default'),
        (o.values || []).map((v) => h('option', { value: v }, cap(v))));
      el.append(h('label', { class: 'opt', for: id }, h('span', { class: 'opt-label' }, o.label), sel, help));
      readers.push(() => (sel.value ? [`${o.key}=${sel.value}`] : []));
    } else if (o.kind === 'number') {
      const input = h('input', { type: 'number', id, 'data-opt': o.key, min: 0, step: 1, inputmode: 'numeric', placeholder: 'default' });
      el.append(h('label', { class: 'opt', for: id }, h('span', { class: 'opt-label' }, o.label), input, help));
      readers.push(() => {
        const v = input.value.trim();
        if (!v) return [];
        if (!/^\d+$/.test(v)) throw new Error(`${o.label}: a whole number, or empty for the default.`);
        return [`${o.key}=${v}`];
      });
    } else if (o.kind === 'seat_list') {
      const slots = h('div', { class: 'opt-slots', 'data-opt': o.key });
      const box = h('fieldset', { class: 'opt seat-list-opt' }, h('legend', { class: 'opt-label' }, o.label), slots, help);
      el.append(box);
      const draw = () => {
        const n = players();
        const all = o.all_with && flags.get(o.all_with) && flags.get(o.all_with).checked;
        const count = all ? o.values.length : n;
        const old = [...slots.querySelectorAll('select')].map((s) => s.value);
        slots.replaceChildren(...Array.from({ length: count }, (_, i) => {
          const sel = h('select', { 'data-slot': i, 'aria-label': `${o.label}: seat ${(i % n) + 1}` },
            h('option', { value: '' }, 'Default'),
            o.values.map((v) => h('option', { value: v }, cap(v))));
          sel.value = old[i] || '';
          return h('label', { class: 'opt-slot' }, h('span', {}, `Seat ${(i % n) + 1}`), sel);
        }));
      };
      refreshers.push(draw);
      readers.push(() => {
        const picked = [...slots.querySelectorAll('select')].map((s) => s.value);
        if (picked.every((v) => !v)) return [];
        if (picked.some((v) => !v)) throw new Error(`${o.label}: choose one for every seat, or leave them all on Default.`);
        return [`${o.key}=${picked.join(',')}`];
      });
    }
  }
  // A flag that lists every value of a seat list redraws it.
  for (const box of flags.values()) box.addEventListener('change', () => refreshers.forEach((f) => f()));
  const refresh = () => refreshers.forEach((f) => f());
  refresh();
  return { el, refresh, values: () => readers.flatMap((r) => r()) };
}
