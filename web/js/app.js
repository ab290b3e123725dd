// Entry point: routes "/" to the lobby, "/play/ID" to the table and "/replay/ID" to the replay viewer.
import { lobby } from './lobby.js';
import { table } from './table.js';
import { replay } from './replay.js';

const root = document.getElementById('app');
const m = location.pathname.match(/^\/play\/([^/]+)\/?$/);
const r = location.pathname.match(/^\/replay\/([^/]+)\/?$/);
if (m) {
  table(root, decodeURIComponent(m[1]));
} else if (r) {
  replay(root, decodeURIComponent(r[1]));
} else {
  lobby(root);
}
