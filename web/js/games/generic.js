// The fallback renderer for games without their own: the prompt (if the view
// has one) and the view itself, readable. Choices are in the side list.
import { h } from '../dom.js';

export function promptText(st) {
  return (st.view && typeof st.view.prompt === 'string') ? st.view.prompt : '';
}

export function render(board, st) {
  board.replaceChildren(h('section', { class: 'panel generic' },
    h('h3', {}, st.game_name),
    h('p', { class: 'muted small' }, 'This game has no board drawing yet: its view is shown as data, and its choices are listed on the right.'),
    h('pre', { class: 'view-json' }, JSON.stringify(st.view, null, 2))));
}
