// Pangea: the supercontinent (4 sectors × 5 climate zones, three niches per
// region, animals per group), the instinct track, each seat's AP, dominance,
// actions and cards (own cards by name, others' as counts), the objectives
// and the epoch/stage. Drawn only from the seat's view. Legal regions, niches,
// animals, track fields and objectives are highlighted and clickable.
// Food per region and every card's text (adaptation, evolution, objective,
// Turn of the Ages, cataclysm) come from the game's catalog (ctx.catalog, from
// the engine's data).
import { h, s, listen, patch, cap, pieceColours } from '../dom.js';
import { withTextFallback } from './contract.js';
import { markTargets } from '../link.js';
import { cardById, cardChip, cardTarget, infoButton, openCard, tooltip, reconstructedTag } from '../cards.js';

const GROUPS = ['synapsids', 'sauropsida', 'amphibians', 'invertebrates'];
const GROUP_COLOR = { synapsids: '#b5473a', sauropsida: '#3f8f3f', amphibians: '#2f78b7', invertebrates: '#8a5bb0' };
const GROUP_SHORT = { synapsids: 'Sy', sauropsida: 'Sa', amphibians: 'Am', invertebrates: 'In' };
const ZONE_FILL = ['#e4eef4', '#cfe3b4', '#ead9a6', '#cfe3b4', '#e4eef4'];
const DECISION = {
  Place: 'place your starting animal in niche 0 (not Subpolar)', Discard: 'discard an adaptation card down to 3',
  EvolvePay: 'spend an active adaptation card for the evolution card', SpecialSwap: 'swap an animal for your Special Animal, or skip',
  Toxify: 'put a Toxic marker on an animal, or done', ExtraPopulate: 'place another animal (Rapid Reproduction)',
  PopulatedToxic: 'make the new animal Toxic?', SurviveMore: 'move your instinct marker another field?',
  ShedMore: 'remove a second animal for 1 AP, or done', ExtraStep: 'Long Migration: one more step, or skip',
  AmbushOwn: 'Ambush: choose your animal in niche 0', AmbushTarget: 'Ambush: choose the victim', Peek: 'Keen Senses: choose an instinct tile',
  FatReserves: 'Fat Reserves: choose a region', Parasites: 'Parasites: choose an animal to make Inactive', Venom: 'Venom: choose your animal to make Toxic',
  Niche0Attack: 'attack an animal in this niche 0, or skip', ContestCards: 'play contest cards, or done', Escape: 'play Escape, or done',
  Hunger: 'hunger: pay 1 dominance or remove an animal', EndWindow: 'after passing: ability or any-time cards, or done',
  AgePlace: 'place a free animal, or skip', AgeLose: 'remove one of your animals in niche 0', AgeToll: 'remove an animal or pay dominance',
  AgeMigrate: 'a free migration step, or skip', AgePopulate: 'a free Populate, or skip',
  DrawOnWin: 'you won the contest: draw an adaptation card, or skip',
};
const FLAG = { SPECIAL: 1, TOXIC: 2, INACTIVE: 4, BEARER: 8 };
const ACTIONS = ['Adapt', 'Populate', 'Migrate', 'Survive'];

const bits = (m) => { let n = 0; for (let x = m >>> 0; x; x >>>= 1) n += x & 1; return n; };
const regionName = (r) => `${'ABCD'[r % 4]}${Math.floor(r / 4) + 1}`;
const variant = (ch) => (ch && typeof ch === 'object' ? Object.entries(ch)[0] : [ch, null]);
const spotKey = (sp) => `${sp.region},${sp.niche},${sp.group},${sp.flags & 15}`;
/**
 * The epochs and stages from the catalog: epoch names, stage names in order,
 * the epoch of each stage, and the zone names (top row first).
 */
function calendar(catalog) {
  const epochs = (catalog && catalog.epochs) || [];
  const stages = [];
  const epochOf = [];
  epochs.forEach((e, i) => e.stages.forEach((name) => { stages.push(name); epochOf.push(i); }));
  const zones = ((catalog && catalog.zones) || []).map((z) => z.name);
  return { epochs: epochs.map((e) => e.name), sizes: epochs.map((e) => e.stages.length), stages, epochOf, zones };
}
/** The catalog card of a cataclysm tile ({cataclysm: k}), or null. */
const cataclysmCard = (catalog, t) => {
  const [k, v] = variant(t);
  return k === 'cataclysm' && catalog && catalog.cataclysms ? cardById(catalog, catalog.cataclysms[v]) : null;
};
const tileName = (t, catalog) => {
  if (!t) return '?';
  const [k, v] = variant(t);
  if (k === 'sector') return `Sector ${'ABCD'[v]}`;
  if (k === 'zone') return `Zone ${calendar(catalog).zones[v] || v + 1}`;
  if (k === 'cataclysm') { const c = cataclysmCard(catalog, t); return c ? c.name : `Cataclysm ${v + 1}`; }
  return String(k);
};
/** Catalog cards by the view's numbers: adaptation designs, a group's evolution cards, objective tiles, Ages. */
const adaptCard = (catalog, n) => (catalog && catalog.adaptation ? cardById(catalog, catalog.adaptation[n]) : null);
const evoCards = (catalog, group) => ((catalog && catalog.evolution && catalog.evolution[group]) || []).map((id) => cardById(catalog, id));
const objective = (catalog, n) => (catalog && catalog.objectives ? catalog.objectives[n] : null);
const ageCard = (catalog, n) => (catalog && catalog.ages ? cardById(catalog, catalog.ages[n]) : null);

/** The colour of a group's animals, for the marks of the last moves. */
export const markColor = (owner) => GROUP_COLOR[owner];
/** True for a neutral group's animals: the rules place and move them, no seat does. */
export const neutralOwner = (owner, st) => Boolean(st.view && (st.view.neutrals || []).some((n) => n.group === owner));

export function promptText(st, ctx) {
  const v = st.view;
  const cal = calendar(ctx && ctx.catalog);
  const stage = v.stage < cal.stages.length ? `Stage ${v.stage + 1}/${cal.stages.length} ${cal.stages[v.stage]} (${cal.epochs[cal.epochOf[v.stage]]})` : v.stage >= 9 ? 'The Doom' : `Stage ${v.stage + 1}`;
  // The engine's words for the decision, as the terminal prints them.
  if (st.prompt) return `${stage} · ${st.prompt}`;
  let ask = '';
  if (v.decision) {
    const [k, d] = variant(v.decision);
    if (k === 'Turn') ask = d.forced && !d.acted ? 'you must pass' : d.acted ? 'free steps, or Done to end your turn' : 'take an action or pass';
    else ask = DECISION[k] || k;
  }
  return `${stage} · ${cap(v.phase)}${ask ? ` · ${ask}` : ''}`;
}

/** The card a legal choice plays, activates, spends or claims, for its "i" button. */
export function choiceCard(choice, st, catalog) {
  const [k, val] = variant(choice);
  if (['Activate', 'Card', 'Use', 'CashIn'].includes(k)) return adaptCard(catalog, val);
  if (k === 'Evolve') {
    const p = st.view.players[st.seat];
    return p ? evoCards(catalog, p.group)[val] || null : null;
  }
  if (k === 'Claim') {
    const slot = st.view.objectives[val];
    const o = slot ? objective(catalog, slot.tile) : null;
    return o ? cardById(catalog, o.id) : null;
  }
  return null;
}

export function seatRole(st, seat) {
  const p = st.view.players[seat];
  return p ? cap(p.group) : '';
}

export function seatInfo(st, seat) {
  const p = st.view.players[seat];
  if (!p) return null;
  return h('span', { class: 'seat-animals' }, h('span', { class: 'chip', style: `--c:${GROUP_COLOR[p.group]}` },
    h('i', { class: 'dot' }), `${cap(p.group)} `, h('b', {}, `${p.dominance} dom`), ` · ${p.ap} AP`));
}

/** Maps board keys to legal choices. */
function targets(legal, local) {
  const map = new Map();
  const add = (k, c) => { if (!map.has(k)) map.set(k, []); map.get(k).push(c); };
  const moving = new Set();
  for (const c of legal) { const [k, v] = variant(c.choice); if (k === 'Move') moving.add(spotKey(v.from)); }
  for (const c of legal) {
    const [k, v] = variant(c.choice);
    if (k === 'Region') add(`region:${v}`, c);
    else if (k === 'Populate') add(`region:${v.region}`, c);
    else if (k === 'Move') {
      const from = spotKey(v.from);
      if (local.from === undefined) add(`anim:${from}`, c);
      else if (local.from === from) add(`niche:${v.region},${v.niche}`, c);
    } else if (['Animal', 'Unblock', 'Shed', 'Bearer'].includes(k)) {
      add(`anim:${spotKey(v)}`, c);
    } else if (k === 'Field') add(`field:${v}`, c);
    else if (k === 'Claim') add(`claim:${v}`, c);
    else if (['Activate', 'Card', 'Use', 'CashIn'].includes(k)) add(`card:${v}`, c);
  }
  return { map, moving };
}

export const render = withTextFallback(draw);

function draw(board, st, ctx) {
  const v = st.view;
  const local = ctx.local;
  const { map, moving } = targets(ctx.legal, local);
  // A card to choose stays a button too, with its "i" to read it first.
  for (const [key, list] of map) if (!key.startsWith('card:')) for (const c of list) ctx.claimed.add(c.index);
  for (const c of ctx.legal) if (variant(c.choice)[0] === 'Move') ctx.claimed.add(c.index);
  const mine = st.seat !== null && st.seat !== undefined && v.players[st.seat] ? v.players[st.seat].group : null;
  const decision = v.decision ? variant(v.decision)[0] : null;
  const legal = (key) => {
    const list = map.get(key);
    if (key.startsWith('anim:')) return animalClick(key.slice(5), list);
    if (!list) return null;
    return (ev) => { ev.stopPropagation(); ctx.offer(list, ev.currentTarget); };
  };
  // A click on an animal: select it to move, or its other choices. A click
  // that could mean several things asks, and one that would remove your own
  // animal always asks first (never at once).
  const animalClick = (spot, list) => {
    const selected = local.from === spot;
    const movable = local.from === undefined && moving.has(spot);
    const others = (list || []).filter((c) => variant(c.choice)[0] !== 'Move');
    if (!movable && !others.length && !selected) return null;
    return (ev) => {
      ev.stopPropagation();
      if (selected) { delete local.from; ctx.redraw(); return; }
      const options = [...others];
      if (movable) {
        const first = list.find((c) => variant(c.choice)[0] === 'Move');
        const verb = first ? first.text.split(' ')[0] : 'move';
        options.unshift({ text: `${verb} this animal (then choose the niche)`, act: () => { local.from = spot; ctx.redraw(); } });
      }
      const own = spot.split(',')[2] === mine;
      const removes = others.some((c) => variant(c.choice)[0] === 'Shed'
        || (variant(c.choice)[0] === 'Animal' && ['ShedMore', 'Hunger', 'AgeLose', 'AgeToll'].includes(decision)));
      if (options.length === 1 && !(own && removes)) { if (options[0].act) options[0].act(); else ctx.offer(options); return; }
      ctx.offer(options, ev.currentTarget, { ask: true });
    };
  };
  patch(board, h('div', { class: 'pg' },
    h('div', { class: 'pg-top' }, mapPanel(v, legal, local, ctx.catalog), sidePanel(v, st, legal, ctx.catalog)),
    playersPanel(v, st, ctx.catalog, legal),
    st.ui && typeof st.ui.text === 'string'
      ? h('details', { class: 'panel small' }, h('summary', {}, 'Text view'), h('pre', { class: 'view-text' }, st.ui.text)) : null));
  markTargets(board, map);
}

const RW = 150; // region width
const RH = 112; // region height

function token(a, x, y, legal, local) {
  const key = `anim:${spotKey({ ...a, group: a.animal.group, flags: a.animal.flags })}`;
  const on = legal(key);
  const f = a.animal.flags;
  const sel = local.from === key.slice(5);
  const g = s('g', { class: `pg-animal ${on ? 'legal' : ''} ${sel ? 'selected' : ''} ${f & FLAG.INACTIVE ? 'inactive' : ''}`, 'data-key': on ? key : null, tabindex: on ? 0 : null, role: on ? 'button' : null });
  if (on) listen(g, 'click', on);
  if (on) g.append(s('circle', { cx: x, cy: y, r: 11, class: 'hit' }));
  const tags = [f & FLAG.SPECIAL ? 'Special Animal' : '', f & FLAG.TOXIC ? 'Toxic' : '', f & FLAG.INACTIVE ? 'Inactive' : '', f & FLAG.BEARER ? 'objective marker' : ''].filter(Boolean);
  g.append(s('circle', { cx: x, cy: y, r: 10, fill: GROUP_COLOR[a.animal.group], class: 'pg-token' },
    s('title', {}, `${cap(a.animal.group)} in ${regionName(a.region)} niche ${a.niche}${tags.length ? ` (${tags.join(', ')})` : ''}`)));
  g.append(s('text', { x, y: y + 3.5, class: 'pg-token-t' }, f & FLAG.SPECIAL ? '★' : GROUP_SHORT[a.animal.group]));
  if (f & FLAG.TOXIC) g.append(s('circle', { cx: x + 8, cy: y - 8, r: 4, class: 'pg-toxic' }));
  if (f & FLAG.BEARER) g.append(s('circle', { cx: x - 8, cy: y - 8, r: 4, class: 'pg-bearer' }));
  return g;
}

function mapPanel(v, legal, local, catalog) {
  const cal = calendar(catalog);
  const epoch = cal.epochOf[Math.min(v.stage, cal.epochOf.length - 1)] || 0;
  const byRegion = Array.from({ length: 20 }, () => [[], [], []]);
  for (const a of v.animals) if (byRegion[a.region]) byRegion[a.region][Math.min(a.niche, 2)].push(a);
  const regions = s('g', {});
  const ox = 26;
  const oy = 18;
  for (let r = 0; r < 20; r++) {
    const col = r % 4;
    const row = Math.floor(r / 4);
    const x = ox + col * RW;
    const y = oy + row * RH;
    const closed = v.closed & (1 << r);
    const key = `region:${r}`;
    const on = legal(key);
    const g = s('g', { class: `pg-region ${on ? 'legal' : ''} ${closed ? 'closed' : ''}`, 'data-region': regionName(r), 'data-place': regionName(r), 'data-key': on ? key : null, tabindex: on ? 0 : null, role: on ? 'button' : null });
    if (on) listen(g, 'click', on);
    g.append(s('rect', { x: x + 2, y: y + 2, width: RW - 4, height: RH - 4, rx: 7, fill: ZONE_FILL[row], class: 'pg-region-shape' }));
    const n = byRegion[r][0].length + byRegion[r][1].length + byRegion[r][2].length;
    const place = catalog && catalog.regions ? catalog.regions[r] : null;
    const food = place ? place.food[epoch] : null;
    g.append(s('text', { x: x + 9, y: y + 18, class: 'pg-rname' }, place ? place.label : regionName(r)));
    if (food !== null) g.append(s('text', { x: x + RW - 9, y: y + 18, class: `pg-food ${n > food ? 'over' : ''}` }, `${n}/${food} food`, s('title', {}, `animals / food this epoch`)));
    if (v.warnings & (1 << r)) g.append(s('text', { x: x + 44, y: y + 18, class: 'pg-warn' }, '⚠', s('title', {}, 'warning: over its food')));
    if (v.hunger & (1 << r)) g.append(s('text', { x: x + 60, y: y + 18, class: 'pg-warn' }, 'H', s('title', {}, 'hunger marker')));
    // Niches: 2 and 1 hold one animal each, 0 any number.
    const nicheY = [y + 84, y + 56, y + 28];
    for (const niche of [2, 1, 0]) {
      const ny = nicheY[niche];
      const nkey = `niche:${r},${niche}`;
      const non = legal(nkey);
      const ng = s('g', { class: `pg-niche ${non ? 'legal' : ''}`, 'data-key': non ? nkey : null, tabindex: non ? 0 : null, role: non ? 'button' : null });
      if (non) listen(ng, 'click', non);
      ng.append(s('rect', { x: x + 8, y: ny, width: RW - 16, height: 24, rx: 12, class: `pg-niche-shape n${niche}` }));
      ng.append(s('text', { x: x + 19, y: ny + 16, class: 'pg-niche-n' }, niche));
      g.append(ng);
      const list = byRegion[r][niche];
      const step = Math.min(22, (RW - 50) / Math.max(1, list.length));
      list.forEach((a, i) => g.append(token(a, x + 42 + i * step, ny + 12, legal, local)));
    }
    if (closed) g.append(s('rect', { x: x + 2, y: y + 2, width: RW - 4, height: RH - 4, rx: 7, fill: 'url(#pg-closed)', class: 'pg-closed' }, s('title', {}, 'unavailable')));
    regions.append(g);
  }
  const labels = s('g', { class: 'pg-labels' },
    ['A', 'B', 'C', 'D'].map((c, i) => s('text', { x: ox + i * RW + RW / 2, y: 13, class: 'pg-axis' }, `Sector ${c}`)),
    cal.zones.map((z, i) => s('text', { x: 14, y: oy + i * RH + RH / 2, class: 'pg-axis', transform: `rotate(-90 14 ${oy + i * RH + RH / 2})` }, z.replace(/ \(.*\)/, ''))));
  const svg = s('svg', { viewBox: `0 0 ${ox + 4 * RW + 4} ${oy + 5 * RH + 4}`, class: 'pg-map', role: 'group', 'aria-label': 'Supercontinent' },
    s('defs', {}, s('pattern', { id: 'pg-closed', width: 10, height: 10, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('rect', { width: 10, height: 10, fill: 'rgba(60,50,40,.45)' }), s('line', { x1: 0, y1: 0, x2: 0, y2: 10, stroke: 'rgba(30,20,10,.6)', 'stroke-width': 4 }))),
    labels, regions);
  const head = h('div', { class: 'panel-head' }, h('h3', {}, 'Supercontinent'),
    h('span', { class: 'muted small' }, v.stage < cal.stages.length ? `${cal.stages[v.stage]} · ${cal.epochs[epoch]} epoch` : 'The Doom'),
    local.from !== undefined ? h('span', { class: 'badge hot' }, 'pick a destination niche') : null);
  return h('section', { class: 'panel pg-map-panel' }, head, h('div', { class: 'pan', 'data-pan': 'map', tabindex: 0, role: 'region', 'aria-label': 'The supercontinent (scrolls sideways)' }, svg));
}

function sidePanel(v, st, legal, catalog) {
  // Stage track.
  let k = 0;
  const cal = calendar(catalog);
  const stages = cal.epochs.map((e, ei) => h('div', { class: 'pg-epoch' }, h('b', {}, e),
    Array.from({ length: cal.sizes[ei] }, () => { const i = k++; return h('span', { class: `pg-stage ${i === v.stage ? 'now' : i < v.stage ? 'past' : ''}`, title: cal.stages[i] }, i + 1); })));
  // Instinct track: field 11 at the top.
  const fields = v.track.map((t, f) => {
    const on = legal(`field:${f}`);
    const here = v.players.map((p, i) => [p, i]).filter(([p]) => p.instinct === f);
    return h('button', { class: `pg-field ${on ? 'legal' : ''}`, 'data-key': on ? `field:${f}` : null, disabled: on ? null : true, onclick: on, title: t ? tileName(t, catalog) : 'unknown tile' },
      h('span', { class: 'pg-fno' }, f), h('span', { class: 'pg-ftile' }, t ? tileName(t, catalog) : f === 0 ? 'start' : '▢'),
      here.map(([p]) => h('i', { class: 'dot', style: `background:${GROUP_COLOR[p.group]}` })));
  }).reverse();
  const objectives = v.objectives.map((o, slot) => {
    const place = objective(catalog, o.tile);
    const card = place ? cardById(catalog, place.id) : null;
    const on = legal(`claim:${slot}`);
    const face = [h('span', { class: 'card-name' }, card ? card.name : `Objective ${o.tile + 1}`, place ? h('small', { class: 'muted' }, ` ${place.reward[0]}/${place.reward[1]}`) : null),
      card ? h('span', { class: 'card-text' }, card.text) : null, reconstructedTag(card),
      o.claims.length ? h('span', { class: 'pg-claims' }, o.claims.map((seat) => h('i', { class: 'dot', title: `seat ${seat + 1}`, style: `background:${GROUP_COLOR[v.players[seat] ? v.players[seat].group : 'synapsids']}` }))) : null];
    const title = card ? tooltip(card) : null;
    // An objective to claim is chosen with one click (its "i" button reads it); any other opens the large view.
    if (on) {
      return h('div', { class: 'card-slot' },
        h('button', { class: 'card pg-obj legal', 'data-key': `claim:${slot}`, 'data-card': card ? card.id : null, title, onclick: on }, face),
        infoButton(card));
    }
    return h('button', { type: 'button', class: 'card pg-obj', 'data-card': card ? card.id : null, title, disabled: card ? null : true, onclick: card ? () => openCard(card) : null }, face);
  });
  const ages = v.ages_revealed.map((n) => ageCard(catalog, n)).filter(Boolean);
  const doom = v.doom ? v.doom.map((t) => cataclysmCard(catalog, t)).filter(Boolean) : [];
  const contest = v.contest ? h('div', { class: 'pg-contest' }, h('b', {}, `Contest in ${regionName(v.contest.region)} niche ${v.contest.niche}: `),
    `${cap(v.contest.attacker.group)} ${v.contest.att} vs ${cap(v.contest.defender.group)} ${v.contest.def}`) : null;
  return h('section', { class: 'panel pg-side' },
    h('div', { class: 'panel-head' }, h('h3', {}, 'Epoch track'), h('span', { class: 'badge' }, cap(v.phase))),
    h('div', { class: 'pg-stages' }, stages),
    contest,
    h('h3', {}, 'Objectives'),
    h('div', { class: 'pg-objs' }, objectives.length ? objectives : h('span', { class: 'muted small' }, 'none on the board')),
    h('div', { class: 'muted small' }, `Face-down: ${v.objective_stacks.join(' / ')} · Region cards ${bits(v.region_stack)} (${bits(v.region_out)} out) · Adaptation deck ${v.deck_count}, discard ${v.discard.length}`),
    h('div', { class: 'muted small pg-ages' }, `Turn of the Ages: ${v.ages_revealed.length} revealed, ${v.ages_hidden} hidden`,
      ages.length ? [': ', ages.map((c) => cardChip(c, 'small'))] : null),
    v.doom ? h('div', { class: 'muted small pg-doom' }, 'Doom: ', v.doom.map((t) => tileName(t, catalog)).join(', '), doom.length ? [' ', doom.map((c) => cardChip(c, 'small'))] : null) : null,
    v.neutrals.length ? h('div', { class: 'pg-neutrals small' }, h('b', {}, 'Neutral: '), v.neutrals.map((n) => h('span', { class: 'chip small', style: `--c:${GROUP_COLOR[n.group]}` }, h('i', { class: 'dot' }), `${cap(n.group)} track ${n.track}`))) : null,
    h('h3', {}, 'Instinct track'),
    h('div', { class: 'pg-track' }, fields));
}

function playersPanel(v, st, catalog, legal) {
  const cards = v.order.concat(v.players.map((_, i) => i).filter((i) => !v.order.includes(i))).map((seat, pos) => {
    const p = v.players[seat];
    if (!p) return null;
    const name = (st.seats[seat] && st.seats[seat].name) || `Seat ${seat + 1}`;
    const turn = v.decision && variant(v.decision)[1];
    const deciding = turn !== null && (typeof turn === 'number' ? turn === seat : turn && turn.seat === seat);
    const evo = evoCards(catalog, p.group).map((c, i) => (c ? cardChip(c, `m-trait ${p.evo & (1 << i) ? '' : 'pg-off'}`) : null));
    const onBoard = v.animals.filter((a) => a.animal.group === p.group).length;
    return h('div', { class: `animal ${deciding ? 'deciding' : ''} ${st.seat === seat ? 'mine' : ''}`, style: pieceColours(GROUP_COLOR[p.group]), 'data-seat': seat },
      h('div', { class: 'animal-head' }, h('span', { class: 'animal-name' }, cap(p.group)), h('span', { class: 'vp' }, `${p.dominance} dom`)),
      h('div', { class: 'animal-seat muted small' }, `#${pos + 1} in order · `, name, st.seat === seat ? ' (you)' : '', p.passed ? ' · passed' : ''),
      h('div', { class: 'animal-stats' },
        h('span', { title: 'action points' }, h('b', {}, 'AP '), h('span', { class: 'pg-ap' }, p.ap)),
        h('span', {}, h('b', {}, 'Animals '), onBoard),
        h('span', {}, h('b', {}, 'Instinct '), p.instinct),
        h('span', { title: 'Inactive-zone adaptation cards' }, h('b', {}, 'Hand '), p.hand_count),
        h('span', {}, h('b', {}, 'Active '), p.active_count)),
      h('div', { class: 'animal-stats pg-used' }, ACTIONS.map((a, i) => h('span', { title: `${a} used ${p.used[i]} of 2 this stage` }, `${a[0]}`, h('i', { class: `pg-pip ${p.used[i] > 0 ? 'on' : ''}` }), h('i', { class: `pg-pip ${p.used[i] > 1 ? 'on' : ''}` })))),
      h('div', { class: 'm-traits' }, evo),
      // The seat's own cards are targets while a choice concerns them (activate, discard, use, cash in).
      p.active ? h('div', { class: 'm-traits' }, h('span', { class: 'muted small' }, 'active:'), p.active.length ? p.active.map((c) => cardTarget(adaptCard(catalog, c), 'm-trait copied', `card:${c}`, seat === st.seat ? legal : () => null)) : h('span', { class: 'muted small' }, 'none')) : null,
      p.hand ? h('div', { class: 'm-traits' }, h('span', { class: 'muted small' }, 'hand:'), p.hand.length ? p.hand.map((c) => cardTarget(adaptCard(catalog, c), 'm-trait offer', `card:${c}`, seat === st.seat ? legal : () => null)) : h('span', { class: 'muted small' }, 'empty')) : null);
  });
  return h('section', { class: 'panel animals' }, h('div', { class: 'panel-head' }, h('h3', {}, 'Animal groups'), h('span', { class: 'muted small' }, 'in initiative order')), h('div', { class: 'animal-grid' }, cards));
}
