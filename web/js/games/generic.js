// The fallback renderer for games without their own: the prompt (if the view
// has one) and the view itself, readable. Choices are in the side list.
import { h, patch } from '../dom.js';

export function promptText(st) {
  if (typeof st.prompt === 'string') return st.prompt;
  return (st.view && typeof st.view.prompt === 'string') ? st.view.prompt : '';
}

/** A board drawing that falls back to the text rendering when it meets a
 * view it does not understand (the error goes to the console). */
export function withTextFallback(draw) {
  return (board, st, ctx) => {
    try {
      draw(board, st, ctx);
    } catch (e) {
      console.error(e);
      render(board, st, ctx);
    }
  };
}

export function render(board, st) {
  const text = st.ui && typeof st.ui.text === 'string' ? st.ui.text : null;
  patch(board, h('section', { class: 'panel generic' },
    h('h3', {}, st.game_name),
    text
      ? h('pre', { class: 'view-text' }, text)
      : h('pre', { class: 'view-json' }, JSON.stringify(st.view, null, 2)),
    h('details', { class: 'small' },
      h('summary', {}, 'The view as data'),
      h('pre', { class: 'view-json' }, JSON.stringify(st.view, null, 2)))));
}
