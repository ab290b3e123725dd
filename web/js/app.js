// Entry point: routes "/" to the lobby and "/play/ID" to the table.
import { lobby } from './lobby.js';
import { table } from './table.js';

const root = document.getElementById('app');
const m = location.pathname.match(/^\/play\/([^/]+)\/?$/);
if (m) {
  table(root, decodeURIComponent(m[1]));
} else {
  lobby(root);
}
