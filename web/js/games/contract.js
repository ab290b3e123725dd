// The renderer contract: what a game's module under web/js/games/ may export
// for the table (table.js), the replay (replay.js), the marks of the last
// moves (marks.js) and the final score (final.js), each hook's default, and
// `rendererFor(gameId)`, which finds a game's module and answers it with every
// hook present, so no caller asks whether a hook is there.
//
// A game's module is found from the game kinds (`GET /api/kinds`): the kind's
// `renderer` (a file name under web/js/games/ without `.js`), else its id.
// A game without a module of its own, or whose module fails to load, gets the
// generic renderer (generic.js): its view as text or data, the choices in the
// side list. The server embeds every file of web/ when it is built
// (crates/server/build.rs), a new module too.
import * as generic from './generic.js';
import { h } from '../dom.js';
import { api } from '../api.js';

/**
 * What a hook gets. `st` is the seat's state as the server pushes it (`view`
 * the engine's view, `ui` the game's extra drawing data, `legal` the choices
 * [{index, choice, text, place?}], `seats`, `seat`, `to_move`, `over`,
 * `prompt`…). A choice's `place` ({kind: 'hex'|'corner'|'region'|'space',
 * label}) names the place on the board it is about, as the board labels it:
 * find a choice's target from it, never from the choice's words.
 *
 * @typedef {Object} RenderCtx
 * @property {Object|null} catalog the game's catalog (`GET /api/kinds/{game}/catalog`: cards, tables, the earth's labels)
 * @property {Array<{index: number, choice: *, text: string, place?: {kind: string, label: string}}>} legal the choices the board may offer: the seat's legal ones on its move, else none (a spectator, the replay)
 * @property {Set<number>} claimed the renderer adds the index of every choice its board offers (the prompt bar then leaves it out)
 * @property {Object} local the renderer's own state between draws of one decision (a selection: "moving from D7"); emptied on every move
 * @property {(choice: *) => void} choose sends a choice
 * @property {(list: Array, anchor?: Element, opts?: {ask?: boolean}) => void} offer one choice is taken at once, several open a picker beside `anchor`; an entry may carry its own `act()`
 * @property {() => void} redraw draws the board again (after a change of `local`)
 */

/**
 * @typedef {Object} Renderer
 *
 * @property {(board: HTMLElement, st: Object, ctx: RenderCtx) => void} render
 *   Draws the board into `board` after every state (`dom.patch` keeps what did
 *   not change). Marks each target with `link.markTargets(board, map)` (key →
 *   choices: `data-key`, `data-choices`) and each place with `data-place="D7"`
 *   (the label the engine's texts print), and adds the choices it offers to
 *   `ctx.claimed`. It only writes: the table reads the layout once after every
 *   part is drawn. Wrap it in `withTextFallback` to fall back to the text
 *   rendering on a view it does not understand.
 *   Default: the generic board (the view as text, else as data).
 *
 * @property {(st: Object, ctx: Object) => string} promptText
 *   The prompt bar's words for the decision (a closing citation such as
 *   "(Planning, p.9)" becomes a link to the rule). Called on every draw of the
 *   prompt bar, in the table only. Default: `st.prompt`, else `st.view.prompt`.
 *
 * @property {(c: {index: number, choice: *, text: string}, ctx: Object) => Element} promptButton
 *   The prompt bar's button for a legal choice the board did not claim (an
 *   element, a count, "Done"); it calls `ctx.choose(c.choice)` and carries
 *   `data-index`. Table only. Default: a plain `.choice-btn` with the text.
 *
 * @property {(choice: *, st: Object, catalog: Object|null) => Object|null} choiceCard
 *   The catalog card a legal choice names (a card to take, a trait to draft),
 *   which gets an "i" button beside the choice in the prompt bar and the side
 *   list; null for none. Table only. Default: null.
 *
 * @property {(st: Object, seat: number) => string} seatRole
 *   What a seat plays ("reptiles, birds"), in plain words: the final score
 *   names it after the seat. Table and replay, once the game is over.
 *   Default: '' (nothing shown).
 *
 * @property {(st: Object, seat: number) => Element|null} seatInfo
 *   More beside a seat's name in the players list (its animals with their
 *   VP). Table and replay, every draw. Default: null.
 *
 * @property {(owner: string) => string|null} markColor
 *   The colour of a piece's owner (an animal, an element, a terrain) as the
 *   last moves' marks draw it (marks.js); null: grey. Default: null.
 *
 * @property {(owner: string, st: Object) => boolean} neutralOwner
 *   True for an owner no seat plays (Pangea's neutral groups): its changes are
 *   marked "by the rules", never as a seat's own. Default: false.
 */

/** Every hook's default. */
export const DEFAULTS = Object.freeze({
  render: generic.render,
  promptText: generic.promptText,
  promptButton: (c, ctx) => h('button', { class: 'choice-btn', 'data-index': c.index, onclick: () => ctx.choose(c.choice) }, c.text),
  choiceCard: () => null,
  seatRole: () => '',
  seatInfo: () => null,
  markColor: () => null,
  neutralOwner: () => false,
});

/** The hooks, by name. */
export const HOOKS = Object.freeze(Object.keys(DEFAULTS));

/**
 * Wraps a board drawing so that a view it does not understand falls back to
 * the generic text rendering (the error goes to the console).
 * @type {(draw: Renderer['render']) => Renderer['render']}
 */
export const { withTextFallback } = generic;

/** A module's hooks over the defaults: a Renderer with every hook present. */
export function complete(mod) {
  const out = { ...DEFAULTS };
  for (const k of HOOKS) if (typeof mod[k] === 'function') out[k] = mod[k];
  return Object.freeze(out);
}

/** The generic renderer, complete. */
export const GENERIC = complete(generic);

let kinds = null;
const modules = new Map();

/** The file name (under web/js/games/, without `.js`) of a game's renderer, from the kinds list. */
async function moduleName(gameId) {
  if (!kinds) kinds = api.kinds().catch(() => []);
  const kind = (await kinds).find((k) => k.id === gameId);
  const name = kind ? (kind.renderer ?? kind.id) : gameId;
  // Only a plain file name: never a path out of web/js/games/.
  return typeof name === 'string' && /^[a-z0-9][a-z0-9_-]*$/i.test(name) ? name : null;
}

/**
 * The renderer of a game (its id as `/api/kinds` lists it), every hook
 * present; loaded once per page. An unknown game, or a module that does not
 * load, answers the generic renderer.
 * @param {string} gameId
 * @returns {Promise<Renderer>}
 */
export function rendererFor(gameId) {
  if (!modules.has(gameId)) {
    modules.set(gameId, moduleName(gameId).then((name) => {
      if (!name || name === 'generic' || name === 'contract') return GENERIC;
      return import(`./${name}.js`).then(complete, (e) => {
        console.warn(`no renderer ${name}.js for ${gameId}: the generic one draws it`, e);
        return GENERIC;
      });
    }));
  }
  return modules.get(gameId);
}
