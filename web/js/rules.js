// Rules (issue 36): a game's "how to play" page, /rules/{game}, and the
// links to it. The page shows the overview (goal, setup, the structure of
// play, the end and scoring) and the rules reference, one section per rule
// the prompts cite, each with its anchor (#slug). At the table the citation
// closing a prompt ("(Planning, p.9)") becomes a link to its section, found
// by title and page among the sections. Everything comes from the server
// (GET /api/kinds/{game}/rules, the engine's data/<game>/rules.toml): the
// browser keeps no copy of a rule.
import { h, fill } from './dom.js';

const summaries = new Map();

/**
 * The rules summary of a game kind, fetched once per page and kept:
 * {game, rulebook, overview: [{heading, text}], section: [{id, title, group,
 * pages, cited_as?, summary, note?}]}. Resolves to null when the game has
 * none or the server cannot be asked (the table then shows its prompts
 * without links); a failed fetch is tried again next time.
 */
export function loadRules(game) {
  if (!summaries.has(game)) {
    const p = fetch(`/api/kinds/${encodeURIComponent(game)}/rules`)
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null)
      .then((s) => { if (!s) summaries.delete(game); return s; });
    summaries.set(game, p);
  }
  return summaries.get(game);
}

/** The page of a game's rules, at one section when `id` is given. */
export function rulesHref(game, id = null) {
  return `/rules/${encodeURIComponent(game)}${id ? `#${encodeURIComponent(id)}` : ''}`;
}

/** A prompt's closing citation, as the engines write it: "(Title, p.N)" or "(Title, p.N-M)". */
const CITATION = /\(([^()]+), p\.(\d+)(?:[-–](\d+))?\)\s*$/;

/**
 * The section a text's closing citation names, or null: the title (or one
 * of the section's `cited_as`) is the citation's, and every page cited is
 * one of the section's pages, as the engines' citation test requires.
 * Answers {section, at} with `at` the index where the citation starts.
 */
export function citedSection(rules, text) {
  const m = rules && Array.isArray(rules.section) ? CITATION.exec(text) : null;
  if (!m) return null;
  const [title, first] = [m[1].trim(), Number(m[2])];
  const last = m[3] ? Number(m[3]) : first;
  const section = rules.section.find((s) => (s.title === title || (s.cited_as || []).includes(title))
    && Array.from({ length: last - first + 1 }, (_, i) => first + i).every((p) => s.pages.includes(p)));
  return section ? { section, at: m.index } : null;
}

/**
 * A prompt's text with its closing citation as a link to the rule's section
 * (in a new tab: the table stays as it is), or the text as it is when the
 * citation names no section.
 */
export function citedText(game, rules, text) {
  const found = typeof text === 'string' ? citedSection(rules, text) : null;
  if (!found) return text;
  const { section, at } = found;
  return [text.slice(0, at), h('a', {
    class: 'rule-link',
    href: rulesHref(game, section.id),
    target: '_blank',
    rel: 'noopener',
    title: `${section.title}: the rule in brief (opens in a new tab)`,
  }, text.slice(at).trimEnd())];
}

/** "How to play": the link to a game's rules page, in a new tab. */
export function howToPlayLink(game, name = null) {
  return h('a', { class: 'how-to-play', href: rulesHref(game), target: '_blank', rel: 'noopener' },
    name ? `How to play ${name}` : 'How to play');
}

/** "p.9", "pp.18, 19": a section's pages. */
function pagesText(pages) {
  return pages.length === 1 ? `p.${pages[0]}` : `pp.${pages.join(', ')}`;
}

/** The page /rules: every game with its goal and the link to its page. */
export async function rulesIndex(root) {
  document.title = 'How to play — Eons';
  let kinds = [];
  try {
    const r = await fetch('/api/kinds');
    if (r.ok) kinds = await r.json();
  } catch { /* the list stays empty */ }
  const games = await Promise.all(kinds.map(async (k) => ({ kind: k, rules: await loadRules(k.id) })));
  fill(root, h('div', { class: 'rules-page' },
    h('p', { class: 'rules-back' }, h('a', { href: '/' }, '← Back to the lobby')),
    h('header', { class: 'rules-head' }, h('h1', {}, 'How to play'),
      h('p', { class: 'rules-source' }, 'Each game\'s rules in brief: how a game goes, and a reference of every rule the table\'s prompts cite.')),
    h('ul', { class: 'rules-games' }, games.filter((g) => g.rules).map(({ kind, rules }) => {
      const goal = rules.overview.find((p) => p.heading === 'Goal') || rules.overview[0];
      return h('li', { class: 'panel' }, h('h2', {}, h('a', { href: rulesHref(kind.id) }, `How to play ${rules.game}`)),
        goal ? h('p', {}, goal.text) : null);
    }))));
}

/** The page /rules/{game}: the overview, the contents and every section, each with its anchor. */
export async function rulesPage(root, game) {
  const rules = await loadRules(game);
  const back = h('p', { class: 'rules-back' }, h('a', { href: '/' }, '← Back to the lobby'));
  if (!rules) {
    document.title = 'Eons — rules';
    fill(root, h('div', { class: 'rules-page' }, back, h('div', { class: 'panel', id: 'rules-missing' },
      h('h1', {}, 'No rules for this game'), h('p', {}, `There is no game "${game}" with rules here.`))));
    return;
  }
  document.title = `How to play ${rules.game} — Eons`;
  // Sections by group, in the data's order.
  const groups = [];
  for (const s of rules.section) {
    let g = groups.find((x) => x.name === s.group);
    if (!g) groups.push(g = { name: s.group, sections: [] });
    g.sections.push(s);
  }
  const slug = (name) => `group-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
  const overview = h('section', { class: 'panel rules-overview', id: 'overview', 'aria-labelledby': 'overview-title' },
    h('h2', { id: 'overview-title' }, 'How to play'),
    rules.overview.map((p) => h('div', { class: 'rules-part' }, h('h3', {}, p.heading), h('p', {}, p.text))));
  const contents = h('nav', { class: 'panel rules-contents', 'aria-labelledby': 'contents-title' },
    h('h2', { id: 'contents-title' }, 'Rules reference'),
    h('ul', { class: 'rules-toc' }, groups.map((g) => h('li', {},
      h('a', { href: `#${slug(g.name)}`, class: 'toc-group' }, g.name), ': ',
      h('span', { class: 'toc-sections' }, g.sections.map((s, i) => [i ? ', ' : '', h('a', { href: `#${s.id}` }, s.title)]))))));
  const body = groups.map((g) => h('section', { class: 'rules-group', id: slug(g.name), 'aria-labelledby': `${slug(g.name)}-title` },
    h('h2', { class: 'rules-group-title', id: `${slug(g.name)}-title` }, g.name),
    g.sections.map((s) => h('article', { class: 'panel rules-section', id: s.id, tabindex: -1, 'aria-labelledby': `${s.id}-title` },
      h('h3', { id: `${s.id}-title` }, s.title, ' ', h('span', { class: 'rules-pages' }, `(${pagesText(s.pages)})`)),
      h('p', {}, s.summary),
      s.note ? h('p', { class: 'rules-note' }, h('strong', {}, 'In Eons: '), s.note) : null))));
  fill(root, h('div', { class: 'rules-page', 'data-game': game },
    back,
    h('header', { class: 'rules-head' },
      h('h1', {}, `How to play ${rules.game}`),
      h('p', { class: 'rules-source' }, `A summary in our own words of the ${rules.game} rules, with the pages of the ${rules.rulebook}. `,
        'Where Eons plays a reading of its own (a ruling, or a value or card text the rulebook does not print), the section says so under "In Eons".')),
    overview, contents, body,
    h('p', { class: 'rules-back' }, h('a', { href: '#overview' }, '↑ Back to the top'), ' · ', h('a', { href: '/' }, 'Back to the lobby'))));
  // The sections did not exist when the page loaded: go to the one the link names now,
  // so that it scrolls into view and is the page's :target.
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash && document.getElementById(hash)) {
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    location.replace(`#${encodeURIComponent(hash)}`);
  }
}
