// Profiles and ratings: the lobby's profile panel (a name that lasts, with a
// key kept in this browser and a link that carries it to another device),
// a profile's page (its ratings and games, each with its replay) and a game
// kind's leaderboard (players and bots apart).
import { api, mine, carryLink, loadServer } from './api.js';
import { h, toast, copy } from './dom.js';

// Ratings are Weng-Lin's (a mean of 25 and an uncertainty of 25/3 to
// start). Players know a 1500-centred scale: the mean is shown as
// 1500 + 24 × (mean − 25), a whole number, with ± twice the uncertainty on
// that scale (the strength lies within it 19 times in 20), and "?" while
// the uncertainty is still above 1.7 of its start (a handful of games).
const SCALE = 24;
const EXPLAIN = 'Ratings start at 1500. The number is the best estimate of strength; ± says how sure it is (19 times in 20 the strength lies within it), and ? marks a rating still settling. Lists put a player whose rating is sure above one as high but unsure.';

/** The rating on the 1500 scale, its ± and whether it is still settling. */
export function ratingText(r) {
  const mean = Math.round(1500 + SCALE * (r.rating - 25));
  const plus = Math.round(2 * SCALE * r.uncertainty);
  const settling = r.uncertainty > (25 / 3) * 0.7;
  return { mean, plus, settling, text: `${mean}${settling ? '?' : ''}`, title: `${mean} ± ${plus}${settling ? ', still settling' : ''} (Weng-Lin mean ${r.rating.toFixed(2)}, uncertainty ${r.uncertainty.toFixed(2)})` };
}

/** A rating's table cell: the number, its ± in small type, the details in its title. */
function ratingCell(r) {
  const t = ratingText(r);
  return h('td', { class: 'rating', title: t.title, 'data-rating': t.mean }, h('strong', {}, t.text), h('span', { class: 'muted small' }, ` ± ${t.plus}`));
}

/**
 * Linking another device to profile `p` (this browser's own): "Copy the link" and, beside it, a QR
 * code of the same link for a phone's camera. The code is the key in plain sight, so it shows only
 * once asked for, and hides again.
 */
function linkDevice(p) {
  const img = h('img', { class: 'qr', id: 'profile-qr', width: 216, height: 216, alt: `QR code of the link that makes another device play as ${p.name}` });
  const box = h('div', { class: 'qr-box', id: 'profile-qr-box', hidden: true }, img,
    h('p', { class: 'small' }, 'Scan it with the other device’s camera and open the link: that browser then plays as ', h('strong', {}, p.name), ', with all of its games.'));
  const show = h('button', { class: 'small', id: 'show-qr', 'aria-expanded': 'false', 'aria-controls': 'profile-qr-box' }, 'Show a QR code');
  show.addEventListener('click', async () => {
    const open = box.hidden;
    box.hidden = !open;
    show.setAttribute('aria-expanded', String(open));
    show.textContent = open ? 'Hide the QR code' : 'Show a QR code';
    if (open && !img.getAttribute('src')) {
      try {
        img.src = await api.linkQr(p.key);
      } catch (e) {
        box.hidden = true;
        show.textContent = 'Show a QR code';
        show.setAttribute('aria-expanded', 'false');
        toast(`No QR code: ${e.message}`, 'error');
      }
    }
  });
  return h('div', { class: 'link-device' },
    h('p', { class: 'small link-device-actions' },
      h('button', { class: 'small', id: 'carry-profile', onclick: () => copy(carryLink(p)) }, 'Copy the link to use it on another device'),
      ' ', show, ' ', h('span', { class: 'muted' }, '(keep both to yourself: they are your key)')),
    box);
}

/** The lobby's profile panel. */
export function profilePanel(box, kinds) {
  const p = mine.profile();
  const boards = h('p', { class: 'small' }, 'Leaderboards: ', kinds.flatMap((k, i) => [i ? ' · ' : null, h('a', { href: `/leaderboard/${encodeURIComponent(k.id)}` }, k.name)]));
  if (p) {
    box.replaceChildren(h('h2', {}, 'Profile'),
      h('p', {}, 'You play as ', h('a', { href: `/profile/${encodeURIComponent(p.name)}`, id: 'my-profile' }, p.name), '. Games you take a seat in count for your ratings, and open on every device that holds your profile.'),
      linkDevice(p),
      boards);
    return;
  }
  const input = h('input', { type: 'text', id: 'profile-name', maxlength: 40, placeholder: 'A name that lasts', value: mine.name() });
  const form = h('form', { class: 'profile-form', onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      const made = await api.createProfile(input.value.trim());
      mine.setProfile(made);
      toast(`You play as ${made.name} now`);
      profilePanel(box, kinds);
    } catch (e) {
      toast(e.message, 'error');
    }
  } }, input, h('button', { class: 'primary small', type: 'submit', id: 'profile-create' }, 'Make my profile'));
  box.replaceChildren(h('h2', {}, 'Profile'),
    h('p', { class: 'muted small' }, 'A profile keeps your name and your ratings across games. No password or e-mail: this browser holds its key.'),
    form, boards);
}

/** A profile's page: its ratings and its games. */
export async function profilePage(root, name) {
  document.getElementById('topinfo').textContent = '';
  // A carry link: this browser takes the profile when its key is the profile's.
  const k = location.hash.match(/[#&]k=([0-9a-f]+)/);
  let notice = null;
  if (k) {
    history.replaceState(null, '', location.pathname);
    try {
      const me = await api.me(k[1]);
      mine.setProfile({ name: me.name, key: k[1] });
      notice = h('div', {},
        h('p', { class: 'notice', id: 'profile-carried' }, `This browser now plays as ${me.name}.`),
        h('p', { class: 'carried-games' }, h('a', { href: '/#mine', id: 'profile-carried-games' }, 'Open your games in the lobby')));
    } catch (e) {
      notice = h('p', { class: 'notice', id: 'profile-carried' }, `This link's key opens no profile: ${e.message}`);
    }
  }
  let p;
  try {
    p = await api.profile(name);
  } catch (e) {
    root.replaceChildren(h('div', { class: 'panel' }, h('h2', {}, 'No such profile'), h('p', {}, e.message), h('a', { href: '/' }, 'Back to the lobby')));
    return;
  }
  document.title = `Eons — ${p.name}`;
  await loadServer();
  const own = mine.profile();
  const mineToo = own && own.name === p.name && !p.bot;
  // Her own page: her games open at her seat here (the profile's tokens, kept as the lobby keeps them).
  if (mineToo) {
    try { mine.adopt((await api.myGames(own.key)).games); } catch { /* they open as spectators' then */ }
  }
  const seatLink = (g) => {
    const token = mineToo && !g.over ? mine.tokenFor(g.id) : null;
    return token ? `/play/${encodeURIComponent(g.id)}#t=${encodeURIComponent(token)}` : `/play/${encodeURIComponent(g.id)}`;
  };
  const linking = mineToo
    ? h('section', { class: 'panel', id: 'link-device' }, h('h2', {}, 'Use this profile on another device'),
      h('p', { class: 'muted small' }, 'Your games open on every device that holds your profile: link one with the link or the QR code.'),
      linkDevice(own))
    : null;
  const names = new Map((await api.kinds().catch(() => [])).map((k) => [k.id, k.name]));
  const ratings = p.ratings.length
    ? h('table', { class: 'ratings', id: 'ratings' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Rating'), h('th', {}, 'Games'), h('th', {}, 'Wins'))),
      h('tbody', {}, p.ratings.map((r) => h('tr', {},
        h('td', {}, h('a', { href: `/leaderboard/${encodeURIComponent(r.game)}` }, names.get(r.game) || r.game)),
        ratingCell(r),
        h('td', {}, String(r.games)), h('td', {}, String(r.wins))))))
    : h('p', { class: 'muted' }, 'No rated game yet: a finished game with at least two players (bots count) rates them.');
  const games = p.games.length
    ? h('ul', { class: 'game-list', id: 'profile-games' }, p.games.map((g) => h('li', { class: 'game-item' },
      h('div', { class: 'game-main' },
        h('a', { href: g.over ? `/replay/${encodeURIComponent(g.id)}` : seatLink(g), class: 'game-link' }, `${g.game_name || g.game} · ${g.id}`),
        h('span', { class: 'badge' }, !g.over ? 'playing' : g.place ? `${ordinal(g.place)} of ${g.players}` : 'over'),
        h('div', { class: 'muted small' }, `seat ${g.seat + 1} · ${new Date(g.created_at).toLocaleDateString()}`)),
      h('div', { class: 'game-actions' },
        g.over ? h('a', { class: 'button small ghost replay-link', href: `/replay/${encodeURIComponent(g.id)}` }, 'Replay') : h('a', { class: 'button small ghost', href: seatLink(g) }, seatLink(g).includes('#t=') ? 'Play' : 'Watch')))))
    : h('p', { class: 'muted' }, 'No game yet.');
  root.replaceChildren(h('div', { class: 'lobby profile-page' },
    h('section', { class: 'panel hero' }, notice,
      h('h1', {}, p.name, p.bot ? h('span', { class: 'bot-badge' }, 'bot') : null),
      h('p', { class: 'muted' }, p.bot ? `The server's ${p.bot} bot: every game it finished is rated, so its rating is a measure of its strength.` : `Playing since ${new Date(p.created_at).toLocaleDateString()}.`),
      h('p', {}, h('a', { href: '/' }, 'Back to the lobby'))),
    linking,
    h('section', { class: 'panel' }, h('h2', {}, 'Ratings'), ratings, p.ratings.length ? h('p', { class: 'muted small', id: 'rating-explained' }, EXPLAIN) : null),
    h('section', { class: 'panel' }, h('h2', {}, 'Games'), games)));
}

function ordinal(n) {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}

/** A game kind's leaderboard: players, then the bots' ladder. */
export async function leaderboardPage(root, game) {
  document.getElementById('topinfo').textContent = '';
  let b;
  try {
    b = await api.leaderboard(game);
  } catch (e) {
    root.replaceChildren(h('div', { class: 'panel' }, h('h2', {}, 'No such leaderboard'), h('p', {}, e.message), h('a', { href: '/' }, 'Back to the lobby')));
    return;
  }
  document.title = `Eons — ${b.game_name} leaderboard`;
  const table = (rows, id, none) => (rows.length
    ? h('table', { class: 'ratings', id },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Name'), h('th', {}, 'Rating'), h('th', {}, 'Games'), h('th', {}, 'Wins'))),
      h('tbody', {}, rows.map((r, i) => h('tr', {},
        h('td', {}, String(i + 1)),
        h('td', {}, h('a', { href: `/profile/${encodeURIComponent(r.profile)}` }, r.profile)),
        ratingCell(r),
        h('td', {}, String(r.games)), h('td', {}, String(r.wins))))))
    : h('p', { class: 'muted' }, none));
  root.replaceChildren(h('div', { class: 'lobby profile-page' },
    h('section', { class: 'panel hero' }, h('h1', {}, `${b.game_name}: leaderboard`),
      h('p', { class: 'muted', id: 'rating-explained' }, EXPLAIN),
      h('p', {}, h('a', { href: '/' }, 'Back to the lobby'))),
    h('section', { class: 'panel' }, h('h2', {}, 'Players'), table(b.players, 'board-players', 'No rated player yet.')),
    h('section', { class: 'panel' }, h('h2', {}, 'Bots'), table(b.bots, 'board-bots', 'No rated bot yet.'))));
}
