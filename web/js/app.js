// Entry point: routes "/" to the lobby, "/play/ID" to the table, "/replay/ID" to the replay viewer,
// "/profile/NAME" to a profile, "/leaderboard/GAME" to a game kind's leaderboard, "/rules/GAME"
// to a game's "how to play" page and rules reference, and "/rules" to the list of them (the
// header's "How to play").
import { lobby } from './lobby.js';
import { table } from './table.js';
import { replay } from './replay.js';
import { profilePage, leaderboardPage } from './profile.js';
import { rulesPage, rulesIndex } from './rules.js';

const root = document.getElementById('app');
// What sticks below the top bar (the table's prompt) sticks below all of it,
// however many lines the bar takes on a narrow screen.
const bar = document.querySelector('.topbar');
new ResizeObserver(() => document.documentElement.style.setProperty('--topbar-height', `${bar.offsetHeight}px`)).observe(bar);
const m = location.pathname.match(/^\/play\/([^/]+)\/?$/);
const r = location.pathname.match(/^\/replay\/([^/]+)\/?$/);
const p = location.pathname.match(/^\/profile\/([^/]+)\/?$/);
const b = location.pathname.match(/^\/leaderboard\/([^/]+)\/?$/);
const rules = location.pathname.match(/^\/rules\/([^/]+)\/?$/);
const allRules = /^\/rules\/?$/.test(location.pathname);
if (m) {
  table(root, decodeURIComponent(m[1]));
} else if (r) {
  replay(root, decodeURIComponent(r[1]));
} else if (p) {
  profilePage(root, decodeURIComponent(p[1]));
} else if (b) {
  leaderboardPage(root, decodeURIComponent(b[1]));
} else if (rules) {
  rulesPage(root, decodeURIComponent(rules[1]));
} else if (allRules) {
  rulesIndex(root);
} else {
  lobby(root);
}
